/*
 * The dashboard module (common/dashboard/) owns getting the Helion
 * benchmark dashboard: the HTTP GET (http.h), the on-disk cache (cache.h),
 * choosing and loading a source (load.h) and parsing both schemas (this
 * header). It uses only util. The data is described in docs/dashboard.md.
 */
#ifndef DASHBOARD_H
#define DASHBOARD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "dashboard/arena.h"
#include "dashboard/entry.h"

/*
 * The Helion benchmark dashboard (dashboard-data.json, its legacy 2026-04
 * schema, and pretuned-dashboard-data.json), extracted into compact arrays
 * of rows and history entries. Every string and array below is owned by
 * struct dashboard (its arena) and lives until dashboard_release(); no
 * cJSON tree outlives the parse. Metrics are NAN when null, absent, or a
 * speedup of 0 ("no data"). The rows and their entries (struct dash_row,
 * struct dash_entry) are declared in entry.h, the arena in arena.h.
 */

struct dashboard {
	int pretuned;		/* has kernels[] / geomean rows */
	int legacy;		/* no is_nightly anywhere */
	const char *generated_at;
	struct dash_row *rows;
	size_t nr_rows;
	struct dash_entry *history_block;	/* every row's history in one allocation
						   (a parsed-cache hit), or NULL */
	struct dash_arena arena;
};

/*
 * Which history a load extracts. Every row keeps its kernel and platform
 * names (for --list-*, and errors naming the valid ones).
 */
struct dashboard_filter {
	const char *platform;	/* only this platform_short's history; NULL: every row's */
	int names_only;		/* no history at all */
	/*
	 * With platform: the other platforms' entries that started within
	 * [others_from, others_to] too, holding only what a series of the
	 * Helion speedup needs (what a cross-platform check needs around one
	 * date: run_id, shas, date, branch, is_nightly, the speedup; the
	 * other metrics NAN, counts -1, no error or baselines); of the
	 * others' entries outside the window only the date is parsed.
	 */
	int others_window;
	time_t others_from, others_to;
	/* Every entry kept holds only what a Helion series needs (a --scan). */
	int helion_only;
	/*
	 * A row whose history cannot be read for a fault of its values
	 * (not of the JSON) is kept with the reason in its error, not the
	 * end of the load (a --scan skips that platform).
	 */
	int keep_going;
};

#define DASHBOARD_FILTER_INIT { NULL, 0, 0, 0, 0, 0, 0 }

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
 * either schema, every row's history. origin names the source in messages.
 * On a missing or mistyped required key, prints an error with its JSON
 * path, e.g. "'summary[12].history[3].sha' is missing in 'x.json'", and
 * returns -1; so does malformed JSON (with the byte offset), bytes after
 * the document, and a NUL (\u0000) in any string it keeps (names, run
 * ids, shas, dates, branches, errors, baseline names, generated_at),
 * which cJSON would cut there. Unknown keys are ignored.
 *
 * The document is cut into summary[] rows and history[] entries by the
 * boundary scanner (json-scan.h); cJSON parses the names of every row and each
 * history entry the filter keeps, one at a time. Values nobody uses are
 * only checked for balanced nesting and terminated strings.
 */
int dashboard_parse(struct dashboard *d, const char *text, size_t len, const char *origin);

/* The same, extracting only the history f asks for (f NULL: all of it). */
int dashboard_parse_filtered(struct dashboard *d, const char *text, size_t len,
			     const char *origin, const struct dashboard_filter *f);

/*
 * The same for a page-aligned, read-only, private file mapping (mmap), of
 * which the pages already parsed are given back to the kernel on the way
 * (MADV_DONTNEED): peak memory stays near what the filter keeps. With
 * text_hash, the text's content hash (cache.h: cache_text_hash_add()) is
 * computed in the same pass and stored there on success.
 */
int dashboard_parse_mapped(struct dashboard *d, const char *map, size_t len,
			   const char *origin, const struct dashboard_filter *f,
			   uint64_t *text_hash);

void dashboard_release(struct dashboard *d);

/*
 * The platform_short names (platform NULL), or the kernels of one
 * platform, sorted, each once, into *names: what shell completion offers.
 * The caller frees the array; the strings are d's. Returns how many.
 */
size_t dashboard_names(const struct dashboard *d, const char *platform, const char ***names);

#endif
