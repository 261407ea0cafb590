#ifndef REPORT_CLASSIFY_SCAN_JSON_H
#define REPORT_CLASSIFY_SCAN_JSON_H

#include "util/json.h"
#include "classify/classify-scan.h"

/*
 * {"since", "until", "platforms": [...], "steps": [<the single query's
 * object>...]}. The caller owns the result.
 */
cJSON *classify_scan_json(const struct classify_scan *cs);

#endif
