#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tap.h"
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/io.h"
#include "dashboard/cache.h"
#include "util/config.h"
#include "dashboard/load.h"

/* 85 characters once the scheme is dropped: longer than the readable part. */
#define LONG_PREFIX "http://example.com/a-very-long-directory-name/another-very-long-directory-name/and-one-more/"

static char tmpdir[] = "/tmp/bt-test-cache.XXXXXX";

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static char *slurp(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return NULL;
	if (read_fd(fd, &sb, SIZE_MAX) < 0)
		strbuf_release(&sb);
	close(fd);
	return strbuf_detach(&sb, NULL);
}

/* Names in dir that contain ".tmp-": what an interrupted write would leave behind. */
static int count_temp_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (strstr(e->d_name, ".tmp-"))
			n++;
	closedir(d);
	return n;
}

static void test_names(void)
{
	char *name = cache_name("https://helionlang.com/dashboard/dashboard-data.json");
	char *other;

	is_str(name, "helionlang.com_dashboard_dashboard-data-7f45c729.json",
	       "host and path made safe, FNV-1a of the URL, .json kept once");
	free(name);
	name = cache_name("https://helionlang.com/dashboard/pretuned-dashboard-data.json");
	is_str(name, "helionlang.com_dashboard_pretuned-dashboard-data-7d845d75.json",
	       "the pretuned tab gets its own name");
	free(name);
	name = cache_name("http://127.0.0.1:4321/a/b.json?x=1");
	is_str(name, "127.0.0.1_4321_a_b.json_x_1-a6148cc4.json",
	       "port and query are flattened into the readable part");
	free(name);

	name = cache_name(LONG_PREFIX "dashboard-data.json");
	other = cache_name(LONG_PREFIX "pretuned-dashboard-data.json");
	is_int(strlen(name), 80 + strlen("-12345678.json"), "the readable part is capped at 80 characters");
	ok(strncmp(name, other, 80) == 0 && strcmp(name, other) != 0,
	   "URLs alike in their first 80 characters still differ by the hash");
	free(name);
	free(other);

	name = cache_name("http://127.0.0.1:4321/x.json");
	other = cache_name("http://127.0.0.1:4321/x.json");
	is_str(name, other, "the name is deterministic");
	free(name);
	free(other);
	name = cache_name("https://ada:s3cret@mirror/d/x.json");
	other = cache_name("https://mirror/d/x.json");
	ok(!strncmp(name, "mirror_d_x-", 11) && strcmp(name, other),
	   "credentials stay out of the readable part, not out of the hash");
	free(name);
	free(other);
	name = cache_name("http://h/a@b/x.json");
	ok(!strncmp(name, "h_a_b_x-", 8), "an @ in the path is not taken for credentials");
	free(name);
	name = cache_name("http://h/../../etc/passwd");
	ok(!strchr(name, '/'), "no slash survives into the name");
	free(name);
}

static void test_dirs(void)
{
	char *xdg = xstrfmt("%s/xdg", tmpdir), *home = xstrfmt("%s/home", tmpdir);
	char *dir, *path, *want;
	struct stat st;

	setenv("XDG_CACHE_HOME", xdg, 1);
	setenv("HOME", home, 1);
	dir = cache_dir();
	want = xstrfmt("%s/benchtriage", xdg);
	is_str(dir, want, "XDG_CACHE_HOME wins");
	ok(!lstat(want, &st) && S_ISDIR(st.st_mode) && (st.st_mode & 0777) == 0700,
	   "the directory is made, 0700");
	free(dir);
	free(want);
	path = dashboard_cache_path("https://helionlang.com/dashboard/dashboard-data.json");
	want = xstrfmt("%s/benchtriage/helionlang.com_dashboard_dashboard-data-7f45c729.json", xdg);
	is_str(path, want, "dashboard_cache_path joins the directory and the name");
	free(path);
	free(want);
	want = xstrfmt("%s/.cache/benchtriage", home);
	setenv("XDG_CACHE_HOME", "", 1);
	dir = cache_dir();
	is_str(dir, want, "an empty XDG_CACHE_HOME falls back to ~/.cache");
	free(dir);
	setenv("XDG_CACHE_HOME", "relative/cache", 1);
	dir = cache_dir();
	is_str(dir, want, "so does a relative one, as the XDG spec says");
	ok(lstat("relative", &st) < 0, "and nothing is made where it points");
	free(dir);
	free(want);
	unsetenv("XDG_CACHE_HOME");
	unsetenv("HOME");
	ok(cache_dir() == NULL, "no directory without XDG_CACHE_HOME and HOME");
	ok(dashboard_cache_path("http://h/x.json") == NULL, "and no cache path either");
	path = cache_meta_path("/c/x-1.json");
	is_str(path, "/c/x-1.json.meta", "metadata sits beside the body");
	free(path);
	free(xdg);
	free(home);
}

