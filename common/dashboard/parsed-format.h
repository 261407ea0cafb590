#ifndef DASHBOARD_PARSED_FORMAT_H
#define DASHBOARD_PARSED_FORMAT_H

#include <stdint.h>

/*
 * The header of a parsed cache file (parsed.c): what says which JSON it
 * was made from and whether its payload is whole. Here, not in parsed.c,
 * so that the fuzzer (tests/fuzz/fuzz-parsed.c) can make a header that
 * passes and reach the payload checks behind it.
 */

/* Bump when the layout below, parsed.c's records or what a load extracts changes. */
#define PARSED_VERSION 3
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
	uint64_t src_size, src_mtime_sec, src_mtime_nsec, src_ino, src_dev, src_hash;
	uint64_t payload_len, payload_hash;
};

#endif
