/*
 * The posterior over the first bad commit of `run --metric`: the model of
 * posterior.h and its evidence per hypothesis (what the policy and the
 * reports read off it is in posterior-read.c).
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/stats.h"
#include "util/usage.h"
#include "bisect/posterior.h"
#include "bisect/posterior-model.h"

/* Rounds of the variational fit: enough for the shares of a stray run to settle. */
#define FIT_ROUNDS 5
/*
 * Degrees of freedom the noise is never given fewer than: two runs and two
 * levels leave none, and the integral over sigma has no value (the
 * posterior is not ready then).
 */
#define FIT_MIN_DF 0.5

/* "No step" is a priori as likely as each culprit: the step may be past the bad end. */
static double no_step_prior(size_t nr)
{
	return 1.0 / (double)(nr + 1);
}

void posterior_init(struct posterior *p, size_t nr)
{
	memset(p, 0, sizeof(*p));
	p->nr = nr;
	p->p_none = no_step_prior(nr);
	p->level = NAN;
}

void posterior_set_states(struct posterior *p, double min_change, double recorded_gap)
{
	int recorded = recorded_gap > 0 && isfinite(recorded_gap);
	double gap = POSTERIOR_STATES_GAP * min_change;

	if (recorded && gap > 0)
		gap = fmax(gap, POSTERIOR_STATES_REACH * recorded_gap);
	p->state_gap = gap > 0 && isfinite(gap) ? gap : 0;
	p->state_odds = recorded ? POSTERIOR_STATES_RECORDED : POSTERIOR_STATES;
}

int posterior_set_noise(struct posterior *p, double var, double df)
{
	int some = var > 0 && isfinite(var) && df > 0 && isfinite(df);

	p->prior_var = some ? var : 0;
	p->prior_df = some ? fmin(df, POSTERIOR_NOISE_DF) : 0;
	return some;
}

void posterior_release(struct posterior *p)
{
	free(p->group);
	free(p->y);
	free(p->w);
	free(p->in);
	free(p->odd);
	free(p->centre);
	free(p->spread);
	free(p->tmp);
	free(p->pos);
	free(p->by_value);
	memset(p, 0, sizeof(*p));
}

/* The digamma function, by recurrence up to 6 and the asymptotic series. */
static double digamma(double x)
{
	double r = 0, f;

	while (x < 6) {
		r -= 1 / x;
		x += 1;
	}
	f = 1 / (x * x);
	return r + log(x) - 0.5 / x - f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f / 132))));
}

/* One split's fit: side 0 the runs [0, cut), side 1 [cut, n). */
struct fit {
	double level[2], n[2];
	double s, df;		/* the weighted residual sum of squares, its degrees of freedom */
	double evidence;	/* log of the (lower bound of the) marginal likelihood */
	double held;		/* the posterior that the recorded noise holds (0: none recorded) */
	int proper;		/* at least one degree of freedom for the noise */
};

/* Run j's share of being normal: its commit not odd, and it not a stray. */
static double normal(const struct posterior *p, size_t j)
{
	return (1 - p->odd[j]) * p->w[j];
}

/*
 * The variational fit of one split from each side's median and a noise
 * variance var0: q(stray) per run and q(levels, sigma) in turns
 * (mean-field EM). Given the shares w of being normal, the levels (flat)
 * and sigma integrate in closed form: with W the shares' sum, S their
 * weighted sum of squares around each side's weighted mean and
 * df = W - sides, over sigma's prior 1/sigma
 *   prod_k sqrt(2 pi / W_k) (2 pi)^(-W/2) Gamma(df/2) (S/2)^(-df/2) / 2,
 * over the levels' prior width once per side; with recorded the noise's
 * prior instead (sigma^2 inverse gamma of nu0 / 2 and nu0 s0^2 / 2), the
 * last three factors are
 *   Gamma((df + nu0)/2) ((S + nu0 s0^2)/2)^(-(df + nu0)/2) (nu0 s0^2/2)^(nu0/2) / Gamma(nu0/2).
 * Any shares give a lower bound of the evidence; the fit's are a local
 * best.
 */
