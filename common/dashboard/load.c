#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/io.h"
#include "util/file-map.h"
#include "dashboard/cache.h"
#include "dashboard/http.h"
#include "dashboard/load.h"
#include "dashboard/parsed.h"

#define DEFAULT_TIMEOUT 60

/* bench.url with its file name replaced by the pretuned tab's, query kept. */
static char *pretuned_sibling(const char *url)
{
	const char *host = strstr(url, "://");
	const char *path_end = url + strcspn(url, "?#");
	const char *slash = NULL;

	host = host ? host + 3 : url;
	for (const char *p = host; p < path_end; p++)
		if (*p == '/')
			slash = p;
	if (!slash)
		return xstrfmt("%.*s/%s%s", (int)(path_end - url), url, PRETUNED_FILE, path_end);
	return xstrfmt("%.*s%s%s", (int)(slash + 1 - url), url, PRETUNED_FILE, path_end);
}

/* The built-in URL of file, on the test suite's server under BT_TEST_DEFAULT_URL_BASE. */
static char *builtin_url(const char *file)
{
	const char *base = getenv("BT_TEST_DEFAULT_URL_BASE");

	return xstrfmt("%s%s", base && *base ? base : DEFAULT_URL_BASE, file);
}

char *dashboard_source_url(const struct dashboard_source *src, struct config *cfg, const char **key)
{
	const char *v, *unused;

	key = key ? key : &unused;
	*key = NULL;
	if (src->url)
		return xstrdup(src->url);
	if (src->pretuned) {
		if (!src->default_url && (v = config_get_string(cfg, *key = "bench.pretunedUrl")))
			return xstrdup(v);
		if (!src->default_url && (v = config_get_string(cfg, *key = "bench.url")))
			return pretuned_sibling(v);
		*key = NULL;
		return builtin_url(PRETUNED_FILE);
	}
	if (!src->default_url && (v = config_get_string(cfg, *key = "bench.url")))
		return xstrdup(v);
	*key = NULL;
	return builtin_url(DASHBOARD_FILE);
}

char *dashboard_cache_path(const char *url)
{
	char *dir = cache_dir();
	char *name, *path;

	if (!dir)
		return NULL;
	name = cache_name(url);
	path = xstrfmt("%s/%s", dir, name);
	free(name);
	free(dir);
	return path;
}

/*
 * A dashboard's text: a mapped regular file (one that another process
 * truncates or rewrites meanwhile is told by file_map_changed(), never a
 * SIGBUS), or what a pipe or device gave.
 */
struct source_text {
	const char *buf;
	size_t len;
	struct file_map map;	/* map.buf NULL: read into sb */
	struct strbuf sb;
	struct stat st;		/* of what was read */
};

static void source_text_release(struct source_text *t)
{
	file_map_release(&t->map);
	strbuf_release(&t->sb);
	memset(t, 0, sizeof(*t));
}

/* 1 when the mapped text changed while it was read: what was made of it is wrong. */
static int source_text_changed(const struct source_text *t)
{
	return t->map.buf && file_map_changed(&t->map);
}

/*
 * The content hash of a dashboard (cache.h: cache_text_hash_add()). The
 * pages of a mapped text are given back to the kernel as it goes, so
 * that hashing a big file does not hold all of it in memory.
 */
static uint64_t text_hash(const char *buf, size_t len, int mapped)
{
	uint64_t h = len;

	for (size_t at = 0; at < len; at += CACHE_TEXT_CHUNK) {
		size_t n = len - at < CACHE_TEXT_CHUNK ? len - at : CACHE_TEXT_CHUNK;

		h = cache_text_hash_add(h, buf + at, n);
		if (mapped)
			madvise((char *)buf + at, n, MADV_DONTNEED);
	}
	return h;
}

static char *text_hash_hex(char *hex, const char *buf, size_t len, int mapped)
{
	snprintf(hex, 17, "%016llx", (unsigned long long)text_hash(buf, len, mapped));
	return hex;
}

static int too_large(const char *name)
{
	return error("'%s' is larger than %zu MiB, the limit for a dashboard", name, FETCH_MAX_SIZE >> 20);
}

