#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/date.h"
#include "dashboard/entry.h"

/*
 * What cJSON made of a value's bytes. V_ABSENT: the entry has no such
 * member; V_NUL_STRING: a string with a NUL (\u0000), which cJSON would
 * cut there ("main\u0000feature" read as "main").
 */
enum value_type {
	V_ABSENT, V_INVALID, V_NULL, V_FALSE, V_TRUE, V_NUMBER, V_STRING, V_NUL_STRING, V_OTHER
};

#define TIME_UNKNOWN 2	/* time_ret before the date was asked for */

struct value {
	unsigned char type;
	signed char time_ret;	/* V_STRING: parse_iso_time()'s result, or TIME_UNKNOWN */
	double number;
	const char *string;	/* in the dashboard's arena, shared by equal values */
	time_t time;
};

/* Values up to MEMO_LEN - 1 bytes (a full sha with its quotes is 42) are remembered. */
#define MEMO_BITS 14
#define MEMO_SLOTS ((size_t)1 << MEMO_BITS)
#define MEMO_LEN 48

struct memo_slot {
	char raw[MEMO_LEN];
	unsigned char len;	/* 0: empty */
	struct value v;
};

/*
 * The bytes of an entry up to the end of its date's value, and that
 * date's time: the rows of a platform (and the platforms) repeat the
 * same nightly's run_id, shas and date in the same order, so the entry
 * at the same index of the next row most often starts with the very same
 * bytes, and identical bytes walk and parse identically.
 */
#define PREFIX_MAX 240
#define PREFIX_ENTRIES 8192	/* entries per row remembered */

struct entry_prefix {
	char raw[PREFIX_MAX];
	unsigned char len;	/* 0: none */
	time_t time;
};

/*
 * The same for an extraction: the bytes of an entry's leading members
 * that name its run (run_id, the shas, date, branch, is_nightly: the
 * same in every row of that nightly), where each sits and what cJSON
 * made of it. An entry at the same index that starts with the very same
 * bytes, up to the end of a member, has the same values there: only the
 * members after them (its metrics) are walked.
 */
#define RUN_STRING(name, flags) + ((flags) & DASH_NAMES_RUN ? 1 : 0)
enum { RUN_FIELDS = 1 /* is_nightly */ DASH_ENTRY_STRINGS(RUN_STRING) };
#undef RUN_STRING

struct run_prefix {
	char raw[PREFIX_MAX];
	unsigned char len;	/* 0: none */
	unsigned char nr_members;	/* in raw, duplicates included */
	unsigned char nr_fields;
	struct {
		unsigned char field, off, len;	/* the last member of that name in raw */
	} at[RUN_FIELDS];
	struct value v[RUN_FIELDS];
};

struct dash_memo {
	struct dash_arena *arena;
	int *legacy;
	struct memo_slot *slots;	/* MEMO_SLOTS, allocated on first use */
	struct entry_prefix *prefix;	/* by the entry's index in its row */
	size_t alloc_prefix;
	struct run_prefix *run;		/* by the entry's index in its row */
	size_t alloc_run;
};

struct dash_memo *dash_memo_new(struct dash_arena *arena, int *legacy)
{
	struct dash_memo *m = xcalloc(1, sizeof(*m));

	m->arena = arena;
	m->legacy = legacy;
	return m;
}

void dash_memo_free(struct dash_memo *m)
{
	if (!m)
		return;
	free(m->slots);
	free(m->prefix);
	free(m->run);
	free(m);
}

/* array (of *alloc items of size bytes) grown, zeroed, to hold index < PREFIX_ENTRIES. */
static void *grow_to_index(void *array, size_t *alloc, size_t size, size_t index)
{
	if (index >= *alloc) {
		size_t old = *alloc, n = 2 * old + 16;

		n = n > index ? n : index + 1;
		*alloc = n < PREFIX_ENTRIES ? n : PREFIX_ENTRIES;
		array = xrealloc(array, *alloc * size);
		memset((char *)array + old * size, 0, (*alloc - old) * size);
	}
	return array;
}

int dash_path_error(const struct dash_where *w, const char *key, const char *what)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "summary[%zu]", w->row);
	if (w->in_entry)
		strbuf_addf(&sb, ".history[%zu]", w->entry);
	if (*key)
		strbuf_addf(&sb, ".%s", key);
	error("'%s' %s in '%s'", sb.buf, what, w->origin);
	strbuf_release(&sb);
	return -1;
}

