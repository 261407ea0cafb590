#ifndef REPORT_WINDOW_REPORT_H
#define REPORT_WINDOW_REPORT_H

#include <git2.h>
#include "util/config.h"
#include "history/window.h"
#include "history/scan.h"
#include "report/report-options.h"

/*
 * git-benchwindow's results and their printers, one per format, in the
 * manner of tig's struct view_ops: the command fills a struct
 * window_report (or scan_report) and --json / --format pick the printer.
 * Each printer writes to stdout and returns 0, or -1 with an error
 * printed.
 */

/* A window and what its printers read besides it. */
struct window_report {
	const struct window *w;
	const struct window_options *o;
	git_repository *repo;	/* expands the dashboard's short shas; may be NULL */
	struct config *cfg;
	int color;		/* --color's mode (auto: color.benchwindow, color.ui) */
	int only_slice;		/* list only the commits in the slice */
};

struct window_report_ops {
	int (*text)(const struct window_report *r);
	int (*json)(const struct window_report *r);
	int (*markdown)(const struct window_report *r);
};

extern const struct window_report_ops window_report_ops;

/* Print r in format f through window_report_ops. */
int window_report_print(const struct window_report *r, enum report_format f);

/* The scan of every platform (--scan) and the configuration its Markdown reads. */
struct scan_report {
	const struct scan *sc;
	struct config *cfg;
};

struct scan_report_ops {
	int (*text)(const struct scan_report *r);
	int (*json)(const struct scan_report *r);
	int (*markdown)(const struct scan_report *r);
};

extern const struct scan_report_ops scan_report_ops;

/* Print r in format f through scan_report_ops. */
int scan_report_print(const struct scan_report *r, enum report_format f);

#endif
