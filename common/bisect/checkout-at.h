#ifndef BISECT_CHECKOUT_AT_H
#define BISECT_CHECKOUT_AT_H

#include <git2.h>
#include "util/strbuf.h"

/*
 * Writing a commit's tree into a directory through directory file
 * descriptors (util/dir-at.h): each directory of the path is opened
 * relative to its parent, never through a symlink, and each file is
 * created anew (O_CREAT | O_EXCL | O_NOFOLLOW), or written in place only
 * when it is the very file the last checkout wrote, untouched, with one
 * name. Whatever a process still running there (or anywhere) does to the
 * directory meanwhile, nothing is written or removed outside it: a
 * symlink swapped in for a directory is removed, never followed, and a
 * hard link is replaced, never written into.
 *
 * The checkout is incremental, but never trusts what it finds: *written
 * records what the last one wrote (path, blob, mode, and the inode, size,
 * mtime and ctime of each file as written). A file is kept only when the
 * tree has the same blob and mode at its path and it is untouched since
 * it was written (it is the very file); anything else (a planted
 * symlink, an edit, a build product, a file swapped for a directory) is
 * removed without following it, and what the tree has is written again.
 * Files go through the filters of the commit's attributes (eol, ident),
 * as git's checkout does; submodules are empty directories.
 */

/*
 * Make the directory fd hold exactly commit's tree. *written (an index
 * in memory, never on disk) is replaced by what this checkout wrote.
 * Returns 0, or -1 with the reason in err (the directory is then in
 * between and *written unchanged: start over in an empty one).
 */
int checkout_at(git_repository *repo, int fd, const git_oid *commit, git_index **written,
		struct strbuf *err);

#endif
