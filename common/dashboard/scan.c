#include <stdint.h>
#include <string.h>
#include "dashboard/scan.h"

const char *json_skip_space(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
		p++;
	return p;
}

#define ONES ((uint64_t)0x0101010101010101)

/* The high bit of each byte of w that equals c; bits above the first such byte may be wrong. */
static inline uint64_t bytes_equal(uint64_t w, unsigned char c)
{
	uint64_t x = w ^ (ONES * c);

	return (x - ONES) & ~x & (ONES << 7);
}

/* p is after the opening quote; returns the byte after the closing one, or NULL. */
static const char *scan_string(const char *p, const char *end)
{
	for (;;) {
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
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

/* The bytes a container scan stops at; everything else is skipped. */
static const unsigned char structural[256] = {
	['"'] = 1, ['{'] = 1, ['}'] = 1, ['['] = 1, [']'] = 1,
};

/* Bytes that may appear in a number or a literal (true, false, null). */
static int scalar_byte(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-' || c == '+' ||
	       c == '.' || c == 'E';
}

const char *json_scan_value(const char *p, const char *end, const char **err)
{
	char stack[JSON_SCAN_MAX_DEPTH];
	size_t depth = 0;

	p = json_skip_space(p, end);
	if (p >= end)
		goto fail;
	if (*p != '{' && *p != '[' && *p != '"') {
		const char *start = p;

		while (p < end && scalar_byte((unsigned char)*p))
			p++;
		if (p == start)
			goto fail;
		return p;
	}
	while (p < end) {
		while (p < end && !structural[(unsigned char)*p])
			p++;
		if (p == end)
			break;
		switch (*p) {
		case '"': {
			const char *q = scan_string(p + 1, end);

			if (!q)
				goto fail;
			p = q;
			if (!depth)
				return p;
			continue;
		}
		case '{':
		case '[':
			if (depth == JSON_SCAN_MAX_DEPTH)
				goto fail;
			stack[depth++] = *p == '{' ? '}' : ']';
			break;
		case '}':
		case ']':
			if (!depth || stack[depth - 1] != *p)
				goto fail;
			if (!--depth)
				return p + 1;
			break;
		default:
			break;
		}
		p++;
	}
fail:
	*err = p;
	return NULL;
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
	const char *q;
	int got = json_iter_member(it, key);

	if (got <= 0)
		return got;
	value->p = it->p;
	if (!(q = json_scan_value(it->p, it->end, &it->error)))
		return iter_fail(it, it->error);
	value->len = (size_t)(q - it->p);
	return json_iter_resume(it, q) ? -1 : 1;
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
