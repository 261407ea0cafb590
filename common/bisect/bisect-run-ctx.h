#ifndef BISECT_BISECT_RUN_CTX_H
#define BISECT_BISECT_RUN_CTX_H

#include <git2.h>
#include "bisect/bisect-judge.h"
#include "bisect/bisect-exec.h"
#include "bisect/scratch-tree.h"
#include "bisect/run-memory.h"

/*
 * The state of one `git benchbisect run`, shared by the three files that
 * make it: bisect-run.c (set-up, the search, the result),
 * bisect-run-round.c (a round: the slots, their runs, the probes'
 * lines) and bisect-run-record.c (what a run that ended gave). Nothing
 * outside them includes this. The options and the result are only
 * named here: their header, bisect-run.h, is bisect-run.c's own, and
 * including it from a header that bisect-run.c includes would close a
 * circle (tools/check-layering.py counts a .c with its .h).
 */

struct bisect_options;
struct bisect_result;

/* One job: a scratch tree and the command running in it. */
struct slot {
	struct scratch_tree tree;
	struct task *task;		/* NULL when idle */
	int again;			/* its task runs here again, once its tree is checked out anew */
	size_t pos;			/* the commit its last run measured */
	double started;			/* when its run started (monotonic seconds) */
	char *env[4];			/* BENCHBISECT_COMMIT, _TREE, _JOB (owned), NULL */
	char *dir;			/* the directory its run runs in, below the top of the
					 * tree (owned), or NULL: the top */
};

struct bisect_ctx {
	const struct bisect_options *o;
	const char **argv;		/* the command run: o->argv, or its copy with argv[0] resolved */
	const char **own_argv;		/* that copy (owned), or NULL */
	int command_in_ends;		/* argv[0] is a relative path both ends have: a
					 * commit without it is skipped, not run */
	struct bisect_result *res;
	struct bisect_judge j;		/* the verdicts and the search */
	unsigned char *slice;
	size_t jobs;
	char *base;			/* where the scratch trees are */
	int launcher_failures;		/* in a row: runs the launcher never started */
	struct slot *slots;
	struct exec_job *execs;		/* execs[i] runs in slots[i] */
	int probe;			/* the probes reported so far that are no --metric end */
	int progress;			/* stderr is a terminal */
	git_repository *repo;
	struct run_memory mem;		/* the recorded runs, and the fresh ones to record */
};

/* Set the result's error (the first one stays) and return RUN_STOP. */
__attribute__((format(printf, 2, 3)))
enum run_outcome bisect_ctx_stop(struct bisect_ctx *c, const char *fmt, ...);

/* The sha of the window's commit pos (the result's, borrowed). */
const char *bisect_ctx_sha(const struct bisect_ctx *c, size_t pos);

/* Record the run that just ended in slot i: its strays, its verdict or value. */
enum run_outcome bisect_ctx_record_run(struct bisect_ctx *c, size_t i);
/* What slot i's run left running or had to kill: a warning each, and the result's strays. */
void bisect_ctx_report_strays(struct bisect_ctx *c, size_t i);

/* Keep the run that just ended in slot i (recorded as ret) for the notes, where it measured the commit. */
void bisect_ctx_remember_run(struct bisect_ctx *c, size_t i, enum run_outcome ret);

/* A relative command that could not be started: where it was looked for, and what would work (added to the error). */
void bisect_ctx_explain_cannot_run(struct bisect_ctx *c);

/* The judge's rounds (struct bisect_judge's run_round): data is the struct bisect_ctx. */
enum run_outcome bisect_ctx_run_round(void *data, struct task *tasks, size_t nr);

#endif
