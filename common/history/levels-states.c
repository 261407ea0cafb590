/*
 * Machine states in a stretch of a series (levels.h): folded onto one
 * state, and weighed where a night beside a step could be in either. The
 * states themselves are found among the values by states.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/stats.h"
#include "history/levels.h"
#include "history/states.h"

#define STATE_SAME 1.5		/* the most the distances of the states a cut shows may differ by, as a ratio */
#define STATE_CUT_GAIN 5.0	/* a cut's states over the sort's: by this many spreads within a state in misfit */
#define STATE_CUT_STEP 0.75	/* and for a step short of this much of the states' distance */

/*
 * The nightlies the states are looked for in: those around [from, to),
 * as far again either side (a state shows itself over weeks). Their
 * adjusted log values into v, their indices in s into at; returns how many.
 */
static size_t state_span(const struct series *s, const struct noise_model *nm, time_t from, time_t to,
			 double *v, size_t *at)
{
	time_t len = to - from;
	size_t n = 0;

	for (size_t i = 0; i < s->nr; i++) {
		double x = s->points[i].value[METRIC_HELION];
		time_t t = s->points[i].run->time;

		if (t >= from - len && t < to + len && x > 0) {
			at[n] = i;
			v[n++] = noise_adjusted(nm, t, x);
		}
	}
	return n;
}

/*
 * Whether the nights v[0..n), st's smaller group folded onto the larger,
 * still fall in two groups (a gap of STATE_GAP spreads between medians
 * STATE_SEP apart, whenever the nights come): three levels, as a step about
 * the states' distance among them leaves (the states before it, one of
 * them the level after it, and the other state after it). Folding one
 * group of three would fold the step away with it.
 */
static int groups_left(const double *v, size_t n, const struct states *st)
{
	double *sorted = xcalloc(n + 1, sizeof(double));
	int left = 0;

	for (size_t j = 0; j < n; j++)
		sorted[j] = states_onto_larger(st, v[j]);
	stats_sort(sorted, n);
	for (size_t k = STATE_MIN; !left && k + STATE_MIN <= n; k++) {
		double m0, m1, scale = states_split(sorted, n, k, &m0, &m1);

		left = (sorted[k] - sorted[k - 1]) / scale >= STATE_GAP && (m1 - m0) / scale >= STATE_SEP;
	}
	free(sorted);
	return left;
}

/*
 * The states of the span's nights v[0..n) (state_span(), at their indices
 * in s): 1 with minority[] set for each nightly of s (nr flags) and *shift,
 * and in *left whether the fold leaves groups_left(); else 0.
 */
static int sort_states(const double *v, const size_t *at, size_t n, size_t nr, unsigned char *minority,
		       double *shift, int *left)
{
	struct states st = { 0, 0, 0 };
	int found;

	memset(minority, 0, nr);
	found = n >= 4 * STATE_MIN && states_find(v, n, &st);
	*left = found && groups_left(v, n, &st);
	for (size_t j = 0; found && j < n; j++)
		minority[at[j]] = states_in_smaller(&st, v[j]);
	*shift = found ? st.shift : 0;
	return found;
}

/*
 * The smaller state's share p from the series' night-to-night changes:
 * nights in states drawn independently jump between them in a share
 * 2p(1 - p) of the changes, a step in one change only. A jump is a change
 * of half the states' distance or more. The nights the span's fold marks
 * can fall far short: bench/step-rates statestep 13200007, +7.8% on
 * night 31 under states 7.5% apart, the lower state on 37 of the 90
 * nights; the six lower nights after the step read as the upper state
 * before it, the fold's share came out 0.19, each of those nights cost
 * 1.4 nats to move across, and the window began a night after the
 * step. The jumps give 0.36.
 */
