#ifndef UTIL_NUMBER_H
#define UTIL_NUMBER_H

/*
 * A number about to be printed at a fixed number of decimals ("%.1f",
 * "%+.1f%%", a JSON number rounded so): 0 when it rounds to zero there,
 * so that a tiny negative one (a change of -0.00004%) prints "0.0" or
 * "+0.0", never "-0.0"; else v itself, unrounded (rounding twice would
 * move the last digit). NAN and the infinities are kept. decimals: 0..20.
 */
double number_tidy(double v, int decimals);

/*
 * A probability p as a percentage in buf: 100 p in printf's conversion
 * conv ('f' or 'g') at precision digits, or at as many more as it takes
 * for a p under 1 not to read 100, nor one above 0 to read 0 (99.9998%
 * is never "100.0%", 0.0002% never "0.0%"). Returns buf.
 */
#define NUMBER_PCT_SIZE 32
const char *number_pct(char buf[NUMBER_PCT_SIZE], double p, char conv, int digits);

/*
 * v in buf at digits significant digits, as printf's "%.*g" (or "%+.*g"
 * when plus) rounds it and drops trailing zeros, but never in exponent
 * notation: 1000 at 3 digits is "1000", not "1e+03"; 0.0000123 is
 * "0.0000123". For percentages read by people. NAN and the infinities as
 * "%g" prints them. Returns buf.
 */
#define NUMBER_FIXED_SIZE 400	/* DBL_MAX whole, or the least normal double at 17 digits */
const char *number_fixed(char buf[NUMBER_FIXED_SIZE], double v, int digits, int plus);

/*
 * s as a decimal number, whole, as a user types one in an option or a
 * configuration value: an optional sign, digits with at most one '.'
 * (at least one digit), an optional exponent ('e' or 'E', an optional
 * sign, digits), nothing else. strtod() alone takes more: hex ("0x10"
 * reads 16), blanks before it, inf and nan. Returns 0 with *out set, or
 * -1 for anything else or a number out of a double's range.
 */
int number_parse_decimal(const char *s, double *out);

#endif
