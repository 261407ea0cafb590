#ifndef HISTORY_SPARSE_H
#define HISTORY_SPARSE_H

#include "history/series.h"

/*
 * Kernels measured only now and then. A kernel's move between two of its
 * measurements belongs to the window from its last measurement before to
 * its first after; chain-linking carries its last value forward, so when
 * it comes back on first bad after missing last good, its whole move since
 * lands on this nightly pair although the commits behind it may be older.
 */
struct sparse_kernel {
	const char *kernel;	/* points into the dashboard */
	size_t since;		/* the series index of its last measurement before index - 1 */
	double change_pct;	/* its Helion speedup from points[since] to points[index] */
	double noise_pct;	/* its own series' noise (series_noise), set by sparse_kernels_noise() */
};

/*
 * The kernels of platform series s measured at points[bad] but not at
 * points[good] (the window's last good nightly: bad - 1, or the one before
 * a drift), with their last measurement before it, in row order (kernels
 * new at bad have nothing to compare and are not listed). Returns how
 * many; *out is owned by the caller (free()), NULL when none. A
 * one-kernel series, or bad 0, has none.
 */
size_t series_sparse_kernels(const struct series *s, size_t good, size_t bad,
			     struct sparse_kernel **out);

/*
 * Fill each kernel's noise_pct from its own series in d (the platform of
 * s, all_runs as s was built). Returns 0, or -1 with an error printed.
 */
int sparse_kernels_noise(struct sparse_kernel *k, size_t nr, const struct series *s,
			 const struct dashboard *d, int all_runs);

/*
 * 1 when k's move clears its own noise and the step decision's
 * thresholds: a move that distorts the window, which the text reports
 * warn about (--json lists every sparse kernel).
 */
int sparse_kernel_matters(const struct sparse_kernel *k, double noise_multiple, double min_change);

#endif
