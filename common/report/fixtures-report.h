#ifndef REPORT_FIXTURES_REPORT_H
#define REPORT_FIXTURES_REPORT_H

#include "util/config.h"
#include "corpus/fixtures.h"
#include "corpus/check.h"
#include "report/report-options.h"

/*
 * git-fixture-diff's results and their tables of formats
 * (report-options.h): the comparison (--json picks the printer; the text
 * is the table, --name-only, --stat and/or --patch) and the findings of
 * --check.
 */

/* A comparison and how its text is asked for. Formats: text, json. */
struct fixtures_report {
	const struct fixture_diff *d;
	struct config *cfg;	/* for the colours and core.quotePath */
	int color;		/* the colour mode, as color_config() resolved it */
	int name_only, nul;	/* --name-only, -z */
	int stat, patch;	/* --stat, --patch (either or both: no table) */
};

DECLARE_REPORT_OPS(fixtures_report);

/*
 * The case names at a revision (--list-cases), raw and NUL-terminated
 * with nul (-z). Formats: text.
 */
struct fixture_cases_report {
	const struct fixture_case_list *list;
	struct config *cfg;	/* for core.quotePath */
	int nul;
};

DECLARE_REPORT_OPS(fixture_cases_report);

/*
 * The findings of --check, printed as fixture_check() finds them: text is
 * the callback it takes, each finding a line on the FILE * it is given.
 */
struct fixtures_check_report_ops {
	void (*text)(const struct fixture_finding *f, void *fp);
};

extern const struct fixtures_check_report_ops fixtures_check_report_ops;

/* --install-hook: where the hook went (fixture_install_hook()'s path), on stdout. */
void fixtures_report_hook_installed(const char *path);

#endif
