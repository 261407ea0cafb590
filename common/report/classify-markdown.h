#ifndef REPORT_CLASSIFY_MARKDOWN_H
#define REPORT_CLASSIFY_MARKDOWN_H

#include <stdio.h>
#include "classify/classify.h"

/*
 * git-benchbisect --format=markdown: the verdict (cause, culprit, ends,
 * speedups) and the evidence as lists, the series table, the candidates
 * and the window's commits with the slice marked, commits linked when
 * remote.origin.url in cfg is on GitHub. Untrusted strings are
 * escaped (report/window-markdown.h).
 */
void classify_markdown(FILE *fp, const struct classify_result *r, const struct window *w,
		       const struct window_options *wo, struct config *cfg);

/* The same report under a heading of level 1-6, commits linked to link_base (NULL: none). */
void classify_markdown_report(FILE *fp, const struct classify_result *r, const struct window *w,
			      const struct window_options *wo, const char *link_base, int level);

#endif
