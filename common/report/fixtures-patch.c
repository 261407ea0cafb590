#include <stdio.h>
#include <string.h>
#include "util/color.h"
#include "util/strbuf.h"
#include "report/fixtures-patch.h"

#define COLOR_BG_RED "\033[41m"

/*
 * git diff's colours (color.diff.<slot> defaults; "" for normal) and
 * where a file's patch is: git paints an added blank line at the end of
 * the file, past the blank lines the old one already ended with, as a
 * whitespace error, which takes the line numbers the hunk has reached.
 */
struct patch_print {
	const char *meta, *frag, *func, *context, *old, *new, *ws, *reset;
	long blank_at_eof_old, blank_at_eof_new;	/* 0: none added */
	long lno_old, lno_new;
	struct strbuf labels;	/* the file header's "--- "/"+++ " lines, until a hunk */
};

/* git's isspace() (sane_ctype): no \v, no \f, so a page break is no whitespace error */
static int git_isspace(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int blank(const char *p, size_t n)
{
	while (n--)
		if (!git_isspace(*p++))
			return 0;
	return 1;
}

/* As git's count_lines(): an incomplete last line counts. */
static long count_lines(const char *p, size_t n)
{
	long count = 0;

	for (size_t i = 0; i < n; i++)
		count += p[i] == '\n';
	return count + (n && p[n - 1] != '\n');
}

/* As git's count_trailing_blank(): the whitespace-only lines the file ends with. */
static long trailing_blank(const char *p, size_t n)
{
	const char *end;
	long count = 0;

	if (!n)
		return 0;
	end = p + n - 1;
	if (*end == '\n')
		end--;
	while (p < end) {
		const char *eol = end;

		while (p <= eol && *eol != '\n')
			eol--;
		if (!blank(eol + 1, (size_t)(end - eol)))
			break;
		count++;
		end = eol - 1;
	}
	return count;
}

static void sides(const char *old, size_t old_len, const char *new, size_t new_len,
		  void *payload)
{
	struct patch_print *pp = payload;
	long l1 = trailing_blank(old, old_len), l2 = trailing_blank(new, new_len);

	pp->blank_at_eof_old = l2 > l1 ? count_lines(old, old_len) - l1 + 1 : 0;
	pp->blank_at_eof_new = l2 > l1 ? count_lines(new, new_len) - l2 + 1 : 0;
}

/*
 * git's emit_line_0(): sign and line in set (set_sign for the sign when
 * given), a reset before a trailing CR, the newline last; nothing
 * but the newline for an empty line without a sign.
 */
static void emit(const struct patch_print *pp, const char *set_sign, const char *set,
		 int sign, const char *p, size_t n)
{
	int nl = n && p[n - 1] == '\n', cr;

	n -= nl;
	cr = n && p[n - 1] == '\r';
	n -= cr;
	if (n || sign) {
		if (set_sign)
			fputs(set_sign, stdout);
		if (sign)
			putchar(sign);
		if (n && set) {
			if (set_sign && set != set_sign)
				fputs(pp->reset, stdout);
			fputs(set, stdout);
		}
		fwrite(p, 1, n, stdout);
		if (set_sign || n)
			fputs(pp->reset, stdout);
	}
	fputs(cr ? "\r" : "", stdout);
	fputs(nl ? "\n" : "", stdout);
}

/*
 * git's ws_check_emit() under the default rule: spaces before a tab in
 * the indent and blanks at the end of the line in ws, the rest in set
 * (the indent's tabs as they are).
 */
static void emit_ws(const struct patch_print *pp, const char *p, size_t n)
{
	int nl = n && p[n - 1] == '\n';
	size_t end, written = 0, i;

	n -= nl;
	for (end = n; end && git_isspace(p[end - 1]); end--)
		;
	for (i = 0; i < end && (p[i] == ' ' || p[i] == '\t'); i++) {
		if (p[i] == ' ')
			continue;
		if (written < i)
			printf("%s%.*s%s", pp->ws, (int)(i - written), p + written, pp->reset);
		putchar('\t');
		written = i + 1;
	}
	if (end > written)
		printf("%s%.*s%s", pp->new, (int)(end - written), p + written, pp->reset);
	if (n > end)
		printf("%s%.*s%s", pp->ws, (int)(n - end), p + end, pp->reset);
	fputs(nl ? "\n" : "", stdout);
}

/* git's emit_hunk_header(): "@@ ... @@" in frag, then the function context in func. */
static void emit_hunk_header(const struct patch_print *pp, const char *p, size_t n)
{
	const char *ep = n >= 10 ? memmem(p + 2, n - 2, "@@", 2) : NULL, *cp;
	size_t len = n;

	if (!ep) {
		emit(pp, pp->context, NULL, 0, p, n);
		return;
	}
	ep += 2;
	printf("%s%.*s%s", pp->frag, (int)(ep - p), p, pp->reset);
	/* the trailing "\r\n", as git looks for it */
	for (size_t i = 1; i < 3; i++)
		if (p[len - i] == '\r' || p[len - i] == '\n')
			len--;
	for (cp = ep; ep < p + len && (*ep == ' ' || *ep == '\t'); ep++)
		;
	if (ep != cp)
		printf("%s%.*s%s", pp->context, (int)(ep - cp), cp, pp->reset);
	if (ep < p + len)
		printf("%s%.*s%s", pp->func, (int)(p + len - ep), ep, pp->reset);
	fwrite(p + len, 1, n - len, stdout);
}

/*
 * git ends a "--- "/"+++ " line whose file name holds a space with a TAB
 * (after the colour), so that GNU patch knows where the name ends; libgit2
 * does not. Without it, patch -p1 cannot find "a/case1 gemm/generated.py".
 */
static const char *name_end(const char *p, size_t n)
{
	if (n < 4 || (strncmp(p, "--- ", 4) && strncmp(p, "+++ ", 4)))
		return "";
	return memchr(p + 4, ' ', n - 4) ? "\t" : "";
}

static void emit_file_header(const struct patch_print *pp, const char *p, size_t n)
{
	const char *end = p + n;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t len = eol ? (size_t)(eol - p) : (size_t)(end - p);

		printf("%s%.*s%s%s%s", pp->meta, (int)len, p, pp->reset, name_end(p, len),
		       eol ? "\n" : "");
		p += len + (eol != NULL);
	}
}

