#include <string.h>
#include "fixtures.h"

/*
 * "Only comments changed" for generated Python: both sources reduce to
 * the same lines once comments are cut (a line that is only a comment
 * goes, a trailing comment is cut off) and trailing whitespace is
 * stripped; blank lines at the end count as trailing whitespace. A '#'
 * inside a string is not a comment, so the scan follows quotes, including
 * triple-quoted strings across lines.
 */

struct py_lines {
	const char *p, *end;
	char quote;		/* inside a triple-quoted string: its quote char */
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static int triple_at(const char *q, const char *stop, char quote)
{
	return stop - q >= 3 && q[0] == quote && q[1] == quote && q[2] == quote;
}

/* Where the comment of [line, stop) starts (stop if none); tracks it->quote. */
static const char *comment_start(struct py_lines *it, const char *line, const char *stop)
{
	char single = 0;	/* inside a one-line string: its quote char */

	for (const char *q = line; q < stop; q++) {
		if (it->quote || single) {
			if (*q == '\\')
				q++;
			else if (it->quote && triple_at(q, stop, it->quote))
				q += 2, it->quote = 0;
			else if (single && *q == single)
				single = 0;
		} else if (*q == '#') {
			return q;
		} else if (*q == '\'' || *q == '"') {
			if (triple_at(q, stop, *q))
				it->quote = *q, q += 2;
			else
				single = *q;
		}
	}
	return stop;
}

/* The next line that counts, with its comment and trailing blanks cut; 0 at the end. */
static int next_line(struct py_lines *it, const char **s, size_t *n)
{
	while (it->p < it->end) {
		const char *line = it->p, *eol = memchr(line, '\n', (size_t)(it->end - line));
		const char *stop = eol ? eol : it->end;
		int in_string = it->quote != 0;
		const char *cut = comment_start(it, line, stop);
		const char *first = line;

		it->p = eol ? eol + 1 : it->end;
		while (cut > line && is_blank(cut[-1]))
			cut--;
		while (first < stop && is_blank(*first))
			first++;
		if (!in_string && first < stop && *first == '#')
			continue;	/* a comment line */
		*s = line;
		*n = (size_t)(cut - line);
		return 1;
	}
	return 0;
}

int py_same_but_comments(const char *a, size_t alen, const char *b, size_t blen)
{
	struct py_lines x = { a, a + alen, 0 }, y = { b, b + blen, 0 };

	for (;;) {
		const char *s = "", *t = "";
		size_t n = 0, m = 0;
		int more_a = next_line(&x, &s, &n), more_b = next_line(&y, &t, &m);

		/* Past the end of one side only empty lines may follow on the other. */
		if (!more_a && !more_b)
			return 1;
		if (n != m || (n && memcmp(s, t, n)))
			return 0;
	}
}
