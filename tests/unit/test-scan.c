/*
 * The boundary scanner (dashboard/json-scan.h) against cJSON: wherever cJSON
 * says a value ends, the scanner must agree, and it must fail on the
 * structural faults it promises to catch, without reading past the end.
 */
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "tap.h"
#include "dashboard/json-scan.h"

/* The scanned length of the value in s, or -1 (end of buffer is strlen(s): no NUL read). */
static long scan_len(const char *s)
{
	size_t n = strlen(s);
	char *copy = malloc(n ? n : 1);	/* not NUL-terminated: ASan catches any over-read */
	const char *err = NULL, *end;
	long ret;

	memcpy(copy, s, n);
	end = json_scan_value(copy, copy + n, &err);
	ret = end ? (long)(end - copy) : -1;
	free(copy);
	return ret;
}

static void agrees_with_cjson(const char *s)
{
	const char *end = NULL;
	cJSON *v = cJSON_ParseWithOpts(s, &end, 0);

	ok(v && scan_len(s) == end - s, "scanner and cJSON end '%s' at the same byte", s);
	cJSON_Delete(v);
}

static void spans(void)
{
	struct json_iter it;
	struct json_span doc = { "{\"a\": [1, {\"b\": \"]\"}], \"c\\\"d\": \"x\\\\\", \"e\": {}}", 0 }, k, v;
	const char *want_keys[] = { "\"a\"", "\"c\\\"d\"", "\"e\"" };
	const char *want_values[] = { "[1, {\"b\": \"]\"}]", "\"x\\\\\"", "{}" };
	int n = 0, got;

	doc.len = strlen(doc.p);
	ok(!json_iter_init(&it, doc), "an object can be iterated");
	while ((got = json_iter_next(&it, &k, &v)) > 0 && n < 3) {
		ok(k.len == strlen(want_keys[n]) && !memcmp(k.p, want_keys[n], k.len), "key %d", n);
		ok(v.len == strlen(want_values[n]) && !memcmp(v.p, want_values[n], v.len), "value %d", n);
		n++;
	}
	ok(got == 0 && n == 3, "three members, then the end");
	ok(it.p == doc.p + doc.len, "the iterator stops after the closing brace");
}

static void faults(void)
{
	const char *bad[] = {
		"", "   ", "\"unterminated", "\"ends in an escape\\", "[1, 2", "[1, 2}", "{\"a\": 1]",
		"]", "}", "@", "[\"a\", \"b\"", "{\"a\" 1}",
	};
	struct json_iter it;
	struct json_span k, v, s;
	char *deep;

	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		long n = scan_len(bad[i]);
		int rejected = n < 0;

		/* Some are a complete first value: then the iterator must catch them. */
		if (!rejected) {
			s.p = bad[i];
			s.len = strlen(bad[i]);
			rejected = json_iter_init(&it, s) < 0;
			while (!rejected && (rejected = json_iter_next(&it, &k, &v)) > 0)
				rejected = 0;
			rejected = rejected < 0 || (long)s.len != n;
		}
		ok(rejected, "'%s' is rejected", bad[i]);
	}
	s.p = "[1,]";
	s.len = 4;
	json_iter_init(&it, s);
	ok(json_iter_next(&it, &k, &v) == 1 && json_iter_next(&it, &k, &v) == -1,
	   "a trailing comma is an error");
	deep = malloc(2 * JSON_SCAN_MAX_DEPTH + 3);
	memset(deep, '[', JSON_SCAN_MAX_DEPTH + 1);
	memset(deep + JSON_SCAN_MAX_DEPTH + 1, ']', JSON_SCAN_MAX_DEPTH + 1);
	deep[2 * JSON_SCAN_MAX_DEPTH + 2] = '\0';
	ok(scan_len(deep) < 0, "nesting deeper than %d is refused", JSON_SCAN_MAX_DEPTH);
	deep[JSON_SCAN_MAX_DEPTH] = ' ';
	deep[JSON_SCAN_MAX_DEPTH + 1] = ' ';
	ok(scan_len(deep) == 2 * JSON_SCAN_MAX_DEPTH + 2, "nesting of %d is fine", JSON_SCAN_MAX_DEPTH);
	free(deep);
}