/* The value v parsed by cJSON, all of its bytes (anything after the value: V_INVALID). */
static void parse_value(struct dash_memo *m, struct json_span v, struct value *out)
{
	const char *end = NULL;
	cJSON *j = cJSON_ParseWithLengthOpts(v.p, v.len, &end, 0);

	memset(out, 0, sizeof(*out));
	out->time_ret = TIME_UNKNOWN;
	if (!j || end != v.p + v.len || (cJSON_IsNumber(j) && !json_number_is_valid(v))) {
		out->type = V_INVALID;
	} else if (cJSON_IsNull(j)) {
		out->type = V_NULL;
	} else if (cJSON_IsBool(j)) {
		out->type = cJSON_IsTrue(j) ? V_TRUE : V_FALSE;
	} else if (cJSON_IsNumber(j)) {
		out->type = V_NUMBER;
		out->number = j->valuedouble;
	} else if (cJSON_IsString(j) && json_string_has_nul(v)) {
		out->type = V_NUL_STRING;
	} else if (cJSON_IsString(j)) {
		out->type = V_STRING;
		out->string = dash_arena_strndup(m->arena, j->valuestring, strlen(j->valuestring));
	} else {
		out->type = V_OTHER;
	}
	cJSON_Delete(j);
}

/*
 * The value v, through the memo when it is short; with want_time, a
 * string's time is parsed too (once per memo slot).
 */
static void value_of(struct dash_memo *m, struct json_span v, int want_time, struct value *out)
{
	struct memo_slot *s = NULL;

	if (v.len < MEMO_LEN && *v.p != '{' && *v.p != '[') {
		/* The slot: a hash of the bytes eight at a time (the last word overlaps). */
		uint64_t w = 0, h = v.len;

		if (v.len < 8) {
			memcpy(&w, v.p, v.len);
			h = (h ^ w) * 0x9e3779b97f4a7c15ull;
		} else {
			for (size_t i = 0; i < v.len; i += 8) {
				memcpy(&w, v.p + (i + 8 <= v.len ? i : v.len - 8), 8);
				h = (h ^ w) * 0x9e3779b97f4a7c15ull;
				h ^= h >> 29;
			}
		}
		if (!m->slots)
			m->slots = xcalloc(MEMO_SLOTS, sizeof(*m->slots));
		s = &m->slots[(h * 0xff51afd7ed558ccdull) >> (64 - MEMO_BITS)];
		if (s->len != v.len || memcmp(s->raw, v.p, v.len)) {
			parse_value(m, v, &s->v);
			memcpy(s->raw, v.p, v.len);
			s->len = (unsigned char)v.len;
		}
		if (want_time && s->v.type == V_STRING && s->v.time_ret == TIME_UNKNOWN)
			s->v.time_ret = (signed char)(parse_iso_time(s->v.string, &s->v.time) ? -1 : 0);
		*out = s->v;
		return;
	}
	parse_value(m, v, out);
	if (want_time && out->type == V_STRING)
		out->time_ret = (signed char)(parse_iso_time(out->string, &out->time) ? -1 : 0);
}

int dash_key_is(struct json_span k, const char *want)
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
 * The members of an entry that a dash_entry holds: one for each field of
 * entry.h's lists (F_<field>, read as the lists say), and those the lists
 * cannot say, read by hand in dash_entry_extract().
 */
#define STRING_FIELD(name, ...) F_##name,
#define METRIC_FIELD(name, ...) F_##name,
#define COUNT_FIELD(name) F_##name,
enum field {
	DASH_ENTRY_STRINGS(STRING_FIELD)
	F_is_nightly, F_geomean,
	DASH_ENTRY_METRICS(METRIC_FIELD)
	F_compile_time_avg,
	DASH_ENTRY_COUNTS(COUNT_FIELD)
	F_baselines, F_NR
};
/* A bit of an unsigned per field (dash_entry_extract()'s known). */
_Static_assert(F_NR <= 32, "at most 32 members");

