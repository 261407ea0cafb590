#ifndef REPORT_CLASSIFY_TEXT_H
#define REPORT_CLASSIFY_TEXT_H

#include <stdio.h>
#include "classify/classify.h"

/* git-benchbisect's human report on fp (color: emit colour codes). */
void classify_print(FILE *fp, const struct classify_result *r, const struct window *w,
		    const struct window_options *wo, int color);

#endif
