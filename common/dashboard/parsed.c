#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/io.h"
#include "util/thread.h"
#include "dashboard/cache.h"
#include "dashboard/parsed.h"
#include "dashboard/parsed-format.h"

char *parsed_cache_path(const char *source, const struct dashboard_filter *f)
{
	struct strbuf key = STRBUF_INIT;
	char *dir = cache_dir(), *base, *path;
	size_t dlen = dir ? strlen(dir) : 0;
	char hex[17];

	if (!dir)
		return NULL;
	parsed_filter_key(&key, f);
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
/* Whether each string of entry e is one of the payload's (or absent where it may be). */
static int entry_strings_ok(const struct parsed_view *v, const struct parsed_entry *e)
{
#define STRING_OK(name, flags) \
	if (!string32_ok(v, e->name, ((flags) & DASH_MAY_BE_NULL) != 0)) \
		return 0;
	DASH_ENTRY_STRINGS(STRING_OK)
#undef STRING_OK
	return 1;
}

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
		    !string_ok(v, r->platform_short, 0) || !string_ok(v, r->error, 1) ||
		    r->first_entry != next ||
		    r->nr_history > v->c.nr_entries - next)
			return -1;
		next += r->nr_history;
		if (i + 1 == v->c.nr_rows && next != v->c.nr_entries)
			return -1;
	}
	for (uint64_t i = 0, next = 0; i < v->c.nr_entries; i++) {
		const struct parsed_entry *e = &v->entries[i];

		if (!entry_strings_ok(v, e) || e->first_baseline != next || e->nr_baselines > v->c.nr_baselines - next)
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
	/* one block, not one per row: a --scan's is 18 MB, written here once */
	d->history_block = xmalloc_huge((v->c.nr_entries + 1) * sizeof(*d->history_block));
	for (size_t i = 0; i < d->nr_rows; i++) {
		const struct parsed_row *pr = &v->rows[i];
		struct dash_row *r = &d->rows[i];

		r->kernel = s + pr->kernel;
		r->platform = s + pr->platform;
		r->platform_short = s + pr->platform_short;
		r->history_loaded = !!pr->loaded;
		r->error = view_string(s, pr->error);
		r->nr_history = pr->nr_history;
		/* not zeroed first: each entry is written whole, once */
		r->history = r->nr_history ? d->history_block + pr->first_entry : NULL;
		for (size_t j = 0; j < r->nr_history; j++) {
			const struct parsed_entry *pe = &v->entries[pr->first_entry + j];

			struct dash_entry *he = &r->history[j];

			*he = (struct dash_entry){
				.time = (time_t)pe->time,
				.is_nightly = !!pe->is_nightly,
				.baselines = pe->nr_baselines ? bl + pe->first_baseline : NULL,
				.nr_baselines = pe->nr_baselines,
				.index = pe->index,
			};
#define GET_STRING(name, ...) he->name = view_string32(s, pe->name);
#define GET_METRIC(name, ...) he->name = pe->name;
#define GET_COUNT(name) he->name = pe->name;
			DASH_ENTRY_STRINGS(GET_STRING)
			DASH_ENTRY_METRICS(GET_METRIC)
			DASH_ENTRY_COUNTS(GET_COUNT)
#undef GET_STRING
#undef GET_METRIC
#undef GET_COUNT
		}
	}
}

/*
 * The payload's hash, made on a thread of its own while the payload is
 * checked and copied out (a --scan's is 12 MB): a mismatch then only
 * undoes the copy. Without a thread, made at once.
 */
struct payload_hashing {
	const char *payload;
	size_t len;
	const struct cache_key *key;
	uint64_t hash;
	pthread_t thread;
	int started;
};

static void *hash_payload(void *data)
{
	struct payload_hashing *ph = data;

	ph->hash = parsed_payload_hash(ph->payload, ph->len, ph->key);
	return NULL;
}

static void hashing_start(struct payload_hashing *ph, const char *payload, size_t len,
			  const struct cache_key *key)
{
	ph->payload = payload;
	ph->len = len;
	ph->key = key;
	ph->started = !thread_start(&ph->thread, hash_payload, ph);
	if (!ph->started)
		hash_payload(ph);
}

static uint64_t hashing_result(struct payload_hashing *ph)
{
	if (ph->started)
		pthread_join(ph->thread, NULL);
	return ph->hash;
}

/*
 * The whole parsed file at path, read (not mapped: what is checked is
 * what is used, whatever another process does to the file meanwhile)
 * into *buf (the caller frees it) with its length; -1 when it cannot
 * be read whole, or is too short to hold a header.
 */
static int read_whole(const char *path, char **buf, size_t *len)
{
	struct stat st;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

	*buf = NULL;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size < sizeof(struct parsed_header)) {
		close(fd);
		return -1;
	}
	*len = (size_t)st.st_size;
	*buf = xmalloc_huge(*len);
	while (got < *len) {
		ssize_t n = read(fd, *buf + got, *len - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;	/* an error, or the file was cut meanwhile */
		got += (size_t)n;
	}
	close(fd);
	if (got == *len)
		return 0;
	free(*buf);
	*buf = NULL;
	return -1;
}

int parsed_cache_read(struct dashboard *d, const char *path, const char *source,
		      const struct stat *st, const struct dashboard_filter *f,
		      const uint64_t *text_hash, const struct cache_key *key)
{
	struct strbuf sb = STRBUF_INIT;
	struct parsed_header h;
	struct parsed_view v;
	struct payload_hashing ph;
	char *file;
	size_t len;
	int ret = -1, whole;

	dashboard_release(d);
	if (!path || read_whole(path, &file, &len))
		return -1;
	memcpy(&h, file, sizeof(h));
	if (memcmp(h.magic, PARSED_MAGIC, 8) || h.version != PARSED_VERSION ||
	    h.byte_order != BYTE_ORDER_MARK || h.src_size != (uint64_t)st->st_size ||
	    h.payload_len != len - sizeof(h))
		goto out;
	if (text_hash ? h.src_hash != *text_hash :
	    h.src_mtime_sec != (uint64_t)st->st_mtim.tv_sec ||
	    h.src_mtime_nsec != (uint64_t)st->st_mtim.tv_nsec ||
	    h.src_ctime_sec != (uint64_t)st->st_ctim.tv_sec ||
	    h.src_ctime_nsec != (uint64_t)st->st_ctim.tv_nsec ||
	    h.src_ino != (uint64_t)st->st_ino || h.src_dev != (uint64_t)st->st_dev) {
		/* The same size: the content hash may still tell it is the same JSON. */
		ret = text_hash ? -1 : 1;
		goto out;
	}
	hashing_start(&ph, file + sizeof(h), h.payload_len, key);
	parsed_cache_key(&sb, source, f);
	/* every offset is checked before the copy: a damaged payload is never read out of bounds */
	whole = !view_check(&v, file + sizeof(h), h.payload_len, sb.buf, sb.len);
	if (whole)
		view_fill(d, &v);
	if (parsed_seal(&h, hashing_result(&ph), key) != h.seal || !whole) {
		dashboard_release(d);
		goto out;
	}
	ret = 0;
out:
	free(file);
	strbuf_release(&sb);
	return ret;
}
