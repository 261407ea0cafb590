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
 * level's fit one and from the states as folded (their distance shift and
 * share): the step's size taken from the sides' medians, or that less or
 * more the gap (a step about the states' distance puts one side's medians
 * in the other state), or none. From the one level's fit alone it can
 * settle on no states at all: across a large step that fit's "states"
 * are the two sides (bench/step-rates statestep 13254411: -21.8% on
 * 03-09 under states 5% apart; fitted so, the step came with a gap of 0,
 * the states' run of three lower nights after it stood as a level of its
 * own, and the answer was the move back up, with a 17-night window).
 * The states as folded are also tried from the sides' own medians, each
 * side in either state: from the one level's, whose level is a side's
 * other state, the fit of a cut can settle on no step at all (statestep
 * 13864008: a +7.3% step about the states' distance fitted at its own
 * night as one level, 29 nats under the fit a night earlier, so the
 * window ended before it). From both starts, the same answers in 38,000
 * statestep, bimodal and twosteps series at twice the cost.
 */
static struct mixture fit_step(const double *x, size_t n, size_t cut, const struct mixture *one, double shift,
			       double share)
{
	double before = median_of(x, cut), after = median_of(x + cut, n - cut), moved = after - before;
	struct mixture best = { { 0, 0 }, 0, 0, 0, -INFINITY }, starts[2] = { *one, *one };

	starts[1].gap = -shift;
	starts[1].share = fmin(fmax(share, 0.05), 0.5);
	for (int s = 0; s < 2; s++) {
		double tries[4] = { moved, moved - starts[s].gap, moved + starts[s].gap, 0 };

		for (int t = 0; t < 4; t++) {
			struct mixture m = starts[s];

			m.mu[1] = m.mu[0] + tries[t];
			fit_mixture(x, n, cut, &m);
			if (m.ll > best.ll)
				best = m;
		}
	}
	for (int t = 0; t < 4; t++) {
		struct mixture m = starts[1];

		m.mu[0] = before - (t & 1 ? m.gap : 0);
		m.mu[1] = after - (t & 2 ? m.gap : 0);
		fit_mixture(x, n, cut, &m);
		if (m.ll > best.ll)
			best = m;
	}
	return best;
}

/*
 * The one level's fit of x[0 .. n), started from the states as known: the
 * larger state's median, the smaller's off it (minority[i] 1: x[i] is of
 * it; 2: not known), else shift (which moves the smaller state onto the
 * larger), and its share, with variance var. Returns 0 where no night is
 * known to be of the larger state.
 */
static int fit_one_level(const double *x, const unsigned char *minority, size_t n, double shift, double var,
			 struct mixture *one)
{
	double *major = xcalloc(n + 1, sizeof(double)), *minor = xcalloc(n + 1, sizeof(double));
	size_t nr_minor = 0, nr_major = 0;

	for (size_t i = 0; i < n; i++)
		if (minority[i] == 1)
			minor[nr_minor++] = x[i];
		else if (!minority[i])
			major[nr_major++] = x[i];
	if (nr_major) {
		one->mu[0] = one->mu[1] = stats_median(major, nr_major);
		one->gap = nr_minor ? stats_median(minor, nr_minor) - one->mu[0] : -shift;
		one->share = fmin(fmax((double)nr_minor / (double)(nr_minor + nr_major), 0.05), 0.5);
		one->var = var;
		fit_mixture(x, n, n, one);
	}
	free(major);
	free(minor);
	return nr_major > 0;
}

/*
 * The nights of l from x[lo] to x[hi - 1] as measured (folding moved the
 * smaller state's), the spikes set aside between them included: under
 * machine states a lone night in the other state is set aside as a spike,
 * and without it the mixture cannot tell where that state lies (bench/
 * step-rates statestep 12922696: the lower state's nights before a +17.7%
 * step all set aside, the two after it read as the upper state before
 * it). Their values into x, series indices into at, and in minority
 * whether each is of the smaller state as l has it (2: a spike, not
 * known); returns how many.
 */
static size_t state_nights(const struct levels *l, size_t lo, size_t hi, double *x, size_t *at,
			   unsigned char *minority)
{
	const struct series *s = l->series;
	size_t n = 0, k = 0;

	while (k < l->nr_spikes && l->spike_at[k] < l->at[lo])
		k++;
	for (size_t i = lo; i < hi; i++) {
		for (; i > lo && k < l->nr_spikes && l->spike_at[k] < l->at[i]; k++) {
			at[n] = l->spike_at[k];
			minority[n++] = 2;
		}
		at[n] = l->at[i];
		minority[n++] = l->minority[i];
	}
	for (size_t i = 0; i < n; i++)
		x[i] = noise_adjusted(&l->nm, s->points[at[i]].run->time, s->points[at[i]].value[METRIC_HELION]);
	return n;
}

int levels_state_step(const struct levels *l, size_t lo, size_t hi, size_t from, size_t to, double unsure,
		      struct state_step *out)
{
	size_t n, cap = (hi - lo) + l->nr_spikes + 1, *at, c0, c1, best = 0, first, last;
	double *x, *ll;
	unsigned char *minority;
	struct mixture one;
	int fitted;

	memset(out, 0, sizeof(*out));
	if (!l->series || !l->state_shift || hi - lo < 4 * LEVELS_STATE_STEP_SIDE || from >= to)
		return 0;
	x = xcalloc(cap, sizeof(double));
	ll = xcalloc(cap, sizeof(double));
	at = xcalloc(cap, sizeof(size_t));
	minority = xcalloc(cap, 1);
	n = state_nights(l, lo, hi, x, at, minority);
	/* the cuts: before a night of x[from .. to), LEVELS_STATE_STEP_SIDE nights a side at least */
	for (c0 = LEVELS_STATE_STEP_SIDE; c0 < n && at[c0] < l->at[from]; c0++)
		;
	for (c1 = c0; c1 + LEVELS_STATE_STEP_SIDE <= n && at[c1] <= l->at[to - 1]; c1++)
		;
	fitted = fit_one_level(x, minority, n, l->state_shift,
			       l->state_spread > 0 ? l->state_spread * l->state_spread : l->sigma * l->sigma / 4, &one);
	for (size_t c = c0; fitted && c < c1; c++) {
		struct mixture m = fit_step(x, n, c, &one, l->state_shift, l->state_share);

		ll[c] = m.ll;
		if (2 * (m.ll - one.ll) > out->ratio) {
			out->ratio = 2 * (m.ll - one.ll);
			best = c;
			out->before = m.mu[0] + (m.share > 0.5 ? m.gap : 0);
			out->after = m.mu[1] + (m.share > 0.5 ? m.gap : 0);
			out->noise = sqrt(m.var);
			out->gap = m.gap;
			out->nr_before = c;
			out->nr_after = n - c;
		}
	}
	for (first = best; out->ratio > 0 && first > c0 && ll[first - 1] > ll[best] - unsure;)
		first--;
	for (last = best; out->ratio > 0 && last + 1 < c1 && ll[last + 1] > ll[best] - unsure;)
		last++;
	if (out->ratio > 0) {
		out->cut = at[best];
		out->last_good = at[first - 1];
		out->first_bad = at[last];
	}
	free(ll);
	free(x);
	free(at);
	free(minority);
	return out->ratio >= LEVELS_STATE_STEP_RATIO;
}
