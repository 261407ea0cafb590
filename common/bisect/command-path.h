#ifndef BISECT_COMMAND_PATH_H
#define BISECT_COMMAND_PATH_H

#include <git2.h>

/*
 * Where `run`'s command is found: it runs at the top of each commit's
 * scratch checkout, so a relative path names a file of the commit, and a
 * file the commit lacks (an untracked script) does not exist there.
 */

/*
 * 1 when cmd is a relative path: it holds a '/' but does not start with
 * one, so execvp() takes it from the working directory, not from $PATH.
 */
int command_is_relative_path(const char *cmd);

/*
 * 1 when the tree of commit has a file (or symlink) at the relative path
 * cmd ("./" and repeated slashes taken away), 0 when not (a path with
 * "..", a directory, nothing), -1 with an error when the commit cannot be
 * read.
 */
int command_in_commit(git_repository *repo, const git_oid *commit, const char *cmd);

#endif
