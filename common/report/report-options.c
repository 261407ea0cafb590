#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "util/usage.h"
#include "report/report-options.h"
#include "report/window-svg.h"

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
	if (r->svg && !*r->svg)
		return error("--svg needs a file name");
	r->kind = json ? REPORT_JSON : r->markdown ? REPORT_MARKDOWN : REPORT_TEXT;
	return 0;
}

int report_write_svg(const struct report_options *r, const struct window *w, const char *verdict)
{
	FILE *fp;
	int failed;

	if (!r->svg)
		return 0;
	if (!w->series.nr || w->end_shown <= w->first_shown)
		return error("no nightlies to chart in '%s'", r->svg);
	if (!(fp = fopen(r->svg, "w")))
		return error("cannot write '%s': %s", r->svg, strerror(errno));
	window_svg(fp, w, verdict);
	failed = ferror(fp);
	if (fclose(fp) || failed)
		return error("cannot write '%s': %s", r->svg, strerror(errno));
	return 0;
}
