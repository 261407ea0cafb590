/*
 * The signals behind a verdict, read from the window's series, the rest of
 * the dashboard (every kernel row, the other platforms, the Pretuned
 * baselines) and the repository (commits touching the measurement, what
 * the platform runs at either end).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/date.h"
#include "util/usage.h"
#include "history/kernel-states.h"
#include "history/walk.h"
#include "classify/classify.h"
#include "classify/classify-sides.h"
#include "classify/classify-timers.h"

typedef double row_value_fn(const struct dash_entry *e, const void *data);

/* One value per series point for a row (NAN where the row has none). */
static double *row_values(const struct series *s, const struct dash_row *row, int all_runs,
			  row_value_fn *fn, const void *data)
{
	double *v = xcalloc(s->nr + 1, sizeof(double));

	for (size_t t = 0; t < s->nr; t++)
		v[t] = NAN;
	for (size_t h = 0; h < row->nr_history; h++) {
		long t;

		if (dash_entry_counts(&row->history[h], all_runs) && (t = classify_point_of(s, &row->history[h])) >= 0)
			v[t] = fn(&row->history[h], data);
	}
	return v;
}

static int row_in_series(const struct dash_row *row, const struct series *s)
{
	return !strcmp(row->platform_short, s->platform) && (!s->kernel || !strcmp(row->kernel, s->kernel));
}

static double helion_of(const struct dash_entry *e, const void *data)
{
	(void)data;
	return e->helion;
}

static double baseline_of(const struct dash_entry *e, const void *data)
{
	for (size_t i = 0; i < e->nr_baselines; i++)
		if (!strcmp(e->baselines[i].name, data))
			return e->baselines[i].geomean;
	return NAN;
}

static struct named_move *push_move(struct named_move **m, size_t *nr, const char *name,
				    double pct)
{
	struct named_move *x;

	*m = xrealloc(*m, (*nr + 1) * sizeof(**m));
	x = &(*m)[(*nr)++];
	x->name = xstrdup(name);
	x->change_pct = pct;
	x->flag = 0;
	return x;
}

/*
 * The kernels behind the move: those that moved the platform's way by at
 * least --shared-ratio of its move, when that move is a step or
 * undecided; with no platform step, the kernels whose own steps at the
 * pair are the answer (the report's "kernel step" lines: "none stands
 * out" beside them contradicted the verdict, and the dispatch and
 * cudagraph checks of those kernels were skipped).
 */
static void gather_kernels(struct classify_signals *s, const struct window *w, const struct sides *sd,
			   const struct classify_options *o)
{
	double step = log1p(s->change_pct / 100);
	/* an undecided move is still a move: say which kernels carry it */
	int moved = classify_step_significant(s, o) || s->undecided;
	int by_kernels = !s->found && s->nr_kernel_steps;

	for (size_t r = 0; r < w->dash.nr_rows; r++) {
		const struct dash_row *row = &w->dash.rows[r];
		double *v, pct;
		struct named_move *k;

		if (!row_in_series(row, &w->series))
			continue;
		v = row_values(&w->series, row, o->all_runs, helion_of, NULL);
		pct = classify_range_change(v, sd);
		free(v);
		/*
		 * A kernel not measured on both sides of the step (it left or
		 * joined the list) has no move: counting it would report "2 of 5"
		 * beside rows of 3 kernels.
		 */
		if (isnan(pct))
			continue;
		k = push_move(&s->kernels, &s->nr_kernels, row->kernel, pct);
		if (by_kernels)
			k->flag = classify_steps_at_pair(s, w, row->kernel);
		else
			k->flag = moved && (log1p(pct / 100) < 0) == (step < 0) &&
				fabs(log1p(pct / 100)) >= o->shared_ratio * fabs(step);
	}
}

/* Every history entry of the rows behind the window's series, in row order. */
struct series_entries {
	const struct window *w;
	size_t row, entry;
};

