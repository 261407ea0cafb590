#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/io.h"
#include "dashboard/cache.h"
#include "dashboard/parsed.h"
#include "dashboard/parsed-format.h"

#define NO_STRING UINT64_MAX
#define NO_STRING32 UINT32_MAX	/* an entry's: its offsets are 32-bit */

struct parsed_counts {
	uint64_t key_len;	/* the key (source path, NUL, filter) follows, padded to 8 */
	uint64_t flags;		/* 1 pretuned, 2 legacy */
	uint64_t generated_at;
	uint64_t nr_rows, nr_entries, nr_baselines, strings_len;
};

struct parsed_row {
	uint64_t kernel, platform, platform_short;
	uint64_t first_entry, nr_history, loaded;
};

/*
 * 96 bytes, not 144 with 8-byte fields: a --scan's file has one per
 * entry of every row (130,000 on the bench dashboard), hashed and read
 * whole by each load. Strings, counts and positions fit 32 bits for any
 * input under FETCH_MAX_SIZE (the writer checks).
 */
struct parsed_entry {
	uint32_t run_id, sha, full_sha, date, branch, error;
	uint32_t is_nightly, index;
	int64_t time;
	double helion, triton, torch_compile, latency, compile_time;
	int32_t helion_wins, total;
	uint32_t first_baseline, nr_baselines;
};

struct parsed_baseline {
	uint64_t name;
	double geomean;
};

static void filter_key(struct strbuf *sb, const struct dashboard_filter *f)
{
	if (f && f->names_only)
		strbuf_addstr(sb, "names");
	else if (f && f->platform)
		strbuf_addf(sb, "platform=%s", f->platform);
	if (f && !f->names_only && f->platform && f->others_window)
		strbuf_addf(sb, " others=%lld..%lld", (long long)f->others_from, (long long)f->others_to);
	else
		strbuf_addstr(sb, "all");
	if (f && !f->names_only && f->helion_only)
		strbuf_addstr(sb, " helion");
}

static void make_key(struct strbuf *sb, const char *source, const struct dashboard_filter *f)
{
	strbuf_addstr(sb, source);
	strbuf_addch(sb, '\0');
	filter_key(sb, f);
}

char *parsed_cache_path(const char *source, const struct dashboard_filter *f)
{
	struct strbuf key = STRBUF_INIT;
	char *dir = cache_dir(), *base, *path;
	size_t dlen = dir ? strlen(dir) : 0;
	char hex[17];

	if (!dir)
		return NULL;
	filter_key(&key, f);
	cache_hash_hex(hex, key.buf, key.len);
	/* A downloaded copy's parsed files sit beside it; a --file's under files/. */
	if (!strncmp(source, dir, dlen) && source[dlen] == '/' && !strchr(source + dlen + 1, '/')) {
		path = xstrfmt("%s.%s.parsed", source, hex);
	} else {
		const char *slash = strrchr(source, '/');
		char src_hex[17];

		base = cache_name(slash ? slash + 1 : source);
		cache_hash_hex(src_hex, source, strlen(source));
		path = xstrfmt("%s/files/%.40s-%s.%s.parsed", dir, base, src_hex, hex);
		free(base);
	}
	strbuf_release(&key);
	free(dir);
	return path;
}

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

static void pad8(struct strbuf *sb)
{
	while (sb->len % 8)
		strbuf_addch(sb, '\0');
}

/*
 * Room for n records of size each at the end of sb, not zeroed (the
 * caller writes every field of each: they have no padding); returns
 * their offset.
 */
static size_t add_records(struct strbuf *sb, size_t n, size_t size)
{
	size_t at = sb->len;

	strbuf_grow(sb, n * size);
	sb->len += n * size;
	return at;
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
	*pe = (struct parsed_entry){
		string_as(t, e->run_id, before->run_id, pb->run_id),
		string_as(t, e->sha, before->sha, pb->sha),
		string_as(t, e->full_sha, before->full_sha, pb->full_sha),
		string_as(t, e->date, before->date, pb->date),
		string_as(t, e->branch, before->branch, pb->branch),
		string_as(t, e->error, before->error, pb->error),
		(uint32_t)!!e->is_nightly, (uint32_t)e->index, (int64_t)e->time,
		e->helion, e->triton, e->torch_compile, e->latency, e->compile_time,
		e->helion_wins, e->total, (uint32_t)first_baseline, (uint32_t)e->nr_baselines,
	};
}

