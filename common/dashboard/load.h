#ifndef DASHBOARD_LOAD_H
#define DASHBOARD_LOAD_H

#include <limits.h>
#include "util/config.h"
#include "dashboard/dashboard.h"

/*
 * The built-in URLs: DEFAULT_URL_BASE followed by a file name. The test
 * suite serves them from 127.0.0.1 by naming another base in
 * BT_TEST_DEFAULT_URL_BASE, a test-only variable (docs/dashboard-loading.md).
 */
#define DEFAULT_URL_BASE "https://helionlang.com/dashboard/"
#define DASHBOARD_FILE "dashboard-data.json"
#define PRETUNED_FILE "pretuned-dashboard-data.json"

/*
 * Where a dashboard comes from, as the user asked on the command line.
 * The first that applies: file ("-" is stdin), url, config bench.url
 * (bench.pretunedUrl with pretuned), the default URL.
 */
struct dashboard_source {
	const char *file;
	const char *url;
	int default_url;	/* --no-url: the built-in URL, whatever bench.url says */
	int pretuned;
	int offline;	/* cache only, never the network */
	int refresh;	/* download even when the cache is fresh */
	int timeout;	/* seconds for the whole download, retries included; below 1: the default (60) */
	struct dashboard_filter filter;	/* which history to extract */
};

/* --timeout not given (0 is a value the user can give, and is refused). */
#define DASHBOARD_TIMEOUT_UNSET INT_MIN
#define DASHBOARD_SOURCE_INIT { NULL, NULL, 0, 0, 0, 0, DASHBOARD_TIMEOUT_UNSET, DASHBOARD_FILTER_INIT }

/*
 * Load and parse the dashboard into *d (which the caller releases with
 * dashboard_release()). For a URL: the on-disk cache under
 * $XDG_CACHE_HOME/benchtriage/ (default ~/.cache/benchtriage/), revalidated
 * with ETag/Last-Modified, replaced atomically, under a lock, and only by
 * a body that parsed as a dashboard with at least one row; when a download
 * fails (the network, an HTTP error, a body that is no dashboard) a cached
 * copy is used with a warning that says its age. Either way hints follow,
 * by where the URL came from. URLs are shown and stored without
 * credentials. Files and downloads alike are capped at FETCH_MAX_SIZE.
 * Returns -1 with an error printed when no dashboard can be had.
 */
int dashboard_load(struct dashboard *d, const struct dashboard_source *src, struct config *cfg);

/*
 * The URL src resolves to (file unset); the caller frees it. Unless key
 * is NULL, *key is set to the config key it came from, NULL for --url
 * or the built-in default.
 */
char *dashboard_source_url(const struct dashboard_source *src, struct config *cfg, const char **key);

/*
 * Path of the cached copy for url (the caller frees it), whether it exists
 * or not. Completion scripts read platform names from the newest one.
 */
char *dashboard_cache_path(const char *url);

#endif
