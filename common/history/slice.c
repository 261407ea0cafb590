#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "history/slice.h"

/* The backend of a platform_short: "b200_cute" -> "cute", "h100" -> NULL. */
static const char *backend_of(const char *platform)
{
	const char *u = strchr(platform, '_');

	return u && u[1] ? u + 1 : NULL;
}

/*
 * s as PCRE2 literal text: a backslash before each ASCII character that
 * is not a letter, a digit or '_' (PCRE2 takes any of them literally
 * after one), so that a dashboard's name ("b200_cute(", "b200_cute|.")
 * is never read as a pattern. Other bytes are never metacharacters.
 */
static void add_literal(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x80 && !isalnum(c) && c != '_')
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, *s);
	}
}

char *slice_default_pattern(const char *platform)
{
	const char *backend = backend_of(platform);
	struct strbuf sb = STRBUF_INIT;

	/* Tags come in any case and may be stacked: "[CuTe] [reland] ...". */
	if (backend && !strcmp(backend, "cute"))
		return xstrdup("(?i)\\[(?:cute|cutedsl)\\]");
	if (backend) {
		strbuf_addstr(&sb, "(?i)\\[");
		add_literal(&sb, backend);
		strbuf_addstr(&sb, "\\]");
		return strbuf_detach(&sb, NULL);
	}
	if (!strncmp(platform, "mi", 2))
		return xstrdup("(?i)\\[(?:rocm|amd)\\]");
	if (!strncmp(platform, "tpu", 3))
		return xstrdup("(?i)\\[(?:pallas|tpu)\\]");
	return xstrdup("(?i)\\[triton\\]");
}

void slice_default_paths(const char *platform, struct strvec *paths)
{
	const char *backend = backend_of(platform);
	char *p;

	if (!backend && !strncmp(platform, "tpu", 3))
		backend = "pallas";
	if (!backend)
		return;
	p = xstrfmt("helion/_compiler/%s/", backend);
	strvec_push(paths, p);
	free(p);
	p = xstrfmt("helion/runtime/%s/", backend);
	strvec_push(paths, p);
	free(p);
}

int slice_init(struct slice *s, const char *pattern, const char *key)
{
	struct strbuf err = STRBUF_INIT;
	int ret = 0;

	memset(s, 0, sizeof(*s));
	strvec_init(&s->paths);
	regex_init(&s->re);
	s->pattern = xstrdup(pattern);
	/* PCRE2_MATCH_INVALID_UTF: a subject that is not UTF-8 still matches. */
	if (regex_compile(&s->re, pattern, PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &err))
		ret = error("%s%sinvalid slice pattern '%s': %s", key ? key : "", key ? ": " : "",
			    pattern, err.buf);
	strbuf_release(&err);
	return ret;
}

void slice_release(struct slice *s)
{
	regex_release(&s->re);
	free(s->pattern);
	strvec_clear(&s->paths);
	memset(s, 0, sizeof(*s));
}

int slice_match_subject(struct slice *s, const char *subject)
{
	struct strbuf err = STRBUF_INIT;
	int rc;

	if (!s->re.code)
		return 0;
	rc = regex_match(&s->re, subject, PCRE2_ZERO_TERMINATED, &err);
	/* A match limit or the JIT stack: no answer, which is not "no match". */
	if (rc < 0)
		error("cannot match the slice pattern '%s' against '%s': %s", s->pattern,
		      subject, err.buf);
	strbuf_release(&err);
	return rc;
}