/* Each field's member name, as entry.h's lists name it. */
#define NAME(s) { s, sizeof(s) - 1 }
#define STRING_NAME(name, ...) [F_##name] = NAME(#name),
#define METRIC_NAME(name, member, ...) [F_##name] = NAME(#member),
#define COUNT_NAME(name) [F_##name] = NAME(#name),
static const struct {
	const char *name;
	size_t len;
} fields[F_NR] = {
	DASH_ENTRY_STRINGS(STRING_NAME)
	[F_is_nightly] = NAME("is_nightly"),
	[F_geomean] = NAME("geomean"),
	DASH_ENTRY_METRICS(METRIC_NAME)
	[F_compile_time_avg] = NAME("compile_time_avg_s"),
	DASH_ENTRY_COUNTS(COUNT_NAME)
	[F_baselines] = NAME("baselines"),
};

/*
 * The fields by length: first_of_len[n] - 1 is the first of length n,
 * next_of[f] - 1 the next. Built once, by whichever thread asks first.
 */
static unsigned char first_of_len[32], next_of[F_NR];
#define NAME_FITS(s) _Static_assert(sizeof(s) <= sizeof(first_of_len), "'" s "' is too long");
#define STRING_FITS(name, ...) NAME_FITS(#name)
#define METRIC_FITS(name, member, ...) NAME_FITS(#member)
#define COUNT_FITS(name) NAME_FITS(#name)
DASH_ENTRY_STRINGS(STRING_FITS)
DASH_ENTRY_METRICS(METRIC_FITS)
DASH_ENTRY_COUNTS(COUNT_FITS)
static pthread_once_t fields_indexed = PTHREAD_ONCE_INIT;

static void index_fields(void)
{
	for (int f = F_NR - 1; f >= 0; f--) {
		next_of[f] = first_of_len[fields[f].len];
		first_of_len[fields[f].len] = (unsigned char)(f + 1);
	}
}

static int field_named(const char *name, size_t len)
{
	pthread_once(&fields_indexed, index_fields);
	if (len >= sizeof(first_of_len))
		return -1;
	/* the first byte tells most names of a length apart (helion_, triton_, compile_) */
	for (int f = first_of_len[len] - 1; f >= 0; f = next_of[f] - 1)
		if (fields[f].name[0] == *name && !memcmp(fields[f].name, name, len))
			return f;
	return -1;
}

/*
 * Which field the key token k names, or -1. A key with escapes never
 * matches as it is (no name has a backslash): it is decoded by cJSON.
 */
static int field_of(struct json_span k)
{
	cJSON *s;
	int ret = field_named(k.p + 1, k.len - 2);

	if (ret >= 0 || !memchr(k.p, '\\', k.len))
		return ret;
	s = cJSON_ParseWithLength(k.p, k.len);
	if (cJSON_IsString(s))
		ret = field_named(s->valuestring, strlen(s->valuestring));
	cJSON_Delete(s);
	return ret;
}

static int get_string(const struct value *v, enum field f, int required,
		      const struct dash_where *w, const char **out)
{
	*out = NULL;
	if (v->type == V_ABSENT || v->type == V_NULL)
		return required ? dash_path_error(w, fields[f].name, "is missing") : 0;
	if (v->type == V_NUL_STRING)
		return dash_path_error(w, fields[f].name, "contains a NUL character");
	if (v->type != V_STRING)
		return dash_path_error(w, fields[f].name, "is not a string");
	*out = v->string;
	return 0;
}

/* A metric: NAN when absent or null; a speedup of 0 means "no data" too. */
static int get_metric(const struct value *v, enum field f, int zero_is_missing,
		      const struct dash_where *w, double *out)
{
	*out = NAN;
	if (v->type == V_ABSENT || v->type == V_NULL)
		return 0;
	if (v->type != V_NUMBER)
		return dash_path_error(w, fields[f].name, "is not a number");
	/* cJSON reads 1e999 as inf; no speedup, latency or time is negative. */
	if (!isfinite(v->number) || v->number < 0)
		return dash_path_error(w, fields[f].name, "is not a finite number of at least 0");
	if (v->number && (v->number < DASH_METRIC_MIN || v->number > DASH_METRIC_MAX))
		return dash_path_error(w, fields[f].name, "is out of range (a metric is 0 or from "
				       "1e-09 to 1e+09)");
	if (!(zero_is_missing && v->number == 0))
		*out = v->number;
	return 0;
}