/* The text at path ("-" is stdin), read once; name is what messages call it. */
static int source_text_read(struct source_text *t, const char *path, const char *name)
{
	int fd = strcmp(path, "-") ? open(path, O_RDONLY) : 0;
	struct stat st;
	int ret = 0;

	memset(t, 0, sizeof(*t));
	strbuf_init(&t->sb, 0);
	if (fd < 0 || fstat(fd, &st) < 0)
		return error("cannot read '%s': %s", name, strerror(errno));
	t->st = st;
	if (S_ISREG(st.st_mode) && (size_t)st.st_size > FETCH_MAX_SIZE) {
		ret = too_large(name);
	} else if (fd > 0 && S_ISREG(st.st_mode) && st.st_size > 0 && !file_map_open(&t->map, fd, &st)) {
		t->buf = t->map.buf;
		t->len = t->map.len;
		madvise((void *)t->buf, t->len, MADV_SEQUENTIAL);
		fd = -1;	/* the map's now */
	} else {
		/* capped: a device like /dev/urandom never ends */
		int rc = read_fd(fd, &t->sb, FETCH_MAX_SIZE);

		if (rc < 0)
			ret = error("cannot read '%s': %s", name, strerror(errno));
		else if (rc)
			ret = too_large(name);
		t->buf = t->sb.buf;
		t->len = t->sb.len;
	}
	if (fd > 0)
		close(fd);
	if (ret)
		source_text_release(t);
	return ret;
}

/*
 * Parse the text t (hashed in the same pass when mapped and hash is not
 * NULL). A mapped file that changed while it was read (truncated,
 * rewritten) is an error that says so, whatever the parse made of it.
 */
static int parse_text(struct dashboard *d, const struct source_text *t, const char *name,
		      const struct dashboard_filter *f, uint64_t *hash)
{
	struct usage_catch outer;
	char *msg;
	int ret;

	usage_catch_begin(&outer);
	ret = t->map.buf ? dashboard_parse_mapped(d, t->buf, t->len, name, f, hash) :
			   dashboard_parse_filtered(d, t->buf, t->len, name, f);
	msg = usage_catch_end(&outer);
	if (source_text_changed(t)) {
		dashboard_release(d);
		ret = error("'%s' changed while it was read: read it again once it is written whole",
			    name);
	} else if (msg) {
		error("%s", msg);	/* as the parse would have printed it */
	}
	free(msg);
	return ret;
}

/*
 * Parse the dashboard at path, through the parsed cache when it is a
 * regular file: a hit costs one read of the parsed file; a miss parses
 * and writes it for the next run.
 */
static int parse_path(struct dashboard *d, const char *path, const char *name,
		      const struct dashboard_filter *f)
{
	struct source_text t;
	char *source = NULL, *cached = NULL;
	struct cache_key key;
	struct stat st;
	uint64_t hash = 0;
	int ret, hit = -1, have_hash = 0;

	if (strcmp(path, "-") && !stat(path, &st) && S_ISREG(st.st_mode) &&
	    (source = realpath(path, NULL)) && !cache_key(&key) &&
	    (cached = parsed_cache_path(source, f)) &&
	    !(hit = parsed_cache_read(d, cached, source, &st, f, NULL, &key))) {
		ret = 0;
		goto out;
	}
	if (source_text_read(&t, path, name)) {
		ret = -1;
		goto out;
	}
	if (hit > 0 && S_ISREG(t.st.st_mode)) {
		/* Touched or copied, but the same bytes: the parsed file still holds. */
		hash = text_hash(t.buf, t.len, !!t.map.buf);
		have_hash = 1;
		if (!source_text_changed(&t) &&
		    !parsed_cache_read(d, cached, source, &t.st, f, &hash, &key)) {
			parsed_cache_write(d, cached, source, &t.st, f, hash, &key);
			ret = 0;
			goto release;
		}
	}
	ret = parse_text(d, &t, name, f, cached && !have_hash ? &hash : NULL);
	if (!ret && cached && S_ISREG(t.st.st_mode)) {
		if (!t.map.buf && !have_hash)
			hash = text_hash(t.buf, t.len, 0);
		parsed_cache_write(d, cached, source, &t.st, f, hash, &key);
	}
release:
	source_text_release(&t);
out:
	free(source);
	free(cached);
	return ret;
}

