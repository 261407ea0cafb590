#ifndef DASHBOARD_ENTRY_H
#define DASHBOARD_ENTRY_H

#include <stddef.h>
#include <time.h>
#include "dashboard/arena.h"
#include "dashboard/json-scan.h"

/* The largest helion_wins/total accepted: more shapes than any kernel has. */
#define DASH_MAX_COUNT 1000000

/*
 * The range of a metric (a speedup, a latency in ms, a compile time in
 * s), besides 0: eighteen orders of magnitude wider than any measurement,
 * and narrow enough that no ratio, geomean or percentage of them can
 * overflow a double. Values near DBL_MAX made "+nan%" and confident
 * verdicts; now they are errors, with their path.
 */
#define DASH_METRIC_MIN 1e-9
#define DASH_METRIC_MAX 1e9

/* A Pretuned baseline on one run: baselines.<name>.geomean. */
struct dash_baseline {
	const char *name;	/* torch, torch_compile, vllm, cutlass, deepgemm, ... */
	double geomean;		/* NAN when absent, not a number or out of the metrics' range */
};

/*
 * The fields of a dash_entry read from a history[] member of their own
 * and recorded as they are by the parsed cache (parsed-format.h), each
 * listed once: the entry, entry.c's table of the members it reads and
 * how, the cache's record, its writer and its reader are made from these
 * lists, so a field is one line here. The order is the record's layout:
 * change it and bump PARSED_VERSION. What the lists cannot say is
 * entry.c's: is_nightly, baselines, the pretuned schema's geomean (the
 * helion speedup when present) and the legacy compile_time_avg_s (the
 * compile time when compile_time_geomean_s gives none).
 *
 * Strings, X(name, flags), read from the member of their name:
 * run_id; sha (8 hex); full_sha (40 hex, not always real,
 * docs/dashboard.md); date (the run's start, ISO UTC); branch ("main"
 * when absent or null, so never NULL); error (a pretuned run's error).
 */
#define DASH_REQUIRED 1		/* an error when absent or null */
#define DASH_MAY_BE_NULL 2	/* NULL when absent or null */
#define DASH_NAMES_RUN 4	/* the same in every row of a nightly (the run prefix, entry.c) */
#define DASH_ENTRY_STRINGS(X) \
	X(run_id, DASH_REQUIRED | DASH_NAMES_RUN) \
	X(sha, DASH_REQUIRED | DASH_NAMES_RUN) \
	X(full_sha, DASH_MAY_BE_NULL | DASH_NAMES_RUN) \
	X(date, DASH_REQUIRED | DASH_NAMES_RUN) \
	X(branch, DASH_NAMES_RUN) \
	X(error, DASH_MAY_BE_NULL)
/*
 * Metrics, NAN when absent or null, X(name, member, flags): name read
 * from the member of that name; with DASH_ZERO_IS_MISSING a 0 is no data
 * (NAN) too.
 */
#define DASH_ZERO_IS_MISSING 1
#define DASH_ENTRY_METRICS(X) \
	X(helion, helion_speedup_geomean, DASH_ZERO_IS_MISSING) \
	X(triton, triton_speedup_geomean, DASH_ZERO_IS_MISSING) \
	X(torch_compile, torch_compile_speedup_geomean, DASH_ZERO_IS_MISSING) \
	X(latency, helion_latency_avg_ms, DASH_ZERO_IS_MISSING) \
	X(compile_time, compile_time_geomean_s, 0)
/*
 * Pretuned counts, -1 when absent or null, X(name), read from the member
 * of their name: helion_wins (0..total), total (0..DASH_MAX_COUNT).
 */
#define DASH_ENTRY_COUNTS(X) \
	X(helion_wins) X(total)

#define DASH_ENTRY_STRING_MEMBER(name, ...) const char *name;
#define DASH_ENTRY_METRIC_MEMBER(name, ...) double name;
#define DASH_ENTRY_COUNT_MEMBER(name) int name;

