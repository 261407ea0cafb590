#include <stdint.h>
#include <string.h>
#include "dashboard/json-scan.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

const char *json_skip_space(const char *p, const char *end)
{
	/* most calls stop at once: every JSON space is at most ' ' */
	while (p < end && (unsigned char)*p <= ' ' &&
	       (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
		p++;
	return p;
}

#if !defined(__SSE2__) && defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ONES ((uint64_t)0x0101010101010101)

/* The high bit of each byte of w that equals c; bits above the first such byte may be wrong. */
static inline uint64_t bytes_equal(uint64_t w, unsigned char c)
{
	uint64_t x = w ^ (ONES * c);

	return (x - ONES) & ~x & (ONES << 7);
}
#endif

/* p is after the opening quote; returns the byte after the closing one, or NULL. */
static const char *scan_string(const char *p, const char *end)
{
	for (;;) {
#ifdef __SSE2__
		/* Sixteen bytes at a time to the next quote or backslash. */
		while (end - p >= 16) {
			__m128i b = _mm_loadu_si128((const __m128i *)(const void *)p);
			unsigned hit = (unsigned)_mm_movemask_epi8(
				_mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('"')),
					     _mm_cmpeq_epi8(b, _mm_set1_epi8('\\'))));

			if (hit) {
				p += __builtin_ctz(hit);
				break;
			}
			p += 16;
		}
#elif defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/* Eight bytes at a time to the next quote or backslash. */
		while (end - p >= 8) {
			uint64_t w, hit;

			memcpy(&w, p, 8);
			hit = bytes_equal(w, '"') | bytes_equal(w, '\\');
			if (hit) {
				p += __builtin_ctzll(hit) / 8;
				break;
			}
			p += 8;
		}
#endif
		while (p < end && *p != '"' && *p != '\\')
			p++;
		if (p >= end)
			return NULL;
		if (*p++ == '"')
			return p;
		if (p++ >= end)	/* the escaped byte */
			return NULL;
	}
}

/* Bytes that may appear in a number or a literal (true, false, null). */
static const unsigned char scalar_bytes[256] = {
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
	['8'] = 1, ['9'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
	['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1,
	['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1,
	['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1, ['-'] = 1, ['+'] = 1, ['.'] = 1, ['E'] = 1,
};

static inline int scalar_byte(unsigned char c)
{
	return scalar_bytes[c];
}

/* The bytes a container scan stops at; everything else is skipped. */
static const unsigned char structural[256] = {
	['"'] = 1, ['\\'] = 1, ['{'] = 1, ['}'] = 1, ['['] = 1, [']'] = 1,
};

#define BLOCK 16

/* Bit i set when byte i of the n (at most BLOCK) at p is structural. */
static inline unsigned block_mask(const char *p, size_t n)
{
	unsigned mask = 0;

#ifdef __SSE2__
	if (n == BLOCK) {
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)p);
		/* '[' and '{', ']' and '}' differ only in bit 5. */
		__m128i folded = _mm_or_si128(b, _mm_set1_epi8(0x20));
		__m128i hit = _mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('"')),
				     _mm_cmpeq_epi8(b, _mm_set1_epi8('\\'))),
			_mm_or_si128(_mm_cmpeq_epi8(folded, _mm_set1_epi8('{')),
				     _mm_cmpeq_epi8(folded, _mm_set1_epi8('}'))));

		return (unsigned)_mm_movemask_epi8(hit);
	}
#endif
	for (size_t i = 0; i < n; i++)
		mask |= (unsigned)structural[(unsigned char)p[i]] << i;
	return mask;
}

static inline unsigned lowest_bit(unsigned mask)
{
#ifdef __GNUC__
	return (unsigned)__builtin_ctz(mask);
#else
	unsigned i = 0;

	while (!(mask & 1u << i))
		i++;
	return i;
#endif
}

/*
 * The rest of a container closed by close, from p (inside it, between
 * values or members): BLOCK bytes at a time, a
 * mask of the quotes, backslashes and brackets among them, each handled
 * in order (inside a string only its closing quote and escapes count).
 * Returns the byte after the closing bracket, or NULL with *err at the
 * fault: the bracket that does not match or nests too deep, the opening
 * quote of a string that does not end, or the end when a bracket is
 * left open.
 */
