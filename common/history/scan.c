#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/repo.h"
#include "util/thread.h"
#include "history/nightly.h"
#include "history/walk.h"
#include "history/kernel-settle.h"
#include "history/scan.h"

/* The most threads a scan builds and searches its series on. */
#define SCAN_THREADS 16

static time_t day_start(time_t t)
{
	return t - ((t % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
}

/* since/until from the user's dates, else the dashboard's last 30 days. */
static int scan_range(struct scan *sc, const struct scan_options *o)
{
	time_t newest = 0, t;
	int is_day;

	/* an invalid BENCHTRIAGE_NOW is an error here too, as in a single query, whatever the dates */
	if (window_current_time(&t))
		return -1;
	for (size_t i = 0; i < sc->nr_series; i++)
		if (sc->series[i].nr && sc->series[i].points[sc->series[i].nr - 1].run->time > newest)
			newest = sc->series[i].points[sc->series[i].nr - 1].run->time;
	sc->until = day_start(newest) + DAY_SECONDS;
	if (o->until) {
		if (window_parse_date(o->until, &t, &is_day))
			return -1;
		/* a day is scanned whole, a time up to and including it, as git log --until */
		sc->until = is_day ? t + DAY_SECONDS : t + 1;
	}
	sc->since = sc->until - SCAN_DEFAULT_DAYS * DAY_SECONDS;
	if (o->since && window_parse_date(o->since, &sc->since, &is_day))
		return -1;
	if (sc->since >= sc->until) {
		char a[32], b[32];

		/* without --until, the scan ends with the newest nightly's day */
		return error(o->until ? "--since %s is not before --until %s" :
			     "--since %s is after the day of the newest nightly, %s",
			     format_range_start(a, sc->since), format_range_end(b, sc->until));
	}
	return 0;
}

static int platform_seen(const struct dashboard *d, size_t row)
{
	for (size_t i = 0; i < row; i++)
		if (!strcmp(d->rows[i].platform_short, d->rows[row].platform_short))
			return 1;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int add_series(struct scan *sc, const char *platform, const char *kernel,
		      const struct scan_options *o)
{
	struct series_options so = { platform, kernel, o->window->all_runs };

	if (series_build(&sc->series[sc->nr_series], &sc->dash, &so))
		return -1;
	sc->nr_series++;
	return 0;
}

void scan_skip(struct scan *sc, const char *platform, const char *why)
{
	warning("skipping platform '%s': %s", platform, why);
	strvec_push(&sc->skipped, platform);
}

int scan_skipped(const struct scan *sc, const char *platform)
{
	for (size_t i = 0; i < sc->skipped.nr; i++)
		if (!strcmp(sc->skipped.v[i], platform))
			return 1;
	return 0;
}

/*
 * What failed, caught (usage_catch_end()): platform is skipped, or with
 * kernel only that kernel's series.
 */
static void skip_failed(struct scan *sc, const char *platform, const char *kernel, const char *why)
{
	if (!why)
		why = "unknown failure";
	if (kernel)
		warning("skipping the series of kernel '%s' of '%s': %s", kernel, platform, why);
	else
		scan_skip(sc, platform, why);
}

/*
 * The series of platform (kernel NULL) or of one of its kernels, built
 * into the next slot; a failure (no runs to count) skips that platform,
 * or that kernel's series, with a warning that says why.
 */
static void add_series_or_skip(struct scan *sc, const char *platform, const char *kernel,
			       const struct scan_options *o)
{
	struct usage_catch outer;
	char *why;
	int failed;

	usage_catch_begin(&outer);
	failed = add_series(sc, platform, kernel, o);
	why = usage_catch_end(&outer);
	if (failed)
		skip_failed(sc, platform, kernel, why);
	free(why);
}

/*
 * Leave out the series from the from'th on whose levels overflow
 * (window_check_series()), skipping their platforms (or, for a kernel's,
 * that series) with a warning; no entry points into them yet.
 */
static void drop_overflowing(struct scan *sc, size_t from)
{
	size_t kept = from;

	for (size_t i = from; i < sc->nr_series; i++) {
		struct series *s = &sc->series[i];
		struct usage_catch outer;
		char *why;
		int bad;

		usage_catch_begin(&outer);
		bad = window_check_series(s);
		why = usage_catch_end(&outer);
		if (bad) {
			skip_failed(sc, s->platform, s->kernel, why);
			series_release(s);
		} else {
			sc->series[kept++] = *s;
		}
		free(why);
	}
	sc->nr_series = kept;
}

/* A platform one of whose rows could not be read (the load kept going) is skipped. */
static int rows_failed(struct scan *sc, const char *platform)
{
	for (size_t r = 0; r < sc->dash.nr_rows; r++)
		if (sc->dash.rows[r].error && !strcmp(sc->dash.rows[r].platform_short, platform)) {
			scan_skip(sc, platform, sc->dash.rows[r].error);
			return 1;
		}
	return 0;
}

static int platform_known(const struct dashboard *d, const char *platform)
{
	for (size_t r = 0; r < d->nr_rows; r++)
		if (!strcmp(d->rows[r].platform_short, platform))
			return 1;
	return 0;
}

/* What building the platforms' series reads and writes (build_one()). */
struct series_builds {
	struct scan *sc;
	const char **names;
	int all_runs;
	int *failed;	/* one a series: it could not be built (its runs disagree) */
};

static void build_one(void *data, size_t i)
{
	struct series_builds *sb = data;
	struct series_options so = { sb->names[i], NULL, sb->all_runs, 1 };

	sb->failed[i] = series_build(&sb->sc->series[i], &sb->sc->dash, &so) != 0;
}

/*
 * The platforms' series (names, every one of the dashboard), built on the
 * threads of thread_for_each() when none can fail: each is the
 * dashboard's own platform, with runs, so that no error can be printed
 * from a thread or out of order (runs that disagree fail a build
 * unprinted, and all are built again). Each series is the same whichever
 * thread builds it. Returns 0, or 1 when they must be built one by one.
 */
static int build_platforms_at_once(struct scan *sc, const char **names, size_t nr,
				   const struct scan_options *o)
{
	struct series_builds sb = { sc, names, o->window->all_runs, NULL };
	int failed = 0;

	for (size_t i = 0; i < nr; i++)
		if (!series_has_data(&sc->dash, names[i], o->window->all_runs))
			return 1;
	sb.failed = xcalloc(nr + 1, sizeof(*sb.failed));
	thread_for_each(nr, SCAN_THREADS, build_one, &sb);
	for (size_t i = 0; i < nr; i++)
		failed |= sb.failed[i];
	free(sb.failed);
	if (failed) {
		/* one by one, so that its platform is skipped saying why */
		for (size_t i = 0; i < nr; i++)
			series_release(&sc->series[i]);
		return 1;
	}
	sc->nr_series = nr;
	return 0;
}

/*
 * Every platform's series (the named ones, or every one of the
 * dashboard), then with --kernels each of their kernels'. A platform
 * named that the dashboard lacks is an error; one that cannot be
 * scanned is skipped with a warning, and the scan goes on.
 */
static int named_before(const struct scan_options *o, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(o->platforms[k], o->platforms[i]))
			return 1;
	return 0;
}

static int build_series(struct scan *sc, const struct scan_options *o)
{
	size_t most = o->nr_platforms ? o->nr_platforms : sc->dash.nr_rows, nr = 0;
	const char **names = xcalloc(most + 1, sizeof(*names));

	sc->series = xcalloc(most + (o->kernels ? sc->dash.nr_rows : 0) + 1, sizeof(*sc->series));
	for (size_t i = 0; i < o->nr_platforms; i++) {
		if (named_before(o, i))
			continue;	/* one platform is scanned once, however often named */
		if (!platform_known(&sc->dash, o->platforms[i])) {
			free(names);
			return add_series(sc, o->platforms[i], NULL, o);	/* says it is unknown */
		}
		/* a list with no nightly series (manual runs only) has no move, and so no entry */
		if (o->list_only && !series_has_data(&sc->dash, o->platforms[i], o->window->all_runs))
			continue;
		if (!rows_failed(sc, o->platforms[i]))
			names[nr++] = o->platforms[i];
	}
	for (size_t r = 0; !o->nr_platforms && r < sc->dash.nr_rows; r++)
		if (!platform_seen(&sc->dash, r) && !rows_failed(sc, sc->dash.rows[r].platform_short))
			names[nr++] = sc->dash.rows[r].platform_short;
	if (!o->nr_platforms)
		qsort(names, nr, sizeof(*names), by_name);
	if (o->nr_platforms || build_platforms_at_once(sc, names, nr, o))
		for (size_t i = 0; i < nr; i++)
			add_series_or_skip(sc, names[i], NULL, o);
	free(names);
	drop_overflowing(sc, 0);
	sc->nr_platforms = sc->nr_series;
	for (size_t i = 0; o->kernels && i < sc->nr_platforms; i++)
		for (size_t r = 0; r < sc->dash.nr_rows; r++)
			if (!strcmp(sc->dash.rows[r].platform_short, sc->series[i].platform))
				add_series_or_skip(sc, sc->series[i].platform, sc->dash.rows[r].kernel, o);
	drop_overflowing(sc, sc->nr_platforms);
	if (!sc->nr_platforms && sc->skipped.nr)
		return error("no platform can be scanned");
	return 0;
}

/* The entries one series' scan found (scan_series()), before they join the scan's. */
struct series_found {
	struct scan_entry *entries;
	size_t nr, alloc;
};

static struct scan_entry *add_entry(struct series_found *f, enum scan_kind kind, const struct series *s,
				    size_t index)
{
	struct scan_entry *e;

	ALLOC_GROW(f->entries, f->nr + 1, f->alloc);
	e = &f->entries[f->nr++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->series = s;
	e->index = index;
	e->bad = index;
	e->good = index - 1;
	return e;
}

static int have_entry(const struct series_found *f, size_t index, enum scan_kind kind)
{
	for (size_t i = 0; i < f->nr; i++)
		if (f->entries[i].index == index && f->entries[i].kind == kind)
			return 1;
	return 0;
}

static int have_step(const struct series_found *f, size_t index)
{
	return have_entry(f, index, SCAN_STEP);
}

static int in_range(const struct scan *sc, const struct series *s, size_t index)
{
	time_t t = s->points[index].run->time;

	return index > 0 && t >= sc->since && t < sc->until;
}

/*
 * A range in which no nightly follows another on any series has nothing
 * to judge: "no step" there would pass a CI gate on no evidence.
 */
static int check_range_judged(const struct scan *sc)
{
	time_t first = 0, last = 0;
	char d[4][32];

	if (!sc->nr_series)
		return error("the dashboard has no platform to scan");
	for (size_t i = 0; i < sc->nr_series; i++) {
		const struct series *s = &sc->series[i];

		for (size_t t = 1; t < s->nr; t++)
			if (in_range(sc, s, t))
				return 0;
		if (s->nr && (!first || s->points[0].run->time < first))
			first = s->points[0].run->time;
		if (s->nr && s->points[s->nr - 1].run->time > last)
			last = s->points[s->nr - 1].run->time;
	}
	return error("nothing to scan in %s .. %s: no nightly there follows another (the nightlies run %s .. %s)",
		     format_range_start(d[0], sc->since), format_range_end(d[1], sc->until),
		     format_day(d[2], first), format_day(d[3], last));
}

/* The single query on date: 0 and *st when it finds a step, placed where that query places it. */
static int query_step(const struct series *s, time_t date, const struct step_options *base,
		      const struct noise_model *nm, struct step *st)
{
	struct step_options so = *base;
	struct kernel_step *ks;

	so.date = date;
	if (series_find_step_model(s, &so, nm, st) || !st->found)
		return -1;
	/* at its kernels' night when the move is theirs */
	step_with_kernels(s, &so, st, &ks);
	free(ks);
	return 0;
}

/*
 * A candidate boundary becomes a step when the single query on its date
 * finds a step there (the query may settle on a neighbouring night: that
 * one is then the step). Its row names its first bad nightly, a night
 * after its own when the window widens: the step is then the one the
 * query on that day reports (its levels span from there), when that
 * query finds the same window.
 */
static void confirm(const struct scan *sc, struct series_found *f, const struct series *s, size_t index,
		    const struct step_options *base, const struct noise_model *nm)
{
	struct scan_entry *e;
	struct step st, at_bad;

	if (!in_range(sc, s, index) || have_step(f, index) ||
	    query_step(s, s->points[index].run->time, base, nm, &st) ||
	    !in_range(sc, s, st.index) || have_step(f, st.index))
		return;
	if (st.first_bad != st.index &&
	    !query_step(s, s->points[st.first_bad].run->time, base, nm, &at_bad) &&
	    at_bad.index == st.index && at_bad.first_bad == st.first_bad &&
	    at_bad.last_good == st.last_good)
		st = at_bad;
	e = add_entry(f, SCAN_STEP, s, st.index);
	e->step = st;
	e->good = st.last_good;
	e->bad = st.first_bad;
}

/*
 * An undecided move is listed where the single query on its nightly
 * calls it undecided there (and no step of the series was confirmed at
 * that nightly), when what it measured clears both thresholds: a move
 * the decision cannot confirm yet (no level after it, say), not every
 * blip of two standard errors in every kernel's series.
 */
static void confirm_undecided(const struct scan *sc, struct series_found *f, const struct series *s,
			      size_t index, const struct step_options *base, const struct noise_model *nm)
{
	struct step_options so = *base;
	struct scan_entry *e;
	struct step st;

	if (!in_range(sc, s, index) || have_step(f, index) || have_entry(f, index, SCAN_UNDECIDED))
		return;
	so.date = s->points[index].run->time;
	/* st.noise_multiple and st.min_change: the thresholds as the decision applied them */
	if (series_find_step_model(s, &so, nm, &st) || st.found || !st.undecided || st.index != index ||
	    st.z < st.noise_multiple || fabs(st.change_pct) < st.min_change)
		return;
	e = add_entry(f, SCAN_UNDECIDED, s, index);
	e->step = st;
	e->good = st.last_good;
	e->bad = st.first_bad;
}

/*
 * Ask about dates span days apart across the range (clamped to the
 * series), so every nightly in it lies within the span of one of them;
 * the undecided moves met are confirmed once every step is known.
 */
static void scan_series(const struct scan *sc, struct series_found *f, const struct series *s,
			const struct window_options *wo)
{
	struct step_options so = { 0, wo->span, wo->noise_multiple, wo->min_change, 0 };
	time_t first, last;
	struct noise_model nm;
	size_t *undecided = NULL, nr_undecided = 0, alloc_undecided = 0;

	if (!s->nr)
		return;
	so.look_outside = 1;	/* each date asked as a single query asks it */
	/* the series' own, the same at every date asked */
	series_noise_model(s, METRIC_HELION, &nm);
	first = s->points[0].run->time;
	last = s->points[s->nr - 1].run->time;
	for (time_t d = sc->since; d < sc->until + (time_t)wo->span * DAY_SECONDS;
	     d += (time_t)wo->span * DAY_SECONDS) {
		struct step st;

		so.date = d < first ? first : d > last ? last : d;
		if (series_find_step_model(s, &so, &nm, &st))
			continue;
		if (!st.found && st.undecided && st.index) {
			ALLOC_GROW(undecided, nr_undecided + 1, alloc_undecided);
			undecided[nr_undecided++] = st.index;
		}
		if (!st.found)
			continue;
		confirm(sc, f, s, st.index, &so, &nm);
		for (size_t k = 0; k < st.nr_other; k++)
			confirm(sc, f, s, st.other[k].index, &so, &nm);
		if (d > last)
			break;
	}
	for (size_t i = 0; i < nr_undecided; i++)
		confirm_undecided(sc, f, s, undecided[i], &so, &nm);
	free(undecided);
	for (size_t i = 1; i < s->nr; i++)
		if (s->points[i].kernel_set_changed && in_range(sc, s, i))
			series_set_change_at(s, i, &add_entry(f, SCAN_KERNEL_SET, s, i)->set_change);
}

/* What each series' scan reads and writes (scan_one()). */
struct series_scans {
	const struct scan *sc;
	const struct window_options *wo;
	struct series_found *found;	/* one a series */
};

static void scan_one(void *data, size_t i)
{
	struct series_scans *ss = data;

	scan_series(ss->sc, &ss->found[i], &ss->sc->series[i], ss->wo);
}

/*
 * Scan each series on a thread of thread_for_each() (SCAN_THREADS at
 * most): a series' scan reads only its own series and writes only its own
 * entries, which join the scan's in the order of the series, so the
 * entries are the same however many threads ran.
 */
static void scan_every_series(struct scan *sc, const struct window_options *wo)
{
	struct series_scans ss = { sc, wo, xcalloc(sc->nr_series + 1, sizeof(*ss.found)) };

	thread_for_each(sc->nr_series, SCAN_THREADS, scan_one, &ss);
	for (size_t i = 0; i < sc->nr_series; i++) {
		ALLOC_GROW(sc->entries, sc->nr_entries + ss.found[i].nr, sc->alloc_entries);
		if (ss.found[i].nr)
			memcpy(sc->entries + sc->nr_entries, ss.found[i].entries,
			       ss.found[i].nr * sizeof(*sc->entries));
		sc->nr_entries += ss.found[i].nr;
		free(ss.found[i].entries);
	}
	free(ss.found);
}

static int count_commit(git_commit *c, void *data)
{
	struct scan_entry *e = ((void **)data)[0];
	struct slice *sl = ((void **)data)[1];
	git_repository *repo = ((void **)data)[2];
	int path_match = 0, tag_match = slice_match_subject(sl, git_commit_summary(c) ?
							   git_commit_summary(c) : "");

	if (tag_match < 0 || commit_touches(repo, c, &sl->paths, &path_match))
		return -1;
	e->nr_commits++;
	e->nr_slice += tag_match || path_match;
	return 0;
}

static int resolve(git_repository *repo, struct window_end *end, const struct series_point *p)
{
	end->point = p;
	end->time = p->run->time;
	end->run_id = p->run->run_id;
	if (nightly_resolve(repo, p->run, &end->oid, &end->problem) != NIGHTLY_FOUND)
		return 1;	/* not local (or ambiguous, said so): left uncounted */
	end->resolved = 1;
	oid_hex(end->sha, &end->oid);
	return 0;
}

/* The window's commits, counted; an end that is not local leaves it uncounted. */
static int count_window(struct scan_entry *e, git_repository *repo, struct config *cfg,
			const struct window_options *wo)
{
	const struct series_point *p = e->series->points;
	struct slice sl = { 0 };
	void *ctx[3] = { e, &sl, repo };
	int ret = 0;

	if (resolve(repo, &e->last_good, &p[e->good]) | resolve(repo, &e->first_bad, &p[e->bad]))
		return 0;
	if (git_oid_equal(&e->last_good.oid, &e->first_bad.oid)) {
		e->counted = 1;
		return 0;
	}
	if (git_graph_descendant_of(repo, &e->first_bad.oid, &e->last_good.oid) != 1) {
		git_error_clear();
		return 0;
	}
	if (window_slice_setup(&sl, cfg, e->series->platform, wo) ||
	    walk_first_parent(repo, &e->last_good.oid, &e->first_bad.oid, count_commit, ctx))
		ret = -1;
	else
		e->counted = 1;
	slice_release(&sl);
	return ret;
}

static int newest_first(const void *a, const void *b)
{
	const struct scan_entry *x = a, *y = b;
	time_t tx = x->series->points[x->index].run->time, ty = y->series->points[y->index].run->time;

	if (tx != ty)
		return tx < ty ? 1 : -1;
	if (strcmp(x->series->platform, y->series->platform))
		return strcmp(x->series->platform, y->series->platform);
	if (!x->series->kernel != !y->series->kernel)
		return x->series->kernel ? 1 : -1;
	if (x->series->kernel && strcmp(x->series->kernel, y->series->kernel))
		return strcmp(x->series->kernel, y->series->kernel);
	return (int)x->kind - (int)y->kind;
}

/*
 * Entry e's sparse kernels and, with a repository, its window's commits;
 * a failure skips its platform, with a warning that says why.
 */
static void finish_entry(struct scan *sc, struct scan_entry *e, git_repository *repo,
			 struct config *cfg, const struct scan_options *o)
{
	struct usage_catch outer;
	char *why;
	int failed;

	usage_catch_begin(&outer);
	e->nr_sparse = series_sparse_kernels(e->series, e->good, e->bad, &e->sparse);
	failed = sparse_kernels_noise(e->sparse, e->nr_sparse, e->series, &sc->dash,
				      o->window->all_runs) ||
		 (repo && count_window(e, repo, cfg, o->window));
	why = usage_catch_end(&outer);
	if (failed)
		skip_failed(sc, e->series->platform, NULL, why);
	free(why);
}

static void entry_release(struct scan_entry *e)
{
	kernel_set_change_release(&e->set_change);
	free(e->last_good.problem);
	free(e->first_bad.problem);
	free(e->sparse);
}

/* Leave out the entries of the platforms skipped after their series were built. */
static int drop_skipped(struct scan *sc)
{
	size_t kept = 0;

	for (size_t i = 0; i < sc->nr_entries; i++) {
		if (scan_skipped(sc, sc->entries[i].series->platform))
			entry_release(&sc->entries[i]);
		else
			sc->entries[kept++] = sc->entries[i];
	}
	sc->nr_entries = kept;
	sc->nr_steps = sc->nr_undecided = 0;
	for (size_t i = 0; i < sc->nr_entries; i++) {
		sc->nr_steps += sc->entries[i].kind == SCAN_STEP;
		sc->nr_undecided += sc->entries[i].kind == SCAN_UNDECIDED;
	}
	if (!scan_nr_platforms(sc) && sc->skipped.nr)
		return error("no platform can be scanned");
	return 0;
}

size_t scan_nr_platforms(const struct scan *sc)
{
	size_t n = 0;

	for (size_t i = 0; i < sc->nr_platforms; i++)
		n += !scan_skipped(sc, sc->series[i].platform);
	return n;
}

size_t scan_nr_kernel_series(const struct scan *sc)
{
	size_t n = 0;

	for (size_t i = sc->nr_platforms; i < sc->nr_series; i++)
		n += !scan_skipped(sc, sc->series[i].platform);
	return n;
}

/* Whether platform's slice (window_slice_setup()) compiles; -1 with an error if not. */
static int check_slice(struct config *cfg, const char *platform, const struct window_options *wo)
{
	struct slice sl;
	int ret = window_slice_setup(&sl, cfg, platform, wo);

	slice_release(&sl);
	return ret;
}

/*
 * So is each platform's bench.<platform>.slice (the man page's
 * CONFIGURATION): a configured pattern that fails fails the scan, as it
 * fails a single query, rather than only skip its platform.
 */
static int check_configured_slices(const struct scan *sc, struct config *cfg,
				   const struct window_options *wo)
{
	for (size_t i = 0; !wo->slice && !wo->default_slice && i < sc->nr_platforms; i++)
		if (check_slice(cfg, sc->series[i].platform, wo))
			return -1;
	return 0;
}

int scan_compute(struct scan *sc, git_repository *repo, struct config *cfg,
		 const struct scan_options *o)
{
	struct dashboard_source src = o->window->source;

	memset(sc, 0, sizeof(*sc));
	dashboard_init(&sc->dash);
	if (o->window->span < 1)
		return error("--span must be at least 1 day, not %d", o->window->span);
	/* --slice and --path are the user's for every platform: one that fails fails the scan */
	if ((o->window->slice || o->window->paths.nr) && check_slice(cfg, NULL, o->window))
		return -1;
	/* One platform named: load only its history, as a single query does. */
	src.filter.platform = o->nr_platforms == 1 && !o->all_history ? o->platforms[0] : NULL;
	/*
	 * A scan judges the Helion speedup only: nothing else is read, unless
	 * every metric is asked for (benchbisect --scan classifies each step).
	 */
	src.filter.helion_only = !o->all_history;
	/* one platform's bad value skips that platform, not the scan */
	src.filter.keep_going = 1;
	sc->noise_multiple = o->window->noise_multiple;
	sc->min_change = o->window->min_change;
	if (dashboard_load(&sc->dash, &src, cfg) || build_series(sc, o) ||
	    check_configured_slices(sc, cfg, o->window) || scan_range(sc, o) ||
	    (!o->list_only && check_range_judged(sc)))
		return -1;
	scan_every_series(sc, o->window);
	if (sc->nr_entries)
		qsort(sc->entries, sc->nr_entries, sizeof(*sc->entries), newest_first);
	for (size_t i = 0; i < sc->nr_entries; i++)
		if (!scan_skipped(sc, sc->entries[i].series->platform))
			finish_entry(sc, &sc->entries[i], repo, cfg, o);
	return drop_skipped(sc);
}

void scan_move_days(const struct scan *sc, struct strvec *days)
{
	char day[16];

	/* newest first, so the entries of one day are next to each other */
	for (size_t i = 0; i < sc->nr_entries; i++) {
		const struct scan_entry *e = &sc->entries[i];

		format_day(day, e->series->points[e->bad].run->time);
		if (!days->nr || strcmp(day, days->v[days->nr - 1]))
			strvec_push(days, day);
	}
}

void scan_release(struct scan *sc)
{
	for (size_t i = 0; i < sc->nr_entries; i++)
		entry_release(&sc->entries[i]);
	free(sc->entries);
	strvec_clear(&sc->skipped);
	for (size_t i = 0; i < sc->nr_series; i++)
		series_release(&sc->series[i]);
	free(sc->series);
	dashboard_release(&sc->dash);
	memset(sc, 0, sizeof(*sc));
}
