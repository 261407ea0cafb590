#ifndef BISECT_RUN_STATES_H
#define BISECT_RUN_STATES_H

#include <stddef.h>
#include <stdio.h>
#include "bisect/bisect.h"

/*
 * Whether a benchmark's recorded runs fall in two states: each run of a
 * commit its commit's level, or that level plus one gap common to every
 * commit, with a normal noise around each (docs/statistics.md, "Two
 * states from recorded runs"). An H200 showed it: each run's process in
 * one of two states 0.5 us apart, tight within each. Only runs repeated
 * at one commit can tell two states from a step, and the record has them.
 *
 * Each commit's runs are taken as deviations from their mean (a level
 * fitted a commit would make two states likelier the more commits there
 * are), and both models fitted to them, two states by EM over every
 * assignment of a commit's runs to the states. The record shows two
 * states when twice the log of the likelihood ratio is at least
 * RUN_STATES_RATIO, the gap at least RUN_STATES_SEPARATE times the wider
 * state's spread, the spreads within RUN_STATES_ALIKE of each other, each
 * state at least RUN_STATES_SHARE of the runs, and RUN_STATES_COMMITS
 * commits hold both. Strays the pool's trim kept (it measures from each
 * commit's mean, which a stray moves) fit as an upper state of a few
 * runs far off, wider than the noise: the share and the spreads' rules
 * are for them. Measured by bench/record-states (docs/statistics.md):
 * records of normal noise with strays showed two states in at most 11
 * of 100,000 (3 to 60 commits); the H200's states were found in 44-50%
 * of records of 10 commits, 77-88% of 20, 98% of 60.
 */
#define RUN_STATES_RATIO 20.0
#define RUN_STATES_SEPARATE 4.0
#define RUN_STATES_ALIKE 3.0
#define RUN_STATES_SHARE 0.25
/* Commits expected to hold runs of both states (and of two runs or more) at least. */
#define RUN_STATES_COMMITS 3

struct run_states {
	int found;		/* the record shows two states */
	double gap;		/* the upper state over the lower, a fraction of the level (found) */
	double share;		/* the upper state's share of the runs */
	double within;		/* the wider state's spread of runs around it (absolute) */
	double ratio;		/* twice the log-likelihood ratio, two states against one */
	double mixed;		/* the commits expected to hold runs of both states */
};

/*
 * Fit two states to the runs of at[0..nr) with keep[c][i] set (a commit
 * of fewer than two such runs says nothing). The level is the median of
 * the commits' means.
 */
void run_states_fit(struct run_states *s, const struct samples *at, size_t nr, unsigned char *const *keep);

/* Where s was found: "; two states X% apart, Y% of the runs in the upper" (else nothing). */
void run_states_print(FILE *fp, const struct run_states *s);

#endif