static const char *scan_container(const char *p, const char *end, char close, const char **err)
{
	char stack[JSON_SCAN_MAX_DEPTH];
	size_t depth = 1;
	const char *string_at = NULL;	/* the opening quote of the string we are in */
	unsigned escaped = 0;		/* bit 0: the next block's first byte is escaped */

	stack[0] = close;

	for (; p < end; p += BLOCK) {
		size_t n = end - p < BLOCK ? (size_t)(end - p) : BLOCK;
		unsigned mask = block_mask(p, n) & ~escaped;

		escaped = 0;
		while (mask) {
			unsigned i = lowest_bit(mask);
			char c = p[i];

			mask &= mask - 1;
			if (string_at) {
				if (c == '"') {
					string_at = NULL;
				} else if (c == '\\') {
					/* The escaped byte, here or at the next block's start. */
					if (i + 1 < BLOCK)
						mask &= ~(1u << (i + 1));
					else
						escaped = 1;
				}
				continue;
			}
			switch (c) {
			case '"':
				string_at = p + i;
				break;
			case '{':
			case '[':
				if (depth == JSON_SCAN_MAX_DEPTH) {
					*err = p + i;
					return NULL;
				}
				stack[depth++] = c == '{' ? '}' : ']';
				break;
			case '}':
			case ']':
				if (!depth || stack[depth - 1] != c) {
					*err = p + i;
					return NULL;
				}
				if (!--depth)
					return p + i + 1;
				break;
			default:	/* a backslash outside a string: not the scanner's concern */
				break;
			}
		}
		if (n < BLOCK)
			break;
	}
	*err = string_at ? string_at : end;
	return NULL;
}

const char *json_scan_value(const char *p, const char *end, const char **err)
{
	const char *start;

	p = json_skip_space(p, end);
	if (p < end && (*p == '{' || *p == '['))
		return scan_container(p + 1, end, *p == '{' ? '}' : ']', err);
	if (p < end && *p == '"') {
		const char *q = scan_string(p + 1, end);

		if (!q)
			*err = p;
		return q;
	}
	start = p;
	while (p < end && scalar_byte((unsigned char)*p))
		p++;
	if (p == start) {
		*err = p;
		return NULL;
	}
	return p;
}

int json_iter_init(struct json_iter *it, struct json_span v)
{
	memset(it, 0, sizeof(*it));
	if (!v.len || (*v.p != '{' && *v.p != '['))
		return -1;
	it->close = *v.p == '{' ? '}' : ']';
	it->p = v.p + 1;
	it->end = v.p + v.len;
	it->index = (size_t)-1;
	return 0;
}

static int iter_fail(struct json_iter *it, const char *at)
{
	it->error = at;
	it->done = 1;
	return -1;
}

int json_iter_member(struct json_iter *it, struct json_span *key)
{
	const char *p, *q;

	if (it->done)
		return 0;
	p = json_skip_space(it->p, it->end);
	if (p < it->end && *p == it->close && it->index == (size_t)-1) {
		it->done = 1;
		it->p = p + 1;
		return 0;
	}
	key->p = p;
	key->len = 0;
	if (it->close == '}') {
		if (p >= it->end || *p != '"' || !(q = scan_string(p + 1, it->end)))
			return iter_fail(it, p);
		key->len = (size_t)(q - p);
		p = json_skip_space(q, it->end);
		if (p >= it->end || *p != ':')
			return iter_fail(it, p);
		p++;
	}
	it->p = json_skip_space(p, it->end);
	/* Callers look at the value's first byte: there must be one. */
	if (it->p >= it->end)
		return iter_fail(it, it->p);
	it->index++;
	return 1;
}

int json_iter_resume(struct json_iter *it, const char *value_end)
{
	const char *p = json_skip_space(value_end, it->end);

	if (p < it->end && *p == ',') {
		it->p = p + 1;
	} else if (p < it->end && *p == it->close) {
		it->done = 1;
		it->p = p + 1;
	} else {
		return iter_fail(it, p);
	}
	return 0;
}

int json_iter_next(struct json_iter *it, struct json_span *key, struct json_span *value)
{
	const char *p, *q;
	int got = json_iter_member(it, key);

	if (got <= 0)
		return got;
	/* The common values inline; containers and faults by json_scan_value(). */
	p = it->p;
	if (*p == '"' && (q = scan_string(p + 1, it->end))) {
		/* a string */
	} else if (*p != '{' && *p != '[' && *p != '"' && scalar_byte((unsigned char)*p)) {
		for (q = p + 1; q < it->end && scalar_byte((unsigned char)*q); q++)
			;
	} else if (!(q = json_scan_value(p, it->end, &it->error))) {
		return iter_fail(it, it->error);
	}
	value->p = p;
	value->len = (size_t)(q - p);
	/* json_iter_resume(), with the comma first */
	p = q < it->end && *q == ',' ? q : json_skip_space(q, it->end);
	if (p < it->end && *p == ',') {
		it->p = p + 1;
		return 1;
	}
	return json_iter_resume(it, q) ? -1 : 1;
}

