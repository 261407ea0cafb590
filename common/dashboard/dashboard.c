#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "dashboard/dashboard.h"
#include "dashboard/json-scan.h"
#include "dashboard/entry.h"
#include "dashboard/row-history.h"
#include "dashboard/cache.h"

/* A row's name member (v.p NULL when absent): a string, copied to the arena. */
static int get_name(struct dashboard *d, struct json_span v, const char *key, int required,
		    const struct json_path *p, const char **out)
{
	cJSON *s;

	*out = NULL;
	if (!v.p)
		return required ? dash_path_error_at(p, key, "is missing") : 0;
	s = cJSON_ParseWithLength(v.p, v.len);
	if (!s) {
		return dash_path_error_at(p, key, "is not valid JSON");
	} else if (cJSON_IsNull(s)) {
		cJSON_Delete(s);
		return required ? dash_path_error_at(p, key, "is missing") : 0;
	} else if (!cJSON_IsString(s)) {
		cJSON_Delete(s);
		return dash_path_error_at(p, key, "is not a string");
	}
	/* cJSON would cut the name at the NUL, merging it with another. */
	if (json_string_has_nul(v)) {
		cJSON_Delete(s);
		return dash_path_error_at(p, key, "contains a NUL character");
	}
	/* "" would be a platform or kernel no one can name */
	if (required && !*s->valuestring) {
		cJSON_Delete(s);
		return dash_path_error_at(p, key, "is empty");
	}
	*out = dash_arena_strndup(&d->arena, s->valuestring, strlen(s->valuestring));
	cJSON_Delete(s);
	return 0;
}

enum row_member { M_KERNEL, M_PLATFORM, M_PLATFORM_SHORT, M_HISTORY, M_NR };
static const char *const row_member_name[M_NR] = { "kernel", "platform", "platform_short", "history" };

/* How much of a row's history a filter keeps. */
enum keep { KEEP_NONE, KEEP_WINDOW, KEEP_ALL };

/* Also sets p->helion_only for the row's entries. */
static enum keep row_keeps(const struct dashboard_filter *f, const char *platform_short,
			   struct json_path *p)
{
	p->helion_only = 1;
	if (!f || (!f->names_only && (!f->platform || !strcmp(f->platform, platform_short)))) {
		p->helion_only = f && f->helion_only;
		return KEEP_ALL;
	}
	/* The others are kept for a cross-platform check of the Helion speedup. */
	return !f->names_only && f->others_window ? KEEP_WINDOW : KEEP_NONE;
}

/*
 * The row's kernel and platform_short (spans m) read for a walk of its
 * history: 1, or 0 with nothing printed when one cannot be read (a
 * later one of equal key may replace it, as JavaScript and Python read
 * it; the row is then read once its last names are known, which says
 * what is wrong).
 */
static int names_read(struct dashboard *d, const struct json_span *m, const struct json_path *p,
		      struct dash_row *out)
{
	struct usage_catch outer;
	int ret;

	usage_catch_begin(&outer);
	ret = get_name(d, m[M_KERNEL], "kernel", 1, p, &out->kernel) ||
	      get_name(d, m[M_PLATFORM_SHORT], "platform_short", 1, p, &out->platform_short);
	free(usage_catch_end(&outer));
	return !ret;
}

/*
 * The row whose value starts at start (within the summary, which ends at
 * limit); *row_end is set past it. Its members are walked once: the
 * history is scanned for its end, and parsed only when the filter keeps
 * it. When the names come before the history (as dashboards write them),
 * what the filter keeps of it is extracted on that walk; otherwise the
 * entries' spans are collected and extracted once the names are known.
 */
