/*
 * The floor of issue 13's runs target, with all an oracle can give: the
 * true levels and the true noise. Each commit of a binary search gets
 * Wald's test at an error rate of 0.01% each way (a run more than 3 sigma
 * beyond both levels is an outlier, no evidence; at most 5 runs), one run
 * at each end. It counts the wrong culprits over the generated suite's
 * windows (2..38 commits, every culprit, both directions, steps 5, 7, 10
 * and 20x the noise), with and without its 3% outliers, then with one
 * more run at each boundary commit inside the window (a third on a
 * disagreement, and no culprit when the majority changes sides).
 * Prints "<searches> <wrong> <runs> <probes>" a line for: the floor
 * without outliers, the floor with them, one more run with them.
 */
#include <stdio.h>
#include <stdlib.h>
#include "sim/noise-model.h"

struct tally {
	size_t searches, wrong, runs, probes;
};

/* One run at pos: how far past the midpoint towards the bad level (the good level is 0). */
static double past_midpoint(size_t pos, size_t culprit, double step, double outliers, size_t *runs)
{
	++*runs;
	return (noisy_run(pos >= culprit ? step : 0, outliers) - step / 2) * (step > 0 ? 1 : -1);
}

/* Wald's test at one commit: the log likelihood ratio of bad over good, known noise 1. */
static int wald_is_bad(size_t pos, size_t culprit, double step, double outliers, size_t *runs)
{
	double llr = 0, gap = fabs(step);

	for (size_t n = 0; n < 5 && fabs(llr) <= 9.2; n++) {
		double u = past_midpoint(pos, culprit, step, outliers, runs);

		if (fabs(u) <= gap / 2 + 3)
			llr += gap * u;
	}
	return llr > 0;
}

static size_t search(size_t nr, size_t culprit, double step, double outliers, int confirm, struct tally *t)
{
	size_t lo = 0, hi = nr, runs = 2, found;

	while (hi - lo > 1) {
		size_t m = (lo + hi) / 2;

		if (wald_is_bad(m, culprit, step, outliers, &runs))
			hi = m;
		else
			lo = m;
		t->probes++;
	}
	found = hi;
	for (int side = 0; confirm && side < 2; side++) {
		size_t p = side ? hi : lo;

		if (p == 0 || p == nr)
			continue;
		if ((past_midpoint(p, culprit, step, outliers, &runs) > 0) != side &&
		    (past_midpoint(p, culprit, step, outliers, &runs) > 0) != side)
			found = 0;
	}
	t->runs += runs;
	return found;
}

static void sweep(double outliers, int confirm)
{
	static const double steps[] = { 5, 7, 10, 20 };
	struct tally t = { 0, 0, 0, 0 };

	rng_state = 0x9e3779b97f4a7c15ULL;
	for (int seed = 0; seed < 16; seed++)
		for (size_t s = 0; s < sizeof(steps) / sizeof(steps[0]); s++)
			for (size_t nr = 2; nr <= 40; nr += 3)
				for (size_t k = 1; k <= nr; k++)
					for (int sign = 0; sign < 2; sign++) {
						size_t found = search(nr, k, sign ? -steps[s] : steps[s], outliers,
								      confirm, &t);

						t.searches++;
						t.wrong += found && found != k;
					}
	printf("%zu %zu %zu %zu\n", t.searches, t.wrong, t.runs, t.probes);
}

int main(void)
{
	sweep(0, 0);
	sweep(0.03, 0);
	sweep(0.03, 1);
	return 0;
}
