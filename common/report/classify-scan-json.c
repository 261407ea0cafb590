#include "report/scan-json.h"
#include "report/classify-json.h"
#include "report/classify-scan-json.h"

cJSON *classify_scan_json(const struct classify_scan *cs)
{
	cJSON *steps, *root = scan_json_envelope(&cs->scan, &steps);

	for (size_t i = 0; i < cs->nr; i++)
		cJSON_AddItemToArray(steps, classify_json(&cs->steps[i].res, &cs->steps[i].w,
							  &cs->steps[i].wo));
	return root;
}
