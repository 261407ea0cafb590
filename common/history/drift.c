/*
 * Drifts: a move spread over several nightlies (a machine warming up, a
 * dependency creeping in) cut into levels looks like one step, or a
 * staircase of small ones, with a window of one nightly pair that holds
 * none of its cause. Each step, or run of steps the same way with short
 * levels between them, is compared with a ramp: the level before, a
 * straight line (in days) through the nightlies of the move, the level
 * after. The ramp wins when its cost (each night's distance from the
 * model, in noise units, as the segmentation counts it) plus two cuts'
 * penalty is below the steps' cost plus theirs, and it holds against a
 * sharp step and two sharp steps in least squares (refine_ramp()); the
 * steps are then one drift from its first nightly off the old level to
 * its first at the new. A sharp step left is also weighed so on the
 * kernels' own nightlies, each kernel by its noise (kernels_ramp()), and
 * so is a ramp kept, against two steps and one (kernels_read_ramp()).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/stats.h"
#include "history/levels.h"

#define DRIFT_MIN_NIGHTS 5	/* nightlies on the ramp at least */

/* med[i]: the median of x[a .. a + i + 1) for i < n, growing one value at a time. */
static void running_medians(const double *x, size_t n, int backwards, double *med)
{
	double *sorted = xcalloc(n + 1, sizeof(double));

	for (size_t i = 0; i < n; i++) {
		stats_sorted_insert(sorted, i, backwards ? x[n - 1 - i] : x[i]);
		med[i] = stats_median_sorted(sorted, i + 1);
	}
	free(sorted);
}

static double cost_of(const struct levels *l, const double *cost, size_t a, size_t b)
{
	return cost[a * (l->n + 1) + b];
}

struct ramp {
	size_t s, e;	/* x[s .. e) on the ramp: s the first off the old level, e the first at the new */
	double va, vb;	/* the flat levels before and after it (the medians of each side) */
	double cost;
};

/* Where nightly i of x lies on the ramp x[s .. e): 0 before it, 1 from e on. */
static double ramp_frac(const struct levels *l, size_t s, size_t e, size_t i)
{
	if (i < s)
		return 0;
	if (i >= e)
		return 1;
	return (double)(l->day[i] - l->day[s - 1]) / (double)(l->day[e] - l->day[s - 1]);
}

/* The best ramp over x[a .. b), each flat part MIN_LEVEL nightlies or more. */
static struct ramp best_ramp(const struct levels *l, const double *cost, size_t a, size_t b,
			     size_t min_level)
{
	size_t m = b - a;
	double *head = xcalloc(m + 1, sizeof(double)), *tail = xcalloc(m + 1, sizeof(double));
	struct ramp best = { 0, 0, NAN, NAN, INFINITY };

	running_medians(l->x + a, m, 0, head);
	running_medians(l->x + a, m, 1, tail);
	for (size_t s = a + min_level; s + DRIFT_MIN_NIGHTS + min_level <= b; s++) {
		double va = head[s - a - 1], flat = cost_of(l, cost, a, s);

		for (size_t e = s + DRIFT_MIN_NIGHTS; e + min_level <= b; e++) {
			double vb = tail[b - e - 1], c = flat + cost_of(l, cost, e, b);

			for (size_t i = s; i < e && c < best.cost; i++)
				c += fabs(l->x[i] - (va + ramp_frac(l, s, e, i) * (vb - va))) / l->sigma;
			if (c < best.cost) {
				best.s = s;
				best.e = e;
				best.va = va;
				best.vb = vb;
				best.cost = c;
			}
		}
	}
	free(head);
	free(tail);
	return best;
}

#define DRIFT_REFINE 6	/* nightlies either way refine_ramp() moves an end */
/*
 * The squares, in noise units, a drift's ramp must save over the best
 * sharp step on its span: a likelihood ratio test with the noise known,
 * chi-square of one degree of freedom (the second end) at 1e-3. A sharp
 * step whose neighbours happen to sit a little toward the other level
 * (or a step inside missing nightlies, whose ramp has few nights to
 * miss) saves a few; a drift of 6 noise units over 10 nightlies, 30.
 */
