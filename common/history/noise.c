#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/stats.h"
#include "history/noise.h"

#define WEEK_HALF 3	/* the days either side of a nightly in its week */

static long day_of(time_t t)
{
	return (long)(t >= 0 ? t / DAY_SECONDS : (t - DAY_SECONDS + 1) / DAY_SECONDS);
}

static int weekday_of(time_t t)
{
	return (int)(((day_of(t) % 7) + 7) % 7);
}

double noise_adjusted(const struct noise_model *nm, time_t t, double v)
{
	return log(v) - nm->week[weekday_of(t)];
}

/* The mean of v[0..n) without its smallest and largest value (from 5 values on). */
static double trimmed_mean(double *v, size_t n)
{
	double sum = 0;
	size_t from = 0, to = n;

	if (n >= 5) {
		stats_sort(v, n);
		from = 1;
		to = n - 1;
	}
	for (size_t i = from; i < to; i++)
		sum += v[i];
	return sum / (double)(to - from);
}

/*
 * Each nightly's residual against the median of the nightlies within
 * WEEK_HALF days of it (NAN with fewer than 5 of them), lv and day in
 * time order.
 */
static void week_residuals(const double *lv, const long *day, size_t n, double *r)
{
	double win[2 * WEEK_HALF + 8];
	size_t lo = 0, hi = 0;

	for (size_t i = 0; i < n; i++) {
		size_t k = 0;

		while (day[lo] < day[i] - WEEK_HALF)
			lo++;
		while (hi < n && day[hi] <= day[i] + WEEK_HALF)
			hi++;
		/* a week's few nights, kept sorted as they come: the median read off */
		for (size_t j = lo; j < hi && k < ARRAY_SIZE(win); j++)
			stats_sorted_insert(win, k++, lv[j]);
		r[i] = k >= 5 ? lv[i] - stats_median_sorted(win, k) : NAN;
	}
}

/*
 * Whether weekday offset w of the k residuals v lies between two groups
 * rather than under the weekday's nights: a weekly pattern moves every
 * night of its weekday, so the share of them nearer w than 0 is about
 * Phi(|w| / 2 sigma) (sigma the residuals' robust spread); machine states
 * that fell on that weekday by chance move some of them a state's
 * distance and leave the rest, and the share is about theirs. Mixed: the
 * share is under two thirds and 3 standard errors under what the pattern
 * gives. (Not that alone: a night that is its week's median has a
 * residual of 0, and a step's nights sit off theirs; in bench/step-rates
 * weekstep 11 of 13 Saturdays of a +3.6% offset lay nearer it, 2.9
 * standard errors short.) Statestep 13862174: 7 of 13 Saturdays and 6
 * of 13 Sundays in the lower state read as a weekend offset of -2.7%, and
 * folded on top of it two nights before the step read as the level
 * after it.
 */
static int weekday_mixed(const double *v, size_t k, double w, double sigma)
{
	double expect = 0.5 * erfc(-fabs(w) / (2 * sigma) / sqrt(2.0)), near = 0;

	for (size_t i = 0; i < k; i++)
		near += fabs(v[i] - w) < fabs(v[i]);
	return near / (double)k < fmin(2.0 / 3, expect - 3 * sqrt(expect * (1 - expect) / (double)k));
}

/*
 * The weekday means of the residuals into nm->week when they are
 * significant: lv in time order, each night's day and weekday beside it.
 */
