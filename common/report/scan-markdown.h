#ifndef REPORT_SCAN_MARKDOWN_H
#define REPORT_SCAN_MARKDOWN_H

#include <stdio.h>
#include "util/config.h"
#include "util/strbuf.h"
#include "history/scan.h"

/*
 * The scan as GitHub Flavored Markdown, to paste into an issue: a level-3
 * heading with the range and what moved, then one table row per step or
 * kernel-list change (the columns of scan_print()), the window as
 * last good..first bad with links to the commits when the origin remote
 * is on GitHub.
 */
void scan_markdown(FILE *fp, const struct scan *sc, struct config *cfg);

/* A scan row's series, escaped: platform, or platform:kernel for a kernel's own. */
void scan_markdown_series(struct strbuf *sb, const struct series *s);

#endif
