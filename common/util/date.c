#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"

static int read_digits(const char **p, int n, int *out)
{
	int v = 0;

	for (int i = 0; i < n; i++) {
		if (!isdigit((unsigned char)(*p)[i]))
			return -1;
		v = v * 10 + ((*p)[i] - '0');
	}
	*p += n;
	*out = v;
	return 0;
}

static int days_in_month(int y, int m)
{
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return days[m - 1] + (m == 2 && leap);
}

/*
 * timegm() for a valid day (parse_day_part() checked it) at hh:mm:ss,
 * by arithmetic: glibc's timegm() costs about a thousand instructions,
 * and a dashboard load converts one date per history entry. Days since
 * the epoch from the civil date, with March as the first month of the
 * year so that the leap day is the year's last (H. Hinnant's method).
 */
static time_t utc_seconds(const struct tm *tm)
{
	long y = tm->tm_year + 1900L - (tm->tm_mon < 2);
	long m = tm->tm_mon + 1, era = y / 400;	/* y >= 1969: no negative eras */
	long yoe = y - era * 400;
	long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + tm->tm_mday - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	long days = era * 146097 + doe - 719468;

	return (time_t)days * 86400 + tm->tm_hour * 3600 + tm->tm_min * 60 + tm->tm_sec;
}

/*
 * A real day only: 2026-02-30 is an error, not 2026-03-02, and nothing
 * before the epoch (no run is that old; "0224" would not format back).
 * Returns -1 when *p does not begin YYYY-MM-DD, USER_DATE_NO_DAY when
 * the calendar has no such day, USER_DATE_TOO_FAR for a day before 1970
 * (*p past it all the same).
 */
static int parse_day_part(const char **p, struct tm *tm)
{
	int y, m, d;

	if (read_digits(p, 4, &y) || *(*p)++ != '-' || read_digits(p, 2, &m) ||
	    *(*p)++ != '-' || read_digits(p, 2, &d))
		return -1;
	if (m < 1 || m > 12 || d < 1 || d > days_in_month(y, m))
		return USER_DATE_NO_DAY;
	if (y < 1970)
		return USER_DATE_TOO_FAR;
	memset(tm, 0, sizeof(*tm));
	tm->tm_year = y - 1900;
	tm->tm_mon = m - 1;
	tm->tm_mday = d;
	return 0;
}

/*
 * parse_iso_time(), with the second as written into *second (60: a leap
 * second); USER_DATE_NO_DAY for a time of that form on a day that the
 * calendar lacks, USER_DATE_TOO_FAR on a day before 1970.
 */
static int parse_time(const char *s, time_t *out, int *second)
{
	struct tm tm;
	const char *p = s;
	int hh, mm, ss = 0, offset = 0, day;

	if (!s || (day = parse_day_part(&p, &tm)) == -1)
		return -1;
	if (!*p) {
		if (day)
			return day;
		*out = utc_seconds(&tm);
		*second = 0;
		return 0;
	}
	if ((*p != 'T' && *p != ' ') || (p++, read_digits(&p, 2, &hh)) || *p++ != ':' ||
	    read_digits(&p, 2, &mm))
		return -1;
	if (*p == ':' && (p++, read_digits(&p, 2, &ss)))
		return -1;
	if (*p == '.')
		for (p++; isdigit((unsigned char)*p); p++)
			;
	if (*p == 'Z' || *p == 'z') {
		p++;
	} else if (*p == '+' || *p == '-') {
		int sign = *p++ == '-' ? -1 : 1, oh, om = 0;

		if (read_digits(&p, 2, &oh))
			return -1;
		if (*p == ':')
			p++;
		if (*p && read_digits(&p, 2, &om))
			return -1;
		if (oh > 23 || om > 59)
			return -1;	/* +99:99 is no offset */
		offset = sign * (oh * 3600 + om * 60);
	}
	if (*p || hh > 23 || mm > 59 || ss > 60)
		return -1;
	if (day)
		return day;
	tm.tm_hour = hh;
	tm.tm_min = mm;
	tm.tm_sec = ss;
	*out = utc_seconds(&tm) - offset;
	*second = ss;
	return 0;
}

int parse_iso_time(const char *s, time_t *out)
{
	int second;

	return parse_time(s, out, &second) ? -1 : 0;
}

/* parse_user_date() of s, with no blanks around it */
static int parse_trimmed_date(const char *s, time_t now, time_t *out, int *is_day)
{
	time_t today = now - now % DAY_SECONDS;
	char *end;
	long n;
	int second, ret;

	*is_day = 1;
	if (!strcmp(s, "today")) {
		*out = today;
		return 0;
	}
	if (!strcmp(s, "yesterday")) {
		*out = today - DAY_SECONDS;
		return 0;
	}
	/* N is digits: strtol() would also take blanks and a sign before them */
	n = isdigit((unsigned char)*s) ? strtol(s, &end, 10) : -1;
	if (n >= 0 &&
	    (!strcmp(end, " days ago") || !strcmp(end, " day ago") || !strcmp(end, ".days.ago"))) {
		/* compared in days: n * DAY_SECONDS could overflow (strtol() gives LONG_MAX) */
		if (n > today / DAY_SECONDS)
			return USER_DATE_TOO_FAR;
		*out = today - n * DAY_SECONDS;
		return 0;
	}
	ret = parse_time(s, out, &second);
	if (ret)
		return ret == USER_DATE_NO_DAY || ret == USER_DATE_TOO_FAR ? ret : USER_DATE_UNKNOWN;
	if (second == 60)
		return USER_DATE_NO_SECOND;
	*is_day = strlen(s) == 10;
	return 0;
}

int parse_user_date(const char *s, time_t now, time_t *out, int *is_day)
{
	size_t len;
	char *trimmed;
	int ret;

	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	trimmed = xstrndup(s, len);
	ret = parse_trimmed_date(trimmed, now, out, is_day);
	free(trimmed);
	/* yesterday by a clock pinned on 1970-01-01, or a time of its first hour at +01:00 */
	if (!ret && *out < 0)
		return USER_DATE_TOO_FAR;
	return ret;
}

char *format_iso_time(char buf[32], time_t t)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

char *format_day(char buf[16], time_t t)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, 16, "%Y-%m-%d", &tm);
	return buf;
}

char *format_range_start(char buf[32], time_t from)
{
	return from % DAY_SECONDS ? format_iso_time(buf, from) : format_day(buf, from);
}

char *format_range_end(char buf[32], time_t to)
{
	return to % DAY_SECONDS ? format_iso_time(buf, to - 1) : format_day(buf, to - 1);
}

void date_span(time_t day, int span_days, time_t *from, time_t *to)
{
	*from = day - (time_t)span_days * DAY_SECONDS;
	*to = day + (time_t)(span_days + 1) * DAY_SECONDS;
}