static int parse_row_members(struct dashboard *d, const char *start, const char *limit,
			     const char **row_end, struct dash_row *out, struct json_path *p,
			     const struct dashboard_filter *f)
{
	struct json_span m[M_NR] = { { NULL, 0 } }, k, r = { start, (size_t)(limit - start) };
	struct json_iter it;
	const char *err;
	int got, ret, named = 0, done = 0, collected = 0;
	enum keep keep = KEEP_NONE;

	memset(out, 0, sizeof(*out));
	if (*start != '{') {
		if (!json_scan_value(start, limit, &err))
			return dash_scan_error_at(p, err);
		return error("'summary[%zu]' is not an object in '%s'", p->w.row, p->w.origin);
	}
	json_iter_init(&it, r);
	p->w.in_entry = 0;
	dash_history_drop_fault(p);
	while ((got = json_iter_member(&it, &k)) > 0) {
		const char *end = NULL;

		if (dash_key_is(k, "history"))
			dash_history_drop_fault(p);
		if (*it.p == '[' && dash_key_is(k, "history")) {
			out->nr_history = 0;	/* a history before this one */
			if (m[M_KERNEL].p && m[M_PLATFORM_SHORT].p && !named)
				named = names_read(d, m, p, out);
			if (named)
				keep = row_keeps(f, out->platform_short, p);
			if (named && keep == KEEP_NONE) {
				/* None of it is kept: only its end matters. */
				if (!(end = json_scan_value(it.p, limit, &err)))
					return dash_scan_error_at(p, err);
				done = 1;
			} else if (named && (ret = dash_history_walk(out, p, it.p, limit, keep == KEEP_WINDOW,
								f ? f->others_from : 0,
								f ? f->others_to : 0, &end)) <= 0) {
				if (ret < 0)
					return -1;
				done = 1;
			} else {
				/* One walk finds the entries, for when the names are known. */
				if (dash_history_collect(p, it.p, limit, &end))
					return -1;
				done = 0;
				collected = 1;
			}
		} else if (!(end = json_scan_value(it.p, limit, &err))) {
			return dash_scan_error_at(p, err);
		}
		/* Of equal keys the last counts, as JavaScript and Python read them. */
		for (int i = 0; i < M_NR; i++)
			if (dash_key_is(k, row_member_name[i])) {
				m[i].p = it.p;
				m[i].len = (size_t)(end - it.p);
				/* a name after the history walked: that walk may have kept the wrong part */
				if (named && (i == M_KERNEL || i == M_PLATFORM_SHORT)) {
					named = done = collected = 0;
					out->nr_history = out->history_loaded = 0;
					dash_history_drop_fault(p);
				}
				if (i == M_HISTORY && *it.p != '[')
					done = collected = 0;
			}
		if (json_iter_resume(&it, end))
			return dash_scan_error_at(p, it.error);
	}
	if (got < 0)
		return dash_scan_error_at(p, it.error);
	*row_end = it.p;
	if ((!named && (get_name(d, m[M_KERNEL], "kernel", 1, p, &out->kernel) ||
			get_name(d, m[M_PLATFORM_SHORT], "platform_short", 1, p,
				 &out->platform_short))) ||
	    get_name(d, m[M_PLATFORM], "platform", 0, p, &out->platform))
		return -1;
	if (!out->platform)
		out->platform = out->platform_short;
	if (!m[M_HISTORY].p)
		return dash_path_error_at(p, "history", "is missing");
	if (*m[M_HISTORY].p != '[')
		return dash_path_error_at(p, "history", "is not an array");
	if (done && p->history_fault) {
		/* keep_going: a fault of the entries' values, not of the JSON */
		error("%s", p->history_fault);
		dash_history_drop_fault(p);
		if (!f || !f->keep_going)
			return -1;
		p->history_failed = 1;
	}
	if (done)
		return 0;
	keep = row_keeps(f, out->platform_short, p);
	if (keep == KEEP_NONE)
		return 0;
	out->nr_history = 0;
	if (!collected && dash_history_collect(p, m[M_HISTORY].p, limit, &err))
		return -1;
	if (dash_history_parse(out, keep == KEEP_WINDOW, f ? f->others_from : 0, f ? f->others_to : 0, p)) {
		/* every entry was delimited already: the fault is in a value */
		if (!f || !f->keep_going)
			return -1;
		p->history_failed = 1;
	}
	return 0;
}

/*
 * The row at start (parse_row_members()). With keep_going (a --scan), a
 * row whose history cannot be read for a fault of its values (one out of
 * range, a member missing) keeps its names, no history and, in error,
 * the message that would have ended the load; a fault of the JSON's
 * structure, or of the names, still ends it.
 */
