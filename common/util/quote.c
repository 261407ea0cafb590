#include <string.h>
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
	const unsigned char *p = (const unsigned char *)s;
	char buf[8];

	while (*p) {
		size_t n = term_printable_len(p);

		if (n)
			strbuf_add(sb, p, n);
		else
			strbuf_addstr(sb, term_escape_char(p, &n, buf));
		p += n;
	}
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
		const char *esc = term_c_escape(*p);

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
	if (term_needs_quoting(s)) {
		struct strbuf raw = STRBUF_INIT;

		/*
		 * A control character inside '...' would be escaped for the
		 * terminal when printed, and the pasted command would then
		 * name another file. In $'...' the terminal's escapes (\n,
		 * \e, \xNN, \u202e) are the string's own.
		 */
		for (; *s; s++) {
			if (*s == '\'' || *s == '\\')
				strbuf_addch(&raw, '\\');
			strbuf_addch(&raw, *s);
		}
		strbuf_addstr(sb, "$'");
		strbuf_add_term(sb, raw.buf);
		strbuf_addch(sb, '\'');
		strbuf_release(&raw);
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
