#ifndef CLASSIFY_CLASSIFY_TIMERS_H
#define CLASSIFY_CLASSIFY_TIMERS_H

#include "classify/classify.h"

/*
 * Internal to common/classify: the gathering of each kernel's timers
 * (classify_gather() calls it).
 *
 * When the move is in some kernels only, the rules judge those: their
 * own move in each metric (the geomean of their moves, each over its own
 * nightlies around the step) and its noise (sqrt of the summed variances
 * over the count), so the timers and the other implementations are
 * compared where the move is, not diluted by the kernels that stayed.
 * When the kernels' own timers split them into kernels whose latency
 * agrees and kernels whose timing changed, pooling them would call the
 * timing change real (or hide the real change behind flat latencies):
 * the rules judge the agreeing ones, and the others are named apart
 * (s->timing, which the evidence calls "split" and "timing_changed", and
 * the truth leaves out of the after level). Under the platform's machine
 * states (minority: series_minority_nights_across_cuts() of w's series,
 * or NULL) each kernel's timers are read on one state. Returns -1 when a
 * kernel's series cannot be built (an error was printed).
 */
int classify_gather_kernel_move(struct classify_signals *s, const struct window *w, const unsigned char *minority,
				const struct classify_options *o);

/* Whether kernel name steps on its own (w->kernel_steps) at the nightly pair of s. */
int classify_steps_at_pair(const struct classify_signals *s, const struct window *w, const char *name);

#endif
