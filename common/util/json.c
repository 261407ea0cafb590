#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "util/usage.h"
#include "util/json.h"

void json_library_init(void)
{
	cJSON_Hooks hooks = { .malloc_fn = xmalloc, .free_fn = free };

	cJSON_InitHooks(&hooks);
}

cJSON *json_number(double v, int digits)
{
	double scale = pow(10, digits);

	if (isnan(v) || isinf(v))
		return cJSON_CreateNull();
	return cJSON_CreateNumber(round(v * scale) / scale);
}

cJSON *json_metric(double v)
{
	char buf[32];

	if (isnan(v) || isinf(v))
		return cJSON_CreateNull();
	snprintf(buf, sizeof(buf), "%.6g", v);
	return cJSON_CreateNumber(strtod(buf, NULL));
}

cJSON *json_string_or_null(const char *s)
{
	return s ? cJSON_CreateString(s) : cJSON_CreateNull();
}

int json_print_and_free(cJSON *item)
{
	char *text = cJSON_Print(item);

	cJSON_Delete(item);
	if (!text)
		return error("cannot format the JSON output");
	puts(text);
	cJSON_free(text);
	return 0;
}
