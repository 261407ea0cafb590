#ifndef BISECT_COMMAND_PATH_H
#define BISECT_COMMAND_PATH_H

#include <git2.h>

/*
 * Where `run`'s command is found: it runs in each commit's scratch
 * checkout, in the directory that is the user's current one in the work
 * tree (its prefix), so a relative path names a file of the commit from
 * there, and a file the commit lacks (an untracked script) does not
 * exist there.
 */

/*
 * 1 when cmd is a relative path: it holds a '/' but does not start with
 * one, so execvp() takes it from the working directory, not from $PATH.
 */
int command_is_relative_path(const char *cmd);

/*
 * 1 when the tree of commit has a file (or symlink) at the relative path
 * cmd taken from the directory prefix ("" or NULL: the top; "dir/"
 * below it), "." and repeated slashes dropped and ".." taking a
 * directory away; 0 when not (a directory, nothing, a path that leaves
 * the tree), -1 with an error when the commit cannot be read.
 */
int command_in_commit(git_repository *repo, const git_oid *commit, const char *prefix, const char *cmd);

/*
 * 1 when the tree of commit has a directory at prefix ("dir/"; "" or
 * NULL: the top, always there); 0 when not (nothing, a file, a symlink),
 * -1 with an error when the commit cannot be read.
 */
int directory_in_commit(git_repository *repo, const git_oid *commit, const char *prefix);

#endif
