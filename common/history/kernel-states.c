#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/stats.h"
#include "history/kernel-states.h"
#include "history/levels.h"
#include "history/noise.h"

/*
 * A machine state belongs to the nightly, not to a kernel: a kernel
 * noisier than the geomean hides the states in its own series, and a run
 * of them posed as a step (bench/step-rates, bimodal).
 */
#define STATE_FOLD_MIN 3

/*
 * A kernel's distance between its states, in log: the median of its
 * smaller state's nights less that of its larger state's, of the values
 * x[t * stride] (t < nr; not measured where not > 0). NAN with fewer
 * than STATE_FOLD_MIN nights of either state. *weight (when not NULL):
 * how many nights of each it rests on, as n0 n1 / (n0 + n1).
 */
static double state_distance(const double *x, size_t stride, size_t nr, const unsigned char *minority,
			     double *weight)
{
	double *v[2], dist = NAN;
	size_t n[2] = { 0, 0 };

	v[0] = xcalloc(nr + 1, sizeof(double));
	v[1] = xcalloc(nr + 1, sizeof(double));
	for (size_t t = 0; t < nr; t++)
		if (x[t * stride] > 0) {
			int g = minority[t] != 0;

			v[g][n[g]++] = log(x[t * stride]);
		}
	if (n[0] >= STATE_FOLD_MIN && n[1] >= STATE_FOLD_MIN)
		dist = stats_median(v[1], n[1]) - stats_median(v[0], n[0]);
	if (weight)
		*weight = isnan(dist) ? 0 : (double)(n[0] * n[1]) / (double)(n[0] + n[1]);
	free(v[0]);
	free(v[1]);
	return dist;
}

/*
 * The distance of x[0..nr) within each side of the cut c (nights before
 * it, and from it on), pooled by the nights each rests on; over them all
 * where neither side has enough of both states. In log a state's factor
 * is the same on either side of a step, but one distance over both
 * mixes the two levels wherever the states' shares differ.
 */
static double distance_across(const double *x, size_t nr, size_t c, const unsigned char *minority)
{
	double w[2], d[2] = { state_distance(x, 1, c, minority, &w[0]),
			      state_distance(x + c, 1, nr - c, minority + c, &w[1]) };

	if (w[0] + w[1] == 0)
		return state_distance(x, 1, nr, minority, NULL);
	return ((w[0] ? w[0] * d[0] : 0) + (w[1] ? w[1] * d[1] : 0)) / (w[0] + w[1]);
}

void series_fold_states(struct series *k, const unsigned char *minority, enum metric m, size_t cut)
{
	double *x = xcalloc(k->nr + 1, sizeof(double)), dist;

	for (size_t t = 0; t < k->nr; t++)
		x[t] = k->points[t].value[m];
	dist = cut ? distance_across(x, k->nr, cut, minority) : state_distance(x, 1, k->nr, minority, NULL);
	if (!isnan(dist))
		for (size_t t = 0; t < k->nr; t++)
			if (minority[t] && k->points[t].value[m] > 0)
				k->points[t].value[m] *= exp(-dist);
	free(x);
}

unsigned char *series_minority_nights(const struct series *s)
{
	unsigned char *minority;
	struct noise_model nm;
	double shift;

	if (!s->nr)
		return NULL;
	minority = xcalloc(s->nr + 1, 1);
	series_noise_model(s, METRIC_HELION, &nm);
	if (levels_state_nights(s, &nm, s->points[0].run->time, s->points[s->nr - 1].run->time + 1,
				minority, &shift))
		return minority;
	free(minority);
	return NULL;
}

unsigned char *series_minority_nights_across_cuts(const struct series *s)
{
	unsigned char *minority = series_minority_nights(s);

	return minority ? minority : series_minority_nights_of_levels(s);
}

unsigned char *series_minority_nights_of_levels(const struct series *s)
{
	unsigned char *minority = NULL;
	struct noise_model nm;
	struct levels l;

	if (!s->nr)
		return NULL;
	series_noise_model(s, METRIC_HELION, &nm);
	levels_init(&l, s, &nm, s->points[0].run->time, s->points[s->nr - 1].run->time + 1);
	if (l.folded) {
		minority = xcalloc(s->nr + 1, 1);
		for (size_t i = 0; i < l.n; i++)
			minority[l.at[i]] = l.minority[i];
	}
	levels_release(&l);
	return minority;
}