static const struct dash_entry *next_series_entry(struct series_entries *it)
{
	const struct dashboard *d = &it->w->dash;

	for (; it->row < d->nr_rows; it->row++, it->entry = 0) {
		const struct dash_row *row = &d->rows[it->row];

		if (row_in_series(row, &it->w->series) && it->entry < row->nr_history)
			return &row->history[it->entry++];
	}
	return NULL;
}

/* Pretuned: each baseline's ratio moved by the geomean of its kernels' moves. */
static void gather_baselines(struct classify_signals *s, const struct window *w,
			     const struct sides *sd, const struct classify_options *o)
{
	struct strvec names = STRVEC_INIT;
	struct series_entries it = { w, 0, 0 };
	const struct dash_entry *e;

	while ((e = next_series_entry(&it))) {
		for (size_t b = 0; b < e->nr_baselines; b++) {
			size_t i;

			for (i = 0; i < names.nr && strcmp(names.v[i], e->baselines[b].name); i++)
				;
			if (i == names.nr)
				strvec_push(&names, e->baselines[b].name);
		}
	}
	for (size_t i = 0; i < names.nr; i++) {
		double sum = 0;
		size_t n = 0;

		for (size_t r = 0; r < w->dash.nr_rows; r++) {
			double *v, pct;

			if (!row_in_series(&w->dash.rows[r], &w->series))
				continue;
			v = row_values(&w->series, &w->dash.rows[r], o->all_runs, baseline_of, names.v[i]);
			pct = classify_range_change(v, sd);
			free(v);
			if (!isnan(pct)) {
				sum += log1p(pct / 100);
				n++;
			}
		}
		push_move(&s->baselines, &s->nr_baselines, names.v[i], n ? 100 * expm1(sum / n) : NAN);
	}
	strvec_clear(&names);
}

/*
 * helion_wins/total summed over the platform's kernels on the nightly at
 * point t, in long long: each entry is at most a million, but a dashboard
 * may hold thousands of rows for one platform.
 */
static void wins_at(const struct window *w, size_t t, long long *wins, long long *total)
{
	const struct series_point *p = &w->series.points[t];
	struct series_entries it = { w, 0, 0 };
	const struct dash_entry *e;

	*wins = *total = -1;
	while ((e = next_series_entry(&it))) {
		if (strcmp(e->run_id, p->run->run_id) || e->helion_wins < 0 || e->total < 0)
			continue;
		*wins = (*wins < 0 ? 0 : *wins) + e->helion_wins;
		*total = (*total < 0 ? 0 : *total) + e->total;
	}
}

/* The index of other's nightly for run e (the same run, else within 12 hours), or 0. */
static size_t same_nightly(const struct series *other, const struct dash_entry *e)
{
	for (size_t i = 0; i < other->nr; i++)
		if (!strcmp(other->points[i].run->run_id, e->run_id))
			return i + 1;
	for (size_t i = 0; i < other->nr; i++)
		if (labs((long)(other->points[i].run->time - e->time)) <= DAY_SECONDS / 2)
			return i + 1;
	return 0;
}

/*
 * other's nightlies within the options' range, when they set one: a view
 * sharing other's points, for same_nightly() and series_noise(), which
 * read only points and nr.
 */
static struct series others_view(const struct series *other, const struct classify_options *o)
{
	struct series v = *other;
	size_t lo = 0, hi = other->nr;

	if (!o->others_window)
		return v;
	while (lo < hi && other->points[lo].run->time < o->others_from)
		lo++;
	while (hi > lo && other->points[hi - 1].run->time > o->others_to)
		hi--;
	v.points += lo;
	v.nr = hi - lo;
	return v;
}

/*
 * The other platforms' Helion move over the very same nightly pair (the
 * runs of last good and first bad), never over a span that can hold their
 * own steps; flagged when it clears that platform's own noise and
 * --min-change. NAN when a platform did not run both nightlies.
 */
