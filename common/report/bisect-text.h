#ifndef REPORT_BISECT_TEXT_H
#define REPORT_BISECT_TEXT_H

#include <stdio.h>
#include "bisect/bisect-run.h"

/* The text result ("first bad commit: ..." and the runs it took). */
void bisect_result_print(FILE *fp, const struct bisect_result *res);

#endif
