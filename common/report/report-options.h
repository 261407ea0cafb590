#ifndef REPORT_OPTIONS_H
#define REPORT_OPTIONS_H

#include "util/parse-options.h"
#include "history/window.h"

/*
 * The report options git-benchwindow and git-benchbisect share:
 * --format=markdown instead of the terminal report, and --svg <file> to
 * write a chart of the series besides it.
 */
/* What a result prints as on stdout: the terminal report, --json or --format=markdown. */
enum report_format {
	REPORT_TEXT,
	REPORT_JSON,
	REPORT_MARKDOWN,
};

struct report_options {
	const char *format;	/* --format: NULL or "text", "markdown" */
	const char *svg;	/* --svg <file>, or NULL */
	int markdown;		/* set by report_options_check() */
	enum report_format kind;	/* set by report_options_check() */
};

#define OPT_REPORT(r) \
	OPT_STRING(0, "format", &(r)->format, "format", "text, or markdown to paste into an issue"), \
	OPT_STRING(0, "svg", &(r)->svg, "file", "also write a chart of the series to <file>")

/*
 * Validate the options (json: --json was given too). Returns 0, or -1
 * with an error printed: an unknown format, or --format=markdown with
 * --json. The caller shows the usage then.
 */
int report_options_check(struct report_options *r, int json);

/*
 * Write the chart of w to r->svg when it was asked for (verdict: a line
 * for the title, e.g. git-benchbisect's cause, or NULL). Returns 0, or -1
 * with an error naming the file.
 */
int report_write_svg(const struct report_options *r, const struct window *w, const char *verdict);

#endif
