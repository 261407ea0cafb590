/*
 * git benchbisect --scan: one load of the dashboard, one scan, then each
 * move's window and signals from the data in memory.
 */
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "classify/classify-scan.h"

/* A step of the same series at the same nightly is already classified. */
static int seen(const struct classify_scan *cs, const struct classify_scan_step *st)
{
	for (size_t i = 0; i < cs->nr; i++)
		if (cs->steps[i].entry->series == st->entry->series &&
		    cs->steps[i].w.step.index == st->w.step.index)
			return 1;
	return 0;
}

/*
 * 1 when e is a kernel's step that its platform's own step makes too, at
 * the same first bad nightly and the same way: that move is classified
 * once, as the platform's, whose evidence names the kernels behind it.
 */
static int part_of_platform_move(const struct scan *sc, const struct scan_entry *e)
{
	time_t bad = e->series->points[e->bad].run->time;

	if (!e->series->kernel || e->kind == SCAN_KERNEL_SET)
		return 0;
	for (size_t i = 0; i < sc->nr_entries; i++) {
		const struct scan_entry *p = &sc->entries[i];

		if (p->kind == SCAN_STEP && !p->series->kernel &&
		    !strcmp(p->series->platform, e->series->platform) &&
		    p->series->points[p->bad].run->time == bad &&
		    (p->step.change_pct < 0) == (e->step.change_pct < 0))
			return 1;
	}
	return 0;
}

/*
 * The window a single query on the first bad nightly's day computes; if
 * that day settles on another step (two moves a night apart), the query
 * on the nightly's exact time, which is where the scan confirmed it.
 */
static int scan_window(struct classify_scan *cs, struct classify_scan_step *st,
		       git_repository *repo, struct config *cfg)
{
	const struct series *s = st->entry->series;
	time_t t = s->points[st->entry->index].run->time;

	format_day(st->date, t);
	for (int exact = 0; exact < 2; exact++) {
		if (exact) {
			window_release(&st->w);
			format_iso_time(st->date, t);
		}
		if (window_compute_loaded(&st->w, repo, cfg, &st->wo, &cs->scan.dash, s) ==
		    WINDOW_ERROR)
			return -1;
		if (st->w.step.index == st->entry->index)
			break;
	}
	return 0;
}

static int classify_entry(struct classify_scan *cs, const struct scan_entry *e,
			  git_repository *repo, struct config *cfg, const struct window_options *wo,
			  const struct classify_options *base)
{
	struct classify_scan_step *st = &cs->steps[cs->nr];
	struct classify_options co = *base;	/* shares the method paths */

	memset(st, 0, sizeof(*st));
	st->entry = e;
	st->wo = *wo;
	st->wo.platform = e->series->platform;
	st->wo.kernel = e->series->kernel;
	st->wo.date = st->date;
	classify_signals_init(&st->sig);
	classify_result_init(&st->res);
	if (scan_window(cs, st, repo, cfg))
		return -1;
	if (seen(cs, st)) {
		window_release(&st->w);
		classify_signals_release(&st->sig);
		return 0;
	}
	/* What the single query loads of the other platforms, it judges them on. */
	co.others_window = 1;
	classify_others_range(st->w.date, wo->span, &co.others_from, &co.others_to);
	co.abbrev = window_abbrev_len(&st->w, repo, base->abbrev);
	if (classify_gather(&st->sig, &st->w, repo, &co))
		return -1;
	classify_explain(&st->res, &st->sig, &st->w, &co);
	cs->nr_cause[st->res.cause]++;
	cs->nr++;
	return 0;
}

static void step_release(struct classify_scan_step *st)
{
	classify_result_release(&st->res);
	classify_signals_release(&st->sig);
	window_release(&st->w);
}

/*
 * A move that cannot be classified skips its platform, as the scan skips
 * one it cannot scan: a warning that says why, and none of its moves is
 * reported (the failed one is released with them).
 */
static void skip_platform(struct classify_scan *cs, const char *platform, const char *why)
{
	size_t kept = 0;

	scan_skip(&cs->scan, platform, why);
	for (size_t i = 0; i <= cs->nr; i++) {
		if (!strcmp(cs->steps[i].entry->series->platform, platform))
			step_release(&cs->steps[i]);
		else
			cs->steps[kept++] = cs->steps[i];
	}
	cs->nr = kept;
}

int classify_scan(struct classify_scan *cs, git_repository *repo, struct config *cfg,
		  struct scan_options *o, const struct classify_options *co)
{
	memset(cs, 0, sizeof(*cs));
	/* The cross-platform check needs the others even when one platform is named. */
	o->all_history = 1;
	if (scan_compute(&cs->scan, repo, cfg, o))
		return -1;
	/* Allocated once: each step's options point at its own date. */
	cs->steps = xcalloc(cs->scan.nr_entries + 1, sizeof(*cs->steps));
	for (size_t i = 0; i < cs->scan.nr_entries; i++) {
		const struct scan_entry *e = &cs->scan.entries[i];
		struct usage_catch outer;
		char *why;
		int failed;

		if (scan_skipped(&cs->scan, e->series->platform) || part_of_platform_move(&cs->scan, e))
			continue;
		usage_catch_begin(&outer);
		failed = classify_entry(cs, e, repo, cfg, o->window, co);
		why = usage_catch_end(&outer);
		if (failed)
			skip_platform(cs, e->series->platform, why ? why : "cannot classify a move");
		else if (why)
			error("%s", why);	/* printed, as it would have been */
		free(why);
	}
	if (!scan_nr_platforms(&cs->scan) && cs->scan.skipped.nr)
		return error("no platform can be scanned");
	return 0;
}

void classify_scan_release(struct classify_scan *cs)
{
	for (size_t i = 0; i < cs->nr; i++)
		step_release(&cs->steps[i]);
	free(cs->steps);
	scan_release(&cs->scan);
	memset(cs, 0, sizeof(*cs));
}
