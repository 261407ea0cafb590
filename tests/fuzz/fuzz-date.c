/*
 * The date parsers: any string is a time or -1, and a day that parses
 * formats back to the same day (no 2026-02-30 quietly becoming 03-02).
 */
#include "util/date.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size);
	time_t t, now = 1788000000;	/* 2026-08-29 */
	int is_day;

	if (!parse_iso_time(s, &t)) {
		char buf[32];

		format_iso_time(buf, t);
	}
	if (!parse_user_date(s, now, &t, &is_day) && is_day && strlen(s) == 10 &&
	    s[4] == '-') {
		char day[16];

		if (strcmp(format_day(day, t), s))
			abort();
	}
	free(s);
	return 0;
}
