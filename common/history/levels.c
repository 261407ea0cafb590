#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/stats.h"
#include "history/levels.h"

#define MIN_LEVEL 2
#define SPIKE_SIGMAS 5.0

double levels_bound_pct(double change_pct, double se_pct)
{
	return expm1(fabs(log1p(change_pct / 100)) + STEP_MIN_CHANGE_Z * log1p(se_pct / 100)) * 100;
}

void levels_decide(double change_pct, double se_pct, double mult, double min_change,
		   struct cut_test *out)
{
	double change = log1p(change_pct / 100), se = log1p(se_pct / 100);
	/* the largest move the data allow, against the smallest worth reporting */
	int worth = levels_bound_pct(change_pct, se_pct) >= min_change;

	out->change_pct = change_pct;
	out->se_pct = se_pct;
	out->room_se_pct = se_pct;
	out->state_noise_pct = NAN;
	out->z = se > 0 ? fabs(change) / se : 0;
	out->found = 0;
	out->undecided = 0;
	if (isnan(change_pct) || isnan(se_pct)) {
		out->reason = "no level on one side";
		out->z = 0;
	} else if (out->z < mult) {
		out->reason = worth ? "under the noise multiple" : "within --min-change";
		out->undecided = worth && out->z >= LEVELS_WEAK_Z;
	} else if (!worth) {
		out->reason = "under --min-change";
	} else {
		out->reason = NULL;
		out->found = 1;
	}
}

/* The clipped mean of x[a..b): each value pulled to within LEVEL_CLIP sigma of the median. */
static double level_of(const struct levels *l, size_t a, size_t b, double *sq)
{
	double *v = xcalloc(b - a + 1, sizeof(double)), med, sum = 0, lim = LEVEL_CLIP * l->sigma;

	memcpy(v, l->x + a, (b - a) * sizeof(double));
	med = stats_median(v, b - a);
	for (size_t i = a; i < b; i++)
		sum += fmin(fmax(l->x[i], med - lim), med + lim);
	sum /= (double)(b - a);
	if (sq) {
		*sq = 0;
		for (size_t i = a; i < b; i++) {
			double r = fmin(fmax(l->x[i], med - lim), med + lim) - sum;

			*sq += r * r;
		}
	}
	free(v);
	return sum;
}

void levels_range(const struct levels *l, size_t k, size_t *a, size_t *b)
{
	if (a)
		*a = k ? l->cuts[k - 1] : 0;
	if (b)
		*b = k < l->nr_cuts ? l->from[k] : l->n;
}

/* The pooled within-level spread of l's clipped values, as l's cuts stand. */
static double own_spread(const struct levels *l)
{
	double sum = 0;
	size_t used = 0;

	for (size_t k = 0; k <= l->nr_cuts; k++) {
		size_t a, b;
		double sq;

		levels_range(l, k, &a, &b);
		if (b <= a)
			continue;
		level_of(l, a, b, &sq);
		sum += sq;
		used += b - a - 1;
	}
	return used ? sqrt(sum / (double)used) : l->sigma;
}

/* room_spread (levels.h) of the levels' own spread own. */
static void update_room(struct levels *l, double own)
{
	l->room_spread = l->folded_sigma ? fmin(fmax(own, l->folded_sigma), l->spread) : l->spread;
}

/* The levels' spread, at least sigma, and the room's. */
static void update_spread(struct levels *l)
{
	double own = own_spread(l);

	l->spread = fmax(own, l->sigma);
	update_room(l, own);
}

