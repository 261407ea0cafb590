#ifndef REPORT_CLASSIFY_REPORT_H
#define REPORT_CLASSIFY_REPORT_H

#include "util/config.h"
#include "history/window.h"
#include "classify/classify.h"
#include "classify/classify-scan.h"
#include "report/report-options.h"

/*
 * git-benchbisect's verdicts and their tables of formats
 * (report-options.h): the classify form fills a struct classify_report
 * (--scan a classify_scan_report), --json / --format pick the printer and
 * --svg the chart.
 */

/*
 * A move's verdict and what its printers read besides it. Formats: text,
 * json, markdown, svg (the window's chart, the cause in its title).
 */
struct classify_report {
	const struct classify_result *res;
	const struct window *w;
	const struct window_options *wo;
	struct config *cfg;
	int color;		/* the colour mode, as color_config() resolved it */
};

DECLARE_REPORT_OPS(classify_report);

/* The verdicts of --scan and what their printers read besides them. Formats: text, json, markdown. */
struct classify_scan_report {
	const struct classify_scan *cs;
	struct config *cfg;
	int color;		/* the colour mode, as color_config() resolved it */
};

DECLARE_REPORT_OPS(classify_scan_report);

#endif
