#include <stdint.h>
#include <string.h>
#include "util/usage.h"
#include "util/quote.h"
#include "util/term-escape.h"

int term_needs_quoting(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n = term_printable_len(p);

		if (!n)
			return 1;
		p += n;
	}
	return 0;
}

void strbuf_add_term(struct strbuf *sb, const char *s)
{
	strbuf_add_term_len(sb, s, strlen(s));
}

/* The bytes from p to end escaped, whole characters and escapes up to columns columns; returns those used. */
static size_t add_term(struct strbuf *sb, const unsigned char *p, const unsigned char *end,
		       size_t columns)
{
	char buf[8];
	size_t used = 0;

	while (p < end) {
		size_t n = term_printable_len(p), width = 1;
		const char *escape = n ? NULL : term_escape_char(p, &n, buf);

		if (escape)
			width = strlen(escape);
		if (width > columns - used)
			break;
		if (escape)
			strbuf_addstr(sb, escape);
		else
			strbuf_add(sb, p, n);
		used += width;
		p += n;
	}
	return used;
}

void strbuf_add_term_len(struct strbuf *sb, const char *s, size_t len)
{
	add_term(sb, (const unsigned char *)s, (const unsigned char *)s + len, SIZE_MAX);
}

size_t strbuf_add_term_cut(struct strbuf *sb, const char *s, size_t columns)
{
	return add_term(sb, (const unsigned char *)s, (const unsigned char *)s + strlen(s), columns);
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

void quote_term_path(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char buf[8];

	if (!term_needs_quoting(s) && !strpbrk(s, "\"\\")) {
		strbuf_addstr(sb, s);
		return;
	}
	strbuf_addch(sb, '"');
	while (*p) {
		size_t n = term_printable_len(p);

		if (*p == '"' || *p == '\\') {
			strbuf_addch(sb, '\\');
			strbuf_addch(sb, *p);
		} else if (n) {
			strbuf_add(sb, p, n);
		} else {
			strbuf_addstr(sb, term_escape_char(p, &n, buf));
		}
		p += n;
	}
	strbuf_addch(sb, '"');
}

size_t term_columns(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static int c_needs_quoting(unsigned char c, const char *extra, int high)
{
	return c < 0x20 || c == '"' || c == '\\' || c == 0x7f || (high && c >= 0x80) ||
	       (extra && strchr(extra, c));
}

void quote_c_style(struct strbuf *sb, const char *s, const char *extra, int high)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++)
		if (c_needs_quoting(*p, extra, high))
			break;
	if (!*p) {
		strbuf_addstr(sb, s);
		return;
	}
	strbuf_addch(sb, '"');
	for (p = (const unsigned char *)s; *p; p++) {
		const char *esc = term_c_escape(*p);

		if (*p == '"' || *p == '\\')
			strbuf_addf(sb, "\\%c", *p);
		else if (esc)
			strbuf_addstr(sb, esc);
		else if (*p < 0x20 || *p == 0x7f || (high && *p >= 0x80))
			strbuf_addf(sb, "\\%03o", *p);
		else
			strbuf_addch(sb, *p);
	}
	strbuf_addch(sb, '"');
}

/* The byte whose term_c_escape() is backslash and letter, else -1. */
static int c_unescape(char letter)
{
	for (int c = 1; c < 0x20; c++) {
		const char *esc = term_c_escape(c);

		if (esc && esc[1] == letter)
			return c;
	}
	return -1;
}

int unquote_c_style(struct strbuf *sb, const char *quoted, const char **endp)
{
	const char *p = quoted + 1;

	if (*quoted != '"')
		return -1;
	for (; *p && *p != '"'; p++) {
		int c = (unsigned char)*p;

		if (c == '\\') {
			c = *++p;
			if (c >= '0' && c <= '3' && p[1] >= '0' && p[1] <= '7' &&
			    p[2] >= '0' && p[2] <= '7') {
				c = (c - '0') << 6 | (p[1] - '0') << 3 | (p[2] - '0');
				p += 2;
				if (!c)
					return -1;
			} else if (c != '"' && c != '\\' && (c = c_unescape(c)) < 0) {
				return -1;
			}
		}
		strbuf_addch(sb, c);
	}
	if (*p != '"')
		return -1;
	*endp = p + 1;
	return 0;
}

int strvec_split_c_quoted(struct strvec *sv, const char *s, int sep, const char *what)
{
	struct strbuf item = STRBUF_INIT;

	while (*s) {
		const char *end = strchr(s, sep);

		strbuf_reset(&item);
		if (*s == '"') {
			if (unquote_c_style(&item, s, &end) || (*end && *end != sep)) {
				strbuf_release(&item);
				return error("%s: cannot unquote '%s'", what, s);
			}
		} else {
			end = end ? end : s + strlen(s);
			strbuf_add(&item, s, end - s);
		}
		if (item.len)
			strvec_push(sv, item.buf);
		s = *end ? end + 1 : end;
	}
	strbuf_release(&item);
	return 0;
}

/*
 * s as the inside of bash's and zsh's $'...': ' and \ escaped, and each
 * character quote_term() would escape as its escape there (\n, \e, \xNN),
 * a multibyte one (a bidirectional control) as \xNN per byte: $'\u202e'
 * is decoded only in a UTF-8 locale, the bytes in any.
 */
static void add_dollar_quoted(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char buf[8];

	while (*p) {
		size_t n = term_printable_len(p);

		if (*p == '\'' || *p == '\\') {
			strbuf_addch(sb, '\\');
			strbuf_addch(sb, *p);
			n = 1;
		} else if (n) {
			strbuf_add(sb, p, n);
		} else if ((n = term_unprintable_len(p)) == 1) {
			strbuf_addstr(sb, term_escape_char(p, &n, buf));
		} else {
			for (size_t i = 0; i < n; i++)
				strbuf_addf(sb, "\\x%02x", p[i]);
		}
		p += n;
	}
}

void quote_shell(struct strbuf *sb, const char *s)
{
	if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			 "0123456789_-./,:@+%") == strlen(s)) {
		strbuf_addstr(sb, s);
		return;
	}
	if (term_needs_quoting(s)) {
		/*
		 * A control character inside '...' would be escaped for the
		 * terminal when printed, and the pasted command would then
		 * name another file: in $'...' the escapes are the string's own.
		 */
		strbuf_addstr(sb, "$'");
		add_dollar_quoted(sb, s);
		strbuf_addch(sb, '\'');
		return;
	}
	quote_sq(sb, s);
}

void quote_sq(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			strbuf_addstr(sb, "'\\''");
		else
			strbuf_addch(sb, *s);
	}
	strbuf_addch(sb, '\'');
}
