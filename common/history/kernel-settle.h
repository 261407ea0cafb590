#ifndef HISTORY_KERNEL_SETTLE_H
#define HISTORY_KERNEL_SETTLE_H

#include "history/kernel-steps.h"

/*
 * The kernels of the platform's step st near opts->date (series_find_step):
 * the kernels of s that step on their own near the date (as
 * series_kernel_steps()). When st is found, only those that make its move
 * are kept: the strongest kernel step (largest z) the same way within
 * KERNEL_STEPS_NEAR nights of st (anywhere in the span when st moved
 * under STEP_SURE_SCORE times its one-night noise: its night is not sure)
 * and those within KERNEL_STEPS_NEAR nights of it, when together they
 * make half of st's move or more (their log moves summed over the
 * platform's kernels) while the other kernels, as many as those or more,
 * stayed (their mean move there is under half of theirs and 3 standard
 * errors short of it; under machine states each read on one state) and
 * st's move is not beyond theirs by 5 standard errors (the others' in it
 * too, however their own series read). st
 * is then placed at the strongest one's night:
 * one kernel's noise is often far below the geomean's, so it places the
 * move more surely. A move the other kernels share is the platform's:
 * none is kept. So is a drift, unless kernel steps inside its nightlies
 * (or KERNEL_STEPS_NEAR of them) make it by the same test and the
 * strongest of them is no drift in its own series: st is then their
 * sharp step, at the strongest one's night.
 * Returns how many; *out is owned by the caller (free()).
 */
size_t step_with_kernels(const struct series *s, const struct step_options *opts, struct step *st,
			 struct kernel_step **out);

#endif