void parsed_cache_write(const struct dashboard *d, const char *path, const char *source,
			const struct stat *st, const struct dashboard_filter *f,
			uint64_t text_hash)
{
	struct strbuf out = STRBUF_INIT, key = STRBUF_INIT;
	struct string_table strings = { STRBUF_INIT, NULL, NULL, 0, 0 };
	struct parsed_header h = { PARSED_MAGIC, PARSED_VERSION, BYTE_ORDER_MARK };
	struct parsed_counts c = { 0 };
	struct parsed_row *rows;
	struct parsed_entry *entries;
	struct parsed_baseline *baselines;
	size_t payload_at, rows_at, entries_at, baselines_at, entry = 0, baseline = 0;
	int too_big = 0;	/* for an entry's 32-bit fields: never under FETCH_MAX_SIZE */

	make_key(&key, source, f);
	c.key_len = key.len;
	c.flags = (uint64_t)!!d->pretuned | (uint64_t)!!d->legacy << 1;
	c.generated_at = add_string(&strings, d->generated_at);
	c.nr_rows = d->nr_rows;
	for (size_t i = 0; i < d->nr_rows; i++) {
		c.nr_entries += d->rows[i].nr_history;
		for (size_t j = 0; j < d->rows[i].nr_history; j++) {
			c.nr_baselines += d->rows[i].history[j].nr_baselines;
			too_big |= d->rows[i].history[j].index >= UINT32_MAX;
		}
	}
	if (too_big || c.nr_baselines >= UINT32_MAX)
		goto out;
	/* The records in place, the strings (few once shared) appended last. */
	strbuf_add(&out, &h, sizeof(h));
	payload_at = out.len;
	strbuf_add(&out, &c, sizeof(c));
	strbuf_add(&out, key.buf, key.len);
	pad8(&out);
	rows_at = add_records(&out, c.nr_rows, sizeof(*rows));
	entries_at = add_records(&out, c.nr_entries, sizeof(*entries));
	baselines_at = add_records(&out, c.nr_baselines, sizeof(*baselines));
	/* out does not grow again until the strings are appended. */
	rows = (void *)(out.buf + rows_at);
	entries = (void *)(out.buf + entries_at);
	baselines = (void *)(out.buf + baselines_at);
	for (size_t i = 0; i < d->nr_rows; i++) {
		const struct dash_row *r = &d->rows[i];

		rows[i].kernel = add_string(&strings, r->kernel);
		rows[i].platform = add_string(&strings, r->platform);
		rows[i].platform_short = add_string(&strings, r->platform_short);
		rows[i].first_entry = entry;
		rows[i].nr_history = r->nr_history;
		rows[i].loaded = (uint64_t)r->history_loaded;
		for (size_t j = 0; j < r->nr_history; j++) {
			const struct dash_entry *e = &r->history[j];
			const struct dash_row *above = i ? &d->rows[i - 1] : NULL;
			int same = above && j < above->nr_history;

			put_entry(&entries[entry], e, same ? &above->history[j] : NULL,
				  same ? &entries[rows[i - 1].first_entry + j] : NULL, &strings, baseline);
			entry++;
			for (size_t b = 0; b < e->nr_baselines; b++) {
				baselines[baseline].name = add_string(&strings, e->baselines[b].name);
				baselines[baseline++].geomean = e->baselines[b].geomean;
			}
		}
	}
	c.strings_len = strings.buf.len;
	if (c.strings_len >= NO_STRING32)
		goto out;
	memcpy(out.buf + payload_at, &c, sizeof(c));
	strbuf_add(&out, strings.buf.buf, strings.buf.len);

	h.src_size = (uint64_t)st->st_size;
	h.src_mtime_sec = (uint64_t)st->st_mtim.tv_sec;
	h.src_mtime_nsec = (uint64_t)st->st_mtim.tv_nsec;
	h.src_ino = (uint64_t)st->st_ino;
	h.src_dev = (uint64_t)st->st_dev;
	h.src_hash = text_hash;
	h.payload_len = out.len - payload_at;
	h.payload_hash = cache_hash(out.buf + payload_at, h.payload_len);
	memcpy(out.buf, &h, sizeof(h));
	cache_write_rebuildable(path, out.buf, out.len);
out:
	strbuf_release(&out);
	strbuf_release(&key);
	strbuf_release(&strings.buf);
	free(strings.keys);
	free(strings.offsets);
}

