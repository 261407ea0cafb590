#ifndef BISECT_RUN_NOISE_H
#define BISECT_RUN_NOISE_H

#include <stddef.h>
#include "bisect/bisect.h"
#include "bisect/run-states.h"

/*
 * The run-to-run noise of one benchmark, pooled within commits: what the
 * recorded runs of a key say before a bisection starts (docs/statistics.md,
 * "Noise from recorded runs"). A run more than RUN_NOISE_TRIM noise units
 * from its commit's other runs is left out as a stray (the farthest of a
 * commit first, until none is), so that one stalled run does not make the
 * noise look loud.
 */
#define RUN_NOISE_TRIM 4.0

struct run_noise {
	double var;		/* the pooled variance within commits, strays left out (0: none) */
	double df;		/* its degrees of freedom: the runs kept less one a commit */
	size_t runs, commits;	/* the runs kept, and the commits of two or more */
	size_t strays;		/* the runs left out */
	struct run_states states;	/* whether the kept runs fall in two states */
};

/* Pool the runs of at[0..nr) (a commit each; those of fewer than two runs say nothing). */
void run_noise_pool(struct run_noise *n, const struct samples *at, size_t nr);

#endif
