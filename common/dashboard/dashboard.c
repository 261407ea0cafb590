#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/quote.h"
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/date.h"
#include "dashboard/dashboard.h"

/* Where in the document a value sits, for messages: "summary[12].history[3]". */
struct json_path {
	const char *origin;
	size_t row;
	size_t entry;
	int in_entry;
};

static int path_error(const struct json_path *p, const char *key, const char *what)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "summary[%zu]", p->row);
	if (p->in_entry)
		strbuf_addf(&sb, ".history[%zu]", p->entry);
	strbuf_addf(&sb, ".%s", key);
	error("'%s' %s in '%s'", sb.buf, what, p->origin);
	strbuf_release(&sb);
	return -1;
}

static int get_string(const cJSON *obj, const char *key, int required,
		      const struct json_path *p, const char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*out = NULL;
	if (!v || cJSON_IsNull(v))
		return required ? path_error(p, key, "is missing") : 0;
	if (!cJSON_IsString(v))
		return path_error(p, key, "is not a string");
	*out = v->valuestring;
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

static int parse_entry(struct dashboard *d, const cJSON *e, struct dash_entry *out,
		       const struct json_path *p)
{
	const cJSON *nightly;

	if (!cJSON_IsObject(e))
		return path_error(p, "", "is not an object");
	memset(out, 0, sizeof(*out));
	out->json = e;
	if (get_string(e, "run_id", 1, p, &out->run_id) ||
	    get_string(e, "sha", 1, p, &out->sha) ||
	    get_string(e, "full_sha", 0, p, &out->full_sha) ||
	    get_string(e, "date", 1, p, &out->date) ||
	    get_string(e, "branch", 0, p, &out->branch) ||
	    get_string(e, "error", 0, p, &out->error))
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
	return get_counts(e, p, &out->helion_wins, &out->total);
}

static int cmp_entry_time(const void *a, const void *b)
{
	const struct dash_entry *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	/* Same start time: keep document order (json pointers ascend). */
	return x->json < y->json ? -1 : x->json > y->json;
}

static int parse_row(struct dashboard *d, const cJSON *r, struct dash_row *out,
		     struct json_path *p)
{
	const cJSON *history, *e;
	size_t n;

	if (!cJSON_IsObject(r))
		return error("'summary[%zu]' is not an object in '%s'", p->row, p->origin);
	memset(out, 0, sizeof(*out));
	out->json = r;
	if (get_string(r, "kernel", 1, p, &out->kernel) ||
	    get_string(r, "platform_short", 1, p, &out->platform_short) ||
	    get_string(r, "platform", 0, p, &out->platform))
		return -1;
	if (!out->platform)
		out->platform = out->platform_short;
	history = cJSON_GetObjectItemCaseSensitive(r, "history");
	if (!history)
		return path_error(p, "history", "is missing");
	if (!cJSON_IsArray(history))
		return path_error(p, "history", "is not an array");
	n = (size_t)cJSON_GetArraySize(history);
	out->history = xcalloc(n, sizeof(*out->history));
	p->in_entry = 1;
	p->entry = 0;
	cJSON_ArrayForEach(e, history) {
		if (parse_entry(d, e, &out->history[p->entry], p))
			return -1;
		p->entry++;
	}
	p->in_entry = 0;
	out->nr_history = n;
	qsort(out->history, n, sizeof(*out->history), cmp_entry_time);
	return 0;
}

void dashboard_init(struct dashboard *d)
{
	memset(d, 0, sizeof(*d));
}

int dashboard_parse(struct dashboard *d, const char *text, size_t len, const char *origin)
{
	const cJSON *summary, *r, *gen;
	struct json_path p = { origin, 0, 0, 0 };

	dashboard_release(d);
	d->root = cJSON_ParseWithLength(text, len);
	if (!d->root) {
		const char *at = cJSON_GetErrorPtr();

		if (at && at >= text && at <= text + len)
			return error("'%s' is not valid JSON (at byte %zu)", origin, (size_t)(at - text));
		return error("'%s' is not valid JSON", origin);
	}
	if (!cJSON_IsObject(d->root))
		return error("'%s' is not a dashboard: the top level is not an object", origin);
	summary = cJSON_GetObjectItemCaseSensitive(d->root, "summary");
	if (!cJSON_IsArray(summary))
		return error("'%s' is not a dashboard: 'summary' is %s", origin,
			     summary ? "not an array" : "missing");
	gen = cJSON_GetObjectItemCaseSensitive(d->root, "generated_at");
	d->generated_at = cJSON_IsString(gen) ? gen->valuestring : NULL;
	d->pretuned = cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(d->root, "kernels"));
	d->legacy = 1;
	d->nr_rows = (size_t)cJSON_GetArraySize(summary);
	d->rows = xcalloc(d->nr_rows, sizeof(*d->rows));
	cJSON_ArrayForEach(r, summary) {
		if (parse_row(d, r, &d->rows[p.row], &p)) {
			d->nr_rows = p.row + 1;
			dashboard_release(d);
			return -1;
		}
		p.row++;
	}
	return 0;
}

void dashboard_release(struct dashboard *d)
{
	for (size_t i = 0; i < d->nr_rows; i++)
		free(d->rows[i].history);
	free(d->rows);
	cJSON_Delete(d->root);
	dashboard_init(d);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void dashboard_print_names(const struct dashboard *d, const char *platform, FILE *fp)
{
	const char **names = xcalloc(d->nr_rows, sizeof(*names));
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
