#ifndef DATE_H
#define DATE_H

#include <time.h>

/*
 * Parse an ISO-8601 time ("2026-09-10T08:20:00Z", "...+02:00", fractional
 * seconds allowed) or a plain day "2026-09-10" (00:00 UTC) into *out.
 * Returns 0, or -1 when s is not such a time (no message printed).
 */
int parse_iso_time(const char *s, time_t *out);

/*
 * Parse a user's <date>: a day (YYYY-MM-DD), "today", "yesterday",
 * "N days ago" (relative to now, in UTC days) or an ISO time. *is_day is set
 * when the argument names a whole day; *out is then that day's 00:00 UTC.
 * Returns -1 (no message) when s is none of these.
 */
int parse_user_date(const char *s, time_t now, time_t *out, int *is_day);

/* Format t as "YYYY-MM-DDTHH:MM:SSZ" / "YYYY-MM-DD" in UTC into buf. */
char *format_iso_time(char buf[32], time_t t);
char *format_day(char buf[16], time_t t);

#endif
