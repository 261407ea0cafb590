#ifndef UTIL_DIR_AT_H
#define UTIL_DIR_AT_H

/*
 * Directories walked through file descriptors, each component opened
 * relative to its parent and never through a symlink, so that what a
 * process does to the paths meanwhile (a directory swapped for a symlink
 * into somewhere else) cannot send a removal or a write elsewhere. A
 * directory made unwritable or unreadable (Go's module cache leaves them
 * read-only) is given u+rwx first, as only root could remove it otherwise.
 */

/*
 * Open the directory name in dirfd (O_NOFOLLOW, O_DIRECTORY, O_CLOEXEC),
 * with u+rwx added to its mode when it lacks them. Returns the fd, or -1
 * with errno set (ENOTDIR or ELOOP for anything but a directory).
 */
int dir_open_at(int dirfd, const char *name);

/*
 * Open the directory at the relative path path below dirfd (components
 * split at '/', empty ones and "." ignored), each component relative to
 * the one before it, O_PATH | O_DIRECTORY | O_NOFOLLOW: never through a
 * symlink, and with no permission asked of the directory (fchdir() needs
 * none). Returns the fd (O_CLOEXEC), or -1 with errno set: ENOENT for a
 * missing component, ENOTDIR or ELOOP for one that is a file or a
 * symlink, EINVAL for "..".
 */
int dir_open_path_at(int dirfd, const char *path);

/*
 * Remove name in dirfd and, for a directory, everything below it, never
 * following a symlink. Gone already is success. Returns 0, or -1 with
 * errno set by the first failure (the rest is still removed).
 */
int dir_remove_at(int dirfd, const char *name);

#endif
