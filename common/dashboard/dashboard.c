#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include "util/quote.h"
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/date.h"
#include "dashboard/dashboard.h"
#include "dashboard/scan.h"

#define ARENA_BLOCK (64 << 10)

struct dash_arena_block {
	struct dash_arena_block *next;
	size_t used, size;
	max_align_t data[];
};

void *dash_arena_alloc(struct dash_arena *a, size_t size)
{
	struct dash_arena_block *b = a->blocks;
	size_t align = sizeof(max_align_t);
	void *p;

	size = (size + align - 1) / align * align;
	if (!b || b->size - b->used < size) {
		size_t want = size > ARENA_BLOCK ? size : ARENA_BLOCK;

		b = xmalloc(sizeof(*b) + want);
		b->size = want;
		b->used = 0;
		b->next = a->blocks;
		a->blocks = b;
	}
	p = (char *)b->data + b->used;
	b->used += size;
	a->bytes += size;
	memset(p, 0, size);
	return p;
}

char *dash_arena_strndup(struct dash_arena *a, const char *s, size_t len)
{
	char *p = dash_arena_alloc(a, len + 1);

	memcpy(p, s, len);
	return p;
}

static void arena_release(struct dash_arena *a)
{
	while (a->blocks) {
		struct dash_arena_block *next = a->blocks->next;

		free(a->blocks);
		a->blocks = next;
	}
	a->bytes = 0;
}

/*
 * The times of date strings seen before, by their bytes: the other
 * platforms' rows repeat the same nightly dates, and cJSON plus the
 * date parser cost more than finding the member. Identical bytes parse
 * identically, so a hit is the parse's own result.
 */
#define DATE_MEMO_SIZE 4096
#define DATE_MEMO_LEN 40
struct date_memo {
	char raw[DATE_MEMO_LEN];
	unsigned char len;	/* 0: empty slot */
	signed char ret;
	time_t time;
};

/* Where in the document a value sits, for messages: "summary[12].history[3]". */
struct json_path {
	const char *origin;
	const char *text;	/* the document, for byte offsets */
	struct json_span *entries;	/* the history[] entries of the current row */
	size_t nr_entries, alloc_entries;
	int mapped;		/* text is a read-only file mapping */
	size_t released;	/* bytes of it given back to the kernel */
	size_t row;
	size_t entry;
	int in_entry;
	struct date_memo *dates;	/* DATE_MEMO_SIZE slots, allocated on first use */
};

static int path_error(const struct json_path *p, const char *key, const char *what)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "summary[%zu]", p->row);
	if (p->in_entry)
		strbuf_addf(&sb, ".history[%zu]", p->entry);
	if (*key)
		strbuf_addf(&sb, ".%s", key);
	error("'%s' %s in '%s'", sb.buf, what, p->origin);
	strbuf_release(&sb);
	return -1;
}

static int scan_error(const struct json_path *p, const char *at)
{
	return error("'%s' is not valid JSON (at byte %zu)", p->origin, (size_t)(at - p->text));
}

static int get_string(struct dashboard *d, const cJSON *obj, const char *key, int required,
		      const struct json_path *p, const char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*out = NULL;
	if (!v || cJSON_IsNull(v))
		return required ? path_error(p, key, "is missing") : 0;
	if (!cJSON_IsString(v))
		return path_error(p, key, "is not a string");
	*out = dash_arena_strndup(&d->arena, v->valuestring, strlen(v->valuestring));
	return 0;
}

/* A metric: NAN when absent or null; a speedup of 0 means "no data" too. */
static int get_metric(const cJSON *obj, const char *key, int zero_is_missing,
		      const struct json_path *p, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*out = NAN;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsNumber(v))
		return path_error(p, key, "is not a number");
	/* cJSON reads 1e999 as inf; no speedup, latency or time is negative. */
	if (!isfinite(v->valuedouble) || v->valuedouble < 0)
		return path_error(p, key, "is not a finite number of at least 0");
	if (!(zero_is_missing && v->valuedouble == 0))
		*out = v->valuedouble;
	return 0;
}

/* A pretuned count: a whole number 0..DASH_MAX_COUNT, or -1 when absent or null. */
static int get_count(const cJSON *obj, const char *key, const struct json_path *p, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*out = -1;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 && v->valuedouble <= DASH_MAX_COUNT) ||
	    v->valuedouble != (int)v->valuedouble)
		return path_error(p, key, "is not a count (a whole number from 0 to 1000000)");
	*out = (int)v->valuedouble;
	return 0;
}

