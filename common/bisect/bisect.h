#ifndef BISECT_H
#define BISECT_H

#include <stddef.h>
#include <git2.h>

/*
 * The search and the verdicts of `git benchbisect run` (pure logic; the
 * driver is bisect-run.h): a binary search over the first-parent commits of
 * the window, running the user's command in a scratch tree.
 *
 * Positions: 0 is the last good end, 1..nr the window's commits oldest
 * first (nr is the first bad end). Position 0 is assumed good and nr
 * assumed bad; the bad end is tested when the search would otherwise name
 * it, the good end when the search would name position 1, so a culprit is
 * only named between two tested verdicts.
 */
enum bisect_mark { MARK_UNTESTED, MARK_GOOD, MARK_BAD, MARK_SKIP };

enum bisect_status {
	BISECT_TEST,		/* test the positions given next */
	BISECT_FOUND,		/* the first bad commit is at hi */
	BISECT_NOT_REPRODUCED,	/* the bad end tested good */
	BISECT_GOOD_END_BAD,	/* the good end tested bad: the move is older */
	BISECT_ONLY_SKIPPED	/* skipped commits hide it: one of (lo, hi] */
};

struct bisect {
	size_t nr;
	unsigned char *mark;		/* nr + 1 marks, owned */
	const unsigned char *slice;	/* nr + 1 flags (position 0 unused), or NULL */
	int slice_first;		/* test slice commits first */
	size_t lo, hi;			/* lo good, hi bad (assumed or tested) */
	int fresh_bad;			/* hi tested bad since the last round was planned */
};

void bisect_init(struct bisect *b, size_t nr, const unsigned char *slice, int slice_first);
void bisect_release(struct bisect *b);

/*
 * Record a verdict (a later one replaces an earlier one at the same
 * position). lo and hi follow the marks: hi is the lowest bad position
 * (nr when none), lo the highest good one below it (0 when none).
 */
void bisect_mark(struct bisect *b, size_t pos, enum bisect_mark m);

/*
 * Plan the next round of at most jobs tests (k-ary search): positions
 * that cut (lo, hi) into jobs + 1 parts of about even sizes, chosen for
 * the fewest rounds on average with the worst case of even parts (see
 * plan_cuts), each the untested one nearest its cut; with slice_first
 * the slice commits nearest those points first (and the parent of a slice
 * commit that just tested bad before anything). Slots the inside cannot
 * fill test the ends that still need it. Returns BISECT_TEST with *nr > 0
 * positions in pos (room for jobs), ascending, or the outcome. With
 * nothing skipped, jobs = N names a culprit of a W-commit window within
 * ceil(log_{N+1} W) rounds, and the oldest or the newest commit, whose
 * end must be tested, within one more (2 for W = 1 and N = 1); jobs = 1
 * is a binary search (tests/unit/test-bisect.c).
 */
enum bisect_status bisect_next_round(struct bisect *b, size_t jobs, size_t *pos, size_t *nr);

/*
 * Verdicts from repeated runs, asked after each run (a sequential test:
 * a commit gets one run, and more only while it is ambiguous).
 *
 * Exit codes, max_runs at most: the verdict of a majority of max_runs,
 * decided as soon as it cannot change; JUDGE_UNKNOWN while it can, and
 * at the end on a tie.
 *
 * --metric (the policy is in bisect-judge.c, its proof in
 * tests/unit/test-bisect.c): every run of the search is evidence. The
 * runs at and below the last good commit are the good side, those at and
 * above the first bad one the bad side (metric_fit): each side's level is
 * the median of its commits' medians, and the noise of one run is pooled
 * over both (the root mean square of every run's distance from its
 * side's level without its own commit, outliers beyond 5 MAD spreads
 * left out, never below the spread of one commit's runs among
 * themselves, widened for few runs, at least 1/20 of the gap).
 * metric_judge is Wald's sequential test of one commit's runs against the
 * two levels: good or bad when the log likelihood ratio passes METRIC_LLR,
 * up to three runs all agree (within twice the measured spread of their
 * median, more runs by a majority) and the median lies within METRIC_Z
 * standard errors of that level (runs more than METRIC_Z sigma beyond
 * both levels are outliers, no evidence). metric_nearer is the search's
 * lean from a single run: the nearer level, unless within a quarter of
 * the gap from the midpoint or beyond both levels by half the gap. A
 * commit still unclear after its runs is given up only once each end has
 * three runs that agree (metric_agree): one run at an end may be an
 * outlier that misplaced its level. A lean is only a lean: before a culprit is named, both ends and the boundary's
 * two commits must pass metric_judge against a fit without their own
 * runs, and every other commit fit its side (metric_misfit).
 */
#define METRIC_Z 3.0
/* The smallest step, in (widened) noise of one run, that is bisected. */
#define METRIC_GAP 4.0
/* ln(1 / 0.0001): Wald's bound for an error rate of 0.01% each way. */
#define METRIC_LLR 9.2

enum judgement { JUDGE_GOOD, JUDGE_BAD, JUDGE_UNKNOWN };

/* What the runs at one commit say, as `benchbisect run` reports it. */
enum step_verdict {
	STEP_GOOD,
	STEP_BAD,
	STEP_SKIP,		/* the command said so (125, or failed with --metric), or
				 * it timed out or its launcher failed twice */
	STEP_UNCLEAR,		/* --metric: still ambiguous at the run limit */
	STEP_ALIKE		/* --metric: the two ends measure alike */
};

struct samples {
	double *v;
	size_t nr, alloc;
};

void samples_add(struct samples *s, double v);
void samples_release(struct samples *s);
double samples_median(const struct samples *s);

enum judgement judge_exits(size_t nr_good, size_t nr_bad, size_t max_runs);

struct metric_fit {
	double good, bad;		/* each side's level (NAN: no runs) */
	double sigma;			/* noise of one run (INFINITY: too few runs) */
	double spread;			/* the same before widening for few runs */
	size_t nr_good, nr_bad;		/* runs behind each level */
};

/*
 * Fit the levels and the noise on the runs at (nr + 1 positions)
 * 0..lo (good) and hi..nr (bad), leaving out the runs at skip (SIZE_MAX:
 * none) and at positions marked MARK_SKIP in mark (NULL: none).
 */
void metric_fit(struct metric_fit *f, const struct samples *at, const unsigned char *mark, size_t nr,
		size_t lo, size_t hi, size_t skip);
enum judgement metric_judge(const struct metric_fit *f, const struct samples *c);
/* Whether c's runs agree: up to three all within twice the spread of their median, more by a majority. */
int metric_agree(const struct metric_fit *f, const struct samples *c);
enum judgement metric_nearer(const struct metric_fit *f, const struct samples *c);
/* The two levels differ by METRIC_GAP sigma and METRIC_Z standard errors. */
int metric_fit_separated(const struct metric_fit *f);

/*
 * The first position with runs, at or below lo or at or above hi, whose
 * median lies more than METRIC_Z standard errors from its side's level
 * (fitted without it): a misjudged commit, or an outlier that moved a
 * level. A commit marked skip with two runs or more is held to its own
 * spread instead, and must also lie nearer its side's level than the
 * other. SIZE_MAX when every one fits.
 */
size_t metric_misfit(const struct samples *at, const unsigned char *mark, size_t nr, size_t lo, size_t hi);

/* metric_judge and metric_fit_separated with the runs of the two ends alone. */
enum judgement judge_metric(const struct samples *good, const struct samples *bad,
			    const struct samples *c);
int metric_separated(const struct samples *good, const struct samples *bad);

#endif
