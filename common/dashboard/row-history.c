/* A row's history[]: its entries extracted, all or a window of dates, in time order. */
#include <stdlib.h>
#include "util/usage.h"
#include "dashboard/row-history.h"

int dash_path_error_at(const struct json_path *p, const char *key, const char *what)
{
	return dash_path_error(&p->w, key, what);
}

int dash_scan_error_at(const struct json_path *p, const char *at)
{
	return error("'%s' is not valid JSON (at byte %zu)", p->w.origin, (size_t)(at - p->text));
}

static int cmp_entry_time(const void *a, const void *b)
{
	const struct dash_entry *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	/* Same start time: keep document order. */
	return x->index < y->index ? -1 : x->index > y->index;
}

/*
 * The entry starting at e.p (e may run on past it) extracted into the
 * row's next slot; *end is set past it. A fault the scanner finds is
 * reported as the scanner's, with its byte offset; any other malformed
 * entry is named by its path.
 */
static int extract_one(struct dash_row *out, struct json_span e, size_t *alloc,
		       struct json_path *p, const char **end)
{
	const char *err;
	int ret;

	ALLOC_GROW(out->history, out->nr_history + 1, *alloc);
	ret = dash_entry_extract(p->memo, e, &p->w, p->helion_only, &out->history[out->nr_history],
				 end);
	if (ret == DASH_ENTRY_MALFORMED) {
		if (!json_scan_value(e.p, e.p + e.len, &err))
			return dash_scan_error_at(p, err);
		return dash_path_error_at(p, "", "is not valid JSON");
	}
	if (ret)
		return -1;
	out->nr_history++;
	return 0;
}

/*
 * Room for as many entries as the last row kept: the rows of a dashboard
 * mostly hold the same nightlies, so the history is not grown (copied)
 * entry by entry.
 */
static void reserve_history(struct dash_row *out, size_t *alloc, const struct json_path *p)
{
	if (p->last_history > *alloc) {
		*alloc = p->last_history;
		out->history = xrealloc(out->history, *alloc * sizeof(*out->history));
	}
}

/* Entry i of the current row (p->entries), extracted. */
static int parse_one(struct dash_row *out, size_t i, size_t *alloc, struct json_path *p)
{
	const char *end;

	p->w.entry = i;
	return extract_one(out, p->entries[i], alloc, p, &end);
}

/* The row's history is extracted: in time order, marked loaded. */
static void finish_history(struct dash_row *out, struct json_path *p)
{
	p->w.in_entry = 0;
	out->history_loaded = 1;
	p->last_history = out->nr_history;
	/* Mostly in order already; qsort(NULL, 0) is undefined. */
	for (size_t i = 1; i < out->nr_history; i++)
		if (cmp_entry_time(&out->history[i - 1], &out->history[i]) > 0) {
			qsort(out->history, out->nr_history, sizeof(*out->history), cmp_entry_time);
			break;
		}
}

/*
 * The entry starting at e.p (e may run on past it) when it started
 * within [from, to]: its date read, the rest of it only delimited, and
 * extracted only when it is in the window; *end is set past it.
 * history[] should ascend, but nothing here relies on it. Returns 1 when
 * the entry has no readable date (the caller then extracts them all,
 * which says what is wrong).
 */
static int window_entry(struct dash_row *out, struct json_span e, time_t from, time_t to,
			size_t *alloc, struct json_path *p, const char **end)
{
	time_t t;

	if (dash_entry_time(p->memo, e, p->w.entry, &t, end))
		return 1;
	e.len = (size_t)(*end - e.p);
	if (t >= from && t <= to && extract_one(out, e, alloc, p, end))
		return -1;
	return 0;
}

/* The entries of the current row (p->entries) that started within [from, to]. */
static int parse_window(struct dash_row *out, time_t from, time_t to,
			size_t *alloc, struct json_path *p)
{
	for (size_t i = 0; i < p->nr_entries; i++) {
		const char *end;
		int ret;

		p->w.entry = i;
		if ((ret = window_entry(out, p->entries[i], from, to, alloc, p, &end)))
			return ret;
	}
	return 0;
}

int dash_history_parse(struct dash_row *out, int window, time_t from, time_t to, struct json_path *p)
{
	size_t alloc = 0;
	int ret;

	p->w.in_entry = 1;
	reserve_history(out, &alloc, p);
	ret = window ? parse_window(out, from, to, &alloc, p) : 1;

	if (ret > 0) {
		out->nr_history = 0;
		for (size_t i = 0; i < p->nr_entries; i++)
			if (parse_one(out, i, &alloc, p))
				return -1;
		ret = 0;
	}
	if (ret < 0)
		return -1;
	finish_history(out, p);
	return 0;
}

/*
 * The history[] starting at start (within limit), walked once when the
 * row's names came first: each entry extracted as the walk finds it
 * (window 0), or only those that started within [from, to], the others'
 * dates read and the rest of them only delimited. *end is set past the
 * array. Returns 1 when an entry has no readable date.
 */
static int walk_history(struct dash_row *out, struct json_path *p, const char *start,
			const char *limit, int window, time_t from, time_t to, const char **end)
{
	struct json_span all = { start, (size_t)(limit - start) }, k;
	struct json_iter it;
	size_t alloc = 0;
	int got, ret;

	json_iter_init(&it, all);
	p->w.in_entry = 1;
	reserve_history(out, &alloc, p);
	while ((got = json_iter_member(&it, &k)) > 0) {
		struct json_span e = { it.p, (size_t)(limit - it.p) };
		const char *e_end;

		p->w.entry = it.index;
		ret = window ? window_entry(out, e, from, to, &alloc, p, &e_end) :
			       extract_one(out, e, &alloc, p, &e_end);
		if (ret)
			return ret;
		if (json_iter_resume(&it, e_end))
			return dash_scan_error_at(p, it.error);
	}
	if (got < 0)
		return dash_scan_error_at(p, it.error);
	*end = it.p;
	finish_history(out, p);
	return 0;
}

int dash_keep_fault(int ret, char *msg, const char *start, const char *limit,
		    const char **end, char **fault)
{
	const char *err;

	if (ret >= 0) {
		free(msg);
		return ret;
	}
	if (!(*end = json_scan_value(start, limit, &err))) {
		error("%s", msg);
		free(msg);
		return -1;
	}
	*fault = msg;
	return 0;
}

int dash_history_walk(struct dash_row *out, struct json_path *p, const char *start, const char *limit,
		      int window, time_t from, time_t to, const char **end)
{
	struct usage_catch outer;
	int ret;

	usage_catch_begin(&outer);
	ret = walk_history(out, p, start, limit, window, from, to, end);
	p->w.in_entry = 0;
	return dash_keep_fault(ret, usage_catch_end(&outer), start, limit, end, &p->history_fault);
}

void dash_history_drop_fault(struct json_path *p)
{
	free(p->history_fault);
	p->history_fault = NULL;
}

int dash_history_collect(struct json_path *p, const char *start, const char *limit, const char **end)
{
	struct json_span all = { start, (size_t)(limit - start) }, k, v;
	struct json_iter it;
	int got;

	p->nr_entries = 0;
	json_iter_init(&it, all);
	while ((got = json_iter_next(&it, &k, &v)) > 0) {
		ALLOC_GROW(p->entries, p->nr_entries + 1, p->alloc_entries);
		p->entries[p->nr_entries++] = v;
	}
	if (got < 0)
		return dash_scan_error_at(p, it.error);
	*end = it.p;
	return 0;
}

