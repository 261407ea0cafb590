#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/io.h"
#include "dashboard/cache.h"
#include "dashboard/http.h"
#include "dashboard/load.h"

#define DEFAULT_TIMEOUT 60
#define PRETUNED_FILE "pretuned-dashboard-data.json"

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

char *dashboard_source_url(const struct dashboard_source *src, struct config *cfg)
{
	const char *v;

	if (src->url)
		return xstrdup(src->url);
	if (src->pretuned) {
		if ((v = config_get_string(cfg, "bench.pretunedurl")))
			return xstrdup(v);
		if ((v = config_get_string(cfg, "bench.url")))
			return pretuned_sibling(v);
		return xstrdup(DEFAULT_PRETUNED_URL);
	}
	if ((v = config_get_string(cfg, "bench.url")))
		return xstrdup(v);
	return xstrdup(DEFAULT_DASHBOARD_URL);
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

static int load_file(struct dashboard *d, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	int is_stdin = !strcmp(path, "-");
	int fd = is_stdin ? 0 : open(path, O_RDONLY);
	int ret;

	if (fd < 0 || read_fd(fd, &sb) < 0)
		ret = error("cannot read '%s': %s", path, strerror(errno));
	else
		ret = dashboard_parse(d, sb.buf, sb.len, is_stdin ? "standard input" : path);
	if (fd > 0)
		close(fd);
	strbuf_release(&sb);
	return ret;
}

/* The cached copy of one URL; present when its body file exists and belongs to url. */
struct cached {
	const char *url;
	char *path;		/* NULL when there is no cache directory */
	char *meta_path;
	struct cache_meta meta;
	int present;
};

static void cached_open(struct cached *c, const char *url)
{
	struct stat st;

	memset(c, 0, sizeof(*c));
	c->url = url;
	c->path = dashboard_cache_path(url);
	if (!c->path || stat(c->path, &st) < 0)
		return;
	c->meta_path = cache_meta_path(c->path);
	if (!cache_meta_read(&c->meta, c->meta_path) && strcmp(c->meta.url, url)) {
		cache_meta_release(&c->meta);
		return;	/* another URL's copy under the same name */
	}
	if (!c->meta.url) {
		/* The metadata is gone or damaged: keep the copy, lose the validators. */
		c->meta.url = xstrdup(url);
		c->meta.fetched = st.st_mtime;
	}
	c->present = 1;
}

static void cached_release(struct cached *c)
{
	free(c->path);
	free(c->meta_path);
	cache_meta_release(&c->meta);
}

static int cached_parse(struct dashboard *d, const struct cached *c)
{
	struct strbuf sb = STRBUF_INIT;
	int fd = open(c->path, O_RDONLY);
	int ret;

	if (fd < 0 || read_fd(fd, &sb) < 0)
		ret = error("cannot read '%s': %s", c->path, strerror(errno));
	else
		ret = dashboard_parse(d, sb.buf, sb.len, c->path);
	if (fd >= 0)
		close(fd);
	strbuf_release(&sb);
	return ret;
}

/*
 * Record a response: its body unless it was a 304, then the metadata. The
 * body goes first so that metadata never vouches for a body it did not
 * come with. A 304 may leave out the validators, which then still hold.
 */
static void cached_store(struct cached *c, const struct fetch_result *res, int with_body)
{
	struct cache_meta m = CACHE_META_INIT;

	if (!c->path)
		return;
	if (!c->meta_path)
		c->meta_path = cache_meta_path(c->path);
	if (with_body && cache_write_atomic(c->path, res->body.buf, res->body.len) < 0) {
		warning("cannot write the cache '%s': %s", c->path, strerror(errno));
		return;
	}
	m.url = (char *)c->url;
	m.etag = res->etag || with_body ? res->etag : c->meta.etag;
	m.last_modified = res->last_modified || with_body ? res->last_modified : c->meta.last_modified;
	m.fetched = time(NULL);
	if (cache_meta_write(&m, c->meta_path) < 0)
		warning("cannot write the cache '%s': %s", c->meta_path, strerror(errno));
}

static int use_cached(struct dashboard *d, const struct cached *c, const char *reason)
{
	struct strbuf age = STRBUF_INIT;

	strbuf_add_age(&age, time(NULL) - c->meta.fetched);
	warning("cannot download '%s': %s; using the cached copy from %s", c->url, reason, age.buf);
	strbuf_release(&age);
	return cached_parse(d, c);
}

static int download(struct dashboard *d, struct cached *c, long timeout, int conditional)
{
	struct fetch_request req = { c->url, NULL, NULL, timeout, FETCH_MAX_SIZE, progress_wanted() };
	struct fetch_result res = FETCH_RESULT_INIT;
	const char *reason;
	int ret;

	if (conditional && c->present) {
		req.etag = c->meta.etag;
		req.last_modified = c->meta.last_modified;
	}
	switch (fetch_url(&req, &res)) {
	case FETCH_OK:
		if (!dashboard_parse(d, res.body.buf, res.body.len, c->url)) {
			cached_store(c, &res, 1);
			ret = 0;
			goto out;
		}
		/* dashboard_parse() said what is wrong with it. */
		ret = -1;
		if (!c->present)
			goto out;
		reason = "the response is not a dashboard";
		break;
	case FETCH_NOT_MODIFIED:
		if (!req.etag && !req.last_modified) {
			reason = "HTTP 304 to an unconditional request";
			break;
		}
		if (!cached_parse(d, c)) {
			cached_store(c, &res, 0);
			ret = 0;
			goto out;
		}
		/* The server vouched for a copy that no longer parses: fetch it afresh. */
		c->present = 0;
		ret = download(d, c, timeout, 0);
		goto out;
	default:
		reason = res.error;
		break;
	}
	if (c->present)
		ret = use_cached(d, c, reason);
	else
		ret = error("cannot download '%s': %s", c->url, reason);
out:
	fetch_result_release(&res);
	return ret;
}

static int load_url(struct dashboard *d, const struct dashboard_source *src, const char *url)
{
	struct cached c;
	int ret;

	if (strncasecmp(url, "http://", 7) && strncasecmp(url, "https://", 8))
		return error("cannot download '%s': only http and https URLs are supported", url);
	cached_open(&c, url);
	if (!src->offline) {
		ret = download(d, &c, src->timeout > 0 ? src->timeout : DEFAULT_TIMEOUT, !src->refresh);
	} else if (c.present) {
		ret = cached_parse(d, &c);
	} else {
		ret = error("no cached copy of '%s'", url);
		advise("drop --offline to download it");
	}
	cached_release(&c);
	return ret;
}

int dashboard_load(struct dashboard *d, const struct dashboard_source *src, struct config *cfg)
{
	char *url;
	int ret;

	if (src->file)
		return load_file(d, src->file);
	url = dashboard_source_url(src, cfg);
	ret = load_url(d, src, url);
	free(url);
	return ret;
}
