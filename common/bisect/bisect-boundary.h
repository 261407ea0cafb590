#ifndef BISECT_BISECT_BOUNDARY_H
#define BISECT_BISECT_BOUNDARY_H

#include <stddef.h>
#include "bisect/bisect.h"
#include "bisect/posterior.h"

/*
 * Internal to common/bisect: whether the likeliest boundary of a --metric
 * search is settled, for the policy of bisect-judge.c. Nothing here runs
 * anything or owns anything; what it reads is borrowed.
 */

/* What the rules read of a search. */
struct boundary {
	const struct samples *values;	/* nr + 1: the runs at each position */
	size_t nr;			/* commits in the window */
	double min_change;		/* the smallest step worth finding, percent */
	double sure;			/* the probability a decision needs */
};

/*
 * The least runs each side of the culprit's boundary has in all before
 * the culprit is named, and each end before the ends are called alike:
 * two stray runs that agree (or one at an end) can pass for a level of
 * their own, three hardly.
 */
#define METRIC_SIDE_RUNS 3
/*
 * The least runs the culprit and its parent each have before the culprit
 * is named: one stray run there cannot name it alone (the posterior
 * weighs a second run against it). Three, as for the sides, cost 1 to
 * 1.6 runs more a search at steps of 14x the noise and up, for no
 * measurable fewer wrong culprits (docs/statistics.md).
 */
#define METRIC_PROBE_RUNS 2

/*
 * --metric: a commit next to the step whose median measures neither
 * level is named the first off the good level only when three in four
 * of its runs, METRIC_ODD_RUNS at least, lie within METRIC_ODD_SPREAD of
 * its median's distance from the nearer level: the runs of one level of
 * its own (a stray among them allowed), not strays that happened to
 * land off both.
 */
#define METRIC_ODD_SPREAD 0.25
#define METRIC_ODD_RUNS 3
/*
 * --metric: a boundary's last good commit measures like the good end,
 * and its first bad like the bad end (half the end's runs or more, of
 * two both, within this many noise units of the commit's median, the
 * noise within commits, or within twice --min-change), or else is at a
 * level of its own with the commit beyond it like the end. The fit can
 * take a commit at a level of its own for a side's level when the end
 * has one run, and widen its noise to cover the rest (docs/statistics.md).
 */
#define METRIC_UNLIKE_NOISES 5.0
/* And an end unlike its boundary's commit runs this many times before that commit is taken for odd. */
#define METRIC_END_RUNS 5
/* The noise within commits is trusted from this many degrees of freedom. */
#define METRIC_WITHIN_DF 3

/*
 * The commit a decision on a boundary waits for, or NO_PROBE: the last
 * commit of the good level lo and the first of the bad level hi (the
 * likeliest boundary's, or those about a commit at neither level) short
 * of METRIC_PROBE_RUNS runs or their sides of METRIC_SIDE_RUNS in all
 * (that commit), an end off its side's level in top (that end), or lo
 * or hi unlike its side's end (that end or commit). NEVER_SETTLED: more
 * runs will not settle it (a commit at a level of its own, or like the
 * other end).
 */
#define NO_PROBE ((size_t)-1)
#define NEVER_SETTLED ((size_t)-2)
size_t boundary_unsettled(const struct boundary *j, const struct posterior_group *top, size_t lo, size_t hi);

/* Whether x's runs lie off both levels of top: more of them tell nothing of the step. */
int boundary_measures_neither(const struct boundary *j, const struct posterior_group *top, size_t x);

/*
 * A commit x next to the step at a level of its own, x when the two
 * culprits about it (x and x + 1) hold the posterior together, else 0;
 * in *wait what naming it waits for, or NO_PROBE.
 */
size_t boundary_off_level_pair(const struct boundary *j, const struct posterior *p, const struct posterior_group *top,
			       size_t *wait);

/* Whether top's last good commit is itself at a level of its own. */
int boundary_odd_before_step(const struct boundary *j, const struct posterior_group *top);

/*
 * The runs pos lacks, it next to a boundary and from..to its side:
 * METRIC_PROBE_RUNS there, METRIC_SIDE_RUNS in all.
 */
size_t boundary_runs_short(const struct boundary *j, size_t pos, size_t from, size_t to);

#endif
