#ifndef REPORT_BISECT_JSON_H
#define REPORT_BISECT_JSON_H

#include "util/json.h"
#include "bisect/bisect-run.h"

/* The --json document of `git benchbisect run` (the man page describes it); the caller owns it. */
cJSON *bisect_result_json(const struct bisect_result *res);

/*
 * A recorded noise's fields in o: "noise", "runs", "commits", "strays"
 * and "two_states" (null, or the states' "gap_pct" and "upper_share").
 */
void run_noise_json_add(cJSON *o, const struct run_noise *n);

#endif