static int parse_row(struct dashboard *d, const char *start, const char *limit,
		     const char **row_end, struct dash_row *out, struct json_path *p,
		     const struct dashboard_filter *f)
{
	struct usage_catch outer;
	char *msg;
	int ret;

	if (!f || !f->keep_going)
		return parse_row_members(d, start, limit, row_end, out, p, f);
	p->history_failed = 0;
	usage_catch_begin(&outer);
	ret = parse_row_members(d, start, limit, row_end, out, p, f);
	msg = usage_catch_end(&outer);
	if (!ret && p->history_failed && msg) {
		out->error = dash_arena_strndup(&d->arena, msg, strlen(msg));
		out->nr_history = 0;
		out->history_loaded = 0;
		p->w.in_entry = 0;
	} else if (msg) {
		ret = error("%s", msg);
	}
	free(msg);
	return ret;
}

void dashboard_init(struct dashboard *d)
{
	memset(d, 0, sizeof(*d));
}

/* The top level is not an object: say whether it is JSON at all, as cJSON sees it. */
static int not_an_object(const char *text, size_t len, const char *origin)
{
	cJSON *root;
	const char *at;
	size_t blank = 0;

	while (blank < len && (text[blank] == ' ' || text[blank] == '\t' || text[blank] == '\r' || text[blank] == '\n'))
		blank++;
	/* An empty download (a server's empty 200) says so, not "at byte 0". */
	if (blank == len)
		return error("'%s' is empty", origin);
	root = cJSON_ParseWithLength(text, len);
	at = cJSON_GetErrorPtr();
	if (root) {
		cJSON_Delete(root);
		return error("'%s' is not a dashboard: the top level is not an object", origin);
	}
	if (at && at >= text && at <= text + len)
		return error("'%s' is not valid JSON (at byte %zu)", origin, (size_t)(at - text));
	return error("'%s' is not valid JSON", origin);
}

/*
 * The content hash of the text up to upto (a multiple of CACHE_TEXT_CHUNK,
 * or the end), when the caller asked for it.
 */
static void hash_upto(struct json_path *p, size_t upto)
{
	for (size_t n; p->hash && p->hashed < upto; p->hashed += n) {
		n = upto - p->hashed < CACHE_TEXT_CHUNK ? upto - p->hashed : CACHE_TEXT_CHUNK;
		*p->hash = cache_text_hash_add(*p->hash, p->text + p->hashed, n);
	}
}

/*
 * Give the pages of a mapped file that the parse is done with back to the
 * kernel (hashed first, when asked), so that peak memory is what is kept,
 * not the file's size. A later read of them (a message's byte offset
 * never reads) faults them in again from the file. The steps are hash
 * chunks, a multiple of any page size.
 */
static void release_behind(struct json_path *p, const char *done)
{
	size_t upto = (size_t)(done - p->text) / CACHE_TEXT_CHUNK * CACHE_TEXT_CHUNK;

	if (!p->mapped || upto <= p->released)
		return;
	hash_upto(p, upto);
	madvise((char *)p->text + p->released, upto - p->released, MADV_DONTNEED);
	p->released = upto;
}

/* The summary array starting at start (the document ends at end); *summary_end is set past it. */
static int parse_summary(struct dashboard *d, const char *start, const char *end,
			 const char **summary_end, struct json_path *p,
			 const struct dashboard_filter *f)
{
	struct json_span all = { start, (size_t)(end - start) }, k;
	struct json_iter it;
	size_t alloc = 0;
	int got;

	json_iter_init(&it, all);
	while ((got = json_iter_member(&it, &k)) > 0) {
		const char *row_end = NULL;

		p->w.row = it.index;
		ALLOC_GROW(d->rows, d->nr_rows + 1, alloc);
		if (parse_row(d, it.p, end, &row_end, &d->rows[d->nr_rows++], p, f))
			return -1;
		if (json_iter_resume(&it, row_end))
			return dash_scan_error_at(p, it.error);
		release_behind(p, row_end);
	}
	if (got < 0)
		return dash_scan_error_at(p, it.error);
	*summary_end = it.p;
	return 0;
}

/*
 * keep_going: a platform one of whose rows could not be read is read
 * not at all, its other rows failed with the same error, so that nothing
 * judges it (or another platform against it) on part of its kernels.
 */
