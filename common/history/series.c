#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/date.h"
#include "util/suggest.h"
#include "history/series.h"

const char *const metric_names[METRIC_NR] = { "helion", "triton", "torch_compile", "latency" };

static double entry_metric(const struct dash_entry *e, enum metric m)
{
	switch (m) {
	case METRIC_HELION: return e->helion;
	case METRIC_TRITON: return e->triton;
	case METRIC_TORCH_COMPILE: return e->torch_compile;
	default: return e->latency;
	}
}

static int cmp_name_ref(const void *a, const void *b)
{
	const char *const *x = *(const char *const *const *)a, *const *y = *(const char *const *const *)b;
	int c = strcmp(*x, *y);

	return c ? c : (x > y) - (x < y);
}

/*
 * The list of valid names for a message, each once, in first-seen order:
 * "'a', 'b', 'c'". Sorted to find the repeats, so that a dashboard of
 * 150,000 rows answers at once.
 */
static void list_names(struct strbuf *sb, const char **names, size_t nr)
{
	const char ***by_name = xcalloc(nr + 1, sizeof(*by_name));
	char *first = xcalloc(nr + 1, 1);

	for (size_t i = 0; i < nr; i++)
		by_name[i] = &names[i];
	qsort(by_name, nr, sizeof(*by_name), cmp_name_ref);
	for (size_t i = 0; i < nr; i++)
		first[by_name[i] - names] = !i || strcmp(*by_name[i], *by_name[i - 1]);
	for (size_t i = 0; i < nr; i++)
		if (first[i])
			strbuf_addf(sb, "%s'%s'", sb->len ? ", " : "", names[i]);
	free(first);
	free(by_name);
}

/*
 * A platform typed as the dashboard shows it ("NVIDIA B200") is named by
 * its platform_short: say which. Returns 1 when it advised.
 */
static int advise_short_name(const struct dashboard *d, const char *typed)
{
	for (size_t i = 0; i < d->nr_rows; i++)
		if (!strcasecmp(d->rows[i].platform, typed) &&
		    strcmp(d->rows[i].platform, d->rows[i].platform_short)) {
			advise("did you mean '%s'? '%s' is its name on the dashboard",
			       d->rows[i].platform_short, d->rows[i].platform);
			return 1;
		}
	return 0;
}

static int unknown_name(const struct dashboard *d, const struct series_options *o, int platform_known)
{
	const char **names = xcalloc(d->nr_rows, sizeof(*names));
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0;

	for (size_t i = 0; i < d->nr_rows; i++)
		if (!platform_known || !strcmp(d->rows[i].platform_short, o->platform))
			names[n++] = platform_known ? d->rows[i].kernel : d->rows[i].platform_short;
	list_names(&sb, names, n);
	if (platform_known)
		error("unknown kernel '%s' on platform '%s'; valid kernels: %s", o->kernel,
		      o->platform, sb.buf);
	else
		error("unknown platform '%s'; valid platforms: %s", o->platform,
		      n ? sb.buf : "(none)");
	if (platform_known || !advise_short_name(d, o->platform))
		advise_did_you_mean(platform_known ? o->kernel : o->platform, names, n, "");
	strbuf_release(&sb);
	free(names);
	return -1;
}

int series_check_platform(const struct dashboard *d, const char *platform)
{
	const struct series_options o = { platform, NULL, 0 };

	for (size_t i = 0; i < d->nr_rows; i++)
		if (!strcmp(d->rows[i].platform_short, platform))
			return 0;
	return unknown_name(d, &o, 0);
}

/* A nightly run as seen across the rows: entries grouped by run_id. */
struct run_ref {
	const struct dash_entry *e;
	size_t row;
	size_t group;
	int counts;	/* dash_entry_counts() */
};

/* A point and the run_id group it was made from, while sorting by time. */
struct point_order {
	struct series_point p;
	size_t group;
};

static int cmp_point_time(const void *a, const void *b)
{
	const struct series_point *x = &((const struct point_order *)a)->p;
	const struct series_point *y = &((const struct point_order *)b)->p;

	if (x->run->time != y->run->time)
		return x->run->time < y->run->time ? -1 : 1;
	return strcmp(x->run->run_id, y->run->run_id);
}

