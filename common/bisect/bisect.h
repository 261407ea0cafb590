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
	BISECT_TEST,		/* test *pos next */
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
	size_t last;			/* the position tested last, or 0 */
};

void bisect_init(struct bisect *b, size_t nr, const unsigned char *slice, int slice_first);
void bisect_release(struct bisect *b);
void bisect_mark(struct bisect *b, size_t pos, enum bisect_mark m);
enum bisect_status bisect_next(struct bisect *b, size_t *pos);

/*
 * Verdicts from repeated runs. Exit codes: all runs agree, or the runs
 * disagree and more are wanted (JUDGE_UNKNOWN). --metric: the commit's
 * median against the midpoint of the two ends' medians, with a margin of
 * two standard errors from the pooled spread (1.4826 MAD) of every run so
 * far; JUDGE_UNKNOWN when the margin is not cleared.
 */
enum judgement { JUDGE_GOOD, JUDGE_BAD, JUDGE_UNKNOWN };

struct samples {
	double *v;
	size_t nr, alloc;
};

void samples_add(struct samples *s, double v);
void samples_release(struct samples *s);
double samples_median(const struct samples *s);

enum judgement judge_exits(size_t nr_good, size_t nr_bad);
enum judgement judge_metric(const struct samples *good, const struct samples *bad,
			    const struct samples *c);
/* 1 when the two ends' medians differ by more than two standard errors. */
int metric_separated(const struct samples *good, const struct samples *bad);

#endif