static void fail_platforms(struct dashboard *d)
{
	for (size_t i = 0; i < d->nr_rows; i++) {
		const struct dash_row *failed = &d->rows[i];

		for (size_t j = 0; failed->error && j < d->nr_rows; j++) {
			struct dash_row *r = &d->rows[j];

			if (r->error || strcmp(r->platform_short, failed->platform_short))
				continue;
			r->error = failed->error;
			r->nr_history = 0;
			r->history_loaded = 0;
		}
	}
}

static int cmp_row_names(const void *a, const void *b)
{
	const struct dash_row *x = *(const struct dash_row *const *)a, *y = *(const struct dash_row *const *)b;
	int c = strcmp(x->platform_short, y->platform_short);

	c = c ? c : strcmp(x->kernel, y->kernel);
	return c ? c : (x > y) - (x < y);
}

/*
 * A platform's kernels are one row each: a second row of one would count
 * that kernel twice in every geomean. keep_going: that platform fails
 * (fail_platforms()), else the load does.
 */
static int check_rows_unique(struct dashboard *d, const char *origin, const struct dashboard_filter *f)
{
	const struct dash_row **by_name = xcalloc(d->nr_rows + 1, sizeof(*by_name));
	int ret = 0;

	for (size_t i = 0; i < d->nr_rows; i++)
		by_name[i] = &d->rows[i];
	qsort(by_name, d->nr_rows, sizeof(*by_name), cmp_row_names);
	for (size_t i = 1; i < d->nr_rows && !ret; i++) {
		const struct dash_row *a = by_name[i - 1], *b = by_name[i];
		struct dash_row *second = &d->rows[b - d->rows];
		char *msg;

		if (strcmp(a->platform_short, b->platform_short) || strcmp(a->kernel, b->kernel))
			continue;
		msg = xstrfmt("'%s' has two rows of kernel '%s' on platform '%s' (summary[%zu] and summary[%zu])",
			      origin, a->kernel, a->platform_short, (size_t)(a - d->rows), (size_t)(b - d->rows));
		if (f && f->keep_going && !second->error) {
			second->error = dash_arena_strndup(&d->arena, msg, strlen(msg));
			second->nr_history = 0;
			second->history_loaded = 0;
		} else if (!f || !f->keep_going) {
			ret = error("%s", msg);
		}
		free(msg);
	}
	free(by_name);
	return ret;
}

/* The rows of a summary that a later one replaces. */
static void drop_rows(struct dashboard *d)
{
	for (size_t i = 0; i < d->nr_rows; i++)
		free(d->rows[i].history);
	d->nr_rows = 0;
}

/* parse_summary(), a fault of its rows kept in *fault (dash_keep_fault()). */
static int parse_replaceable_summary(struct dashboard *d, const char *start, const char *end,
				     const char **summary_end, struct json_path *p,
				     const struct dashboard_filter *f, char **fault)
{
	struct usage_catch outer;
	int ret;

	usage_catch_begin(&outer);
	ret = parse_summary(d, start, end, summary_end, p, f);
	return dash_keep_fault(ret, usage_catch_end(&outer), start, end, summary_end, fault);
}