static void fit_noise(struct posterior *p, const struct model *m, int recorded, size_t cut, const double *median,
		      double var0, struct fit *f)
{
	size_t n = p->runs, from[2] = { 0, cut }, to[2] = { cut, n };
	double e_prec = 1 / var0, e_logvar = log(var0), extra[2] = { 0, 0 }, ss, w_sum = 0;
	double prior_ss = recorded ? m->prior_ss : 0, prior_df = recorded ? m->prior_df : 0;
	int sides = (cut > 0) + (cut < n);
	struct odd_sums odd;

	f->level[0] = median[0];
	f->level[1] = median[1];
	f->n[0] = f->n[1] = 0;
	for (int round = 0; round < FIT_ROUNDS; round++) {
		double sum[2] = { 0, 0 };

		/* Each run's share of being normal, against the fit so far. */
		for (int k = 0; k < 2; k++)
			for (size_t j = from[k]; j < to[k]; j++) {
				double d = p->y[j] - f->level[k];

				p->in[j] = m->log_inlier - 0.5 * e_logvar - 0.5 * (e_prec * d * d + extra[k]);
				p->w[j] = 1 / (1 + exp(m->log_stray - p->in[j]));
			}
		/* No commit starts odd: the first round's noise is the sides' alone. */
		posterior_share_odd(p, m, f->level, e_prec, e_logvar, round > 0, &odd);
		/* The levels and the noise, given those shares. */
		ss = w_sum = 0;
		for (int k = 0; k < 2; k++) {
			if (from[k] == to[k])
				continue;
			f->n[k] = 0;
			for (size_t j = from[k]; j < to[k]; j++) {
				f->n[k] += normal(p, j);
				sum[k] += normal(p, j) * p->y[j];
			}
			f->n[k] = fmax(f->n[k], 1e-9);
			f->level[k] = sum[k] / f->n[k];
			for (size_t j = from[k]; j < to[k]; j++)
				ss += normal(p, j) * (p->y[j] - f->level[k]) * (p->y[j] - f->level[k]);
			w_sum += f->n[k];
			extra[k] = 1 / f->n[k];
		}
		f->s = ss + odd.ss + m->var_floor * (w_sum + odd.runs) + prior_ss;
		f->proper = w_sum + odd.runs - odd.levels - sides >= 1;
		f->df = fmax(w_sum + odd.runs - odd.levels - sides, FIT_MIN_DF) + prior_df;
		e_prec = f->df / f->s;
		e_logvar = log(f->s / 2) - digamma(f->df / 2);
	}
	f->evidence = posterior_odd_evidence(p, m, f->level, f->s / f->df);
	for (size_t j = 0; j < n; j++)
		f->evidence += normal(p, j) * (m->log_inlier + 0.5 * log(2 * M_PI)) +
			(1 - p->odd[j]) * ((1 - p->w[j]) * m->log_stray + posterior_entropy(p->w[j]));
	/*
	 * A side whose runs are all strays has a level the data do not hold:
	 * its prior's width bounds the integral (no more than one run's
	 * worth of it, so that a fit never gains by giving up a whole side).
	 */
	for (int k = 0; k < 2; k++)
		if (from[k] != to[k])
			f->evidence += 0.5 * log(2 * M_PI / fmax(f->n[k], 1)) - m->log_range;
	f->evidence += -0.5 * (w_sum + odd.runs) * log(2 * M_PI) + lgamma(f->df / 2) - f->df / 2 * log(f->s / 2);
	if (recorded)
		f->evidence += prior_df / 2 * log(prior_ss / 2) - lgamma(prior_df / 2);
	else
		f->evidence -= log(2) + m->log_flat_width;
	f->held = recorded;
}

/* log(exp(a) + exp(b)), either of them -INFINITY. */
static double log_add(double a, double b)
{
	double top = fmax(a, b);

	return top == -INFINITY ? top : top + log(exp(a - top) + exp(b - top));
}

/*
 * The fit of one split, from one start. With a recorded noise, each
 * hypothesis is weighed under both noises it may have: the recorded one
 * holds (a priori POSTERIOR_NOISE_HELD), or it does not and sigma is
 * anything within POSTERIOR_NOISE_WIDTH times it either way; the evidence
 * is their mixture, the levels and noise those of the likelier, and held
 * the posterior that the recorded noise holds.
 */
static void fit_from(struct posterior *p, const struct model *m, size_t cut, const double *median, double var0,
		     struct fit *f)
{
	struct fit with;
	double a, b;

	fit_noise(p, m, 0, cut, median, var0, f);
	if (!(m->prior_df > 0))
		return;
	fit_noise(p, m, 1, cut, median, var0, &with);
	a = log(POSTERIOR_NOISE_HELD) + with.evidence;
	b = log1p(-POSTERIOR_NOISE_HELD) + f->evidence;
	with.evidence = log_add(a, b);
	with.held = exp(a - with.evidence);
	with.proper = f->proper;
	if (a < b) {
		f->evidence = with.evidence;
		f->held = with.held;
	} else {
		*f = with;
	}
}

