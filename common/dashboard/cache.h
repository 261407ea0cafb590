#ifndef DASHBOARD_CACHE_H
#define DASHBOARD_CACHE_H

#include <time.h>
#include "util/strbuf.h"

/*
 * The on-disk cache of downloaded dashboards: one body file per URL under
 * $XDG_CACHE_HOME/benchtriage/ (default ~/.cache/benchtriage/) and beside
 * it a metadata file (<body>.meta, JSON) with the URL, the validators and
 * when the copy was last fetched or revalidated.
 *
 * Functions returning int return 0 on success and -1 with errno set on
 * failure; they print nothing, the caller decides how loud a cache
 * failure is.
 */

/* The cache directory (the caller frees it); NULL when neither XDG_CACHE_HOME nor HOME is set. */
char *cache_dir(void);

/*
 * The file name for url (the caller frees it): the host, port and path
 * made filename-safe (at most 80 characters) plus 8 hex digits of the
 * FNV-1a hash of the whole URL, so that two URLs never share a name by
 * their readable part alone, e.g.
 * "helionlang.com_dashboard_dashboard-data-7f45c729.json".
 */
char *cache_name(const char *url);

/* The metadata file of a body file (the caller frees it). */
char *cache_meta_path(const char *body_path);

struct cache_meta {
	char *url;
	char *etag;		/* NULL when the server sent none */
	char *last_modified;	/* NULL when the server sent none */
	time_t fetched;		/* the last 200 or 304 for this copy */
};

#define CACHE_META_INIT { NULL, NULL, NULL, 0 }

void cache_meta_release(struct cache_meta *m);

/*
 * Read the metadata file at path into *m (released first). Returns 0, or
 * -1 when the file is missing (errno ENOENT) or not valid metadata
 * (errno EINVAL).
 */
int cache_meta_read(struct cache_meta *m, const char *path);

/* Write *m to path atomically (see cache_write_atomic()). */
int cache_meta_write(const struct cache_meta *m, const char *path);

/*
 * Replace path with len bytes of data, creating its directory if needed:
 * a temporary file in the same directory is written, fsync'ed and renamed
 * over path, so a reader sees the old or the new content, never a mix,
 * and a failure leaves the old content untouched.
 */
int cache_write_atomic(const char *path, const void *data, size_t len);


/* Append an age as git prints relative dates: "3 hours ago", "1 day ago". */
void strbuf_add_age(struct strbuf *sb, time_t seconds);

#endif
