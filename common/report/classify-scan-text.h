#ifndef REPORT_CLASSIFY_SCAN_TEXT_H
#define REPORT_CLASSIFY_SCAN_TEXT_H

#include <stdio.h>
#include "util/strbuf.h"
#include "classify/classify-scan.h"

/* A summary line, then each move's report as a single query prints it, newest first. */
void classify_scan_print(FILE *fp, const struct classify_scan *cs, int color);

/* "<n> platform(s), <since> .. <until>: <summary>", the title the text and Markdown share. */
void classify_scan_title(struct strbuf *sb, const struct classify_scan *cs);

#endif