/* Whether two fits are the same mode: their levels within 3 noise units. */
static int same_mode(const struct fit *a, const struct fit *b)
{
	double tol = 3 * sqrt(fmax(a->s / a->df, b->s / b->df));

	for (int k = 0; k < 2; k++)
		if (isnan(a->level[k]) != isnan(b->level[k]) || fabs(a->level[k] - b->level[k]) > tol)
			return 0;
	return 1;
}

/*
 * Keep the best fit in f[0] and the best of another mode in f[1] (*nr of
 * them): a side of two runs, one of them a stray, has two (either run its
 * level), and the step's posterior is the mixture of both.
 */
static void keep_mode(struct fit *f, size_t *nr, const struct fit *fit)
{
	if (!*nr) {
		f[(*nr)++] = *fit;
	} else if (same_mode(&f[0], fit)) {
		if (fit->evidence > f[0].evidence)
			f[0] = *fit;
	} else if (fit->evidence > f[0].evidence) {
		f[1] = f[0];
		f[0] = *fit;
		*nr = 2;
	} else if (*nr == 1 || fit->evidence > f[1].evidence) {
		f[1] = *fit;
		*nr = 2;
	}
}

/*
 * 1.4826 times the median distance of the runs from centre (per side) of
 * the sides of three runs or more, else of two: a robust spread, so that
 * two strays among ten runs cannot hide behind the noise they inflate.
 */
static double robust_spread(struct posterior *p, const size_t *from, const size_t *to, const double *centre)
{
	size_t nr = 0;

	for (size_t least = 3; least >= 2 && nr < 2; least--) {
		nr = 0;
		for (int k = 0; k < 2; k++)
			for (size_t j = from[k]; to[k] - from[k] >= least && j < to[k]; j++)
				p->tmp[nr++] = fabs(p->y[j] - centre[k]);
	}
	return nr > 1 ? 1.4826 * stats_median(p->tmp, nr) : 0;
}

/*
 * The median of the runs [from, to) less those of the commit with most of
 * them, when that commit (not an end) holds more than half, and three or
 * more (of two, one stray leaves the other a noise of the floor's): NAN
 * otherwise. tmp is the scratch.
 */
static double median_without_dominant(struct posterior *p, size_t from, size_t to)
{
	size_t most = 0, at = 0, nr = 0;

	for (size_t j = from, next; j < to; j = next) {
		next = posterior_commit_end(p, j, to);
		if (next - j > most && p->pos[j] && p->pos[j] != p->nr) {
			most = next - j;
			at = j;
		}
	}
	if (most < 3 || 2 * most <= to - from)
		return NAN;
	for (size_t j = from; j < to; j++)
		if (j < at || j >= at + most)
			p->tmp[nr++] = p->y[j];
	stats_sort(p->tmp, nr);
	return stats_median_sorted(p->tmp, nr);
}

/*
 * Whether a side's other start (NAN: none) lies over 3 robust spreads
 * (var, squared) from each of its starts; level takes the other starts,
 * a side without one its first start.
 */
static int far_from_starts(const double *other, double *level, double start[2][2], const size_t *nr_start,
			   double var)
{
	double tol = 3 * sqrt(var);
	int far_side = 0;

	for (int k = 0; k < 2; k++) {
		int far = !isnan(other[k]);

		for (size_t i = 0; far && i < nr_start[k]; i++)
			far &= fabs(other[k] - start[k][i]) > tol;
		level[k] = far ? other[k] : start[k][0];
		far_side |= far;
	}
	return far_side;
}

/*
 * The best of the fits of a split from several starts, by mode. The levels
 * start at each side's median, or, for a side of an even number of runs,
 * at either of its two middle runs (their midpoint would make strays of
 * both halves of a side split in two clusters); the noise at the plain
 * spread around them (wide: no run starts as a stray one), at the robust
 * spread around the medians, and, where a start is not the median, at the
 * robust spread around the start: a side split in two clusters (a commit
 * whose every run is far off, beside the level) has its median between
 * them, and a spread around it as wide as their gap, from which no fit
 * finds the tight mode. And, with the runs in position order, from the
 * median of a side's runs less those of a commit that holds more than
 * half of them, where that lies far from the side's starts (the other
 * side at its first start): a commit measuring neither level, run more
 * often than the rest of its side, is that side's median, and every
 * other start reads the rest as strays. Each fit is a lower bound of the
 * evidence of its mode: the highest is the best. Returns the modes kept
 * in f (1 or 2).
 */
