#include <stdio.h>
#include <stdlib.h>
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