static void judge_levels(const struct levels *l, size_t a0, size_t b0, size_t a1, size_t b1,
			 double mult, double min_change, struct cut_test *out)
{
	double se, w, link = 0;

	memset(out, 0, sizeof(*out));
	out->nr_before = b0 > a0 ? b0 - a0 : 0;
	out->nr_after = b1 > a1 ? b1 - a1 : 0;
	if (!out->nr_before || !out->nr_after) {
		out->before = out->after = NAN;
		levels_decide(NAN, NAN, mult, min_change, out);
		return;
	}
	out->before = level_of(l, a0, b0, NULL);
	out->after = level_of(l, a1, b1, NULL);
	w = 1.0 / (double)out->nr_before + 1.0 / (double)out->nr_after;
	for (size_t i = a0 + 1; i < b1; i++)
		link += l->link_var[i];
	se = sqrt(l->spread * l->spread * w + link);
	levels_decide(100 * expm1(out->after - out->before), 100 * expm1(se), mult, min_change, out);
	if (l->folded_sigma) {
		out->room_se_pct = 100 * expm1(sqrt(l->room_spread * l->room_spread * w + link));
		out->state_noise_pct = 100 * expm1(l->folded_sigma);
	}
}

void levels_judge(const struct levels *l, size_t k, double mult, double min_change, struct cut_test *out)
{
	size_t a0, b0, a1, b1;

	levels_range(l, k, &a0, &b0);
	levels_range(l, k + 1, &a1, &b1);
	judge_levels(l, a0, b0, a1, b1, mult, min_change, out);
}

void levels_judge_range(const struct levels *l, size_t lo, size_t at, size_t hi, double mult,
			double min_change, struct cut_test *out)
{
	judge_levels(l, lo, at, at, hi, mult, min_change, out);
}

void levels_judge_spike(const struct levels *l, size_t i, size_t lo, size_t hi, int into,
			double mult, double min_change, struct cut_test *out)
{
	double level, se, change;

	memset(out, 0, sizeof(*out));
	if (hi <= lo) {
		out->before = out->after = NAN;
		levels_decide(NAN, NAN, mult, min_change, out);
		return;
	}
	level = level_of(l, lo, hi, NULL);
	/* the level's standard error and one night's noise, the spike's */
	se = sqrt(l->spread * l->spread / (double)(hi - lo) + l->sigma * l->sigma);
	out->before = into ? level : l->spike_x[i];
	out->after = into ? l->spike_x[i] : level;
	out->nr_before = into ? hi - lo : 1;
	out->nr_after = into ? 1 : hi - lo;
	change = out->after - out->before;
	levels_decide(100 * expm1(change), 100 * expm1(se), mult, min_change, out);
}

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
			size_t len = t - c;
			double med, sum = 0;

			stats_sorted_insert(sorted, len - 1, x[t - 1]);
			med = stats_median_sorted(sorted, len);
			for (size_t i = c; i < t; i++)
				sum += fabs(x[i] - med) / sigma;
			cost[c * (n + 1) + t] = sum;
		}
	}
	free(sorted);
}

/*
 * Optimal partitioning of l->x into levels of MIN_LEVEL values or more,
 * each cut paying penalty beta; the cuts into l (sharp: from = cuts).
 * cost is (n + 1)^2 values, kept for the drifts.
 */
static void segment(struct levels *l, double beta, double *cost)
{
	size_t n = l->n;
	double *best = xcalloc(n + 1, sizeof(double));
	size_t *prev = xcalloc(n + 1, sizeof(size_t)), nr = 0;

	level_costs(l->x, n, l->sigma, cost);
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
	for (size_t t = n; prev[t] && nr < LEVELS_MAX_CUTS; t = prev[t])
		l->cuts[nr++] = prev[t];
	for (size_t i = 0; i < nr / 2; i++) {
		size_t tmp = l->cuts[i];

		l->cuts[i] = l->cuts[nr - 1 - i];
		l->cuts[nr - 1 - i] = tmp;
	}
	memcpy(l->from, l->cuts, nr * sizeof(*l->cuts));
	l->nr_cuts = nr;
	free(best);
	free(prev);
}

