#ifndef CORPUS_WORKTREE_FILE_H
#define CORPUS_WORKTREE_FILE_H

#include <git2.h>

/*
 * The bytes git would store for the working-tree file at path (from the
 * top): its contents through the repository's filters (core.autocrlf,
 * .gitattributes, the clean filter drivers of util/filter-driver.h), or
 * a symbolic link's target. The blob id of the working-tree side (cases.c)
 * and the contents read for a patch (content.c) both come from here, so
 * they cannot disagree. The caller disposes out with git_buf_dispose().
 * Returns -1 with an error printed on failure.
 */
int worktree_file_read(git_repository *repo, const char *path, git_buf *out);

/* The blob id of those bytes. */
int worktree_file_hash(git_repository *repo, const char *path, git_oid *oid);

#endif
