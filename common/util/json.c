#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include "util/usage.h"
#include "util/number.h"
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
	return cJSON_CreateNumber(round(number_tidy(v, digits) * scale) / scale);
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

/*
 * The escape json_output_text() writes for the character at p, of n
 * bytes (0: not UTF-8), in buf; NULL when it is kept as it is.
 */
static const char *output_escape(const unsigned char *p, size_t n, char buf[8])
{
	unsigned int cp = p[0] == 0x7f ? 0x7f : n == 2 && p[0] == 0xc2 && p[1] < 0xa0 ? p[1] : 0;

	if (!n)
		return "\xef\xbf\xbd";	/* U+FFFD */
	if (!cp)
		return NULL;
	snprintf(buf, 8, "\\u%04x", cp);
	return buf;
}

int json_text_needs_fixing(const char *s)
{
	char buf[8];

	for (const unsigned char *p = (const unsigned char *)s; *p; ) {
		size_t n = utf8_len(p, SIZE_MAX);

		if (output_escape(p, n, buf))
			return 1;
		p += n;
	}
	return 0;
}

char *json_output_text(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[8];

	for (const unsigned char *p = (const unsigned char *)s; *p; ) {
		size_t n = utf8_len(p, SIZE_MAX);
		const char *esc = output_escape(p, n, buf);

		if (esc)
			strbuf_addstr(&sb, esc);
		else
			strbuf_add(&sb, p, n);
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
	if (json_text_needs_fixing(text)) {
		char *out = json_output_text(text);

		puts(out);
		free(out);
	} else {
		puts(text);
	}
	cJSON_free(text);
	return 0;
}