static int gather_platforms(struct classify_signals *s, const struct window *w,
			    const struct classify_options *o)
{
	const struct dash_entry *good = w->series.points[s->good].run;
	const struct dash_entry *bad = w->series.points[s->index].run;
	struct strvec seen = STRVEC_INIT;

	for (size_t r = 0; r < w->dash.nr_rows; r++) {
		const char *name = w->dash.rows[r].platform_short;
		struct series_options so = { name, NULL, o->all_runs };
		struct series other, near;
		size_t i, g, b;

		for (i = 0; i < seen.nr && strcmp(seen.v[i], name); i++)
			;
		if (i < seen.nr || !strcmp(name, w->series.platform))
			continue;
		strvec_push(&seen, name);
		s->platforms_known = 1;
		/*
		 * A platform that stopped running long before the date has no
		 * run among the entries loaded (a single query keeps the other
		 * platforms' entries near the date only).
		 */
		if (!series_has_data(&w->dash, name, o->all_runs))
			continue;
		if (series_build(&other, &w->dash, &so)) {
			strvec_clear(&seen);
			return -1;
		}
		near = others_view(&other, o);
		b = same_nightly(&near, bad);
		if (b) {
			double pct = NAN, vg, vb;
			struct named_move *m;

			g = same_nightly(&near, good);
			if (g && g < b) {
				vg = near.points[g - 1].value[METRIC_HELION];
				vb = near.points[b - 1].value[METRIC_HELION];
				if (vg > 0 && vb > 0)
					pct = 100 * (vb / vg - 1);
			}
			m = push_move(&s->platforms, &s->nr_platforms, name, pct);
			m->flag = classify_big_enough(pct, 100 * series_noise(&near, METRIC_HELION), o);
		}
		series_release(&other);
	}
	strvec_clear(&seen);
	return 0;
}

/*
 * The window's sparse kernels: their move is not this pair's, it belongs
 * to the window from their last measurement on; each flagged when it
 * clears its own noise.
 */
static void gather_sparse(struct classify_signals *s, const struct window *w,
			  const struct classify_options *o)
{
	s->sparse_since = xcalloc(w->nr_sparse + 1, sizeof(*s->sparse_since));
	for (size_t i = 0; i < w->nr_sparse; i++) {
		const struct sparse_kernel *sk = &w->sparse[i];
		struct named_move *m = push_move(&s->sparse, &s->nr_sparse, sk->kernel, sk->change_pct);

		s->sparse_since[i] = sk->since;
		m->flag = classify_big_enough(m->change_pct, sk->noise_pct, o);
	}
}

/* A one-night excursion: a nightly off the level whose neighbours are both on it. */
static void find_spike(struct classify_signals *s, const double *v, size_t lo, size_t hi)
{
	double best = 0;

	for (size_t t = lo + 1; t + 1 < hi; t++) {
		double off = fabs(log(v[t] / s->level));

		if (isnan(off) || off <= best ||
		    !(fabs(log(v[t - 1] / s->level)) < off / 2) ||
		    !(fabs(log(v[t + 1] / s->level)) < off / 2))
			continue;
		best = off;
		s->spike = t;
		s->spike_pct = 100 * (v[t] / s->level - 1);
	}
}

/*
 * The platform's series with every metric on one machine state, the
 * sides of the move at points[bad] folded apart (series_fold_states()),
 * as each kernel's are (classify-timers.c): out, its points owned; NULL
 * without states (minority). Read as measured, a step whose two sides
 * hold the states in other shares moves the latency by the states'
 * distance: a baseline change under states read "latency +5.4%, 12.6x
 * its standard error", hardware. The speedup's move is the step's, on
 * folded levels already; its noise here is the kernel-set change's
 * yardstick.
 */
static struct series *fold_timers(const struct series *ser, const unsigned char *minority, size_t bad,
				  struct series *out)
{
	if (!minority)
		return NULL;
	*out = *ser;
	out->points = xcalloc(ser->nr + 1, sizeof(*out->points));
	memcpy(out->points, ser->points, ser->nr * sizeof(*out->points));
	for (int m = 0; m < METRIC_NR; m++)
		series_fold_states(out, minority, m, bad);
	return out;
}