#define DRIFT_MIN_GAIN 10.8

/*
 * The nightlies x[a .. b) that a ramp and steps are fitted to: the
 * platform's own, or the kernels' (kernel_nights()), with the weight
 * that puts their squares in noise units.
 */
struct nights {
	size_t a, b;
	double *y;		/* [i - a]: the log value of night i */
	unsigned char *keep;	/* [i - a]: whether night i is counted */
	double w;		/* 1 / their noise squared */
};

static void nights_init(struct nights *nt, size_t a, size_t b)
{
	nt->a = a;
	nt->b = b;
	nt->y = xcalloc(b - a + 1, sizeof(double));
	nt->keep = xcalloc(b - a + 1, 1);
	nt->w = 0;
}

/*
 * Take the mean of nt's nights out of each: the squares ramp_squares()
 * and two_steps() sum are the same, but summed round zero instead of
 * round a log value far from it, they lose fewer bits (xx less the
 * fit's part, sum2 less s^2 / k), so a tie between two fits falls the
 * same way whatever the level (stop 78: a ramp and a sharp step equal
 * to 1e-15 were told apart differently with every value four times as
 * high).
 */
static void nights_centre(struct nights *nt)
{
	size_t m = nt->b - nt->a;
	double mean = 0;

	if (!m)
		return;
	for (size_t i = 0; i < m; i++)
		mean += nt->y[i];
	mean /= (double)m;
	for (size_t i = 0; i < m; i++)
		nt->y[i] -= mean;
}

static void nights_release(struct nights *nt)
{
	free(nt->y);
	free(nt->keep);
	memset(nt, 0, sizeof(*nt));
}

/* The squares, in noise units, of the best ramp with ends s, e over the nights kept. */
static double ramp_squares(const struct levels *l, const struct nights *nt, size_t s, size_t e)
{
	double m[5] = { 0, 0, 0, 0, 0 }, xx = 0, det, va, vb;

	for (size_t i = nt->a; i < nt->b; i++) {
		double f = ramp_frac(l, s, e, i), x = nt->y[i - nt->a];

		if (!nt->keep[i - nt->a])
			continue;
		m[0] += (1 - f) * (1 - f);
		m[1] += f * (1 - f);
		m[2] += f * f;
		m[3] += (1 - f) * x;
		m[4] += f * x;
		xx += x * x;
	}
	det = m[0] * m[2] - m[1] * m[1];
	if (!(det > 0))
		return INFINITY;
	va = (m[3] * m[2] - m[1] * m[4]) / det;
	vb = (m[0] * m[4] - m[1] * m[3]) / det;
	return nt->w * (xx - va * m[3] - vb * m[4]);
}

/* The squares, in noise units, of the best sharp step on the span s .. e (a ramp of no nightlies). */
static double sharp_squares(const struct levels *l, const struct nights *nt, size_t s, size_t e)
{
	double best = INFINITY;

	for (size_t c = s; c <= e; c++)
		best = fmin(best, ramp_squares(l, nt, c, c));
	return best;
}

/* The squares of y[from .. to) around its mean, the nights kept only, from prefix sums (two_steps()). */
static double level_squares(const double *n, const double *sum, const double *sum2, size_t from, size_t to)
{
	double k = n[to] - n[from], s = sum[to] - sum[from];

	return k ? sum2[to] - sum2[from] - s * s / k : 0;
}

/*
 * The best staircase of two sharp steps over the nights kept, in noise
 * units: its cuts c1 < c2 in [lo, hi], each level min_level nightlies or
 * more, each level's mean. Returns its squares, the cuts in *c1, *c2
 * (INFINITY and 0, 0 where none fits).
 */
