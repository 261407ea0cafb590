#ifndef HISTORY_KERNEL_STEPS_H
#define HISTORY_KERNEL_STEPS_H

#include "history/step.h"

/*
 * Steps of single kernels, looked for when the platform has no step: a
 * move concentrated in a few kernels can stay under the platform
 * geomean's thresholds (5.5% in 2 of 5 kernels moves
 * the geomean 1.9%). Each kernel's own series is judged by the same step
 * decision against its own noise, with the noise multiple raised by
 * 1 + sqrt(2 ln K) for K kernels: the largest of K noise scores grows as
 * sqrt(2 ln K), and each kernel's search over the span's nights adds to
 * it, so testing every kernel does not turn noise into steps.
 */
struct kernel_step {
	const char *kernel;	/* points into the dashboard */
	size_t index;		/* first bad nightly, an index into the platform series */
	size_t first_bad;	/* its window's first bad: index, or the nightly after (step.h) */
	size_t last_good;	/* its window's last good: a measured nightly before it */
	double change_pct;
	double noise_pct;	/* the kernel's own noise */
	double score;		/* |log change| / its own noise */
	double se_pct;		/* the standard error of its change */
	double z;		/* |log change| / that standard error */
};

/* The multiple each kernel must clear when nr_kernels are tested. */
double kernel_steps_multiple(double noise_multiple, size_t nr_kernels);

/*
 * The kernels of s (with more than one) that step near opts->date; at
 * most one entry per kernel, in row order. Returns how many; *out is
 * owned by the caller (free()), NULL when none.
 */
size_t series_kernel_steps(const struct series *s, const struct step_options *opts,
			   struct kernel_step **out);

/* Nights either side within which kernel steps make one move, and lie near a pair. */
#define KERNEL_STEPS_NEAR 3

/*
 * Where the noise within a machine state rules st's move out
 * (step_states_rule_out()), one kernel may still have moved there: a step
 * of its own series (one that step_with_kernels() did not keep as the
 * answer), or one the states' jumps mask, beyond the platform's noise
 * multiple but under the one a kernel among many must clear
 * (kernel_steps_multiple(); each kernel is searched at the platform's
 * multiple here, as the kernel's own cut would otherwise be dropped
 * before it is judged). The strongest such kernel within
 * KERNEL_STEPS_NEAR nights of st's pair keeps the move open:
 * st->open_kernel names it and st's room is measured in se_pct again, so
 * that "no move worth finding" is not said where one kernel moved.
 */
void step_open_by_kernel(const struct series *s, const struct step_options *opts, struct step *st);

/*
 * For kernel-settle.c, which weighs the kernels' steps found here against
 * the platform's. Kernel r's own series in *k: the platform's nightlies,
 * its values only, those of the minority nightlies (series_minority_nights(),
 * or NULL) folded onto the other state by the kernel's distance between
 * the states, measured on each side of the nightly cut (0: over them all);
 * k->points is owned by the caller (free()).
 */
void kernel_series(const struct series *s, size_t r, const unsigned char *minority, size_t cut,
		   struct series *k);

/*
 * The options of a kernel's own search: the multiple raised for the
 * platform's kernels, no fallback boundary, and sharp steps only unless
 * drifts is set.
 */
struct step_options kernel_step_options(const struct series *s, const struct step_options *opts, int drifts);

/* Whole days between nightlies a and b of s. */
long series_nights_apart(const struct series *s, size_t a, size_t b);

#endif
