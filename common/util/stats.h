#ifndef UTIL_STATS_H
#define UTIL_STATS_H

#include <stddef.h>

/*
 * The project's one median: every robust level, spread (1.4826 MAD) and
 * bisect verdict is built on it.
 *
 * Sort v (n values) in place, NAN values dropped to the end of the kept
 * part, and return the median of the others; NAN when there are none.
 */
double stats_median(double *v, size_t n);

#endif
