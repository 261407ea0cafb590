/* A series' values either side of a move: its sides, their medians and the change between them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/date.h"
#include "util/stats.h"
#include "util/usage.h"
#include "history/step.h"
#include "classify/classify-sides.h"

double classify_median_range(const double *v, size_t from, size_t to)
{
	double *tmp;
	size_t n = 0;
	double m;

	/*
	 * A side whose level starts after its window's good end is empty,
	 * not a range that wraps around (to - from + 1 asked for SIZE_MAX
	 * doubles: "out of memory" on causes.py 74705 under --states).
	 */
	if (to <= from)
		return NAN;
	tmp = xcalloc(to - from, sizeof(double));
	for (size_t i = from; i < to; i++)
		if (!isnan(v[i]) && v[i] > 0)
			tmp[n++] = v[i];
	m = n ? stats_median(tmp, n) : NAN;
	free(tmp);
	return m;
}

void classify_step_sides(const struct series *s, size_t good, size_t bad, int span, struct sides *sd)
{
	time_t last_good = s->points[good].run->time;
	size_t unused;

	sd->lo = good;
	while (sd->lo > 0 && last_good - s->points[sd->lo - 1].run->time <= (time_t)span * DAY_SECONDS)
		sd->lo--;
	series_step_range(s, bad, span, &unused, &sd->hi);
	sd->good_end = good + 1;
	sd->bad = bad;
}

double classify_range_change(const double *v, const struct sides *sd)
{
	double before = classify_median_range(v, sd->lo, sd->good_end);
	double after = classify_median_range(v, sd->bad, sd->hi);

	return isnan(before) || isnan(after) ? NAN : 100 * (after / before - 1);
}

double *classify_metric_values(const struct series *s, enum metric m)
{
	double *v = xcalloc(s->nr + 1, sizeof(double));

	for (size_t t = 0; t < s->nr; t++)
		v[t] = s->points[t].value[m];
	return v;
}

long classify_point_of(const struct series *s, const struct dash_entry *e)
{
	size_t lo = 0, hi = s->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->points[mid].run->time < e->time)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t t = lo; t < s->nr && s->points[t].run->time == e->time; t++)
		if (!strcmp(s->points[t].run->run_id, e->run_id))
			return (long)t;
	for (size_t t = 0; t < s->nr; t++)
		if (!strcmp(s->points[t].run->run_id, e->run_id))
			return (long)t;
	return -1;
}
