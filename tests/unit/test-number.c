#include <math.h>
#include <stdio.h>
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
	ok(isnan(number_tidy(NAN, 1)), "NAN is kept");
	ok(isinf(number_tidy(-INFINITY, 1)) && number_tidy(-INFINITY, 1) < 0, "-inf is kept");
	ok(number_tidy(-1e300, 2) == -1e300, "a number too long to print whole is kept");
	return done_testing();
}
