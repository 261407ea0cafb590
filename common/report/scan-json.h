#ifndef REPORT_SCAN_JSON_H
#define REPORT_SCAN_JSON_H

#include "util/json.h"
#include "history/scan.h"

/*
 * {"since", "until" (the last day scanned), "platforms": [...],
 *  "steps": [{platform, kind ("step" or "kernel_set"), date, last_date,
 *  last_good, first_bad, step (null for a kernel-list change),
 *  kernel_set_change (null for a step), commits, slice_commits (null
 *  when not counted)}]}. The caller owns the result.
 */
cJSON *scan_json(const struct scan *sc);

/* That object with "steps" empty, for the caller to fill (*steps); the caller owns it. */
cJSON *scan_json_envelope(const struct scan *sc, cJSON **steps);

#endif