static size_t fit_split(struct posterior *p, const struct model *m, size_t cut, int by_position, struct fit *f)
{
	size_t n = p->runs, from[2] = { 0, cut }, to[2] = { cut, n }, nr_start[2] = { 1, 1 }, nr = 0;
	double start[2][2] = { { NAN, NAN }, { NAN, NAN } }, median[2] = { NAN, NAN }, aside[2] = { NAN, NAN }, var[3];
	int sides = (cut > 0) + (cut < n);
	struct fit other;

	for (int k = 0; k < 2; k++) {
		if (from[k] == to[k])
			continue;
		size_t size = to[k] - from[k];

		memcpy(p->tmp, p->y + from[k], size * sizeof(double));
		stats_sort(p->tmp, size);
		median[k] = stats_median_sorted(p->tmp, size);
		/* An even side starts at either middle run: two clusters of half each. */
		start[k][0] = p->tmp[(size - 1) / 2];
		start[k][1] = p->tmp[size / 2];
		nr_start[k] = size % 2 ? 1 : 2;
		if (by_position)
			aside[k] = median_without_dominant(p, from[k], to[k]);
	}
	var[1] = robust_spread(p, from, to, median);
	var[1] *= var[1];
	for (size_t a = 0; a <= nr_start[0]; a++)
		for (size_t b = 0; b < nr_start[1]; b++) {
			int from_other = a == nr_start[0];
			double level[2] = { start[0][from_other ? 0 : a], start[1][b] }, ss = 0;
			size_t nr_var = 2;

			if (from_other && (b || !far_from_starts(aside, level, start, nr_start, var[1])))
				continue;
			for (int k = 0; k < 2; k++)
				for (size_t j = from[k]; j < to[k]; j++)
					ss += (p->y[j] - level[k]) * (p->y[j] - level[k]);
			var[0] = fmax(ss / fmax((double)n - sides, 1), m->var_floor);
			if (from_other || nr_start[0] + nr_start[1] > 2) {
				var[2] = robust_spread(p, from, to, level);
				var[2] *= var[2];
				nr_var += var[2] < 1e-2 * var[1];
			}
			for (size_t v = 0; v < nr_var; v++) {
				if (v && !(var[v] > m->var_floor))
					continue;
				fit_from(p, m, cut, level, var[v], &other);
				keep_mode(f, &nr, &other);
			}
		}
	return nr;
}

/* Whether levels a and b lie at most gap (a fraction of their mean) apart. */
static int within_gap(double a, double b, double gap)
{
	return fabs(b - a) <= gap * fabs(a + b) / 2;
}

/*
 * The evidence of "no step" under noise of two states (posterior.h): each
 * run in the lower state or the upper one, the upper's share uniform a
 * priori, so that an assignment of k runs of n to it is a priori
 * B(k + 1, n - k + 1). The likeliest assignments cut the runs sorted by
 * value: each cut is fitted as a split (two levels, one sigma, the
 * strays), its levels at most gap times the level apart, and the cuts'
 * evidence summed (a lower bound of the sum over every assignment).
 * -INFINITY without a cut that fits, or with gap 0.
 */
static double two_state_evidence(struct posterior *p, const struct model *by_position_model, double gap)
{
	size_t n = p->runs;
	double *by_position = p->y, evidence = -INFINITY, best = -INFINITY;
	struct fit f[2];
	/* Sorted by value, the runs are no longer grouped by commit: none is odd. */
	struct model value_model = *by_position_model, *m = &value_model;

	m->odd = 0;
	if (!(gap > 0) || n < 2)
		return -INFINITY;
	memcpy(p->by_value, p->y, n * sizeof(double));
	stats_sort(p->by_value, n);
	p->y = p->by_value;
	for (size_t k = 1; k < n; k++) {
		const double *y = p->by_value;
		double lower = stats_median_sorted(y, k), upper = stats_median_sorted(y + k, n - k);
		size_t nr;
		double assign;

		/* A fit's levels lie near its sides' medians: a cut whose medians lie further apart than the gap fits none. */
		if (!within_gap(lower, upper, gap))
			continue;
		nr = fit_split(p, m, k, 0, f);
		assign = lgamma((double)k + 1) + lgamma((double)(n - k) + 1) - lgamma((double)n + 2);

		for (size_t i = 0; i < nr; i++) {
			if (!within_gap(f[i].level[0], f[i].level[1], gap))
				continue;
			evidence = log_add(evidence, f[i].evidence + assign);
			if (f[i].evidence + assign > best) {
				best = f[i].evidence + assign;
				memcpy(p->states, f[i].level, sizeof(p->states));
			}
		}
	}
	p->y = by_position;
	return evidence;
}

