#ifndef BISECT_SCRATCH_TREE_H
#define BISECT_SCRATCH_TREE_H

#include <pthread.h>
#include <sys/types.h>
#include <git2.h>
#include "util/strbuf.h"

/*
 * A temporary checkout for running a command at one revision, without
 * touching the user's work tree, index, HEAD, refs or stash. It is a
 * second handle on the same repository whose work tree is a directory
 * under $TMPDIR and whose index lives only in memory, so a checkout
 * writes files there and nothing into .git.
 *
 * A job keeps its directory from one commit to the next and checks out
 * incrementally, but never through anything the command made: before a
 * checkout, every entry of the directory is compared (lstat, never
 * following a symlink) with what the last checkout wrote, as the
 * in-memory index recorded it. An entry is kept only when it is a
 * directory the tree has, or a file or symlink whose inode, size, mtime
 * and ctime are those the checkout left (so it is the very entry written,
 * untouched); anything else (a symlink planted anywhere, a tracked file
 * or directory swapped for one, an edit, a build product) is removed
 * without following it, and the checkout writes it again. When the
 * directory itself was replaced, or cannot be walked, the job starts over
 * in a fresh one. Jobs running at once each own one scratch_tree; they
 * never share one.
 */
struct scratch_tree {
	git_repository *repo;	/* the second handle */
	git_index *index;	/* in memory: what the last checkout wrote */
	git_tree *tree;		/* the tree of the last checkout, or NULL */
	char *path;		/* the directory (owned), or NULL */
	dev_t dev;		/* and its identity, to notice it swapped */
	ino_t ino;
	/* A checkout in progress on a worker thread (checkout_start). */
	pthread_t thread;
	int busy;		/* the thread runs, or has not been joined */
	git_oid commit;		/* what it checks out */
	int ret;		/* and how that went: 0, or -1 with err */
	struct strbuf err, warn;
};

/* Open the handle. Returns -1 with an error printed on failure. */
int scratch_tree_init(struct scratch_tree *t, git_repository *repo);

/*
 * Start checking commit out into t->path: the same directory as the last
 * time, cleaned as described above, or a fresh one ($TMPDIR or /tmp,
 * "benchbisect-XXXXXX"). It runs on a worker thread, so that the trees
 * of a round are made ready at once (each tree has its own repository
 * handle and index, as libgit2 asks of threads; without threads in
 * libgit2, it runs here and now). Nothing but _finish, _clean or
 * _release may touch t until _finish returns.
 */
void scratch_tree_checkout_start(struct scratch_tree *t, const git_oid *commit);

/*
 * Wait for the checkout: afterwards t->path holds exactly the commit's
 * tree. Returns -1 with an error printed on failure (t->path is then
 * NULL).
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
