#include <limits.h>
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

int step_significant(double change_pct, double noise_pct, double noise_multiple,
		     double min_change, const char **reason)
{
	const char *why = NULL;

	if (isnan(change_pct) || isnan(noise_pct))
		why = "no level on one side";
	else if (fabs(log1p(change_pct / 100)) < noise_multiple * log1p(noise_pct / 100))
		why = "under the noise multiple";
	else if (fabs(change_pct) < min_change)
		why = "under --min-change";
	if (reason)
		*reason = why;
	return !why;
}

/* The median of src[0..n) (of a copy). */
static double median_of(const double *src, size_t n)
{
	double *v = xcalloc(n + 1, sizeof(double)), med;

	memcpy(v, src, n * sizeof(double));
	med = stats_median(v, n);
	free(v);
	return med;
}

#define MIN_LEVEL 2

/*
 * The cost of every level x[c..t): each night's distance from the level's
 * median, in noise units, into cost[c * (n + 1) + t]. Not capped: a night
 * far off both levels beside a step then goes to the nearer one, so a
 * spike on the last good night does not move the step a night early.
 * Each start's levels grow one night at a time, kept sorted by insertion,
 * so no level is sorted afresh; the sum runs over the nights in order.
 */
static void level_costs(const double *x, size_t n, double sigma, double *cost)
{
	double *sorted = xcalloc(n + 1, sizeof(double));

	for (size_t c = 0; c < n; c++) {
		if (c && c < MIN_LEVEL)
			continue;	/* no level starts there */
		for (size_t t = c + 1; t <= n; t++) {
			size_t len = t - c, j = len - 1;
			double med, sum = 0;

			for (; j && sorted[j - 1] > x[t - 1]; j--)
				sorted[j] = sorted[j - 1];
			sorted[j] = x[t - 1];
			med = stats_median_sorted(sorted, len);
			for (size_t i = c; i < t; i++)
				sum += fabs(x[i] - med) / sigma;
			cost[c * (n + 1) + t] = sum;
		}
	}
	free(sorted);
}


/*
 * Optimal partitioning of x[0..n) into levels of MIN_LEVEL values or more,
 * each cut paying penalty beta. Writes the cuts (the index of each level's
 * first value, ascending) into cuts and returns how many.
 */
static size_t segment(const double *x, size_t n, double sigma, double beta, size_t *cuts)
{
	double *best = xcalloc(n + 1, sizeof(double));
	double *cost = xcalloc(n * (n + 1) + 1, sizeof(double));
	size_t *prev = xcalloc(n + 1, sizeof(size_t)), nr = 0;

	level_costs(x, n, sigma, cost);
	for (size_t t = 1; t <= n; t++) {
		best[t] = cost[t];
		prev[t] = 0;
		for (size_t c = MIN_LEVEL; c + MIN_LEVEL <= t; c++) {
			double f = best[c] + beta + cost[c * (n + 1) + t];

			if (f < best[t]) {
				best[t] = f;
				prev[t] = c;
			}
		}
	}
	for (size_t t = n; prev[t]; t = prev[t])
		cuts[nr++] = prev[t];
	for (size_t i = 0; i < nr / 2; i++) {
		size_t tmp = cuts[i];

		cuts[i] = cuts[nr - 1 - i];
		cuts[nr - 1 - i] = tmp;
	}
	free(best);
	free(cost);
	free(prev);
	return nr;
}

/* The nightlies with a helion value, in log, and their series indices. */
struct levels {
	double *x;
	size_t *at;
	size_t n;
	size_t cuts[64];	/* positions in x */
	size_t nr_cuts;
	double sigma;
};

static double level_median(const struct levels *l, size_t k)
{
	size_t from = k ? l->cuts[k - 1] : 0, to = k < l->nr_cuts ? l->cuts[k] : l->n;

	return median_of(l->x + from, to - from);
}

/* Percent change at cut k: the median of the level after over the level before. */
static double cut_change(const struct levels *l, size_t k)
{
	return 100 * expm1(level_median(l, k + 1) - level_median(l, k));
}

static void drop_cut(struct levels *l, size_t k)
{
	memmove(l->cuts + k, l->cuts + k + 1, (l->nr_cuts - k - 1) * sizeof(*l->cuts));
	l->nr_cuts--;
}

/*
 * Merge levels until every cut is a step: first the dips that revert (two
 * opposite cuts close together whose outer levels agree), then the
 * weakest cut that fails the decision, one at a time.
 */
