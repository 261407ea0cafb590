#ifndef HISTORY_SERIES_H
#define HISTORY_SERIES_H

#include <stddef.h>
#include <time.h>
#include "dashboard/dashboard.h"

/*
 * A platform's nightly series: one point per nightly run, aggregated over
 * the platform's kernels. Aggregation is chain-linked: the move from one
 * nightly to the next is the geometric mean of the moves of the kernels
 * present on both nights, so a kernel joining or leaving the set cannot
 * pose as a step. The chained index is anchored so that the newest point
 * equals that night's plain geomean. raw_helion keeps the naive geomean.
 */
enum metric {
	METRIC_HELION,
	METRIC_TRITON,
	METRIC_TORCH_COMPILE,
	METRIC_LATENCY,
	METRIC_NR
};

extern const char *const metric_names[METRIC_NR]; /* "helion", "triton", "torch_compile", "latency" */

struct series_point {
	const struct dash_entry *run;	/* run metadata (run_id, sha, date) of this night */
	size_t nr_kernels;		/* kernels with a helion value that night */
	double value[METRIC_NR];	/* chained index; NAN when nothing measured */
	double raw_helion;		/* naive geomean over that night's kernels */
	int kernel_set_changed;		/* kernels differ from the previous point's */
};

struct series {
	const char *platform;		/* platform_short, points into the dashboard */
	const char *kernel;		/* NULL: every kernel of the platform */
	struct series_point *points;	/* ascending by time; owned */
	size_t nr;
	size_t nr_rows;			/* kernels (rows) behind the series */
	const char **kernel_names;	/* [nr_rows], names point into the dashboard; owned array */
	double *helion_by_row;		/* [point * nr_rows + row]: each kernel's helion speedup,
					   NAN when not measured that night; owned */
};

struct series_options {
	const char *platform;
	const char *kernel;	/* NULL for all */
	int all_runs;		/* include manual and side-branch runs */
	int quiet;		/* every failure unprinted: a build on a thread,
				   done again to say why */
};

/*
 * Build the series. An unknown platform or kernel prints an error listing
 * the valid ones and returns -1. The series points into d: release it
 * before the dashboard.
 */
int series_build(struct series *s, const struct dashboard *d, const struct series_options *opts);

/* 0 when d has the platform, else series_build()'s error for it and -1. */
int series_check_platform(const struct dashboard *d, const char *platform);

/*
 * Whether the platform has a run a series counts with a helion speedup:
 * series_build() of it fails without one.
 */
int series_has_data(const struct dashboard *d, const char *platform, int all_runs);
void series_release(struct series *s);

/* Whether nightly i of s has a helion speedup: one without shows no move of its own. */
int series_measured(const struct series *s, size_t i);

/* The nearest nightly of s before index that series_measured() into *out; 0 when none is. */
int series_measured_before(const struct series *s, size_t index, size_t *out);

/*
 * A nightly pair as the dashboard's plain geomean sees it, and as the
 * kernels measured on both nights do. The one place these numbers are
 * computed: every output of every command that shows them reads them
 * from here.
 */
struct pair_move {
	double plain_pct;	/* the plain geomean's move, raw_helion[bad] / raw_helion[good] - 1 */
	double common_pct;	/* the geomean move of the kernels measured on both nights; NAN: none */
	size_t common;		/* how many kernels that is */
};

void series_pair_move(const struct series *s, size_t good, size_t bad, struct pair_move *out);

#endif
