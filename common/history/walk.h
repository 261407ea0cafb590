#ifndef HISTORY_WALK_H
#define HISTORY_WALK_H

#include <git2.h>
#include "util/strvec.h"

/*
 * Call fn for each commit of `git log --first-parent good..bad`, newest
 * first, without a topological sort: it follows bad's first parents down
 * to good and reads nothing older (when good is off that line, a revwalk
 * that hides good gives git's exact semantics).
 * A walk that runs into the boundary of a shallow clone prints an error
 * that says so (with a `git fetch --deepen` hint). fn returns non-zero to
 * stop the walk, and that value is returned. Returns -1 on error.
 */
typedef int walk_fn(git_commit *commit, void *data);
int walk_first_parent(git_repository *repo, const git_oid *good, const git_oid *bad,
		      walk_fn *fn, void *data);

/*
 * 1 when the pathspec item names a path as it is, 0 when git's pathspec
 * matching would read it as a pattern: a wildcard ('*', '?', '[', or a
 * backslash, which escapes one) or magic (a leading ':').
 */
int pathspec_item_is_literal(const char *item);

/*
 * *out = 1 when commit changes a path matching pathspec (git pathspec
 * syntax: prefixes and globs, or only prefixes under literal_pathspecs())
 * against its first parent (against the empty
 * tree for a root commit). Returns -1 with an error printed on failure.
 */
int commit_touches(git_repository *repo, git_commit *commit, const struct strvec *pathspec,
		   int *out);

#endif
