#include <string.h>
#include "util/natsort.h"

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Compare the digit runs at *a and *b as numbers and step past them. */
static int cmp_number(const char **a, const char **b)
{
	const char *p = *a, *q = *b;
	size_t lp, lq;
	int diff;

	while (*p == '0' && is_digit(p[1]))
		p++;
	while (*q == '0' && is_digit(q[1]))
		q++;
	for (lp = 0; is_digit(p[lp]); lp++)
		;
	for (lq = 0; is_digit(q[lq]); lq++)
		;
	if (lp != lq)
		return lp < lq ? -1 : 1;
	diff = memcmp(p, q, lp);
	*a = p + lp;
	*b = q + lq;
	return diff;
}

int natcmp(const char *a, const char *b)
{
	const char *p = a, *q = b;

	while (*p && *q) {
		if (is_digit(*p) && is_digit(*q)) {
			int diff = cmp_number(&p, &q);

			if (diff)
				return diff;
			continue;
		}
		if (*p != *q)
			return (unsigned char)*p < (unsigned char)*q ? -1 : 1;
		p++;
		q++;
	}
	if (*p || *q)
		return *p ? 1 : -1;
	return strcmp(a, b);
}

int natcmp_ptr(const void *a, const void *b)
{
	return natcmp(*(const char *const *)a, *(const char *const *)b);
}
