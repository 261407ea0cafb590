#ifndef DASHBOARD_JSON_SCAN_H
#define DASHBOARD_JSON_SCAN_H

#include <stddef.h>

/*
 * A boundary scanner for JSON: it finds where a value begins and ends
 * without parsing it, so that only the values a command uses are handed to
 * cJSON. It tracks strings, escapes and nesting (matching brackets, at most
 * JSON_SCAN_MAX_DEPTH deep), nothing else: numbers and literals are only
 * delimited, never read. Every value the commands use is parsed by cJSON.
 */

#define JSON_SCAN_MAX_DEPTH 1000

/* A byte range of the document: a whole value, or a key with its quotes. */
struct json_span {
	const char *p;
	size_t len;
};

/*
 * Skip whitespace, then one value starting at p (and ending before end).
 * Returns the first byte after the value, or NULL with *err set to where
 * the scan failed (an unterminated string, a mismatched or unclosed
 * bracket, a stray byte, nesting deeper than JSON_SCAN_MAX_DEPTH).
 */
const char *json_scan_value(const char *p, const char *end, const char **err);

/* Skip JSON whitespace (space, tab, CR, LF). */
const char *json_skip_space(const char *p, const char *end);

/* The members of an object or the elements of an array, one level deep. */
struct json_iter {
	const char *p;		/* after the closing bracket once done */
	const char *end;
	char close;		/* '}' or ']' */
	int done;
	size_t index;		/* of the member or element next() returned */
	const char *error;	/* where the scan failed, after next() returned -1 */
};

/*
 * Start iterating over the container whose opening bracket is at v.p,
 * which ends at or before v.p + v.len (a span from json_iter_next(), or
 * the rest of the document). Returns -1 when v is not an object or an
 * array.
 */
int json_iter_init(struct json_iter *it, struct json_span v);

/*
 * The next member (key with its quotes, and value) of an object, or the
 * next element (key->len 0) of an array. Returns 1, 0 at the end, or -1
 * on malformed input with it->error set.
 */
int json_iter_next(struct json_iter *it, struct json_span *key, struct json_span *value);

/*
 * The same in two steps, to descend into a value without scanning it
 * twice: json_iter_member() reads the next key (key->len 0 in an array)
 * and leaves it->p at the value, returning 1, 0 at the end or -1; the
 * caller scans the value itself (e.g. with a child iterator over the rest
 * of the parent's span) and hands its end to json_iter_resume(), which
 * returns 0, or -1 with it->error set.
 */
int json_iter_member(struct json_iter *it, struct json_span *key);
int json_iter_resume(struct json_iter *it, const char *value_end);

/*
 * Finish the container it iterates without walking the rest of its
 * members: the rest is only delimited (balanced brackets, terminated
 * strings). Returns the byte after the closing bracket (it->p), or NULL
 * with it->error set.
 */
const char *json_iter_skip(struct json_iter *it);

/*
 * Whether the bytes from p to end may hold the member key (given without
 * quotes): they spell it between quotes, or hold a backslash, which might
 * spell it escaped. A quick test before a walk of the members; mostly no.
 */
int json_may_hold_key(const char *p, const char *end, const char *key);

/* Whether the string token s (with its quotes) spells exactly want; escapes never match. */
int json_key_is(struct json_span s, const char *want);

/* Whether the string token s (with its quotes) holds an escaped NUL (\u0000). */
int json_string_has_nul(struct json_span s);

/*
 * Whether the bytes of v, which cJSON read as a number, are one as JSON
 * spells it (RFC 8259): cJSON also takes 01.462, 1. and 00, which
 * JavaScript and Python refuse. Grammar only: cJSON reads the value.
 */
int json_number_is_valid(struct json_span v);

/*
 * Whether every number in the value v, which cJSON read whole (an object
 * handed to it as one), passes json_number_is_valid(); strings are
 * skipped.
 */
int json_numbers_are_valid(struct json_span v);

#endif
