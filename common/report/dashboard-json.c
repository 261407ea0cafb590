#include "report/dashboard-json.h"

cJSON *dashboard_names_json(const char **names, size_t nr)
{
	cJSON *a = cJSON_CreateArray();

	for (size_t i = 0; i < nr; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(names[i]));
	return a;
}
