/*
 * Which kernels' own steps make the platform's move (step_with_kernels()):
 * the few kept beside its step, placing it, while the others stayed; a
 * drift that a few kernels' sharp steps make; and without a platform
 * step, the kernel steps that are their kernels' own.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include "util/usage.h"
#include "util/stats.h"
#include "history/kernel-settle.h"
#include "history/kernel-states.h"

/*
 * Row r's move at the boundary index: the median of the differences of
 * its log values over the span after less those over the span before,
 * each pair of nights (NAN without both sides), each side no wider than
 * the platform step st's own levels (step_levels_range(): a step before
 * it in the span is no part of this move), and the variance of that move
 * from its night-to-night changes there. The side before is the
 * nightlies within the span of the last one before index
 * (series_step_range()), as the evidence's sides are (classify-gather.c).
 * Not each side's median against the other's: under machine states a
 * side whose nights fall about half in each state has its median in
 * either, by chance, and a step every kernel made read as the few's (the
 * others' medians +2.6% where all eight kernels stepped +8%: bench/step-rates
 * statestep 12623277).
 */
static double row_move(const struct series *s, size_t r, size_t index, int span_days, const struct step *st,
		       double *var)
{
	double *v = xcalloc(s->nr + 1, sizeof(double)), *d, move = NAN, sigma;
	size_t lo, hi, n = 0, nb = 0, nd = 0;

	series_step_range(s, index, span_days, &lo, &hi);
	step_levels_range(st, &lo, &hi);
	for (size_t t = lo; t < hi; t++) {
		double x = s->helion_by_row[t * s->nr_rows + r];

		if (t == index)
			nb = n;
		if (x > 0)
			v[n++] = log(x);
	}
	d = xcalloc(nb * (n - nb) + 1, sizeof(double));
	for (size_t i = 0; i < nb; i++)
		for (size_t j = nb; j < n; j++)
			d[nd++] = v[j] - v[i];
	if (nd)
		move = stats_median(d, nd);
	sigma = series_row_noise(s, r, lo, hi, index);
	*var = nb && n > nb ? M_PI / 2 * sigma * sigma * (1.0 / (double)nb + 1.0 / (double)(n - nb)) : NAN;
	free(d);
	free(v);
	return move;
}

/*
 * row_move() of row r's own series folded onto one machine state
 * (kernel_series(), by its distance between the platform's states
 * minority, taken on each side of index): read as measured, a kernel
 * that did not step moved by the states' shares either side, which
 * differ by chance (a state flip on the step's night read as the other
 * kernels sharing one kernel's -6.1%: causes.py --states 73605,
 * one-kernel case 25).
 */
static double folded_row_move(const struct series *s, size_t r, const unsigned char *minority, size_t index,
			      int span_days, const struct step *st, double *var)
{
	struct series k;
	double m;

	kernel_series(s, r, minority, index, &k);
	k.helion_by_row = xcalloc(k.nr + 1, sizeof(double));
	for (size_t t = 0; t < k.nr; t++)
		k.helion_by_row[t] = k.points[t].value[METRIC_HELION];
	m = row_move(&k, 0, index, span_days, st, var);
	free(k.helion_by_row);
	free(k.points);
	return m;
}

/*
 * The kept kernels' (by name) mean log move at index, *mine, and the other
 * kernels' mean move there, *others, with its standard error *se; with
 * fold, under machine states (series_minority_nights()), each other
 * kernel's series folded onto one state (folded_row_move()). Returns
 * 0 when fewer other kernels than kept ones were measured: a move most
 * kernels make has nothing to be told apart from.
 */