static double share_of_jumps(const struct levels *l)
{
	const struct series *s = l->series;
	double prev = NAN, jumps;
	size_t n = 0, k = 0;

	for (size_t i = 0; i < s->nr; i++) {
		double x;

		if (!series_measured(s, i))
			continue;
		x = noise_adjusted(&l->nm, s->points[i].run->time, s->points[i].value[METRIC_HELION]);
		if (!isnan(prev)) {
			n++;
			k += fabs(x - prev) > fabs(l->state_shift) / 2;
		}
		prev = x;
	}
	jumps = n ? (double)k / (double)n : 0;
	return (1 - sqrt(fmax(1 - 2 * jumps, 0))) / 2;
}

double levels_state_share(const struct levels *l)
{
	size_t k = 0;

	for (size_t i = 0; i < l->n; i++)
		k += l->minority[i];
	return fmax(fmax((double)k / (double)(l->n ? l->n : 1), share_of_jumps(l)), 0.01);
}

void levels_folded_noise(struct levels *l)
{
	double *d = xcalloc(l->n + 1, sizeof(double));

	for (size_t i = 1; i < l->n; i++)
		d[i - 1] = l->x[i] - l->x[i - 1];
	l->folded_sigma = noise_of_changes(d, l->n ? l->n - 1 : 0);
	free(d);
}

/* Move l's nights of the smaller group (minority, by nightly of s) by shift. */
static void remove_states(struct levels *l, const unsigned char *minority, double shift)
{
	for (size_t i = 0; i < l->n; i++) {
		l->minority[i] = minority[l->at[i]];
		if (l->minority[i])
			l->x[i] += shift;
	}
	l->state_shift = shift;
	l->folded = 1;
}

/* Whether the states st of r[0..m) make half of one night's noise (sigma) at least. */
static int states_explain_noise(double sigma, const double *r, size_t m, const struct states *st)
{
	double share;
	size_t k = 0;

	for (size_t j = 0; j < m; j++)
		k += states_in_smaller(st, r[j]);
	share = (double)k / (double)m;
	return sqrt(share * (1 - share)) * fabs(st->shift) >= 0.5 * sigma;
}

/*
 * States that the cut hid: a step near the states' distance mixes the
 * states' groups across it, so the sort of the span's values finds none
 * (sort_states()). Each level's nights taken from its median may show
 * them; they are not folded (the cut is made), only weighed where a night
 * beside a step could be the other side's in the other state
 * (levels_night_cost()).
 */
void levels_residual_states(struct levels *l)
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
	if (m >= 4 * STATE_MIN && states_find(r, m, &st) && states_explain_noise(l->sigma, r, m, &st)) {
		for (size_t j = 0; j < m; j++) {
			l->minority[at[j]] = states_in_smaller(&st, r[j]);
			/* each night onto the larger state: what is left is the noise within a state */
			r[j] += l->minority[at[j]] ? st.shift : 0;
		}
		l->state_shift = st.shift;
		l->state_share = levels_state_share(l);
		l->state_spread = fmax(1.4826 * stats_mad(r, m, tmp, &med), 1e-4);
	}
	free(r);
	free(tmp);
	free(at);
}

/* Remove one x from the ascending a[0 .. n). */
static void sorted_remove(double *a, size_t n, double x)
{
	size_t j = 0;

	while (j + 1 < n && a[j] != x)
		j++;
	memmove(a + j, a + j + 1, (n - j - 1) * sizeof(double));
}

/* The median of the sorted v[0 .. n)'s values at cut or above. */
static double upper_median(const double *v, size_t n, double cut)
{
	size_t from = 0;

	while (from < n && v[from] < cut)
		from++;
	return stats_median_sorted(v + from, n - from);
}

/*
 * The residuals r of v[0 .. n) split at k, each side's nights from med
 * (its own, of the sorted lo[0 .. k) and hi[0 .. n - k)), and the same
 * sorted (rs): the merge of the two sides' sorted values less theirs.
 */
static void side_residuals(const double *v, const double *lo, const double *hi, size_t n, size_t k,
			   double *r, double *rs, const double *med)
{
	size_t i = 0, j = 0;

	for (size_t t = 0; t < n; t++)
		r[t] = v[t] - med[t >= k];
	for (size_t t = 0; t < n; t++)
		rs[t] = j >= n - k || (i < k && lo[i] - med[0] <= hi[j] - med[1]) ? lo[i++] - med[0] : hi[j++] - med[1];
}

