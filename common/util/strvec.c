#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strvec.h"

void strvec_init(struct strvec *sv)
{
	sv->v = NULL;
	sv->nr = sv->alloc = 0;
}

const char *strvec_push(struct strvec *sv, const char *s)
{
	ALLOC_GROW(sv->v, sv->nr + 2, sv->alloc);
	sv->v[sv->nr++] = xstrdup(s);
	sv->v[sv->nr] = NULL;
	return sv->v[sv->nr - 1];
}

void strvec_split(struct strvec *sv, const char *s, int sep)
{
	while (*s) {
		const char *end = strchr(s, sep);
		size_t len = end ? (size_t)(end - s) : strlen(s);

		if (len) {
			char *item = xstrndup(s, len);

			strvec_push(sv, item);
			free(item);
		}
		s += len;
		if (*s)
			s++;
	}
}

void strvec_clear(struct strvec *sv)
{
	for (size_t i = 0; i < sv->nr; i++)
		free(sv->v[i]);
	free(sv->v);
	strvec_init(sv);
}