static int others_move(const struct series *s, const struct kernel_step *kept, size_t nr,
		       size_t index, int span_days, const struct step *st, int fold,
		       double *mine, double *others, double *se)
{
	unsigned char *minority = fold ? series_minority_nights(s) : NULL;
	double var = 0;
	size_t nr_others = 0;

	*mine = *others = 0;
	for (size_t i = 0; i < nr; i++)
		*mine += log1p(kept[i].change_pct / 100) / (double)nr;
	for (size_t r = 0; r < s->nr_rows; r++) {
		double m, v;
		size_t i;

		for (i = 0; i < nr && kept[i].kernel != s->kernel_names[r]; i++)
			;
		if (i < nr)
			continue;
		if (minority)
			m = folded_row_move(s, r, minority, index, span_days, st, &v);
		else
			m = row_move(s, r, index, span_days, st, &v);
		if (isnan(m) || isnan(v))
			continue;
		*others += m;
		var += v;
		nr_others++;
	}
	free(minority);
	if (!nr_others || nr_others < nr)
		return 0;
	*others /= (double)nr_others;
	*se = sqrt(var) / (double)nr_others;
	return 1;
}

/*
 * 1 when the kernels other than the kept ones stayed: their mean move is
 * under half the kept ones' mean move, still under it half a standard
 * error its way (KERNEL_STEPS_STAYED_Z), and short of the kept ones' move by
 * KERNEL_STEPS_OTHERS_Z standard errors (a move the others share, only
 * less surely measured, is not concentrated). A move most kernels make is
 * the platform's. Both sides lean the move's way by selection: the kept
 * kernels are the ones whose own searches found the largest moves, and
 * the platform's step is placed where the geomean, the others' noise in
 * it, moved most. A step every kernel made then read as the few's, the
 * others' +2.7% +- 0.6% just under half of the few's +5.4% (bench/step-rates
 * twosteps 9004071). A whole standard error cost few kernels' real steps
 * their culprit (docs/step-detection.md).
 */
#define KERNEL_STEPS_OTHERS_Z 3.0
#define KERNEL_STEPS_STAYED_Z 0.5

static int others_stayed(const struct series *s, const struct kernel_step *kept, size_t nr,
			 size_t index, int span_days, const struct step *st, int fold)
{
	double mine, others, se;

	if (!others_move(s, kept, nr, index, span_days, st, fold, &mine, &others, &se))
		return 0;
	if (mine < 0) {
		mine = -mine;
		others = -others;
	}
	return fabs(others) < mine / 2 && others + KERNEL_STEPS_STAYED_Z * se < mine / 2 &&
		mine - others >= KERNEL_STEPS_OTHERS_Z * se;
}

/*
 * 1 when the other kernels shared the kept ones' move: theirs went the
 * same way by half of it or more. Others that went the other way did not
 * share it, however far: three noisy kernels' levels drift apart by
 * chance (accuracy seed 61232, subset, the others +2.9% against -5.6%).
 */
static int others_shared(const struct series *s, const struct kernel_step *kept, size_t nr,
			 size_t index, int span_days, const struct step *st, int fold)
{
	double mine, others, se;

	return others_move(s, kept, nr, index, span_days, st, fold, &mine, &others, &se) &&
		(others < 0) == (mine < 0) && fabs(others) >= fabs(mine) / 2;
}

/*
 * The kernels that make one move but step on other nights than the
 * strongest: the move's commits may lie at any of their nights, so st's
 * window spans their windows too. One machine-state night could put a
 * kernel's step two nights off the others' (accuracy causes with machine
 * states: kernel_a at the true night, kernel_b, stronger, two nights
 * later, and the window of one commit there named a wrong culprit).
 */
static void span_kernel_nights(const struct kernel_step *ks, size_t nr, size_t strongest, struct step *st)
{
	for (size_t i = 0; i < nr; i++) {
		if (ks[i].index == ks[strongest].index)
			continue;
		if (ks[i].last_good < st->last_good)
			st->last_good = ks[i].last_good;
		if (ks[i].first_bad > st->first_bad)
			st->first_bad = ks[i].first_bad;
	}
}

/* The row of kernel step k in s (its kernel's name is s's); s->nr_rows when none is. */
static size_t row_of(const struct series *s, const struct kernel_step *k)
{
	size_t r = 0;

	while (r < s->nr_rows && s->kernel_names[r] != k->kernel)
		r++;
	return r;
}