static void drop_cut(struct levels *l, size_t k)
{
	memmove(l->cuts + k, l->cuts + k + 1, (l->nr_cuts - k - 1) * sizeof(*l->cuts));
	memmove(l->from + k, l->from + k + 1, (l->nr_cuts - k - 1) * sizeof(*l->from));
	l->nr_cuts--;
}

/*
 * Merge levels until every cut is a step: first the dips that revert (two
 * opposite cuts at most LEVELS_REVERT_NIGHTS apart whose outer levels do not
 * differ by a step; each is kept in l's dips), then the weakest cut that
 * fails the decision, one at a time. The spread is measured afresh after
 * each merge.
 */
static void keep_steps(struct levels *l, double mult, double min_change)
{
	int changed = 1;

	while (changed && l->nr_cuts) {
		size_t weakest = l->nr_cuts;
		double weakest_z = INFINITY;

		changed = 0;
		update_spread(l);
		for (size_t k = 0; k + 1 < l->nr_cuts && !changed; k++) {
			struct cut_test a, b, outer;
			size_t a0, b0, a2, b2;

			if (l->from[k + 1] - l->cuts[k] > LEVELS_REVERT_NIGHTS)
				continue;
			levels_judge(l, k, mult, min_change, &a);
			levels_judge(l, k + 1, mult, min_change, &b);
			levels_range(l, k, &a0, &b0);
			levels_range(l, k + 2, &a2, &b2);
			judge_levels(l, a0, b0, a2, b2, mult, min_change, &outer);
			if ((a.change_pct < 0) != (b.change_pct < 0) && !outer.found) {
				if (l->nr_dips < LEVELS_MAX_CUTS) {
					l->dip_from[l->nr_dips] = l->cuts[k];
					l->dip_to[l->nr_dips++] = l->from[k + 1];
				}
				drop_cut(l, k + 1);
				drop_cut(l, k);
				changed = 1;
			}
		}
		if (changed)
			continue;
		for (size_t k = 0; k < l->nr_cuts; k++) {
			struct cut_test t;

			levels_judge(l, k, mult, min_change, &t);
			if (!t.found && t.z < weakest_z) {
				weakest_z = t.z;
				weakest = k;
			}
		}
		if (weakest < l->nr_cuts) {
			drop_cut(l, weakest);
			changed = 1;
		}
	}
	update_spread(l);
}

/*
 * Drop the one-night spikes from l: a nightly beyond both its neighbours,
 * the same way, by more than SPIKE_SIGMAS noise units and by more than a
 * third of its distance to the farther one (the first night after a
 * big step, a little off the new level, is not a spike). Beside a step, a
 * spike would otherwise sit as near one level as the other and could move
 * the step by a night.
 */
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
		if (spike[i]) {
			l->spike_at[l->nr_spikes] = l->at[i];
			l->spike_x[l->nr_spikes++] = l->x[i];
			continue;
		}
		l->x[n] = l->x[i];
		l->day[n] = l->day[i];
		l->minority[n] = l->minority[i];
		l->at[n++] = l->at[i];
	}
	l->n = n;
	free(spike);
}

/*
 * One night's noise variance of the geomean of the kernels measured on
 * both nightlies a and b of s: each such kernel's own over the series
 * (series_row_noise()), summed, over their number squared; 0 without
 * one. Across a change of the kernel list the chain-linked series moves
 * by those kernels alone, whose geomean may be far noisier than the
 * whole list's (two kernels left of five).
 */
static double common_variance(const struct series *s, size_t a, size_t b)
{
	double var = 0;
	size_t nr = s->nr_rows, common = 0;

	for (size_t r = 0; s->helion_by_row && r < nr; r++) {
		double sigma;

		if (!(s->helion_by_row[a * nr + r] > 0) || !(s->helion_by_row[b * nr + r] > 0) ||
		    isnan(sigma = series_row_noise(s, r, 0, s->nr, s->nr)))
			continue;
		var += sigma * sigma;
		common++;
	}
	return common ? var / (double)(common * common) : 0;
}

