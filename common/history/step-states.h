#ifndef HISTORY_STEP_STATES_H
#define HISTORY_STEP_STATES_H

#include <stddef.h>
#include "history/levels.h"

/*
 * The step that machine states hide (step-states.c), for the step search
 * of step.c: the mixture of two states under one step
 * (levels_state_step()), judged by the step decision in the noise within
 * a state.
 */
struct state_answer {
	struct cut_test t;		/* the decision (t.found), its levels and their nightlies */
	size_t index;			/* the step's nightly in the series */
	size_t last_good, first_bad;	/* its window, nightlies of the series */
	int outside;			/* step_states_beyond_answer(): found, its window outside the span */
};

/*
 * Where l found machine states: the step the mixture places at a nightly
 * of x[a .. b), weighed over x[lo .. hi), when it clears the decision
 * (noise_multiple, min_change). With as_folded, the mixture's states
 * must be those folding found. Returns 1 with *out filled, else 0.
 */
int step_states_answer(const struct levels *l, size_t lo, size_t hi, size_t a, size_t b, int as_folded,
		       double noise_multiple, double min_change, struct state_answer *out);

/*
 * Where x[lo .. hi) lie between cuts of l either side of x[a .. b) that
 * do not hold the date: the step the mixture places over one level more
 * each side, taken only where its window lies in x[a .. b); where it
 * clears the decision with a window that does not, out->outside says so.
 * Returns 1 with *out filled, else 0.
 */
int step_states_beyond_answer(const struct levels *l, size_t lo, size_t hi, size_t a, size_t b,
			      double noise_multiple, double min_change, struct state_answer *out);

/*
 * Where sharp cut k of l is one of a cluster of cuts a few nightlies
 * apart (cuts *first .. *last), the step the mixture places over the
 * nightlies between the cuts either side of it, at a nightly of x[a ..
 * b) there: one step beside a run of nights in the other state. Returns
 * 1 with *out, *first and *last filled, else 0.
 */
int step_states_run_answer(const struct levels *l, size_t k, size_t a, size_t b, double noise_multiple,
			   double min_change, struct state_answer *out, size_t *first, size_t *last);

#endif
