#ifndef REPORT_WINDOW_SVG_H
#define REPORT_WINDOW_SVG_H

#include <stdio.h>
#include "history/window.h"

/*
 * A self-contained SVG chart of the window's nightlies (800 px wide, no
 * script, no external font or image): helion, triton and torch_compile
 * speedup on one axis, helion latency in a second panel, the window
 * between last good and first bad shaded with both labelled, the levels
 * before and after the step, kernel-set changes and manual (not nightly)
 * runs marked, the days on the axis. Its colours follow the viewer's
 * prefers-color-scheme and sit on an opaque background either way.
 * verdict, when not NULL, is added to the title (git-benchbisect's cause).
 * Every string from outside is XML-escaped.
 */
void window_svg(FILE *fp, const struct window *w, const char *verdict);

/* The chart into the file path (--svg); 0, or -1 with an error naming it. */
int window_svg_write(const char *path, const struct window *w, const char *verdict);

#endif
