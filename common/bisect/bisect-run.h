#ifndef BISECT_BISECT_RUN_H
#define BISECT_BISECT_RUN_H

#include <stdio.h>
#include <git2.h>
#include <cjson/cJSON.h>
#include "util/config.h"
#include "util/strbuf.h"
#include "history/window.h"
#include "bisect/bisect.h"
#include "bisect/metric-pattern.h"
#include "bisect/posterior.h"
#include "bisect/run-noise.h"

/*
 * `git benchbisect run`: search the window with the user's command, each
 * tested commit (a probe) checked out into a scratch tree. Probes go to stderr as
 * they happen; the result is a struct bisect_result that the caller
 * prints (report/bisect-text.h, report/bisect-json.h).
 */

/* At most this many jobs (--jobs). */
#define BISECT_MAX_JOBS 64
#define BISECT_MAX_JOBS_STR "64"
/* At most this many runs of a commit (--repeat): 1,000 runs of a 1 s benchmark are 17 minutes a commit. */
#define BISECT_MAX_REPEAT 1000
#define BISECT_MAX_REPEAT_STR "1000"
/* The longest grace period (--kill-grace, benchbisect.killGrace), in seconds: an hour. */
#define BISECT_MAX_KILL_GRACE 3600
#define BISECT_MAX_KILL_GRACE_STR "3600"

/* --metric's --min-change when neither the user nor the dashboard sets it, in percent. */
#define BISECT_MIN_CHANGE 2.0
/* --confidence's range, in percent: below it a wrong culprit is routine, above it the run cap comes first. */
#define BISECT_MIN_CONFIDENCE 90.0
#define BISECT_MAX_CONFIDENCE 99.9999
/* --metric's --repeat by default: the run cap is 5 times a one-run bisection's runs. */
#define BISECT_METRIC_REPEAT 5

struct bisect_options {
	int metric;		/* the command prints a number */
	struct metric_pattern *metric_pattern;	/* where the number is in its output, or NULL: the last line (borrowed) */
	int repeat;		/* runs per commit at most (exit codes), the run cap's
				 * multiple (--metric); 0: 1, or 5 with --metric */
	int jobs;		/* commits tested at once (k-ary search); 0: 1 */
	double min_change;	/* --metric: the smallest step worth finding, percent
				 * of the good level; negative: from the dashboard's
				 * step, else BISECT_MIN_CHANGE */
	double confidence;	/* --metric: percent a decision must hold; negative:
				 * POSTERIOR_SURE's */
	const char *launcher;	/* shell words the command runs under, or NULL */
	int step_timeout;	/* seconds one run may take once started; 0: no limit */
	int queue_timeout;	/* under a launcher: seconds until it starts the command; 0: no limit */
	const char *scratch_dir;	/* where the scratch trees go, or NULL: $TMPDIR, /tmp */
	int kill_grace;		/* seconds from SIGTERM to SIGKILL when a run is stopped */
	int slice_first;
	const char **argv;	/* the command, NULL-terminated */
	const char *prefix;	/* the user's current directory in the work tree, "dir/"
				 * ("" or NULL: the top): the command runs in the same
				 * directory of each scratch tree */
	/* The recorded runs (run-memory.h): */
	const char *machine;	/* --machine, or NULL */
	int host_machine;	/* --no-machine: without --machine, the host name, not benchbisect.machine */
	int fresh;		/* --fresh: use none */
};

void bisect_options_init(struct bisect_options *o);

/* A probe (one tested commit): what its runs gave, when it was reported. */
struct bisect_probe {
	char *label;		/* "step 3", "good end", "bad end": the progress line's (owned) */
	size_t pos;
	enum verdict verdict;
	double p_bad;		/* --metric: the posterior that it measures like the bad end */
	int *exits;		/* exit code of each run (owned) */
	size_t nr_exits, alloc_exits;
	struct samples values;	/* --metric */
	int skip_code;		/* the exit code that made it untestable, or -1 */
};

/* A process a run left running, or one that outlived the grace period of a stop. */
struct bisect_stray {
	size_t pos;		/* the commit of the run */
	int pid;
	char *command;		/* its command line (owned) */
	int killed;		/* it needed SIGKILL */
};

/* --metric: the run's settings and what the posterior says when the search ends. */
struct bisect_metric {
	double min_change;	/* percent, as applied */
	const char *min_change_from;	/* "option", "dashboard" (half its step) or "default" */
	size_t max_runs;	/* the run cap */
	struct posterior_summary post;
	struct samples *values;	/* nr + 1: every run of each position (owned) */
	struct run_noise recorded;	/* the key's noise on other commits (df 0: none used) */
	size_t *off_level;	/* tested commits that measure neither level (owned) */
	size_t nr_off_level;
	double culprit_p;	/* BISECT_FOUND: the posterior that the culprit is the answer */
	int culprit_off_level;	/* BISECT_FOUND: the culprit measures neither level; it is
				 * the first commit off the good level, the next one the
				 * first at the bad level */
};


struct bisect_result {
	enum bisect_outcome outcome;	/* BISECT_TEST never */
	struct window w;	/* the window searched (owned) */
	char *good_subject;	/* subject of the last good end (owned) */
	size_t nr;		/* commits in the window */
	int metric;
	size_t culprit;		/* BISECT_FOUND: its position */
	size_t *candidates;	/* BISECT_ONLY_SKIPPED: positions (owned) */
	size_t nr_candidates;
	size_t runs, tested, rounds;
	size_t recorded_runs;	/* of the runs, those taken from the notes */
	char *notes_ref;	/* where they are kept (owned) */
	char *key;		/* the measurement key (owned) */
	struct bisect_probe *probes;	/* in the order they were tested (owned) */
	size_t nr_probes, alloc_probes;
	struct bisect_stray *strays;	/* stopped by benchbisect, up to 8 a run of each kind (owned) */
	size_t nr_strays, alloc_strays;
	struct bisect_metric m;	/* --metric */
	int signal;		/* the signal that stopped the run, or 0 */
	struct strbuf error;	/* why bisect_run failed */
	int abbrev;		/* hex digits of the short hashes printed (8 until the window is known) */
};

void bisect_result_init(struct bisect_result *res);
void bisect_result_release(struct bisect_result *res);

/* Position 0 is the last good end, 1..nr the commits oldest first. */
const char *bisect_result_sha(const struct bisect_result *res, size_t pos);
const git_oid *bisect_result_oid(const struct bisect_result *res, size_t pos);
const char *bisect_result_subject(const struct bisect_result *res, size_t pos);
const char *bisect_verdict_name(enum verdict v);

/*
 * Run the search over the window wo describes (a platform and a date, or
 * --good and --bad). Returns 0 with res filled, or -1 when it stopped:
 * res->signal says which signal stopped it (the caller re-raises it),
 * else res->error says why (when it is empty, a library function below
 * reported the error with error()). The scratch trees are removed in
 * every case.
 */
int bisect_run(git_repository *repo, struct config *cfg, const struct window_options *wo,
	       const struct bisect_options *o, struct bisect_result *res);

#endif