static double two_steps(const struct nights *nt, size_t lo, size_t hi, size_t min_level, size_t *c1, size_t *c2)
{
	size_t a = nt->a, b = nt->b, m = b - a;
	double *n = xcalloc(3 * (m + 1), sizeof(double)), *sum = n + m + 1, *sum2 = sum + m + 1, best = INFINITY;

	for (size_t i = 0; i < m; i++) {
		double x = nt->keep[i] ? nt->y[i] : 0;

		n[i + 1] = n[i] + nt->keep[i];
		sum[i + 1] = sum[i] + x;
		sum2[i + 1] = sum2[i] + x * x;
	}
	*c1 = *c2 = 0;
	lo = lo > a + min_level ? lo : a + min_level;
	for (size_t u = lo; u <= hi && u + 2 * min_level <= b; u++)
		for (size_t v = u + min_level; v <= hi && v + min_level <= b; v++) {
			double sq = level_squares(n, sum, sum2, 0, u - a) + level_squares(n, sum, sum2, u - a, v - a) +
				    level_squares(n, sum, sum2, v - a, m);

			if (sq < best) {
				best = sq;
				*c1 = u;
				*c2 = v;
			}
		}
	free(n);
	return nt->w * best;
}

/*
 * The nights within 4 noise units of the median of the five around them
 * (fewer at the ends) are kept: a stray nightly is left out, and no
 * level of two nightlies or more, nor a ramp, loses any. Neither the
 * ramp nor the steps choose what the two are judged on.
 */
static void keep_unless_stray(struct nights *nt)
{
	size_t m = nt->b - nt->a;
	double sigma = 1 / sqrt(nt->w);

	for (size_t i = 0; i < m; i++) {
		size_t from = i >= 2 ? i - 2 : 0, to = i + 3 <= m ? i + 3 : m;
		double v[5];

		memcpy(v, nt->y + from, (to - from) * sizeof(double));
		nt->keep[i] = fabs(nt->y[i] - stats_median(v, to - from)) < 4 * sigma;
	}
}

/*
 * Whether two sharp steps within DRIFT_REFINE nightlies of the ramp
 * s .. e fit better than it, by DRIFT_MIN_GAIN (they fit one number
 * more), on the nights that are no stray of either: a staircase of two
 * steps a few nights apart lies on a ramp through them only roughly, and
 * better on its own levels. Where they do, their cuts are in steps[]
 * (else steps[0] is 0).
 */
static int stairs_win(const struct levels *l, struct nights *nt, size_t s, size_t e, size_t min_level,
		      size_t steps[2])
{
	size_t lo = s > DRIFT_REFINE ? s - DRIFT_REFINE : 0, hi = e + DRIFT_REFINE;
	double stairs;

	keep_unless_stray(nt);
	stairs = two_steps(nt, lo, hi, min_level, &steps[0], &steps[1]);
	if (ramp_squares(l, nt, s, e) - stairs >= DRIFT_MIN_GAIN)
		return 1;
	steps[0] = 0;
	return 0;
}

/*
 * The least-squares ends of the ramp r over the nights of nt kept,
 * within DRIFT_REFINE nightlies of its own: r->s and r->e set, its
 * squares returned.
 */
static double fit_ends(const struct levels *l, const struct nights *nt, size_t min_level, struct ramp *r)
{
	size_t s0 = r->s, e0 = r->e, a = nt->a, b = nt->b;
	double best = INFINITY;

	for (size_t s = s0 > a + min_level + DRIFT_REFINE ? s0 - DRIFT_REFINE : a + min_level; s <= s0 + DRIFT_REFINE; s++)
		for (size_t e = (e0 > s + DRIFT_MIN_NIGHTS + DRIFT_REFINE ? e0 - DRIFT_REFINE : s + DRIFT_MIN_NIGHTS);
		     e <= e0 + DRIFT_REFINE && e + min_level <= b; e++) {
			double sq = ramp_squares(l, nt, s, e);

			if (sq < best) {
				best = sq;
				r->s = s;
				r->e = e;
			}
		}
	return best;
}