static int parse_document(struct dashboard *d, const char *text, size_t len, const char *origin,
			  const struct dashboard_filter *f, int mapped, uint64_t *hash)
{
	struct json_path p = { { origin, 0, 0, 0 }, text, NULL, 0, 0, mapped, 0, NULL, 0, hash, 0, 0, 0, NULL };
	struct json_span doc, gen = { NULL, 0 }, k;
	struct json_iter it;
	const char *end = text + len, *err;
	char *summary_fault = NULL;	/* why the last summary could not be read */
	int got, have_kernels = 0, have_summary = 0;

	dashboard_release(d);
	if (hash)
		*hash = len;
	doc.p = json_skip_space(text, end);
	doc.len = (size_t)(end - doc.p);
	if (!doc.len || *doc.p != '{')
		return not_an_object(text, len, origin);
	p.memo = dash_memo_new(&d->arena, &d->legacy);
	d->legacy = 1;
	json_iter_init(&it, doc);
	while ((got = json_iter_member(&it, &k)) > 0) {
		const char *value_end = NULL;

		/* Of equal keys the last counts, as JavaScript and Python read them. */
		if (dash_key_is(k, "summary")) {
			drop_rows(d);
			free(summary_fault);
			summary_fault = NULL;
			have_summary = 1 + (*it.p == '[');
			if (have_summary == 2 &&
			    parse_replaceable_summary(d, it.p, end, &value_end, &p, f, &summary_fault))
				goto fail;
		}
		if (!value_end) {
			/* Any other member: only its end matters, or its text when named. */
			if (!(value_end = json_scan_value(it.p, end, &err))) {
				dash_scan_error_at(&p, err);
				goto fail;
			}
			if (dash_key_is(k, "generated_at")) {
				gen.p = it.p;
				gen.len = (size_t)(value_end - it.p);
			} else if (dash_key_is(k, "kernels")) {
				have_kernels = 1 + (*it.p == '[');
			}
		}
		if (json_iter_resume(&it, value_end)) {
			dash_scan_error_at(&p, it.error);
			goto fail;
		}
	}
	if (got < 0) {
		dash_scan_error_at(&p, it.error);
		goto fail;
	}
	if (json_skip_space(it.p, end) != end) {
		error("'%s' is not valid JSON: unexpected data after the document (at byte %zu)",
		      origin, (size_t)(json_skip_space(it.p, end) - text));
		goto fail;
	}
	if (summary_fault) {
		error("%s", summary_fault);
		goto fail;
	}
	if (have_summary != 2) {
		error("'%s' is not a dashboard: 'summary' is %s", origin,
		      have_summary ? "not an array" : "missing");
		goto fail;
	}
	if (gen.p) {
		cJSON *g = cJSON_ParseWithLength(gen.p, gen.len);

		if (cJSON_IsString(g) && json_string_has_nul(gen)) {
			cJSON_Delete(g);
			error("'generated_at' contains a NUL character in '%s'", origin);
			goto fail;
		}
		if (cJSON_IsString(g))
			d->generated_at = dash_arena_strndup(&d->arena, g->valuestring,
							     strlen(g->valuestring));
		cJSON_Delete(g);
	}
	d->pretuned = have_kernels == 2;
	if (check_rows_unique(d, origin, f))
		goto fail;
	fail_platforms(d);
	hash_upto(&p, len);
	free(p.entries);
	dash_memo_free(p.memo);
	return 0;
fail:
	free(summary_fault);
	dash_history_drop_fault(&p);
	free(p.entries);
	dash_memo_free(p.memo);
	dashboard_release(d);
	return -1;
}

int dashboard_parse_filtered(struct dashboard *d, const char *text, size_t len,
			     const char *origin, const struct dashboard_filter *f)
{
	return parse_document(d, text, len, origin, f, 0, NULL);
}

int dashboard_parse_mapped(struct dashboard *d, const char *map, size_t len,
			   const char *origin, const struct dashboard_filter *f,
			   uint64_t *text_hash)
{
	return parse_document(d, map, len, origin, f, 1, text_hash);
}

int dashboard_parse(struct dashboard *d, const char *text, size_t len, const char *origin)
{
	return dashboard_parse_filtered(d, text, len, origin, NULL);
}

void dashboard_release(struct dashboard *d)
{
	for (size_t i = 0; i < d->nr_rows && !d->history_block; i++)
		free(d->rows[i].history);
	free(d->history_block);
	free(d->rows);
	dash_arena_release(&d->arena);
	dashboard_init(d);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

size_t dashboard_names(const struct dashboard *d, const char *platform, const char ***out)
{
	const char **names = xcalloc(d->nr_rows + 1, sizeof(*names));
	size_t n = 0, kept = 0;

	for (size_t i = 0; i < d->nr_rows; i++) {
		if (!platform)
			names[n++] = d->rows[i].platform_short;
		else if (!strcmp(d->rows[i].platform_short, platform))
			names[n++] = d->rows[i].kernel;
	}
	qsort(names, n, sizeof(*names), cmp_str);
	for (size_t i = 0; i < n; i++)
		if (!i || strcmp(names[i], names[i - 1]))
			names[kept++] = names[i];
	*out = names;
	return kept;
}