/*
 * Input that ends right after a key or a comma: json_iter_member() must
 * fail rather than hand back a value position at the end, whose first
 * byte its callers read (the over-read the dashboard fuzzer found in
 * parse_row, tests/fuzz/dashboard/crash-ends-after-key).
 */
static void ends_before_value(void)
{
	const char *cut[] = { "{\"history\":", "{\"a\": ", "[1,", "[1, " };

	for (size_t i = 0; i < sizeof(cut) / sizeof(*cut); i++) {
		size_t n = strlen(cut[i]);
		char *copy = malloc(n);	/* not NUL-terminated: ASan catches any over-read */
		struct json_span doc = { copy, n }, k, v;
		struct json_iter it;
		int got;

		memcpy(copy, cut[i], n);
		json_iter_init(&it, doc);
		if (*cut[i] == '[') {
			got = json_iter_next(&it, &k, &v);
			ok(got == 1 && json_iter_next(&it, &k, &v) == -1, "'%s': the element after the comma is missing", cut[i]);
		} else {
			got = json_iter_member(&it, &k);
			ok(got == -1 && it.error == copy + n,
			   "'%s': the value is missing, at the end of the input", cut[i]);
		}
		free(copy);
	}
}

static void strings(void)
{
	struct json_span s = { "\"a\\u0000b\"", 10 };

	ok(json_string_has_nul(s), "an escaped NUL is seen");
	s.p = "\"a\\\\u0000b\"";
	s.len = 11;
	ok(!json_string_has_nul(s), "an escaped backslash before u0000 is not a NUL");
	s.p = "\"history\"";
	s.len = 9;
	ok(json_key_is(s, "history") && !json_key_is(s, "histor"), "keys compare whole");
}

/*
 * The scanner reads containers and strings sixteen bytes at a time: an
 * escape, a quote or a bracket on either side of a block's edge, at
 * every offset, must end where cJSON ends, and a cut must still fail at
 * the unterminated string's opening quote.
 */
static void block_edges(void)
{
	const char *pieces[] = { "\\\"", "\\\\", "\"]\"", "{}", "[\"}\"]" };
	char buf[128];
	int all_agree = 1, cuts_fail = 1;

	for (size_t k = 0; k < sizeof(pieces) / sizeof(*pieces); k++) {
		for (int pad = 0; pad < 40; pad++) {
			const char *end = NULL;
			cJSON *v;
			long n;

			/* ["xxx...<piece>...", 1] with the piece straddling offsets 1..40 */
			snprintf(buf, sizeof(buf), "[\"%.*s%s\", %s, 1]", pad,
				 "........................................", k < 2 ? pieces[k] : "",
				 k < 2 ? "0" : pieces[k]);
			v = cJSON_ParseWithOpts(buf, &end, 0);
			n = scan_len(buf);
			if (!v || n != end - buf)
				all_agree = 0;
			cJSON_Delete(v);
			/* Cut inside the first string: unterminated at its quote, byte 1. */
			end = NULL;
			if (json_scan_value(buf, buf + pad + 2, &end) || end != buf + 1)
				cuts_fail = 0;
		}
	}
	ok(all_agree, "the scanner agrees with cJSON wherever a block's edge falls");
	ok(cuts_fail, "a string cut at any offset is unterminated, at its opening quote");
}

/* json_iter_skip(): the rest of a container only delimited, its end found. */
static void skip_rest(void)
{
	const char *good = "{\"date\": \"d\", \"x\": [1, {\"y\": \"}\"}], \"z\": 2} tail";
	const char *bad = "{\"date\": \"d\", \"x\": [1, 2}";
	struct json_span doc = { good, strlen(good) }, k, v;
	struct json_iter it;

	json_iter_init(&it, doc);
	ok(json_iter_next(&it, &k, &v) == 1 && json_key_is(k, "date") &&
	   json_iter_skip(&it) == strstr(good, " tail") && it.done && it.p == strstr(good, " tail"),
	   "the rest of an object is skipped to the byte after its closing brace");
	ok(json_iter_skip(&it) == it.p && json_iter_next(&it, &k, &v) == 0,
	   "a finished iterator stays finished");
	doc.p = bad;
	doc.len = strlen(bad);
	json_iter_init(&it, doc);
	ok(json_iter_next(&it, &k, &v) == 1 && !json_iter_skip(&it) && it.error == strchr(bad, '}'),
	   "a mismatched bracket in the rest fails where the scanner finds it");
}

