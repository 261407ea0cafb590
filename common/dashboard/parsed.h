#ifndef DASHBOARD_PARSED_H
#define DASHBOARD_PARSED_H

#include <stdint.h>
#include <sys/stat.h>
#include "dashboard/dashboard.h"
#include "dashboard/cache.h"

/*
 * The parsed cache: what a load extracted from a dashboard JSON (rows,
 * entries, baselines, strings) in a flat binary file, so that the next
 * load of the same file with the same filter costs one read. It sits
 * beside the cached JSON of a URL, or under $XDG_CACHE_HOME/benchtriage/
 * files/ for a --file input.
 *
 * A parsed file is keyed by the JSON's path and the filter, bound to the
 * JSON by its size, mtime, ctime, inode and content hash, and sealed with
 * the cache's key (cache.h: cache_key()) over its header and payload; it
 * carries a format version. Every read reads the file into memory of its
 * own and validates all of it and every offset inside; a parsed file that
 * is stale, damaged, from another version or not sealed with this key is
 * a miss, never an error and never trusted. Writes are atomic (renamed
 * into place, not fsync'ed: a file a crash leaves torn is a miss).
 */

/*
 * The parsed file for the JSON at source (an absolute path) loaded with
 * f; NULL when there is no cache directory. The caller frees it.
 */
char *parsed_cache_path(const char *source, const struct dashboard_filter *f);

/*
 * Fill d (released first) from the parsed file at path if it was made from
 * the JSON at source as it is now (st: its stat) with the filter f, and
 * sealed with key. With text_hash (cache_hash() of the JSON), a matching
 * content hash stands in for the times and inode (a touched or copied
 * file). Returns 0 on a hit, -1 on a miss (d left empty), printing
 * nothing; without text_hash, 1 on a miss where only the stat data differ
 * (the content hash may yet match: worth computing).
 */
int parsed_cache_read(struct dashboard *d, const char *path, const char *source,
		      const struct stat *st, const struct dashboard_filter *f,
		      const uint64_t *text_hash, const struct cache_key *key);

/*
 * Write d, extracted from the JSON at source (st, text_hash) with f, to
 * path atomically, sealed with key. Failures are silent: the cache is
 * only an accelerator.
 */
void parsed_cache_write(const struct dashboard *d, const char *path, const char *source,
			const struct stat *st, const struct dashboard_filter *f,
			uint64_t text_hash, const struct cache_key *key);

#endif
