#include "util/term-escape.h"

static int is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/* The length of the valid UTF-8 sequence at s, or 0 (C1 controls count as invalid). */
static size_t utf8_printable_len(const unsigned char *s)
{
	size_t n;
	unsigned int cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < 0xa0 || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;	/* C1 control, overlong, surrogate or out of range */
	return n;
}

size_t term_printable_len(const unsigned char *p, int keep_newlines)
{
	if (is_control(*p))
		return keep_newlines && *p == '\n' ? 1 : 0;
	return utf8_printable_len(p);
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

const char *term_escape_byte(unsigned char c, char buf[5])
{
	static const char hex[] = "0123456789abcdef";
	const char *esc = c == 0x1b ? "\\e" : term_c_escape(c);

	if (esc)
		return esc;
	buf[0] = '\\';
	buf[1] = 'x';
	buf[2] = hex[c >> 4];
	buf[3] = hex[c & 0xf];
	buf[4] = '\0';
	return buf;
}

void term_escape_write(FILE *fp, const char *s, int keep_newlines)
{
	const unsigned char *p = (const unsigned char *)s;
	char buf[5];

	while (*p) {
		size_t n = term_printable_len(p, keep_newlines);

		if (n) {
			fwrite(p, 1, n, fp);
			p += n;
		} else {
			fputs(term_escape_byte(*p++, buf), fp);
		}
	}
}
