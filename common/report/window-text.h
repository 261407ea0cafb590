#ifndef REPORT_WINDOW_TEXT_H
#define REPORT_WINDOW_TEXT_H

#include <stdio.h>
#include "history/window.h"

struct window_print_options {
	int color;		/* emit colour codes */
	int utf8;		/* Unicode blocks for the sparkline, else ASCII */
	int only_slice;		/* list only the commits in the slice */
	int abbrev;		/* hex digits of every hash (window_abbrev_len()); 0: 8 */
	git_repository *repo;	/* expands the dashboard's short shas; may be NULL */
};

/* The human report of git-benchwindow on fp: sparkline, series table, step, commits. */
void window_print(FILE *fp, const struct window *w, const struct window_print_options *po);

/* One part of it, shared with git-benchbisect: the sparkline line and the series table. */
void window_print_series(FILE *fp, const struct window *w, const struct window_print_options *po);

/* "last good: <sha> (run <id>, <date>)" and the first bad line. */
void window_print_ends(FILE *fp, const struct window *w, const struct window_print_options *po);

/* "<short sha> <day> <subject>" with the slice marker. */
void window_print_commit(FILE *fp, const struct window_commit *c, const struct window_print_options *po);

/* Kernel names from the dashboard, escaped for a terminal, joined by ", ". */
void window_print_names(FILE *fp, const char **names, size_t nr);

#endif
