#ifndef UTIL_REGEX_H
#define UTIL_REGEX_H

#include <stddef.h>
#include <stdint.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include "util/strbuf.h"

/*
 * A compiled PCRE2 pattern with the match data that holds its last match:
 * JIT compiled where the platform has it, PCRE2's interpreter otherwise
 * (the answers are the same). The match data makes a regex one thread's:
 * a thread that matches needs a struct regex of its own.
 */
struct regex {
	pcre2_code *code;		/* owned; NULL until compiled */
	pcre2_match_data *match;	/* owned; as many pairs as the pattern has groups, plus one */
};

/* An empty regex: regex_release() may be called on it, nothing matches yet. */
void regex_init(struct regex *re);

/*
 * Compile pattern (NUL-terminated) with PCRE2 options such as PCRE2_UTF
 * into re, which regex_init() emptied. Returns 0, or -1 with PCRE2's
 * message and the offset appended to err ("missing closing parenthesis
 * at offset 3"), re then empty; the caller says which pattern it was.
 */
int regex_compile(struct regex *re, const char *pattern, uint32_t options, struct strbuf *err);

/*
 * Match subject[0..len) (PCRE2_ZERO_TERMINATED for a C string): 1 when it
 * matches, its groups then readable with regex_group(); 0 when it does
 * not; -1 with PCRE2's message appended to err when PCRE2 cannot tell (a
 * match or depth limit, the JIT stack), which is not "no match".
 */
int regex_match(struct regex *re, const char *subject, size_t len, struct strbuf *err);

/*
 * Group n (0: the whole match) of the last match, as offsets into its
 * subject: 1 with [*start, *end); 0 when the group took no part in it.
 */
int regex_group(const struct regex *re, unsigned n, size_t *start, size_t *end);

/* Free the code and the match data; re is empty again. */
void regex_release(struct regex *re);

#endif
