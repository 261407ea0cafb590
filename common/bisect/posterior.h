#ifndef BISECT_POSTERIOR_H
#define BISECT_POSTERIOR_H

#include <stddef.h>
#include "bisect/bisect.h"

/*
 * The model of `git benchbisect run --metric` (numbers only: the policy
 * that picks the probes and stops is in bisect-judge.c; the derivation
 * and the measured figures are in docs/statistics.md).
 *
 * Positions 0 (the last good end) to nr (the first bad end). Hypotheses:
 * no step (every position measures one level), or a step at the first
 * bad commit c in 1..nr (positions below c at one level, c and above at
 * another). Every run is that level plus normal noise of one sigma
 * common to all runs, except a share POSTERIOR_OUTLIERS of runs drawn
 * from anywhere in a wide range (POSTERIOR_OUTLIER_RANGE times the range
 * of the runs), so that one stray run moves the evidence only so far.
 * The levels (uniform over POSTERIOR_LEVEL_RANGE times the range of the
 * runs) and sigma (prior 1/sigma, or posterior_set_noise()'s) are
 * integrated out, in closed form given each run's share of being normal;
 * those shares come from a variational fit (mean-field EM), so each
 * hypothesis' evidence is a lower bound, tight unless a run is as likely
 * normal as stray. A priori "no step" is as likely as each culprit
 * (1 / (nr + 1): the step may lie past the bad end). Every update weighs
 * every position with every run.
 */
/* A decision holds at least 1 - 1e-4 unless the caller asks otherwise (--confidence). */
#define POSTERIOR_SURE 0.9999
#define POSTERIOR_OUTLIERS 0.03			/* share of runs from the wide range */
#define POSTERIOR_OUTLIER_RANGE 2.0		/* its width, in ranges of the runs */
#define POSTERIOR_LEVEL_RANGE 1.0		/* the levels' prior width, the same */
/*
 * And a commit inside the window may be odd, a priori this likely: its
 * runs at a level of its own (flat over the levels' width), whatever side
 * it is on. Strays are runs one by one; a commit that measures neither
 * level (a broken build that prints 0, a change undone two commits later)
 * is off in every run, which strays explain only at a price that grows
 * with each run, so that a side would rather take its level and make
 * strays of the rest, and name a commit that measured the good level.
 * Small, because no run refutes it: a culprit whose runs measure the bad
 * level may instead be an odd commit that happens to measure it, and this
 * prior (times the width's Occam factor) is all that bounds that doubt,
 * far under 1 - POSTERIOR_SURE. The ends are never odd: they define the
 * two levels.
 */
#define POSTERIOR_ODD_COMMITS 1e-6
/*
 * With a recorded noise (posterior_set_noise()), each hypothesis weighs
 * two: the recorded noise holds, a priori this likely, or it does not and
 * sigma is anything (1/sigma) within this many times it either way. A
 * search whose runs are noisier than the record soon stops believing it.
 */
#define POSTERIOR_NOISE_HELD 0.5
#define POSTERIOR_NOISE_WIDTH 100.0
/*
 * The recorded noise counts as at most this many runs' worth of today's
 * (the degrees of freedom of its prior): on 15 commits at 5 times the
 * noise a right record saves 2 runs of 15.4, and today's runs soon
 * outweigh one that no longer holds.
 */
#define POSTERIOR_NOISE_DF 10.0

/*
 * With posterior_set_states(), "no step" is weighed under a second noise
 * too, a hypothesis of its own a priori this many times as likely as "no
 * step" of normal noise (and as each culprit): noise of two states, each
 * run in one or the other (the share of each unknown), each state a level
 * of its own at most the gap apart, normal noise around each. An H200
 * measured such noise (docs/statistics.md): without it, runs whose states
 * happen to split by commit read as a step. Where no two states fit, the
 * posterior is what it was without them.
 */
#define POSTERIOR_STATES 1.0
/*
 * Where the benchmark's recorded runs show two states (run-states.h),
 * this many times as likely instead: a culprit of states that happened to
 * line up with the commits is then about 1 in 8,000 such windows, not 1
 * in 500, for a run or two more on a step within the states' reach
 * (docs/statistics.md).
 */
