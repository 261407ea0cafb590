#ifndef REPORT_CLASSIFY_TEXT_H
#define REPORT_CLASSIFY_TEXT_H

#include <stdio.h>
#include "classify/classify.h"

/* git-benchbisect's human report on fp (color: emit colour codes). */
void classify_print(FILE *fp, const struct classify_result *r, const struct window *w,
		    const struct window_options *wo, int color);

/*
 * The speedups before and after the move and the true one, as both
 * human reports print them: "before 1.503, after 1.323, true 1.323"
 * then end, an unknown one as dash ("-" in a terminal, "–" in Markdown).
 */
void classify_print_speedups(FILE *fp, const struct classify_result *r, const char *dash,
			     const char *end);

#endif
