#ifndef BISECT_BISECT_JUDGE_H
#define BISECT_BISECT_JUDGE_H

#include <stddef.h>
#include "bisect/bisect.h"
#include "bisect/posterior.h"
#include "bisect/run-noise.h"
#include "bisect/bisect-boundary.h"

/*
 * Internal to common/bisect: the policy of `git benchbisect run`: which
 * commits to probe next, how many runs each gets, and when the search
 * stops with which outcome (bisect-run-round.c runs the commands and reports
 * the probes). Exit codes: the k-ary search of bisect.h, a majority of
 * --repeat runs a commit. --metric: the posterior of posterior.h, probed
 * at its quantiles until one outcome holds the judge's sure
 * (POSTERIOR_SURE unless --confidence) or the run cap comes
 * (docs/statistics.md).
 */

/* What the runs at one position gave, over all rounds. */
struct pos_runs {
	int *exits;
	size_t nr_exits, alloc_exits;
	int *timeouts;			/* the exits of runs stopped at --step-timeout
					 * (in exits too: our signal, not a verdict) */
	size_t nr_timeouts, alloc_timeouts;
	size_t nr_good, nr_bad;		/* exit codes 0 and 1..127 but 125 */
	int skip_code;			/* the exit code that made it untestable, or -1 */
	int cannot_run;			/* exit codes: the first verdict that was 126 or 127
					 * (not executable, not found), or 0 */
	int retried;			/* a timeout or launcher failure was retried */
};

/* A commit to probe in a round, and how many runs it needs. */
struct task {
	size_t pos;
	size_t min_runs;		/* run at least this many times */
	size_t max_runs;		/* and at most this many (--repeat) */
	int adaptive;			/* then more while the verdict is unclear */
};

/* What one run (or one attempt at a round) gave the driver. */
enum run_outcome {
	RUN_COUNTED,		/* a verdict or a value was recorded */
	RUN_UNTESTABLE,		/* exit 125 (or any failure with --metric): skip the commit */
	RUN_RETRY,		/* a timeout or a launcher failure: once more */
	RUN_STOP		/* stop the bisection: the driver says why */
};

/*
 * --metric: the ends are probed, and nothing else, while a step of
 * --min-change or more is less likely than this (only more runs at the
 * ends can show the ends alike).
 */
#define METRIC_ENDS_BELOW 0.5
struct bisect_judge {
	int metric;			/* --metric: values, else exit codes */
	size_t repeat;			/* exit codes: runs per commit at most;
					 * --metric: the run cap's multiple */
	size_t nr;			/* commits in the window */
	double min_change;		/* --metric: the smallest step worth finding,
					 * in percent of the good level */
	double sure;			/* --metric: the probability a decision needs
					 * (POSTERIOR_SURE unless set after init) */
	size_t max_runs;		/* --metric: the run cap */
	struct bisect b;		/* the search; its hi (lo) the outcome's culprit (bounds) */
	struct pos_runs *at;		/* nr + 1 (owned) */
	struct samples *values;		/* nr + 1: --metric, the values at each position (owned) */
	struct posterior post;		/* --metric: over every run so far */
	size_t post_runs;		/* the runs post has weighed */
	double recorded_gap;		/* --metric: the gap of the two states the recorded
					 * runs showed (a fraction of the level; 0: none) */
	int checked_good;		/* exit codes: the good end was checked for a 126 or 127 */
	int bogus_exit;			/* exit codes: 126 or 127 at the good end as elsewhere,
					 * which stopped the search (git bisect run's "bogus
					 * exit status"); 0: none */
	enum bisect_outcome outcome;
	double culprit_p;		/* --metric, BISECT_FOUND: the posterior that b.hi is the answer */
	int culprit_off_level;		/* --metric, BISECT_FOUND: b.hi measures neither level, and
					 * is the first commit off the good level (b.hi + 1 the
					 * first at the bad one) */
	/*
	 * The driver: run the tasks as one round, each until
	 * bisect_judge_wants_more() says no (record each run with
	 * bisect_judge_add_exit() and bisect_judge_count_run()). RUN_STOP
	 * ends the search.
	 */
	enum run_outcome (*run_round)(void *data, struct task *tasks, size_t nr);
	void *data;
};

/* Every position untested, skip_code -1; the search as bisect_init(). */
void bisect_judge_init(struct bisect_judge *j, int metric, size_t repeat, size_t nr,
		       const unsigned char *slice, int slice_first);
void bisect_judge_release(struct bisect_judge *j);

/*
 * --metric: the run cap: repeat times the runs of a one-run bisection
 * (ceil(log2 nr) probes and both ends), times jobs.
 */
size_t bisect_judge_run_cap(size_t nr, size_t repeat, size_t jobs);

/*
 * The verdict the runs at pos support so far. --metric: good or bad when
 * the posterior is sure pos measures like that end, else unclear (the
 * ends are good and bad by their role).
 */
enum verdict bisect_judge_verdict(struct bisect_judge *j, size_t pos);
/* --metric: the posterior that pos measures like the bad end, every run so far weighed. */
double bisect_judge_p_bad(struct bisect_judge *j, size_t pos);
/*
 * --metric: weigh the runs with the noise n recorded elsewhere as a
 * prior of the noise, beside the noise unknown (posterior_set_noise()),
 * and two states as likelier where it showed them (posterior_set_states()).
 * Returns whether it was taken (0: no record, or none usable).
 */
int bisect_judge_use_noise(struct bisect_judge *j, const struct run_noise *n);
/*
 * --metric: the runs the rule of METRIC_PROBE_RUNS and METRIC_SIDE_RUNS
 * still needs before the likeliest boundary can be named, whatever the
 * posterior says: those its two commits lack, or, while it spans several
 * commits, the second run of the probe that will bound it and what the
 * bound that lacks more lacks.
 */
size_t bisect_judge_rule_runs(struct bisect_judge *j);
/* --metric: the posterior over every run so far. */
const struct posterior *bisect_judge_posterior(struct bisect_judge *j);
/* Whether the task needs another run. */
int bisect_judge_wants_more(const struct bisect_judge *j, const struct task *t);
/* Record that a run at pos exited with code. */
void bisect_judge_add_exit(struct bisect_judge *j, size_t pos, int code);
/*
 * Count that run (a fresh one or a recorded one): a verdict, a value
 * (--metric, exit 0: *value), or untestable (exit 125, or any other exit
 * with --metric: RUN_UNTESTABLE, its skip_code set); else RUN_COUNTED.
 */
enum run_outcome bisect_judge_count_run(struct bisect_judge *j, size_t pos, int code, const double *value);

/*
 * The whole search, with up to jobs commits a round, every run through
 * run_round. Returns 0 with j->outcome set (BISECT_FOUND: the culprit is
 * j->b.hi; BISECT_ONLY_SKIPPED: it is one of j->b.lo + 1..j->b.hi), or -1
 * when a round stopped or, with exit codes, the good end exited 126 or
 * 127 as another commit did (j->bogus_exit: the command cannot run).
 */
int bisect_judge_search(struct bisect_judge *j, size_t jobs);

#endif
