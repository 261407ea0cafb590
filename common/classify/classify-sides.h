#ifndef CLASSIFY_CLASSIFY_SIDES_H
#define CLASSIFY_CLASSIFY_SIDES_H

#include <stddef.h>
#include "history/series.h"

/*
 * Internal to common/classify: a series' values either side of a move,
 * which the gathering of the signals (classify-gather.c) and of each
 * kernel's timers (classify-timers.c) both read.
 */

/*
 * The nightlies a move rests on: before it points[lo .. good_end), after
 * it points[bad .. hi). For a step good_end is bad; a drift's nightlies
 * lie between them.
 */
struct sides {
	size_t lo, good_end, bad, hi;
};

/*
 * The sides of the move from points[good] to points[bad] into sd: each
 * the nightlies within span days of the window's end on that side, up to
 * the last good and from the first bad. Measured from the first bad
 * alone, a run of missing nightlies longer than the span between them
 * left the side before empty, and the evidence claimed no data where the
 * step decision had a level.
 */
void classify_step_sides(const struct series *s, size_t good, size_t bad, int span, struct sides *sd);

/* Median of v[from..to) skipping NAN and non-positive values; NAN when none is left or to <= from. */
double classify_median_range(const double *v, size_t from, size_t to);

/* Percent change of the median level across the move, over its sides; NAN: no data. */
double classify_range_change(const double *v, const struct sides *sd);

/* The metric m of each of s's points, in order; the caller frees it. */
double *classify_metric_values(const struct series *s, enum metric m);

/* The series index of e's run, or -1. */
long classify_point_of(const struct series *s, const struct dash_entry *e);

#endif