/*
 * Under machine states (levels-states.c), whether a sharp step on the
 * ramp r fits about as well as the ramp, each night taken in the state
 * that fits it best (levels_night_cost(), in nats: DRIFT_MIN_GAIN is in
 * squares), both on the levels of the larger state. A step about the
 * states' distance with a night or two of the other state beside it
 * reads as a ramp through them on the values as measured (bench/step-rates
 * statestep 12614607: -12.4% on night 63 under states 6% apart, nights 60
 * and 61 in the lower state, and a drift from 58 to 65).
 */
static int states_fit_sharp(const struct levels *l, size_t a, size_t b, const struct ramp *r)
{
	double va = levels_state_level(l, a, r->s), vb = levels_state_level(l, r->e, b);
	double ramp = 0, step = INFINITY;

	for (size_t i = r->s; i < r->e; i++)
		ramp += levels_night_cost(l, i, va + ramp_frac(l, r->s, r->e, i) * (vb - va));
	for (size_t c = r->s; c <= r->e; c++) {
		double cost = 0;

		for (size_t i = r->s; i < r->e; i++)
			cost += levels_night_cost(l, i, i < c ? va : vb);
		step = fmin(step, cost);
	}
	return 2 * (step - ramp) < DRIFT_MIN_GAIN;
}

/*
 * The L1 ramp r over x[a .. b) (best_ramp()) refined: its ends again, by
 * least squares within DRIFT_REFINE nightlies of where the L1 fit put
 * them. A gentle ramp's first and last nightlies sit within a noise unit
 * of the flat levels, and the medians' L1 cost is indifferent over a few
 * nights there, where the mean's squares are not (Gaussian noise: the
 * squares are its likelihood). Nights the L1 ramp misses by 4 noise units
 * or more (a stray nightly) are left out. Returns whether the ramp holds:
 * it must save DRIFT_MIN_GAIN over a sharp step on its span, and two
 * sharp steps near it must not save DRIFT_MIN_GAIN over it
 * (stairs_win(), whether the segmentation cut it in one step or in two;
 * their cuts are then in steps[], else steps[0] is 0).
 */
static int refine_ramp(const struct levels *l, size_t a, size_t b, size_t min_level, struct ramp *r,
		       size_t steps[2])
{
	struct nights nt;
	double best;
	int holds;

	nights_init(&nt, a, b);
	memcpy(nt.y, l->x + a, (b - a) * sizeof(double));
	nights_centre(&nt);
	nt.w = 1 / (l->sigma * l->sigma);
	for (size_t i = a; i < b; i++)
		nt.keep[i - a] = fabs(l->x[i] - (r->va + ramp_frac(l, r->s, r->e, i) * (r->vb - r->va))) < 4 * l->sigma;
	best = fit_ends(l, &nt, min_level, r);
	holds = sharp_squares(l, &nt, r->s, r->e) - best >= DRIFT_MIN_GAIN &&
		!(l->state_shift && states_fit_sharp(l, a, b, r));
	steps[0] = 0;
	if (holds && stairs_win(l, &nt, r->s, r->e, min_level, steps))
		holds = 0;
	nights_release(&nt);
	return holds;
}

/*
 * The steps k .. j of l (one or two) become the two sharp steps at
 * steps[] that fit better than a ramp (refine_ramp()). Returns the index
 * of the second.
 */
static size_t put_two_steps(struct levels *l, size_t k, size_t j, const size_t steps[2])
{
	size_t tail = l->nr_cuts - j - 1;

	if (l->nr_cuts - (j - k + 1) + 2 > LEVELS_MAX_CUTS)
		return j;
	memmove(l->cuts + k + 2, l->cuts + j + 1, tail * sizeof(*l->cuts));
	memmove(l->from + k + 2, l->from + j + 1, tail * sizeof(*l->from));
	l->cuts[k] = l->from[k] = steps[0];
	l->cuts[k + 1] = l->from[k + 1] = steps[1];
	l->nr_cuts = k + 2 + tail;
	return k + 1;
}