/* A pretuned count: a whole number 0..DASH_MAX_COUNT, or -1 when absent or null. */
static int get_count(const struct value *v, enum field f, const struct dash_where *w, int *out)
{
	*out = -1;
	if (v->type == V_ABSENT || v->type == V_NULL)
		return 0;
	if (v->type != V_NUMBER || !(v->number >= 0 && v->number <= DASH_MAX_COUNT) ||
	    v->number != (int)v->number)
		return dash_path_error(w, fields[f].name,
				       "is not a count (a whole number from 0 to 1000000)");
	*out = (int)v->number;
	return 0;
}

/*
 * The last member of obj named key, or NULL: of equal keys the last
 * counts, as JavaScript and Python read them (cJSON's lookup finds the
 * first).
 */
static const cJSON *last_member(const cJSON *obj, const char *key)
{
	const cJSON *it, *found = NULL;

	cJSON_ArrayForEach(it, obj)
		if (it->string && !strcmp(it->string, key))
			found = it;
	return found;
}

/*
 * Pretuned: baselines{name: {geomean, ...}} as (name, geomean) pairs, a
 * name given twice once; anything else is ignored.
 */
static int get_baselines(struct dash_memo *m, struct json_span b, const struct dash_where *w,
			 struct dash_entry *out)
{
	const char *end = NULL;
	cJSON *tree = cJSON_ParseWithLengthOpts(b.p, b.len, &end, 0), *it;
	struct dash_baseline *v;
	size_t n;

	/* its numbers are cJSON's, which takes 01.5 and 1. too */
	if (!tree || end != b.p + b.len || !json_numbers_are_valid(b)) {
		cJSON_Delete(tree);
		return dash_path_error(w, "", "is not valid JSON");
	}
	/* a baseline's name (a key) cut at a NUL could merge two */
	if (json_string_has_nul(b)) {
		cJSON_Delete(tree);
		return dash_path_error(w, "baselines", "contains a NUL character");
	}
	if (!cJSON_IsObject(tree) || !(n = (size_t)cJSON_GetArraySize(tree))) {
		cJSON_Delete(tree);
		return 0;
	}
	v = dash_arena_alloc(m->arena, n * sizeof(*v));
	n = 0;
	cJSON_ArrayForEach(it, tree) {
		const cJSON *g = last_member(it, "geomean");

		if (last_member(tree, it->string) != it)
			continue;
		v[n].name = dash_arena_strndup(m->arena, it->string, strlen(it->string));
		v[n++].geomean = cJSON_IsNumber(g) && g->valuedouble >= DASH_METRIC_MIN &&
				 g->valuedouble <= DASH_METRIC_MAX ? g->valuedouble : NAN;
	}
	out->baselines = v;
	out->nr_baselines = n;
	cJSON_Delete(tree);
	return 0;
}

/* Not an object: say whether it is JSON at all, as cJSON sees it. */
static int not_an_object(struct json_span e, const struct dash_where *w)
{
	const char *end = NULL;
	cJSON *j = cJSON_ParseWithLengthOpts(e.p, e.len, &end, 0);
	int valid = j && end == e.p + e.len;

	cJSON_Delete(j);
	return dash_path_error(w, "", valid ? "is not an object" : "is not valid JSON");
}

/* The members that name a nightly run, the same in each of its rows: what a run_prefix holds. */
#define RUN_FIELD(name, flags) [F_##name] = ((flags) & DASH_NAMES_RUN) != 0,
static const unsigned char run_field[F_NR] = {
	DASH_ENTRY_STRINGS(RUN_FIELD)
	[F_is_nightly] = 1,
};

/* What a series of the Helion speedup needs of an entry (dash_entry_extract(), helion_only). */
static const unsigned char series_field[F_NR] = {
	DASH_ENTRY_STRINGS(RUN_FIELD)
	[F_is_nightly] = 1, [F_geomean] = 1, [F_helion] = 1,
};

/*
 * When entry e starts with the bytes of the run prefix remembered at
 * index, up to a comma or the end after them (as the walk checks), the
 * fields in it are set in span and v, marked in *known, and it walks on
 * after them; returns NULL. Otherwise the prefix to remember e's in, or
 * NULL past PREFIX_ENTRIES.
 */
static struct run_prefix *resume_run(struct dash_memo *m, struct json_span e, size_t index,
				     struct json_iter *it, struct json_span *span,
				     struct value *v, unsigned *known)
{
	struct json_iter at = *it;
	struct run_prefix *c;