/* The validated view of a parsed file's payload. */
struct parsed_view {
	struct parsed_counts c;
	const struct parsed_row *rows;
	const struct parsed_entry *entries;
	const struct parsed_baseline *baselines;
	const char *strings;
};

static int string_ok(const struct parsed_view *v, uint64_t off, int may_be_null)
{
	return off == NO_STRING ? may_be_null : off < v->c.strings_len;
}

static int string32_ok(const struct parsed_view *v, uint32_t off, int may_be_null)
{
	return string_ok(v, off == NO_STRING32 ? NO_STRING : off, may_be_null);
}

/* Check every count, range and offset, so that a damaged file cannot mislead. */
static int view_check(struct parsed_view *v, const char *p, size_t len, const char *key, size_t key_len)
{
	size_t at = sizeof(v->c), need;

	if (len < at)
		return -1;
	memcpy(&v->c, p, sizeof(v->c));
	if (v->c.key_len != key_len || len - at < key_len || memcmp(p + at, key, key_len))
		return -1;
	at += (key_len + 7) / 8 * 8;
	if (v->c.nr_rows > len / sizeof(*v->rows) || v->c.nr_entries > len / sizeof(*v->entries) ||
	    v->c.nr_baselines > len / sizeof(*v->baselines))
		return -1;
	need = at + v->c.nr_rows * sizeof(*v->rows) + v->c.nr_entries * sizeof(*v->entries) +
	       v->c.nr_baselines * sizeof(*v->baselines);
	if (need > len || len - need != v->c.strings_len || !v->c.strings_len ||
	    p[len - 1] != '\0')
		return -1;
	v->rows = (const void *)(p + at);
	v->entries = (const void *)(v->rows + v->c.nr_rows);
	v->baselines = (const void *)(v->entries + v->c.nr_entries);
	v->strings = (const char *)(v->baselines + v->c.nr_baselines);
	if (!string_ok(v, v->c.generated_at, 1))
		return -1;
	for (uint64_t i = 0, next = 0; i < v->c.nr_rows; i++) {
		const struct parsed_row *r = &v->rows[i];

		if (!string_ok(v, r->kernel, 0) || !string_ok(v, r->platform, 0) ||
		    !string_ok(v, r->platform_short, 0) || r->first_entry != next ||
		    r->nr_history > v->c.nr_entries - next)
			return -1;
		next += r->nr_history;
		if (i + 1 == v->c.nr_rows && next != v->c.nr_entries)
			return -1;
	}
	for (uint64_t i = 0, next = 0; i < v->c.nr_entries; i++) {
		const struct parsed_entry *e = &v->entries[i];

		if (!string32_ok(v, e->run_id, 0) || !string32_ok(v, e->sha, 0) ||
		    !string32_ok(v, e->full_sha, 1) || !string32_ok(v, e->date, 0) ||
		    !string32_ok(v, e->branch, 0) || !string32_ok(v, e->error, 1) ||
		    e->first_baseline != next || e->nr_baselines > v->c.nr_baselines - next)
			return -1;
		next += e->nr_baselines;
	}
	for (uint64_t i = 0; i < v->c.nr_baselines; i++)
		if (!string_ok(v, v->baselines[i].name, 0))
			return -1;
	return 0;
}

static const char *view_string(const char *base, uint64_t off)
{
	return off == NO_STRING ? NULL : base + off;
}

static const char *view_string32(const char *base, uint32_t off)
{
	return off == NO_STRING32 ? NULL : base + off;
}

