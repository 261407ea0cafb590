#ifndef UTIL_STATS_H
#define UTIL_STATS_H

#include <math.h>
#include <stddef.h>

/*
 * The project's one median: every robust level, spread (1.4826 MAD) and
 * bisect verdict is built on it.
 *
 * Return the median of the values of v (n of them) that are not NAN; NAN
 * when there are none. v is reordered in place: the kept values first, in
 * no particular order (found by selection, not sorted).
 */
double stats_median(double *v, size_t n);

/*
 * The median absolute deviation of v[0..n) (no NAN), the raw one (the
 * robust spread is 1.4826 times it); *median gets the median itself.
 * tmp holds n doubles of scratch. NAN for n 0.
 */
double stats_mad(const double *v, size_t n, double *tmp, double *median);

/* Sort v[0..n) ascending; no NAN in v. */
void stats_sort(double *v, size_t n);

/* Insert x into the ascending v[0..n), which has room for n + 1. */
void stats_sorted_insert(double *v, size_t n, double x);

/*
 * The same median of v[0..n) already sorted ascending, no NAN: NAN when n
 * is 0. Inline: the machine-states search reads it at every split.
 */
static inline double stats_median_sorted(const double *v, size_t n)
{
	if (!n)
		return NAN;
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The regularized incomplete beta function I_x(a, b), a, b > 0 (the tails of Student's t). */
double stats_beta_regularized(double a, double b, double x);

#endif
