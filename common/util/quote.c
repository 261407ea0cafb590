#include <string.h>
#include "util/quote.h"

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

static const char *c0_escape(unsigned char c)
{
	switch (c) {
	case '\a': return "\\a";
	case '\b': return "\\b";
	case '\t': return "\\t";
	case '\n': return "\\n";
	case '\v': return "\\v";
	case '\f': return "\\f";
	case '\r': return "\\r";
	case 0x1b: return "\\e";
	}
	return NULL;
}

static int is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

int term_needs_quoting(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n = is_control(*p) ? 0 : utf8_printable_len(p);

		if (!n)
			return 1;
		p += n;
	}
	return 0;
}

static void add_term(struct strbuf *sb, const char *s, int keep_newlines)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n = is_control(*p) && !(keep_newlines && *p == '\n') ? 0 :
			   utf8_printable_len(p);
		const char *esc;

		if (n) {
			strbuf_add(sb, p, n);
			p += n;
		} else if ((esc = c0_escape(*p))) {
			strbuf_addstr(sb, esc);
			p++;
		} else {
			strbuf_addf(sb, "\\x%02x", *p++);
		}
	}
}

void strbuf_add_term(struct strbuf *sb, const char *s)
{
	add_term(sb, s, 0);
}

void strbuf_add_term_lines(struct strbuf *sb, const char *s)
{
	add_term(sb, s, 1);
}

const char *quote_term(const char *s)
{
	static struct strbuf ring[8] = {
		STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT,
		STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT,
	};
	static unsigned int next;
	struct strbuf *sb;

	if (!s || !term_needs_quoting(s))
		return s;
	sb = &ring[next++ % 8];
	strbuf_reset(sb);
	strbuf_add_term(sb, s);
	return sb->buf;
}

static int c_needs_quoting(unsigned char c, const char *extra)
{
	return c < 0x20 || c == '"' || c == '\\' || c >= 0x7f || (extra && strchr(extra, c));
}

void quote_c_style(struct strbuf *sb, const char *s, const char *extra)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++)
		if (c_needs_quoting(*p, extra))
			break;
	if (!*p) {
		strbuf_addstr(sb, s);
		return;
	}
	strbuf_addch(sb, '"');
	for (p = (const unsigned char *)s; *p; p++) {
		const char *esc = *p == 0x1b ? NULL : c0_escape(*p);

		if (*p == '"' || *p == '\\')
			strbuf_addf(sb, "\\%c", *p);
		else if (esc)
			strbuf_addstr(sb, esc);
		else if (*p < 0x20 || *p >= 0x7f)
			strbuf_addf(sb, "\\%03o", *p);
		else
			strbuf_addch(sb, *p);
	}
	strbuf_addch(sb, '"');
}

void quote_shell(struct strbuf *sb, const char *s)
{
	if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			 "0123456789_-./,:@+%") == strlen(s)) {
		strbuf_addstr(sb, s);
		return;
	}
	strbuf_addch(sb, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			strbuf_addstr(sb, "'\\''");
		else
			strbuf_addch(sb, *s);
	}
	strbuf_addch(sb, '\'');
}
