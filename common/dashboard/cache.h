#ifndef DASHBOARD_CACHE_H
#define DASHBOARD_CACHE_H

#include <stdint.h>
#include <stddef.h>
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

/*
 * The cache directory (the caller frees it): $XDG_CACHE_HOME/benchtriage,
 * or ~/.cache/benchtriage when XDG_CACHE_HOME is unset, empty or relative
 * (a warning says a relative one is ignored, as the XDG spec says). It
 * and its files/ are made 0700 when missing; NULL, with a warning, when
 * one of them is a symbolic link, not a directory, another user's or one
 * that group or others may write to; NULL too when neither
 * XDG_CACHE_HOME nor HOME is set. The first time
 * in a process, it removes the temporary files that interrupted writes
 * left (cache_file_open()'s names, whose writer is dead or that are an
 * hour old).
 */
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
	char *body_hash;	/* cache_hash_hex() of the body the validators came with */
	char *generated_at;	/* the body's generated_at (its newest run), NULL when unknown */
};

#define CACHE_META_INIT { NULL, NULL, NULL, 0, NULL, NULL }

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

/*
 * A file put in place as cache_write_atomic() does, written a piece at a
 * time: cache_file_open() creates its directory and the temporary file
 * (<path>.tmp-<pid>-XXXXXX, which cache_dir() removes once its writer is
 * dead; -1 with errno set: nothing to commit), cache_file_write() appends,
 * cache_file_write_at() rewrites bytes already written (a failure of
 * either is kept in error, as an errno, and reported by the commit), and
 * cache_file_commit() renames it over path, fsync'ed first when durable,
 * or removes it after a failure (-1 with errno set).
 */
struct cache_file {
	int fd;
	int error;	/* the first failure's errno, or one the caller sets to give up; 0: none */
	const char *path;	/* the caller's, until the commit */
	char *tmp, *dir;
};

int cache_file_open(struct cache_file *f, const char *path);
void cache_file_write(struct cache_file *f, const void *data, size_t len);
void cache_file_write_at(struct cache_file *f, const void *data, size_t len, uint64_t at);
int cache_file_commit(struct cache_file *f, int durable);

/*
 * The same without fsync, for a file that is checked whole on every read
 * (a parsed file: its payload hash) and rebuilt when it does not pass:
 * after a crash it may be torn, which costs a rebuild, never a wrong
 * answer; the fsync of a --scan's 19 MB cost more than a tenth of it.
 */
int cache_write_rebuildable(const char *path, const void *data, size_t len);


/*
 * A 64-bit hash of data (not cryptographic: it tells one version of a
 * file from another, against accidents and races).
 */
uint64_t cache_hash(const void *data, size_t len);

/*
 * The cache's secret: 32 random bytes in <cache>/key, made on first use,
 * a file only its owner may read. What a parsed file is sealed with, so
 * that one not made by this user's runs (rewritten, copied in, made for
 * another JSON and relabelled) does not pass: whoever makes it would
 * need the key. Not against the user's own processes, which can read the
 * key as they can replace the program.
 */
struct cache_key {
	uint64_t k[4];
};

/* Read (once a process) or make the key; -1 when there is none to trust (a warning says why). */
int cache_key(struct cache_key *key);

/* cache_hash() with the key as the secret start of its lanes; key NULL: cache_hash(). */
uint64_t cache_hash_keyed(const void *data, size_t len, const struct cache_key *key);

/*
 * The content hash of a dashboard's text (what a parsed file is keyed by),
 * built a chunk at a time so that a mapped file can be hashed while it is
 * parsed and its pages given back: start from the text's length, then
 * h = cache_text_hash_add(h, chunk, n) over each CACHE_TEXT_CHUNK bytes
 * in order (the last chunk may be shorter).
 */
#define CACHE_TEXT_CHUNK ((size_t)4 << 20)
uint64_t cache_text_hash_add(uint64_t h, const void *chunk, size_t n);
/* The same step with each chunk hashed with key (cache_hash_keyed()). */
uint64_t cache_text_hash_add_keyed(uint64_t h, const void *chunk, size_t n,
				   const struct cache_key *key);

/* cache_hash() as 16 hex digits in buf (17 bytes); returns buf. */
char *cache_hash_hex(char *buf, const void *data, size_t len);

/*
 * Take an exclusive lock (flock) on path, creating it and its directory if
 * needed, waiting for another holder. Returns the descriptor to pass to
 * cache_unlock(), or -1 with errno set.
 */
int cache_lock(const char *path);
void cache_unlock(int fd);

/* Append an age as git prints relative dates: "3 hours ago", "1 day ago". */
void strbuf_add_age(struct strbuf *sb, time_t seconds);

#endif
