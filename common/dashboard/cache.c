#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/io.h"
#include "dashboard/cache.h"

#define READABLE_MAX 80

/* A temporary file older than this is left by a write that will never end. */
#define TEMP_MAX_AGE (60 * 60)

/*
 * $XDG_CACHE_HOME/benchtriage when XDG_CACHE_HOME is absolute, else
 * ~/.cache/benchtriage: the XDG spec says a relative one is invalid and
 * to be ignored (one wrote the cache into the work tree).
 */
static char *cache_path(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	static int warned;

	if (xdg && *xdg == '/')
		return xstrfmt("%s/benchtriage", xdg);
	if (xdg && *xdg && !warned++)
		warning("ignoring XDG_CACHE_HOME '%s': not an absolute path", xdg);
	if (home && *home)
		return xstrfmt("%s/.cache/benchtriage", home);
	return NULL;
}

/*
 * Why the directory dir cannot hold the cache, or NULL: it is created
 * (0700) when missing; one that is there must be a directory of ours,
 * not a symbolic link, that no one else may write to (what others wrote
 * there would stay, were its mode only tightened now). One that cannot be
 * made is no reason: writes to it fail later, quietly, as they would
 * have anyway.
 */
static const char *unsafe_dir(const char *dir)
{
	static char why[64];
	struct stat st;

	if (lstat(dir, &st) < 0) {
		const char *slash = strrchr(dir, '/');
		char *parent = xstrndup(dir, slash ? (size_t)(slash - dir) : 0);

		if (errno == ENOENT && (!*parent || !mkdir_p(parent)))
			mkdir(dir, 0700);
		free(parent);
		if (lstat(dir, &st) < 0)
			return NULL;
	}
	if (S_ISLNK(st.st_mode))
		return "it is a symbolic link";
	if (!S_ISDIR(st.st_mode))
		return "it is not a directory";
	if (st.st_uid != geteuid()) {
		snprintf(why, sizeof(why), "it belongs to another user (uid %lu)",
			 (unsigned long)st.st_uid);
		return why;
	}
	if (st.st_mode & 022)
		return "others may write to it (chmod go-w it)";
	return NULL;
}

/* The digits of a pid and a dash at s (mkstemp()'s six characters follow): the pid, else 0. */
static long temp_writer(const char *s)
{
	char *end;
	long pid;

	if (*s < '0' || *s > '9')
		return 0;
	pid = strtol(s, &end, 10);
	return *end == '-' ? pid : 0;
}

/*
 * Remove the temporary files an interrupted write left in dir: names
 * that end in cache_file_open()'s ".tmp-<pid>-XXXXXX" (or, before the
 * pid was in them, ".tmp-XXXXXX"), whose writer is dead or that are an
 * hour old. Nothing else is touched.
 */
