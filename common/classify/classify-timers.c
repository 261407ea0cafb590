/* Each kernel's timers across the move: whose latency agrees, whose timing changed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/thread.h"
#include "history/kernel-steps.h"
#include "history/kernel-states.h"
#include "classify/classify-sides.h"
#include "classify/classify-timers.h"

/* The most threads the kernels' moves are measured on (measure_one()). */
#define KERNEL_THREADS 16

int classify_steps_at_pair(const struct classify_signals *s, const struct window *w, const char *name)
{
	for (size_t i = 0; i < w->nr_kernel_steps; i++)
		if (w->kernel_steps[i].index == s->index && !strcmp(w->kernel_steps[i].kernel, name))
			return 1;
	return 0;
}

/*
 * The kernels the move is in: those that step on their own at the nightly
 * pair (no platform step), or those behind the platform's step; of these,
 * the ones that step on their own when any does. A kernel within its
 * noise that moved the platform's way is behind the move only by its
 * size, and its flat latency would read as the timers disagreeing (one
 * kernel -6%, its latency with it, beside two at -1.5% made "speedup -3%,
 * latency +1.4%": a method change). Sets s->move_own when they are the
 * kernels that step on their own; returns 1 when they are every kernel
 * (the platform's own move is theirs).
 */
static int moving_kernels(struct classify_signals *s, const struct window *w,
			  struct strvec *names)
{
	int own = 0;

	if (!s->found) {
		for (size_t i = 0; i < w->nr_kernel_steps; i++)
			if (w->kernel_steps[i].index == s->index)
				strvec_push(names, w->kernel_steps[i].kernel);
		s->move_own = 1;
		return 0;
	}
	for (size_t i = 0; i < s->nr_kernels; i++)
		own |= s->kernels[i].flag && classify_steps_at_pair(s, w, s->kernels[i].name);
	for (size_t i = 0; i < s->nr_kernels; i++)
		if (s->kernels[i].flag && (!own || classify_steps_at_pair(s, w, s->kernels[i].name)))
			strvec_push(names, s->kernels[i].name);
	s->move_own = own;
	return names->nr == s->nr_kernels;
}

/*
 * The platform's minority flags (series_minority_nights_across_cuts() of
 * s) for the points of kernel series k, each matched to its run on the
 * platform (classify_point_of()): a new array, the caller frees it.
 */
static unsigned char *kernel_nights(const struct series *k, const struct series *s,
				    const unsigned char *minority)
{
	unsigned char *flags = xcalloc(k->nr + 1, 1);

	for (size_t t = 0; t < k->nr; t++) {
		long j = classify_point_of(s, k->points[t].run);

		flags[t] = j >= 0 && minority[j];
	}
	return flags;
}

/*
 * Each metric's move of one kernel across the move from the nightly of
 * good to that of bad, in percent, and its noise (series_noise()); NAN:
 * no data. The side before ends at good, as the platform's does
 * (classify_step_sides()): a drift's nightlies are on neither side (the
 * nightly before bad, on the ramp, made a -12.8% drift's kernels -4.4%),
 * nor is a nightly that could be on either side of a step. Where the
 * kernel was not measured at good, at its last nightly before bad. Under
 * machine states (minority), every metric is folded onto one state first,
 * the sides apart.
 */
static int kernel_moves(const struct window *w, const struct dash_entry *good, const struct dash_entry *bad,
			const char *name, const struct classify_options *o, const unsigned char *minority,
			int quiet, double pct[METRIC_NR], double noise[METRIC_NR])
{
	struct series_options so = { w->series.platform, name, o->all_runs, quiet };
	struct series k;
	struct sides sd;
	long t, g;

	for (int m = 0; m < METRIC_NR; m++)
		pct[m] = noise[m] = NAN;
	if (series_build(&k, &w->dash, &so))
		return -1;
	t = classify_point_of(&k, bad);
	if (minority) {
		unsigned char *flags = kernel_nights(&k, &w->series, minority);

		for (int m = 0; m < METRIC_NR; m++)
			series_fold_states(&k, flags, m, t > 0 ? (size_t)t : 0);
		free(flags);
	}
	if (t > 0) {
		g = classify_point_of(&k, good);
		classify_step_sides(&k, g >= 0 && g < t ? (size_t)g : (size_t)t - 1, (size_t)t, o->span, &sd);
		for (int m = 0; m < METRIC_NR; m++) {
			double *v = classify_metric_values(&k, m);

			pct[m] = classify_range_change(v, &sd);
			noise[m] = series_noise(&k, m);
			free(v);
		}
	}
	series_release(&k);
	return 0;
}

/* The kernels' moves to measure, and where each kernel's go (measure_one()). */
struct kernel_measures {
	const struct window *w;
	const struct dash_entry *good, *bad;
	const struct strvec *names;
	const struct classify_options *o;
	const unsigned char *minority;
	double (*pct)[METRIC_NR], (*noise)[METRIC_NR];
	int *failed;		/* a kernel whose series could not be built, unprinted */
};

