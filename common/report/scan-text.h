#ifndef REPORT_SCAN_TEXT_H
#define REPORT_SCAN_TEXT_H

#include <stdio.h>
#include "history/scan.h"

/*
 * The scan as a table, newest first: the first bad nightly's date, the
 * platform, the change (for a kernel-list change: the plain geomean's),
 * the score (x the noise), the window's commits and those in the slice
 * ("?" when a nightly's commit is not local), and what moved.
 */
void scan_print(FILE *fp, const struct scan *sc);

/* "2 steps, 1 kernel-list change, 1 undecided": what the scan found, for its first line. */
void scan_print_counts(FILE *fp, const struct scan *sc);

#endif