/*
 * Chain-link metric m: each night's move is the geomean of the moves of
 * the kernels measured both that night and on their previous measured
 * night; the index is then anchored so the newest night equals its plain
 * geomean. vals is [point][row].
 *
 * A kernel not measured on a night is carried along with that night's
 * move (its last value imputed), so that when it comes back its move is
 * counted against the path the others took meanwhile. Linked to its old
 * value instead, a night that few kernels ran (one of five, an outlier
 * among them) moved the index with that one alone, and the night they
 * all came back undid a fifth of it: a lasting step no kernel made.
 */
static void chain_metric(struct series *s, const double *vals, size_t nr_rows, enum metric m)
{
	double *last = xcalloc(nr_rows, sizeof(*last));
	double index = NAN, anchor = NAN, newest_index = NAN;

	for (size_t r = 0; r < nr_rows; r++)
		last[r] = NAN;
	for (size_t t = 0; t < s->nr; t++) {
		const double *v = vals + t * nr_rows;
		double log_move = 0, log_raw = 0, move;
		size_t linked = 0, present = 0;

		for (size_t r = 0; r < nr_rows; r++) {
			if (isnan(v[r]) || v[r] <= 0)
				continue;
			present++;
			log_raw += log(v[r]);
			if (!isnan(last[r])) {
				log_move += log(v[r] / last[r]);
				linked++;
			}
			last[r] = v[r];
		}
		if (m == METRIC_HELION) {
			/* The naive geomean and the kernel count, for kernel-set changes. */
			s->points[t].nr_kernels = present;
			s->points[t].raw_helion = present ? exp(log_raw / present) : NAN;
		}
		if (!present) {
			s->points[t].value[m] = NAN;
			continue;
		}
		move = linked ? exp(log_move / linked) : 1;
		if (isnan(index))
			index = exp(log_raw / present);
		else
			index *= move;
		for (size_t r = 0; linked && r < nr_rows; r++)
			if ((isnan(v[r]) || v[r] <= 0) && !isnan(last[r]))
				last[r] *= move;
		s->points[t].value[m] = index;
		anchor = exp(log_raw / present);
		newest_index = index;
	}
	for (size_t t = 0; t < s->nr && !isnan(anchor); t++)
		s->points[t].value[m] *= anchor / newest_index;
	free(last);
}

/* A night whose kernel list differs from the night before's; chain_metric counted them. */
static void mark_kernel_sets(struct series *s, const double *helion, size_t nr_rows)
{
	for (size_t t = 0; t < s->nr; t++) {
		if (!t || !s->points[t].nr_kernels || !s->points[t - 1].nr_kernels)
			continue;
		for (size_t r = 0; r < nr_rows; r++) {
			double x = helion[t * nr_rows + r], y = helion[(t - 1) * nr_rows + r];
			int now = !isnan(x) && x > 0;
			int before = !isnan(y) && y > 0;

			if (now != before)
				s->points[t].kernel_set_changed = 1;
		}
	}
}

/* Phase 1: the rows (kernels) behind the series, into s->kernel_names and rows. */
static int pick_rows(struct series *s, const struct dashboard *d, const struct series_options *o,
		     size_t *rows)
{
	int platform_known = 0;

	for (size_t i = 0; i < d->nr_rows; i++) {
		if (strcmp(d->rows[i].platform_short, o->platform))
			continue;
		platform_known = 1;
		if (!o->kernel || !strcmp(d->rows[i].kernel, o->kernel))
			rows[s->nr_rows++] = i;
	}
	if (!s->nr_rows)
		return o->quiet ? -1 : unknown_name(d, o, platform_known);
	s->kernel_names = xcalloc(s->nr_rows, sizeof(*s->kernel_names));
	for (size_t r = 0; r < s->nr_rows; r++)
		s->kernel_names[r] = d->rows[rows[r]].kernel;
	return 0;
}

/*
 * Number the run_id groups of refs in the order they are first seen
 * (refs[i].group), and return how many there are. Entries loaded
 * together share their run_id strings: an entry with the very run_id
 * string of the entry at the same position of the row before is of its
 * group (the rows repeat the same nightlies); any other is looked up in
 * an open-addressing table of each group's first ref, by run_id content.
 */
