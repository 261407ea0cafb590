/*
 * A step that machine states hide (levels.h): where the folded levels cut
 * nothing near the date, the nightlies as measured are weighed as a
 * mixture of two states, with one level or with a step at a night.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/stats.h"
#include "history/levels.h"

/* Rounds of expectation-maximisation a fit takes at most, and the gain in nats that ends it sooner. */
#define STATE_STEP_ROUNDS 60
#define STATE_STEP_SETTLED 1e-6

/*
 * Two states under one level, or under two with a cut: night i at the
 * level of its side, mu[i >= cut], or gap above it, with probability
 * share, with normal noise of variance var either way.
 */
struct mixture {
	double mu[2], gap, share, var;
	double ll;	/* the log-likelihood of the nights, in nats */
};

/*
 * Fit m to x[0 .. n) with a cut at cut (n: one level) from where m
 * stands, by expectation-maximisation: the log-likelihood of the last
 * parameters is left in m->ll.
 */
static void fit_mixture(const double *x, size_t n, size_t cut, struct mixture *m)
{
	double *r = xcalloc(n + 1, sizeof(double)), last = -INFINITY;

	for (int round = 0; round <= STATE_STEP_ROUNDS; round++) {
		double cnt[2] = { 0, 0 }, sum[2] = { 0, 0 }, rs[2] = { 0, 0 }, rx = 0, rr = 0, den, sq = 0;

		m->ll = -0.5 * (double)n * log(2 * M_PI * m->var);
		for (size_t i = 0; i < n; i++) {
			double d = x[i] - m->mu[i >= cut];
			double lo = log1p(-m->share) - d * d / (2 * m->var);
			double hi = log(m->share) - (d - m->gap) * (d - m->gap) / (2 * m->var);
			double top = fmax(lo, hi), lse = top + log(exp(lo - top) + exp(hi - top));

			r[i] = exp(hi - lse);
			m->ll += lse;
		}
		if (round == STATE_STEP_ROUNDS || m->ll - last < STATE_STEP_SETTLED)
			break;
		last = m->ll;
		/* the levels and the gap by least squares, each night weighed by its state */
		for (size_t i = 0; i < n; i++) {
			cnt[i >= cut]++;
			sum[i >= cut] += x[i];
			rs[i >= cut] += r[i];
			rx += r[i] * x[i];
			rr += r[i];
		}
		den = rr;
		for (int s = 0; s < 2; s++)
			if (cnt[s]) {
				den -= rs[s] * rs[s] / cnt[s];
				rx -= rs[s] * sum[s] / cnt[s];
			}
		if (!(den > 1e-9))
			break;
		m->gap = rx / den;
		for (int s = 0; s < 2; s++)
			if (cnt[s])
				m->mu[s] = (sum[s] - m->gap * rs[s]) / cnt[s];
		for (size_t i = 0; i < n; i++) {
			double d = x[i] - m->mu[i >= cut];

			sq += (1 - r[i]) * d * d + r[i] * (d - m->gap) * (d - m->gap);
		}
		m->share = fmin(fmax(rr / (double)n, 1e-3), 1 - 1e-3);
		m->var = fmax(sq / (double)n, 1e-12);
	}
	free(r);
}

static double median_of(const double *x, size_t n)
{
	double *v = xcalloc(n + 1, sizeof(double)), med;

	memcpy(v, x, n * sizeof(double));
	med = stats_median(v, n);
	free(v);
	return med;
}

/*
 * The best fit of x[0 .. n) with a cut at cut, started from the one
 * level's fit one: the step's size taken from the sides' medians, or
 * that less or more the gap (a step about the states' distance puts one
 * side's medians in the other state), or none.
 */
static struct mixture fit_step(const double *x, size_t n, size_t cut, const struct mixture *one)
{
	double moved = median_of(x + cut, n - cut) - median_of(x, cut);
	double tries[4] = { moved, moved - one->gap, moved + one->gap, 0 };
	struct mixture best = { { 0, 0 }, 0, 0, 0, -INFINITY };

