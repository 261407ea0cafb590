#ifndef HISTORY_NIGHTLY_H
#define HISTORY_NIGHTLY_H

#include <git2.h>
#include "dashboard/dashboard.h"

/* What nightly_resolve() found. */
enum nightly_resolution {
	NIGHTLY_ERROR = -1,	/* an error was printed: ambiguous prefix (naming the
				   candidates), or the lookup failed */
	NIGHTLY_FOUND = 0,	/* *out is the commit */
	NIGHTLY_MISSING = 1,	/* no usable commit: *problem says why (malloc'd
				   sentence for the warning; the caller frees it) */
	NIGHTLY_ABSENT = 2,	/* a valid name, but no such commit here (not
				   fetched, or beyond a shallow clone): as MISSING */
};

/*
 * Resolve the commit a nightly ran on. full_sha is used when that object
 * exists (in the real data most full_sha values are fabricated), else the
 * 8-hex sha as a prefix.
 */
enum nightly_resolution nightly_resolve(git_repository *repo, const struct dash_entry *e,
					git_oid *out, char **problem);

#endif
