#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/stats.h"
#include "history/levels.h"

#define MIN_LEVEL 2
#define SPIKE_SIGMAS 5.0

void levels_decide(double change_pct, double se_pct, double mult, double min_change,
		   struct cut_test *out)
{
	double change = log1p(change_pct / 100), se = log1p(se_pct / 100);
	/* the largest move the data allow, against the smallest worth reporting */
	int worth = expm1(fabs(change) + STEP_MIN_CHANGE_Z * se) * 100 >= min_change;

	out->change_pct = change_pct;
	out->se_pct = se_pct;
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

/* The pooled within-level spread of the clipped values, at least sigma. */
static void update_spread(struct levels *l)
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
	l->spread = used ? sqrt(sum / (double)used) : l->sigma;
	if (!(l->spread >= l->sigma))
		l->spread = l->sigma;
}

static void judge_levels(const struct levels *l, size_t a0, size_t b0, size_t a1, size_t b1,
			 double mult, double min_change, struct cut_test *out)
{
	double se;

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
	se = l->spread * l->spread * (1.0 / (double)out->nr_before + 1.0 / (double)out->nr_after);
	for (size_t i = a0 + 1; i < b1; i++)
		if (l->link[i])
			se += 2 * l->sigma * l->sigma;
	se = sqrt(se);
	levels_decide(100 * expm1(out->after - out->before), 100 * expm1(se), mult, min_change, out);
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
 * Machine states: a runner pool of two kinds of machine (or a baseline
 * that flips between two states) makes a series jump between two levels
 * night after night. A run of nights on the other machine would pose as
 * a level of its own. So the nightlies around the stretch searched (as
 * far again before and after it: a state shows itself over weeks) are
 * split into two groups at the widest gap between their sorted values,
 * measured in the groups' spread (STATE_GAP of it at least); when the
 * groups' medians lie STATE_SEP spreads apart and the smaller group
 * (STATE_MIN nightlies at least) comes back in STATE_RUNS separate runs
 * or more, with STATE_MIN nightlies of the other group between its first
 * and last (a night counts to a group near its median only: state_of();
 * a night of the other group alone among the smaller's is a stray, and
 * does not count),
 * its nights (those nearer its median) are moved by the difference of the
 * medians: a state, like a weekday, is not a step. A step, a dip that
 * reverts or an outlier beside a step never return that way. States whose
 * noise closes the gap are split where the medians lie farthest apart
 * instead (find_states()). A state comes back, at its own level: the
 * smaller group has STATE_MIN nights outside its longest run at least,
 * and they agree with those in it (within STATE_AGREE standard errors;
 * a level held for a week and met again on a night or two is a step,
 * not a state, and its stray nights are no evidence). A step that partly
 * recovers leaves a level between the two, whose nights fall either side
 * of the middle and "come back" to the step's level, at a level of their
 * own (a -17% step and half of it back had read as two states and been
 * folded away). And a state keeps coming at its rate: no night splits
 * the smaller group's share into a low one before it and a high one
 * after (share_change() under STATE_SHARE). A step of two kernels in five,
 * whose noise crossed the middle, held a sixth of the nights before it
 * and nearly all after (twice the log-likelihood ratio 44-52); machine
 * states of bench/step-rates reach 30 in none of 20,000 cases.
 */
#define STATE_GAP 1.5
#define STATE_SEP 4.0
#define STATE_MIN 3	/* nightlies in a group at least */
#define STATE_RUNS 3
#define STATE_BAND 2.5	/* a night of a group lies within this many spreads of its median */
#define STATE_SEP_WIDE 4.5	/* without a gap */
#define STATE_AGREE 4.0
#define STATE_SHARE 30.0	/* share_change() below this */

struct states {
	double cut;		/* the value between the groups */
	double shift;		/* what moves the smaller group onto the larger */
	int minority_low;	/* the smaller group is the one below the cut */
};

/*
 * A robust standard deviation of v[0..n), sorted ascending: its
 * interquartile range over 1.349 (read off the sorted values, so the
 * split search stays quadratic at worst), and its median.
 */
static double spread_of(const double *v, size_t n, double *med)
{
	*med = stats_median_sorted(v, n);
	return (v[(3 * (n - 1) + 2) / 4] - v[(n - 1) / 4]) / 1.349;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Which group night value x holds: 1 the smaller, -1 the larger, 0
 * neither (nearer the other median, or beyond STATE_BAND spreads of its
 * own: a night between two levels of a staircase, or a low night before
 * a big step, is no state coming back).
 */
static int state_of(double x, double minority, double majority, double scale)
{
	double a = fabs(x - minority), b = fabs(x - majority);

	if (a < b)
		return a <= STATE_BAND * scale;
	return -(b <= STATE_BAND * scale);
}

/* What one split of the sorted values says of the nights in time order. */
struct split_look {
	double gap, sep;	/* the gap at the split and the medians' distance, in spreads */
	size_t runs;		/* the smaller group's runs */
	size_t inside;		/* the larger group's nights between its first and last,
				 * but for those alone between two of its nights */
	size_t count, longest;	/* the smaller group's nights, and its longest run */
	double apart;		/* its nights outside the longest run against those in it,
				 * in standard errors (infinite with fewer than STATE_MIN
				 * outside) */
};

/*
 * How far the mean of the nights of the smaller group (group[i] > 0)
 * outside its longest run, v[run_from .. run_to), lies from the mean of
 * those in it, in standard errors of the spread scale.
 */
static double runs_apart(const double *v, const int *group, size_t n, size_t run_from, size_t run_to, double scale)
{
	double in = 0, out = 0;
	size_t nr_in = 0, nr_out = 0;

	for (size_t i = 0; i < n; i++) {
		if (group[i] <= 0)
			continue;
		if (i >= run_from && i < run_to) {
			in += v[i];
			nr_in++;
		} else {
			out += v[i];
			nr_out++;
		}
	}
	if (!nr_in)
		return 0;
	if (nr_out < STATE_MIN)
		return INFINITY;	/* it never came back: a level, not a state */
	return fabs(out / (double)nr_out - in / (double)nr_in) / (scale * sqrt(1.0 / (double)nr_in + 1.0 / (double)nr_out));
}

static double bernoulli_ll(size_t k, size_t m)
{
	double p = (double)k / (double)m;

	return (k ? (double)k * log(p) : 0) + (k < m ? (double)(m - k) * log1p(-p) : 0);
}

/*
 * Twice the log-likelihood ratio of the likeliest change in the smaller
 * group's share of the nights (group[i] > 0 against < 0) at one night
 * over a share that holds throughout: a machine's states keep coming at
 * their rate, while a step whose noise crosses the middle leaves the
 * smaller group's share low on one side of it and high on the other.
 */
static double share_change(const int *group, size_t n)
{
	size_t m = 0, k = 0, m1 = 0, k1 = 0;
	double joint, best = 0;

	for (size_t i = 0; i < n; i++) {
		m += group[i] != 0;
		k += group[i] > 0;
	}
	if (!m)
		return 0;
	joint = bernoulli_ll(k, m);
	for (size_t i = 0; i + 1 < n; i++) {
		m1 += group[i] != 0;
		k1 += group[i] > 0;
		if (m1 >= STATE_MIN && m - m1 >= STATE_MIN)
			best = fmax(best, 2 * (bernoulli_ll(k1, m1) + bernoulli_ll(k - k1, m - m1) - joint));
	}
	return best;
}

/*
 * The groups of the sorted values split after s: their medians, and the
 * spread both share (the return value).
 */
static double split_groups(const double *sorted, size_t n, size_t s, double *m0, double *m1)
{
	double a = spread_of(sorted, s, m0), b = spread_of(sorted + s, n - s, m1);

	return fmax(sqrt((a * a * (double)s + b * b * (double)(n - s)) / (double)n), 1e-4);
}

/*
 * Whether a split shows two states: by its gap (wide 0) or, where the
 * states' noise closes the gap, by its wider separation with the smaller
 * group scattered (wide 1); its share changes are weighed last
 * (share_change(), the costliest).
 */
static int split_holds(const struct split_look *look, int wide)
{
	if (look->runs < STATE_RUNS || look->inside < STATE_MIN || !(look->apart < STATE_AGREE))
		return 0;
	if (wide)
		return look->sep >= STATE_SEP_WIDE && 2 * look->longest <= look->count;
	return look->gap >= STATE_GAP && look->sep >= STATE_SEP;
}

/*
 * Split the sorted values after s; fill *st and *look from the nights v in
 * time order. Returns whether the split shows two states (split_holds(),
 * and a share that holds: share_change() under STATE_SHARE).
 */
static int look_at_split(const double *v, const double *sorted, size_t n, size_t s, int wide, struct states *st,
			 struct split_look *look)
{
	int holds;
	double m0, m1, scale = split_groups(sorted, n, s, &m0, &m1);
	double minority, majority;
	size_t first = n, last = 0, run = 0, start = 0, run_from = 0, run_to = 0;
	int prev = 0, *group = xcalloc(n + 1, sizeof(int));

	memset(look, 0, sizeof(*look));
	look->gap = (sorted[s] - sorted[s - 1]) / scale;
	look->sep = (m1 - m0) / scale;
	st->cut = (m0 + m1) / 2;
	st->minority_low = s <= n - s;
	minority = st->minority_low ? m0 : m1;
	majority = st->minority_low ? m1 : m0;
	st->shift = majority - minority;
	for (size_t i = 0; i < n; i++) {
		int g = group[i] = state_of(v[i], minority, majority, scale);

		if (g > 0) {
			look->runs += prev <= 0;
			if (prev <= 0)
				start = i;
			run = prev <= 0 ? 1 : run + 1;
			if (run > look->longest) {
				look->longest = run;
				run_from = start;
				run_to = i + 1;
			}
			look->count++;
			first = i < first ? i : first;
			last = i;
		}
		prev = g ? g : prev;
	}
	/* a night of the larger group alone among the smaller's is a stray, not the state coming and going */
	for (size_t i = first; i < last; i++)
		look->inside += group[i] < 0 && ((i > first && group[i - 1] < 0) || group[i + 1] < 0);
	look->apart = runs_apart(v, group, n, run_from, run_to, scale);
	holds = split_holds(look, wide) && share_change(group, n) < STATE_SHARE;
	free(group);
	return holds;
}

/*
 * The states of the log values v[0..n), in time order, and sorted[0..n),
 * the same sorted: 1 with *st filled, or 0. Two ways to tell two states from one level: a gap in the sorted
 * values (the split at the widest one), or, where the states' noise
 * closes the gap, a wider separation at the split that separates most
 * (STATE_SEP_WIDE) with the smaller group scattered: no run of it holds
 * half its nights (a step, or a drift whose ramp crosses the middle a few
 * times, keeps most of its level in one run).
 */
static int states_of_sorted(const double *v, const double *sorted, size_t n, struct states *st)
{
	double best_gap = 0, best_sep = 0;
	size_t gap_at = 0, sep_at = 0;
	struct split_look look;
	int found = 0;

	for (size_t s = STATE_MIN; s + STATE_MIN <= n; s++) {
		double m0, m1, scale = split_groups(sorted, n, s, &m0, &m1);

		if ((sorted[s] - sorted[s - 1]) / scale > best_gap) {
			best_gap = (sorted[s] - sorted[s - 1]) / scale;
			gap_at = s;
		}
		if ((m1 - m0) / scale > best_sep) {
			best_sep = (m1 - m0) / scale;
			sep_at = s;
		}
	}
	if (gap_at)
		found = look_at_split(v, sorted, n, gap_at, 0, st, &look);
	if (!found && sep_at)
		found = look_at_split(v, sorted, n, sep_at, 1, st, &look);
	return found;
}

/* The same, v unsorted. */
static int find_states(const double *v, size_t n, struct states *st)
{
	double *sorted = xcalloc(n + 1, sizeof(double));
	int found;

	memcpy(sorted, v, n * sizeof(double));
	qsort(sorted, n, sizeof(double), cmp_double);
	found = states_of_sorted(v, sorted, n, st);
	free(sorted);
	return found;
}

int levels_state_nights(const struct series *s, const struct noise_model *nm, time_t from, time_t to,
			unsigned char *minority, double *shift)
{
	double *v = xcalloc(s->nr + 1, sizeof(double));
	size_t *at = xcalloc(s->nr + 1, sizeof(size_t));
	time_t len = to - from;
	struct states st = { 0, 0, 0 };
	size_t n = 0;
	int found;

	memset(minority, 0, s->nr);
	for (size_t i = 0; i < s->nr; i++) {
		double x = s->points[i].value[METRIC_HELION];
		time_t t = s->points[i].run->time;

		if (t >= from - len && t < to + len && x > 0) {
			at[n] = i;
			v[n++] = noise_adjusted(nm, t, x);
		}
	}
	found = n >= 4 * STATE_MIN && find_states(v, n, &st);
	for (size_t j = 0; found && j < n; j++)
		minority[at[j]] = (v[j] < st.cut) == st.minority_low;
	*shift = found ? st.shift : 0;
	free(v);
	free(at);
	return found;
}

/* The smaller state's share of l's nights, kept off 0 so that a cost stays finite. */
static double minority_share(const struct levels *l)
{
	size_t k = 0;

	for (size_t i = 0; i < l->n; i++)
		k += l->minority[i];
	return fmax((double)k / (double)(l->n ? l->n : 1), 0.01);
}

/* Find the states around [from, to) and move l's nights of the smaller group. */
static void remove_states(struct levels *l, const struct series *s, const struct noise_model *nm,
			  time_t from, time_t to)
{
	unsigned char *minority = xcalloc(s->nr + 1, 1);
	double shift;

	if (levels_state_nights(s, nm, from, to, minority, &shift)) {
		for (size_t i = 0; i < l->n; i++) {
			l->minority[i] = minority[l->at[i]];
			if (l->minority[i])
				l->x[i] += shift;
		}
		l->state_shift = shift;
		l->folded = 1;
	}
	free(minority);
}

/* Whether the states st of r[0..m) make half of one night's noise (sigma) at least. */
static int states_explain_noise(const struct levels *l, const double *r, size_t m, const struct states *st)
{
	double share;
	size_t k = 0;

	for (size_t j = 0; j < m; j++)
		k += (r[j] < st->cut) == st->minority_low;
	share = (double)k / (double)m;
	return sqrt(share * (1 - share)) * fabs(st->shift) >= 0.5 * l->sigma;
}

/*
 * States that the cut hid: a step near the states' distance mixes the
 * states' groups across it, so the sort of the span's values finds none
 * (remove_states()). Each level's nights taken from its median may show
 * them; they are not folded (the cut is made), only weighed where a night
 * beside a step could be the other side's in the other state
 * (levels_night_cost()).
 */
static void residual_states(struct levels *l)
{
	double *r = xcalloc(l->n + 1, sizeof(double)), *tmp = xcalloc(l->n + 1, sizeof(double)), med;
	size_t *at = xcalloc(l->n + 1, sizeof(size_t)), m = 0;
	struct states st;

	for (size_t k = 0; k <= l->nr_cuts; k++) {
		size_t a, b;

		levels_range(l, k, &a, &b);
		if (b <= a)
			continue;
		med = levels_state_level(l, a, b);	/* no states yet: the plain median */
		for (size_t i = a; i < b; i++) {
			at[m] = i;
			r[m++] = l->x[i] - med;
		}
	}
	/*
	 * States that are there make much of the night-to-night noise; two
	 * groups of rounded values 0.7% apart with nothing between them (the
	 * sort's gap, in their spreads, is then all but infinite) make none
	 * of it, and are no states.
	 */
	if (m >= 4 * STATE_MIN && find_states(r, m, &st) && states_explain_noise(l, r, m, &st)) {
		for (size_t j = 0; j < m; j++) {
			l->minority[at[j]] = (r[j] < st.cut) == st.minority_low;
			/* each night onto the larger state: what is left is the noise within a state */
			r[j] += l->minority[at[j]] ? st.shift : 0;
		}
		l->state_shift = st.shift;
		l->state_share = minority_share(l);
		l->state_spread = fmax(1.4826 * stats_mad(r, m, tmp, &med), 1e-4);
	}
	free(r);
	free(tmp);
	free(at);
}

/* Insert x into the ascending a[0 .. n). */
static void sorted_insert(double *a, size_t n, double x)
{
	size_t j = n;

	for (; j && a[j - 1] > x; j--)
		a[j] = a[j - 1];
	a[j] = x;
}

/* Remove one x from the ascending a[0 .. n). */
static void sorted_remove(double *a, size_t n, double x)
{
	size_t j = 0;

	while (j + 1 < n && a[j] != x)
		j++;
	memmove(a + j, a + j + 1, (n - j - 1) * sizeof(double));
}

/*
 * The residuals r of v[0 .. n) split at k, each side's nights from its
 * median, and the same sorted (rs): the merge of the two sides' sorted
 * values lo[0 .. k) and hi[0 .. n - k) less their medians.
 */
static void side_residuals(const double *v, const double *lo, const double *hi, size_t n, size_t k,
			   double *r, double *rs, double *med)
{
	size_t i = 0, j = 0;

	med[0] = stats_median_sorted(lo, k);
	med[1] = stats_median_sorted(hi, n - k);
	for (size_t t = 0; t < n; t++)
		r[t] = v[t] - med[t >= k];
	for (size_t t = 0; t < n; t++)
		rs[t] = j >= n - k || (i < k && lo[i] - med[0] <= hi[j] - med[1]) ? lo[i++] - med[0] : hi[j++] - med[1];
}

/*
 * States that a step hid: a step about the states' distance turns their
 * two groups of values into three or four, and the sort of the span finds
 * no two (remove_states()). Each cut of l is tried on the span
 * remove_states() reads, each side's nights taken from its own median.
 * A machine's states are there before a step and after it: they must show
 * on each side alone, the same way, and on both together; the cut whose
 * states leave the least noise within a state gives them, and l's nights
 * are folded as remove_states() folds them. Each side's values are kept
 * sorted as the cut moves, so that a cut costs no sort.
 */
static void cut_states(struct levels *l, const struct series *s, const struct noise_model *nm,
		       time_t from, time_t to)
{
	size_t cap = s->nr + 1, n = 0, k = 0;
	double *v = xcalloc(cap, sizeof(double)), *r = xcalloc(cap, sizeof(double));
	double *rs = xcalloc(cap, sizeof(double)), *lo = xcalloc(cap, sizeof(double));
	double *hi = xcalloc(cap, sizeof(double)), *tmp = xcalloc(cap, sizeof(double));
	double best = INFINITY, med[2], best_med[2] = { 0, 0 };
	time_t *tm = xcalloc(cap, sizeof(time_t)), len = to - from, best_at = 0;
	struct states st, before, best_st = { 0, 0, 0 };

	for (size_t i = 0; i < s->nr; i++) {
		double x = s->points[i].value[METRIC_HELION];
		time_t t = s->points[i].run->time;

		if (t >= from - len && t < to + len && x > 0) {
			tm[n] = t;
			v[n++] = noise_adjusted(nm, t, x);
		}
	}
	memcpy(hi, v, n * sizeof(double));
	qsort(hi, n, sizeof(double), cmp_double);
	for (size_t c = 1; c < l->n; c++) {
		time_t at = s->points[l->at[c]].run->time;
		double within, centre;

		for (; k < n && tm[k] < at; k++) {
			sorted_insert(lo, k, v[k]);
			sorted_remove(hi, n - k, v[k]);
		}
		if (k < 4 * STATE_MIN || n - k < 4 * STATE_MIN ||
		    !states_of_sorted(v, lo, k, &before) || !states_of_sorted(v + k, hi, n - k, &st) ||
		    (before.shift < 0) != (st.shift < 0))
			continue;
		side_residuals(v, lo, hi, n, k, r, rs, med);
		if (!states_of_sorted(r, rs, n, &st) || !states_explain_noise(l, r, n, &st))
			continue;
		for (size_t i = 0; i < n; i++)
			r[i] += (r[i] < st.cut) == st.minority_low ? st.shift : 0;
		within = 1.4826 * stats_mad(r, n, tmp, &centre);
		if (within < best) {
			best = within;
			best_at = at;
			best_st = st;
			memcpy(best_med, med, sizeof(med));
		}
	}
	for (size_t i = 0; best_at && i < l->n; i++) {
		double r0 = l->x[i] - best_med[s->points[l->at[i]].run->time >= best_at];

		l->minority[i] = (r0 < best_st.cut) == best_st.minority_low;
		if (l->minority[i])
			l->x[i] += best_st.shift;
	}
	if (best_at) {
		l->state_shift = best_st.shift;
		l->state_spread = best;
		l->folded = 1;
	}
	free(v);
	free(r);
	free(rs);
	free(lo);
	free(hi);
	free(tmp);
	free(tm);
}

double levels_state_level(const struct levels *l, size_t a, size_t b)
{
	double *v = xcalloc(b - a + 1, sizeof(double)), med;

	for (size_t i = a; i < b; i++)
		v[i - a] = l->x[i] + (!l->folded && l->minority[i] ? l->state_shift : 0);
	med = stats_median(v, b - a);
	free(v);
	return med;
}

double levels_night_cost(const struct levels *l, size_t i, double v)
{
	double spread = l->state_spread ? l->state_spread : l->spread, two_var = 2 * spread * spread;
	double x = l->x[i], p = fmin(l->state_share, 0.5), a, b;

	if (!l->state_shift)
		return (x - v) * (x - v) / (2 * l->spread * l->spread);
	if (l->folded && l->minority[i])
		x -= l->state_shift;	/* as measured */
	a = (x - v) * (x - v) / two_var;
	b = (x + l->state_shift - v) * (x + l->state_shift - v) / two_var + log((1 - p) / p);
	return fmin(a, b);
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
	l->sigma = nm->sigma;
	l->spread = nm->sigma;
	l->spike_at = xcalloc(l->n + 1, sizeof(size_t));
	l->spike_x = xcalloc(l->n + 1, sizeof(double));
	l->minority = xcalloc(l->n + 1, 1);
	remove_states(l, s, nm, from, to);
	if (!l->state_shift)
		cut_states(l, s, nm, from, to);
	drop_spikes(l);
	if (l->state_shift)
		l->state_share = minority_share(l);
	l->link = xcalloc(l->n + 1, 1);
	for (size_t i = 1; i < l->n; i++)
		for (size_t t = l->at[i - 1] + 1; t <= l->at[i]; t++)
			l->link[i] |= s->points[t].kernel_set_changed;
}

void levels_release(struct levels *l)
{
	free(l->x);
	free(l->at);
	free(l->day);
	free(l->link);
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
		residual_states(l);
	free(cost);
}
