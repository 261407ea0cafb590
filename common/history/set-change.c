#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "history/set-change.h"

void series_set_change_at(const struct series *s, size_t index, struct kernel_set_change *out)
{
	const double *before = s->helion_by_row + (index - 1) * s->nr_rows;
	const double *now = s->helion_by_row + index * s->nr_rows;
	struct pair_move pm;

	memset(out, 0, sizeof(*out));
	out->index = index;
	out->gone = xcalloc(s->nr_rows + 1, sizeof(*out->gone));
	out->added = xcalloc(s->nr_rows + 1, sizeof(*out->added));
	for (size_t r = 0; r < s->nr_rows; r++) {
		int was = before[r] > 0, is = now[r] > 0;

		if (was && !is)
			out->gone[out->nr_gone++] = s->kernel_names[r];
		else if (is && !was)
			out->added[out->nr_added++] = s->kernel_names[r];
	}
	series_pair_move(s, index - 1, index, &pm);
	out->plain_change_pct = pm.plain_pct;
	out->common_change_pct = pm.common_pct;
}

void series_find_set_change(const struct series *s, time_t date, int span_days,
			    struct kernel_set_change *out)
{
	time_t from, to;
	size_t best = 0;
	time_t best_off = 0;

	memset(out, 0, sizeof(*out));
	if (!s->helion_by_row)
		return;
	date_span(date, span_days, &from, &to);
	for (size_t i = 1; i < s->nr; i++) {
		time_t t = s->points[i].run->time, off = t > date ? t - date : date - t;

		if (t < from || t >= to || !s->points[i].kernel_set_changed)
			continue;
		if (!best || off < best_off) {
			best = i;
			best_off = off;
		}
	}
	if (best)
		series_set_change_at(s, best, out);
}

void kernel_set_change_release(struct kernel_set_change *c)
{
	free(c->gone);
	free(c->added);
	memset(c, 0, sizeof(*c));
}