/* json_may_hold_key()'s oracle: a backslash anywhere, or the quoted key. */
static int holds_key_plainly(const char *p, size_t len, const char *key)
{
	char quoted[16];
	size_t n = (size_t)snprintf(quoted, sizeof(quoted), "\"%s\"", key);

	return memchr(p, '\\', len) || memmem(p, len, quoted, n);
}

/*
 * json_may_hold_key() reads sixteen starts at a time and its last block
 * overlaps: the key and a backslash at every offset of every length up
 * to a few blocks, near misses beside them, and random bytes of the few
 * that matter, must all answer as the plain search does, reading
 * nothing past the end (ASan).
 */
static void may_hold_key(void)
{
	const char *pieces[] = { "\"date\"", "\\", "\"dat\"", "\"datex\"", "date\"", "\"date", "\"d\"" };
	const char alphabet[] = "\"date\\x ";
	int agree = 1, found = 1;
	unsigned seed = 1;

	for (size_t k = 0; k < sizeof(pieces) / sizeof(*pieces); k++) {
		size_t m = strlen(pieces[k]);

		for (size_t len = m; len < 60; len++) {
			for (size_t at = 0; at + m <= len; at++) {
				char *buf = malloc(len);	/* not NUL-terminated */
				int got;

				memset(buf, '.', len);
				memcpy(buf + at, pieces[k], m);
				got = json_may_hold_key(buf, buf + len, "date");
				if (got != holds_key_plainly(buf, len, "date"))
					agree = 0;
				if (k < 2 && !got)
					found = 0;
				free(buf);
			}
		}
	}
	for (int i = 0; i < 20000; i++) {
		size_t len = (size_t)(rand_r(&seed) % 70);
		char *buf = malloc(len ? len : 1);

		for (size_t j = 0; j < len; j++)
			buf[j] = alphabet[rand_r(&seed) % (sizeof(alphabet) - 1)];
		if (json_may_hold_key(buf, buf + len, "date") != holds_key_plainly(buf, len, "date"))
			agree = 0;
		free(buf);
	}
	ok(found, "the quoted key and a backslash are found at every offset of every length");
	ok(agree, "json_may_hold_key() answers as memchr() and memmem() do, near misses and random bytes too");
	ok(!json_may_hold_key("", "", "date"), "nothing holds no key");
}

/* Numbers as JSON spells them; cJSON also reads the bad ones. */
static void numbers(void)
{
	const char *good[] = { "0", "-0", "10", "1.462", "0.5", "-1.5e+10", "1E5", "2e-3", "0e0" };
	const char *bad[] = { "01.462", "1.", "00", "-01", "-", "1e", "1e+", "1.e5", ".5", "+1",
			      "0x10", "1.5.2", "" };

	for (size_t i = 0; i < sizeof(good) / sizeof(*good); i++) {
		struct json_span v = { good[i], strlen(good[i]) };

		ok(json_number_is_valid(v), "the number %s is valid", good[i]);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		struct json_span v = { bad[i], strlen(bad[i]) };

		ok(!json_number_is_valid(v), "'%s' is no JSON number", bad[i]);
	}
}

int main(void)
{
	const char *good[] = {
		"0", "-1.5e+10", "true", "null", "\"\"", "\"a\\\"b\"", "\"\\\\\"", "\"\\\\\\\"\"",
		"[]", "{}", "[[], {}]", "{\"a\": [1, \"]\", {\"b\": \"}\"}]}", " \t[ 1 , 2 ]\r",
		"\"caf\\u00e9 \\ud83d\\ude00\"", "{\"k\": \"\\\\\\\\\"}",
	};

	for (size_t i = 0; i < sizeof(good) / sizeof(*good); i++)
		agrees_with_cjson(good[i]);
	spans();
	faults();
	strings();
	ends_before_value();
	block_edges();
	skip_rest();
	may_hold_key();
	numbers();
	return done_testing();
}
