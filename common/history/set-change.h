#ifndef HISTORY_SET_CHANGE_H
#define HISTORY_SET_CHANGE_H

#include "history/series.h"

/*
 * A change of the platform's kernel list between two consecutive
 * nightlies: the plain geomean the dashboard shows moves with it while the
 * chain-linked series does not, so it is reported on its own.
 */
struct kernel_set_change {
	size_t index;		/* the first nightly with the new list; 0: none */
	const char **gone;	/* kernels measured the night before, not this night */
	size_t nr_gone;
	const char **added;	/* kernels measured this night, not the night before */
	size_t nr_added;
	double plain_change_pct;	/* the naive geomean's move across the pair */
	double common_change_pct;	/* geomean move of the kernels on both nights */
};

/*
 * The kernel-set change whose first nightly lies within span_days of date,
 * nearest it (index 0 when there is none). The name arrays are owned by
 * out, the names point into the series' dashboard.
 */
void series_find_set_change(const struct series *s, time_t date, int span_days,
			    struct kernel_set_change *out);
/* The change at the pair (index - 1, index), for any index > 0. */
void series_set_change_at(const struct series *s, size_t index, struct kernel_set_change *out);
void kernel_set_change_release(struct kernel_set_change *c);

#endif
