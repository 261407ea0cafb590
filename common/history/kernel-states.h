#ifndef HISTORY_KERNEL_STATES_H
#define HISTORY_KERNEL_STATES_H

#include "history/step.h"

/*
 * Machine states in the kernels' own series: the platform's nightlies in
 * its smaller state, each kernel's series folded by them, and the state
 * of a kernel step's end night read again off the other kernels.
 */

/*
 * Machine states: the platform's nightlies in its smaller state, a flag a
 * nightly of s (levels_state_nights()), or NULL when it shows one state;
 * the caller frees it.
 */
unsigned char *series_minority_nights(const struct series *s);

/*
 * The same, or where the sort of the nightlies shows no two states, those
 * the levels of the whole series fold (levels_init(): also across each
 * cut, where a step about the states' distance turned their two groups
 * into three): the states a move's timers are read in. A kernel's own
 * search takes the levels' only to narrow its window (series_kernel_steps()).
 * NULL when neither finds states; the caller frees it.
 */
unsigned char *series_minority_nights_across_cuts(const struct series *s);

/*
 * The levels' part of it alone: the flags the levels of the whole series
 * fold, NULL where they fold none (for a caller that has had the sort's
 * NULL already); the caller frees it.
 */
unsigned char *series_minority_nights_of_levels(const struct series *s);

/*
 * Metric m of one kernel's series k with its nights of the smaller state
 * (minority: a flag a point of k) moved by that kernel's own difference
 * between the states: the medians of its log values on each (3 nights a
 * state at least), as the platform's are moved (levels.c). With cut (a
 * point of k; 0: none), that difference is taken within each side of it
 * (the points before cut, and from it on) and pooled: across a step that
 * a kernel makes, medians over both sides mix its two levels.
 */
void series_fold_states(struct series *k, const unsigned char *minority, enum metric m, size_t cut);

/*
 * Kernel r's step st, found in its own series k (folded by the platform's
 * minority flags): an end night whose value, read in the other state,
 * fits the far side's level, and whose state as folded the kernels that
 * did not step there do not favour by 20 to 1 (or cannot read, for a
 * folded night), could lie on either side, and st's window takes it in,
 * and the next while the same holds.
 */
void kernel_step_state_ends(const struct series *s, size_t r, const unsigned char *minority,
			    const struct series *k, struct step *st);

/*
 * Whether the kernels but r read night t (an index of s) in the state
 * the minority flags give it, favouring it by 20 to 1; 0 where none can
 * read it.
 */
int state_witnessed(const struct series *s, size_t r, const unsigned char *minority, size_t t);

#endif
