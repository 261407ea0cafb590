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

#endif