static size_t group_runs(struct run_ref *refs, size_t nr)
{
	size_t size = 16, groups = 0, *first, row_start = 0, prev_start = 0;

	while (size < 2 * nr)
		size *= 2;
	first = xcalloc(size, sizeof(*first));	/* ref index + 1; 0: empty */
	for (size_t i = 0; i < nr; i++) {
		const char *id = refs[i].e->run_id;
		uint64_t h = 14695981039346656037ull;	/* FNV-1a */
		size_t at, same;

		if (i && refs[i].row != refs[i - 1].row) {
			prev_start = row_start;
			row_start = i;
		}
		same = prev_start + (i - row_start);
		if (same < row_start && refs[same].e->run_id == id) {
			refs[i].group = refs[same].group;
			continue;
		}
		for (const char *c = id; *c; c++)
			h = (h ^ (unsigned char)*c) * 1099511628211ull;
		at = (size_t)h & (size - 1);
		while (first[at] && refs[first[at] - 1].e->run_id != id &&
		       strcmp(refs[first[at] - 1].e->run_id, id))
			at = (at + 1) & (size - 1);
		if (first[at]) {
			refs[i].group = refs[first[at] - 1].group;
		} else {
			first[at] = i + 1;
			refs[i].group = groups++;
		}
	}
	free(first);
	return groups;
}

/*
 * Phase 2: every history entry of those rows, in row order, each history
 * in time order; refs[i].group numbers its run_id (*nr_groups), and
 * *nr_counted of them count. *measured has bit m set when some counted
 * entry has a value of metric m. Those that do not count are kept until
 * the rows are found to agree on whether their run counts.
 */
static struct run_ref *collect_runs(const struct dashboard *d, const size_t *rows, size_t nr_rows,
				    int all_runs, size_t *nr, size_t *nr_groups, size_t *nr_counted,
				    unsigned *measured)
{
	struct run_ref *refs;
	size_t most = 0;

	for (size_t r = 0; r < nr_rows; r++)
		most += d->rows[rows[r]].nr_history;
	refs = xmalloc((most + 1) * sizeof(*refs));
	*nr = *nr_counted = 0;
	*measured = 0;
	for (size_t r = 0; r < nr_rows; r++) {
		const struct dash_row *row = &d->rows[rows[r]];

		for (size_t h = 0; h < row->nr_history; h++) {
			const struct dash_entry *e = &row->history[h];
			int counts = dash_entry_counts(e, all_runs);

			for (int m = 0; counts && m < METRIC_NR; m++)
				*measured |= (unsigned)(entry_metric(e, m) > 0) << m;
			*nr_counted += counts;
			refs[*nr].e = e;
			refs[*nr].counts = counts;
			refs[(*nr)++].row = r;
		}
	}
	*nr_groups = group_runs(refs, *nr);
	return refs;
}

/*
 * Keep the refs that count, their groups renumbered in the order first
 * seen; the rows agree on whether a run counts, so a group is kept whole
 * or not at all. Returns how many groups are left.
 */
static size_t keep_counted(struct run_ref *refs, size_t *nr, size_t nr_groups)
{
	size_t *renumber = xcalloc(nr_groups + 1, sizeof(*renumber));	/* new + 1; 0: none yet */
	size_t kept = 0, groups = 0;

	for (size_t i = 0; i < *nr; i++) {
		if (!refs[i].counts)
			continue;
		if (!renumber[refs[i].group])
			renumber[refs[i].group] = ++groups;
		refs[kept] = refs[i];
		refs[kept++].group = renumber[refs[i].group] - 1;
	}
	*nr = kept;
	free(renumber);
	return groups;
}

/* Whether two entries of one run on one row disagree on a metric (0 and null alike: no data). */
static int values_differ(const struct dash_entry *a, const struct dash_entry *b)
{
	for (int m = 0; m < METRIC_NR; m++) {
		double x = entry_metric(a, m), y = entry_metric(b, m);

		if ((x > 0 || y > 0) && x != y)
			return 1;
	}
	return 0;
}

/*
 * Whether entry e says other than f (the first of its run) about the run:
 * its branch, or whether it was a nightly. A row that says "Main" where
 * the others say "main" had its kernel dropped from that nightly alone,
 * and the kernel list seemed to change. Returns what is wrong, or NULL.
 */
