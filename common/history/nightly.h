#ifndef HISTORY_NIGHTLY_H
#define HISTORY_NIGHTLY_H

#include <git2.h>
#include "dashboard/dashboard.h"

/*
 * Resolve the commit a nightly ran on. full_sha is used when that object
 * exists (in the real data most full_sha values are fabricated), else the
 * 8-hex sha as a prefix. Returns 0 with *out set; 1 when nothing matches
 * (*problem is a malloc'd sentence for the warning, the caller frees it);
 * -1 with an error printed when the prefix is ambiguous (naming the
 * candidates) or the lookup fails.
 */
int nightly_resolve(git_repository *repo, const struct dash_entry *e, git_oid *out,
		    char **problem);

#endif
