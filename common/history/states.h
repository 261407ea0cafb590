#ifndef HISTORY_STATES_H
#define HISTORY_STATES_H

#include <stddef.h>

/*
 * Two machine states among a stretch's nightly values (log, adjusted for
 * the weekday), found by the sort of the values (states.c says how they
 * are told from a step, a dip or a drift). The levels fold them
 * (levels-states.c).
 */
#define STATE_GAP 1.5	/* the gap between the groups, in their spread, at least */
#define STATE_SEP 4.0	/* and their medians this many spreads apart */
#define STATE_MIN 3	/* nightlies in a group at least */

struct states {
	double cut;		/* the value between the groups */
	double shift;		/* what moves the smaller group onto the larger */
	int minority_low;	/* the smaller group is the one below the cut */
};

/* Whether the value x lies in st's smaller group. */
int states_in_smaller(const struct states *st, double x);

/* The value x moved onto st's larger group, if it is in the smaller. */
double states_onto_larger(const struct states *st, double x);

/*
 * The groups of sorted[0..n) (ascending) split after s: their medians
 * into *m0 and *m1, and the spread both share (the return value).
 */
double states_split(const double *sorted, size_t n, size_t s, double *m0, double *m1);

/*
 * The log-likelihood of k of m nights in one state, each night drawn at
 * the share k / m: a machine's state comes at its own rate.
 */
double states_share_ll(size_t k, size_t m);

/*
 * The states of the values v[0..n), in time order, given sorted[0..n),
 * the same sorted ascending: 1 with *st filled, or 0.
 */
int states_of_sorted(const double *v, const double *sorted, size_t n, struct states *st);

/* The same, v unsorted (sorted on a copy). */
int states_find(const double *v, size_t n, struct states *st);

#endif