/*
 * Whether the states pooled lie within STATE_SAME of the distance apart
 * of each side's (before, after; NULL where a side shows none): one
 * machine's states, the same on both sides. Noise that passes for states
 * on each side does so at distances of its own, and pooled at a third.
 */
static int same_distance(const struct states *before, const struct states *after, const struct states *pooled)
{
	double a = fabs((before ? before : pooled)->shift), b = fabs((after ? after : pooled)->shift);
	double c = fabs(pooled->shift);

	return fmax(c, fmax(a, b)) <= STATE_SAME * fmin(c, fmin(a, b));
}

/*
 * Whether each side of the cut before v[k] (of v[0..n), r their residuals
 * from their side's median) holds STATE_MIN nights of each of the pooled
 * states st at least: the states are there on both sides, though one side
 * alone did not clear the bar.
 */
static int pooled_both(const double *r, size_t n, size_t k, const struct states *st)
{
	size_t count[2][2] = { { 0, 0 }, { 0, 0 } };

	for (size_t i = 0; i < n; i++)
		count[i >= k][states_in_smaller(st, r[i])]++;
	return count[0][0] >= STATE_MIN && count[0][1] >= STATE_MIN &&
	       count[1][0] >= STATE_MIN && count[1][1] >= STATE_MIN;
}

/* A cut of the span that shows the states (cut_states()). */
struct state_cut {
	time_t at;		/* the cut's time, 0 for none */
	double misfit;		/* the folded nights' distance from their median, in sum */
	double cost;		/* minus the log-likelihood of the fold, up to a constant (search_state_cuts()) */
	double within;		/* the noise within a state */
	double med[2];		/* each side's median that its nights are taken from */
	struct states st;	/* the pooled states */
	int both;		/* the states showed on both sides (or the sort found them), not one alone */
};

/*
 * States that a step hid: a step about the states' distance turns their
 * two groups of values into three or four, and the sort of the span finds
 * no two, or three levels (sort_states()). Each cut before one of the
 * nightlies cut_at[0..nr_cuts) (indices in s) is tried on the span's
 * nights v[0..n) (state_span(), at their indices night[] in s),
 * each side's nights taken from its own median, or from its upper state's
 * where the sides differ in which state is the smaller. A machine's states
 * are there before a step and after it: they must show on each side
 * alone and on both together, one distance apart (same_distance()). The
 * cut whose fold is likeliest gives them: its folded nights' distance from
 * their median in sum, the misfit (a cut days off the step leaves a third
 * group that the median distance, the noise within a state it keeps, does
 * not see), taken as the scale of Laplace noise (n ln misfit), and its
 * nights' states as draws of one share (states_share_ll(): a machine's state
 * comes at its rate, night by night): best[1]. Under a step of about the
 * states' distance, the majority nights before it are the other state
 * after it, and every cut from the last minority night before the step to
 * the step folds them as well: misfit alone is a tie that the noise
 * breaks, and a week of majority nights folded up as the other state left
 * the step no level (bench/step-rates statestep 12500786: +7.7% on night
 * 35 under states 7.5% apart, the cut at 26, nights 26-34 folded, and
 * "undecided"); their share tells the cuts apart. Each side's values are
 * kept sorted as the cut moves, so that a cut costs no sort.
 *
 * States may come too seldom on one side to show there (two nights of 46
 * after a -8% step, nine of 44 before it; causes.py 73705 under --states,
 * hardware 16): with weigh_one_side, while no cut shows them on both
 * sides, the best cut that shows them on one side and pooled is best[0].
 * States the sort found (known) need not show on either side alone, only
 * pooled at their distance: a side of three weeks whose state comes every
 * other night has few runs of the larger state to show them by
 * (causes.py 73704 under --states, subset 12). A cut's at is 0 where
 * none was found.
 *
 * Once some cut shows the states on both sides, they are the machine's,
 * and what is left to find is where the step lies: a cut where they show
 * on one side alone competes with those by the same cost when they show
 * pooled and each side holds STATE_MIN nights of each pooled state
 * (pooled_both()). A side of the step itself can miss the bar by a hair
 * while cuts days off it pass on both (step-rates statestep 13431212:
 * +3.5% on night 43 under states 3.4% apart; the nights after it split
 * 3.99 spreads apart against STATE_SEP's 4, the likeliest two-sided cut
 * was night 53, and the step was folded away as the upper state before
 * it; the cut at 43 costs 14 nats less).
 */