static void test_meta(void)
{
	char *path = xstrfmt("%s/sub/dir/x.json.meta", tmpdir);
	struct cache_meta m = CACHE_META_INIT, back = CACHE_META_INIT;
	char *text;

	m.url = "http://127.0.0.1:4321/x.json";
	m.etag = "W/\"a\\b\"";
	m.last_modified = NULL;
	m.fetched = 1795996800;	/* 2026-11-30T00:00:00Z */
	ok(!cache_meta_write(&m, path), "metadata written, creating its directories");
	ok(!cache_meta_read(&back, path), "and read back");
	is_str(back.url, m.url, "url round-trips");
	is_str(back.etag, m.etag, "an etag with quotes and a backslash round-trips");
	ok(back.last_modified == NULL, "an absent Last-Modified stays absent");
	is_int(back.fetched, m.fetched, "fetch time round-trips to the second");
	text = slurp(path);
	ok(text && strstr(text, "\"fetched_at\":\t\"2026-11-30T00:00:00Z\""),
	   "fetch time is stored as ISO UTC");
	free(text);
	cache_meta_release(&back);

	ok(cache_meta_read(&back, "/nonexistent/x.meta") < 0 && errno == ENOENT,
	   "a missing metadata file is ENOENT");
	ok(!cache_write_atomic(path, "{\"url\": \"x\"}", 12), "overwrite with incomplete metadata");
	ok(cache_meta_read(&back, path) < 0 && errno == EINVAL && !back.url,
	   "metadata without fetched_at is EINVAL and leaves nothing set");
	ok(!cache_write_atomic(path, "not json", 8), "overwrite with garbage");
	ok(cache_meta_read(&back, path) < 0 && errno == EINVAL, "garbage is EINVAL");
	free(path);
}

static void test_atomic(void)
{
	char *path = xstrfmt("%s/body.json", tmpdir);
	char *dirpath = xstrfmt("%s/adir.json", tmpdir);
	char *under_file = xstrfmt("%s/body.json/x.json", tmpdir);
	struct strbuf big = STRBUF_INIT;
	char *text;

	ok(!cache_write_atomic(path, "old", 3), "first write");
	ok(!cache_write_atomic(path, "new content", 11), "replace");
	text = slurp(path);
	is_str(text, "new content", "the new content replaced the old entirely");
	free(text);

	mkdir(dirpath, 0777);
	ok(cache_write_atomic(dirpath, "x", 1) < 0 && errno == EISDIR,
	   "renaming over a directory fails with EISDIR");
	ok(cache_write_atomic(under_file, "x", 1) < 0 && errno == ENOTDIR,
	   "a file in the way of the directory fails with ENOTDIR");
	text = slurp(path);
	is_str(text, "new content", "the failures left the existing copy alone");
	free(text);
	is_int(count_temp_files(tmpdir), 0, "no temporary file is left behind");

	ok(!cache_write_rebuildable(path, "rebuilt", 7), "a rebuildable file replaces it too");
	text = slurp(path);
	is_str(text, "rebuilt", "the rebuildable content replaced the old entirely");
	free(text);
	ok(cache_write_rebuildable(under_file, "x", 1) < 0 && errno == ENOTDIR &&
	   !count_temp_files(tmpdir), "a rebuildable write fails as the durable one, cleanly");

	for (int i = 0; i < 20000; i++)
		strbuf_addf(&big, "%05d\n", i);
	ok(!cache_write_atomic(path, big.buf, big.len), "a 120 KB body");
	text = slurp(path);
	ok(text && strlen(text) == big.len && !strcmp(text, big.buf),
	   "read_fd reads it back whole across several reads");
	free(text);
	for (size_t max = big.len - 1; max <= big.len; max++) {
		struct strbuf sb = STRBUF_INIT;
		int fd = open(path, O_RDONLY);

		is_int(read_fd(fd, &sb, max), max < big.len,
		       max < big.len ? "read_fd says when it read more than its limit" :
		       "and a body of the limit's size is whole");
		close(fd);
		strbuf_release(&sb);
	}
	strbuf_release(&big);
	free(path);
	free(dirpath);
	free(under_file);
}

