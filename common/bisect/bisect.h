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
 * spread evenly over (lo, hi), each the untested one nearest its share
 * of the interval; with slice_first the slice commits nearest those
 * points first (and the parent of a slice commit that just tested bad
 * before anything). Slots the inside cannot fill test the ends that still
 * need it. Returns BISECT_TEST with *nr > 0 positions in pos (room for
 * jobs), ascending, or the outcome. With jobs = 1 it is a binary search
 * naming the culprit within ceil(log2 W) + 1 rounds (2 for W = 1); with
 * jobs = N within ceil(log_{N+1} W) + 1 (tests/unit/test-bisect.c).
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
 * --metric: each end is run at least twice, and until the two medians
 * differ by more than METRIC_Z standard errors (metric_separated). The
 * noise of one run comes from the ends (their pooled spread, 1.4826 MAD,
 * widened for few runs, at least 1/20 of the gap). A commit is good or
 * bad when its median is more than METRIC_Z standard errors from the
 * midpoint of the ends and, with fewer than 3 runs, within METRIC_Z of
 * the closer end; JUDGE_UNKNOWN otherwise. With normal noise a single
 * verdict is wrong with probability below 0.14% (one-sided 3 sigma) even
 * at the margin, and far less on a step of 5x the noise or more, where
 * a run lies 2.5 sigma beyond the margin; the man page says so.
 */
#define METRIC_Z 3.0
/* ln(1 / 0.001): Wald's bound for an error rate of 0.1% each way. */
#define METRIC_LLR 6.9

enum judgement { JUDGE_GOOD, JUDGE_BAD, JUDGE_UNKNOWN };

struct samples {
	double *v;
	size_t nr, alloc;
};

void samples_add(struct samples *s, double v);
void samples_release(struct samples *s);
double samples_median(const struct samples *s);

enum judgement judge_exits(size_t nr_good, size_t nr_bad, size_t max_runs);
enum judgement judge_metric(const struct samples *good, const struct samples *bad,
			    const struct samples *c);
int metric_separated(const struct samples *good, const struct samples *bad);

#endif
