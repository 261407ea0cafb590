#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "dashboard/cache.h"
#include "dashboard/parsed.h"
#include "dashboard/parsed-format.h"

/*
 * The strings of a parsed file, each stored once: a dashboard's entries
 * share their repeated strings (dashboard/entry.h), so they are told
 * apart by address (an open-addressing table, a power of two in size).
 */
struct string_table {
	struct strbuf buf;
	const char **keys;
	uint64_t *offsets;
	size_t nr, size;
};

static size_t slot_of(const struct string_table *t, const char *s)
{
	size_t i = (size_t)(((uintptr_t)s >> 3) * 0x9e3779b97f4a7c15ull) & (t->size - 1);

	while (t->keys[i] && t->keys[i] != s)
		i = (i + 1) & (t->size - 1);
	return i;
}

static void table_grow(struct string_table *t)
{
	const char **keys = t->keys;
	uint64_t *offsets = t->offsets;
	size_t old = t->size;

	t->size = old ? 2 * old : 1024;
	t->keys = xcalloc(t->size, sizeof(*t->keys));
	t->offsets = xcalloc(t->size, sizeof(*t->offsets));
	for (size_t i = 0; i < old; i++)
		if (keys[i]) {
			size_t j = slot_of(t, keys[i]);

			t->keys[j] = keys[i];
			t->offsets[j] = offsets[i];
		}
	free(keys);
	free(offsets);
}

static uint64_t add_string(struct string_table *t, const char *s)
{
	size_t i;

	if (!s)
		return NO_STRING;
	if (2 * (t->nr + 1) > t->size)
		table_grow(t);
	i = slot_of(t, s);
	if (!t->keys[i]) {
		t->keys[i] = s;
		t->offsets[i] = t->buf.len;
		t->nr++;
		strbuf_add(&t->buf, s, strlen(s) + 1);
	}
	return t->offsets[i];
}

/*
 * An entry's offset of s, taken from the record before when it held the
 * very same string (the table's offsets are checked to fit at the end).
 */
static uint32_t string_as(struct string_table *t, const char *s, const char *before,
			  uint32_t before_off)
{
	uint64_t off;

	if (s && s == before)
		return before_off;
	off = add_string(t, s);
	return off == NO_STRING ? NO_STRING32 : (uint32_t)off;
}

/*
 * Entry e as a record. before is the entry at the same position of the
 * row before, written as pb (both NULL when there is none): the rows
 * repeat the same nightlies, so its strings are mostly e's own.
 */
static void put_entry(struct parsed_entry *pe, const struct dash_entry *e,
		      const struct dash_entry *before, const struct parsed_entry *pb,
		      struct string_table *t, uint64_t first_baseline)
{
	static const struct dash_entry no_entry;
	static const struct parsed_entry no_record;

	if (!before) {
		before = &no_entry;
		pb = &no_record;
	}
#define PUT_STRING(name, ...) pe->name = string_as(t, e->name, before->name, pb->name);
#define PUT_METRIC(name, ...) pe->name = e->name;
#define PUT_COUNT(name) pe->name = e->name;
	DASH_ENTRY_STRINGS(PUT_STRING)
	pe->is_nightly = (uint32_t)!!e->is_nightly;
	pe->index = (uint32_t)e->index;
	pe->time = (int64_t)e->time;
	DASH_ENTRY_METRICS(PUT_METRIC)
	DASH_ENTRY_COUNTS(PUT_COUNT)
	pe->first_baseline = (uint32_t)first_baseline;
	pe->nr_baselines = (uint32_t)e->nr_baselines;
#undef PUT_STRING
#undef PUT_METRIC
#undef PUT_COUNT
}

/*
 * The payload after its counts, written to the file and hashed a
 * PARSED_CHUNK at a time as it is made: never whole in memory (a
 * --scan's is 12 MB).
 */
struct payload_out {
	struct cache_file file;
	char *buf;	/* PARSED_CHUNK bytes */
	size_t used;
	uint64_t hash, len;	/* of the chunks written */
	const struct cache_key *key;
};

static void out_flush(struct payload_out *o)
{
	o->hash = cache_text_hash_add_keyed(o->hash, o->buf, o->used, o->key);
	cache_file_write(&o->file, o->buf, o->used);
	o->len += o->used;
	o->used = 0;
}

static void out_add(struct payload_out *o, const void *data, size_t n)
{
	const char *p = data;

	while (n) {
		size_t k = PARSED_CHUNK - o->used < n ? PARSED_CHUNK - o->used : n;

		memcpy(o->buf + o->used, p, k);
		o->used += k;
		p += k;
		n -= k;
		if (o->used == PARSED_CHUNK)
			out_flush(o);
	}
}

