#ifndef BISECT_BISECT_EXEC_H
#define BISECT_BISECT_EXEC_H

#include <sys/types.h>
#include "util/strbuf.h"

/*
 * Running the user's commands for `git benchbisect run`, several at once:
 * each is started (no shell: execvp) in its own process group, with its
 * working directory and extra environment, and waited for with a
 * deadline. Its standard output is captured when asked (--metric), else
 * it goes to our standard error (our standard output carries only
 * results).
 */
#define EXEC_MAX_JOBS 64	/* as BISECT_MAX_JOBS */

struct exec_job {
	pid_t pid;		/* 0 when not running */
	const char *name;	/* argv[0], for messages */
	int out_fd;		/* the captured output, or -1 */
	int report_fd;		/* the child's exec failure, or -1 */
	int exit_fd;		/* a pidfd, readable once it exits, or -1 */
	struct strbuf out;	/* what it printed, when captured */
	double deadline;	/* monotonic seconds, or 0: none */
	double kill_at;		/* after the deadline: SIGKILL at this time */
	int timed_out;
	int code;		/* exit status, or 128 + the signal that killed it */
};

void exec_job_init(struct exec_job *j);
void exec_job_release(struct exec_job *j);

/*
 * Start argv with dir as its working directory, env ("NAME=value",
 * NULL-terminated) added to its environment; timeout seconds (0: none)
 * before it is stopped (SIGTERM to its group, SIGKILL 5 s later).
 * Returns -1 with the reason in err when it could not be started.
 */
int exec_start(struct exec_job *j, const char **argv, const char *dir, const char **env,
	       int capture, int timeout, struct strbuf *err);

/*
 * Wait until one of the nr jobs (those running) ends: returns its index,
 * with j->code and j->timed_out set, or -1 when a caught signal came
 * (exec_signal_caught()), or -1 with err set when waiting failed.
 */
int exec_wait_any(struct exec_job *jobs, size_t nr, struct strbuf *err);

/* Send sig to every running job's process group, and wait for them all. */
void exec_stop_all(struct exec_job *jobs, size_t nr, int sig);

/*
 * Catch SIGINT, SIGTERM, SIGHUP and SIGPIPE while commands run, except
 * those ignored when we started (nohup): the signal is passed on to every
 * running job's process group and remembered, and exec_signal_caught()
 * returns it (0 when none came). Restore the previous handlers before
 * dying of the signal.
 */
void exec_signals_catch(void);
void exec_signals_restore(void);
int exec_signal_caught(void);

#endif