static void keep_steps(struct levels *l, double mult, double min_change)
{
	int changed = 1;

	while (changed && l->nr_cuts) {
		size_t weakest = l->nr_cuts;
		double weakest_change = INFINITY, noise = 100 * l->sigma;

		changed = 0;
		for (size_t k = 0; k + 1 < l->nr_cuts && !changed; k++) {
			double a = cut_change(l, k), b = cut_change(l, k + 1);
			double outer = 100 * expm1(level_median(l, k + 2) - level_median(l, k));

			if (l->cuts[k + 1] - l->cuts[k] <= STEP_REVERT_NIGHTS && (a < 0) != (b < 0) &&
			    !step_significant(outer, noise, mult, min_change, NULL)) {
				drop_cut(l, k + 1);
				drop_cut(l, k);
				changed = 1;
			}
		}
		if (changed)
			continue;
		for (size_t k = 0; k < l->nr_cuts; k++) {
			double c = cut_change(l, k);

			if (!step_significant(c, noise, mult, min_change, NULL) &&
			    fabs(c) < weakest_change) {
				weakest_change = fabs(c);
				weakest = k;
			}
		}
		if (weakest < l->nr_cuts) {
			drop_cut(l, weakest);
			changed = 1;
		}
	}
}

/*
 * Fill the step's level, size and persistence for boundary index over
 * [lo, hi); out->noise_pct is the caller's.
 */