/* The median change at cut k: level k + 1's median over level k's. */
static double cut_sign(const struct levels *l, size_t k)
{
	size_t a, e, m, b;
	double *v, before, after;

	levels_range(l, k, &a, &e);
	levels_range(l, k + 1, &m, &b);
	v = xcalloc(b - a + 1, sizeof(double));
	memcpy(v, l->x + a, (e - a) * sizeof(double));
	before = stats_median(v, e - a);
	memcpy(v, l->x + m, (b - m) * sizeof(double));
	after = stats_median(v, b - m);
	free(v);
	return after - before;
}

/*
 * The steps k .. j of l as a staircase: the cost of its levels, and
 * its penalty (half a cut's for each number it fits: k - j + 1 places and
 * k - j + 2 levels).
 */
static double stairs_cost(const struct levels *l, const double *cost, double beta, size_t k, size_t j)
{
	double c = beta * ((double)(j - k + 1) + 0.5);

	for (size_t i = k; i <= j + 1; i++) {
		size_t a, b;

		levels_range(l, i, &a, &b);
		c += cost_of(l, cost, a, b);
	}
	return c;
}

/*
 * The kernels' nightlies x[a .. b) as one series (kernels_ramp(),
 * kernels_read_ramp()): the mean of the logs of the kernels measured on
 * each of them, as x is taken (the platform's weekly pattern out), each
 * kernel weighed by one over its own noise squared (from its changes
 * night to night, the one into split left out). The series' strays are
 * left out by its own such noise, and its squares are as measured (a
 * weight of 1: weigh_by_ramp() sets it).
 * Returns how many nights it keeps; 0 where fewer than two kernels make
 * it, or where the nightlies fall in machine states: the kernels share
 * them, and a state's nights beside a step read as a ramp, so the
 * platform's own nightlies decide there.
 */
static size_t kernel_nights(const struct levels *l, size_t a, size_t b, size_t split, struct nights *nt)
{
	const struct series *s = l->series;
	size_t m = b - a, nr = 0, nd = 0, prev = b, kept = 0;
	double *y, *d, total = 0, sigma;

	nights_init(nt, a, b);
	if (!s || s->nr_rows < 2 || !s->helion_by_row || l->state_shift)
		return 0;
	y = xcalloc(m + 1, sizeof(double));
	d = xcalloc(m + 1, sizeof(double));
	for (size_t r = 0; r < s->nr_rows; r++) {
		size_t i;
		double w;

		nd = 0;
		prev = b;
		for (i = a; i < b; i++) {
			double v = s->helion_by_row[l->at[i] * s->nr_rows + r];

			if (!(v > 0))
				break;
			y[i - a] = noise_adjusted(&l->nm, s->points[l->at[i]].run->time, v);
			if (prev < b && i != split)
				d[nd++] = y[i - a] - y[prev - a];
			prev = i;
		}
		if (i < b)
			continue;	/* not measured on each night */
		sigma = noise_of_changes(d, nd);
		w = 1 / (sigma * sigma);
		for (i = a; i < b; i++)
			nt->y[i - a] += w * y[i - a];
		total += w;
		nr++;
	}
	nd = 0;
	prev = b;
	for (size_t i = a; i < b && nr; i++) {
		nt->y[i - a] /= total;
		if (prev < b && i != split)
			d[nd++] = nt->y[i - a] - nt->y[prev - a];
		prev = i;
	}
	sigma = noise_of_changes(d, nd);
	nt->w = 1 / (sigma * sigma);
	free(y);
	free(d);
	if (nr < 2)
		return 0;
	nights_centre(nt);
	keep_unless_stray(nt);
	for (size_t i = 0; i < m; i++)
		kept += nt->keep[i];
	nt->w = 1;
	return kept;
}

/*
 * Weigh nt by the noise left about a ramp of these squares (as measured)
 * over its kept nights, less the four numbers the ramp fits. Returns 0
 * where too few nights are kept, or no noise is left, to weigh them by.
 */