/*
 * A kernel step kept only because the other kernels' move, folded onto one
 * machine state, stayed (read as measured, they shared it) takes in the
 * window of the kernel's own series read on its own states, as --kernel
 * reads it, where that finds a step whose window meets its own. A state
 * night on the step's night can put a nightly of the platform's fold on
 * the wrong side, and a step so kept then lands a night off, sure of it;
 * the kernel's own levels leave that night in doubt (causes.py --states
 * 73614, one kernel 27: kernel_c read at 03-08, its own series 03-07 to
 * 03-09, the true night 03-09; 73601, states 22). Kernel steps kept as
 * measured keep their windows: widened so, they lost half their culprits.
 */
static void widen_by_own_series(const struct series *s, const struct step_options *opts, struct kernel_step *ks)
{
	struct step_options o = *opts;
	struct series k;
	struct step own;
	size_t r = row_of(s, ks);

	if (r == s->nr_rows)
		return;
	o.fallback = 0;
	o.sharp_only = 1;
	o.look_outside = 0;
	kernel_series(s, r, NULL, 0, &k);
	if (!series_find_step(&k, &o, &own) && own.found && own.last_good < ks->first_bad &&
	    own.first_bad > ks->last_good) {
		if (own.last_good < ks->last_good)
			ks->last_good = own.last_good;
		if (own.first_bad > ks->first_bad)
			ks->first_bad = own.first_bad;
	}
	free(k.points);
}

/*
 * The geomean's pair at the kernel's night st, which its levels as
 * measured do not find, is told by the sharp step own that the platform's
 * own levels found a night or two off, at st's night: otherwise the answer
 * would be a step whose numbers say none. Under machine states a step about
 * their distance reads as no move on the nightlies as measured (bench/
 * step-rates statestep 14836838: +6.9% at 15.3 standard errors on the
 * folded levels, kernels at the next night; the pair there read -0.5%,
 * 0.8 standard errors).
 */
static void keep_own_move(struct step *st, const struct step *own)
{
	size_t index = st->index;

	*st = *own;
	st->index = index;
	st->halfway = 0;
}

/*
 * 1 when the platform's move (log, standard error se_pct percent) is
 * beyond what the kept kernels' steps explain (explained, their log
 * moves summed over the kernels measured) by
 * KERNEL_STEPS_BEYOND_Z standard errors of the two together: the others
 * moved too, however their own nightlies read (under machine states
 * their sides' shares of each state move them by chance). Not 3: the
 * platform's step is placed where the geomean, the others' noise in it,
 * moved most, and one kernel's real step read 3.85 standard errors
 * beyond itself in the 18,766 onekernel cases of 40,000 that settle()
 * weighed (bench/step-rates 15,110,000 on).
 */
#define KERNEL_STEPS_BEYOND_Z 5.0

static int beyond_kept(const struct kernel_step *kept, size_t nr, double nr_kernels, double move, double se_pct,
		       double explained)
{
	double se = log1p(se_pct / 100), var = se * se;

	for (size_t i = 0; i < nr; i++) {
		double k = log1p(kept[i].se_pct / 100) / nr_kernels;

		var += k * k;
	}
	return fabs(move) - fabs(explained) >= KERNEL_STEPS_BEYOND_Z * sqrt(var);
}

/*
 * The kernel steps that make st's move (see kernel-settle.h), those within
 * near nights of st's night for the strongest; st placed at the
 * strongest one's night when it is not st's own. Returns how many.
 */
static size_t settle(const struct series *s, const struct step_options *o, struct step *st,
		     struct kernel_step **out, size_t nr, long near)
{
	double move = log1p(st->change_pct / 100), explained = 0, nr_kernels;
	size_t kept = 0, strongest = nr;

