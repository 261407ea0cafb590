#ifndef REPORT_DASHBOARD_JSON_H
#define REPORT_DASHBOARD_JSON_H

#include <stddef.h>
#include <cjson/cJSON.h>

/*
 * names (dashboard_names()) as a JSON array of strings, in their order:
 * --list-platforms --json, --list-kernels --json. The caller owns it.
 */
cJSON *dashboard_names_json(const char **names, size_t nr);

#endif