/* helion_wins and total: each a count, and no more wins than shapes. */
static int get_counts(const cJSON *e, const struct json_path *p, int *wins, int *total)
{
	if (get_count(e, "helion_wins", p, wins) || get_count(e, "total", p, total))
		return -1;
	if (*wins >= 0 && *total >= 0 && *wins > *total)
		return path_error(p, "helion_wins", "is more than 'total'");
	return 0;
}

/* Pretuned: baselines{name: {geomean, ...}} as (name, geomean) pairs. */
static void get_baselines(struct dashboard *d, const cJSON *e, struct dash_entry *out)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(e, "baselines"), *it;
	struct dash_baseline *v;
	size_t n = 0;

	if (!cJSON_IsObject(b) || !(n = (size_t)cJSON_GetArraySize(b)))
		return;
	v = dash_arena_alloc(&d->arena, n * sizeof(*v));
	n = 0;
	cJSON_ArrayForEach(it, b) {
		const cJSON *g = cJSON_GetObjectItemCaseSensitive(it, "geomean");

		v[n].name = dash_arena_strndup(&d->arena, it->string, strlen(it->string));
		v[n++].geomean = cJSON_IsNumber(g) && g->valuedouble > 0 ? g->valuedouble : NAN;
	}
	out->baselines = v;
	out->nr_baselines = n;
}

static int parse_entry(struct dashboard *d, const cJSON *e, struct dash_entry *out,
		       const struct json_path *p)
{
	const cJSON *nightly;

	if (!cJSON_IsObject(e))
		return path_error(p, "", "is not an object");
	memset(out, 0, sizeof(*out));
	out->index = p->entry;
	if (get_string(d, e, "run_id", 1, p, &out->run_id) ||
	    get_string(d, e, "sha", 1, p, &out->sha) ||
	    get_string(d, e, "full_sha", 0, p, &out->full_sha) ||
	    get_string(d, e, "date", 1, p, &out->date) ||
	    get_string(d, e, "branch", 0, p, &out->branch) ||
	    get_string(d, e, "error", 0, p, &out->error))
		return -1;
	if (parse_iso_time(out->date, &out->time))
		return path_error(p, "date", "is not an ISO-8601 time");
	if (!out->branch)
		out->branch = "main";
	nightly = cJSON_GetObjectItemCaseSensitive(e, "is_nightly");
	if (nightly && !cJSON_IsNull(nightly)) {
		if (!cJSON_IsBool(nightly))
			return path_error(p, "is_nightly", "is not a boolean");
		out->is_nightly = cJSON_IsTrue(nightly);
		d->legacy = 0;
	} else {
		/* The legacy schema has no is_nightly: every main run was a nightly. */
		out->is_nightly = !strcmp(out->branch, "main");
	}
	if (cJSON_GetObjectItemCaseSensitive(e, "geomean")) {
		if (get_metric(e, "geomean", 1, p, &out->helion))
			return -1;
	} else if (get_metric(e, "helion_speedup_geomean", 1, p, &out->helion)) {
		return -1;
	}
	if (get_metric(e, "triton_speedup_geomean", 1, p, &out->triton) ||
	    get_metric(e, "torch_compile_speedup_geomean", 1, p, &out->torch_compile) ||
	    get_metric(e, "helion_latency_avg_ms", 1, p, &out->latency) ||
	    get_metric(e, "compile_time_geomean_s", 0, p, &out->compile_time))
		return -1;
	if (isnan(out->compile_time) &&
	    get_metric(e, "compile_time_avg_s", 0, p, &out->compile_time))
		return -1;
	if (get_counts(e, p, &out->helion_wins, &out->total))
		return -1;
	get_baselines(d, e, out);
	return 0;
}

