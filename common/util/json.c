#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/term-escape.h"
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

int json_text_needs_replacing(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; ) {
		size_t n = utf8_len(p, SIZE_MAX);

		if (!n)
			return 1;
		p += n;
	}
	return 0;
}

char *json_valid_utf8(const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	for (const unsigned char *p = (const unsigned char *)s; *p; ) {
		size_t n = utf8_len(p, SIZE_MAX);

		if (n)
			strbuf_add(&sb, p, n);
		else
			strbuf_addstr(&sb, "\xef\xbf\xbd");	/* U+FFFD */
		p += n ? n : 1;
	}
	return strbuf_detach(&sb, NULL);
}

int json_print_and_free(cJSON *item)
{
	char *text = cJSON_Print(item);

	cJSON_Delete(item);
	if (!text)
		return error("cannot format the JSON output");
	if (json_text_needs_replacing(text)) {
		char *valid = json_valid_utf8(text);

		puts(valid);
		free(valid);
	} else {
		puts(text);
	}
	cJSON_free(text);
	return 0;
}