const char *json_iter_skip(struct json_iter *it)
{
	const char *q;

	if (it->done)
		return it->p;
	if (!(q = scan_container(it->p, it->end, it->close, &it->error))) {
		iter_fail(it, it->error);
		return NULL;
	}
	it->done = 1;
	it->p = q;
	return q;
}

/* Whether q (with n bytes or more after it) spells key (of n - 2 bytes) between quotes. */
static inline int quoted_key_at(const char *q, const char *key, size_t n)
{
	return q[0] == '"' && !memcmp(q + 1, key, n - 2) && q[n - 1] == '"';
}

#ifdef __SSE2__
/*
 * Bit i set when the i-th of the sixteen starts at p is a backslash, or
 * a quote with the key's first letter after it and a quote where the
 * key's closing one would be (p has 16 + n - 1 bytes).
 */
static inline unsigned key_candidates(const char *p, size_t n, __m128i first)
{
	const __m128i quote = _mm_set1_epi8('"');
	__m128i a = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + 1));
	__m128i c = _mm_loadu_si128((const __m128i *)(const void *)(p + n - 1));
	__m128i hit = _mm_or_si128(
		_mm_cmpeq_epi8(a, _mm_set1_epi8('\\')),
		_mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(a, quote), _mm_cmpeq_epi8(b, first)),
			      _mm_cmpeq_epi8(c, quote)));

	return (unsigned)_mm_movemask_epi8(hit);
}
#endif

int json_may_hold_key(const char *p, const char *end, const char *key)
{
	size_t n = strlen(key) + 2;

#ifdef __SSE2__
	/*
	 * glibc's memchr and memmem read each byte twice and set up a
	 * search per call; the rest of an entry is a few hundred bytes.
	 */
	if (n >= 3 && end - p >= (ptrdiff_t)(16 + n - 1)) {
		const char *last = end - (16 + n - 1);
		const __m128i first = _mm_set1_epi8(key[0]);

		for (;;) {
			for (unsigned mask = key_candidates(p, n, first); mask; mask &= mask - 1) {
				const char *q = p + __builtin_ctz(mask);

				if (*q == '\\' || quoted_key_at(q, key, n))
					return 1;
			}
			if (p == last)
				break;
			/* the last block overlaps the one before: a start seen twice is harmless */
			p = last - p > 16 ? p + 16 : last;
		}
		/* the last n - 1 bytes: too few for the key, not for a backslash */
		return memchr(last + 16, '\\', n - 1) != NULL;
	}
#endif
	/* elsewhere (and for a short span), libc's memchr() to each quote */
	if (memchr(p, '\\', (size_t)(end - p)))
		return 1;
	for (; (p = memchr(p, '"', (size_t)(end - p))) && end - p >= (ptrdiff_t)n; p++)
		if (quoted_key_at(p, key, n))
			return 1;
	return 0;
}

int json_key_is(struct json_span s, const char *want)
{
	size_t n = strlen(want);

	return s.len == n + 2 && !memcmp(s.p + 1, want, n);
}

int json_string_has_nul(struct json_span s)
{
	const char *p = s.p, *end = s.p + s.len;

	while ((p = memchr(p, '\\', (size_t)(end - p)))) {
		if (end - p >= 6 && !memcmp(p, "\\u0000", 6))
			return 1;
		p += 2;	/* the escaped byte is never the start of another escape */
		if (p >= end)
			break;
	}
	return 0;
}

/* p past the digits from p (before end). */
static const char *skip_digits(const char *p, const char *end)
{
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return p;
}

int json_number_is_valid(struct json_span v)
{
	const char *p = v.p, *end = v.p + v.len, *q;

	if (p < end && *p == '-')
		p++;
	/* an integer part: 0, or digits that do not start with 0 */
	if (p >= end || *p < '0' || *p > '9')
		return 0;
	p = *p == '0' ? p + 1 : skip_digits(p, end);
	/* a fraction and an exponent each have a digit at least */
	if (p < end && *p == '.') {
		if ((q = skip_digits(p + 1, end)) == p + 1)
			return 0;
		p = q;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		if (++p < end && (*p == '+' || *p == '-'))
			p++;
		if ((q = skip_digits(p, end)) == p)
			return 0;
		p = q;
	}
	return p == end;
}

int json_numbers_are_valid(struct json_span v)
{
	const char *p = v.p, *end = v.p + v.len, *q;

	while (p < end) {
		if (*p == '"') {
			if (!(p = scan_string(p + 1, end)))
				return 0;
		} else if (*p == '-' || (*p >= '0' && *p <= '9')) {
			for (q = p; q < end && scalar_byte((unsigned char)*q); q++)
				;
			if (!json_number_is_valid((struct json_span){ p, (size_t)(q - p) }))
				return 0;
			p = q;
		} else {
			p++;	/* structure, whitespace, a literal's letters */
		}
	}
	return 1;
}