/*
 * A night's state, as the platform's flags give it, may be wrong next to
 * a step: the flags come from a sort of the platform's nights by value,
 * and a step of a few kernels moves the geomean part of the states'
 * distance, so a night beside it that sits between the states can fall
 * on the wrong side of the sort. A kernel's night read in the wrong state
 * reads as the far side of its step, and the window ends a night off
 * (accuracy causes with machine states, seed 71001: kernel_b's last
 * night before its -5.9% step taken for the upper state and folded onto
 * the step's level, a window of one commit a night early, a wrong
 * culprit). So a step's end night is read in the other state too: where
 * its value, so read, lies within STATE_END_NOISES of the kernel's noise
 * of the other side's level, and the kernels that did not step there (a
 * state moves every kernel) do not bear out the state it was read in
 * (state_in_doubt()), the night could be on either side and the window
 * takes it in (and the next, while the same holds). A folded night is
 * taken in on its own value alone where no kernel can read it; an
 * unfolded one never is (a step the size of the states' distance would
 * take in every night before it).
 */
#define STATE_END_NOISES 2.0
#define STATE_WITNESS_DAYS 7	/* a witness's level: its nights this close */

/*
 * Kernel j's noise over the whole series: spread_of_changes() of the log
 * differences between its consecutive larger-state nights (a step or a
 * state night moves one difference, not the spread). A
 * witness's spread near t rests on a dozen nights, and one that came out
 * small made a noisy kernel outweigh the rest: causes.py 74704 under
 * --states, subset 17, kernel_a's 1.497 (-7% on its level, 2.5x its own
 * noise) read an upper-state night beside kernel_b's step as the lower,
 * weighed 47 against kernel_d's 15 that read it upper, and the window
 * ended a night late on a wrong culprit. NAN with fewer than 3 differences.
 */
static double witness_noise(const struct series *s, size_t j, const unsigned char *minority)
{
	size_t nr = s->nr_rows, n = 0;
	double *d = xcalloc(s->nr + 1, sizeof(double)), prev = NAN, spread;

	for (size_t i = 0; i < s->nr; i++) {
		double y = s->helion_by_row[i * nr + j];

		if (!(y > 0) || minority[i])
			continue;
		if (!isnan(prev))
			d[n++] = log(y) - prev;
		prev = log(y);
	}
	spread = spread_of_changes(d, n);
	free(d);
	return spread;
}

/*
 * Where kernel j's night t lies between its states: 0 at the median of
 * its larger-state nights within STATE_WITNESS_DAYS of t (t left out), 1
 * at that plus its own distance between the states (their medians over
 * the series, as series_fold_states() takes them). NAN where j was not
 * measured at t, has fewer than STATE_FOLD_MIN nights of either state or
 * two larger-state nights either side of t, or moved across t by half
 * that distance or more: a kernel that steps there is no witness.
 */
static double state_reading(const struct series *s, size_t j, const unsigned char *minority, size_t t,
			    double *weight)
{
	size_t nr = s->nr_rows, near[2] = { 0, 0 };
	double *side[2], x = s->helion_by_row[t * nr + j], dist = NAN, out = NAN;

	if (!(x > 0))
		return NAN;
	for (int g = 0; g < 2; g++)
		side[g] = xcalloc(s->nr + 1, sizeof(double));
	for (size_t i = 0; i < s->nr; i++) {
		double y = s->helion_by_row[i * nr + j];
		int after = i > t;

		if (y > 0 && !minority[i] && i != t &&
		    labs(s->points[i].run->time - s->points[t].run->time) <= STATE_WITNESS_DAYS * DAY_SECONDS)
			side[after][near[after]++] = log(y);
	}
	if (near[0] >= 2 && near[1] >= 2)
		dist = state_distance(s->helion_by_row + j, nr, s->nr, minority, NULL);
	if (!isnan(dist) && fabs(stats_median(side[1], near[1]) - stats_median(side[0], near[0])) < fabs(dist) / 2) {
		size_t m = near[0] + near[1];
		double level, spread;

		memcpy(side[0] + near[0], side[1], near[1] * sizeof(double));
		level = stats_median(side[0], m);
		for (size_t i = 0; i < m; i++)
			side[0][i] = fabs(side[0][i] - level);
		spread = fmax(1.4826 * stats_median(side[0], m), witness_noise(s, j, minority));
		out = (log(x) - level) / dist;
		*weight = spread > 0 ? dist * dist / (spread * spread) : 0;
	}
	for (int g = 0; g < 2; g++)
		free(side[g]);
	return out;
}

