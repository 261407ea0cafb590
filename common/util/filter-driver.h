#ifndef UTIL_FILTER_DRIVER_H
#define UTIL_FILTER_DRIVER_H

#include "util/config.h"

/*
 * git's external clean filters, which libgit2 does not run: once
 * registered, hashing or filtering a working-tree file for the object
 * database (git_repository_hashfile(), a GIT_FILTER_TO_ODB filter list)
 * runs the clean command of the driver its `filter` attribute names, as
 * `git add` does. filter.<driver>.clean is run through `sh -c` in the top
 * of the working tree, %f replaced by the shell-quoted path, the file's
 * bytes on its standard input, the cleaned bytes on its output. A command
 * that fails is an error naming the driver when filter.<driver>.required
 * is set, else a warning and the bytes pass unfiltered, as in git. A
 * driver with filter.<driver>.process (a long-running filter, which git
 * prefers to clean) is an error: not supported.
 *
 * cfg is borrowed until filter_driver_release(); register once, before
 * any filtering, from the main thread (libgit2's registry is not thread
 * safe). Returns -1 with an error printed on failure.
 */
int filter_driver_init(struct config *cfg);
void filter_driver_release(void);

#endif
