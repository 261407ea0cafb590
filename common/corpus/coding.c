#include <ctype.h>
#include <string.h>
#include "util/term-escape.h"
#include "corpus/codec.h"
#include "corpus/comments.h"
#include "corpus/coding.h"

/*
 * A Python source's encoding as CPython's tokenizer settles it: a UTF-8
 * byte-order mark, a PEP 263 declaration on the first line or on the
 * second below a blank or comment one (after the mark, which allows only
 * UTF-8), else UTF-8. Undeclared UTF-8 is judged byte by byte, comments
 * included; where the mark or a declaration says UTF-8 the tokenizer
 * decodes only what it reads, so bytes in comments are not judged;
 * another encoding decodes the whole file (iconv, codec.c).
 */

static const char bom[] = "\xef\xbb\xbf";

struct coding {
	const char *name;	/* as declared */
	size_t len;
	size_t line;
};

/*
 * Whether the line at p (len bytes, its newline excluded) declares an
 * encoding, as CPython's tokenizer reads it: a comment line (only
 * blanks before the '#') holding "coding", then ':' or '=', blanks, and
 * a name of letters, digits, '-', '_' and '.'. 1 with the name in c, 0
 * for a blank or comment line (the next line may declare), -1 for code.
 */
static int coding_line(const char *p, size_t len, struct coding *c)
{
	size_t i = 0;

	while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\f'))
		i++;
	if (i == len || p[i] == '\r')
		return 0;
	if (p[i] != '#')
		return -1;
	for (; i + 7 <= len; i++) {
		size_t name = i + 7, end;

		if (memcmp(p + i, "coding", 6) || (p[i + 6] != ':' && p[i + 6] != '='))
			continue;
		while (name < len && (p[name] == ' ' || p[name] == '\t'))
			name++;
		for (end = name; end < len && (isalnum((unsigned char)p[end]) || p[end] == '-' ||
					       p[end] == '_' || p[end] == '.'); end++)
			;
		if (end > name) {
			c->name = p + name;
			c->len = end - name;
			return 1;
		}
	}
	return 0;
}

/* The length of the line at p, which has avail bytes, its newline excluded. */
static size_t line_len(const char *p, size_t avail)
{
	const char *nl = memchr(p, '\n', avail);

	return nl ? (size_t)(nl - p) : avail;
}

/* Whether the first line, or the second below a blank or comment one, declares an encoding. */
static int declaration(const char *buf, size_t len, struct coding *c)
{
	size_t first = line_len(buf, len);
	int found = coding_line(buf, first, c);

	c->line = 1;
	if (found || first == len)
		return found > 0;
	c->line = 2;
	return coding_line(buf + first + 1, line_len(buf + first + 1, len - first - 1), c) > 0;
}

/*
 * CPython's get_normal_name(): in the name's first 12 characters, any
 * case, '_' as '-', "utf-8" and "latin-1", "iso-8859-1", "iso-latin-1",
 * alone or before a '-', are those; NULL for any other name.
 */
static const char *normal_name(const char *name, size_t len)
{
	static const char *const normal[][2] = {
		{ "utf-8", "utf-8" }, { "latin-1", "iso-8859-1" },
		{ "iso-8859-1", "iso-8859-1" }, { "iso-latin-1", "iso-8859-1" },
	};
	char buf[13];
	size_t n = len < 12 ? len : 12;

	for (size_t i = 0; i < n; i++)
		buf[i] = name[i] == '_' ? '-' : (char)tolower((unsigned char)name[i]);
	buf[n] = '\0';
	for (size_t i = 0; i < sizeof(normal) / sizeof(*normal); i++) {
		size_t k = strlen(normal[i][0]);

		if (!strncmp(buf, normal[i][0], k) && (!buf[k] || buf[k] == '-'))
			return normal[i][1];
	}
	return NULL;
}

/* The line of the byte at offset off. */
static size_t line_of(const char *buf, size_t off)
{
	size_t line = 1;

	for (const char *p = buf; (p = memchr(p, '\n', (size_t)(buf + off - p))); p++)
		line++;
	return line;
}

/* Where the first byte that is no UTF-8 is in [p, p + len), or len. */
static size_t not_utf8(const char *p, size_t len)
{
	size_t i = 0, n;

	while (i < len && (n = utf8_len((const unsigned char *)p + i, len - i)))
		i += n;
	return i;
}

struct utf8_code {
	const char *buf;
	size_t bad;
};

