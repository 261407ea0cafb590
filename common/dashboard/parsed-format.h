#ifndef DASHBOARD_PARSED_FORMAT_H
#define DASHBOARD_PARSED_FORMAT_H

#include <stddef.h>
#include <stdint.h>
#include "util/strbuf.h"
#include "dashboard/cache.h"
#include "dashboard/dashboard.h"

/*
 * The layout of a parsed cache file, which parsed-write.c writes and
 * parsed.c reads: a header that says which JSON it was made from and
 * whether its payload is whole, then the payload: its counts, the key
 * (padded to 8 bytes), the rows, the entries, the baselines and the
 * strings they name. Here, not in parsed.c, so that the fuzzer
 * (tests/fuzz/fuzz-parsed.c) can make a header that passes and reach the
 * payload checks behind it.
 */

/* Bump when the layout below or what a load extracts changes. */
#define PARSED_VERSION 6
#define PARSED_MAGIC "BTPARSED"
#define BYTE_ORDER_MARK 0x01020304u

/*
 * Every on-disk record is made of 8-byte fields, or 4-byte ones in pairs:
 * no padding, aligned in the buffer.
 */
struct parsed_header {
	char magic[8];
	uint32_t version;
	uint32_t byte_order;
	/* the JSON it was made from: its stat data and content hash */
	uint64_t src_size, src_mtime_sec, src_mtime_nsec, src_ctime_sec, src_ctime_nsec;
	uint64_t src_ino, src_dev, src_hash;
	uint64_t payload_len;
	uint64_t seal;		/* parsed_seal() */
};

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
	uint64_t error;		/* NO_STRING, or why its history could not be read */
};

/*
 * 96 bytes, not 144 with 8-byte fields (made from entry.h's lists): a --scan's file has one per
 * entry of every row (130,000 on the bench dashboard), hashed and read
 * whole by each load. Strings, counts and positions fit 32 bits for any
 * input under FETCH_MAX_SIZE (the writer checks).
 */
#define PARSED_ENTRY_STRING(name, ...) uint32_t name;
#define PARSED_ENTRY_METRIC(name, ...) double name;
#define PARSED_ENTRY_COUNT(name) int32_t name;
struct parsed_entry {
	DASH_ENTRY_STRINGS(PARSED_ENTRY_STRING)
	uint32_t is_nightly, index;
	int64_t time;
	DASH_ENTRY_METRICS(PARSED_ENTRY_METRIC)
	DASH_ENTRY_COUNTS(PARSED_ENTRY_COUNT)
	uint32_t first_baseline, nr_baselines;
};
_Static_assert(sizeof(struct parsed_entry) == 96, "a parsed entry is 96 bytes, with no padding");

struct parsed_baseline {
	uint64_t name;
	double geomean;
};

/* The filter f as text (it names a parsed file, and is part of its key), into sb. */
void parsed_filter_key(struct strbuf *sb, const struct dashboard_filter *f);
/* The key a parsed file records (the JSON's path, a NUL, the filter), into sb. */
void parsed_cache_key(struct strbuf *sb, const char *source, const struct dashboard_filter *f);

/*
 * The hash of a payload of len bytes with the cache's key: the bytes
 * after its counts (which open it) a PARSED_CHUNK at a time, as the
 * writer streams them, then the counts, which it writes last, and the
 * length.
 */
#define PARSED_CHUNK ((size_t)1 << 20)
uint64_t parsed_payload_hash(const void *payload, size_t len, const struct cache_key *key);
/*
 * What parsed_payload_hash() ends with: h, the hash of the chunks after
 * the counts (the writer's, as it streamed them), then the counts c and
 * the payload's length.
 */
uint64_t parsed_payload_hash_end(uint64_t h, const struct parsed_counts *c, uint64_t len,
				 const struct cache_key *key);

/*
 * The header's seal: its source fields and payload length, and the
 * payload's hash, hashed with the key. A file passes only whole, for the
 * JSON its header names, and as made with this cache's key.
 */
uint64_t parsed_seal(const struct parsed_header *h, uint64_t payload_hash,
		     const struct cache_key *key);

#endif