/*
 * The file header up to its "--- "/"+++ " lines, which git prints with the
 * first hunk only: a fixture added or removed empty has none, as git diff
 * prints it (libgit2 prints them all the same).
 */
static void emit_file_header_start(struct patch_print *pp, const char *p, size_t n)
{
	const char *labels = n >= 4 && !strncmp(p, "--- ", 4) ? p : memmem(p, n, "\n--- ", 5);

	labels = labels ? labels + (labels != p) : p + n;
	emit_file_header(pp, p, (size_t)(labels - p));
	strbuf_reset(&pp->labels);
	strbuf_add(&pp->labels, labels, (size_t)(p + n - labels));
}

static void emit_added(struct patch_print *pp, const char *p, size_t n)
{
	if (pp->blank_at_eof_old && pp->blank_at_eof_old <= pp->lno_old &&
	    pp->blank_at_eof_new <= pp->lno_new && blank(p, n)) {
		emit(pp, pp->ws, NULL, '+', p, n);
		return;
	}
	emit(pp, pp->new, NULL, '+', "", 0);
	emit_ws(pp, p, n);
}

/* Print one line (or the file header) of a patch, as git's fn_out_consume(). */
static int print_line(const git_diff_delta *delta, const git_diff_hunk *hunk,
		      const git_diff_line *line, void *payload)
{
	struct patch_print *pp = payload;
	const char *p = line->content;
	size_t n = line->content_len;

	(void)delta;
	switch (line->origin) {
	case GIT_DIFF_LINE_FILE_HDR:
		emit_file_header_start(pp, p, n);
		break;
	case GIT_DIFF_LINE_HUNK_HDR:
		emit_file_header(pp, pp->labels.buf, pp->labels.len);
		strbuf_reset(&pp->labels);
		pp->lno_old = hunk->old_start;
		pp->lno_new = hunk->new_start;
		emit_hunk_header(pp, p, n);
		break;
	case GIT_DIFF_LINE_ADDITION:
		pp->lno_new++;
		emit_added(pp, p, n);
		break;
	case GIT_DIFF_LINE_DELETION:
		pp->lno_old++;
		emit(pp, pp->old, NULL, '-', p, n);
		break;
	case GIT_DIFF_LINE_CONTEXT:
		pp->lno_old++;
		pp->lno_new++;
		emit(pp, pp->context, pp->context, ' ', p, n);
		break;
	case GIT_DIFF_LINE_CONTEXT_EOFNL:
	case GIT_DIFF_LINE_ADD_EOFNL:
	case GIT_DIFF_LINE_DEL_EOFNL:
		/* "\n\\ No newline at end of file\n": the end of the line before, then git's marker */
		pp->lno_old++;
		if (n && *p == '\n') {
			putchar('\n');
			p++, n--;
		}
		emit(pp, pp->context, NULL, 0, p, n);
		break;
	default:	/* "Binary files ... differ", uncoloured as git prints it */
		fwrite(p, 1, n, stdout);
		break;
	}
	return 0;
}

int fixture_print_patch(const struct fixture_diff *d, int color)
{
	struct patch_print pp = { "", "", "", "", "", "", "", "", 0, 0, 0, 0, STRBUF_INIT };
	struct fixture_patch_printer printer = { sides, print_line, &pp };
	int ret = 0;

	if (color)
		pp = (struct patch_print){ COLOR_BOLD, COLOR_CYAN, "", "", COLOR_RED, COLOR_GREEN,
					   COLOR_BG_RED, COLOR_RESET, 0, 0, 0, 0, STRBUF_INIT };
	for (size_t i = 0; !ret && i < d->nr; i++)
		if (fixture_case_print_patch(d, &d->cases[i], &printer))
			ret = -1;
	strbuf_release(&pp.labels);
	return ret;
}