static void search_state_cuts(const struct series *s, const size_t *cut_at, size_t nr_cuts, double sigma,
			      const double *v, const size_t *night, size_t n, const struct states *known,
			      int weigh_one_side, struct state_cut best[2])
{
	size_t cap = s->nr + 1, k = 0;
	double *r = xcalloc(cap, sizeof(double)), *rs = xcalloc(cap, sizeof(double));
	double *lo = xcalloc(cap, sizeof(double)), *hi = xcalloc(cap, sizeof(double));
	double *tmp = xcalloc(cap, sizeof(double));
	struct states st, before, after;
	struct state_cut pooled;

	for (int i = 0; i < 3; i++) {
		struct state_cut *b = i < 2 ? &best[i] : &pooled;

		memset(b, 0, sizeof(*b));
		b->misfit = INFINITY;
		b->cost = INFINITY;
	}
	memcpy(hi, v, n * sizeof(double));
	stats_sort(hi, n);
	for (size_t c = 0; c < nr_cuts; c++) {
		time_t at = s->points[cut_at[c]].run->time;
		double med[2], within, centre, misfit, cost;
		size_t nr_smaller;
		int has_before, has_after, both, one_side, pooled_side;

		for (; k < n && s->points[night[k]].run->time < at; k++) {
			stats_sorted_insert(lo, k, v[k]);
			sorted_remove(hi, n - k, v[k]);
		}
		if (k < 4 * STATE_MIN || n - k < 4 * STATE_MIN)
			continue;
		has_before = states_of_sorted(v, lo, k, &before);
		has_after = states_of_sorted(v + k, hi, n - k, &after);
		/* states the sort found need not show on a side alone (a short one, a state every other night) */
		both = (has_before && has_after) || known;
		/* one side is enough only while no cut shows both, or pooled on both (pooled_both()) */
		one_side = !both && weigh_one_side && (has_before || has_after) && !best[1].at;
		pooled_side = !both && (has_before || has_after);
		if (!both && !one_side && !pooled_side)
			continue;
		if (has_before && has_after && (before.shift < 0) != (after.shift < 0)) {
			/* the smaller state of one side is the larger of the other (a share near a half): the upper state's */
			med[0] = upper_median(lo, k, before.cut);
			med[1] = upper_median(hi, n - k, after.cut);
		} else {
			med[0] = stats_median_sorted(lo, k);
			med[1] = stats_median_sorted(hi, n - k);
		}
		side_residuals(v, lo, hi, n, k, r, rs, med);
		if (!states_of_sorted(r, rs, n, &st) || !states_explain_noise(sigma, r, n, &st) ||
		    !same_distance(has_before ? &before : known, has_after ? &after : known, &st))
			continue;
		pooled_side = pooled_side && pooled_both(r, n, k, &st);
		if (!both && !one_side && !pooled_side)
			continue;
		nr_smaller = 0;
		for (size_t i = 0; i < n; i++) {
			nr_smaller += states_in_smaller(&st, r[i]);
			r[i] = states_onto_larger(&st, r[i]);
		}
		within = 1.4826 * stats_mad(r, n, tmp, &centre);
		misfit = 0;
		for (size_t i = 0; i < n; i++)
			misfit += fabs(r[i] - centre);
		cost = (double)n * log(fmax(misfit, 1e-12)) - states_share_ll(nr_smaller, n);
		for (int p = 0; p < 2; p++) {
			struct state_cut *b = p ? &pooled : &best[both];

			if (!(p ? pooled_side : both || one_side) || !(cost < b->cost))
				continue;
			b->cost = cost;
			b->at = at;
			b->both = p || both;
			b->misfit = misfit;
			b->within = within;
			b->st = st;
			memcpy(b->med, med, sizeof(med));
		}
	}
	if (best[1].at && pooled.cost < best[1].cost)
		best[1] = pooled;
	free(r);
	free(rs);
	free(lo);
	free(hi);
	free(tmp);
}

