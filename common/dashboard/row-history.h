#ifndef DASHBOARD_ROW_HISTORY_H
#define DASHBOARD_ROW_HISTORY_H

#include <stdint.h>
#include <time.h>
#include "dashboard/json-scan.h"
#include "dashboard/entry.h"

/*
 * A row's history[] read from the document (internal to the dashboard
 * module: dashboard.c walks the rows, this file their entries), and the
 * parse's place in the document that both keep.
 */

/* Where in the document the parse is, for messages and for giving pages back. */
struct json_path {
	struct dash_where w;	/* origin, row, entry */
	const char *text;	/* the document, for byte offsets */
	struct json_span *entries;	/* the history[] entries of the current row */
	size_t nr_entries, alloc_entries;
	int mapped;		/* text is a read-only file mapping */
	size_t released;	/* bytes of it given back to the kernel */
	struct dash_memo *memo;
	int helion_only;	/* the current row's entries: only what a Helion series needs */
	uint64_t *hash;		/* the text's content hash, when asked for */
	size_t hashed;		/* bytes of it hashed so far */
	size_t last_history;	/* entries the last row extracted kept */
	int history_failed;	/* keep_going: the current row's history could not be read */
	char *history_fault;	/* why the last history the row walked could not be read */
};

/* An error naming p's path and key: "<path>.<key> <what>"; -1. */
int dash_path_error_at(const struct json_path *p, const char *key, const char *what);

/* The document is no valid JSON at at (its byte offset named); -1. */
int dash_scan_error_at(const struct json_path *p, const char *at);

/*
 * The entries of the current row (p->entries, dash_history_collect()) the
 * filter keeps, into out: all of them, or with window only those that
 * started within [from, to]; in time order, out marked loaded.
 */
int dash_history_parse(struct dash_row *out, int window, time_t from, time_t to, struct json_path *p);

/*
 * The history[] starting at start (within limit), walked once when the
 * row's names came first (as dash_history_parse() reads it); *end is set
 * past the array. A fault of the entries' values is kept in
 * p->history_fault (dash_keep_fault()), one of its structure is an error.
 */
int dash_history_walk(struct dash_row *out, struct json_path *p, const char *start, const char *limit,
		      int window, time_t from, time_t to, const char **end);

/* A later history, or the names it was walked for, replace the last one walked. */
void dash_history_drop_fault(struct json_path *p);

/* Record the spans of the history[] entries starting at start into p->entries; *end is set past the array. */
int dash_history_collect(struct json_path *p, const char *start, const char *limit, const char **end);

/*
 * A summary or a history is read as the walk meets it, though a later
 * one of equal key may replace it, faults and all, as JavaScript and
 * Python read it. So a fault of its values (msg: what the walk under
 * usage_catch_begin() caught, ret its result) is kept in *fault (the
 * caller frees it), not printed, and the value starting at start only
 * delimited (*end past it). A fault of its structure is the JSON's: an
 * error at once (-1).
 */
int dash_keep_fault(int ret, char *msg, const char *start, const char *limit, const char **end, char **fault);

#endif
