#ifndef REPORT_BISECT_REPORT_H
#define REPORT_BISECT_REPORT_H

#include "bisect/bisect-run.h"
#include "bisect/run-log.h"
#include "report/report-options.h"

/*
 * The results of `git benchbisect run` and `log` and their tables of
 * formats (report-options.h): --json picks the printer, log's --svg the
 * chart.
 */

/* What `run` found. Formats: text, json. */
struct bisect_report {
	const struct bisect_result *res;
};

DECLARE_REPORT_OPS(bisect_report);

/*
 * The recorded runs `log` collected, and the key its chart draws (NULL:
 * the one with the most values). Formats: text, json, svg.
 */
struct run_log_report {
	const struct run_log *log;
	const char *key;
};

DECLARE_REPORT_OPS(run_log_report);

/* The keys with recorded runs (log --keys). Formats: text. */
struct run_log_keys_report {
	const struct run_log_keys *keys;
};

DECLARE_REPORT_OPS(run_log_keys_report);

#endif
