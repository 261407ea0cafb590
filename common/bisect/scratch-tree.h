#ifndef BISECT_SCRATCH_TREE_H
#define BISECT_SCRATCH_TREE_H

#include <pthread.h>
#include <sys/types.h>
#include <git2.h>
#include "util/strbuf.h"

/*
 * A temporary checkout for running a command at one revision, without
 * touching the user's work tree, index, HEAD, refs or stash: a second
 * (bare) handle on the same repository writes the commit's tree with
 * checkout_at() (checkout-at.h) into a directory of its own, so nothing
 * is written into .git and nothing through a symlink.
 *
 * Each job has a directory, <base>/benchbisect-XXXXXX (mode 0700),
 * holding the checkout, tree/ ($BENCHBISECT_TREE), the record of the
 * launcher's wrapper, status (bisect-exec.h), and the owner file that
 * lets a later run remove it if this one is killed (scratch-owner.h),
 * outside the checkout. A job
 * keeps its directory from one commit to the next and checks out
 * incrementally, never trusting what is there: anything but the files
 * the last checkout wrote, untouched, is removed without following it.
 * When the directory or its tree was replaced (or the checkout failed),
 * the job starts over in a fresh one. Jobs running at once each own one
 * scratch_tree; they never share one.
 */
struct scratch_tree {
	git_repository *repo;	/* the second handle */
	git_index *index;	/* in memory: what the last checkout wrote */
	char *base;		/* where the job's directory is made (owned) */
	int base_fd;
	char *path;		/* the job's directory (owned), or NULL */
	char *tree_path;	/* its checkout, "<path>/tree" (owned) */
	char *record;		/* the wrapper's record, "<path>/status" (owned) */
	int dir_fd;		/* the job's directory, open, or -1 */
	int owner_fd;		/* its owner file, locked (scratch-owner.h), or -1 */
	int tree_fd;		/* the checkout, open, or -1 */
	dev_t dev, tree_dev;	/* the identities of both, to notice a swap */
	ino_t ino, tree_ino;
	/* A checkout in progress on a worker thread (checkout_start). */
	pthread_t thread;
	int busy;		/* the thread runs, or has not been joined */
	git_oid commit;		/* what it checks out */
	int ret;		/* and how that went: 0, or -1 with err */
	struct strbuf err, warn;
};

/*
 * The directory the jobs' directories go in: dir (--scratch-dir,
 * benchbisect.scratchDir: under a launcher, a path the nodes share), or
 * $TMPDIR, or /tmp, made absolute. It must not lie inside a git repository's work tree
 * (nor a repository): a job's git would find that repository from its
 * tree (`git stash` there stashes the user's work), so that is an error.
 * Returns the path (the caller frees it), or NULL with an error printed.
 */
char *scratch_base(const char *dir);

/* Open the handle, for directories in base. Returns -1 with an error printed on failure. */
int scratch_tree_init(struct scratch_tree *t, git_repository *repo, const char *base);

/*
 * Start checking commit out into t->tree_path: the same directory as the
 * last time, cleaned as described above, or a fresh one. It runs on a
 * worker thread, so that the trees of a round are made ready at once
 * (each tree has its own repository handle and index, as libgit2 asks of
 * threads; without threads in libgit2, it runs here and now). Nothing
 * but _finish, _clean or _release may touch t until _finish returns.
 */
void scratch_tree_checkout_start(struct scratch_tree *t, const git_oid *commit);

/*
 * Wait for the checkout: afterwards t->tree_path (and t->tree_fd) hold
 * exactly the commit's tree, and t->dir_fd is the job's directory. Returns -1 with an error printed on failure
 * (t->path is then NULL).
 */
int scratch_tree_checkout_finish(struct scratch_tree *t);

/* Remove the directory, if any, without following symlinks (after waiting for a checkout). */
void scratch_tree_clean(struct scratch_tree *t);

/*
 * The same on a worker thread, so that many trees go at once (on a disk
 * mounted to discard freed blocks, each removed file waits for the
 * device: one tree after the other, 8 trees of 50 files took about a
 * second).
 * _clean or _release waits for it.
 */
void scratch_tree_clean_start(struct scratch_tree *t);

/* scratch_tree_clean, then free the handle; safe to call twice. */
void scratch_tree_release(struct scratch_tree *t);

#endif