static int weigh_by_ramp(struct nights *nt, size_t kept, double squares)
{
	if (kept <= 2 * DRIFT_MIN_NIGHTS || !(squares > 0) || !(squares < INFINITY))
		return 0;
	nt->w = (double)(kept - 4) / squares;
	return 1;
}

/* Nightlies either side of a sharp cut that a ramp through it may start or end at. */
#define DRIFT_KERNEL_REACH 20
/*
 * The squares, in the noise left about the kernels' ramp, that it must
 * save over a sharp step. Its ends are searched over some 400 pairs
 * (DRIFT_KERNEL_REACH either side), not placed first by the L1 fit as
 * the platform's are, so the gain a sharp step leaves runs larger: on
 * bench/step-rates 10,810,000-10,812,000 (2,000 a family) at most 21.8
 * (recovery; twosteps 15.2, single 11.7), where a drift's sharp cuts
 * gave about 20 at the median (docs/step-detection.md).
 */
#define DRIFT_KERNEL_GAIN 30.0

/*
 * Whether the sharp cut k of l is a drift as the kernels read it. The
 * geomean weighs each kernel alike, and noisy kernels' nights can bend
 * quiet kernels' clean ramp into a sharp step with a few nights beside
 * it (accuracy seed 8, drift 21: a drift of 5.5% over 12 nightlies read
 * as a step of 3.8% on its sixth night, where kernel_a and kernel_b, at
 * 0.5% and 0.7% noise, each read the drift). The kernels' series
 * weighed by their noise (kernel_nights()) is fitted with a ramp through
 * the cut, whose squares over the nights less the four numbers it fits
 * are its noise: the ramp must save DRIFT_KERNEL_GAIN of it over a sharp
 * step on its span and hold against two sharp steps (stairs_win()).
 * Returns 1 with the ramp's ends in *rs, *re.
 */
static int kernels_ramp(const struct levels *l, size_t k, size_t min_level, size_t *rs, size_t *re)
{
	struct nights nt;
	size_t a, b, c = l->cuts[k], steps[2], kept;
	double best = INFINITY, step = INFINITY;
	int holds = 0;

	levels_range(l, k, &a, NULL);
	levels_range(l, k + 1, NULL, &b);
	kept = kernel_nights(l, a, b, c, &nt);
	if (kept) {
		size_t lo = c > a + min_level + DRIFT_KERNEL_REACH ? c - DRIFT_KERNEL_REACH : a + min_level;

		for (size_t s = lo; s <= c; s++)
			for (size_t e = c > s + DRIFT_MIN_NIGHTS ? c : s + DRIFT_MIN_NIGHTS;
			     e <= c + DRIFT_KERNEL_REACH && e + min_level <= b; e++) {
				double sq = ramp_squares(l, &nt, s, e);

				if (sq < best) {
					best = sq;
					*rs = s;
					*re = e;
				}
			}
		if (best < INFINITY)
			step = sharp_squares(l, &nt, *rs, *re);
		/* both as measured (a weight of 1), then in the noise left about the ramp */
		if (weigh_by_ramp(&nt, kept, best))
			holds = (step - best) * nt.w >= DRIFT_KERNEL_GAIN &&
				!stairs_win(l, &nt, *rs, *re, min_level, steps);
	}
	nights_release(&nt);
	return holds;
}

