/*
 * Two machine states among a stretch's nightly values (states.h): found
 * by the sort of the values, and told from a step, a dip or a drift.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/stats.h"
#include "history/states.h"

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
#define STATE_RUNS 3
#define STATE_BAND 2.5	/* a night of a group lies within this many spreads of its median */
#define STATE_SEP_WIDE 4.5	/* without a gap */
#define STATE_AGREE 4.0
#define STATE_SHARE 30.0	/* share_change() below this */

int states_in_smaller(const struct states *st, double x)
{
	return (x < st->cut) == st->minority_low;
}

double states_onto_larger(const struct states *st, double x)
{
	return states_in_smaller(st, x) ? x + st->shift : x;
}

/*
 * A robust standard deviation of v[0..n), sorted ascending: its
 * interquartile range over 1.349 (read off the sorted values, so the
 * split search stays quadratic at worst), and its median.
 */
static inline double spread_of(const double *v, size_t n, double *med)
{
	*med = stats_median_sorted(v, n);
	return (v[(3 * (n - 1) + 2) / 4] - v[(n - 1) / 4]) / 1.349;
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

double states_share_ll(size_t k, size_t m)
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
	joint = states_share_ll(k, m);
	for (size_t i = 0; i + 1 < n; i++) {
		m1 += group[i] != 0;
		k1 += group[i] > 0;
		if (m1 >= STATE_MIN && m - m1 >= STATE_MIN)
			best = fmax(best, 2 * (states_share_ll(k1, m1) + states_share_ll(k - k1, m - m1) - joint));
	}
	return best;
}

/* states_split(), inline for the search over every split (states_of_sorted()) */
static inline double split_scale(const double *sorted, size_t n, size_t s, double *m0, double *m1)
{
	double a = spread_of(sorted, s, m0), b = spread_of(sorted + s, n - s, m1);

	return fmax(sqrt((a * a * (double)s + b * b * (double)(n - s)) / (double)n), 1e-4);
}

double states_split(const double *sorted, size_t n, size_t s, double *m0, double *m1)
{
	return split_scale(sorted, n, s, m0, m1);
}

/*
 * Whether a split's groups lie far enough apart for two states, read off
 * the sorted values alone: by its gap (wide 0) or, where the states' noise
 * closes the gap, by its wider separation (wide 1).
 */
static int split_separates(const struct split_look *look, int wide)
{
	if (wide)
		return look->sep >= STATE_SEP_WIDE;
	return look->gap >= STATE_GAP && look->sep >= STATE_SEP;
}

/*
 * Whether a split that separates shows two states in time order: the
 * smaller group comes back (with wide 1, scattered); its share changes
 * are weighed last (share_change(), the costliest).
 */
static int split_holds(const struct split_look *look, int wide)
{
	if (look->runs < STATE_RUNS || look->inside < STATE_MIN || !(look->apart < STATE_AGREE))
		return 0;
	return !wide || 2 * look->longest <= look->count;
}

/*
 * Split the sorted values after s; fill *st, and *look from the nights v
 * in time order where the split separates. Returns whether the split
 * shows two states (split_separates(), split_holds(), and a share that
 * holds: share_change() under STATE_SHARE).
 */
static int look_at_split(const double *v, const double *sorted, size_t n, size_t s, int wide, struct states *st,
			 struct split_look *look)
{
	int holds;
	double m0, m1, scale = split_scale(sorted, n, s, &m0, &m1);
	double minority, majority;
	size_t first = n, last = 0, run = 0, start = 0, run_from = 0, run_to = 0;
	int prev = 0, *group;

	memset(look, 0, sizeof(*look));
	look->gap = (sorted[s] - sorted[s - 1]) / scale;
	look->sep = (m1 - m0) / scale;
	st->cut = (m0 + m1) / 2;
	st->minority_low = s <= n - s;
	minority = st->minority_low ? m0 : m1;
	majority = st->minority_low ? m1 : m0;
	st->shift = majority - minority;
	/* most stretches end here: the nights in time order are walked only for a split that separates */
	if (!split_separates(look, wide))
		return 0;
	group = xcalloc(n + 1, sizeof(int));
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
 * Two ways to tell two states from one level: a gap in the sorted values
 * (the split at the widest one), or, where the states' noise closes the
 * gap, a wider separation at the split that separates most
 * (STATE_SEP_WIDE) with the smaller group scattered: no run of it holds
 * half its nights (a step, or a drift whose ramp crosses the middle a few
 * times, keeps most of its level in one run).
 */
int states_of_sorted(const double *v, const double *sorted, size_t n, struct states *st)
{
	double best_gap = 0, best_sep = 0;
	size_t gap_at = 0, sep_at = 0;
	struct split_look look;
	int found = 0;

	for (size_t s = STATE_MIN; s + STATE_MIN <= n; s++) {
		double m0, m1, scale = split_scale(sorted, n, s, &m0, &m1);

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

int states_find(const double *v, size_t n, struct states *st)
{
	double *sorted = xcalloc(n + 1, sizeof(double));
	int found;

	memcpy(sorted, v, n * sizeof(double));
	stats_sort(sorted, n);
	found = states_of_sorted(v, sorted, n, st);
	free(sorted);
	return found;
}
