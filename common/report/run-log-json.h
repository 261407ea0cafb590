#ifndef REPORT_RUN_LOG_JSON_H
#define REPORT_RUN_LOG_JSON_H

#include "util/json.h"
#include "bisect/run-log.h"

/* The --json document of `git benchbisect log` (the man page describes it); the caller owns it. */
cJSON *run_log_json(const struct run_log *log);

#endif