static void remove_stale_temps(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	time_t now = time(NULL);

	if (!d)
		return;
	while ((e = readdir(d))) {
		const char *t = strstr(e->d_name, ".tmp-"), *tail;
		long pid;
		struct stat st;

		while (t && strstr(t + 1, ".tmp-"))
			t = strstr(t + 1, ".tmp-");
		if (!t)
			continue;
		pid = temp_writer(t + 5);
		tail = pid ? strchr(t + 5, '-') + 1 : t + 5;
		if (strlen(tail) != 6 || strspn(tail, "abcdefghijklmnopqrstuvwxyz"
				"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != 6 ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
			continue;
		if ((pid > 0 && kill((pid_t)pid, 0) < 0 && errno == ESRCH) ||
		    now - st.st_mtime > TEMP_MAX_AGE)
			unlinkat(dirfd(d), e->d_name, 0);
	}
	closedir(d);
}

char *cache_dir(void)
{
	static char *checked;	/* the last directory that passed, for this process */
	static char *refused;
	char *dir = cache_path(), *files;
	const char *why, *where;

	if (!dir || (checked && !strcmp(dir, checked)))
		return dir;
	if (refused && !strcmp(dir, refused)) {
		free(dir);
		return NULL;
	}
	files = xstrfmt("%s/files", dir);
	where = dir;
	if (!(why = unsafe_dir(dir)))
		why = unsafe_dir(where = files);
	if (why) {
		warning("not using the cache '%s': %s", where, why);
		free(refused);
		refused = xstrdup(dir);
		free(files);
		free(dir);
		return NULL;
	}
	remove_stale_temps(dir);
	remove_stale_temps(files);
	free(files);
	free(checked);
	checked = xstrdup(dir);
	return dir;
}

static uint32_t fnv1a(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 16777619u;
	}
	return h;
}

char *cache_name(const char *url)
{
	const char *rest = strstr(url, "://");
	struct strbuf sb = STRBUF_INIT;
	const char *at;
	size_t end;

	rest = rest ? rest + 3 : url;
	/* Keep credentials (user:token@) out of file names. */
	at = strchr(rest, '@');
	if (at && at < rest + strcspn(rest, "/?#"))
		rest = at + 1;
	for (; *rest && sb.len < READABLE_MAX; rest++) {
		char c = *rest;
		int safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			   (c >= '0' && c <= '9') || c == '.' || c == '-';

		strbuf_addch(&sb, safe ? c : '_');
	}
	/* The extension is added back after the hash. */
	end = sb.len;
	if (end >= 5 && !strcmp(sb.buf + end - 5, ".json"))
		end -= 5;
	sb.len = end;
	sb.buf[end] = '\0';
	strbuf_addf(&sb, "-%08x.json", fnv1a(url));
	return strbuf_detach(&sb, NULL);
}

char *cache_meta_path(const char *body_path)
{
	return xstrfmt("%s.meta", body_path);
}

void cache_meta_release(struct cache_meta *m)
{
	free(m->url);
	free(m->etag);
	free(m->last_modified);
	free(m->body_hash);
	free(m->generated_at);
	m->url = m->etag = m->last_modified = m->body_hash = m->generated_at = NULL;
	m->fetched = 0;
}

static char *dup_json_string(const cJSON *obj, const char *key)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

	return cJSON_IsString(item) ? xstrdup(item->valuestring) : NULL;
}

int cache_meta_read(struct cache_meta *m, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	int fd = open(path, O_RDONLY);
	cJSON *root = NULL;
	char *fetched;
	int ret = -1;

	cache_meta_release(m);
	if (fd < 0)
		return -1;
	if (read_fd(fd, &sb, SIZE_MAX) < 0)
		goto out;
	root = cJSON_ParseWithLength(sb.buf, sb.len);
	m->url = dup_json_string(root, "url");
	fetched = dup_json_string(root, "fetched_at");
	if (m->url && fetched && !parse_iso_time(fetched, &m->fetched)) {
		m->etag = dup_json_string(root, "etag");
		m->last_modified = dup_json_string(root, "last_modified");
		m->body_hash = dup_json_string(root, "body_hash");
		m->generated_at = dup_json_string(root, "generated_at");
		ret = 0;
	} else {
		cache_meta_release(m);
		errno = EINVAL;
	}
	free(fetched);
out:
	cJSON_Delete(root);
	strbuf_release(&sb);
	close(fd);
	return ret;
}

static void add_string_or_null(cJSON *obj, const char *key, const char *value)
{
	if (value)
		cJSON_AddStringToObject(obj, key, value);
	else
		cJSON_AddNullToObject(obj, key);
}