/*
 * Mark l's nights of the cut b's smaller state, and fold them where the
 * cut showed the states on both sides. States on one side alone are
 * weighed (levels_night_cost()), not folded: folded, they turn a drift's
 * ramp into a step, as a cut inside the ramp leaves one side's nights in
 * two groups.
 */
static void take_state_cut(struct levels *l, const struct series *s, const struct state_cut *b, int fold)
{
	for (size_t i = 0; i < l->n; i++) {
		double r0 = l->x[i] - b->med[s->points[l->at[i]].run->time >= b->at];

		l->minority[i] = states_in_smaller(&b->st, r0);
		if (l->minority[i] && fold)
			l->x[i] += b->st.shift;
	}
	l->state_shift = b->st.shift;
	l->state_spread = fmax(b->within, 1e-4);	/* as levels_residual_states() keeps it */
	l->folded = fold;
}

/*
 * The misfit of the sort's fold (the span's nights v[0..n), at their
 * indices night[] in s, those of minority moved by shift) as a cut's is
 * measured, at its best cut (each side from its own median, each side
 * 4 * STATE_MIN nights at least, as search_state_cuts() cuts): the sum
 * of the folded nights' distances from their side's median.
 */
static double sort_fold_misfit(const double *v, const size_t *night, size_t n, const unsigned char *minority,
			       double shift)
{
	double *f = xcalloc(n + 1, sizeof(double)), *lo = xcalloc(n + 1, sizeof(double));
	double *hi = xcalloc(n + 1, sizeof(double)), best = INFINITY;

	for (size_t i = 0; i < n; i++)
		f[i] = v[i] + (minority[night[i]] ? shift : 0);
	memcpy(hi, f, n * sizeof(double));
	stats_sort(hi, n);
	for (size_t k = 0; k + 4 * STATE_MIN <= n; k++) {
		double med[2], misfit = 0;

		if (k) {
			stats_sorted_insert(lo, k - 1, f[k - 1]);
			sorted_remove(hi, n - k + 1, f[k - 1]);
		}
		if (k < 4 * STATE_MIN)
			continue;
		med[0] = stats_median_sorted(lo, k);
		med[1] = stats_median_sorted(hi, n - k);
		for (size_t i = 0; i < n; i++)
			misfit += fabs(f[i] - med[i >= k]);
		best = fmin(best, misfit);
	}
	free(f);
	free(lo);
	free(hi);
	return best;
}

/* Whose states choose_states() took. */
enum state_choice {
	STATES_NONE,
	STATES_SORT,		/* the sort's (sort_states()) */
	STATES_CUT,		/* a cut's, where the sort found none or three levels */
	STATES_CUT_OVER_SORT,	/* a cut's, fitting better than the sort's two */
};

/*
 * The states of the span's nights v[0..n) (state_span(), at their indices
 * night[] in s), cut before any of the nights cut_at[0..nr_cuts) (indices
 * in s): the sort's (minority flags for s's nightlies, *shift, and *left
 * whether its fold leaves three levels), or a cut's (into *cut).
 *
 * Three levels: states on each side of a step first, else the two of the
 * sort; where the sort finds none, states on one side are weighed. Two
 * states the sort found may be a step of half their distance: the step's
 * level lies between them, and its nights fall either side of their cut,
 * to be folded apart (causes.py seed 8, states 29: a -2.4% step under
 * states 4.5% apart read +0.2%, and the platform's flags put half the
 * nights after it in the lower state, which widened each kernel's window
 * to a week and more); a step of a third of it leaves a few nights after
 * it across the sort's cut (73704 under --states, subset 12: two such
 * nights folded up put two kernels' steps three nights late, and a
 * culprit was named wrongly). A cut whose states, at the sort's distance,
 * fit the nights better than the sort's fold at its best cut, by
 * STATE_CUT_GAIN of the noise within a state, is taken instead, for a
 * step short of STATE_CUT_STEP of their distance: a step about as wide
 * as the states is three levels, which the sort's fold tells apart
 * (groups_left()), and heavy-tailed noise whose tails pass for states
 * poses as one at some cut (bench/step-rates' heavytail: false steps 6
 * -> 11 in 50,000 without it).
 */
