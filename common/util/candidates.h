#ifndef UTIL_CANDIDATES_H
#define UTIL_CANDIDATES_H

#include <stddef.h>
#include <git2.h>

/*
 * The objects of a repository that an ambiguous short object name names,
 * for git's answer to one (get_short_oid()). candidates_find() walks the
 * whole object database: for the error path only (after libgit2's
 * GIT_EAMBIGUOUS).
 */
struct candidate {
	git_oid oid;
	int rank;	/* git's order: tags, commits, trees, blobs, the rest */
	git_object_t peels;	/* GIT_OBJECT_COMMIT (a commit, or a tag of one), _TREE, or 0 */
	int kept;	/* wanted by candidates_keep() */
};

struct candidates {
	struct candidate *v;
	size_t nr, alloc;
	size_t shown;	/* the first shown of v are the ones to list */
};

/* The objects whose names begin with the len hex digits of prefix, in git's order. */
void candidates_find(struct candidates *c, git_repository *repo, const char *prefix, size_t len);

/*
 * How many of them peel to want, GIT_OBJECT_COMMIT (commit-ish: git's
 * hint where a commit is wanted) or GIT_OBJECT_TREE (tree-ish, commits
 * included: where a tree is): those come first, and where there are some,
 * only they are shown.
 */
size_t candidates_keep(struct candidates *c, git_object_t want);

/*
 * The shown ones as hints, in git's words: "the candidates are:", then
 * one line each under its unique abbreviation, a commit with its author day and
 * subject, a tag with its day and name.
 */
void candidates_advise(const struct candidates *c, git_repository *repo);

void candidates_release(struct candidates *c);

#endif