#define POSTERIOR_STATES_RECORDED 32.0
/*
 * And they may lie as far apart as this many times the recorded states'
 * gap, when that is further than POSTERIOR_STATES_GAP allows: states
 * 2.3% apart, as the H200's at 21.7 us, are states at --min-change 1%
 * too.
 */
#define POSTERIOR_STATES_REACH 1.5
/*
 * The states lie at most this many times the smallest step worth finding
 * apart (posterior_set_states()): further apart they are a step.
 */
#define POSTERIOR_STATES_GAP 2.0

/*
 * The culprits lo + 1..hi between two neighbouring probed positions (or
 * the window's ends): they split the runs alike, so they share one
 * likelihood. With the fit of that split (the good side below lo + 1,
 * the bad side from hi on).
 */
struct posterior_group {
	size_t lo, hi;
	double p;		/* the posterior that the culprit is one of them */
	double share;		/* of it, this fit's: a split can have two modes (a side
				 * of two runs, one of them stray: either is its
				 * level), each a group of the same culprits */
	double good, bad;	/* the levels (NAN for a side without runs) */
	double n_good, n_bad;	/* the runs behind them, outliers not counted */
	double var;		/* the noise variance's scale (t: S / df) */
	double df;		/* its degrees of freedom */
	double held;		/* the posterior that the recorded noise holds here (0: none) */
};

struct posterior {
	size_t nr;
	size_t runs;			/* the runs weighed */
	double prior_var, prior_df;	/* the noise's prior (posterior_set_noise) */
	int ready;			/* every hypothesis' noise has a degree of freedom:
					 * nothing is decided before */
	double p_none;			/* "no step" */
	double level;			/* its one level */
	double none_var, none_df, none_n; /* its noise and the runs behind the level */
	double none_held;		/* the posterior that the recorded noise holds under it */
	double state_gap;		/* how far apart two states may lie (posterior_set_states()) */
	double state_odds;		/* their prior odds against normal noise */
	double p_states;		/* given "no step", the posterior of noise of two states */
	double states[2];		/* the likeliest two states' levels (NAN: none fit) */
	struct posterior_group *group;	/* by position, owned */
	size_t nr_group, alloc_group;
	/*
	 * Scratch of the update: the runs in position order, their shares of
	 * being normal, their log densities if normal, their commit's share of
	 * being odd (POSTERIOR_ODD_COMMITS).
	 */
	double *y, *w, *in, *odd, *tmp, *by_value;
	double *centre, *spread;	/* at a commit's first run: its runs' median and MAD */
	size_t *pos, alloc_y;
};

void posterior_init(struct posterior *p, size_t nr);
void posterior_release(struct posterior *p);

/*
 * A recorded noise: sigma^2 inverse gamma, as if df runs (at most
 * POSTERIOR_NOISE_DF) had measured a variance var (a scaled inverse
 * chi-square), weighed beside 1/sigma (POSTERIOR_NOISE_HELD). Returns 1
 * when it takes it; 0 for df or var 0, or not finite (values so far
 * apart that their squares overflowed): 1/sigma alone again. Takes effect
 * at the next update.
 */
int posterior_set_noise(struct posterior *p, double var, double df);

/*
 * Weigh "no step" under noise of two states too (POSTERIOR_STATES), the
 * states at most POSTERIOR_STATES_GAP times min_change (the smallest step
 * worth finding, a fraction of the level) apart; 0: normal noise alone.
 * recorded_gap: the gap of the states recorded runs showed (a fraction
 * of the level; 0: none), which makes them POSTERIOR_STATES_RECORDED as
 * likely and reach POSTERIOR_STATES_REACH times it at least. Takes effect
 * at the next update.
 */
void posterior_set_states(struct posterior *p, double min_change, double recorded_gap);

/*
 * Weigh every hypothesis anew with the runs at[0..nr] (positions without
 * runs are unprobed). Needs runs at both ends for a meaningful answer.
 */
void posterior_update(struct posterior *p, const struct samples *at);

