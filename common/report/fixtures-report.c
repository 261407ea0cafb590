#include <stdio.h>
#include "util/color.h"
#include "report/fixtures-text.h"
#include "report/fixtures-patch.h"
#include "report/fixtures-json.h"
#include "report/fixtures-check-text.h"
#include "report/fixtures-report.h"

static int fixtures_text(const struct fixtures_report *r)
{
	int ret = 0;

	if (r->name_only) {
		int quote_path = r->nul ? 0 : config_quote_path(r->cfg);

		if (quote_path < 0)
			return -1;
		fixture_print_name_only(r->d, r->nul, quote_path);
		return 0;
	}
	if (!r->patch && !r->stat) {
		fixture_print_table(r->d, want_color(r->color, r->cfg));
		return 0;
	}
	if (r->stat)
		ret = fixture_print_stat(r->d);
	if (!ret && r->patch && r->stat)
		putchar('\n');
	if (!ret && r->patch)
		ret = fixture_print_patch(r->d, want_color(r->color, r->cfg));
	return ret;
}

static int fixtures_json(const struct fixtures_report *r)
{
	return fixture_print_json(r->d);
}

const struct fixtures_report_ops fixtures_report_ops = {
	.text = fixtures_text,
	.json = fixtures_json,
};

DEFINE_REPORT_PRINT(fixtures_report)

static int fixture_cases_text(const struct fixture_cases_report *r)
{
	int quote_path = r->nul ? 0 : config_quote_path(r->cfg);

	if (quote_path < 0)
		return -1;
	fixture_print_cases(r->list, r->nul, quote_path);
	return 0;
}

const struct fixture_cases_report_ops fixture_cases_report_ops = {
	.text = fixture_cases_text,
};

DEFINE_REPORT_PRINT(fixture_cases_report)

const struct fixtures_check_report_ops fixtures_check_report_ops = {
	.text = fixture_print_finding,
};

void fixtures_report_hook_installed(const char *path)
{
	printf("installed the pre-push hook '%s'\n", path);
}