static void describe_step(const struct series *s, size_t lo, size_t index, size_t hi, struct step *out)
{
	double *v = xcalloc(hi - lo + 1, sizeof(double));
	size_t n = log_values(s, METRIC_HELION, lo, index, v), stay = 0;
	double before = n ? exp(stats_median(v, n)) : NAN, after, change;

	out->nr_before = n;
	n = log_values(s, METRIC_HELION, index, hi, v);
	after = n ? exp(stats_median(v, n)) : NAN;
	free(v);
	out->nr_after = n;
	change = isnan(before) || isnan(after) ? NAN : log(after / before);
	out->index = index;
	out->before = before;
	out->after = after;
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

static void set_thresholds(struct step *out, const struct step_options *o)
{
	out->noise_multiple = o->noise_multiple > 0 ? o->noise_multiple : STEP_NOISE_MULTIPLE;
	out->min_change = o->min_change >= 0 ? o->min_change : STEP_MIN_CHANGE;
}

void series_step_at(const struct series *s, size_t index, const struct step_options *o,
		    struct step *out)
{
	size_t lo, hi;

	memset(out, 0, sizeof(*out));
	set_thresholds(out, o);
	series_step_range(s, index, o->span_days, &lo, &hi);
	out->noise_pct = 100 * series_noise(s, METRIC_HELION);
	describe_step(s, lo, index, hi, out);
	out->found = step_significant(out->change_pct, out->noise_pct, out->noise_multiple,
				      out->min_change, &out->reason);
}

/* Whole days from the date to the nightly at index. */
static long days_off(const struct series *s, size_t index, time_t date)
{
	time_t d = s->points[index].run->time - date;

	return labs((long)(d >= 0 ? d / DAY_SECONDS : (d - DAY_SECONDS + 1) / DAY_SECONDS));
}

/*
 * Drop the one-night spikes from l: a nightly beyond both its neighbours,
 * the same way, by more than SPIKE_SIGMAS noise units and by more than a
 * third of its distance to the farther one (the first night after a
 * big step, a little off the new level, is not a spike). Beside a step, a
 * spike would otherwise sit as near one level as the other and could move
 * the step by a night.
 */
#define SPIKE_SIGMAS 5.0

static int is_spike(double a, double b)
{
	double near = fmin(fabs(a), fabs(b)), far = fmax(fabs(a), fabs(b));

	return (a > 0) == (b > 0) && near > SPIKE_SIGMAS && near > far / 3;
}

static void drop_spikes(struct levels *l)
{
	size_t n = 0;
	int *spike = xcalloc(l->n + 1, sizeof(int));

	for (size_t i = 1; i + 1 < l->n; i++) {
		double a = (l->x[i] - l->x[i - 1]) / l->sigma, b = (l->x[i] - l->x[i + 1]) / l->sigma;

		spike[i] = is_spike(a, b);
	}
	for (size_t i = 0; i < l->n; i++) {
		if (spike[i])
			continue;
		l->x[n] = l->x[i];
		l->at[n++] = l->at[i];
	}
	l->n = n;
	free(spike);
}

/* The levels of the nightlies in [from, to), cut into steps. */
static void find_levels(const struct series *s, time_t from, time_t to, struct step *out,
			struct levels *l)
{
	double beta;

	memset(l, 0, sizeof(*l));
	l->x = xcalloc(s->nr + 1, sizeof(double));
	l->at = xcalloc(s->nr + 1, sizeof(size_t));
	for (size_t i = 0; i < s->nr; i++) {
		double v = s->points[i].value[METRIC_HELION];

		if (s->points[i].run->time < from || s->points[i].run->time >= to || !(v > 0))
			continue;
		l->x[l->n] = log(v);
		l->at[l->n++] = i;
	}
	l->sigma = out->noise_pct / 100;
	drop_spikes(l);
	if (l->n < 2 * MIN_LEVEL || l->n > 64 * MIN_LEVEL)
		return;
	beta = 3 * log((double)l->n);
	l->nr_cuts = segment(l->x, l->n, l->sigma, beta, l->cuts);
	keep_steps(l, out->noise_multiple, out->min_change);
}

int series_find_step(const struct series *s, const struct step_options *o, struct step *out)
{
	return series_find_step_noise(s, o, 100 * series_noise(s, METRIC_HELION), out);
}

int series_find_step_noise(const struct series *s, const struct step_options *o, double noise_pct,
			   struct step *out)
{
	time_t from, to, cfrom, cto;
	size_t nearest = 0, best = 0;
	long best_off = LONG_MAX;
	struct levels l;
	char d1[16], d2[16], d3[16];

	memset(out, 0, sizeof(*out));
	set_thresholds(out, o);
	if (!s->nr || o->date + DAY_SECONDS < s->points[0].run->time - (time_t)o->span_days * DAY_SECONDS ||
	    o->date > s->points[s->nr - 1].run->time + (time_t)o->span_days * DAY_SECONDS)
		return error("date '%s' is outside the series of '%s' (%s .. %s)",
			     format_day(d1, o->date), s->platform,
			     s->nr ? format_day(d2, s->points[0].run->time) : "empty",
			     s->nr ? format_day(d3, s->points[s->nr - 1].run->time) : "empty");
	out->noise_pct = noise_pct;
	date_span(o->date, o->span_days, &from, &to);
	/* Levels need nightlies beyond the span to be told from a dip. */
	date_span(o->date, 2 * o->span_days + 1, &cfrom, &cto);
	find_levels(s, cfrom, cto, out, &l);
	/* best: 1 + the cut nearest the date among those within the span */
	for (size_t k = 0; k < l.nr_cuts; k++) {
		size_t i = l.at[l.cuts[k]];

		if (s->points[i].run->time < from || s->points[i].run->time >= to)
			continue;
		if (!best || days_off(s, i, o->date) < best_off) {
			best = k + 1;
			best_off = days_off(s, i, o->date);
		}
	}
	for (size_t k = 0; best && k < l.nr_cuts && out->nr_other < STEP_MAX_OTHER; k++) {
		size_t i = l.at[l.cuts[k]];
		struct other_step *os;

		if (k + 1 == best || s->points[i].run->time < from || s->points[i].run->time >= to)
			continue;
		os = &out->other[out->nr_other++];
		os->index = i;
		os->change_pct = cut_change(&l, k);
		os->score = fabs(log1p(os->change_pct / 100)) / l.sigma;
	}
	if (best) {
		size_t k = best - 1;
		size_t lo = k ? l.cuts[k - 1] : 0, hi = k + 1 < l.nr_cuts ? l.cuts[k + 1] : l.n;

		out->found = 1;
		out->index = l.at[l.cuts[k]];
		out->before = exp(level_median(&l, k));
		out->after = exp(level_median(&l, k + 1));
		out->change_pct = 100 * (out->after / out->before - 1);
		out->score = fabs(log(out->after / out->before)) / l.sigma;
		out->nr_before = l.cuts[k] - lo;
		out->nr_after = hi - l.cuts[k];
		out->persistent = 1;
	} else {
		size_t lo, hi;

		for (nearest = 0; nearest < s->nr && s->points[nearest].run->time < o->date; nearest++)
			;
		if (o->fallback > 0 && o->fallback < s->nr)
			nearest = o->fallback;
		if (nearest > 0 && nearest < s->nr && s->points[nearest].run->time < to) {
			series_step_range(s, nearest, o->span_days, &lo, &hi);
			describe_step(s, lo, nearest, hi, out);
			step_significant(out->change_pct, out->noise_pct, out->noise_multiple,
					 out->min_change, &out->reason);
			if (!out->reason)
				out->reason = "no level holds on either side";
		}
	}
	free(l.x);
	free(l.at);
	return 0;
}