static int cmp_entry_time(const void *a, const void *b)
{
	const struct dash_entry *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	/* Same start time: keep document order. */
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Entry i of the current row parsed by cJSON on its own, extracted, and freed at once. */
static int parse_one(struct dashboard *d, struct dash_row *out, size_t i, size_t *alloc,
		     struct json_path *p)
{
	cJSON *e = cJSON_ParseWithLength(p->entries[i].p, p->entries[i].len);
	int ret;

	p->entry = i;
	if (!e)
		return path_error(p, "", "is not valid JSON");
	ALLOC_GROW(out->history, out->nr_history + 1, *alloc);
	ret = parse_entry(d, e, &out->history[out->nr_history], p);
	cJSON_Delete(e);
	if (!ret)
		out->nr_history++;
	return ret;
}

/* Whether the key token k names want; a key with escapes is decoded by cJSON. */
static int key_is(struct json_span k, const char *want)
{
	cJSON *s;
	int ret;

	if (!memchr(k.p, '\\', k.len))
		return json_key_is(k, want);
	s = cJSON_ParseWithLength(k.p, k.len);
	ret = cJSON_IsString(s) && !strcmp(s->valuestring, want);
	cJSON_Delete(s);
	return ret;
}

/*
 * The start time of entry i, or -1 when it has none (a full parse then
 * says why): the scanner finds its "date" member, cJSON parses just that
 * string, so the entry's other values are never built.
 */
static int entry_time(struct json_path *p, size_t i, time_t *t)
{
	struct json_iter it;
	struct json_span k, v;
	int got, ret = -1;

	if (json_iter_init(&it, p->entries[i]) || *p->entries[i].p != '{')
		return -1;
	while ((got = json_iter_next(&it, &k, &v)) > 0) {
		if (key_is(k, "date")) {
			struct date_memo *m = NULL;
			cJSON *date;

			if (v.len < DATE_MEMO_LEN) {
				uint32_t h = 2166136261u;	/* FNV-1a */

				for (size_t j = 0; j < v.len; j++)
					h = (h ^ (unsigned char)v.p[j]) * 16777619u;
				if (!p->dates)
					p->dates = xcalloc(DATE_MEMO_SIZE, sizeof(*p->dates));
				m = &p->dates[h % DATE_MEMO_SIZE];
				if (m->len == v.len && !memcmp(m->raw, v.p, v.len)) {
					*t = m->time;
					return m->ret;
				}
			}
			date = cJSON_ParseWithLength(v.p, v.len);
			ret = cJSON_IsString(date) ? parse_iso_time(date->valuestring, t) : -1;
			cJSON_Delete(date);
			if (m) {
				memcpy(m->raw, v.p, v.len);
				m->len = (unsigned char)v.len;
				m->ret = (signed char)ret;
				m->time = ret ? 0 : *t;
			}
			break;
		}
	}
	return ret;
}

/*
 * Only the entries that started within [from, to], each date read on its
 * own: history[] should ascend, but nothing here relies on it. Returns 1
 * when an entry has no readable date (the caller parses all, which says
 * what is wrong).
 */
static int parse_window(struct dashboard *d, struct dash_row *out, time_t from, time_t to,
			size_t *alloc, struct json_path *p)
{
	for (size_t i = 0; i < p->nr_entries; i++) {
		time_t t;

		if (entry_time(p, i, &t))
			return 1;
		if (t >= from && t <= to && parse_one(d, out, i, alloc, p))
			return -1;
	}
	return 0;
}

/*
 * The entries of the current row (p->entries) the filter keeps: all of
 * them, or with window only those within [from, to].
 */
static int parse_history(struct dashboard *d, struct dash_row *out, int window, time_t from,
			 time_t to, struct json_path *p)
{
	size_t alloc = 0;
	int ret;

	p->in_entry = 1;
	ret = window ? parse_window(d, out, from, to, &alloc, p) : 1;

	if (ret > 0) {
		out->nr_history = 0;
		for (size_t i = 0; i < p->nr_entries; i++)
			if (parse_one(d, out, i, &alloc, p))
				return -1;
		ret = 0;
	}
	if (ret < 0)
		return -1;
	p->in_entry = 0;
	out->history_loaded = 1;
	if (out->nr_history)	/* qsort(NULL, 0) is undefined */
		qsort(out->history, out->nr_history, sizeof(*out->history), cmp_entry_time);
	return 0;
}

/* Record the spans of the history[] entries starting at start; *end is set past the array. */
static int collect_entries(struct json_path *p, const char *start, const char *limit,
			   const char **end)
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
		return scan_error(p, it.error);
	*end = it.p;
	return 0;
}

/* A row's name member (v.p NULL when absent): a string, copied to the arena. */
static int get_name(struct dashboard *d, struct json_span v, const char *key, int required,
		    const struct json_path *p, const char **out)
{
	cJSON *s;

	*out = NULL;
	if (!v.p)
		return required ? path_error(p, key, "is missing") : 0;
	s = cJSON_ParseWithLength(v.p, v.len);
	if (!s) {
		return path_error(p, key, "is not valid JSON");
	} else if (cJSON_IsNull(s)) {
		cJSON_Delete(s);
		return required ? path_error(p, key, "is missing") : 0;
	} else if (!cJSON_IsString(s)) {
		cJSON_Delete(s);
		return path_error(p, key, "is not a string");
	}
	/* cJSON would cut the name at the NUL, merging it with another. */
	if (json_string_has_nul(v)) {
		cJSON_Delete(s);
		return path_error(p, key, "contains a NUL character");
	}
	*out = dash_arena_strndup(&d->arena, s->valuestring, strlen(s->valuestring));
	cJSON_Delete(s);
	return 0;
}

