#ifndef SERIES_H
#define SERIES_H

#include <stddef.h>
#include <time.h>
#include "dashboard.h"

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
};

struct series_options {
	const char *platform;
	const char *kernel;	/* NULL for all */
	int all_runs;		/* include manual and side-branch runs */
};

/*
 * Build the series. An unknown platform or kernel prints an error listing
 * the valid ones and returns -1. The series points into d: release it
 * before the dashboard.
 */
int series_build(struct series *s, const struct dashboard *d, const struct series_options *opts);
void series_release(struct series *s);

/* Sort v (n values) and return the median; NAN values are skipped. */
double median_of(double *v, size_t n);

/*
 * The series' own noise: a robust standard deviation (1.4826 * MAD) of the
 * night-to-night log changes of metric m, halved in variance since each
 * change spans two noisy nights; floored at 0.5% so a perfectly flat
 * synthetic series does not make every wiggle infinitely significant.
 */
double series_noise(const struct series *s, enum metric m);

struct step {
	int found;		/* a step was detected; else index (when > 0) is the
				   boundary at the date, shown for reference */
	size_t index;		/* first_bad = points[index], last_good = points[index - 1] */
	double before;		/* median helion level before */
	double after;		/* median helion level after */
	double change_pct;	/* 100 * (after / before - 1) */
	double noise_pct;	/* series_noise() in percent */
	double score;		/* |log change| / noise */
	int persistent;		/* the nightlies after stay at the new level */
	size_t nr_after;	/* nightlies after the step that the verdict rests on */
};

struct step_options {
	time_t date;		/* the user's date */
	int span_days;		/* look this many days each side */
};

/*
 * Find the most significant persistent step near opts->date: every
 * boundary whose first-bad nightly lies within span days of the date is
 * scored by its median-based level change over the series' noise (one
 * outlier cannot win: it moves neither median); ties go to the boundary
 * nearest the date. A date outside the series prints an error naming the
 * series' range and returns -1. With too few points, found stays 0.
 */
int series_find_step(const struct series *s, const struct step_options *opts, struct step *out);

/*
 * The nightlies a boundary at index rests on: points[*lo .. *hi), those
 * within span days before (plus the night of the step) and after it.
 */
void series_step_range(const struct series *s, size_t index, int span_days, size_t *lo, size_t *hi);

/* Fill out for the boundary at index (for --good/--bad given by the user). */
void series_step_at(const struct series *s, size_t index, int span_days, struct step *out);

#endif
