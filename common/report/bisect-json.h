#ifndef REPORT_BISECT_JSON_H
#define REPORT_BISECT_JSON_H

#include "util/json.h"
#include "bisect/bisect-run.h"

/* The --json document of `git benchbisect run` (the man page describes it); the caller owns it. */
cJSON *bisect_result_json(const struct bisect_result *res);

#endif