/*
 * One kernel's moves and noise (kernel_moves()), on a thread of
 * thread_for_each(): each reads the dashboard and writes only its own
 * kernel's figures, so they are the same however many threads ran. Its
 * series is built quietly: the caller builds a failed one again to say why.
 */
static void measure_one(void *data, size_t i)
{
	struct kernel_measures *km = data;

	km->failed[i] = kernel_moves(km->w, km->good, km->bad, km->names->v[i], km->o, km->minority, 1,
				     km->pct[i], km->noise[i]) != 0;
}

int classify_gather_kernel_move(struct classify_signals *s, const struct window *w, const unsigned char *minority,
				const struct classify_options *o)
{
	double sum[METRIC_NR] = { 0 }, var[METRIC_NR] = { 0 }, pct[METRIC_NR], noise[METRIC_NR];
	size_t n[METRIC_NR] = { 0 }, agree = 0;	/* kernels whose timers show a real change */
	struct strvec names = STRVEC_INIT;
	int all = moving_kernels(s, w, &names);
	struct kernel_timers *k = xcalloc(names.nr + 1, sizeof(*k));
	double (*kpct)[METRIC_NR] = xcalloc(names.nr + 1, sizeof(*kpct));
	double (*knoise)[METRIC_NR] = xcalloc(names.nr + 1, sizeof(*knoise));
	int *timing = xcalloc(names.nr + 1, sizeof(*timing));
	struct classify_options each = *o;
	struct kernel_measures km = { w, w->series.points[s->good].run, w->series.points[s->index].run, &names, o,
				      minority, kpct, knoise, xcalloc(names.nr + 1, sizeof(int)) };
	int ret = 0;

	/*
	 * A kernel whose latency explains only part of its move is real in
	 * that part only beyond the bar of one kernel among them all: at the
	 * platform's bar, one kernel's latency noise of 3x in six or seven
	 * made a timing change of them all "real" or "hardware".
	 */
	each.noise_multiple = kernel_steps_multiple(o->noise_multiple, names.nr);
	thread_for_each(names.nr, KERNEL_THREADS, measure_one, &km);
	for (size_t i = 0; i < names.nr; i++) {
		/* built again to print why, as the first kernel to fail in order */
		if (km.failed[i] && kernel_moves(w, km.good, km.bad, names.v[i], o, minority, 0, kpct[i], knoise[i])) {
			ret = -1;
			goto out;
		}
		k[i].name = names.v[i];
		k[i].speedup_pct = kpct[i][METRIC_HELION];
		k[i].latency_pct = kpct[i][METRIC_LATENCY];
		k[i].latency_noise_pct = 100 * expm1(knoise[i][METRIC_LATENCY]);
		k[i].timing_pct = k[i].speedup_pct;
		k[i].partial = classify_kernel_partly_timing(s, &k[i], &each);
		agree += classify_kernel_real(s, &k[i], o) || k[i].partial;
		timing[i] = classify_kernel_timing_changed(s, &k[i], o);
		/*
		 * Both in one kernel: its real move is the one its latency
		 * explains, pooled with the agreeing kernels; the rest is its
		 * timing's, taken out as a flat kernel's is.
		 */
		if (k[i].partial) {
			k[i].timing_pct = classify_timing_part_pct(&k[i]);
			kpct[i][METRIC_HELION] = classify_latency_speedup_pct(&k[i]);
		}
	}
	for (size_t i = 0; i < names.nr; i++) {
		if (!agree || !(timing[i] || k[i].partial))
			continue;
		s->timing = xrealloc(s->timing, (s->nr_timing + 1) * sizeof(*s->timing));
		s->timing[s->nr_timing] = k[i];
		s->timing[s->nr_timing++].name = xstrdup(names.v[i]);
	}
	if (all && !s->nr_timing)
		goto out;	/* every kernel, one cause: the platform's move is theirs */
	for (size_t i = 0; i < names.nr; i++) {
		if (s->nr_timing && timing[i])
			continue;
		for (int m = 0; m < METRIC_NR; m++) {
			double z = knoise[i][m];

			if (isnan(kpct[i][m]))
				continue;
			sum[m] += log1p(kpct[i][m] / 100);
			var[m] += z * z;
			n[m]++;
		}
	}
	if (!n[METRIC_HELION])
		goto out;
	for (int m = 0; m < METRIC_NR; m++) {
		pct[m] = n[m] ? 100 * expm1(sum[m] / n[m]) : NAN;
		noise[m] = n[m] ? 100 * expm1(sqrt(var[m]) / n[m]) : NAN;
	}
	s->move_pct = pct[METRIC_HELION];
	s->move_kernels = n[METRIC_HELION];
	s->triton_pct = pct[METRIC_TRITON];
	s->torch_compile_pct = pct[METRIC_TORCH_COMPILE];
	s->latency_pct = pct[METRIC_LATENCY];
	s->triton_noise_pct = noise[METRIC_TRITON];
	s->torch_compile_noise_pct = noise[METRIC_TORCH_COMPILE];
	s->latency_noise_pct = noise[METRIC_LATENCY];
out:
	free(k);
	free(kpct);
	free(knoise);
	free(timing);
	free(km.failed);
	strvec_clear(&names);
	return ret;
}

