#ifndef BISECT_SCRATCH_TREE_H
#define BISECT_SCRATCH_TREE_H

#include <git2.h>

/*
 * A temporary checkout for running a command at one revision, without
 * touching the user's work tree, index, HEAD, refs or stash. It is a
 * second handle on the same repository whose work tree is a directory
 * under $TMPDIR and whose index lives only in memory, so a checkout
 * writes files there and nothing into .git.
 *
 * Every checkout goes into a new, empty directory (mkdtemp), and the
 * previous one is removed without following symlinks: whatever the
 * command made of the last tree (a tracked directory swapped for a
 * symlink to the user's checkout, say) can never be written through.
 * Jobs running at once each own one scratch_tree; they never share one.
 */
struct scratch_tree {
	git_repository *repo;	/* the second handle */
	git_index *index;	/* in memory, so nothing can reach the user's */
	char *path;		/* the current directory (owned), or NULL */
};

/* Open the handle. Returns -1 with an error printed on failure. */
int scratch_tree_init(struct scratch_tree *t, git_repository *repo);

/*
 * Remove the previous directory, if any, and check commit out into a
 * fresh one ($TMPDIR or /tmp, "benchbisect-XXXXXX"), t->path. Returns -1
 * with an error printed on failure (t->path is then NULL).
 */
int scratch_tree_checkout(struct scratch_tree *t, const git_oid *commit);

/* Remove the current directory, if any, without following symlinks. */
void scratch_tree_clean(struct scratch_tree *t);

/* scratch_tree_clean, then free the handle; safe to call twice. */
void scratch_tree_release(struct scratch_tree *t);

#endif