/*
 * A noise variance never reached (a timer's quantum): 1e-6 of the runs'
 * range, but of no more than NOISE_FLOOR_SPREADS times their spread
 * around their median (their MAD; 1e-9 of their size when more than half
 * are alike). A range that wide is a commit whose runs are all far off
 * (100x the level, or 1e100): 1e-6 of it would lie above the noise
 * itself, every fit would see a noise of the floor's, and ends a few
 * floors apart would read as alike.
 */
#define NOISE_FLOOR_SPREADS 1e3

static double noise_floor(struct posterior *p, double range)
{
	double centre, spread;

	if (!p->runs)
		return 0;
	spread = stats_mad(p->y, p->runs, p->tmp, &centre);
	/* More than half alike: 1e-9 of their size, or of the range when they are 0 (a count). */
	if (!(spread > 1e-9 * fmax(fabs(centre), range)))
		spread = 1e-9 * fmax(fabs(centre), range);
	if (range > NOISE_FLOOR_SPREADS * spread)
		range = fmax(NOISE_FLOOR_SPREADS * spread, 1e-300);
	/* Never 0, which no integral over the noise survives (every run 0). */
	return fmax((1e-6 * range) * (1e-6 * range), DBL_MIN);
}

/* Gather the runs in position order; returns how many positions have runs. */
static void gather(struct posterior *p, const struct samples *at, struct model *m)
{
	double lo = INFINITY, hi = -INFINITY, range;
	size_t n = 0;

	for (size_t q = 0; q <= p->nr; q++)
		n += at[q].nr;
	if (n > p->alloc_y) {
		p->alloc_y = n;
		p->y = xrealloc(p->y, n * sizeof(double));
		p->w = xrealloc(p->w, n * sizeof(double));
		p->in = xrealloc(p->in, n * sizeof(double));
		p->odd = xrealloc(p->odd, n * sizeof(double));
		p->centre = xrealloc(p->centre, n * sizeof(double));
		p->spread = xrealloc(p->spread, n * sizeof(double));
		p->tmp = xrealloc(p->tmp, n * sizeof(double));
		p->pos = xrealloc(p->pos, n * sizeof(size_t));
		p->by_value = xrealloc(p->by_value, n * sizeof(double));
	}
	p->runs = 0;
	for (size_t q = 0; q <= p->nr; q++)
		for (size_t i = 0; i < at[q].nr; i++) {
			p->pos[p->runs] = q;
			p->y[p->runs++] = at[q].v[i];
			lo = fmin(lo, at[q].v[i]);
			hi = fmax(hi, at[q].v[i]);
		}
	/* Each commit's median and median distance from it, once: every odd fit reads them. */
	for (size_t j = 0, next; j < p->runs; j = next) {
		next = posterior_commit_end(p, j, p->runs);
		p->spread[j] = stats_mad(p->y + j, next - j, p->tmp, &p->centre[j]);
	}
	/*
	 * The runs' range sets the priors' scale (never 0: all runs alike is a
	 * range of 1e-9 of their size; all of them 0, a count that never
	 * moved, has no size, and any scale gives the same answer: 1).
	 */
	range = hi - lo;
	if (!(range > 1e-9 * fmax(fabs(lo), fabs(hi))))
		range = fmax(fabs(lo), fabs(hi)) > 0 ? fmax(1e-9 * fmax(fabs(lo), fabs(hi)), 1e-300) : 1;
	m->log_inlier = log1p(-POSTERIOR_OUTLIERS) - 0.5 * log(2 * M_PI);
	m->log_stray = log(POSTERIOR_OUTLIERS / (POSTERIOR_OUTLIER_RANGE * range));
	m->odd = 1;
	m->log_odd = log(POSTERIOR_ODD_COMMITS);
	m->log_not_odd = log1p(-POSTERIOR_ODD_COMMITS);
	m->log_range = log(POSTERIOR_LEVEL_RANGE * range);
	m->var_floor = noise_floor(p, range);
	m->prior_df = p->prior_df;
	m->prior_ss = p->prior_df * p->prior_var;
	/* 1/sigma over [s0 / width, s0 width]: proper, to be weighed against the recorded noise */
	m->log_flat_width = p->prior_df > 0 ? log(2 * log(POSTERIOR_NOISE_WIDTH)) : 0;
}

