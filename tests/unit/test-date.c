#include "tap.h"
#include "util/date.h"

static void day_is(const char *s, const char *want)
{
	time_t t;
	char buf[16];
	int ret = parse_iso_time(s, &t);

	if (want)
		is_str(ret ? "(rejected)" : format_day(buf, t), want, s);
	else
		ok(ret == -1, "'%s' is rejected", s);
}

static void time_is(const char *s, const char *want)
{
	time_t t;
	char buf[32];
	int ret = parse_iso_time(s, &t);

	if (want)
		is_str(ret ? "(rejected)" : format_iso_time(buf, t), want, s);
	else
		ok(ret == -1, "'%s' is rejected", s);
}

int main(void)
{
	time_t t;
	int is_day;

	day_is("2026-02-28", "2026-02-28");
	day_is("2024-02-29", "2024-02-29");
	day_is("2000-02-29", "2000-02-29");
	day_is("2026-02-29", NULL);
	day_is("2026-02-30", NULL);
	day_is("2100-02-29", NULL);
	day_is("2026-04-31", NULL);
	day_is("2026-12-31", "2026-12-31");
	day_is("2026-13-01", NULL);
	day_is("0224-02-29", NULL);	/* found by the date fuzzer */
	day_is("1969-12-31", NULL);
	time_is("2026-09-10T08:20:00+02:00", "2026-09-10T06:20:00Z");
	time_is("2026-09-10T08:20:00-23:59", "2026-09-11T08:19:00Z");
	time_is("2026-09-10T08:20:00+99:99", NULL);
	time_is("2026-09-10T08:20:00+24:00", NULL);
	time_is("2026-09-10T08:20:00+02:60", NULL);
	time_is("2026-09-10T24:00:00Z", NULL);
	time_is("2026-02-30T08:20:00Z", NULL);
	ok(parse_user_date("2026-02-30", 1788000000, &t, &is_day) == -1,
	   "a user's 2026-02-30 is rejected, not read as 03-02");
	ok(!parse_user_date("3 days ago", 1788000000, &t, &is_day) && is_day,
	   "relative days still parse");
	return done_testing();
}