enum row_member { M_KERNEL, M_PLATFORM, M_PLATFORM_SHORT, M_HISTORY, M_NR };
static const char *const row_member_name[M_NR] = { "kernel", "platform", "platform_short", "history" };

/*
 * The row whose value starts at start (within the summary, which ends at
 * limit); *row_end is set past it. Its members are walked once: the
 * history is scanned for its end, and parsed only when the filter keeps it.
 */
static int parse_row(struct dashboard *d, const char *start, const char *limit,
		     const char **row_end, struct dash_row *out, struct json_path *p,
		     const struct dashboard_filter *f)
{
	struct json_span m[M_NR] = { { NULL, 0 } }, k, r = { start, (size_t)(limit - start) };
	struct json_iter it;
	const char *err;
	int got;

	memset(out, 0, sizeof(*out));
	if (*start != '{') {
		if (!json_scan_value(start, limit, &err))
			return scan_error(p, err);
		return error("'summary[%zu]' is not an object in '%s'", p->row, p->origin);
	}
	json_iter_init(&it, r);
	p->in_entry = 0;
	while ((got = json_iter_member(&it, &k)) > 0) {
		const char *end = NULL;

		if (!m[M_HISTORY].p && *it.p == '[' && key_is(k, "history")) {
			/* One walk finds the entries, whether they are parsed or not. */
			if (collect_entries(p, it.p, limit, &end))
				return -1;
		} else if (!(end = json_scan_value(it.p, limit, &err))) {
			return scan_error(p, err);
		}
		for (int i = 0; i < M_NR; i++)
			if (!m[i].p && key_is(k, row_member_name[i])) {
				m[i].p = it.p;
				m[i].len = (size_t)(end - it.p);
			}
		if (json_iter_resume(&it, end))
			return scan_error(p, it.error);
	}
	if (got < 0)
		return scan_error(p, it.error);
	*row_end = it.p;
	if (get_name(d, m[M_KERNEL], "kernel", 1, p, &out->kernel) ||
	    get_name(d, m[M_PLATFORM_SHORT], "platform_short", 1, p, &out->platform_short) ||
	    get_name(d, m[M_PLATFORM], "platform", 0, p, &out->platform))
		return -1;
	if (!out->platform)
		out->platform = out->platform_short;
	if (!m[M_HISTORY].p)
		return path_error(p, "history", "is missing");
	if (*m[M_HISTORY].p != '[')
		return path_error(p, "history", "is not an array");
	if (!f || (!f->names_only && (!f->platform || !strcmp(f->platform, out->platform_short))))
		return parse_history(d, out, 0, 0, 0, p);
	if (!f->names_only && f->others_window)
		return parse_history(d, out, 1, f->others_from, f->others_to, p);
	return 0;
}

void dashboard_init(struct dashboard *d)
{
	memset(d, 0, sizeof(*d));
}

/* The top level is not an object: say whether it is JSON at all, as cJSON sees it. */
static int not_an_object(const char *text, size_t len, const char *origin)
{
	cJSON *root = cJSON_ParseWithLength(text, len);
	const char *at = cJSON_GetErrorPtr();

	if (root) {
		cJSON_Delete(root);
		return error("'%s' is not a dashboard: the top level is not an object", origin);
	}
	if (at && at >= text && at <= text + len)
		return error("'%s' is not valid JSON (at byte %zu)", origin, (size_t)(at - text));
	return error("'%s' is not valid JSON", origin);
}

#define RELEASE_CHUNK ((size_t)4 << 20)

/*
 * Give the pages of a mapped file that the parse is done with back to the
 * kernel, so that peak memory is what is kept, not the file's size. A
 * later read of them (a message's byte offset never reads) faults them in
 * again from the file.
 */