	if (index >= PREFIX_ENTRIES)
		return NULL;
	m->run = grow_to_index(m->run, &m->alloc_run, sizeof(*m->run), index);
	c = &m->run[index];
	if (!c->len || e.len <= c->len || memcmp(e.p, c->raw, c->len) ||
	    json_iter_resume(&at, e.p + c->len))
		return c;
	for (int i = 0; i < c->nr_fields; i++) {
		int f = c->at[i].field;

		span[f].p = e.p + c->at[i].off;
		span[f].len = c->at[i].len;
		v[f] = c->v[i];
		*known |= 1u << f;
	}
	at.index = c->nr_members - 1;	/* members were read: "{...,}" is not an empty object */
	*it = at;
	return NULL;
}

/* Remember the first lead bytes of e, its first nr_members members, all naming its run. */
static void record_run(struct run_prefix *c, struct json_span e, size_t lead, size_t nr_members,
		       const struct json_span *span, const struct value *v)
{
	c->len = 0;
	if (!lead)
		return;
	memcpy(c->raw, e.p, lead);
	c->len = (unsigned char)lead;
	c->nr_members = (unsigned char)nr_members;
	c->nr_fields = 0;
	for (int f = 0; f < F_NR; f++) {
		if (!run_field[f] || !span[f].p || span[f].p >= e.p + lead)
			continue;
		c->at[c->nr_fields].field = (unsigned char)f;
		c->at[c->nr_fields].off = (unsigned char)(span[f].p - e.p);
		c->at[c->nr_fields].len = (unsigned char)span[f].len;
		c->v[c->nr_fields++] = v[f];
	}
}

