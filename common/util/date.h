#ifndef UTIL_DATE_H
#define UTIL_DATE_H

#include <time.h>

#define DAY_SECONDS 86400

/*
 * The days around a day: [*from, *to) runs from span_days before the day
 * to the end of span_days after it.
 */
void date_span(time_t day, int span_days, time_t *from, time_t *to);

/*
 * Parse an ISO-8601 time ("2026-09-10T08:20:00Z", "...+02:00", fractional
 * seconds allowed) or a plain day "2026-09-10" (00:00 UTC) into *out.
 * Returns 0, or -1 when s is not such a time (no message printed).
 * Second 60 is taken, as RFC 3339 takes a leap second, and reads as the
 * next minute's first: a dashboard's time is read as its producer wrote
 * it, one second off at worst, rather than failing the load.
 */
int parse_iso_time(const char *s, time_t *out);

/* Why parse_user_date() refused a date, for the caller's message. */
enum user_date_error {
	USER_DATE_UNKNOWN = -1,		/* none of the forms: a typo */
	USER_DATE_NO_DAY = -2,		/* YYYY-MM-DD, alone or in an ISO time, not in the calendar: 2026-02-30 */
	USER_DATE_NO_SECOND = -3,	/* an ISO time at second 60 */
	USER_DATE_TOO_FAR = -4,		/* before 1970-01-01: "N days ago", a day or a time */
};

/*
 * Parse a user's <date>: a day (YYYY-MM-DD), "today", "yesterday",
 * "N days ago" (relative to now, in UTC days) or an ISO time, which must
 * be a valid time (no second 60: a user means no leap second), and none
 * before 1970-01-01. Blanks around s are ignored, as git's dates ignore
 * them; N is digits only.
 * *is_day is set when the argument names a whole day; *out is then that
 * day's 00:00 UTC. Returns 0, or an enum user_date_error (no message).
 */
int parse_user_date(const char *s, time_t now, time_t *out, int *is_day);

/* Format t as "YYYY-MM-DDTHH:MM:SSZ" / "YYYY-MM-DD" in UTC into buf. */
char *format_iso_time(char buf[32], time_t t);
char *format_day(char buf[16], time_t t);

/*
 * The ends of a range of times [from, to) as a reader takes them: a day
 * when the range holds that day whole from there (from at 00:00 UTC; to
 * at 00:00, the day before it), else the full ISO time (from, or the
 * range's last second, to - 1), so that no end claims nightlies the range
 * leaves out.
 */
char *format_range_start(char buf[32], time_t from);
char *format_range_end(char buf[32], time_t to);

#endif
