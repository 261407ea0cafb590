#include <stdio.h>
#include "util/color.h"
#include "util/json.h"
#include "report/classify-text.h"
#include "report/classify-json.h"
#include "report/classify-markdown.h"
#include "report/classify-scan-text.h"
#include "report/classify-scan-json.h"
#include "report/classify-scan-markdown.h"
#include "report/window-svg.h"
#include "report/classify-report.h"

static int classify_text(const struct classify_report *r)
{
	classify_print(stdout, r->res, r->w, r->wo, want_color(r->color, r->cfg));
	return 0;
}

static int classify_json_print(const struct classify_report *r)
{
	return json_print_and_free(classify_json(r->res, r->w, r->wo));
}

static int classify_markdown_print(const struct classify_report *r)
{
	classify_markdown(stdout, r->res, r->w, r->wo, r->cfg);
	return 0;
}

static int classify_svg_file(const struct classify_report *r, const char *path)
{
	return window_svg_write(path, r->w, cause_titles[r->res->cause]);
}

const struct classify_report_ops classify_report_ops = {
	.text = classify_text,
	.json = classify_json_print,
	.markdown = classify_markdown_print,
	.svg = classify_svg_file,
};

DEFINE_REPORT_PRINT(classify_report)

static int classify_scan_text(const struct classify_scan_report *r)
{
	classify_scan_print(stdout, r->cs, want_color(r->color, r->cfg));
	return 0;
}

static int classify_scan_json_print(const struct classify_scan_report *r)
{
	return json_print_and_free(classify_scan_json(r->cs));
}

static int classify_scan_markdown_print(const struct classify_scan_report *r)
{
	classify_scan_markdown(stdout, r->cs, r->cfg);
	return 0;
}

const struct classify_scan_report_ops classify_scan_report_ops = {
	.text = classify_scan_text,
	.json = classify_scan_json_print,
	.markdown = classify_scan_markdown_print,
};

DEFINE_REPORT_PRINT(classify_scan_report)
