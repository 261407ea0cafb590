#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "util/number.h"

/* What v prints as through fmt (one double) after number_tidy(v, decimals). */
static void prints(const char *fmt, double v, int decimals, const char *want)
{
	char buf[64], name[96];

	snprintf(buf, sizeof(buf), fmt, number_tidy(v, decimals));
	snprintf(name, sizeof(name), "%s of %g prints %s", fmt, v, want);
	is_str(buf, want, name);
}

/* What p prints as through number_pct(). */
static void pct(double p, char conv, int digits, const char *want)
{
	char buf[NUMBER_PCT_SIZE], name[96];

	snprintf(name, sizeof(name), "%g as a percentage (%c, %d) prints %s", p, conv, digits, want);
	is_str(number_pct(buf, p, conv, digits), want, name);
}

/* s as number_parse_decimal() reads it: want, or refused (NAN). */
static void decimal(const char *s, double want)
{
	double v = -1;
	int ret = number_parse_decimal(s, &v);

	if (isnan(want))
		ok(ret == -1 && v == -1, "'%s' is no decimal number", s);
	else
		ok(!ret && v == want, "'%s' reads %g", s, want);
}

/* What v prints as through number_fixed(). */
static void fixed(double v, int digits, int plus, const char *want)
{
	char buf[NUMBER_FIXED_SIZE], name[96];

	snprintf(name, sizeof(name), "%g at %d digits%s prints %s", v, digits, plus ? " (+)" : "", want);
	is_str(number_fixed(buf, v, digits, plus), want, name);
}

int main(void)
{
	prints("%+.1f%%", -0.00004, 1, "+0.0%");
	prints("%.1f", -0.04, 1, "0.0");
	prints("%.1f", -0.0, 1, "0.0");
	prints("%+.1f%%", -0.05, 1, "-0.1%");
	prints("%+.1f%%", -0.06, 1, "-0.1%");
	prints("%+.1f%%", 0.04, 1, "+0.0%");
	prints("%+.4f", -0.00004, 4, "+0.0000");
	prints("%+.5f", -0.00004, 5, "-0.00004");
	prints("%.0f", -0.4, 0, "0");
	prints("%+.3g%%", -1e-38, 4, "+0%");
	prints("%+.3g%%", -2.5e-3, 4, "-0.0025%");
	pct(0.621, 'f', 1, "62.1");
	pct(0.999998, 'f', 1, "99.9998");
	pct(1, 'f', 1, "100.0");
	pct(0.000002, 'f', 1, "0.0002");
	pct(0.0004, 'f', 1, "0.04");
	pct(0, 'f', 1, "0.0");
	pct(1e-9, 'g', 4, "1e-07");
	ok(isnan(number_tidy(NAN, 1)), "NAN is kept");
	ok(isinf(number_tidy(-INFINITY, 1)) && number_tidy(-INFINITY, 1) < 0, "-inf is kept");
	ok(number_tidy(-1e300, 2) == -1e300, "a number too long to print whole is kept");
	fixed(1000, 3, 0, "1000");
	fixed(1900, 3, 1, "+1900");
	fixed(123456, 3, 0, "123456");
	fixed(2.5, 3, 0, "2.5");
	fixed(2, 3, 0, "2");
	fixed(0.125, 3, 0, "0.125");
	fixed(0.0000123, 3, 0, "0.0000123");
	fixed(9.996, 3, 0, "10");
	fixed(-0.998, 3, 1, "-0.998");
	fixed(0, 3, 1, "+0");
	fixed(16, 3, 0, "16");
	{
		char buf[NUMBER_FIXED_SIZE];

		ok(strlen(number_fixed(buf, -1e308, 3, 1)) == 310, "-1e308 prints whole");
		ok(!strcmp(number_fixed(buf, 2.2250738585072014e-308, 17, 0) + 309, "22250738585072014"),
		   "the least normal double prints at 17 digits");
	}
	decimal("2", 2);
	decimal("-0.5", -0.5);
	decimal("+3.", 3);
	decimal(".25", 0.25);
	decimal("1e1", 10);
	decimal("2.5E-1", 0.25);
	decimal("0x10", NAN);
	decimal("0X1p4", NAN);
	decimal(" 5", NAN);
	decimal("5 ", NAN);
	decimal("", NAN);
	decimal(".", NAN);
	decimal("-", NAN);
	decimal("1e", NAN);
	decimal("1e+", NAN);
	decimal("inf", NAN);
	decimal("nan", NAN);
	decimal("1e999", NAN);
	decimal("1.2.3", NAN);
	return done_testing();
}