/* fixture_py_each_code_line(): stops at a byte that is no UTF-8, its offset in bad. */
static int code_not_utf8(const char *code, size_t n, void *data)
{
	struct utf8_code *u = data;
	size_t i = not_utf8(code, n);

	if (i == n)
		return 0;
	u->bad = (size_t)(code + i - u->buf);
	return 1;
}

/* A source's encoding as CPython settles it. */
struct settled {
	size_t skip;		/* 3 after a UTF-8 byte-order mark, else 0 */
	int declared;
	struct coding c;
	const char *normal;	/* normal_name(): "utf-8" when undeclared; NULL for another codec */
};

static int is_utf8(const struct settled *s)
{
	return s->normal && !strcmp(s->normal, "utf-8");
}

/*
 * fixture_py_coding_defect(), with the encoding it settled in *s and,
 * where that is not UTF-8 and text is not NULL, the file decoded into
 * text as UTF-8.
 */
static int coding_defect(const char *buf, size_t len, struct strbuf *why, struct settled *s,
			 struct strbuf *text)
{
	struct utf8_code u = { .buf = buf };
	size_t bad;
	int ret;

	s->skip = len >= 3 && !memcmp(buf, bom, 3) ? 3 : 0;
	s->c = (struct coding){ .line = 0 };
	s->declared = declaration(buf + s->skip, len - s->skip, &s->c);
	s->normal = s->declared ? normal_name(s->c.name, s->c.len) : "utf-8";
	if (!s->declared && !s->skip) {
		if ((bad = not_utf8(buf, len)) == len)
			return 0;
		strbuf_addf(why, "is not UTF-8 (byte 0x%02x on line %zu) and declares no encoding",
			    (unsigned char)buf[bad], line_of(buf, bad));
		return 1;
	}
	if (s->skip && !is_utf8(s)) {
		strbuf_addf(why, "starts with a UTF-8 byte-order mark but declares '%.*s' (line %zu)",
			    (int)s->c.len, s->c.name, s->c.line);
		return 1;
	}
	if (is_utf8(s)) {
		if (!fixture_py_each_code_line(buf, len, code_not_utf8, &u))
			return 0;
		strbuf_addf(why, "is not UTF-8 (byte 0x%02x on line %zu), the encoding %s",
			    (unsigned char)buf[u.bad], line_of(buf, u.bad),
			    s->declared ? "it declares" : "its byte-order mark declares");
		return 1;
	}
	ret = s->normal ? fixture_py_decode(s->normal, strlen(s->normal), buf, len, &bad, text) :
			  fixture_py_decode(s->c.name, s->c.len, buf, len, &bad, text);
	if (ret < 0)
		strbuf_addf(why, "declares an unknown encoding '%.*s' (line %zu)",
			    (int)s->c.len, s->c.name, s->c.line);
	else if (ret)
		strbuf_addf(why, "is not '%.*s' (byte 0x%02x on line %zu), the encoding it declares",
			    (int)s->c.len, s->c.name, (unsigned char)buf[bad], line_of(buf, bad));
	return ret != 0;
}

int fixture_py_coding_defect(const char *buf, size_t len, struct strbuf *why)
{
	struct settled s;

	return coding_defect(buf, len, why, &s, NULL);
}

/*
 * The text CPython reads from buf, as UTF-8, in *text and *text_len: in
 * buf past any byte-order mark where the encoding is UTF-8, else decoded
 * into sb. 1 when there is none: its bytes are not in its encoding.
 */
static int python_text(const char *buf, size_t len, struct strbuf *sb, const char **text,
		       size_t *text_len)
{
	struct strbuf why = STRBUF_INIT;
	struct settled s;
	int ret = coding_defect(buf, len, &why, &s, sb);

	strbuf_release(&why);
	*text = is_utf8(&s) ? buf + s.skip : sb->buf;
	*text_len = is_utf8(&s) ? len - s.skip : sb->len;
	return ret;
}

int fixture_py_same_text_but_comments(const char *a, size_t alen, const char *b, size_t blen)
{
	struct strbuf sa = STRBUF_INIT, sb = STRBUF_INIT;
	const char *ta, *tb;
	size_t na, nb;
	int bad_a = python_text(a, alen, &sa, &ta, &na), bad_b = python_text(b, blen, &sb, &tb, &nb);
	int ret;

	if (bad_a || bad_b)
		ret = bad_a && bad_b && fixture_py_same_but_comments(a, alen, b, blen);
	else
		ret = fixture_py_same_but_comments(ta, na, tb, nb);
	strbuf_release(&sa);
	strbuf_release(&sb);
	return ret;
}
