#ifndef BISECT_H
#define BISECT_H

#include <stddef.h>
#include <git2.h>

/*
 * The bisect module (common/bisect/) owns `git benchbisect run`: this
 * header holds its verdicts and the search of exit codes (pure logic),
 * posterior.h the model of --metric, bisect-judge.h the policy over both,
 * bisect-run.h the driver and the result. See docs/architecture.md.
 *
 * Positions: 0 is the last good end, 1..nr the window's commits oldest
 * first (nr is the first bad end). With exit codes, position 0 is assumed
 * good and nr assumed bad; the bad end is tested when the search would
 * otherwise name it, the good end when the search would name position 1,
 * so a culprit is only named between two tested verdicts.
 */

/*
 * One verdict space for the whole module: what is known of one commit
 * (the search's marks, a probe's verdict, exit codes' and --metric's) and
 * what the search concluded (its outcome, which `run` reports).
 */
enum verdict {
	VERDICT_UNTESTED,
	VERDICT_GOOD,
	VERDICT_BAD,
	VERDICT_SKIP,		/* untestable: exit 125, a failure with --metric, or a
				 * timeout or launcher failure twice */
	VERDICT_UNCLEAR		/* runs that decide nothing yet (an exit-code tie;
				 * --metric: the posterior is not sure); the search
				 * treats it as a skip */
};

enum bisect_outcome {
	BISECT_TEST,		/* bisect_next_round(): test the positions given */
	BISECT_FOUND,		/* the first bad commit is at hi (--metric: sure) */
	BISECT_NOT_REPRODUCED,	/* the bad end tested good; --metric: it measures
				 * like the good end within --min-change */
	BISECT_GOOD_END_BAD,	/* the good end tested bad: the move is older */
	BISECT_ONLY_SKIPPED,	/* skipped commits hide it: one of (lo, hi] */
	BISECT_UNDECIDED,	/* --metric: the run cap came before a decision */
	BISECT_EMPTY		/* the window holds no commit */
};

struct bisect {
	size_t nr;
	unsigned char *mark;		/* nr + 1 verdicts (enum verdict), owned */
	const unsigned char *slice;	/* nr + 1 flags (position 0 unused), or NULL */
	int slice_first;		/* test slice commits first */
	size_t lo, hi;			/* lo good, hi bad (assumed or tested) */
	int fresh_bad;			/* hi tested bad since the last round was planned */
};

void bisect_init(struct bisect *b, size_t nr, const unsigned char *slice, int slice_first);
void bisect_release(struct bisect *b);

/*
 * Record a verdict (a later one replaces an earlier one at the same
 * position; VERDICT_UNCLEAR is kept as a skip). lo and hi follow the
 * marks: hi is the lowest bad position (nr when none), lo the highest
 * good one below it (0 when none).
 */
void bisect_mark(struct bisect *b, size_t pos, enum verdict v);

/*
 * Whether the verdicts contradict each other, as one round's probes can
 * (a flaky command, or a change undone and made again): a commit that
 * tested good after one that tested bad. Sets *bad to the first bad
 * position and *good to the last good one after it.
 */
int bisect_contradicts(const struct bisect *b, size_t *bad, size_t *good);

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
enum bisect_outcome bisect_next_round(struct bisect *b, size_t jobs, size_t *pos, size_t *nr);

/*
 * Add position p to a round being planned, in both modes: mark it in
 * chosen (one flag a position) and append it to pos, counted by *nr.
 */
void bisect_take(unsigned char *chosen, size_t *pos, size_t *nr, size_t p);

/*
 * The magnitudes a --metric value may have, run or recorded: 0, or from
 * BISECT_METRIC_MIN to BISECT_METRIC_MAX. The model squares differences
 * of the runs and sums them, which must neither overflow a double (1e200
 * did, and every probability read NaN) nor sink below its normal range
 * (runs of 1e-160 did: "p(bad) -nan%", no likeliest answer). Within it
 * the answer does not depend on the scale.
 */
#define BISECT_METRIC_MIN 1e-100
#define BISECT_METRIC_MAX 1e100

/* What the text of a --metric value is (bisect_metric_parse()). */
enum metric_text {
	METRIC_VALUE,		/* a measurement */
	METRIC_NO_NUMBER,	/* no decimal number, whole: empty, a byte after it (a NUL
				 * too), hex ("0x10", which strtod() reads as 16) */
	METRIC_OUT_OF_RANGE	/* inf, nan, or neither 0 nor from BISECT_METRIC_MIN to
				 * BISECT_METRIC_MAX in magnitude (an underflow, 1e-400, too) */
};

/*
 * The one reading of a --metric value, as a command printed it and as a
 * note recorded it: the len bytes at s (s[len] a NUL) into *v, -0 as 0
 * (never printed "-0" where values are shown). Only
 * METRIC_VALUE is a measurement, so a note never holds what a run would
 * refuse, nor the other way round.
 */
enum metric_text bisect_metric_parse(const char *s, size_t len, double *v);

struct samples {
	double *v;
	size_t nr, alloc;
};

void samples_add(struct samples *s, double v);
void samples_release(struct samples *s);
double samples_median(const struct samples *s);

/*
 * Exit codes, max_runs at most a commit: the verdict of a majority of
 * max_runs, decided as soon as it cannot change; VERDICT_UNCLEAR while it
 * can, and at the end on a tie. (--metric has no verdict of its own per
 * commit: posterior.h weighs every run against every position.)
 */
enum verdict judge_exits(size_t nr_good, size_t nr_bad, size_t max_runs);

#endif
