#ifndef REPORT_OPTIONS_H
#define REPORT_OPTIONS_H

#include <stdio.h>
#include "util/parse-options.h"

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

/*
 * Each result has one table of formats, in the manner of tig's struct
 * view_ops: a struct <result>_report_ops whose text, json and markdown
 * print the result on stdout and whose svg writes its chart to a file,
 * each returning 0, or -1 with an error printed. A member is NULL where
 * the result has no such format (the command does not offer it).
 * REPORT_OP() is the printer of format f in the table ops.
 */
#define REPORT_OP(ops, f) \
	((f) == REPORT_JSON ? (ops)->json : (f) == REPORT_MARKDOWN ? (ops)->markdown : (ops)->text)

/*
 * DECLARE_REPORT_OPS(window_report) declares the table of struct
 * window_report: struct window_report_ops, its one instance
 * window_report_ops (defined by the printers' file), and
 * window_report_print(r, f), which prints r in format f through it
 * (DEFINE_REPORT_PRINT(window_report) defines it).
 */
#define DECLARE_REPORT_OPS(result) \
	struct result##_ops { \
		int (*text)(const struct result *r); \
		int (*json)(const struct result *r); \
		int (*markdown)(const struct result *r); \
		int (*svg)(const struct result *r, const char *path); \
	}; \
	extern const struct result##_ops result##_ops; \
	int result##_print(const struct result *r, enum report_format f)

#define DEFINE_REPORT_PRINT(result) \
	int result##_print(const struct result *r, enum report_format f) \
	{ \
		return REPORT_OP(&result##_ops, f)(r); \
	}

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

/* --svg's file: 0, or -1 with an error for an empty name or "-". */
int report_svg_check(const char *path);

/*
 * A chart's file: report_file_open() opens path for writing (NULL with an
 * error naming it); report_file_close() closes it, removing it when the
 * printer found nothing to draw (drawn < 0), and returns 0, or -1 with an
 * error.
 */
FILE *report_file_open(const char *path);
int report_file_close(FILE *fp, const char *path, int drawn);

#endif