static void release_behind(struct json_path *p, const char *done)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t upto = (size_t)(done - p->text) / page * page;

	if (!p->mapped || upto < p->released + RELEASE_CHUNK)
		return;
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

		p->row = it.index;
		ALLOC_GROW(d->rows, d->nr_rows + 1, alloc);
		if (parse_row(d, it.p, end, &row_end, &d->rows[d->nr_rows++], p, f))
			return -1;
		if (json_iter_resume(&it, row_end))
			return scan_error(p, it.error);
		release_behind(p, row_end);
	}
	if (got < 0)
		return scan_error(p, it.error);
	*summary_end = it.p;
	return 0;
}

static int parse_document(struct dashboard *d, const char *text, size_t len, const char *origin,
			  const struct dashboard_filter *f, int mapped)
{
	struct json_path p = { origin, text, NULL, 0, 0, mapped, 0, 0, 0, 0, NULL };
	struct json_span doc, gen = { NULL, 0 }, k;
	struct json_iter it;
	const char *end = text + len, *err;
	int got, have_kernels = 0, have_summary = 0;

	dashboard_release(d);
	doc.p = json_skip_space(text, end);
	doc.len = (size_t)(end - doc.p);
	if (!doc.len || *doc.p != '{')
		return not_an_object(text, len, origin);
	d->legacy = 1;
	json_iter_init(&it, doc);
	while ((got = json_iter_member(&it, &k)) > 0) {
		const char *value_end = NULL;

		if (!have_summary && key_is(k, "summary")) {
			have_summary = 1 + (*it.p == '[');
			if (have_summary == 2 && parse_summary(d, it.p, end, &value_end, &p, f))
				goto fail;
		}
		if (!value_end) {
			/* Any other member: only its end matters, or its text when named. */
			if (!(value_end = json_scan_value(it.p, end, &err))) {
				scan_error(&p, err);
				goto fail;
			}
			if (!gen.p && key_is(k, "generated_at")) {
				gen.p = it.p;
				gen.len = (size_t)(value_end - it.p);
			} else if (!have_kernels && key_is(k, "kernels")) {
				have_kernels = 1 + (*it.p == '[');
			}
		}
		if (json_iter_resume(&it, value_end)) {
			scan_error(&p, it.error);
			goto fail;
		}
	}
	if (got < 0) {
		scan_error(&p, it.error);
		goto fail;
	}
	if (json_skip_space(it.p, end) != end) {
		error("'%s' is not valid JSON: unexpected data after the document (at byte %zu)",
		      origin, (size_t)(json_skip_space(it.p, end) - text));
		goto fail;
	}
	if (have_summary != 2) {
		error("'%s' is not a dashboard: 'summary' is %s", origin,
		      have_summary ? "not an array" : "missing");
		goto fail;
	}
	if (gen.p) {
		cJSON *g = cJSON_ParseWithLength(gen.p, gen.len);

		if (cJSON_IsString(g))
			d->generated_at = dash_arena_strndup(&d->arena, g->valuestring,
							     strlen(g->valuestring));
		cJSON_Delete(g);
	}
	d->pretuned = have_kernels == 2;
	free(p.entries);
	free(p.dates);
	return 0;
fail:
	free(p.entries);
	free(p.dates);
	dashboard_release(d);
	return -1;
}

int dashboard_parse_filtered(struct dashboard *d, const char *text, size_t len,
			     const char *origin, const struct dashboard_filter *f)
{
	return parse_document(d, text, len, origin, f, 0);
}

int dashboard_parse_mapped(struct dashboard *d, const char *map, size_t len,
			   const char *origin, const struct dashboard_filter *f)
{
	return parse_document(d, map, len, origin, f, 1);
}

int dashboard_parse(struct dashboard *d, const char *text, size_t len, const char *origin)
{
	return dashboard_parse_filtered(d, text, len, origin, NULL);
}

void dashboard_release(struct dashboard *d)
{
	for (size_t i = 0; i < d->nr_rows; i++)
		free(d->rows[i].history);
	free(d->rows);
	arena_release(&d->arena);
	dashboard_init(d);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void dashboard_print_names(const struct dashboard *d, const char *platform, FILE *fp)
{
	const char **names = xcalloc(d->nr_rows + 1, sizeof(*names));
	size_t n = 0;

	for (size_t i = 0; i < d->nr_rows; i++) {
		if (!platform)
			names[n++] = d->rows[i].platform_short;
		else if (!strcmp(d->rows[i].platform_short, platform))
			names[n++] = d->rows[i].kernel;
	}
	qsort(names, n, sizeof(*names), cmp_str);
	for (size_t i = 0; i < n; i++)
		if (!i || strcmp(names[i], names[i - 1]))
			fprintf(fp, "%s\n", quote_term(names[i]));
	free(names);
}