static int load_file(struct dashboard *d, const struct dashboard_source *src)
{
	const char *path = src->file;

	return parse_path(d, path, strcmp(path, "-") ? path : "standard input", &src->filter);
}

/* The cached copy of one URL; present when its body file exists and belongs to url. */
struct cached {
	const char *url;	/* what libcurl is given */
	char *shown;		/* url without credentials: messages, metadata, file name */
	char *path;		/* NULL when there is no cache directory */
	char *meta_path;
	struct cache_meta meta;
	struct stat body_st;	/* the body file as cached_open() found it */
	int present;
	const struct dashboard_filter *filter;
};

static void cached_open(struct cached *c, const char *url, const struct dashboard_filter *f)
{
	memset(c, 0, sizeof(*c));
	c->url = url;
	c->shown = fetch_public_url(url);
	c->filter = f;
	c->path = dashboard_cache_path(c->shown);
	if (!c->path || stat(c->path, &c->body_st) < 0)
		return;
	c->meta_path = cache_meta_path(c->path);
	if (!cache_meta_read(&c->meta, c->meta_path) && strcmp(c->meta.url, c->shown)) {
		cache_meta_release(&c->meta);
		return;	/* another URL's copy under the same name */
	}
	if (!c->meta.url) {
		/* The metadata is gone or damaged: keep the copy, lose the validators. */
		c->meta.url = xstrdup(c->shown);
		c->meta.fetched = c->body_st.st_mtime;
	}
	c->present = 1;
}

static void cached_release(struct cached *c)
{
	free(c->shown);
	free(c->path);
	free(c->meta_path);
	cache_meta_release(&c->meta);
}

/*
 * Parse the cached copy. What is wrong with one that does not parse is
 * not printed but put in *why (the caller frees it; NULL when why is):
 * the caller has something else to answer with, or to say.
 */
static int cached_parse(struct dashboard *d, const struct cached *c, char **why)
{
	struct usage_catch outer;
	char *msg;
	int ret;

	usage_catch_begin(&outer);
	ret = parse_path(d, c->path, c->path, c->filter);
	msg = usage_catch_end(&outer);
	if (why)
		*why = msg;
	else
		free(msg);
	return ret;
}

/*
 * The validators vouch only for the body they came with: when the body
 * file is not that one (a concurrent run replaced it, or it was damaged),
 * drop them and download unconditionally.
 */
static void cached_check_validators(struct cached *c)
{
	struct source_text t;
	char hex[17];

	if (!c->meta.etag && !c->meta.last_modified)
		return;
	if (c->meta.body_hash && !source_text_read(&t, c->path, c->path)) {
		int same = !strcmp(text_hash_hex(hex, t.buf, t.len, !!t.map.buf), c->meta.body_hash) &&
			   !source_text_changed(&t);

		source_text_release(&t);
		if (same)
			return;
	}
	free(c->meta.etag);
	free(c->meta.last_modified);
	c->meta.etag = c->meta.last_modified = NULL;
}

