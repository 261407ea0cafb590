#include "tap.h"
#include "util/regex.h"

/* The groups of the last match as "start-end" pairs, "-" for one that took no part. */
static void groups_are(const struct regex *re, unsigned nr, const char *want, const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	for (unsigned n = 0; n < nr; n++) {
		size_t start, end;

		if (n)
			strbuf_addch(&sb, ' ');
		if (regex_group(re, n, &start, &end))
			strbuf_addf(&sb, "%zu-%zu", start, end);
		else
			strbuf_addch(&sb, '-');
	}
	is_str(sb.buf, want, name);
	strbuf_release(&sb);
}

static void test_compile(void)
{
	struct strbuf err = STRBUF_INIT;
	struct regex re;

	regex_init(&re);
	regex_release(&re);
	ok(!re.code && !re.match, "an empty regex can be released");

	regex_init(&re);
	is_int(regex_compile(&re, "latency: ([0-9.]+) ms", PCRE2_UTF, &err), 0, "a good pattern compiles");
	is_str(err.buf, "", "and says nothing");
	ok(re.code && re.match, "its code and match data");
	regex_release(&re);
	ok(!re.code && !re.match, "released: empty again");

	is_int(regex_compile(&re, "[cute", PCRE2_UTF, &err), -1, "a bad pattern does not compile");
	is_str(err.buf, "missing terminating ] for character class at offset 5",
	       "PCRE2's message with the offset");
	ok(!re.code && !re.match, "and leaves the regex empty");
	regex_release(&re);

	strbuf_reset(&err);
	strbuf_addstr(&err, "invalid: ");
	regex_compile(&re, "a(b", 0, &err);
	is_str(err.buf, "invalid: missing closing parenthesis at offset 3",
	       "the reason is appended to what err holds");
	strbuf_release(&err);
}

static void test_match(void)
{
	struct strbuf err = STRBUF_INIT;
	struct regex re;
	const char *line = "softmax latency: 0.9943 ms";

	regex_init(&re);
	regex_compile(&re, "latency: ([0-9.]+) ms(x)?", PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &err);
	is_int(regex_match(&re, line, PCRE2_ZERO_TERMINATED, &err), 1, "a C string matches");
	groups_are(&re, 4, "8-26 17-23 - -", "the whole match, group 1; group 2 took no part, no group 3");
	is_int(regex_match(&re, line, 20, &err), 0, "a prefix that does not reach the match");
	is_int(regex_match(&re, "latency: ms", PCRE2_ZERO_TERMINATED, &err), 0, "no match");
	is_int(regex_match(&re, "\xff latency: 1 ms", PCRE2_ZERO_TERMINATED, &err), 1,
	       "a subject that is not UTF-8 still matches");
	is_int(regex_match(&re, "latency: 2 ms\0 latency: 3 ms", 27, &err), 1, "a length past a NUL");
	groups_are(&re, 2, "0-13 9-10", "the first match in it");
	is_str(err.buf, "", "matching said nothing");
	regex_release(&re);

	/* Catastrophic backtracking, held to a small match limit. */
	regex_compile(&re, "(*LIMIT_MATCH=1000)^(a+)+$", 0, &err);
	is_int(regex_match(&re, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab", PCRE2_ZERO_TERMINATED, &err), -1,
	       "a match limit is no answer, not \"no match\"");
	is_str(err.buf, "match limit exceeded", "PCRE2's message");
	regex_release(&re);
	strbuf_release(&err);
}

/*
 * (*NO_JIT) makes PCRE2 ignore pcre2_jit_compile(): the interpreter
 * matches, as it does where the platform has no JIT.
 */
static void test_no_jit(void)
{
	struct strbuf err = STRBUF_INIT;
	struct regex jit, interp;
	uint32_t have_jit = 0;
	size_t size = 0;

	pcre2_config(PCRE2_CONFIG_JIT, &have_jit);
	regex_init(&jit);
	regex_init(&interp);
	regex_compile(&jit, "(?i)\\[(cute|cutedsl)\\]", PCRE2_UTF, &err);
	regex_compile(&interp, "(*NO_JIT)(?i)\\[(cute|cutedsl)\\]", PCRE2_UTF, &err);
	/* Not asserted: a hardened system may refuse JIT's executable memory. */
	pcre2_pattern_info(jit.code, PCRE2_INFO_JITSIZE, &size);
	printf("# PCRE2 %s JIT; the first pattern has %zu bytes of JIT code\n",
	       have_jit ? "has" : "has no", size);
	size = 1;
	pcre2_pattern_info(interp.code, PCRE2_INFO_JITSIZE, &size);
	is_int(size, 0, "(*NO_JIT): no JIT code");
	is_int(regex_match(&interp, "[CuTeDSL] [reland] Tune", PCRE2_ZERO_TERMINATED, &err), 1,
	       "without JIT: a match");
	groups_are(&interp, 2, "0-9 1-8", "without JIT: its groups");
	is_int(regex_match(&interp, "[cuteish] Tune", PCRE2_ZERO_TERMINATED, &err), 0,
	       "without JIT: no match");
	is_int(regex_match(&jit, "[CuTeDSL] [reland] Tune", PCRE2_ZERO_TERMINATED, &err), 1,
	       "JIT where it can: the same match");
	groups_are(&jit, 2, "0-9 1-8", "JIT where it can: the same groups");
	is_str(err.buf, "", "nothing said");
	regex_release(&jit);
	regex_release(&interp);
	strbuf_release(&err);
}

int main(void)
{
	test_compile();
	test_match();
	test_no_jit();
	return done_testing();
}
