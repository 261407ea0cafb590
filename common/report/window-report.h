#ifndef REPORT_WINDOW_REPORT_H
#define REPORT_WINDOW_REPORT_H

#include <git2.h>
#include "util/config.h"
#include "history/window.h"
#include "history/scan.h"
#include "report/report-options.h"

/*
 * git-benchwindow's results and their tables of formats
 * (report-options.h): the command fills a struct window_report (or
 * scan_report), --json / --format pick the printer and --svg the chart.
 */

/* A window and what its printers read besides it. Formats: text, json, markdown, svg. */
struct window_report {
	const struct window *w;
	const struct window_options *o;
	git_repository *repo;	/* expands the dashboard's short shas; may be NULL */
	struct config *cfg;
	int color;		/* the colour mode, as color_config() resolved it */
	int only_slice;		/* list only the commits in the slice */
};

DECLARE_REPORT_OPS(window_report);

/*
 * The scan of every platform (--scan) and the configuration its Markdown
 * reads. Formats: text, json, markdown.
 */
struct scan_report {
	const struct scan *sc;
	struct config *cfg;
};

DECLARE_REPORT_OPS(scan_report);

/*
 * The dashboard's names (dashboard_names()): --list-platforms,
 * --list-kernels; or the days of a platform's moves (scan_move_days()):
 * --list-dates. Formats: text, json.
 */
struct names_report {
	const char **names;
	size_t nr;
};

DECLARE_REPORT_OPS(names_report);

#endif
