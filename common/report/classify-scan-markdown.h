#ifndef REPORT_CLASSIFY_SCAN_MARKDOWN_H
#define REPORT_CLASSIFY_SCAN_MARKDOWN_H

#include <stdio.h>
#include "util/config.h"
#include "classify/classify-scan.h"

/* A heading and a summary table, then each move's Markdown report. */
void classify_scan_markdown(FILE *fp, const struct classify_scan *cs, struct config *cfg);

#endif
