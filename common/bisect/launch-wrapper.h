#ifndef BISECT_LAUNCH_WRAPPER_H
#define BISECT_LAUNCH_WRAPPER_H

#include "util/strvec.h"

/*
 * Under a launcher, the user's command runs through a wrapper, one line
 * of sh given to the launcher as the command: it checks that the tree
 * is there (saying so on standard error if not: the preflight of a
 * scratch path the nodes do not share), changes to it, records in a file
 * that it started (and when: "started <epoch seconds>"), checks that the
 * command can be run there ("cannot-run"), runs it and records its exit
 * status ("exit <n>"). The record tells a
 * launcher that never ran the command (a syntax error, an unknown
 * partition, a missing srun, a node that cannot see the tree) from a
 * command that failed, and gives the command's own exit status whatever
 * the launcher exits with.
 */

/* What the record of a run under a launcher says. */
enum launch_outcome {
	LAUNCH_NONE,		/* no launcher */
	LAUNCH_FAILED,		/* no record: the launcher never started the command */
	LAUNCH_NO_TREE,		/* the same, and the wrapper found no tree where it ran */
	LAUNCH_CUT_SHORT,	/* started, but no exit status: stopped on the way */
	LAUNCH_CANNOT_RUN,	/* started, but the command was not found there */
	LAUNCH_RAN		/* the command's own exit status was recorded */
};

/*
 * The command line of a run into argv (initialized here; the caller
 * clears it): cmd itself, or with a launcher (shell words), /bin/sh -c
 * '<launcher> "$@"' running the wrapper (record: its record file, dir:
 * the tree) running cmd.
 */
void launch_argv(struct strvec *argv, const char **cmd, const char *launcher, const char *record,
		 const char *dir);

/* The record's name in the job's directory. */
#define LAUNCH_RECORD "status"

/*
 * Read and remove the record in the directory dir_fd (never through a
 * symlink): what it says, and for LAUNCH_RAN the command's exit status in
 * *code (left alone otherwise).
 */
enum launch_outcome launch_read_record(int dir_fd, int *code);

/* Whether the record in dir_fd exists: the wrapper has started where the launcher runs it. */
int launch_started(int dir_fd);

/*
 * Whether the launcher's standard error err holds the wrapper's line
 * saying it found no tree where it ran: the scratch path is not shared.
 */
int launch_no_tree(const char *err);

/* Remove the record in dir_fd before a run; -1 with errno set when it cannot be. */
int launch_clear_record(int dir_fd);

#endif