	for (int t = 0; t < 4; t++) {
		struct mixture m = *one;

		m.mu[1] = m.mu[0] + tries[t];
		fit_mixture(x, n, cut, &m);
		if (m.ll > best.ll)
			best = m;
	}
	return best;
}

/*
 * The one level's fit of x[0 .. n), started from l's states: the larger
 * state's median, the smaller's off it (minority[i]: x[i] is of it), and
 * its share. Returns 0 where every night is of the smaller state.
 */
static int fit_one_level(const struct levels *l, const double *x, const unsigned char *minority, size_t n,
			 struct mixture *one)
{
	double *major = xcalloc(n + 1, sizeof(double)), *minor = xcalloc(n + 1, sizeof(double));
	size_t nr_minor = 0, nr_major = 0;

	for (size_t i = 0; i < n; i++)
		if (minority[i])
			minor[nr_minor++] = x[i];
		else
			major[nr_major++] = x[i];
	if (nr_major) {
		one->mu[0] = one->mu[1] = stats_median(major, nr_major);
		/* state_shift moves the smaller state onto the larger */
		one->gap = nr_minor ? stats_median(minor, nr_minor) - one->mu[0] : -l->state_shift;
		one->share = fmin(fmax((double)nr_minor / (double)n, 0.05), 0.5);
		one->var = l->state_spread > 0 ? l->state_spread * l->state_spread : l->sigma * l->sigma / 4;
		fit_mixture(x, n, n, one);
	}
	free(major);
	free(minor);
	return nr_major > 0;
}

int levels_state_step(const struct levels *l, size_t lo, size_t hi, size_t from, size_t to, double unsure,
		      struct state_step *out)
{
	const struct series *s = l->series;
	size_t n = hi - lo;
	double *x, *ll;
	struct mixture one;
	int fitted;

	memset(out, 0, sizeof(*out));
	if (!s || !l->state_shift || n < 4 * LEVELS_STATE_STEP_SIDE)
		return 0;
	x = xcalloc(n + 1, sizeof(double));
	ll = xcalloc(n + 1, sizeof(double));
	/* the nights as measured: folding moved the smaller state's */
	for (size_t i = lo; i < hi; i++)
		x[i - lo] = noise_adjusted(&l->nm, s->points[l->at[i]].run->time,
					   s->points[l->at[i]].value[METRIC_HELION]);
	from = from > lo + LEVELS_STATE_STEP_SIDE ? from : lo + LEVELS_STATE_STEP_SIDE;
	to = to < hi - LEVELS_STATE_STEP_SIDE ? to : hi - LEVELS_STATE_STEP_SIDE + 1;
	fitted = fit_one_level(l, x, l->minority + lo, n, &one);
	for (size_t c = from; fitted && c < to; c++) {
		struct mixture m = fit_step(x, n, c - lo, &one);

		ll[c - lo] = m.ll;
		if (2 * (m.ll - one.ll) > out->ratio) {
			out->ratio = 2 * (m.ll - one.ll);
			out->cut = c;
			out->before = m.mu[0] + (m.share > 0.5 ? m.gap : 0);
			out->after = m.mu[1] + (m.share > 0.5 ? m.gap : 0);
			out->noise = sqrt(m.var);
			out->gap = m.gap;
			out->nr_before = c - lo;
			out->nr_after = hi - c;
		}
	}
	for (out->first = out->cut; out->ratio > 0 && out->first > from && ll[out->first - 1 - lo] > ll[out->cut - lo] - unsure;)
		out->first--;
	for (out->last = out->cut; out->ratio > 0 && out->last + 1 < to && ll[out->last + 1 - lo] > ll[out->cut - lo] - unsure;)
		out->last++;
	free(ll);
	free(x);
	return out->ratio >= LEVELS_STATE_STEP_RATIO;
}