/* The group holding the culprit pos (1..nr), and the most probable group. */
const struct posterior_group *posterior_group_of(const struct posterior *p, size_t pos);
const struct posterior_group *posterior_top(const struct posterior *p);
/* The posterior that the first bad commit is pos (1..nr). */
double posterior_culprit(const struct posterior *p, size_t pos);
/* The posterior that pos measures like the bad end (the culprit is at or below it). */
double posterior_bad(const struct posterior *p, size_t pos);
/*
 * How much the hypotheses disagree on what a run at pos would measure:
 * the posterior variance of the level each predicts there ("no step"
 * its one level). With the levels known it is F (1 - F) times the step
 * squared, F the posterior that pos measures like the bad end, largest
 * at the culprit's median; when a level is in doubt (an end alone on its
 * side, an end's first run a stray) the probes that settle it score too.
 */
double posterior_disagreement(const struct posterior *p, size_t pos);

/*
 * The step bad - good: the posterior that it is at most -frac (*down)
 * and at least +frac (*up) times the good level, "no step" counting as 0,
 * and its quantile q (a relative change, NAN without both ends).
 */
void posterior_step_tails(const struct posterior *p, double frac, double *down, double *up);
double posterior_step_quantile(const struct posterior *p, double q);
/* The step's posterior mean, relative to the good level. */
double posterior_step_mean(const struct posterior *p);

/* The quantile q of a level of g: side 0 the good one, 1 the bad one. */
double posterior_level_quantile(const struct posterior_group *g, int side, double q);

/* The likeliest culprits a summary names. */
#define POSTERIOR_TOP 5

/* What a report says of the posterior (intervals of its sure, central). */
struct posterior_summary {
	double sure;			/* the probability a decision needs: the intervals leave 1 - sure each side */
	double p_none;			/* "no step in the window" */
	size_t top[POSTERIOR_TOP];	/* the likeliest culprits, most probable first */
	double top_p[POSTERIOR_TOP];
	size_t nr_top;
	/* The likeliest boundary's levels, then the step relative to the good one. */
	double good[3], bad[3];		/* estimate, low, high (NAN: no runs) */
	double change[3];		/* over the whole posterior, "no step" as 0; NAN: none
					 * (a good level of 0, or change_unmeasured) */
	int change_unmeasured;		/* more than 1 - sure of the posterior lies where the
					 * noise has no degree of freedom (one run a side):
					 * the step there may be anything */
	double noise;			/* one run's, at the likeliest boundary */
	double noise_held;		/* the posterior that the recorded noise holds (NAN: none) */
	double p_states;		/* "no step", the runs of two states (posterior_set_states()) */
	double states[2];		/* the likeliest two states' levels (NAN: none fit) */
	size_t rule_runs;		/* the runs the search's rule still needs before a culprit */
	size_t more_runs;		/* about how many more runs would likely settle it
					 * (0: the runs so far cannot tell) */
};

/*
 * Summarize p; frac is --min-change as a fraction, end_runs the runs at
 * the two ends so far, rule_runs those the search's rule of least runs
 * still needs at the likeliest boundary (bisect_judge_rule_runs()), sure
 * the probability a decision needs (POSTERIOR_SURE unless --confidence).
 */
void posterior_summarize(const struct posterior *p, double frac, size_t end_runs, size_t rule_runs, double sure,
			 struct posterior_summary *s);

/*
 * How far from a level a run lies off it: this many times the noise, the
 * step itself (bad - good) and the reach of two states
 * (POSTERIOR_STATES_GAP times frac, --min-change as a fraction, of the
 * good level), whichever is furthest.
 */
#define POSTERIOR_OFF_LEVEL_NOISES 10.0
double posterior_reach(double good, double bad, double noise, double frac);
/*
 * Whether the runs v of a commit, three or more, all lie off both levels
 * (good and bad, with that noise): it measures neither, and the model has
 * put it down as odd (POSTERIOR_ODD_COMMITS) or its runs as strays, so
 * that a culprit may be right while the window holds a second change, and
 * more of its runs tell nothing of the step.
 */
int posterior_off_level(double good, double bad, double noise, const struct samples *v, double frac);

/* Student's t with df degrees of freedom: P(T <= x), and its inverse. */
double student_t_cdf(double x, double df);
double student_t_quantile(double q, double df);

#endif
