#ifndef BISECT_BISECT_EXEC_H
#define BISECT_BISECT_EXEC_H

#include <sys/types.h>
#include "util/strbuf.h"
#include "bisect/job-keeper.h"
#include "bisect/launch-wrapper.h"

/*
 * Running the user's commands for `git benchbisect run`, several at once.
 * Each run has a keeper (job-keeper.h) that starts the command (no shell:
 * execvp) in its own process group, with its working directory (PWD
 * naming it, no OLDPWD) and an environment without the variables that
 * name a repository, and stops whatever the run leaves behind. Its
 * standard output is captured when asked (--metric), else it goes to our
 * standard error (our standard output carries only results).
 *
 * Under a launcher the command runs through a wrapper that records in
 * the job's directory that it started and the command's own exit status
 * (launch-wrapper.h); the launcher's standard error passes through us,
 * its last line kept for the error. Its timeout counts from that record
 * (time in a queue is not run time), and a queue timeout bounds the wait
 * for it.
 */
#define EXEC_MAX_JOBS 64	/* as BISECT_MAX_JOBS */
#define EXEC_DEFAULT_GRACE 60	/* seconds from SIGTERM to SIGKILL: above Slurm's KillWait of 30 */

struct exec_cmd {
	const char **argv;	/* the command, NULL-terminated */
	const char *launcher;	/* shell words it runs under, or NULL */
	int dir_fd;		/* its working directory */
	const char *dir;	/* the same as a path: its PWD, and for the wrapper */
	const char *record;	/* with a launcher: the wrapper's record file */
	int record_dir_fd;	/* the directory it is in */
	const char **env;	/* "NAME=value" added to its environment, NULL-terminated */
	int capture;		/* capture its standard output */
	int timeout;		/* seconds from its start until it is stopped; 0: none */
	int queue_timeout;	/* with a launcher: seconds until it starts, else it is stopped; 0: none */
	int grace;		/* seconds from SIGTERM to SIGKILL */
};

/* A process the run left behind, or one that outlived the grace period. */
struct exec_stray {
	pid_t pid;
	char command[KEEPER_COMMAND_MAX];
	int killed;		/* still running at the end of the grace period */
};

struct exec_job {
	pid_t pid;		/* the keeper; 0 when not running */
	const char *name;	/* argv[0], for messages */
	int record_dir_fd;	/* the directory of the wrapper's record (borrowed), or -1 */
	int out_fd;		/* the captured output, or -1 */
	int err_fd;		/* the launcher's standard error, or -1 */
	int report_fd;		/* the keeper's report, or -1 */
	int control_fd;		/* our end of the keeper's control socket, or -1 */
	int exit_fd;		/* a pidfd, readable once the keeper exits, or -1 */
	struct strbuf out;	/* what it printed, when captured */
	struct strbuf err_tail;	/* the end of the launcher's standard error */
	double deadline;	/* monotonic seconds, or 0: none */
	int queued;		/* under a launcher, not started yet: deadline is the queue's */
	int timeout;		/* the command's own, from its start */
	int timed_out;		/* stopped at the deadline */
	int queue_timed_out;	/* the same, before the launcher started it */
	int code;		/* exit status, or 128 + the signal that killed it */
	int signal;		/* the signal that killed it, or 0 (under a launcher,
				   always 0: the record holds a shell's 128 + n) */
	int exec_errno;		/* why the command could not be started, or 0 */
	enum launch_outcome launch;	/* from the wrapper's record */
	int launcher_code;	/* with a launcher: its own exit status */
	struct exec_stray strays[2 * KEEPER_DETAILS];
	int nr_strays;		/* those named in strays */
	int nr_left, nr_killed;	/* all of them, named or not */
};

void exec_job_init(struct exec_job *j);
void exec_job_release(struct exec_job *j);

/*
 * Start cmd: its keeper, which starts the command. Returns -1 with the
 * reason in err when it could not be started.
 */
int exec_start(struct exec_job *j, const struct exec_cmd *cmd, struct strbuf *err);

/*
 * Wait until one of the nr jobs (those running) ends: returns its index,
 * with j->code, j->timed_out, j->launch and the strays set, or -1 when a
 * caught signal came (exec_signal_caught()), or -1 with err set when
 * waiting failed or the command could not be run. A job past its deadline
 * (its timeout, or its queue timeout) is stopped (SIGTERM, the grace
 * period, SIGKILL) and ends timed out.
 */
int exec_wait_any(struct exec_job *jobs, size_t nr, struct strbuf *err);

/* The last line the launcher printed on its standard error ("" if none). */
const char *exec_stderr_last_line(struct exec_job *j);

/* Stop every running job as a timeout does, wait for them all, and end what is left. */
void exec_stop_all(struct exec_job *jobs, size_t nr);

/*
 * While commands run: be a child subreaper, so that what a keeper that
 * died leaves comes to us, and catch SIGINT, SIGTERM, SIGHUP and SIGPIPE,
 * except those ignored when we started (nohup): every running job is
 * asked to stop (a second signal: killed at once), and the signal is
 * remembered; exec_signal_caught() returns it (0 when none came).
 * Restore the previous handlers before dying of the signal.
 */
void exec_signals_catch(void);
void exec_signals_restore(void);
int exec_signal_caught(void);

#endif