int cache_meta_write(const struct cache_meta *m, const char *path)
{
	cJSON *root = cJSON_CreateObject();
	char when[32];
	char *text;
	int ret;

	cJSON_AddStringToObject(root, "url", m->url);
	add_string_or_null(root, "etag", m->etag);
	add_string_or_null(root, "last_modified", m->last_modified);
	cJSON_AddStringToObject(root, "fetched_at", format_iso_time(when, m->fetched));
	add_string_or_null(root, "body_hash", m->body_hash);
	add_string_or_null(root, "generated_at", m->generated_at);
	text = cJSON_Print(root);
	if (text) {
		ret = cache_write_atomic(path, text, strlen(text));
		cJSON_free(text);
	} else {
		ret = -1;
		errno = ENOMEM;
	}
	cJSON_Delete(root);
	return ret;
}

/* Make the rename itself durable; a failure here loses nothing already written. */
static void fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

int cache_file_open(struct cache_file *f, const char *path)
{
	const char *slash = strrchr(path, '/');
	int saved;

	f->error = 0;
	f->path = path;
	f->dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	/* the writer's pid in the name: the next run removes it if the writer dies */
	f->tmp = xstrfmt("%s.tmp-%ld-XXXXXX", path, (long)getpid());
	if (mkdir_p(f->dir) < 0 || (f->fd = mkstemp(f->tmp)) < 0) {
		saved = errno;
		free(f->tmp);
		free(f->dir);
		errno = saved;
		return -1;
	}
	return 0;
}

void cache_file_write(struct cache_file *f, const void *data, size_t len)
{
	if (!f->error && write_fd(f->fd, data, len, -1) < 0)
		f->error = errno;
}

void cache_file_write_at(struct cache_file *f, const void *data, size_t len, uint64_t at)
{
	if (!f->error && write_fd(f->fd, data, len, (off_t)at) < 0)
		f->error = errno;
}

int cache_file_commit(struct cache_file *f, int durable)
{
	int ret = -1, saved;

	if (f->error) {
		errno = f->error;
		close(f->fd);
	} else if (durable && fsync(f->fd) < 0) {
		close(f->fd);
	} else if (close(f->fd) == 0 && rename(f->tmp, f->path) == 0) {
		if (durable)
			fsync_dir(f->dir);
		ret = 0;
	}
	saved = errno;
	if (ret)
		unlink(f->tmp);
	free(f->tmp);
	free(f->dir);
	errno = saved;
	return ret;
}

static int write_atomic(const char *path, const void *data, size_t len, int durable)
{
	struct cache_file f;

	if (cache_file_open(&f, path) < 0)
		return -1;
	cache_file_write(&f, data, len);
	return cache_file_commit(&f, durable);
}

int cache_write_atomic(const char *path, const void *data, size_t len)
{
	return write_atomic(path, data, len, 1);
}

int cache_write_rebuildable(const char *path, const void *data, size_t len)
{
	return write_atomic(path, data, len, 0);
}

static inline uint64_t hash_step(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0xff51afd7ed558ccdull;
	return h ^ (h >> 29);
}

uint64_t cache_hash(const void *data, size_t len)
{
	return cache_hash_keyed(data, len, NULL);
}

uint64_t cache_hash_keyed(const void *data, size_t len, const struct cache_key *key)
{
	const unsigned char *p = data;
	uint64_t lane[4] = { 0x9e3779b97f4a7c15ull ^ len, 0xbf58476d1ce4e5b9ull,
			     0x94d049bb133111ebull, 0x2545f4914f6cdd1dull };
	uint64_t h, w;

	/* the key is the lanes' secret start */
	for (int i = 0; key && i < 4; i++)
		lane[i] ^= key->k[i];

	/*
	 * Four independent lanes of eight bytes, so that the multiplies
	 * overlap: a 500 MB dashboard hashes at the speed of memory.
	 */
	for (; len >= 32; p += 32, len -= 32)
		for (int i = 0; i < 4; i++) {
			memcpy(&w, p + 8 * i, 8);
			lane[i] = hash_step(lane[i], w);
		}
	h = lane[0];
	for (int i = 1; i < 4; i++)
		h = hash_step(h, lane[i]);
	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		h = hash_step(h, w);
	}
	for (; len; p++, len--)
		h = (h ^ *p) * 0x100000001b3ull;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ull;
	return h ^ (h >> 33);
}