static enum state_choice choose_states(const struct series *s, const size_t *cut_at, size_t nr_cuts, double sigma,
				       const double *v, const size_t *night, size_t n, unsigned char *minority,
				       double *shift, int *left, struct state_cut *cut)
{
	int found = sort_states(v, night, n, s->nr, minority, shift, left);
	struct state_cut best[2], *b;
	struct states known = { 0, *shift, 0 };

	search_state_cuts(s, cut_at, nr_cuts, sigma, v, night, n, found && !*left ? &known : NULL, !found, best);
	b = best[1].at ? &best[1] : &best[0];
	if (b->at && (!found || *left)) {
		*cut = *b;
		return STATES_CUT;
	}
	if (b->at && fabs(b->med[1] - b->med[0]) < STATE_CUT_STEP * fabs(b->st.shift) &&
	    b->misfit + STATE_CUT_GAIN * b->within < sort_fold_misfit(v, night, n, minority, *shift)) {
		*cut = *b;
		return STATES_CUT_OVER_SORT;
	}
	return found ? STATES_SORT : STATES_NONE;
}

void levels_fold_states(struct levels *l, const struct series *s, const struct noise_model *nm,
			time_t from, time_t to)
{
	double *v = xcalloc(s->nr + 1, sizeof(double)), shift;
	size_t *at = xcalloc(s->nr + 1, sizeof(size_t)), n = state_span(s, nm, from, to, v, at);
	unsigned char *minority = xcalloc(s->nr + 1, 1);
	struct state_cut cut;
	int left;

	switch (choose_states(s, l->n ? l->at + 1 : l->at, l->n ? l->n - 1 : 0, l->sigma, v, at, n,
			      minority, &shift, &left, &cut)) {
	case STATES_SORT:
		remove_states(l, minority, shift);
		break;
	case STATES_CUT:
	case STATES_CUT_OVER_SORT:
		take_state_cut(l, s, &cut, cut.both);
		break;
	case STATES_NONE:
		break;
	}
	free(v);
	free(at);
	free(minority);
}

/*
 * Three levels are no two states: a kernel's nights are not folded by
 * them (the kernel's own search looks across its cuts). States the sort
 * found but a cut shows better (choose_states()) are the cut's, each
 * night's state read from its side's median.
 */
int levels_state_nights(const struct series *s, const struct noise_model *nm, time_t from, time_t to,
			unsigned char *minority, double *shift)
{
	double *v = xcalloc(s->nr + 1, sizeof(double));
	size_t *at = xcalloc(s->nr + 1, sizeof(size_t)), *cut_at = xcalloc(s->nr + 1, sizeof(size_t));
	size_t n = state_span(s, nm, from, to, v, at), nr_cuts = 0;
	struct state_cut cut;
	int left, found;

	for (size_t i = 1; i < n; i++)
		if (s->points[at[i]].run->time >= from && s->points[at[i]].run->time < to)
			cut_at[nr_cuts++] = at[i];
	switch (choose_states(s, cut_at, nr_cuts, nm->sigma, v, at, n, minority, shift, &left, &cut)) {
	case STATES_SORT:
		found = !left;
		break;
	case STATES_CUT_OVER_SORT:
		for (size_t j = 0; j < n; j++)
			minority[at[j]] = states_in_smaller(&cut.st, v[j] - cut.med[s->points[at[j]].run->time >= cut.at]);
		*shift = cut.st.shift;
		found = 1;
		break;
	default:
		found = 0;
	}
	if (!found)
		memset(minority, 0, s->nr);
	free(v);
	free(at);
	free(cut_at);
	return found;
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
