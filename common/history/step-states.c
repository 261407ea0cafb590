/*
 * The step that machine states hide, as the step search answers it
 * (step-states.h).
 */
#include <math.h>
#include "history/step-states.h"

/*
 * Sharp cuts of folded levels this close (in nightlies) may be one step
 * and a run of nights in the other state beside it (cut_cluster()).
 */
#define STATE_RUN_NIGHTS 6

/*
 * Whether sharp cut k of l, under machine states, has another sharp cut
 * within STATE_RUN_NIGHTS nightlies: *first .. *last, the cuts so linked
 * to k, each that close to the next. Folding takes each night for the
 * state its value lies nearer, and a step of about the states' distance
 * puts the upper state before it at the lower one's level after it: a
 * run of a few nights in the state the sort did not expect reads as a
 * level of its own, and the cut nearest the date may be that run's
 * other end (bench/step-rates statestep 12113342: +8.1% on night 48,
 * nights 48 and 49 in the upper state; the levels cut at 48 and at 50,
 * and the answer was -6.6% at 50).
 */
static int cut_cluster(const struct levels *l, size_t k, size_t *first, size_t *last)
{
	size_t k0 = k, k1 = k;

	if (!l->state_shift || l->from[k] < l->cuts[k])
		return 0;
	while (k0 > 0 && l->from[k0 - 1] == l->cuts[k0 - 1] && l->cuts[k0] - l->cuts[k0 - 1] <= STATE_RUN_NIGHTS)
		k0--;
	while (k1 + 1 < l->nr_cuts && l->from[k1 + 1] == l->cuts[k1 + 1] &&
	       l->cuts[k1 + 1] - l->cuts[k1] <= STATE_RUN_NIGHTS)
		k1++;
	*first = k0;
	*last = k1;
	return k0 < k1;
}

/* How far the mixture's states may lie from folding's (step_states_answer()'s as_folded), as a ratio either way. */
#define STATE_RUN_GAP_RATIO 1.5

/*
 * Where l found machine states: a step the states hide
 * (levels_state_step()) at a nightly of x[a .. b), weighed over x[lo ..
 * hi), is the answer when it clears the decision in the noise within a
 * state. Its window holds every cut about as likely as the likeliest
 * (LEVELS_STATE_UNSURE_NATS): a night beside a step of about the states'
 * distance may be either state on either level. With as_folded, the mixture's
 * states must be folding's, their distance within STATE_RUN_GAP_RATIO
 * of the shift folding found: two real steps a few nights apart fit as
 * one step under states as far apart as the level between them
 * (bench/step-rates twosteps 12,200,000-12,202,999: 36 false alarms
 * of 3,000 without the rule, 2 with it; 12404026, +5.5% and -12% four
 * nights apart under "states" of 2.3%: a ratio of 2 let the mixture
 * take the four nights between for the other state).
 */
int step_states_answer(const struct levels *l, size_t lo, size_t hi, size_t a, size_t b, int as_folded,
		       double noise_multiple, double min_change, struct state_answer *out)
{
	struct state_step ss;
	struct cut_test *t = &out->t;

	if (!levels_state_step(l, lo, hi, a, b, LEVELS_STATE_UNSURE_NATS, &ss) ||
	    (as_folded && (fabs(ss.gap) > STATE_RUN_GAP_RATIO * fabs(l->state_shift) ||
			   STATE_RUN_GAP_RATIO * fabs(ss.gap) < fabs(l->state_shift))))
		return 0;
	levels_decide(100 * expm1(ss.after - ss.before),
		      100 * expm1(ss.noise * sqrt(1.0 / (double)ss.nr_before + 1.0 / (double)ss.nr_after)),
		      noise_multiple, min_change, t);
	if (!t->found)
		return 0;
	t->before = ss.before;
	t->after = ss.after;
	t->nr_before = ss.nr_before;
	t->nr_after = ss.nr_after;
	t->state_noise_pct = 100 * expm1(ss.noise);
	out->index = ss.cut;
	out->last_good = ss.last_good;
	out->first_bad = ss.first_bad;
	return 1;
}

/*
 * The levels may cut a step under machine states nights off, where the
 * other state came often beside it, and the cut then falls outside the
 * span of a date just past the step (bench/step-rates statestep
 * 12919011: -5% on night 59 under states 7.7% apart, nights 50-57 every
 * other one in the lower state, near the level after the step; the
 * levels cut at 50, and asked on night 60 the answer was the pair after
 * the step, undecided). Weighed over one level more each side, the
 * mixture sees the nights before that cut too. Its whole window must lie
 * in the span: a cut about as likely outside it may be a step elsewhere,
 * not this date's (causes.py 74702 under --states, baseline 15: a level
 * 5% lower from 02-28 on, the nights to 03-08 as likely either side,
 * was taken for the date's step on 03-08 and read as a real regression).
 */
int step_states_beyond_answer(const struct levels *l, size_t lo, size_t hi, size_t a, size_t b,
			      double noise_multiple, double min_change, struct state_answer *out)
{
	size_t lo2 = 0, hi2 = l->n;

	out->outside = 0;
	for (size_t k = 0; k < l->nr_cuts; k++) {
		if (l->cuts[k] < lo && l->cuts[k] > lo2)
			lo2 = l->cuts[k];
		if (l->from[k] > hi && l->from[k] < hi2)
			hi2 = l->from[k];
	}
	if (a >= b || (lo2 == lo && hi2 == hi))
		return 0;
	if (!step_states_answer(l, lo2, hi2, lo2, hi2, 0, noise_multiple, min_change, out))
		return 0;
	out->outside = !(out->last_good + 1 >= l->at[a] && (b == l->n || out->first_bad < l->at[b]));
	return !out->outside;
}

int step_states_run_answer(const struct levels *l, size_t k, size_t a, size_t b, double noise_multiple,
			   double min_change, struct state_answer *out, size_t *first, size_t *last)
{
	size_t lo, hi;

	if (!cut_cluster(l, k, first, last))
		return 0;
	levels_range(l, *first, &lo, NULL);
	levels_range(l, *last + 1, NULL, &hi);
	return step_states_answer(l, lo, hi, a > lo ? a : lo, b < hi ? b : hi, 1, noise_multiple, min_change, out);
}
