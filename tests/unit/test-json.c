#include <math.h>
#include <stdlib.h>
#include "tap.h"
#include "util/json.h"
#include "util/term-escape.h"

/* What the string in prints as, unformatted, fixed as json_print_and_free() does. */
static void text_is(const char *in, const char *want, const char *name)
{
	cJSON *item = json_string_or_null(in);
	char *out = cJSON_PrintUnformatted(item), *valid = json_output_text(out);

	is_str(valid, want, name);
	free(valid);
	cJSON_free(out);
	cJSON_Delete(item);
}

/* What json_number(v, digits) prints as, unformatted. */
static void number_is(double v, int digits, const char *want, const char *name)
{
	cJSON *item = json_number(v, digits);
	char *out = cJSON_PrintUnformatted(item);

	is_str(out, want, name);
	cJSON_free(out);
	cJSON_Delete(item);
}

int main(void)
{
	json_library_init();
	text_is("case1_simple_gemm", "\"case1_simple_gemm\"", "ASCII as it is");
	text_is(NULL, "null", "NULL is null");
	text_is("caf\xc3\xa9 \xe2\x80\xae \xf0\x9f\x93\x88", "\"caf\xc3\xa9 \xe2\x80\xae \xf0\x9f\x93\x88\"",
		"valid UTF-8 is kept, a bidirectional control too");
	text_is("case3_\xff", "\"case3_\xef\xbf\xbd\"", "a byte that is not UTF-8 is U+FFFD");
	text_is("\xc0\xaf\xed\xa0\x80x", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdx\"",
		"overlong and surrogate forms: U+FFFD for each byte");
	text_is("cut\xe2\x94", "\"cut\xef\xbf\xbd\xef\xbf\xbd\"", "a sequence cut short at the end");
	text_is("nl\n\x1b", "\"nl\\n\\u001b\"", "controls are JSON-escaped, not replaced");
	text_is("del\x7f csi\xc2\x9b nel\xc2\x85 nbsp\xc2\xa0", "\"del\\u007f csi\\u009b nel\\u0085 nbsp\xc2\xa0\"",
		"DEL and the C1 controls are JSON-escaped too, U+00A0 is kept");
	text_is("\\\x7f\xc2\x80\xc2\x9f", "\"\\\\\\u007f\\u0080\\u009f\"", "after an escaped backslash, at both ends of C1");
	number_is(-0.00004, 2, "0", "a tiny negative number rounded to 0 is 0, not -0");
	number_is(-0.0, 4, "0", "so is -0");
	number_is(-0.005, 2, "-0.01", "one that rounds away from 0 keeps its sign");
	number_is(NAN, 2, "null", "NAN is null");
	ok(!json_text_needs_fixing("caf\xc3\xa9\n"), "valid text needs no copy");
	ok(json_text_needs_fixing("\x80"), "a stray continuation byte does");
	ok(json_text_needs_fixing("\x7f"), "so does DEL");
	ok(utf8_len((const unsigned char *)"\xe2\x80\xae", 2) == 0, "utf8_len: cut short by avail");
	ok(utf8_len((const unsigned char *)"\xe2\x80\xae", 3) == 3, "utf8_len: whole");
	return done_testing();
}
