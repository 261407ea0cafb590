#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "history/step.h"
#include "util/stats.h"

#define NOISE_FLOOR 0.005

/* log(value) of the points in [from, to) that have metric m, into out. */
static size_t log_values(const struct series *s, enum metric m, size_t from, size_t to, double *out)
{
	size_t n = 0;

	for (size_t i = from; i < to && i < s->nr; i++)
		if (!isnan(s->points[i].value[m]) && s->points[i].value[m] > 0)
			out[n++] = log(s->points[i].value[m]);
	return n;
}

double series_noise(const struct series *s, enum metric m)
{
	double *lv = xcalloc(s->nr + 1, sizeof(double));
	double *d = xcalloc(s->nr + 1, sizeof(double));
	size_t n = log_values(s, m, 0, s->nr, lv), nd = 0;
	double med, sigma = NOISE_FLOOR;

	for (size_t i = 1; i < n; i++)
		d[nd++] = lv[i] - lv[i - 1];
	if (nd >= 2) {
		med = stats_median(d, nd);
		for (size_t i = 0; i < nd; i++)
			d[i] = fabs(d[i] - med);
		/* A change spans two noisy nights: divide its spread by sqrt(2). */
		sigma = 1.4826 * stats_median(d, nd) / sqrt(2.0);
		if (sigma < NOISE_FLOOR)
			sigma = NOISE_FLOOR;
	}
	free(lv);
	free(d);
	return sigma;
}

/* Sum of |x - median| over v[0..n), in log space. */
static double l1_cost(const double *src, size_t n)
{
	double *v = xcalloc(n + 1, sizeof(double)), med, cost = 0;

	memcpy(v, src, n * sizeof(double));
	med = stats_median(v, n);
	for (size_t i = 0; i < n; i++)
		cost += fabs(src[i] - med);
	free(v);
	return cost;
}

/* Fill the step's level, size and persistence for boundary index over [lo, hi). */
static void describe_step(const struct series *s, size_t lo, size_t index, size_t hi, struct step *out)
{
	double *v = xcalloc(hi - lo + 1, sizeof(double));
	size_t n = log_values(s, METRIC_HELION, lo, index, v), stay = 0;
	double before = n ? exp(stats_median(v, n)) : NAN, after, change;

	n = log_values(s, METRIC_HELION, index, hi, v);
	after = n ? exp(stats_median(v, n)) : NAN;
	free(v);
	out->nr_after = n;
	change = isnan(before) || isnan(after) ? NAN : log(after / before);
	out->index = index;
	out->before = before;
	out->after = after;
	out->noise_pct = 100 * series_noise(s, METRIC_HELION);
	out->change_pct = isnan(change) ? NAN : 100 * (after / before - 1);
	out->score = isnan(change) ? 0 : fabs(change) / (out->noise_pct / 100);
	for (size_t i = index; i < hi; i++) {
		double x = s->points[i].value[METRIC_HELION];

		if (!isnan(x) && fabs(log(x / after)) < fabs(log(x / before)))
			stay++;
	}
	out->persistent = out->nr_after >= 2 && 3 * stay >= 2 * out->nr_after;
}

void series_step_range(const struct series *s, size_t index, int span_days, size_t *lo, size_t *hi)
{
	time_t at = s->points[index].run->time;

	*lo = *hi = index;
	while (*lo > 0 && at - s->points[*lo - 1].run->time <= (time_t)(span_days + 1) * DAY_SECONDS)
		(*lo)--;
	while (*hi < s->nr && s->points[*hi].run->time - at <= (time_t)span_days * DAY_SECONDS)
		(*hi)++;
}

void series_step_at(const struct series *s, size_t index, int span_days, struct step *out)
{
	size_t lo, hi;

	memset(out, 0, sizeof(*out));
	series_step_range(s, index, span_days, &lo, &hi);
	describe_step(s, lo, index, hi, out);
	out->found = 1;
}

int series_find_step(const struct series *s, const struct step_options *o, struct step *out)
{
	time_t from, to;
	size_t lo = 0, hi, best = 0, nearest = 0, n;
	double *v, total, best_gain = 0;
	char d1[16], d2[16], d3[16];

	memset(out, 0, sizeof(*out));
	date_span(o->date, o->span_days, &from, &to);
	if (!s->nr || o->date + DAY_SECONDS < s->points[0].run->time - (time_t)o->span_days * DAY_SECONDS ||
	    o->date > s->points[s->nr - 1].run->time + (time_t)o->span_days * DAY_SECONDS)
		return error("date '%s' is outside the series of '%s' (%s .. %s)",
			     format_day(d1, o->date), s->platform,
			     s->nr ? format_day(d2, s->points[0].run->time) : "empty",
			     s->nr ? format_day(d3, s->points[s->nr - 1].run->time) : "empty");
	while (lo < s->nr && s->points[lo].run->time < from)
		lo++;
	for (hi = lo; hi < s->nr && s->points[hi].run->time < to; hi++)
		;
	/* Keep one nightly before the range so a step on its first day is seen. */
	if (lo > 0)
		lo--;
	/* The nightly that first ran on or after the date: the fallback boundary. */
	for (nearest = lo; nearest < hi && s->points[nearest].run->time < o->date; nearest++)
		;
	if (hi - lo < 2)
		return 0;
	v = xcalloc(hi - lo + 1, sizeof(double));
	n = log_values(s, METRIC_HELION, lo, hi, v);
	total = l1_cost(v, n);
	/*
	 * The best boundary is the one whose two-level fit (a median each
	 * side) removes the most absolute deviation: one outlier cannot win,
	 * it moves neither median, and a boundary one night off pays for the
	 * night it puts on the wrong side.
	 */
	for (size_t i = lo + 1; i < hi; i++) {
		size_t nl = log_values(s, METRIC_HELION, lo, i, v);
		size_t nr = log_values(s, METRIC_HELION, i, hi, v + nl);
		double gain;

		if (!nl || !nr)
			continue;
		gain = total - l1_cost(v, nl) - l1_cost(v + nl, nr);
		if (gain > best_gain + 1e-12 ||
		    (fabs(gain - best_gain) <= 1e-12 && best &&
		     labs((long)(s->points[i].run->time - o->date)) <
		     labs((long)(s->points[best].run->time - o->date)))) {
			best_gain = gain;
			best = i;
		}
	}
	free(v);
	if (!best) {
		if (nearest <= lo || nearest >= hi)
			return 0;
		describe_step(s, lo, nearest, hi, out);
		out->score = 0;
		return 0;
	}
	describe_step(s, lo, best, hi, out);
	out->found = 1;
	return 0;
}