static void gather_series(struct classify_signals *s, const struct window *w, const unsigned char *minority,
			  const struct classify_options *o)
{
	const struct series *ser = &w->series, *timers;
	const struct step *st = &w->step;
	struct series folded;
	struct pair_move pm;
	struct sides sd;
	size_t span_lo, span_hi;
	double *v;

	s->pretuned = w->dash.pretuned;
	s->index = st->index;
	if (!s->index || s->index >= ser->nr)
		return;
	s->good = st->last_good;
	s->bad = st->first_bad;
	s->before = st->before;
	s->after = st->after;
	s->change_pct = st->change_pct;
	s->noise_pct = st->noise_pct;
	s->score = st->score;
	s->se_pct = st->se_pct;
	s->bound_pct = step_bound_pct(st);
	s->state_noise_pct = st->state_noise_pct;
	s->open_kernel = st->open_kernel;
	s->open_kernel_pct = st->open_kernel_pct;
	s->open_kernel_z = st->open_kernel_z;
	s->nr_open_kernels = st->nr_open_kernels;
	s->open_geomean_pct = st->open_geomean_pct;
	s->z = st->z;
	s->found = st->found;
	s->undecided = st->undecided;
	s->no_level = st->no_level;
	s->drift = st->drift;
	s->reverts = st->dip_nights > 0;
	/*
	 * A cause of noise says the move is none worth finding; where the
	 * noise leaves room for a move of --min-change, it is not ruled out.
	 */
	s->not_ruled_out = step_leaves_room(st);
	s->states_rule_out = step_states_rule_out(st);
	for (size_t i = 0; i < w->nr_kernel_steps; i++)
		s->nr_kernel_steps += w->kernel_steps[i].index == s->index;
	s->reason = st->reason;
	s->persistent = st->persistent;
	s->nr_after = st->nr_after;
	classify_step_sides(ser, s->good, s->index, o->span, &sd);
	span_lo = sd.lo;
	span_hi = sd.hi;
	/*
	 * The other timers are read over the step's own levels
	 * (step_levels_range()): a pair named by --bad beside the step had
	 * the step's nightlies on its side, and "speedup +0.0%, latency
	 * +13.5%" read a move the speedup's levels end before.
	 */
	step_levels_range(st, &sd.lo, &sd.hi);
	/*
	 * A window that took in nightlies before the step's level (a kernel's
	 * window, or nights that could be on either side) ends its good side
	 * before that level starts: the level would leave the side empty, and
	 * every timer "no data", so the side is the span's (causes.py 73808
	 * under --states, states 33: a harness commit taken for the cause).
	 */
	if (sd.lo >= sd.good_end)
		sd.lo = span_lo;
	/* a dip's move is its nightlies', not those at the level around it */
	if (st->dip_nights && s->index == st->dip_from)
		sd.hi = st->dip_to;
	else if (st->dip_nights)
		sd.lo = st->dip_from;

	v = classify_metric_values(ser, METRIC_HELION);
	s->level = classify_median_range(v, sd.lo, sd.hi);
	/* a spike is looked for over the span: its pair alone holds no night after it */
	find_spike(s, v, span_lo, span_hi);
	free(v);
	timers = fold_timers(ser, minority, s->index, &folded);
	if (!timers)
		timers = ser;
	s->triton_pct = classify_range_change(v = classify_metric_values(timers, METRIC_TRITON), &sd);
	free(v);
	s->torch_compile_pct = classify_range_change(v = classify_metric_values(timers, METRIC_TORCH_COMPILE), &sd);
	free(v);
	s->latency_pct = classify_range_change(v = classify_metric_values(timers, METRIC_LATENCY), &sd);
	free(v);
	s->triton_noise_pct = 100 * series_noise(timers, METRIC_TRITON);
	s->torch_compile_noise_pct = 100 * series_noise(timers, METRIC_TORCH_COMPILE);
	s->latency_noise_pct = 100 * series_noise(timers, METRIC_LATENCY);
	s->set_noise_pct = timers != ser ? fmin(s->noise_pct, 100 * series_noise(timers, METRIC_HELION)) : s->noise_pct;
	if (timers != ser)
		free(folded.points);
	if (sd.good_end > sd.lo && sd.hi > sd.bad)
		s->level_se = sqrt(M_PI / 2 * (1.0 / (double)(sd.good_end - sd.lo) +
					       1.0 / (double)(sd.hi - sd.bad)));

	s->set_changed = ser->points[s->index].kernel_set_changed;
	s->kernels_before = ser->points[s->good].nr_kernels;
	s->kernels_after = ser->points[s->index].nr_kernels;
	series_pair_move(ser, s->good, s->index, &pm);
	s->raw_change_pct = pm.plain_pct;
	s->raw_score = isnan(s->raw_change_pct) ? 0 :
		fabs(log1p(s->raw_change_pct / 100)) / log1p(s->noise_pct / 100);
	s->pair_common_pct = pm.common_pct;
	s->pair_common = pm.common;

	gather_kernels(s, w, &sd, o);
	if (s->pretuned) {
		gather_baselines(s, w, &sd, o);
		wins_at(w, s->good, &s->wins_before, &s->total_before);
		wins_at(w, s->index, &s->wins_after, &s->total_after);
	}
}