	for (size_t i = 0; i < nr; i++) {
		const struct kernel_step *k = &(*out)[i];

		if (series_nights_apart(s, k->index, st->index) <= near && (k->change_pct < 0) == (move < 0) &&
		    (strongest == nr || k->z > (*out)[strongest].z))
			strongest = i;
	}
	if (strongest == nr)
		return 0;
	for (size_t i = 0; i < nr; i++) {
		struct kernel_step k = (*out)[i];

		if (series_nights_apart(s, k.index, (*out)[strongest].index) > KERNEL_STEPS_NEAR ||
		    (k.change_pct < 0) != (move < 0))
			continue;
		if (i == strongest)
			strongest = kept;
		explained += log1p(k.change_pct / 100);
		(*out)[kept++] = k;
	}
	nr_kernels = (double)s->points[(*out)[strongest].index].nr_kernels;
	explained /= nr_kernels;
	if (fabs(explained) < fabs(move) / 2 || beyond_kept(*out, kept, nr_kernels, move, st->se_pct, explained) ||
	    !others_stayed(s, *out, kept, (*out)[strongest].index, o->span_days, st, 1))
		return 0;
	if (!others_stayed(s, *out, kept, (*out)[strongest].index, o->span_days, st, 0))
		for (size_t i = 0; i < kept; i++)
			widen_by_own_series(s, o, &(*out)[i]);
	if ((*out)[strongest].index != st->index || st->drift) {
		struct step own = *st;

		/* placed by the kernel: its window, not the geomean's pair there */
		series_step_at(s, (*out)[strongest].index, o, 0, st);
		if (!own.drift && !st->found)
			keep_own_move(st, &own);
		st->last_good = (*out)[strongest].last_good;
		st->first_bad = (*out)[strongest].first_bad;
		st->found = 1;
		st->persistent = 1;
		st->reason = NULL;
		st->undecided = 0;
	} else {
		/*
		 * At the geomean's own night, the window both series allow: the
		 * kernel is often surer of the night than the geomean, and the
		 * geomean's window narrower than a kernel not measured for a while.
		 */
		if ((*out)[strongest].last_good > st->last_good)
			st->last_good = (*out)[strongest].last_good;
		if ((*out)[strongest].first_bad < st->first_bad)
			st->first_bad = (*out)[strongest].first_bad;
	}
	span_kernel_nights(*out, kept, strongest, st);
	return kept;
}

/*
 * 1 when three kernels in four or more moved with the platform's step st
 * (half its move or more, its way, at its night, and KERNEL_STEPS_OTHERS_Z
 * standard errors of their own): then no few kernels can make it, and
 * their own searches are spared.
 */
static int shared_by_most(const struct series *s, const struct step *st, int span_days)
{
	double move = log1p(st->change_pct / 100), var;
	size_t with = 0, measured = 0;

	for (size_t r = 0; r < s->nr_rows; r++) {
		double m = row_move(s, r, st->index, span_days, st, &var);

		if (isnan(m))
			continue;
		measured++;
		with += (m < 0) == (move < 0) && fabs(m) >= fabs(move) / 2 &&
			fabs(m) >= KERNEL_STEPS_OTHERS_Z * sqrt(var);
	}
	return measured && 4 * with >= 3 * measured;
}

/*
 * Without a platform step, the kernel steps that are their kernels' own:
 * each with the kernel steps its way within KERNEL_STEPS_NEAR nights of
 * it, unless the other kernels shared its move (others_shared()). A move
 * the other kernels share under the platform's bar is no kernel's: a drift through
 * the span, or a small platform step, lifts every kernel, and the
 * noisiest kernel's share of it passed for a step of its own (accuracy
 * seed 61233, drift). Returns how many are kept, in order.
 */
