#include <stdio.h>
#include "util/color.h"
#include "util/json.h"
#include "util/revision.h"
#include "report/window-text.h"
#include "report/window-json.h"
#include "report/window-markdown.h"
#include "report/window-svg.h"
#include "report/scan-text.h"
#include "report/scan-json.h"
#include "report/scan-markdown.h"
#include "report/dashboard-text.h"
#include "report/dashboard-json.h"
#include "report/window-report.h"

static int window_text(const struct window_report *r)
{
	struct window_print_options po = { 0 };

	po.color = want_color(r->color, r->cfg);
	/* 8 hex digits line up with the dashboard's sha, unless core.abbrev says. */
	po.abbrev = revision_abbrev_len(r->cfg, 8);
	if (po.abbrev < 0)
		return -1;
	po.abbrev = window_abbrev_len(r->w, r->repo, po.abbrev);
	po.repo = r->repo;
	po.utf8 = locale_is_utf8();
	po.only_slice = r->only_slice;
	window_print(stdout, r->w, &po);
	return 0;
}

static int window_json_print(const struct window_report *r)
{
	return json_print_and_free(window_json(r->w, r->o, r->only_slice));
}

static int window_markdown_print(const struct window_report *r)
{
	window_markdown(stdout, r->w, r->cfg, r->only_slice);
	return 0;
}

static int window_svg_file(const struct window_report *r, const char *path)
{
	return window_svg_write(path, r->w, NULL);
}

const struct window_report_ops window_report_ops = {
	.text = window_text,
	.json = window_json_print,
	.markdown = window_markdown_print,
	.svg = window_svg_file,
};

DEFINE_REPORT_PRINT(window_report)

static int scan_text(const struct scan_report *r)
{
	scan_print(stdout, r->sc);
	return 0;
}

static int scan_json_print(const struct scan_report *r)
{
	return json_print_and_free(scan_json(r->sc));
}

static int scan_markdown_print(const struct scan_report *r)
{
	scan_markdown(stdout, r->sc, r->cfg);
	return 0;
}

const struct scan_report_ops scan_report_ops = {
	.text = scan_text,
	.json = scan_json_print,
	.markdown = scan_markdown_print,
};

DEFINE_REPORT_PRINT(scan_report)

static int names_text(const struct names_report *r)
{
	dashboard_print_names(stdout, r->names, r->nr);
	return 0;
}

static int names_json(const struct names_report *r)
{
	return json_print_and_free(dashboard_names_json(r->names, r->nr));
}

const struct names_report_ops names_report_ops = {
	.text = names_text,
	.json = names_json,
};

DEFINE_REPORT_PRINT(names_report)
