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
