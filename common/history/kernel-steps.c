/*
 * Steps of single kernels: each kernel's own series searched for a step
 * near the date (series_kernel_steps()), and the kernels that keep a pair
 * without a step open (step_open_by_kernel()). kernel-settle.c weighs the
 * steps found here against the platform's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "history/kernel-steps.h"
#include "history/kernel-states.h"

/*
 * One standard error more than the platform's multiple: each kernel's own
 * search over the span's nightlies is a test of its own, and at sqrt(2 ln K)
 * alone pure noise made a kernel step in 1.4-2.6e-4 of the queries of
 * bench/step-rates (400,000 a family, cases 8000000-8399999; 1.0-2.2e-5
 * with this).
 */
#define KERNEL_STEPS_EXTRA 1.0

double kernel_steps_multiple(double noise_multiple, size_t nr_kernels)
{
	return noise_multiple + (nr_kernels > 1 ? KERNEL_STEPS_EXTRA + sqrt(2 * log((double)nr_kernels)) : 0);
}

void kernel_series(const struct series *s, size_t r, const unsigned char *minority, size_t cut,
		   struct series *k)
{
	memset(k, 0, sizeof(*k));
	k->platform = s->platform;
	k->kernel = s->kernel_names[r];
	k->nr = s->nr;
	k->nr_rows = 1;
	k->points = xcalloc(s->nr + 1, sizeof(*k->points));
	for (size_t t = 0; t < s->nr; t++) {
		k->points[t].run = s->points[t].run;
		for (int m = 0; m < METRIC_NR; m++)
			k->points[t].value[m] = NAN;
		k->points[t].value[METRIC_HELION] = s->helion_by_row[t * s->nr_rows + r];
		k->points[t].raw_helion = k->points[t].value[METRIC_HELION];
		k->points[t].nr_kernels = !isnan(k->points[t].raw_helion);
	}
	if (minority)
		series_fold_states(k, minority, METRIC_HELION, cut);
}

struct step_options kernel_step_options(const struct series *s, const struct step_options *opts, int drifts)
{
	struct step_options o = *opts;

	o.noise_multiple = kernel_steps_multiple(opts->noise_multiple > 0 ? opts->noise_multiple :
						 STEP_NOISE_MULTIPLE, s->nr_rows);
	o.fallback = 0;
	o.sharp_only = !drifts;
	o.look_outside = 0;
	return o;
}

long series_nights_apart(const struct series *s, size_t a, size_t b)
{
	return labs((long)((s->points[a].run->time - s->points[b].run->time) / DAY_SECONDS));
}

/*
 * Kernel r's step in its own series folded by the minority flags: found
 * (1, in *st) or not (0). One distance over both sides of the kernel's
 * step mixes its two levels where the states' shares differ, and the
 * nights so misfolded widen its noise: folded again, each side apart.
 * The window then takes in an end night whose state is in doubt
 * (kernel_step_state_ends()).
 */
static int folded_kernel_step(const struct series *s, size_t r, const unsigned char *minority,
			      const struct step_options *o, struct step *st)
{
	struct series k, apart;
	struct step again;

	kernel_series(s, r, minority, 0, &k);
	if (series_find_step(&k, o, st) || !st->found) {
		free(k.points);
		return 0;
	}
	kernel_series(s, r, minority, st->index, &apart);
	if (!series_find_step(&apart, o, &again) && again.found && again.index == st->index) {
		free(k.points);
		k = apart;
		*st = again;
	} else {
		free(apart.points);
	}
	kernel_step_state_ends(s, r, minority, &k, st);
	free(k.points);
	return 1;
}

/*
 * Whether kernel r's step narrow, found folded by the flags across,
 * narrows its window st: is shorter and lies inside it, each night it
 * leaves out one that the kernel measured and the other kernels read in
 * the state the flags give it (state_witnessed()). The flags come from
 * the geomean's levels, which can misread a night beside a step of a few
 * kernels: in causes.py 74946 under --states (subset 31), 03-08 flagged
 * the upper state, that the other kernels read as the lower, put
 * kernel_e's -5.8% a night early, on a wrong culprit.
 */
static int narrows(const struct series *s, size_t r, const unsigned char *across, const struct step *st,
		   const struct step *narrow)
{
	if (narrow->last_good < st->last_good || narrow->first_bad > st->first_bad ||
	    (narrow->last_good == st->last_good && narrow->first_bad == st->first_bad))
		return 0;
	for (size_t t = st->last_good + 1; t < st->first_bad; t++)
		if ((t <= narrow->last_good || t >= narrow->first_bad) && s->helion_by_row[t * s->nr_rows + r] > 0 &&
		    !state_witnessed(s, r, across, t))
			return 0;
	return 1;
}

size_t series_kernel_steps(const struct series *s, const struct step_options *opts,
			   struct kernel_step **out)
{
	struct step_options o = kernel_step_options(s, opts, 0);
	unsigned char *minority, *across = NULL;
	size_t nr = 0;