uint64_t cache_text_hash_add(uint64_t h, const void *chunk, size_t n)
{
	return cache_text_hash_add_keyed(h, chunk, n, NULL);
}

uint64_t cache_text_hash_add_keyed(uint64_t h, const void *chunk, size_t n,
				   const struct cache_key *key)
{
	return (h ^ cache_hash_keyed(chunk, n, key)) * 0x100000001b3ull;
}

/* A key's file: ours, a regular file only we may read, CACHE_KEY_LEN bytes. Then read. */
static int read_key(int fd, struct cache_key *key)
{
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 077) || st.st_size != (off_t)sizeof(key->k))
		return -1;
	do
		n = read(fd, key->k, sizeof(key->k));
	while (n < 0 && errno == EINTR);
	return n == (ssize_t)sizeof(key->k) ? 0 : -1;
}

/*
 * A new key at path: random bytes in a temporary file (0600, as mkstemp()
 * makes it), linked into place, so that of two runs that make one at once
 * both end up with the same (link() does not replace).
 */
static void make_key(const char *path)
{
	struct cache_file f;
	struct cache_key key;

	if (getrandom(key.k, sizeof(key.k), 0) != (ssize_t)sizeof(key.k) ||
	    cache_file_open(&f, path) < 0)
		return;
	cache_file_write(&f, key.k, sizeof(key.k));
	if (!f.error && !close(f.fd))
		(void)!link(f.tmp, path);
	else
		close(f.fd);
	unlink(f.tmp);
	free(f.tmp);
	free(f.dir);
}

int cache_key(struct cache_key *key)
{
	static struct cache_key known;
	static int state;	/* 0 not read, 1 read, -1 none */
	char *dir, *path;
	int fd;

	if (state) {
		*key = known;
		return state > 0 ? 0 : -1;
	}
	state = -1;
	if (!(dir = cache_dir()))
		return -1;
	path = xstrfmt("%s/key", dir);
	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0 && errno == ENOENT) {
		make_key(path);
		fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	}
	if (fd >= 0 && !read_key(fd, &known))
		state = 1;
	else if (fd >= 0 || errno != ENOENT)
		warning("not using the parsed cache: its key '%s' is not a file only you can read", path);
	if (fd >= 0)
		close(fd);
	free(path);
	free(dir);
	*key = known;
	return state > 0 ? 0 : -1;
}

char *cache_hash_hex(char *buf, const void *data, size_t len)
{
	snprintf(buf, 17, "%016llx", (unsigned long long)cache_hash(data, len));
	return buf;
}

int cache_lock(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	int fd = -1;

	if (!mkdir_p(dir) && (fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666)) >= 0) {
		while (flock(fd, LOCK_EX) < 0) {
			if (errno != EINTR) {
				int saved = errno;

				close(fd);
				fd = -1;
				errno = saved;
				break;
			}
		}
	}
	free(dir);
	return fd;
}

void cache_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

void strbuf_add_age(struct strbuf *sb, time_t seconds)
{
	long long d = seconds > 0 ? (long long)seconds : 0;
	const char *unit;

	if (d < 90) {
		unit = "second";
	} else if ((d = (d + 30) / 60) < 90) {
		unit = "minute";
	} else if ((d = (d + 30) / 60) < 36) {
		unit = "hour";
	} else if ((d = (d + 12) / 24) < 14) {
		unit = "day";
	} else if (d < 70) {
		d = (d + 3) / 7;
		unit = "week";
	} else if (d < 365) {
		d = (d + 15) / 30;
		unit = "month";
	} else {
		d = (d + 183) / 365;
		unit = "year";
	}
	strbuf_addf(sb, "%lld %s%s ago", d, unit, d == 1 ? "" : "s");
}
