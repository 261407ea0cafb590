#ifndef BISECT_SCRATCH_TREE_H
#define BISECT_SCRATCH_TREE_H

#include <git2.h>

/*
 * A temporary checkout for running a command at one revision after
 * another, without touching the user's work tree, index, HEAD, refs or
 * stash. It is a second handle on the same repository whose work tree is
 * a fresh directory under $TMPDIR and whose index lives only in memory;
 * checkouts leave the index alone, so they write files there and nothing
 * into .git.
 */
struct scratch_tree {
	git_repository *repo;	/* the second handle */
	git_index *index;	/* in memory, so nothing can reach the user's */
	git_tree *previous;	/* what the directory holds now, or NULL */
	char *path;		/* the directory (owned) */
};

/*
 * Create the directory ($TMPDIR or /tmp, "benchbisect-XXXXXX") and the
 * handle. Returns -1 with an error printed on failure (nothing is left
 * behind).
 */
int scratch_tree_create(struct scratch_tree *t, git_repository *repo);

/* Make the directory hold commit's tree, and nothing else it tracked before. */
int scratch_tree_checkout(struct scratch_tree *t, const git_oid *commit);

/* Remove the directory and free the handle; safe to call twice. */
void scratch_tree_remove(struct scratch_tree *t);

#endif
