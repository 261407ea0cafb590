#ifndef BISECT_BISECT_JUDGE_H
#define BISECT_BISECT_JUDGE_H

#include <stddef.h>
#include "bisect/bisect.h"

/*
 * Internal to common/bisect: the verdicts of `git benchbisect run` from
 * the runs so far, how many runs each commit gets, and the confirmation
 * before a culprit is named (the policy; bisect-run.c runs the commands
 * and reports the steps).
 */

/* What the runs at one position gave, over all rounds. */
struct pos_runs {
	int *exits;
	size_t nr_exits, alloc_exits;
	size_t nr_good, nr_bad;		/* exit codes 0 and 1..127 but 125 */
	int skip_code;			/* the exit code that made it untestable, or -1 */
	int retried;			/* a timeout or launcher failure was retried */
};

/* A commit to test in a round, and how many runs it needs. */
struct task {
	size_t pos;
	size_t min_runs;		/* run at least this many times */
	size_t max_runs;		/* and at most this many (--repeat) */
	int adaptive;			/* then more while the verdict is unclear */
};

/* What one run (or one attempt at a round) gave. */
enum run_outcome {
	RUN_COUNTED,		/* a verdict or a value was recorded */
	RUN_UNTESTABLE,		/* exit 125 (or any failure with --metric): skip the commit */
	RUN_RETRY,		/* a timeout or a launcher failure: once more */
	RUN_STOP		/* stop the bisection: the driver says why */
};

/* What the confirmation of an outcome concluded (bisect_judge_search()). */
enum confirmed {
	CONFIRMED,		/* name b.hi */
	CONFIRM_AGAIN,		/* a verdict changed, or more runs at the ends: search on */
	CONFIRM_ALIKE,		/* the ends measure alike, or an end fits neither level */
	CONFIRM_MISFIT,		/* a commit that can run no more contradicts its side (misfit) */
	CONFIRM_STOP
};

/* What a round asked of the driver is for. */
enum round_kind {
	ROUND_ENDS,		/* --metric: one run at each end, before the search */
	ROUND_STEP,		/* the search: each commit a step */
	ROUND_CONFIRM,		/* --metric: a confirmation, each commit a "confirm" step */
	ROUND_ENDS_MORE,	/* --metric: more runs at the ends, "good end"/"bad end" steps */
	ROUND_AGAIN		/* --metric: no runs; commits judged again once the ends settled */
};

struct bisect_judge {
	int metric;			/* --metric: values, else exit codes */
	size_t repeat;			/* runs per commit at most */
	size_t nr;			/* commits in the window */
	struct bisect b;		/* the search */
	struct pos_runs *at;		/* nr + 1 (owned) */
	struct samples *values;		/* nr + 1: --metric, the values at each position (owned) */
	int confirming;			/* --metric: verdicts on evidence alone, no lean */
	size_t misfit;			/* CONFIRM_MISFIT: the commit */
	/*
	 * The driver: run the tasks as one round, each until
	 * bisect_judge_wants_more() says no (record the runs with
	 * bisect_judge_add_exit() and, --metric, samples_add() on values[pos]),
	 * reporting them as kind says. RUN_STOP ends the search.
	 */
	enum run_outcome (*run_round)(void *data, struct task *tasks, size_t nr, enum round_kind kind);
	void *data;
};

/* Every position untested, skip_code -1; the search as bisect_init(). */
void bisect_judge_init(struct bisect_judge *j, int metric, size_t repeat, size_t nr,
		       const unsigned char *slice, int slice_first);
void bisect_judge_release(struct bisect_judge *j);

/* The verdict the runs at pos support so far (STEP_UNCLEAR: not yet). */
enum step_verdict bisect_judge_verdict(const struct bisect_judge *j, size_t pos);
/* Whether the task needs another run. */
int bisect_judge_wants_more(const struct bisect_judge *j, const struct task *t);
enum bisect_mark bisect_judge_mark_of(enum step_verdict v);
/* Record that a run at pos exited with code. */
void bisect_judge_add_exit(struct bisect_judge *j, size_t pos, int code);

/*
 * The whole search, with up to jobs commits a round, every run through
 * run_round: --metric, the ends first, and every outcome confirmed before
 * b.hi is named. *st is the search's outcome; the return value says
 * whether it stands (CONFIRMED), the ends measure alike (CONFIRM_ALIKE), a
 * commit contradicts its side of the boundary (CONFIRM_MISFIT, j->misfit),
 * a round stopped (CONFIRM_STOP), or confirmations kept changing verdicts
 * (CONFIRM_AGAIN, *st then BISECT_ONLY_SKIPPED).
 */
enum confirmed bisect_judge_search(struct bisect_judge *j, size_t jobs, enum bisect_status *st);

#endif