struct dash_entry {
	DASH_ENTRY_STRINGS(DASH_ENTRY_STRING_MEMBER)
	time_t time;		/* date parsed */
	int is_nightly;		/* legacy schema: branch == "main" */
	DASH_ENTRY_METRICS(DASH_ENTRY_METRIC_MEMBER)
	DASH_ENTRY_COUNTS(DASH_ENTRY_COUNT_MEMBER)
	const struct dash_baseline *baselines;	/* pretuned; in document order */
	size_t nr_baselines;
	size_t index;		/* position in the row's history[] in the document */
};

/* A row of the dashboard: one kernel on one platform, its history. */
struct dash_row {
	const char *kernel;
	const char *platform;
	const char *platform_short;
	struct dash_entry *history;	/* ascending by time */
	size_t nr_history;
	int history_loaded;	/* 0: left out by the load's filter (nr_history 0) */
	const char *error;	/* keep_going: why its history could not be read (then not
				   loaded), else NULL */
};

/*
 * One history[] entry extracted from its bytes (dashboard.c cuts the
 * document into entries; only it calls the functions below). The scanner walks
 * the entry's members; the value of each member a dash_entry holds is
 * parsed by cJSON on its own, and the others are never built.
 *
 * The rows of a dashboard repeat the same nightly's run_id, shas and date,
 * and often the same metric values: a memo remembers what cJSON made of a
 * value's exact bytes (identical bytes parse identically), so a repeat
 * costs a lookup, and its string is stored once in the dashboard's arena
 * (entries share it).
 */
struct dash_memo;

/*
 * A memo for one parse, whose strings go to arena; an entry with
 * is_nightly clears *legacy (the dashboard is not of the legacy schema).
 * Free it with dash_memo_free().
 */
struct dash_memo *dash_memo_new(struct dash_arena *arena, int *legacy);
void dash_memo_free(struct dash_memo *m);

/* Where a value sits, for messages: summary[row].history[entry].key. */
struct dash_where {
	const char *origin;
	size_t row;
	size_t entry;
	int in_entry;
};

/* error("'summary[1].history[2].key' what in 'origin'"); returns -1. key may be "". */
int dash_path_error(const struct dash_where *w, const char *key, const char *what);

/*
 * Extract the entry that starts at e.p (e may run on past its end) into
 * *out, its strings in the memo's arena, and set *end past
 * it. With helion_only, only what a series of the Helion speedup needs
 * (run_id, the shas, date, branch, is_nightly, the speedup) is read: the
 * other metrics are NAN, the counts -1, no error or baselines. A missing or mistyped member is an error naming its path, a member
 * that cJSON does not read whole names the entry. Returns 0, -1 with the
 * error printed, or DASH_ENTRY_MALFORMED (nothing printed) when the
 * entry's members cannot be walked: the caller tells a scanner fault
 * (unbalanced, unterminated) from other malformed JSON.
 */
#define DASH_ENTRY_MALFORMED (-2)
int dash_entry_extract(struct dash_memo *m, struct json_span e, const struct dash_where *w,
		       int helion_only, struct dash_entry *out, const char **end);

/*
 * The start time of the entry that starts at e.p (its "date" member)
 * without building the rest, which is only delimited; *end is set past
 * the entry (e may run on past it). -1 when it has no date, the date is
 * not an ISO time, or the entry is malformed (a full extraction then
 * says why). index is the entry's position in its row: the memo keeps,
 * for each position, the bytes of the last entry read there up to the
 * end of its date, and an entry that starts with the very same bytes
 * (the same nightly in another kernel's or platform's row) takes that
 * date's time without walking its members again.
 */
int dash_entry_time(struct dash_memo *m, struct json_span e, size_t index, time_t *t,
		    const char **end);

/* Whether the key token k names want; a key with escapes is decoded by cJSON. */
int dash_key_is(struct json_span k, const char *want);

#endif