static void weekly_pattern(const double *lv, const long *day, const int *weekday, size_t n, struct noise_model *nm)
{
	double *r = xcalloc(n + 1, sizeof(*r)), *by_day = xcalloc(n + 1, sizeof(*by_day));
	double *tmp = xcalloc(n + 1, sizeof(*tmp));
	double var = 0, chi2 = 0, week[7], sigma, med;
	size_t count[7], used = 0, m = 0;

	week_residuals(lv, day, n, r);
	for (size_t i = 0; i < n; i++)
		if (!isnan(r[i]))
			by_day[m++] = r[i];
	sigma = m ? 1.4826 * stats_mad(by_day, m, tmp, &med) : 0;
	for (int d = 0; d < 7; d++) {
		size_t k = 0;

		for (size_t i = 0; i < n; i++)
			if (!isnan(r[i]) && weekday[i] == d)
				by_day[k++] = r[i];
		count[d] = k;
		week[d] = k ? trimmed_mean(by_day, k) : 0;
		if (week[d] && sigma > 0 && weekday_mixed(by_day, k, week[d], sigma))
			week[d] = 0;
	}
	for (size_t i = 0; i < n; i++) {
		double e = r[i] - week[weekday[i]];

		if (isnan(r[i]))
			continue;
		var += e * e;
		used++;
	}
	if (used > 7 && var > 0) {
		var /= (double)(used - 7);
		for (int d = 0; d < 7; d++)
			chi2 += (double)count[d] * week[d] * week[d] / var;
	}
	/* three weeks of each weekday at least, and a pattern beyond chance */
	for (int d = 0; d < 7; d++)
		if (count[d] < 3)
			chi2 = 0;
	if (chi2 > NOISE_WEEK_CHI2) {
		memcpy(nm->week, week, sizeof(week));
		nm->weekly = 1;
	}
	free(r);
	free(by_day);
	free(tmp);
}

double spread_of_changes(double *d, size_t nd)
{
	double med;

	/*
	 * Of two changes, one may be the move itself: their MAD is half of it.
	 * From three on, the median sets a lone move apart.
	 */
	if (nd < 3)
		return NAN;
	med = stats_median(d, nd);
	for (size_t i = 0; i < nd; i++)
		d[i] = fabs(d[i] - med);
	/* A change spans two noisy nights: divide its spread by sqrt(2). */
	return 1.4826 * stats_median(d, nd) / sqrt(2.0);
}

double noise_of_changes(double *d, size_t nd)
{
	double sigma = spread_of_changes(d, nd);

	return sigma >= NOISE_FLOOR ? sigma : NOISE_FLOOR;
}

void series_noise_model(const struct series *s, enum metric m, struct noise_model *out)
{
	double *lv = xcalloc(s->nr + 1, sizeof(double));
	double *d = xcalloc(s->nr + 1, sizeof(double));
	long *day = xcalloc(s->nr + 1, sizeof(long));
	int *weekday = xcalloc(s->nr + 1, sizeof(int));
	size_t n = 0, nd = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < s->nr; i++) {
		double v = s->points[i].value[m];

		if (isnan(v) || v <= 0)
			continue;
		day[n] = day_of(s->points[i].run->time);
		weekday[n] = weekday_of(s->points[i].run->time);
		lv[n++] = log(v);
	}
	weekly_pattern(lv, day, weekday, n, out);
	for (size_t i = 1; i < n; i++)
		d[nd++] = (lv[i] - out->week[weekday[i]]) - (lv[i - 1] - out->week[weekday[i - 1]]);
	out->sigma = noise_of_changes(d, nd);
	free(lv);
	free(d);
	free(day);
	free(weekday);
}

double series_noise(const struct series *s, enum metric m)
{
	struct noise_model nm;

	series_noise_model(s, m, &nm);
	return nm.sigma;
}

double series_row_noise(const struct series *s, size_t r, size_t lo, size_t hi, size_t split)
{
	double *d = xcalloc(s->nr + 1, sizeof(double)), prev = NAN, sigma;
	size_t nd = 0;

	for (size_t t = lo; t < hi; t++) {
		double x = s->helion_by_row[t * s->nr_rows + r];

		if (t == split)
			prev = NAN;
		if (!(x > 0))
			continue;
		if (!isnan(prev))
			d[nd++] = fabs(log(x) - prev);
		prev = log(x);
	}
	sigma = nd >= 2 ? 1.4826 * stats_median(d, nd) / sqrt(2.0) : NAN;
	free(d);
	return sigma;
}
