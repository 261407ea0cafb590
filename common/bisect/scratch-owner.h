#ifndef BISECT_SCRATCH_OWNER_H
#define BISECT_SCRATCH_OWNER_H

/*
 * Who made a scratch directory (scratch-tree.h), so that a later run can
 * remove those of a run that was killed before it could (SIGKILL, a
 * crash, a node rebooted). Each holds an owner file, "owner":
 *
 *   benchbisect-scratch v1 pid=<pid> host=<gethostname()>
 *
 * on which the run holds an exclusive flock(2) from before it writes the
 * line until it removes the directory. Its keepers (job-keeper.h) are
 * forked with the descriptor, so the lock stays held while any of them
 * still stops a run in the tree, however the run itself ended.
 */

/* The directories' names: SCRATCH_PREFIX followed by mkdtemp's six characters. */
#define SCRATCH_PREFIX "benchbisect-"

/*
 * Write the owner file into the directory dir_fd, locked. Returns its
 * descriptor (O_CLOEXEC), to be kept open, and closed only once the
 * directory is gone, or -1 with errno set.
 */
int scratch_owner_claim(int dir_fd);

/*
 * Remove the directories in base that are proven dead: each named
 * SCRATCH_PREFIX and six letters or digits, a directory (no symlink) of
 * our user, whose owner file is exactly an owner line naming this host
 * and a pid no process has, and that nobody holds a lock on. Nothing
 * else is touched: not another host's, not a live run's (its pid runs,
 * or a keeper of it holds the lock), not one without such a file. What
 * could not be removed is a warning.
 */
void scratch_owner_sweep(const char *base);

#endif