static size_t keep_own(const struct series *s, const struct step_options *o, struct kernel_step *ks, size_t nr)
{
	struct kernel_step *group = xcalloc(nr + 1, sizeof(*group));
	struct step none = { 0 };
	unsigned char *own = xcalloc(nr + 1, 1);
	size_t kept = 0;

	for (size_t i = 0; i < nr; i++) {
		size_t n = 0;

		for (size_t j = 0; j < nr; j++)
			if (series_nights_apart(s, ks[i].index, ks[j].index) <= KERNEL_STEPS_NEAR &&
			    (ks[i].change_pct < 0) == (ks[j].change_pct < 0))
				group[n++] = ks[j];
		own[i] = !others_shared(s, group, n, ks[i].index, o->span_days, &none, 1);
		if (own[i] && others_shared(s, group, n, ks[i].index, o->span_days, &none, 0))
			widen_by_own_series(s, o, &ks[i]);
	}
	for (size_t i = 0; i < nr; i++)
		if (own[i])
			ks[kept++] = ks[i];
	free(group);
	free(own);
	return kept;
}

/*
 * Whether kernel k's own series, drifts allowed, also reads a drift near
 * its night: a kernel that ramps makes a sharp step of its own search
 * (sharp_only) somewhere on its ramp. The series is folded onto one
 * machine state as that search's was, so that the two read the same
 * nightlies.
 */
static int kernel_drifts(const struct series *s, const struct step_options *opts, const struct kernel_step *k)
{
	struct step_options o = kernel_step_options(s, opts, 1);
	unsigned char *minority;
	struct series ks;
	struct step st;
	size_t r = row_of(s, k);
	int drifts;

	if (r == s->nr_rows)
		return 1;
	minority = series_minority_nights(s);
	kernel_series(s, r, minority, 0, &ks);
	free(minority);
	o.date = s->points[k->index].run->time;
	drifts = series_find_step(&ks, &o, &st) || !st.found || st.drift;
	free(ks.points);
	return drifts;
}

/*
 * A drift of the platform that a few kernels make with sharp steps of
 * their own is their step: the other kernels' noise, averaged in, bent
 * it into a ramp (accuracy causes, seed 61279: 5.5% in 2 of 5 kernels on
 * one night read as a -2.7% drift over 11 nightlies, whose window then
 * held a harness commit). The kernel steps within the drift's nightlies
 * (KERNEL_STEPS_NEAR either side) settle it as they settle a step,
 * unless the strongest of them drifts in its own series too.
 */
static size_t sharpen_drift(const struct series *s, const struct step_options *o, struct step *st,
			    struct kernel_step **out, size_t nr)
{
	size_t in = 0;

	for (size_t i = 0; i < nr; i++) {
		struct kernel_step k = (*out)[i];

		if (series_nights_apart(s, k.index, st->last_good + 1) <= KERNEL_STEPS_NEAR ||
		    series_nights_apart(s, k.index, st->index) <= KERNEL_STEPS_NEAR ||
		    (k.index > st->last_good && k.index < st->index))
			(*out)[in++] = k;
	}
	if (in) {
		struct step sharp = *st;
		size_t kept = settle(s, o, &sharp, out, in, LONG_MAX), strongest = 0;

		/* the strongest candidate is the kept one of the largest z */
		for (size_t i = 1; i < kept; i++)
			if ((*out)[i].z > (*out)[strongest].z)
				strongest = i;
		if (kept && !kernel_drifts(s, o, &(*out)[strongest])) {
			*st = sharp;
			return kept;
		}
	}
	return 0;
}

size_t step_with_kernels(const struct series *s, const struct step_options *o, struct step *st,
			 struct kernel_step **out)
{
	size_t nr;

	*out = NULL;
	if (s->nr_rows < 2 || !s->helion_by_row)
		return 0;
	if (st->found && !st->drift && shared_by_most(s, st, o->span_days))
		return 0;	/* the platform's own move */
	nr = series_kernel_steps(s, o, out);
	if (!st->found)
		return keep_own(s, o, *out, nr);
	if (st->drift)
		return sharpen_drift(s, o, st, out, nr);
	/* a weak platform step is placed no better than anywhere in the span */
	return settle(s, o, st, out, nr, st->score >= STEP_SURE_SCORE ? KERNEL_STEPS_NEAR : LONG_MAX);
}
