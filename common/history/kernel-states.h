#ifndef HISTORY_KERNEL_STATES_H
#define HISTORY_KERNEL_STATES_H

#include "history/step.h"

/*
 * Machine states in the kernels' own series: the platform's nightlies in
 * its smaller state, and each kernel's series folded by them.
 */

/*
 * Machine states: the platform's nightlies in its smaller state, a flag a
 * nightly of s (levels_state_nights()), or NULL when it shows one state;
 * the caller frees it.
 */
unsigned char *series_minority_nights(const struct series *s);

/*
 * Metric m of one kernel's series k with its nights of the smaller state
 * (minority: a flag a point of k) moved by that kernel's own difference
 * between the states: the medians of its log values on each (3 nights a
 * state at least), as the platform's are moved (levels.c).
 */
void series_fold_states(struct series *k, const unsigned char *minority, enum metric m);

#endif
