#include <stdint.h>
#include "util/term-escape.h"

static int is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/*
 * The code point of the valid UTF-8 sequence at s (at most avail bytes:
 * SIZE_MAX in a string, where its NUL ends any sequence), its length in
 * *n; 0 when there is none.
 */
static unsigned int utf8_decode(const unsigned char *s, size_t avail, size_t *n)
{
	unsigned int cp;

	if (s[0] < 0x80) {
		*n = 1;
		return s[0];
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		*n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		*n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		*n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (*n > avail)
		return 0;
	for (size_t i = 1; i < *n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((*n == 3 && cp < 0x800) || (*n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;	/* overlong, surrogate or out of range */
	return cp;
}

/* The controls that reorder the text around them (Unicode's bidirectional formatting characters). */
static int is_bidi_control(unsigned int cp)
{
	return cp == 0x061c || cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

size_t utf8_len(const unsigned char *p, size_t avail)
{
	size_t n;

	if (*p < 0x80)
		return 1;
	return utf8_decode(p, avail, &n) ? n : 0;
}

size_t term_printable_len(const unsigned char *p)
{
	size_t n;
	unsigned int cp;

	if (is_control(*p))
		return 0;
	if (*p < 0x80)
		return 1;
	cp = utf8_decode(p, SIZE_MAX, &n);
	/* C1 controls, bytes that are no character, bidirectional controls */
	return cp < 0xa0 || is_bidi_control(cp) ? 0 : n;
}

size_t term_unprintable_len(const unsigned char *p)
{
	size_t n;

	return *p >= 0x80 && is_bidi_control(utf8_decode(p, SIZE_MAX, &n)) ? n : 1;
}

const char *term_c_escape(unsigned char c)
{
	switch (c) {
	case '\a': return "\\a";
	case '\b': return "\\b";
	case '\t': return "\\t";
	case '\n': return "\\n";
	case '\v': return "\\v";
	case '\f': return "\\f";
	case '\r': return "\\r";
	}
	return NULL;
}

const char *term_escape_char(const unsigned char *p, size_t *n, char buf[8])
{
	static const char hex[] = "0123456789abcdef";
	const char *esc = *p == 0x1b ? "\\e" : term_c_escape(*p);
	unsigned int cp;

	*n = term_unprintable_len(p);
	if (esc)
		return esc;
	if (*n > 1) {
		cp = utf8_decode(p, SIZE_MAX, n);
		buf[0] = '\\';
		buf[1] = 'u';
		for (int i = 0; i < 4; i++)
			buf[2 + i] = hex[cp >> (12 - 4 * i) & 0xf];
		buf[6] = '\0';
		return buf;
	}
	buf[0] = '\\';
	buf[1] = 'x';
	buf[2] = hex[*p >> 4];
	buf[3] = hex[*p & 0xf];
	buf[4] = '\0';
	return buf;
}

void term_escape_write(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char buf[8];

	while (*p) {
		size_t n = term_printable_len(p);

		if (n)
			fwrite(p, 1, n, fp);
		else
			fputs(term_escape_char(p, &n, buf), fp);
		p += n;
	}
}
