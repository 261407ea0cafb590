#ifndef BISECT_JOB_KEEPER_H
#define BISECT_JOB_KEEPER_H

#include <sys/types.h>

/*
 * The keeper: one process between benchbisect and each run of the user's
 * command, so that nothing of the run outlives it. It is a child
 * subreaper (PR_SET_CHILD_SUBREAPER): whatever the command leaves behind,
 * in its process group or out of it (setsid, a double fork), ends up its
 * child once its parent is gone, and nobody else's. It starts the command
 * in a process group of its own and, once the command's main process has
 * ended, or when asked to stop (a byte on the control socket, its end of
 * file when benchbisect is gone, or SIGINT, SIGTERM, SIGHUP), stops all of
 * it: SIGTERM to the group and to every process of the run, grace seconds
 * for them to end (a launcher such as srun cancels its job then), SIGKILL
 * to whatever is left; it reaps them all, reports and exits. The
 * command's main process is reaped last, so its process group id can
 * never name another group while it is signalled.
 *
 * The keeper is forked from a process with threads and never execs: it
 * calls only async-signal-safe functions (no allocation, no stdio).
 */

#define KEEPER_COMMAND_MAX 160	/* bytes of a process's command line reported */
#define KEEPER_DETAILS 8	/* processes named in the report, of each kind */

/* What the keeper tells benchbisect: records on the report pipe, each written whole. */
enum keeper_record_kind {
	KEEPER_EXEC_FAILED,	/* value: errno of the command's exec (or of the fork) */
	KEEPER_LEFT,		/* pid, command: running after the command's main process ended */
	KEEPER_KILLED,		/* pid, command: still running at the end of the grace period */
	KEEPER_DONE		/* value: the main process's wait status; nr_left, nr_killed */
};

struct keeper_record {
	int kind;
	pid_t pid;
	int value;
	int nr_left, nr_killed;
	char command[KEEPER_COMMAND_MAX];
};

/* Bytes on the control socket. */
#define KEEPER_STOP 'T'		/* SIGTERM, the grace period, SIGKILL */
#define KEEPER_KILL 'K'		/* SIGKILL now */

struct keeper_args {
	char *const *argv;	/* the command (execvpe) */
	char *const *envp;	/* its whole environment */
	int dir_fd;		/* its working directory */
	int out_fd;		/* its standard output */
	int err_fd;		/* its standard error, or -1: the keeper's */
	int control_fd;		/* the keeper's end of the control socket */
	int report_fd;		/* the write end of the report pipe */
	int grace;		/* seconds from SIGTERM to SIGKILL */
	const int *close_fds;	/* the other keepers' control sockets, to close */
	size_t nr_close;
};

/* Be the keeper of a run (in a child just forked); never returns. */
void keeper_run(const struct keeper_args *a) __attribute__((noreturn));

#endif
