#ifndef HISTORY_SCAN_H
#define HISTORY_SCAN_H

#include <git2.h>
#include "util/strvec.h"
#include "history/window.h"

/*
 * git benchwindow --scan: every significant step and kernel-set change of
 * every platform (or the named ones) in a date range, from one load of the
 * dashboard. A step is what a single query on its first bad nightly's date
 * reports as found (series_find_step, the same decision): the scan only
 * chooses the dates to ask about.
 */
enum scan_kind {
	SCAN_STEP,
	SCAN_KERNEL_SET,
	/*
	 * A move the single query on its nightly calls undecided: neither a
	 * step nor ruled out. Listed, so that a range holding one is not
	 * called still; it is no step (a scan's exit status ignores it).
	 */
	SCAN_UNDECIDED,
};

struct scan_entry {
	enum scan_kind kind;
	const struct series *series;	/* the platform's or a kernel's; points into scan.series */
	size_t index;			/* the step's night (its likeliest first bad) */
	size_t bad;			/* the window's first bad: index, or the nightly after (step.h) */
	size_t good;			/* last good = points[good]: index - 1, or before a drift */
	struct step step;		/* SCAN_STEP, SCAN_UNDECIDED: the single query's step at that date */
	struct kernel_set_change set_change;	/* SCAN_KERNEL_SET; owned */
	struct window_end last_good;	/* resolved when a repository is present */
	struct window_end first_bad;
	int counted;			/* both ends resolved: the counts below hold */
	size_t nr_commits;		/* first-parent commits last_good..first_bad */
	size_t nr_slice;		/* those in the platform's slice */
	struct sparse_kernel *sparse;	/* a platform's kernels back at first bad after missing
					   last good (history/sparse.h), noise filled; owned */
	size_t nr_sparse;
};

struct scan_options {
	const char *since;	/* user dates; NULL: the last 30 days of the dashboard */
	const char *until;
	const char **platforms;	/* nr_platforms names; none: every platform */
	size_t nr_platforms;
	int kernels;		/* also each kernel's own series */
	const struct window_options *window;	/* source, span, thresholds, slice */
	int all_history;	/* benchbisect --scan: load every platform's history, every
				   metric of it, even when one platform is named */
	int list_only;		/* --list-dates: the moves are listed, nothing is judged,
				   so a range where no nightly follows another is empty,
				   and so is a platform without a series (manual runs only) */
};

struct scan {
	struct dashboard dash;
	struct series *series;	/* each platform scanned, then (--kernels) its
				   kernels' series (series.kernel set); owned */
	size_t nr_series;
	size_t nr_platforms;
	time_t since, until;	/* [since, until): the days scanned */
	struct scan_entry *entries;	/* newest first; owned */
	size_t nr_entries, alloc_entries;
	size_t nr_steps;	/* entries of kind SCAN_STEP */
	size_t nr_undecided;	/* entries of kind SCAN_UNDECIDED */
	double noise_multiple, min_change;	/* the step decision's (sparse_kernel_matters()) */
	struct strvec skipped;	/* platforms that could not be scanned, each said why in a
				   warning: no entry of theirs is kept, and their series
				   (when built) are not counted as scanned */
};

#define SCAN_DEFAULT_DAYS 30

/* The range options of every --scan (benchwindow's and benchbisect's). */
#define OPT_SCAN_RANGE(since, until) \
	OPT_STRING(0, "since", (since), "date", "with --scan: from <date> (default: the 30 days that end with --until, else with the newest nightly)"), \
	OPT_STRING(0, "until", (until), "date", "with --scan: up to <date>, inclusive")

/*
 * Load the dashboard, scan, and (when repo is not NULL) count each
 * window's commits; a nightly whose commit is not local leaves its
 * entry uncounted, with no error. A platform that cannot be scanned is
 * skipped (scan_skip()); a platform named that the dashboard lacks, or
 * none left to scan, is an error. Returns -1 with an error printed on
 * failure. Always call scan_release().
 */
int scan_compute(struct scan *sc, git_repository *repo, struct config *cfg,
		 const struct scan_options *o);
void scan_release(struct scan *sc);

/*
 * Skip platform: a warning that says why, and it is left out of what the
 * scan reports (the caller drops its entries). scan_compute() skips a
 * platform that cannot be scanned (a row it cannot read, no runs to
 * count, a window it cannot count) and goes on; benchbisect --scan one
 * whose move it cannot classify.
 */
void scan_skip(struct scan *sc, const char *platform, const char *why);
int scan_skipped(const struct scan *sc, const char *platform);

/*
 * Append to days the days of the moves the scan found (its entries' first
 * bad nightlies, UTC, YYYY-MM-DD), newest first, each once: what
 * completion offers for a <date> (benchwindow's hidden --list-dates).
 */
void scan_move_days(const struct scan *sc, struct strvec *days);

/* The platforms scanned and the kernels' series, skipped ones left out. */
size_t scan_nr_platforms(const struct scan *sc);
size_t scan_nr_kernel_series(const struct scan *sc);

/* 1 when entry i is at the same nightly of the same series as entry i - 1 (a step and a kernel-list change). */
static inline int scan_entry_repeats(const struct scan *sc, size_t i)
{
	return i && sc->entries[i].series == sc->entries[i - 1].series &&
		sc->entries[i].index == sc->entries[i - 1].index;
}

#endif
