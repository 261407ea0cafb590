#ifndef HISTORY_KERNEL_STEPS_H
#define HISTORY_KERNEL_STEPS_H

#include "history/step.h"

/*
 * Steps of single kernels, looked for when the platform has no step: a
 * move concentrated in a few kernels can stay under the platform
 * geomean's thresholds (5.5% in 2 of 5 kernels moves
 * the geomean 1.9%). Each kernel's own series is judged by the same step
 * decision against its own noise, with the noise multiple raised by
 * sqrt(2 ln K) for K kernels: the largest of K noise scores grows that way,
 * so testing every kernel does not turn noise into steps.
 */
struct kernel_step {
	const char *kernel;	/* points into the dashboard */
	size_t index;		/* first bad nightly, an index into the platform series */
	double change_pct;
	double noise_pct;	/* the kernel's own noise */
	double score;
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

#endif