static int same_file(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/*
 * Record a response under the cache lock, so that two runs never pair one
 * body with the other's validators: a 200 writes its body, then metadata
 * naming the body's hash; a 304 refreshes the metadata only if the body
 * is still the one it validated. A 304 may leave out the validators,
 * which then still hold.
 */
/* Store a download (with_body: its body, whose generated_at is given) or refresh the metadata of a 304. */
static void cached_store(struct cached *c, const struct fetch_result *res, int with_body, const char *generated_at)
{
	struct cache_meta m = CACHE_META_INIT;
	char *lock_path;
	char hex[17];
	struct stat st;
	int lock;

	if (!c->path)
		return;
	if (!c->meta_path)
		c->meta_path = cache_meta_path(c->path);
	lock_path = xstrfmt("%s.lock", c->path);
	lock = cache_lock(lock_path);
	if (lock < 0) {
		warning("cannot lock the cache '%s': %s", lock_path, strerror(errno));
		goto out;
	}
	if (!with_body && (stat(c->path, &st) < 0 || !same_file(&st, &c->body_st)))
		goto out;	/* another run replaced the body meanwhile: its metadata stands */
	if (with_body && cache_write_atomic(c->path, res->body.buf, res->body.len) < 0) {
		warning("cannot write the cache '%s': %s", c->path, strerror(errno));
		goto out;
	}
	m.url = c->shown;
	m.etag = res->etag || with_body ? res->etag : c->meta.etag;
	m.last_modified = res->last_modified || with_body ? res->last_modified : c->meta.last_modified;
	m.fetched = time(NULL);
	m.body_hash = with_body ? text_hash_hex(hex, res->body.buf, res->body.len, 0) : c->meta.body_hash;
	m.generated_at = (char *)(with_body ? generated_at : c->meta.generated_at);
	if (cache_meta_write(&m, c->meta_path) < 0)
		warning("cannot write the cache '%s': %s", c->meta_path, strerror(errno));
out:
	cache_unlock(lock);
	free(lock_path);
}

/*
 * Where else a dashboard can come from when a download failed, whether a
 * cached copy answers instead or not, by where its URL came from: --url
 * (src->url), the config key, or the built-in default (key NULL), which
 * that key sets.
 */
static void advise_other_source(const struct dashboard_source *src, const char *key)
{
	const char *default_key = src->pretuned ? "bench.pretunedUrl" : "bench.url";

	if (src->url) {
		advise("check the URL given with --url, or read a dashboard file with --file <path>");
	} else if (key && src->pretuned && strcmp(key, default_key)) {
		/* the sibling of bench.url: setting that key would move the main tab too */
		advise("the URL is the Pretuned sibling of the config %s: check it, or read a dashboard file "
		       "with --file <path>", key);
		advise("name another URL with --url <url>, or set the Pretuned one alone: git config %s <url>",
		       default_key);
	} else if (key) {
		advise("the URL comes from the config %s: check it, or read a dashboard file with --file <path>", key);
		advise("name another URL with --url <url>, or set it: git config %s <url>", key);
	} else if (src->default_url) {
		/* --no-url: the config key is ignored, so setting it would change nothing */
		advise("read a dashboard file with --file <path>, or name another URL with --url <url>");
		advise("--no-url uses the built-in URL even where %s is set", default_key);
	} else {
		advise("read a dashboard file with --file <path>, or name another URL with --url <url>");
		advise("the default URL is the config %s: git config %s <url>", default_key, default_key);
	}
}

/*
 * After a failed download (why: what failed, a whole message) the cached
 * copy answers, with one warning that says why and how old the copy is;
 * without a copy, or with one that does not parse either (a warning says
 * so), why is the error. Either way hints follow: how to name the right
 * URL, and after the copy that --offline skips the network.
 */
static int fall_back(struct dashboard *d, const struct cached *c, const struct dashboard_source *src,
		     const char *key, const char *why)
{
	struct strbuf age = STRBUF_INIT;
	char *copy_why = NULL;

	if (c->present && !cached_parse(d, c, &copy_why)) {
		strbuf_add_age(&age, time(NULL) - c->meta.fetched);
		warning("%s; using the cached copy from %s", why, age.buf);
		advise_other_source(src, key);
		advise("--offline uses the cached copy without trying the network");
		strbuf_release(&age);
		return 0;
	}
	if (c->present)
		warning("cannot use the cached copy: %s", copy_why);
	free(copy_why);
	error("%s", why);
	advise_other_source(src, key);
	return -1;
}

/*
 * A download replaces the cached copy only when it is a dashboard with
 * data; what is wrong with one is put in *why (the caller frees it), for
 * fall_back() to tell as an error or, when the copy answers, a warning.
 */
static int parse_download(struct dashboard *d, const struct cached *c, const struct strbuf *body, char **why)
{
	struct usage_catch outer;
	int ret;

	usage_catch_begin(&outer);
	ret = dashboard_parse_filtered(d, body->buf, body->len, c->shown, c->filter);
	if (!ret && !d->nr_rows) {
		dashboard_release(d);
		ret = error("'%s' is a dashboard without data (summary[] is empty)", c->shown);
	}
	*why = usage_catch_end(&outer);
	return ret;
}

/*
 * Whether the dashboard d just downloaded is older than the cached copy:
 * its generated_at (the newest run's date) before the copy's. A mirror or
 * a CDN node behind the others can serve yesterday's file after today's,
 * and the nightlies in between would be lost from the cache.
 */
static int older_than_cached(const struct dashboard *d, const struct cached *c, time_t *got, time_t *have)
{
	return c->present && d->generated_at && c->meta.generated_at &&
	       !parse_iso_time(d->generated_at, got) && !parse_iso_time(c->meta.generated_at, have) &&
	       *got < *have;
}

/*
 * Answer from the cached copy, generated at have, instead of the download
 * in d, at got (released then); the warning only once the copy parsed.
 * A copy that no longer parses answers nothing: d stands, returns -1.
 */
static int keep_newer_cached(struct dashboard *d, const struct cached *c, time_t got, time_t have)
{
	char when_got[32], when_have[32];
	struct dashboard copy;

	dashboard_init(&copy);
	if (cached_parse(&copy, c, NULL))
		return -1;
	dashboard_release(d);
	*d = copy;
	warning("'%s' is older than the cached copy (generated at %s, the copy at %s); using the cached copy",
		c->shown, format_iso_time(when_got, got), format_iso_time(when_have, have));
	return 0;
}

static int download(struct dashboard *d, struct cached *c, const struct dashboard_source *src,
		    const char *key, int conditional)
{
	long timeout = src->timeout > 0 ? src->timeout : DEFAULT_TIMEOUT;
	struct fetch_request req = { c->url, NULL, NULL, timeout, FETCH_MAX_SIZE, progress_wanted() };
	struct fetch_result res = FETCH_RESULT_INIT;
	char *why = NULL;
	time_t got, have;
	int ret;

	if (conditional && c->present) {
		cached_check_validators(c);
		req.etag = c->meta.etag;
		req.last_modified = c->meta.last_modified;
	}
	switch (fetch_url(&req, &res)) {
	case FETCH_OK:
		if (parse_download(d, c, &res.body, &why))
			break;
		/* An older download yields to the copy, unless that no longer parses. */
		if (!older_than_cached(d, c, &got, &have) || keep_newer_cached(d, c, got, have))
			cached_store(c, &res, 1, d->generated_at);
		ret = 0;
		goto out;
	case FETCH_NOT_MODIFIED:
		if (!req.etag && !req.last_modified) {
			why = xstrfmt("cannot download '%s': HTTP 304 to an unconditional request", c->shown);
			break;
		}
		if (!cached_parse(d, c, NULL)) {
			cached_store(c, &res, 0, NULL);
			ret = 0;
			goto out;
		}
		/*
		 * The server vouched for a copy that no longer parses (a --scan
		 * kept one whose rows a single platform cannot read): fetch it
		 * afresh, which says what is wrong should that fail too.
		 */
		c->present = 0;
		ret = download(d, c, src, key, 0);
		goto out;
	default:
		why = xstrfmt("cannot download '%s': %s", c->shown, res.error);
		break;
	}
	ret = fall_back(d, c, src, key, why);
out:
	free(why);
	fetch_result_release(&res);
	return ret;
}

static int load_url(struct dashboard *d, const struct dashboard_source *src, const char *url,
		    const char *key)
{
	struct cached c;
	int ret;

	cached_open(&c, url, &src->filter);
	if (strncasecmp(url, "http://", 7) && strncasecmp(url, "https://", 8)) {
		ret = error("cannot download '%s': only http and https URLs are supported", c.shown);
	} else if (!src->offline) {
		ret = download(d, &c, src, key, !src->refresh);
	} else if (c.present) {
		ret = parse_path(d, c.path, c.path, c.filter);	/* nothing else answers: errors print */
	} else {
		ret = error("no cached copy of '%s'", c.shown);
		advise("drop --offline to download it");
	}
	cached_release(&c);
	return ret;
}

int dashboard_load(struct dashboard *d, const struct dashboard_source *src, struct config *cfg)
{
	const char *key;
	char *url;
	int ret;

	if (src->file)
		return load_file(d, src);
	url = dashboard_source_url(src, cfg, &key);
	ret = load_url(d, src, url, key);
	free(url);
	return ret;
}
