#include "util/regex.h"

static void add_message(struct strbuf *sb, int code)
{
	PCRE2_UCHAR msg[256];

	pcre2_get_error_message(code, msg, sizeof(msg));
	strbuf_addstr(sb, (const char *)msg);
}

void regex_init(struct regex *re)
{
	re->code = NULL;
	re->match = NULL;
}

int regex_compile(struct regex *re, const char *pattern, uint32_t options, struct strbuf *err)
{
	PCRE2_SIZE offset;
	int code;

	re->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, options,
				 &code, &offset, NULL);
	if (!re->code) {
		add_message(err, code);
		strbuf_addf(err, " at offset %zu", (size_t)offset);
		return -1;
	}
	/* JIT is an optimisation: when it is unavailable, matching still works. */
	pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	re->match = pcre2_match_data_create_from_pattern(re->code, NULL);
	if (!re->match) {
		strbuf_addstr(err, "out of memory for the match data");
		regex_release(re);
		return -1;
	}
	return 0;
}

int regex_match(struct regex *re, const char *subject, size_t len, struct strbuf *err)
{
	int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, 0, 0, re->match, NULL);

	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	add_message(err, rc);
	return -1;
}

int regex_group(const struct regex *re, unsigned n, size_t *start, size_t *end)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(re->match);

	/* PCRE2 sets the pairs of groups that took no part to PCRE2_UNSET. */
	if (n >= pcre2_get_ovector_count(re->match) || ov[2 * n] == PCRE2_UNSET)
		return 0;
	*start = ov[2 * n];
	*end = ov[2 * n + 1];
	return 1;
}

void regex_release(struct regex *re)
{
	pcre2_match_data_free(re->match);
	pcre2_code_free(re->code);
	regex_init(re);
}
