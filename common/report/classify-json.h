#ifndef REPORT_CLASSIFY_JSON_H
#define REPORT_CLASSIFY_JSON_H

#include "util/json.h"
#include "classify/classify.h"

/* git-benchbisect --json's object (the man page describes it); the caller owns it. */
cJSON *classify_json(const struct classify_result *r, const struct window *w,
		     const struct window_options *wo);

#endif
