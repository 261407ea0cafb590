#ifndef UTIL_REPO_H
#define UTIL_REPO_H

#include <git2.h>
#include "util/strbuf.h"

/*
 * Repository access that behaves like git's own discovery. Call
 * repo_library_init() once before any libgit2 or cJSON use: it also sets
 * cJSON on the checked allocator (json_library_init()).
 */
void repo_library_init(void);

/*
 * Open the repository git would use from the current directory: GIT_DIR
 * (as set by `git --git-dir`), GIT_WORK_TREE (`git --work-tree`, which
 * libgit2 1.5's GIT_REPOSITORY_OPEN_FROM_ENV rejects, so it is applied by
 * hand), GIT_CEILING_DIRECTORIES, bare repositories, linked worktrees.
 * On failure prints an error naming the cause (not a repository, not owned
 * by the current user) and returns -1. The caller frees *out with
 * git_repository_free().
 */
int repo_open(git_repository **out);

/*
 * The current directory as a path from the top of the work tree, as git's
 * prefix: "" at the top, "dir/" below it; NULL in a bare repository or
 * outside the work tree. The caller frees it.
 */
char *repo_prefix(git_repository *repo);

/*
 * 1 when GIT_LITERAL_PATHSPECS is true: as in git, every pathspec item is
 * a path as it is, its '*', '?', '[', '\\' and leading ':' plain
 * characters. 0 when it is unset or false; -1 with an error when it is no
 * boolean.
 */
int literal_pathspecs(void);

/* error() with libgit2's last message appended: "<what>: <libgit2 message>". */
int repo_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * The same text appended to sb instead of printed (for a worker thread,
 * whose errors the main thread reports). Returns -1.
 */
int repo_error_add(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Resolve a revision as `git rev-parse <rev>^{commit}` would. Prints an
 * error naming rev and returns -1 when it is not a commit. The caller
 * frees *out with git_commit_free().
 */
int repo_resolve_commit(git_repository *repo, const char *rev, git_commit **out);

/*
 * Resolve a tree-ish as `git rev-parse <rev>^{tree}` would, for a side
 * that git diff compares: *tree is its tree and *commit the commit it
 * names, or NULL when rev names a tree. Prints an error naming rev and
 * returns -1 when it is neither. The caller frees both (git_tree_free(),
 * git_commit_free()).
 */
int repo_resolve_tree(git_repository *repo, const char *rev, git_commit **commit,
		      git_tree **tree);

/* Whether rev names an object, as repo_resolve_commit() reads it; prints nothing. */
int repo_names_object(git_repository *repo, const char *rev);

/* git's empty tree, which every object database has (libgit2's too) */
#define REPO_EMPTY_TREE_HEX "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

/* Hex of an oid into a caller buffer (git_oid_tostr_s has one static buffer). */
char *oid_hex(char buf[GIT_OID_HEXSZ + 1], const git_oid *oid);

#endif