static void test_age(void)
{
	static const struct { long seconds; const char *want; } cases[] = {
		{ -5, "0 seconds ago" },
		{ 1, "1 second ago" },
		{ 89, "89 seconds ago" },
		{ 90, "2 minutes ago" },
		{ 3 * 3600 + 7, "3 hours ago" },
		{ 35 * 3600, "35 hours ago" },
		{ 36 * 3600, "2 days ago" },
		{ 10 * 86400, "10 days ago" },
		{ 30 * 86400, "4 weeks ago" },
		{ 100 * 86400, "3 months ago" },
		{ 400 * 86400, "1 year ago" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_add_age(&sb, cases[i].seconds);
		is_str(sb.buf, cases[i].want, cases[i].want);
		strbuf_release(&sb);
	}
}

static void is_url(struct config *cfg, const char *url, int pretuned, const char *want,
		   const char *name)
{
	struct dashboard_source src = DASHBOARD_SOURCE_INIT;
	char *got;

	src.url = url;
	src.pretuned = pretuned;
	got = dashboard_source_url(&src, cfg, NULL);
	is_str(got, want, name);
	free(got);
}

static void test_source_url(void)
{
	struct config cfg;

	/* Only the overrides below may count, not the user's own configuration. */
	setenv("HOME", tmpdir, 1);
	setenv("XDG_CONFIG_HOME", tmpdir, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	unsetenv("GIT_CONFIG_PARAMETERS");
	unsetenv("GIT_CONFIG_COUNT");
	unsetenv("BT_TEST_DEFAULT_URL_BASE");
	ok(!config_init(&cfg, NULL), "config without a repository");
	is_url(&cfg, NULL, 0, "https://helionlang.com/dashboard/dashboard-data.json", "the default URL");
	is_url(&cfg, NULL, 1, "https://helionlang.com/dashboard/pretuned-dashboard-data.json",
	       "the default pretuned URL");
	setenv("BT_TEST_DEFAULT_URL_BASE", "http://127.0.0.1:8080/t/", 1);
	is_url(&cfg, NULL, 1, "http://127.0.0.1:8080/t/pretuned-dashboard-data.json",
	       "BT_TEST_DEFAULT_URL_BASE: the test suite's base");
	setenv("BT_TEST_DEFAULT_URL_BASE", "", 1);
	is_url(&cfg, NULL, 0, "https://helionlang.com/dashboard/dashboard-data.json", "an empty one is unset");
	unsetenv("BT_TEST_DEFAULT_URL_BASE");
	config_parse_parameters(&cfg, "'bench.url=http://mirror:8080/d/dash.json?k=1'");
	is_url(&cfg, NULL, 0, "http://mirror:8080/d/dash.json?k=1", "bench.url");
	is_url(&cfg, NULL, 1, "http://mirror:8080/d/pretuned-dashboard-data.json?k=1",
	       "--pretuned derives the sibling of bench.url, query kept");
	is_url(&cfg, "http://other/x.json", 1, "http://other/x.json", "--url wins over everything");
	config_parse_parameters(&cfg, "'bench.pretunedUrl=http://p/p.json'");
	is_url(&cfg, NULL, 1, "http://p/p.json", "bench.pretunedUrl wins over the sibling");
	is_url(&cfg, NULL, 0, "http://mirror:8080/d/dash.json?k=1", "and leaves the main tab alone");
	config_release(&cfg);

	config_init(&cfg, NULL);
	config_parse_parameters(&cfg, "'bench.url=https://mirror'");
	is_url(&cfg, NULL, 1, "https://mirror/pretuned-dashboard-data.json",
	       "a bench.url without a path gets the file name appended");
	config_release(&cfg);
}

int main(void)
{
	git_libgit2_init();
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 1;
	}
	test_names();
	test_dirs();
	test_meta();
	test_atomic();
	test_age();
	test_source_url();
	nftw(tmpdir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	return done_testing();
}