/*
 * The culprits lo + 1..hi, whose good side is the runs [0, cut): a group
 * for each mode of the fit, p the log of the interval's unnormalised
 * posterior for now, share each mode's part of it.
 */
static void add_group(struct posterior *p, size_t lo, size_t hi, const struct fit *f, size_t nr_fits, size_t cut)
{
	double best = f[0].evidence, sum = 0;

	for (size_t i = 0; i < nr_fits; i++)
		sum += exp(f[i].evidence - best);
	for (size_t i = 0; i < nr_fits; i++) {
		struct posterior_group *g;

		ALLOC_GROW(p->group, p->nr_group + 1, p->alloc_group);
		g = &p->group[p->nr_group++];
		g->lo = lo;
		g->hi = hi;
		g->p = log((1 - no_step_prior(p->nr)) / (double)p->nr) + log((double)(hi - lo)) + best + log(sum);
		g->share = exp(f[i].evidence - best) / sum;
		g->good = cut ? f[i].level[0] : NAN;
		g->bad = cut < p->runs ? f[i].level[cut ? 1 : 0] : NAN;
		g->n_good = cut ? f[i].n[0] : 0;
		g->n_bad = cut < p->runs ? f[i].n[cut ? 1 : 0] : 0;
		g->var = f[i].s / f[i].df;
		g->df = f[i].df;
		g->held = f[i].held;
	}
}

void posterior_update(struct posterior *p, const struct samples *at)
{
	struct model m;
	struct fit all, f[2];
	double top, sum;
	size_t lo = 0, nr_f;

	gather(p, at, &m);
	p->nr_group = 0;
	p->p_states = 0;
	p->states[0] = p->states[1] = NAN;
	p->ready = p->runs > 0;
	if (!p->runs) {
		all.evidence = 0;
		all.level[0] = all.level[1] = NAN;
		all.s = all.df = 1;
		all.n[0] = all.n[1] = 0;
		all.held = 0;
	} else {
		/* "No step": one level, one mode (a side of two runs is no window). */
		fit_split(p, &m, p->runs, 1, f);
		all = f[0];
		p->ready = all.proper;
		if (p->state_gap > 0) {
			double two = log(p->state_odds) + two_state_evidence(p, &m, p->state_gap);

			p->p_states = two == -INFINITY ? 0 : 1 / (1 + exp(all.evidence - two));
			all.evidence = log_add(all.evidence, two);
		}
	}
	p->level = all.level[0];
	p->none_var = all.s / all.df;
	p->none_df = all.df;
	p->none_n = all.n[0];
	p->none_held = all.held;
	/*
	 * The culprits between two probed positions split the runs alike: the
	 * good side holds the runs up to the lower one, the bad side the
	 * rest. A side without runs leaves the other to fit every run alone,
	 * as "no step" does.
	 */
	for (size_t j = 0; j <= p->runs; j++) {
		size_t hi = j < p->runs ? p->pos[j] : p->nr;

		if (j < p->runs && (!hi || (j && p->pos[j - 1] == hi)))
			continue;	/* not the first run of a position above 0 */
		if (hi > lo) {
			/* The runs before j are the good side of the culprits lo + 1..hi. */
			if (j && j < p->runs) {
				nr_f = fit_split(p, &m, j, 1, f);
				p->ready &= f[0].proper;
				add_group(p, lo, hi, f, nr_f, j);
			} else {
				add_group(p, lo, hi, &all, 1, j);
			}
		}
		lo = hi;
	}
	/* Normalise, with "no step" (the modes of an interval share its p). */
	top = log(no_step_prior(p->nr)) + all.evidence;
	for (size_t i = 0; i < p->nr_group; i++)
		top = fmax(top, p->group[i].p);
	p->p_none = exp(log(no_step_prior(p->nr)) + all.evidence - top);
	sum = p->p_none;
	for (size_t i = 0; i < p->nr_group; i++) {
		p->group[i].p = exp(p->group[i].p - top);
		sum += p->group[i].p * p->group[i].share;
	}
	p->p_none /= sum;
	for (size_t i = 0; i < p->nr_group; i++)
		p->group[i].p /= sum;
}
