#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/suggest.h"

/* The most edits a typo is taken to be: farther names are unrelated. */
#define MAX_TYPO_EDITS 2

size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	/* three rows of the dynamic programme: two back (for swaps), one back, this one */
	size_t *row = xcalloc(3 * (lb + 1), sizeof(*row));
	size_t *back2 = row, *back = row + lb + 1, *cur = row + 2 * (lb + 1), d;

	for (size_t j = 0; j <= lb; j++)
		back[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t sub = back[j - 1] + (a[i - 1] != b[j - 1]);
			size_t del = back[j] + 1, ins = cur[j - 1] + 1;

			d = sub < del ? sub : del;
			d = d < ins ? d : ins;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    back2[j - 2] + 1 < d)
				d = back2[j - 2] + 1;
			cur[j] = d;
		}
		/* rotate: this row becomes the one back, the one back two back */
		{
			size_t *t = back2;

			back2 = back;
			back = cur;
			cur = t;
		}
	}
	d = back[lb];
	free(row);
	return d;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void advise_did_you_mean(const char *typed, const char *const *candidates, size_t nr,
			 const char *prefix)
{
	size_t best = MAX_TYPO_EDITS + 1, len = strlen(typed), nr_near = 0;
	const char **near = xcalloc(nr + 1, sizeof(*near));
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < nr; i++) {
		size_t lc = strlen(candidates[i]), d;

		/* the difference in length alone is a lower bound of the distance */
		if ((lc > len ? lc - len : len - lc) > best)
			continue;
		/* a name in the wrong case (B200) is one slip, whatever its letters */
		if (!strcasecmp(typed, candidates[i]))
			d = !!strcmp(typed, candidates[i]);
		else
			d = edit_distance(typed, candidates[i]);
		if (d < best)
			nr_near = 0, best = d;
		if (d == best)
			near[nr_near++] = candidates[i];
	}
	if (best && best <= MAX_TYPO_EDITS && 2 * best < len) {
		/* a dashboard repeats a platform once per kernel: each name once, sorted */
		qsort(near, nr_near, sizeof(*near), cmp_str);
		for (size_t i = 0; i < nr_near; i++) {
			if (i && !strcmp(near[i], near[i - 1]))
				continue;
			strbuf_addf(&sb, "%s'%s%s'", sb.len ? " or " : "", prefix, near[i]);
		}
		advise("did you mean %s?", sb.buf);
	}
	strbuf_release(&sb);
	free(near);
}