static void view_fill(struct dashboard *d, const struct parsed_view *v)
{
	char *s = dash_arena_alloc(&d->arena, v->c.strings_len);
	struct dash_baseline *bl = NULL;

	memcpy(s, v->strings, v->c.strings_len);
	if (v->c.nr_baselines)
		bl = dash_arena_alloc(&d->arena, v->c.nr_baselines * sizeof(*bl));
	for (uint64_t i = 0; i < v->c.nr_baselines; i++) {
		bl[i].name = s + v->baselines[i].name;
		bl[i].geomean = v->baselines[i].geomean;
	}
	d->pretuned = !!(v->c.flags & 1);
	d->legacy = !!(v->c.flags & 2);
	d->generated_at = view_string(s, v->c.generated_at);
	d->nr_rows = v->c.nr_rows;
	d->rows = xcalloc(d->nr_rows + 1, sizeof(*d->rows));
	for (size_t i = 0; i < d->nr_rows; i++) {
		const struct parsed_row *pr = &v->rows[i];
		struct dash_row *r = &d->rows[i];

		r->kernel = s + pr->kernel;
		r->platform = s + pr->platform;
		r->platform_short = s + pr->platform_short;
		r->history_loaded = !!pr->loaded;
		r->nr_history = pr->nr_history;
		/* not zeroed first: each entry is written whole, once */
		r->history = r->nr_history ? xmalloc(r->nr_history * sizeof(*r->history)) : NULL;
		for (size_t j = 0; j < r->nr_history; j++) {
			const struct parsed_entry *pe = &v->entries[pr->first_entry + j];

			r->history[j] = (struct dash_entry){
				.run_id = s + pe->run_id,
				.sha = s + pe->sha,
				.full_sha = view_string32(s, pe->full_sha),
				.date = s + pe->date,
				.branch = s + pe->branch,
				.error = view_string32(s, pe->error),
				.time = (time_t)pe->time,
				.is_nightly = !!pe->is_nightly,
				.helion = pe->helion,
				.triton = pe->triton,
				.torch_compile = pe->torch_compile,
				.latency = pe->latency,
				.compile_time = pe->compile_time,
				.helion_wins = (int)pe->helion_wins,
				.total = (int)pe->total,
				.baselines = pe->nr_baselines ? bl + pe->first_baseline : NULL,
				.nr_baselines = pe->nr_baselines,
				.index = pe->index,
			};
		}
	}
}

int parsed_cache_read(struct dashboard *d, const char *path, const char *source,
		      const struct stat *st, const struct dashboard_filter *f,
		      const uint64_t *text_hash)
{
	struct strbuf key = STRBUF_INIT;
	struct parsed_header h;
	struct parsed_view v;
	struct stat pst;
	const char *map = MAP_FAILED;
	int fd, ret = -1;

	dashboard_release(d);
	if (!path || (fd = open(path, O_RDONLY)) < 0)
		return -1;
	/* Mapped, not read: the payload is hashed and copied out once. */
	if (fstat(fd, &pst) || !S_ISREG(pst.st_mode) || (size_t)pst.st_size < sizeof(h) ||
	    (map = mmap(NULL, (size_t)pst.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED)
		goto out;
	memcpy(&h, map, sizeof(h));
	if (memcmp(h.magic, PARSED_MAGIC, 8) || h.version != PARSED_VERSION ||
	    h.byte_order != BYTE_ORDER_MARK || h.src_size != (uint64_t)st->st_size ||
	    h.payload_len != (size_t)pst.st_size - sizeof(h))
		goto out;
	if (text_hash ? h.src_hash != *text_hash :
	    h.src_mtime_sec != (uint64_t)st->st_mtim.tv_sec ||
	    h.src_mtime_nsec != (uint64_t)st->st_mtim.tv_nsec ||
	    h.src_ino != (uint64_t)st->st_ino || h.src_dev != (uint64_t)st->st_dev) {
		/* The same size: the content hash may still tell it is the same JSON. */
		ret = text_hash ? -1 : 1;
		goto out;
	}
	if (cache_hash(map + sizeof(h), h.payload_len) != h.payload_hash)
		goto out;
	make_key(&key, source, f);
	if (view_check(&v, map + sizeof(h), h.payload_len, key.buf, key.len))
		goto out;
	view_fill(d, &v);
	ret = 0;
out:
	if (map != MAP_FAILED)
		munmap((void *)map, (size_t)pst.st_size);
	close(fd);
	strbuf_release(&key);
	return ret;
}