static char *run_kind_differs(const size_t *rows, const struct run_ref *e, const struct run_ref *f)
{
	size_t at = rows[e->row], first_at = rows[f->row];

	if (strcmp(e->e->branch, f->e->branch))
		return xstrfmt("run '%s' has branch '%s' in summary[%zu] but '%s' in summary[%zu]",
			       e->e->run_id, e->e->branch, at, f->e->branch, first_at);
	if (!e->e->is_nightly != !f->e->is_nightly)
		return xstrfmt("run '%s' has is_nightly %s in summary[%zu] but %s in summary[%zu]",
			       e->e->run_id, e->e->is_nightly ? "true" : "false", at,
			       f->e->is_nightly ? "true" : "false", first_at);
	return NULL;
}

/*
 * Every entry of a run_id group names the run its group's first entry
 * names: the same date and sha, the same branch and is_nightly. Two
 * nightlies under one run_id would be merged into one point (one's date
 * and sha, the other's values), and the step placed a night off with
 * innocent commits ranked: an error. Nor may a row hold one run twice
 * with other values: the later silently won, whichever the nightly
 * measured. Only runs that some entry counts are checked (a side-branch
 * run nobody reads does not stop a nightly series). Returns what is
 * wrong, or NULL; the caller frees it.
 */
static char *check_runs_agree(const struct dashboard *d, const size_t *rows, const struct run_ref *refs,
			      size_t nr_refs, size_t nr_groups)
{
	const struct run_ref **first = xcalloc(nr_groups + 1, sizeof(*first));
	const struct run_ref **in_row = xcalloc(nr_groups + 1, sizeof(*in_row));
	char *counted = xcalloc(nr_groups + 1, 1);
	char *problem = NULL;

	for (size_t i = 0; i < nr_refs; i++)
		counted[refs[i].group] |= refs[i].counts;
	for (size_t i = 0; i < nr_refs && !problem; i++) {
		const struct dash_entry *e = refs[i].e;
		const struct run_ref *f = first[refs[i].group], *twin = in_row[refs[i].group];

		if (!counted[refs[i].group])
			continue;
		if (!f)
			first[refs[i].group] = &refs[i];
		else if (e->time != f->e->time || strcmp(e->sha, f->e->sha))
			problem = xstrfmt("run '%s' stands for two runs in the dashboard: sha '%s' on %s and "
					  "sha '%s' on %s", e->run_id, f->e->sha, f->e->date, e->sha, e->date);
		else
			problem = run_kind_differs(rows, &refs[i], f);
		if (!problem && twin && twin->row == refs[i].row && values_differ(twin->e, e)) {
			const struct dash_row *row = &d->rows[rows[refs[i].row]];

			problem = xstrfmt("summary[%zu] lists run '%s' twice with different values: kernel '%s' "
					  "on platform '%s' has one value a nightly", rows[refs[i].row], e->run_id,
					  row->kernel, row->platform_short);
		}
		in_row[refs[i].group] = &refs[i];
	}
	free(counted);
	free(in_row);
	free(first);
	return problem;
}

/*
 * Phase 3: one point per run_id, in time order, made from the group's
 * first entry (the first row's); refs[i].group becomes the index of its
 * point.
 */
static void make_points(struct series *s, struct run_ref *refs, size_t nr_refs, size_t nr_groups)
{
	struct point_order *order;
	size_t *pos;

	order = xcalloc(nr_groups + 1, sizeof(*order));
	for (size_t i = 0; i < nr_refs; i++)
		if (!order[refs[i].group].p.run) {
			order[refs[i].group].p.run = refs[i].e;
			order[refs[i].group].group = refs[i].group;
		}
	s->nr = nr_groups;
	qsort(order, s->nr, sizeof(*order), cmp_point_time);
	pos = xcalloc(s->nr + 1, sizeof(*pos));
	s->points = xcalloc(s->nr + 1, sizeof(*s->points));
	for (size_t t = 0; t < s->nr; t++) {
		pos[order[t].group] = t;
		s->points[t] = order[t].p;
	}
	for (size_t i = 0; i < nr_refs; i++)
		refs[i].group = pos[refs[i].group];
	free(pos);
	free(order);
}