/* Each entry of d as a record, row by row. */
static void out_entries(struct payload_out *o, const struct dashboard *d, struct string_table *t)
{
	struct parsed_entry *above = NULL, *now = NULL, *swap;
	size_t alloc_above = 0, alloc_now = 0, alloc_swap, baseline = 0;

	for (size_t i = 0; i < d->nr_rows; i++) {
		const struct dash_row *r = &d->rows[i], *up = i ? &d->rows[i - 1] : NULL;

		ALLOC_GROW(now, r->nr_history, alloc_now);
		for (size_t j = 0; j < r->nr_history; j++) {
			int same = up && j < up->nr_history;

			put_entry(&now[j], &r->history[j], same ? &up->history[j] : NULL,
				  same ? &above[j] : NULL, t, baseline);
			baseline += r->history[j].nr_baselines;
		}
		out_add(o, now, r->nr_history * sizeof(*now));
		/* this row's records are the next one's above */
		swap = above;
		above = now;
		now = swap;
		alloc_swap = alloc_above;
		alloc_above = alloc_now;
		alloc_now = alloc_swap;
	}
	free(above);
	free(now);
}

void parsed_cache_write(const struct dashboard *d, const char *path, const char *source,
			const struct stat *st, const struct dashboard_filter *f,
			uint64_t text_hash, const struct cache_key *key)
{
	struct strbuf sb = STRBUF_INIT;
	struct string_table strings = { STRBUF_INIT, NULL, NULL, 0, 0 };
	struct parsed_header h = { PARSED_MAGIC, PARSED_VERSION, BYTE_ORDER_MARK };
	struct parsed_counts c = { 0 };
	struct payload_out o = { .hash = 0, .key = key };
	static const char zeros[8];
	int too_big = 0;	/* for an entry's 32-bit fields: never under FETCH_MAX_SIZE */
	uint64_t first_entry = 0;

	parsed_cache_key(&sb, source, f);
	c.key_len = sb.len;
	c.flags = (uint64_t)!!d->pretuned | (uint64_t)!!d->legacy << 1;
	c.nr_rows = d->nr_rows;
	for (size_t i = 0; i < d->nr_rows; i++) {
		c.nr_entries += d->rows[i].nr_history;
		for (size_t j = 0; j < d->rows[i].nr_history; j++) {
			c.nr_baselines += d->rows[i].history[j].nr_baselines;
			too_big |= d->rows[i].history[j].index >= UINT32_MAX;
		}
	}
	if (too_big || c.nr_baselines >= UINT32_MAX || cache_file_open(&o.file, path) < 0)
		goto out;
	o.buf = xmalloc(PARSED_CHUNK);
	/* the header and the counts, written again once known */
	cache_file_write(&o.file, &h, sizeof(h));
	cache_file_write(&o.file, &c, sizeof(c));
	out_add(&o, sb.buf, sb.len);
	out_add(&o, zeros, (8 - sb.len % 8) % 8);
	/* The records, then the strings they name (few once shared). */
	c.generated_at = add_string(&strings, d->generated_at);
	for (size_t i = 0; i < d->nr_rows; i++) {
		const struct dash_row *r = &d->rows[i];
		struct parsed_row pr = {
			add_string(&strings, r->kernel), add_string(&strings, r->platform),
			add_string(&strings, r->platform_short), first_entry, r->nr_history,
			(uint64_t)r->history_loaded, add_string(&strings, r->error),
		};

		out_add(&o, &pr, sizeof(pr));
		first_entry += r->nr_history;
	}
	out_entries(&o, d, &strings);
	for (size_t i = 0; i < d->nr_rows; i++)
		for (size_t j = 0; j < d->rows[i].nr_history; j++)
			for (size_t b = 0; b < d->rows[i].history[j].nr_baselines; b++) {
				const struct dash_baseline *bl = &d->rows[i].history[j].baselines[b];
				struct parsed_baseline pb = { add_string(&strings, bl->name), bl->geomean };

				out_add(&o, &pb, sizeof(pb));
			}
	c.strings_len = strings.buf.len;
	if (c.strings_len >= NO_STRING32)
		o.file.error = EFBIG;	/* the commit gives up */
	out_add(&o, strings.buf.buf, strings.buf.len);
	if (o.used)
		out_flush(&o);

	h.src_size = (uint64_t)st->st_size;
	h.src_mtime_sec = (uint64_t)st->st_mtim.tv_sec;
	h.src_mtime_nsec = (uint64_t)st->st_mtim.tv_nsec;
	h.src_ctime_sec = (uint64_t)st->st_ctim.tv_sec;
	h.src_ctime_nsec = (uint64_t)st->st_ctim.tv_nsec;
	h.src_ino = (uint64_t)st->st_ino;
	h.src_dev = (uint64_t)st->st_dev;
	h.src_hash = text_hash;
	h.payload_len = sizeof(c) + o.len;
	h.seal = parsed_seal(&h, parsed_payload_hash_end(o.hash, &c, h.payload_len, key), key);
	cache_file_write_at(&o.file, &h, sizeof(h), 0);
	cache_file_write_at(&o.file, &c, sizeof(c), sizeof(h));
	cache_file_commit(&o.file, 0);
	free(o.buf);
out:
	strbuf_release(&sb);
	strbuf_release(&strings.buf);
	free(strings.keys);
	free(strings.offsets);
}