	*out = NULL;
	if (s->nr_rows < 2 || !s->helion_by_row)
		return 0;
	minority = series_minority_nights(s);
	/*
	 * Where the sort of the platform's nightlies finds no states (a step
	 * of a few kernels mixes the geomean's groups), the levels may still
	 * find them across a cut. A kernel's own search does not fold by
	 * those: under a step of every kernel about the states' distance,
	 * the fold reads the nights beside it in the wrong state, and whole
	 * windows came out beside the step (bench/step-rates statestep,
	 * 13307343). A kernel folded by them may only narrow the window its
	 * own search found, to one inside it, on the nights the other kernels
	 * read in the states so flagged (narrows()): a step of a few kernels
	 * whose end nights the kernel's own states leave in doubt (causes.py
	 * 74921 under --states, states 3: kernel_d's -5.4% read 02-18 ->
	 * 02-20 unfolded, 02-18 -> 02-19 folded, and the culprit named).
	 */
	if (!minority)
		across = series_minority_nights_of_levels(s);
	for (size_t r = 0; r < s->nr_rows; r++) {
		struct step st, narrow;
		int found;

		if (minority) {
			found = folded_kernel_step(s, r, minority, &o, &st);
		} else {
			struct series k;

			kernel_series(s, r, NULL, 0, &k);
			found = !series_find_step(&k, &o, &st) && st.found;
			free(k.points);
		}
		if (!found)
			continue;
		if (across && folded_kernel_step(s, r, across, &o, &narrow) && narrows(s, r, across, &st, &narrow))
			st = narrow;
		*out = xrealloc(*out, (nr + 1) * sizeof(**out));
		(*out)[nr++] = (struct kernel_step) {
			.kernel = s->kernel_names[r],
			.index = st.index,
			.first_bad = st.first_bad,
			.last_good = st.last_good,	/* measured: levels hold measured nightlies only */
			.change_pct = st.change_pct,
			.noise_pct = st.noise_pct,
			.score = st.score,
			.se_pct = st.se_pct,
			.z = st.z,
		};
	}
	free(minority);
	free(across);
	return nr;
}

/* The kernels of one direction that moved near a pair (step_open_by_kernel()). */
struct open_side {
	double sum;		/* their log moves */
	size_t nr;
	int alone;		/* one of them moved beyond the platform's multiple on its own */
	const char *strongest;
	double pct, z;		/* the strongest one's move and its standard errors */
};

void step_open_by_kernel(const struct series *s, const struct step_options *opts, struct step *st)
{
	struct step_options o = kernel_step_options(s, opts, 0);
	double bar = opts->noise_multiple > 0 ? opts->noise_multiple : STEP_NOISE_MULTIPLE;
	struct open_side side[2] = { { 0 }, { 0 } }, *d = NULL;
	unsigned char *minority;

	/*
	 * Each kernel is searched at the bar it is judged by, the platform's:
	 * at the kernels' raised multiple the search drops a cut between the
	 * two before it can be judged, and reads the pair diluted (causes.py
	 * 73706 under --states, one kernel 36: kernel_d -6.2% at 4.3 standard
	 * errors read as -3.5% at 1.7, and a real regression as noise).
	 */
	o.noise_multiple = bar;

	if (s->nr_rows < 2 || !s->helion_by_row || !st->index)
		return;
	minority = series_minority_nights(s);
	for (size_t r = 0; r < s->nr_rows; r++) {
		struct series k;
		struct step ks;
		struct open_side *sd;

		kernel_series(s, r, minority, 0, &k);
		if (!series_find_step(&k, &o, &ks) && (ks.found || ks.undecided) && ks.index &&
		    series_nights_apart(s, ks.index, st->index) <= KERNEL_STEPS_NEAR) {
			sd = &side[ks.change_pct > 0];
			sd->sum += log1p(ks.change_pct / 100);
			sd->nr++;
			sd->alone |= ks.found || ks.z >= bar;
			if (!sd->strongest || ks.z > sd->z) {
				sd->strongest = s->kernel_names[r];
				sd->pct = ks.change_pct;
				sd->z = ks.z;
			}
		}
		free(k.points);
	}
	free(minority);
	/*
	 * A direction keeps the move open with one kernel beyond the
	 * platform's multiple, or with kernels that, each undecided, move
	 * the geomean by --min-change together: two kernels of five at
	 * -5.5% each, 2.9 standard errors in their own series, while the
	 * platform's folded levels read -0.8% (causes.py 73627, states 5).
	 */
	for (int i = 0; i < 2; i++) {
		struct open_side *sd = &side[i];

		if (sd->nr && (sd->alone || fabs(sd->sum) / (double)s->nr_rows >= log1p(st->min_change / 100)) &&
		    (!d || fabs(sd->sum) > fabs(d->sum)))
			d = sd;
	}
	if (!d)
		return;
	st->open_kernel = d->strongest;
	st->open_kernel_pct = d->pct;
	st->open_kernel_z = d->z;
	st->nr_open_kernels = d->nr;
	st->open_geomean_pct = 100 * expm1(d->sum / (double)s->nr_rows);
	st->room_se_pct = st->se_pct;
}