/* Phase 4: the [point][row] values of each metric, the kernel sets, the chain. */
static void fill_metrics(struct series *s, const struct run_ref *refs, size_t nr_refs,
			 unsigned measured)
{
	size_t cells = s->nr * s->nr_rows;

	for (int m = 0; m < METRIC_NR; m++) {
		double *vals;

		/* A metric nobody measured (or loaded: a helion-only load) is NAN throughout. */
		if (m != METRIC_HELION && !(measured >> m & 1)) {
			for (size_t t = 0; t < s->nr; t++)
				s->points[t].value[m] = NAN;
			continue;
		}
		vals = xmalloc((cells + 1) * sizeof(double));
		for (size_t i = 0; i < cells; i++)
			vals[i] = NAN;
		for (size_t i = 0; i < nr_refs; i++)
			vals[refs[i].group * s->nr_rows + refs[i].row] = entry_metric(refs[i].e, m);
		for (size_t i = 0; i < cells; i++)
			if (!(vals[i] > 0))
				vals[i] = NAN;
		chain_metric(s, vals, s->nr_rows, m);
		if (m == METRIC_HELION) {
			mark_kernel_sets(s, vals, s->nr_rows);
			s->helion_by_row = vals;
		} else {
			free(vals);
		}
	}
}

int series_build(struct series *s, const struct dashboard *d, const struct series_options *o)
{
	size_t *rows = xcalloc(d->nr_rows + 1, sizeof(*rows));
	struct run_ref *refs;
	size_t nr_refs, nr_groups, nr_counted;
	unsigned measured;
	char *problem;

	memset(s, 0, sizeof(*s));
	s->platform = o->platform;
	s->kernel = o->kernel;
	if (pick_rows(s, d, o, rows)) {
		free(rows);
		return -1;
	}
	refs = collect_runs(d, rows, s->nr_rows, o->all_runs, &nr_refs, &nr_groups, &nr_counted, &measured);
	if (!nr_counted) {
		free(refs);
		free(rows);
		series_release(s);
		/* An empty series has no step, no date range, no verdict: say why. */
		return o->quiet ? -1 : error(o->all_runs ? "'%s' has no runs in the dashboard" :
			     "'%s' has no nightly runs of main in the dashboard; "
			     "--all-runs counts manual and side-branch runs too",
			     o->kernel ? o->kernel : o->platform);
	}
	if (!(measured & 1u << METRIC_HELION)) {
		free(refs);
		free(rows);
		series_release(s);
		/* Every night without the speedup judged: no level, no step, no verdict. */
		return o->quiet ? -1 : error("'%s' has no helion speedup in any of its %s (a speedup of 0 or null is no data)",
			     o->kernel ? o->kernel : o->platform, o->all_runs ? "runs" : "nightly runs of main");
	}
	if ((problem = check_runs_agree(d, rows, refs, nr_refs, nr_groups))) {
		if (!o->quiet)
			error("%s", problem);
		free(problem);
		free(refs);
		free(rows);
		series_release(s);
		return -1;
	}
	nr_groups = keep_counted(refs, &nr_refs, nr_groups);
	make_points(s, refs, nr_refs, nr_groups);
	fill_metrics(s, refs, nr_refs, measured);
	free(refs);
	free(rows);
	return 0;
}

int series_has_data(const struct dashboard *d, const char *platform, int all_runs)
{
	for (size_t r = 0; r < d->nr_rows; r++)
		if (!strcmp(d->rows[r].platform_short, platform))
			for (size_t h = 0; h < d->rows[r].nr_history; h++)
				if (dash_entry_counts(&d->rows[r].history[h], all_runs) &&
				    d->rows[r].history[h].helion > 0)
					return 1;
	return 0;
}

void series_release(struct series *s)
{
	free(s->points);
	free(s->helion_by_row);
	free(s->kernel_names);
	memset(s, 0, sizeof(*s));
}

int series_measured(const struct series *s, size_t i)
{
	return s->points[i].value[METRIC_HELION] > 0;
}

int series_measured_before(const struct series *s, size_t index, size_t *out)
{
	while (index-- > 0)
		if (series_measured(s, index)) {
			*out = index;
			return 1;
		}
	return 0;
}

void series_pair_move(const struct series *s, size_t good, size_t bad, struct pair_move *out)
{
	double log_move = 0;

	out->plain_pct = 100 * (s->points[bad].raw_helion / s->points[good].raw_helion - 1);
	out->common = 0;
	for (size_t r = 0; s->helion_by_row && r < s->nr_rows; r++) {
		double before = s->helion_by_row[good * s->nr_rows + r];
		double now = s->helion_by_row[bad * s->nr_rows + r];

		if (before > 0 && now > 0) {
			log_move += log(now / before);
			out->common++;
		}
	}
	out->common_pct = out->common ? 100 * expm1(log_move / (double)out->common) : NAN;
}