void levels_init(struct levels *l, const struct series *s, const struct noise_model *nm,
		 time_t from, time_t to)
{
	memset(l, 0, sizeof(*l));
	l->x = xcalloc(s->nr + 1, sizeof(double));
	l->at = xcalloc(s->nr + 1, sizeof(size_t));
	l->day = xcalloc(s->nr + 1, sizeof(long));
	for (size_t i = 0; i < s->nr; i++) {
		double v = s->points[i].value[METRIC_HELION];
		time_t t = s->points[i].run->time;

		if (t < from || t >= to || !(v > 0))
			continue;
		l->x[l->n] = noise_adjusted(nm, t, v);
		l->day[l->n] = (long)(t / DAY_SECONDS);
		l->at[l->n++] = i;
	}
	l->series = s;
	l->nm = *nm;
	l->sigma = nm->sigma;
	l->spread = nm->sigma;
	l->room_spread = nm->sigma;
	/* as large as x, so that levels_copy() knows every array's size */
	l->spike_at = xcalloc(s->nr + 1, sizeof(size_t));
	l->spike_x = xcalloc(s->nr + 1, sizeof(double));
	l->minority = xcalloc(s->nr + 1, 1);
	levels_fold_states(l, s, nm, from, to);
	drop_spikes(l);
	if (l->state_shift)
		l->state_share = levels_state_share(l);
	if (l->folded) {
		levels_folded_noise(l);
		update_room(l, own_spread(l));	/* for a boundary judged on the span's nightlies alone */
	}
	l->link_var = xcalloc(l->n + 1, sizeof(double));
	for (size_t i = 1; i < l->n; i++) {
		int link = 0;

		for (size_t t = l->at[i - 1] + 1; t <= l->at[i]; t++)
			link |= s->points[t].kernel_set_changed;
		if (link)
			l->link_var[i] = 2 * fmax(l->sigma * l->sigma, common_variance(s, l->at[i - 1], l->at[i]));
	}
}

/* A copy of the n elements of size size at p, in memory of its own. */
static void *copy_of(const void *p, size_t n, size_t size)
{
	void *q = xcalloc(n, size);

	memcpy(q, p, n * size);
	return q;
}

void levels_copy(struct levels *dst, const struct levels *src)
{
	size_t cap = src->series->nr + 1;

	*dst = *src;
	dst->x = copy_of(src->x, cap, sizeof(*src->x));
	dst->at = copy_of(src->at, cap, sizeof(*src->at));
	dst->day = copy_of(src->day, cap, sizeof(*src->day));
	dst->spike_at = copy_of(src->spike_at, cap, sizeof(*src->spike_at));
	dst->spike_x = copy_of(src->spike_x, cap, sizeof(*src->spike_x));
	dst->minority = copy_of(src->minority, cap, sizeof(*src->minority));
	dst->link_var = copy_of(src->link_var, src->n + 1, sizeof(*src->link_var));
}

void levels_release(struct levels *l)
{
	free(l->x);
	free(l->at);
	free(l->day);
	free(l->link_var);
	free(l->spike_at);
	free(l->spike_x);
	free(l->minority);
	memset(l, 0, sizeof(*l));
}

void levels_find(struct levels *l, double mult, double min_change, int drifts)
{
	double *cost, beta = 3 * log((double)l->n);

	if (l->n < 2 * MIN_LEVEL || l->n > 64 * MIN_LEVEL)
		return;
	cost = xcalloc((l->n + 1) * (l->n + 1), sizeof(double));
	segment(l, beta, cost);
	keep_steps(l, mult, min_change);
	if (drifts) {
		levels_find_drifts(l, cost, beta, MIN_LEVEL);
		keep_steps(l, mult, min_change);
	}
	if (!l->state_shift && l->nr_cuts)
		levels_residual_states(l);
	free(cost);
}
