#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/number.h"

double number_tidy(double v, int decimals)
{
	char buf[64];

	/* printf's own rounding decides; a number too long for buf is no zero */
	snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	return strtod(buf, NULL) == 0 ? 0 : v;
}

const char *number_pct(char buf[NUMBER_PCT_SIZE], double p, char conv, int digits)
{
	do
		snprintf(buf, NUMBER_PCT_SIZE, conv == 'f' ? "%.*f" : "%.*g", digits, 100 * p);
	while (((p < 1 && strtod(buf, NULL) >= 100) || (p > 0 && strtod(buf, NULL) <= 0)) && ++digits < 16);
	return buf;
}

const char *number_fixed(char buf[NUMBER_FIXED_SIZE], double v, int digits, int plus)
{
	int decimals;
	size_t len;

	if (!isfinite(v) || v == 0) {
		snprintf(buf, NUMBER_FIXED_SIZE, plus ? "%+.*g" : "%.*g", digits, v);
		return buf;
	}
	/* the exponent as rounded at digits: 9.996 at 3 digits is 10.0, two places before the point */
	snprintf(buf, NUMBER_FIXED_SIZE, "%.*e", digits - 1, v);
	decimals = digits - 1 - atoi(strchr(buf, 'e') + 1);
	if (decimals < 0)
		decimals = 0;
	snprintf(buf, NUMBER_FIXED_SIZE, plus ? "%+.*f" : "%.*f", decimals, v);
	len = strlen(buf);
	while (decimals && buf[len - 1] == '0')
		buf[--len] = '\0';
	if (buf[len - 1] == '.')
		buf[--len] = '\0';
	return buf;
}

/* The digits at *s, past them: how many. */
static size_t skip_digits(const char **s)
{
	const char *start = *s;

	while (isdigit((unsigned char)**s))
		(*s)++;
	return (size_t)(*s - start);
}

int number_parse_decimal(const char *s, double *out)
{
	const char *p = s;
	char *end;
	size_t digits;
	double v;

	if (*p == '+' || *p == '-')
		p++;
	digits = skip_digits(&p);
	if (*p == '.') {
		p++;
		digits += skip_digits(&p);
	}
	if (!digits)
		return -1;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!skip_digits(&p))
			return -1;
	}
	if (*p)
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (end != p || errno || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}
