#include "tap.h"
#include "util/date.h"

/* s parses to want (formatted as a day, or as a full time when want has a 'T'), or want NULL: rejected. */
static void parses_as(const char *s, const char *want)
{
	time_t t;
	char buf[32];
	int ret = parse_iso_time(s, &t);

	if (!want)
		ok(ret == -1, "'%s' is rejected", s);
	else if (ret)
		is_str("(rejected)", want, s);
	else
		is_str(strchr(want, 'T') ? format_iso_time(buf, t) : format_day(buf, t), want, s);
}

int main(void)
{
	time_t t;
	int is_day;
	char buf[32];

	parses_as("2026-02-28", "2026-02-28");
	parses_as("2024-02-29", "2024-02-29");
	parses_as("2000-02-29", "2000-02-29");
	parses_as("2026-02-29", NULL);
	parses_as("2026-02-30", NULL);
	parses_as("2100-02-29", NULL);
	parses_as("2026-04-31", NULL);
	parses_as("2026-12-31", "2026-12-31");
	parses_as("2026-13-01", NULL);
	parses_as("0224-02-29", NULL);	/* found by the date fuzzer */
	parses_as("1969-12-31", NULL);
	parses_as("2026-09-10T08:20:00+02:00", "2026-09-10T06:20:00Z");
	parses_as("2026-09-10T08:20:00-23:59", "2026-09-11T08:19:00Z");
	parses_as("2026-09-10T08:20:00+99:99", NULL);
	parses_as("2026-09-10T08:20:00+24:00", NULL);
	parses_as("2026-09-10T08:20:00+02:60", NULL);
	parses_as("2026-09-10T24:00:00Z", NULL);
	parses_as("2026-02-30T08:20:00Z", NULL);
	parses_as("2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z");	/* a dashboard's leap second */
	ok(parse_user_date("2026-02-30", 1788000000, &t, &is_day) == USER_DATE_NO_DAY,
	   "a user's 2026-02-30 is rejected, not read as 03-02");
	ok(parse_user_date("2026-02-30T08:00:00Z", 1788000000, &t, &is_day) == USER_DATE_NO_DAY,
	   "so is a time on that day, as no day");
	ok(parse_user_date("2026-02-30T25:00:00Z", 1788000000, &t, &is_day) == USER_DATE_UNKNOWN,
	   "a time not of the form on that day is not understood");
	ok(parse_user_date("2026-09-10T08:20:60Z", 1788000000, &t, &is_day) == USER_DATE_NO_SECOND,
	   "a user's second 60 is rejected");
	ok(parse_user_date("2026-09-10T25:20:00Z", 1788000000, &t, &is_day) == USER_DATE_UNKNOWN,
	   "hour 25 is not understood");
	ok(!parse_user_date("3 days ago", 1788000000, &t, &is_day) && is_day,
	   "relative days still parse");
	ok(!parse_user_date("\t2026-09-10 ", 1788000000, &t, &is_day) && is_day && t == 1788998400,
	   "blanks around a day are ignored");
	ok(!parse_user_date(" 2026-09-10T08:20:00Z\n", 1788000000, &t, &is_day) && !is_day,
	   "blanks around a time are ignored, and it is no day");
	ok(parse_user_date("+3 days ago", 1788000000, &t, &is_day) == USER_DATE_UNKNOWN &&
	   parse_user_date("3 days ago x", 1788000000, &t, &is_day) == USER_DATE_UNKNOWN,
	   "N is digits, and nothing after \"ago\"");
	ok(parse_user_date("100000 days ago", 1788000000, &t, &is_day) == USER_DATE_TOO_FAR,
	   "100000 days ago is out of range, no typo");
	ok(!parse_user_date("20694 days ago", 1788000000, &t, &is_day) && t == 0,
	   "N days ago reaches 1970-01-01");
	ok(parse_user_date("20695 days ago", 1788000000, &t, &is_day) == USER_DATE_TOO_FAR,
	   "but not the day before");
	ok(parse_user_date("yesterday", 43200, &t, &is_day) == USER_DATE_TOO_FAR,
	   "nor does yesterday on 1970-01-01");
	ok(parse_user_date("1969-12-31", 1788000000, &t, &is_day) == USER_DATE_TOO_FAR &&
	   parse_user_date("1970-01-01T00:30:00+01:00", 1788000000, &t, &is_day) == USER_DATE_TOO_FAR,
	   "a day or a time before 1970 is too far back, not a typo");
	is_str(format_range_start(buf, 1788998400), "2026-09-10", "a range from midnight starts on its day");
	is_str(format_range_start(buf, 1788998401), "2026-09-10T00:00:01Z", "else at its time");
	is_str(format_range_end(buf, 1788998400), "2026-09-09", "a range to midnight ends with the day before");
	is_str(format_range_end(buf, 1788998401), "2026-09-10T00:00:00Z", "else with its last second");
	return done_testing();
}