/* The first measurement path each window commit touches. */
static int gather_method(struct classify_signals *s, const struct window *w, git_repository *repo,
			 const struct classify_options *o)
{
	s->method = xcalloc(w->nr_commits + 1, sizeof(*s->method));
	for (size_t i = 0; i < w->nr_commits; i++) {
		git_commit *c;

		int any;

		if (git_commit_lookup(&c, repo, &w->commits[i].oid))
			return error("cannot read commit '%s'", w->commits[i].sha);
		/* One diff for all paths; which path only for the few that touch one. */
		if (commit_touches(repo, c, &o->method_paths, &any)) {
			git_commit_free(c);
			return -1;
		}
		for (size_t p = 0; any && p < o->method_paths.nr && !s->method[i]; p++) {
			char *one[] = { o->method_paths.v[p], NULL };
			struct strvec spec = { one, 1, 0 };
			int touches;

			if (commit_touches(repo, c, &spec, &touches)) {
				git_commit_free(c);
				return -1;
			}
			if (touches)
				s->method[i] = o->method_paths.v[p];
		}
		git_commit_free(c);
		s->nr_method += !!s->method[i];
	}
	return 0;
}

/*
 * The quiet nightly pair inside w's window (classify_signals.quiet): two
 * nightlies on one sha, as resolve_and_list() tells a quiet day.
 */
static size_t quiet_night(const struct window *w, size_t index)
{
	const struct series_point *p = w->series.points;
	size_t from, to, found = 0;

	if (w->empty || !w->last_good.point || !w->first_bad.point)
		return 0;
	from = (size_t)(w->last_good.point - p);
	to = (size_t)(w->first_bad.point - p);
	for (size_t i = from + 1; i <= to && i < w->series.nr; i++)
		if (!strcmp(p[i - 1].run->sha, p[i].run->sha) && (!found || i == index))
			found = i;
	return to - from > 1 ? found : 0;
}

int classify_gather(struct classify_signals *s, const struct window *w, git_repository *repo,
		    const struct classify_options *o)
{
	unsigned char *minority = series_minority_nights_across_cuts(&w->series);
	int err;

	gather_series(s, w, minority, o);
	err = s->index && gather_platforms(s, w, o);
	if (!err && s->index && s->index < w->series.nr && !w->series.kernel)
		gather_sparse(s, w, o);
	err = err || (s->index && s->index < w->series.nr && classify_gather_kernel_move(s, w, minority, o));
	free(minority);
	if (err)
		return -1;
	s->empty = w->empty;
	s->quiet = quiet_night(w, s->index);
	s->listed = w->listed;
	s->nr_commits = w->nr_commits;
	s->nr_slice = w->nr_slice;
	if (!repo)
		return 0;
	if (w->listed && gather_method(s, w, repo, o))
		return -1;
	if (w->first_bad.resolved &&
	    measure_config_read(&s->at_bad, repo, &w->first_bad.oid, w->series.platform))
		return -1;
	if (w->last_good.resolved &&
	    measure_config_read(&s->at_good, repo, &w->last_good.oid, w->series.platform))
		return -1;
	return 0;
}
