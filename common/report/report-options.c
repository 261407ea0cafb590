#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/usage.h"
#include "report/report-options.h"

int report_svg_check(const char *path)
{
	if (!*path)
		return error("--svg needs a file name");
	/* The report takes standard output: "-" is no place for the chart. */
	if (!strcmp(path, "-"))
		return error("--svg writes a file beside the report on standard output, not '-' (./- names a file '-')");
	return 0;
}

int report_options_check(struct report_options *r, int json)
{
	if (!r->format || !strcmp(r->format, "text"))
		r->markdown = 0;
	else if (!strcmp(r->format, "markdown"))
		r->markdown = 1;
	else
		return error("unknown --format '%s': use 'text' or 'markdown'", r->format);
	if (r->markdown && json)
		return error("--format=markdown and --json cannot be combined");
	if (r->svg && report_svg_check(r->svg))
		return -1;
	r->kind = json ? REPORT_JSON : r->markdown ? REPORT_MARKDOWN : REPORT_TEXT;
	return 0;
}

FILE *report_file_open(const char *path)
{
	FILE *fp = fopen(path, "w");

	if (!fp)
		error("cannot write '%s': %s", path, strerror(errno));
	return fp;
}

int report_file_close(FILE *fp, const char *path, int drawn)
{
	int failed;

	if (drawn < 0) {
		fclose(fp);
		unlink(path);	/* no empty chart left behind */
		return -1;
	}
	failed = ferror(fp);
	if (fclose(fp) || failed)
		return error("cannot write '%s': %s", path, strerror(errno));
	return 0;
}