int dash_entry_extract(struct dash_memo *m, struct json_span e, const struct dash_where *w,
		       int helion_only, struct dash_entry *out, const char **end)
{
	struct json_span span[F_NR] = { { NULL, 0 } }, k, val;
	struct value v[F_NR] = { { 0 } };
	struct json_iter it;
	struct run_prefix *record;
	const char *err;
	unsigned known = 0, in_lead = 0;
	size_t lead = 0, nr_lead = 0;
	enum field helion_from = F_helion;	/* the member the helion speedup is read from */
	int got, leading;

	memset(out, 0, sizeof(*out));
	out->index = w->entry;
	if (*e.p != '{') {
		if (!(*end = json_scan_value(e.p, e.p + e.len, &err)))
			return DASH_ENTRY_MALFORMED;
		e.len = (size_t)(*end - e.p);
		return not_an_object(e, w);
	}
	json_iter_init(&it, e);
	record = resume_run(m, e, w->entry, &it, span, v, &known);
	leading = record != NULL;
	while ((got = json_iter_next(&it, &k, &val)) > 0) {
		int f = field_of(k);

		if (f >= 0) {	/* the last of equal keys, as JavaScript and Python read it */
			span[f] = val;
			known &= ~(1u << f);
		}
		if (leading && f >= 0 && run_field[f] && val.p + val.len - e.p < PREFIX_MAX) {
			lead = (size_t)(val.p + val.len - e.p);
			nr_lead++;
			in_lead |= 1u << f;
		} else {
			leading = 0;
		}
	}
	if (got < 0)
		return DASH_ENTRY_MALFORMED;
	*end = it.p;
	for (int f = 0; helion_only && f < F_NR; f++)
		if (!series_field[f])
			span[f].p = NULL;	/* as if absent: never read */
	/* Every member used is read whole first: a malformed one names the entry. */
	for (int f = 0; f < F_NR; f++) {
		if (!span[f].p || f == F_baselines || known >> f & 1)
			continue;
		value_of(m, span[f], f == F_date, &v[f]);
		if (v[f].type == V_INVALID)
			return dash_path_error(w, "", "is not valid JSON");
	}
	/* A run member repeated after the lead: its value is not the lead's. */
	for (int f = 0; record && f < F_NR; f++)
		if (in_lead >> f & 1 && span[f].p >= e.p + lead)
			lead = 0;
	if (record)
		record_run(record, e, lead, nr_lead, span, v);
#define GET_STRING(name, flags) \
	if (get_string(&v[F_##name], F_##name, (flags) & DASH_REQUIRED, w, &out->name)) \
		return -1;
	DASH_ENTRY_STRINGS(GET_STRING)
	if (v[F_date].time_ret)
		return dash_path_error(w, "date", "is not an ISO-8601 time");
	out->time = v[F_date].time;
	if (!out->branch)
		out->branch = "main";
	if (v[F_is_nightly].type != V_ABSENT && v[F_is_nightly].type != V_NULL) {
		if (v[F_is_nightly].type != V_TRUE && v[F_is_nightly].type != V_FALSE)
			return dash_path_error(w, "is_nightly", "is not a boolean");
		out->is_nightly = v[F_is_nightly].type == V_TRUE;
		*m->legacy = 0;
	} else {
		/* The legacy schema has no is_nightly: every main run was a nightly. */
		out->is_nightly = !strcmp(out->branch, "main");
	}
	/* The pretuned schema's geomean, when present (even null), is the helion speedup. */
	if (span[F_geomean].p) {
		v[F_helion] = v[F_geomean];
		helion_from = F_geomean;
	}
#define GET_METRIC(name, member, flags) \
	if (get_metric(&v[F_##name], F_##name == F_helion ? helion_from : F_##name, \
		       (flags) & DASH_ZERO_IS_MISSING, w, &out->name)) \
		return -1;
	DASH_ENTRY_METRICS(GET_METRIC)
	/* The legacy schema's compile time, when the current one gives none. */
	if (isnan(out->compile_time) &&
	    get_metric(&v[F_compile_time_avg], F_compile_time_avg, 0, w, &out->compile_time))
		return -1;
#define GET_COUNT(name) \
	if (get_count(&v[F_##name], F_##name, w, &out->name)) \
		return -1;
	DASH_ENTRY_COUNTS(GET_COUNT)
	if (out->helion_wins >= 0 && out->total >= 0 && out->helion_wins > out->total)
		return dash_path_error(w, "helion_wins", "is more than 'total'");
	if (span[F_baselines].p)
		return get_baselines(m, span[F_baselines], w, out);
	return 0;
}

/*
 * The entry e starts with the bytes remembered at index, and no other
 * date follows: its date is known, the rest delimited.
 */
static int same_prefix(const struct entry_prefix *c, struct json_span e, time_t *t,
		       const char **end)
{
	struct json_iter it;

	if (e.len <= c->len || memcmp(e.p, c->raw, c->len) || json_iter_init(&it, e))
		return 0;
	/* after the date's value: a comma or the end, as the walk checked */
	if (json_iter_resume(&it, e.p + c->len) || !(*end = json_iter_skip(&it)))
		return -1;
	if (json_may_hold_key(e.p + c->len, *end, "date"))
		return 0;
	*t = c->time;
	return 1;
}

int dash_entry_time(struct dash_memo *m, struct json_span e, size_t index, time_t *t,
		    const char **end)
{
	struct json_iter it;
	struct json_span k, val;
	struct value v;
	struct entry_prefix *c = NULL;
	size_t len = 0;
	int ret;

	if (index < PREFIX_ENTRIES) {
		m->prefix = grow_to_index(m->prefix, &m->alloc_prefix, sizeof(*m->prefix), index);
		c = &m->prefix[index];
		if (c->len && (ret = same_prefix(c, e, t, end)))
			return ret < 0 ? -1 : 0;
	}
	if (*e.p != '{' || json_iter_init(&it, e))
		return -1;
	/* The last date counts: the walk goes on only while another may follow. */
	for (;;) {
		struct json_iter rest;
		int got = json_iter_next(&it, &k, &val);

		if (got < 0 || (!got && !len))
			return -1;
		if (!got) {
			*end = it.p;
			break;
		}
		if (k.len != 6 || memcmp(k.p, "\"date\"", 6)) {
			if (!memchr(k.p, '\\', k.len) || !dash_key_is(k, "date"))
				continue;
		}
		value_of(m, val, 1, &v);
		if (v.type != V_STRING || v.time_ret)
			return -1;
		len = (size_t)(val.p + val.len - e.p);
		rest = it;
		if (!(*end = json_iter_skip(&rest)))
			return -1;
		if (!json_may_hold_key(val.p + val.len, *end, "date"))
			break;
	}
	if (c && len < PREFIX_MAX) {
		memcpy(c->raw, e.p, len);
		c->len = (unsigned char)len;
		c->time = v.time;
	}
	*t = v.time;
	return 0;
}