/*
 * The evidence of the kernels but r on night t's state: the log of the
 * likelihood ratio, smaller state against larger, of their
 * state_reading()s. A reading x of precision w (its distance between the
 * states over its spread, squared) is normal about 0 or 1 with variance
 * 1/w, a ratio of w (x - 1/2) nats; x is clipped to [0, 1] first, so
 * that one kernel far off moves the sum by half its weight at most. NAN
 * where no kernel reads the night.
 */
static double witnessed_state(const struct series *s, size_t r, const unsigned char *minority, size_t t)
{
	double nats = 0;
	size_t n = 0;

	for (size_t j = 0; j < s->nr_rows; j++) {
		double weight = 0, value = j == r ? NAN : state_reading(s, j, minority, t, &weight);

		if (!isnan(value) && weight > 0) {
			nats += weight * (fmin(fmax(value, 0), 1) - 0.5);
			n++;
		}
	}
	return n ? nats : NAN;
}

/* The factor k's folded nights were moved by (series_fold_states()); 1 when none was. */
static double fold_factor(const struct series *k)
{
	for (size_t t = 0; t < k->nr; t++)
		if (k->points[t].raw_helion > 0 && k->points[t].raw_helion != k->points[t].value[METRIC_HELION])
			return k->points[t].value[METRIC_HELION] / k->points[t].raw_helion;
	return 1;
}

/*
 * The witnesses must favour the state a night was folded in by this many
 * nats (20 to 1) before a kernel step's end is read in it. Weighed by
 * their quartiles before (a quarter of the weight on each side of
 * halfway, or a median within a quarter of the distance of it, put the
 * night in doubt), three witnesses of like weight that read 0.05, 0.07
 * and 0.59 left the night in doubt where the ratio is 270 to 1 (causes.py
 * 74801 under --states, states 26: a culprit lost). Over fresh causes
 * seeds 74800-74809 under --states, 3 nats named 11 culprits more and no
 * wrong one; 2 nats named 15 more.
 */
#define STATE_WITNESS_NATS 3.0

/* Whether the witnesses' nats favour the state flagged (1: the smaller) by STATE_WITNESS_NATS. */
static int witnesses_favour(double nats, int flagged)
{
	return flagged ? nats >= STATE_WITNESS_NATS : nats <= -STATE_WITNESS_NATS;
}

/*
 * Whether kernel r's night t (of its own series k, its folded nights
 * moved by factor) could lie at level (log, the far side of its step):
 * read in the other state, its value lies within STATE_END_NOISES of the
 * kernel's noise sigma of that level, and the other kernels do not favour
 * the state it was folded in by STATE_WITNESS_NATS, or, for a folded
 * night, cannot read it. (The `states` cause, 73721 case 21: a night of
 * the larger state beside the step, folded as the smaller, that the
 * kernels which did not step read 0.64 of the way there, short of the
 * bar: the window takes it in and names no wrong culprit.)
 */
static int state_in_doubt(const struct series *s, size_t r, const unsigned char *minority, const struct series *k,
			  double factor, size_t t, double level, double sigma)
{
	double raw = k->points[t].raw_helion, nats;
	int folded = raw != k->points[t].value[METRIC_HELION];

	if (!(raw > 0) || factor == 1 || fabs(log(folded ? raw : raw * factor) - level) > STATE_END_NOISES * sigma)
		return 0;
	nats = witnessed_state(s, r, minority, t);
	if (isnan(nats))
		return folded;
	return !witnesses_favour(nats, folded);
}

int state_witnessed(const struct series *s, size_t r, const unsigned char *minority, size_t t)
{
	return witnesses_favour(witnessed_state(s, r, minority, t), minority[t]);
}

void kernel_step_state_ends(const struct series *s, size_t r, const unsigned char *minority,
			    const struct series *k, struct step *st)
{
	double sigma = st->noise_pct / 100, factor = fold_factor(k);
	size_t t;

	while (state_in_doubt(s, r, minority, k, factor, st->last_good, log(st->after), sigma)) {
		for (t = st->last_good; t-- > 0 && !(k->points[t].raw_helion > 0);)
			;
		if (t == SIZE_MAX)
			break;
		st->last_good = t;
	}
	while (state_in_doubt(s, r, minority, k, factor, st->first_bad, log(st->before), sigma)) {
		for (t = st->first_bad + 1; t < k->nr && !(k->points[t].raw_helion > 0); t++)
			;
		if (t == k->nr)
			break;
		st->first_bad = t;
	}
}
