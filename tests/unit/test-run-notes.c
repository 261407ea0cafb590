#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "util/strbuf.h"
#include "bisect/run-notes.h"

#define KEY "0123456789abcdef"
#define HEAD "benchbisect-run v1 key=" KEY " machine=gpu01 date=2026-12-02T04:30:12.123456Z duration=17.250"

static int parses(const char *line)
{
	struct run_record r;

	return !run_record_parse(&r, line);
}

/* A record written and read back is the same record, its value to the bit. */
static void round_trip(double v)
{
	struct run_record r, back;
	struct strbuf sb = STRBUF_INIT;

	memset(&r, 0, sizeof(r));
	strcpy(r.key, KEY);
	strcpy(r.machine, "h200-node-7");
	strcpy(r.date, "2026-12-02T04:30:12.000001Z");
	r.duration = 3.5;
	r.has_value = 1;
	r.value = v;
	run_record_format(&sb, &r);
	strbuf_rtrim(&sb);
	ok(!run_record_parse(&back, sb.buf) && back.value == v && back.has_value &&
	   !strcmp(back.machine, r.machine) && !strcmp(back.date, r.date) && back.duration == 3.5,
	   "round trip of %.17g: %s", v, sb.buf);
	strbuf_release(&sb);
}

int main(void)
{
	struct run_record r, *recs;
	struct run_key_input in;
	const char *argv[] = { "bench.sh", "--size", "4096", NULL };
	const char *argv2[] = { "bench.sh --size", "4096", NULL };
	char k1[RUN_KEY_HEX + 1], k2[RUN_KEY_HEX + 1];
	char *first_bad;
	size_t nr, bad;

	ok(!run_record_parse(&r, HEAD " exit=0 value=70.25") && r.has_value && r.value == 70.25 && r.exit == 0 &&
	   r.duration == 17.25 && !strcmp(r.machine, "gpu01"), "a --metric line");
	ok(!run_record_parse(&r, HEAD " exit=1") && !r.has_value && r.exit == 1, "an exit-status line");
	ok(parses(HEAD " exit=0 value=1 later=field"), "a field it does not know is ignored");
	ok(!parses(HEAD " exit=1 value=2"), "a value with a non-zero exit");
	ok(!parses(HEAD " exit=256"), "an exit above 255");
	ok(!parses(HEAD " exit=1.5"), "a fractional exit");
	ok(!parses(HEAD " exit=0 value=nan"), "a value that is not finite");
	ok(!parses(HEAD " exit=0 value=1e999"), "a value that overflows");
	ok(!parses(HEAD " exit=0 value=1x"), "a value with trailing junk");
	ok(!parses(HEAD " exit=0 value=1 2"), "a value with a word after it that is no field");
	ok(!parses(HEAD " exit=0  value=1"), "two spaces between fields");
	ok(!parses(HEAD " exit=0 value=1 "), "a space at the end");
	ok(!parses(HEAD " exit=0 =1"), "a field without a name");
	/* One reading for notes and runs (bisect_metric_parse()): what a run refuses, a note does too. */
	ok(!parses(HEAD " exit=0 value=0x10"), "a value in hex");
	ok(!parses(HEAD " exit=0 value=1e-310"), "a value that underflows to a subnormal");
	ok(!parses(HEAD " exit=0 value=1e-400"), "a value that underflows to 0");
	ok(parses(HEAD " exit=0 value=-2.5e-99"), "a small value within the range");
	ok(!run_record_parse(&r, HEAD " exit=0 value=-0") && r.value == 0 && !signbit(r.value), "-0 reads as 0");
	ok(!parses(HEAD), "no exit");
	ok(!parses("benchbisect-run v2 key=" KEY " machine=a date=2026-12-02T04:30:12.123456Z duration=1 exit=0"),
	   "another version");
	ok(!parses("benchbisect-run v1 key=0123456789ABCDEF machine=a date=2026-12-02T04:30:12.123456Z duration=1 exit=0"),
	   "an upper-case key");
	ok(!parses("benchbisect-run v1 key=" KEY " machine=a date=2026-12-02 duration=1 exit=0"), "a short date");
	ok(!parses("benchbisect-run v1 key=" KEY " machine=\x1b[31m date=2026-12-02T04:30:12.123456Z duration=1 exit=0"),
	   "a control character in the machine name");
	ok(!parses("benchbisect-run v1 key=" KEY " machine=a date=2026-12-02T04:30:12.123456Z duration=-1 exit=0"),
	   "a negative duration");
	ok(!parses(""), "an empty line");

	round_trip(0.1);
	round_trip(70.0);
	round_trip(1.0 / 3);
	round_trip(-2.5e-100);
	round_trip(1e-100);
	round_trip(0);
	round_trip(1e100);
	ok(!parses("benchbisect-run v1 key=" KEY " machine=a date=2026-12-02T04:30:12.123456Z duration=1 exit=0 value=1e101"),
	   "a value beyond BISECT_METRIC_MAX (the model's sums of squares would overflow)");
	ok(!parses("benchbisect-run v1 key=" KEY " machine=a date=2026-12-02T04:30:12.123456Z duration=1 exit=0 value=-2.5e-300"),
	   "a value other than 0 below BISECT_METRIC_MIN (the model's sums of squares would underflow)");

	nr = run_notes_parse("benchbisect-run v1 key=" KEY " machine=a date=2026-12-02T04:30:13.000000Z duration=1 exit=0 value=2\n"
			     "\n"
			     "junk \x1b[2J\n"
			     "benchbisect-run v1 key=" KEY " machine=a date=2026-12-02T04:30:12.000000Z duration=1 exit=0 value=1\n"
			     "more junk",
			     &recs, &bad, &first_bad);
	ok(nr == 2 && bad == 2, "two runs, two bad lines, the blank one not counted");
	ok(nr == 2 && recs[0].value == 1 && recs[1].value == 2, "the runs sorted by date");
	is_str(first_bad, "junk \x1b[2J", "the first bad line kept as it is (escaped where printed)");
	free(recs);
	free(first_bad);
	nr = run_notes_parse(NULL, &recs, &bad, &first_bad);
	ok(nr == 0 && bad == 0 && !first_bad, "no note");

	memset(&in, 0, sizeof(in));
	in.argv = argv;
	in.machine = "gpu01";
	run_key_compute(k1, &in);
	ok(strlen(k1) == RUN_KEY_HEX, "a key of %d hex digits: %s", RUN_KEY_HEX, k1);
	in.argv = argv2;
	run_key_compute(k2, &in);
	ok(strcmp(k1, k2), "arguments are hashed one by one, not joined");
	in.argv = argv;
	in.metric = 1;
	run_key_compute(k2, &in);
	ok(strcmp(k1, k2), "--metric is part of the key");
	in.metric = 0;
	in.key_env = "BT_TEST_UNSET_VAR";
	unsetenv("BT_TEST_UNSET_VAR");
	run_key_compute(k2, &in);
	ok(strcmp(k1, k2), "a keyEnv variable changes the key");
	setenv("BT_TEST_UNSET_VAR", "", 1);
	run_key_compute(k1, &in);
	ok(strcmp(k1, k2), "unset differs from empty");
	in.key_env = " ,BT_TEST_UNSET_VAR, ";
	run_key_compute(k2, &in);
	ok(!strcmp(k1, k2), "separators around the names do not matter");
	in.dir = "";
	run_key_compute(k2, &in);
	ok(!strcmp(k1, k2), "the top of the tree is the key without a directory");
	in.dir = "bench/";
	run_key_compute(k2, &in);
	ok(strcmp(k1, k2), "the directory the command runs in below the top is part of the key");
	return done_testing();
}
