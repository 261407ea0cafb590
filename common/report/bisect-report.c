#include <stdio.h>
#include "util/json.h"
#include "report/bisect-text.h"
#include "report/bisect-json.h"
#include "report/run-log-text.h"
#include "report/run-log-json.h"
#include "report/run-log-svg.h"
#include "report/bisect-report.h"

static int bisect_text(const struct bisect_report *r)
{
	bisect_result_print(stdout, r->res);
	return 0;
}

static int bisect_json_print(const struct bisect_report *r)
{
	return json_print_and_free(bisect_result_json(r->res));
}

const struct bisect_report_ops bisect_report_ops = {
	.text = bisect_text,
	.json = bisect_json_print,
};

DEFINE_REPORT_PRINT(bisect_report)

static int run_log_text(const struct run_log_report *r)
{
	run_log_print(stdout, r->log);
	return 0;
}

static int run_log_json_print(const struct run_log_report *r)
{
	return json_print_and_free(run_log_json(r->log));
}

static int run_log_svg_file(const struct run_log_report *r, const char *path)
{
	return run_log_svg_write(path, r->log, r->key);
}

const struct run_log_report_ops run_log_report_ops = {
	.text = run_log_text,
	.json = run_log_json_print,
	.svg = run_log_svg_file,
};

DEFINE_REPORT_PRINT(run_log_report)

static int run_log_keys_text(const struct run_log_keys_report *r)
{
	run_log_print_keys(stdout, r->keys);
	return 0;
}

const struct run_log_keys_report_ops run_log_keys_report_ops = {
	.text = run_log_keys_text,
};

DEFINE_REPORT_PRINT(run_log_keys_report)