/*
 * The platform's ramp r over x[a .. b) as the kernels' own nightlies
 * read it: their series as kernel_nights() weighs it, in the noise left
 * about the ramp. Noisy kernels' nights can blur two steps a few nights
 * apart into a ramp through both, where the quiet kernels show both
 * sharp (bench/step-rates twosteps 10806765: +6.7% on night 32 and about
 * +7% five nights later read as a drift over nights 31-39): where two
 * sharp steps save DRIFT_MIN_GAIN over the ramp (stairs_win()), returns 1
 * with their cuts in steps[]. Else it places the ramp's ends again on
 * the kernels' series (fit_ends()), where a gentle ramp's first and last
 * nights stand out of the levels beside them better than in the
 * geomean's noise, and the ramp must save DRIFT_MIN_GAIN over a sharp
 * step there too: where it does not, returns 1 with steps[0] 0 (the
 * sharp step stays). Under a weekly pattern a night or two beside a step
 * that the pattern's removal leaves a little off read as a ramp in the
 * geomean (weekstep 14560282: a -4.4% step on night 66, a drift over
 * nights 63-69), and the kernels' series, weighed by their own noise,
 * holds the step. The two-step test is not run there: what is left of
 * the pattern the kernels share night by night, and it made a drift
 * that held a step two steps, the nearest a night off (weekstep
 * 10920868). Not under machine states (kernel_nights()).
 */
static int kernels_read_ramp(const struct levels *l, size_t a, size_t b, size_t min_level, struct ramp *r,
			     size_t steps[2])
{
	struct nights nt;
	size_t kept;
	int sharper = 0;

	steps[0] = 0;
	kept = kernel_nights(l, a, b, b, &nt);
	if (kept && weigh_by_ramp(&nt, kept, ramp_squares(l, &nt, r->s, r->e))) {
		sharper = !l->nm.weekly && stairs_win(l, &nt, r->s, r->e, min_level, steps);
		if (!sharper) {
			double ramp = fit_ends(l, &nt, min_level, r);

			sharper = sharp_squares(l, &nt, r->s, r->e) - ramp < DRIFT_MIN_GAIN;
		}
	}
	nights_release(&nt);
	return sharper;
}

void levels_find_drifts(struct levels *l, const double *cost, double beta, size_t min_level)
{
	for (size_t k = 0; k < l->nr_cuts; k++) {
		size_t a, best_j = k, steps[2], end;
		double sign = cut_sign(l, k), best_gain = 0;
		struct ramp best = { 0, 0, INFINITY };

		if (l->from[k] < l->cuts[k])
			continue;	/* a drift already */
		levels_range(l, k, &a, NULL);
		for (size_t j = k; j < l->nr_cuts && l->from[j] == l->cuts[j] &&
		     (cut_sign(l, j) < 0) == (sign < 0); j++) {
			size_t b;
			struct ramp r;
			double gain;

			levels_range(l, j + 1, NULL, &b);
			r = best_ramp(l, cost, a, b, min_level);
			/* a ramp fits four numbers: its two ends and the levels */
			gain = stairs_cost(l, cost, beta, k, j) - r.cost - 2 * beta;

			if (gain > best_gain) {
				best_gain = gain;
				best_j = j;
				best = r;
			}
		}
		if (best_gain <= 0)
			continue;
		levels_range(l, best_j + 1, NULL, &end);
		if (!refine_ramp(l, a, end, min_level, &best, steps) || kernels_read_ramp(l, a, end, min_level, &best, steps)) {
			/* two sharp steps fit better: they replace one or two, not a staircase of more */
			if (steps[0] && best_j <= k + 1)
				k = put_two_steps(l, k, best_j, steps);
			continue;	/* else the steps fit as well */
		}
		/* one cut at the ramp's end, its nightlies between the levels */
		for (size_t i = k; i < best_j; i++) {
			memmove(l->cuts + k, l->cuts + k + 1, (l->nr_cuts - k - 1) * sizeof(*l->cuts));
			memmove(l->from + k, l->from + k + 1, (l->nr_cuts - k - 1) * sizeof(*l->from));
			l->nr_cuts--;
		}
		l->cuts[k] = best.e;
		l->from[k] = best.s;
	}
	for (size_t k = 0; k < l->nr_cuts; k++) {
		size_t s = 0, e = 0;

		if (l->from[k] == l->cuts[k] && kernels_ramp(l, k, min_level, &s, &e)) {
			l->from[k] = s;
			l->cuts[k] = e;
		}
	}
}
