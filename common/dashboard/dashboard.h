/*
 * The dashboard module (common/dashboard/) owns getting the Helion
 * benchmark dashboard: the HTTP GET (http.h), the on-disk cache (cache.h),
 * choosing and loading a source (load.h) and parsing both schemas (this
 * header). It uses only util. The data is described in docs/dashboard.md.
 */
#ifndef DASHBOARD_H
#define DASHBOARD_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <cjson/cJSON.h>

/*
 * The Helion benchmark dashboard (dashboard-data.json, its legacy 2026-04
 * schema, and pretuned-dashboard-data.json), parsed once with cJSON into
 * arrays of rows and history entries. Every string below points into the
 * cJSON tree owned by struct dashboard and lives until dashboard_release().
 * Metrics are NAN when null, absent, or a speedup of 0 ("no data").
 */
/* The largest helion_wins/total accepted: more shapes than any kernel has. */
#define DASH_MAX_COUNT 1000000

struct dash_entry {
	const char *run_id;
	const char *sha;	/* 8 hex */
	const char *full_sha;	/* 40 hex, not always real (docs/dashboard.md) */
	const char *date;	/* the run's start, ISO UTC */
	const char *branch;
	time_t time;		/* date parsed */
	int is_nightly;		/* legacy schema: branch == "main" */
	double helion;		/* helion_speedup_geomean; pretuned: geomean */
	double triton;
	double torch_compile;
	double latency;		/* helion_latency_avg_ms */
	double compile_time;	/* compile_time_geomean_s or legacy compile_time_avg_s */
	int helion_wins;	/* pretuned; -1 when absent; 0..total */
	int total;		/* pretuned; -1 when absent; 0..DASH_MAX_COUNT */
	const char *error;	/* pretuned run error, or NULL */
	const cJSON *json;	/* the entry itself (per_shape, baselines) */
};

struct dash_row {
	const char *kernel;
	const char *platform;
	const char *platform_short;
	struct dash_entry *history;	/* ascending by time */
	size_t nr_history;
	const cJSON *json;
};

struct dashboard {
	cJSON *root;
	int pretuned;		/* has kernels[] / geomean rows */
	int legacy;		/* no is_nightly anywhere */
	const char *generated_at;
	struct dash_row *rows;
	size_t nr_rows;
};

/*
 * The entries a series is built from: nightly runs of main, or every run
 * with all_runs (manual and side-branch runs must not move a verdict).
 */
static inline int dash_entry_counts(const struct dash_entry *e, int all_runs)
{
	return all_runs || (e->is_nightly && !strcmp(e->branch, "main"));
}

void dashboard_init(struct dashboard *d);

/*
 * Parse text (len bytes, need not be NUL-terminated) as a dashboard of
 * either schema. origin names the source in messages. On a missing or
 * mistyped required key, prints an error with its JSON path, e.g.
 * "'summary[12].history[3].sha' is missing in 'x.json'", and returns -1.
 * Unknown keys are ignored.
 */
int dashboard_parse(struct dashboard *d, const char *text, size_t len, const char *origin);

void dashboard_release(struct dashboard *d);

/*
 * Print the platform_short names (platform NULL), or the kernels of one
 * platform, one per line, sorted, each once: what shell completion offers.
 */
void dashboard_print_names(const struct dashboard *d, const char *platform, FILE *fp);

#endif
