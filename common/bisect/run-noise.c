/*
 * The run-to-run noise of a benchmark, pooled within commits (run-noise.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/stats.h"
#include "bisect/run-noise.h"

/* The mean of the kept runs of s (keep[i] nonzero), and how many. */
static double kept_mean(const struct samples *s, const unsigned char *keep, size_t *kept)
{
	double sum = 0;

	*kept = 0;
	for (size_t i = 0; i < s->nr; i++)
		if (keep[i]) {
			sum += s->v[i];
			(*kept)++;
		}
	return *kept ? sum / (double)*kept : NAN;
}

/*
 * The pooled variance of the kept runs (n->var, n->df, n->runs,
 * n->commits); with robust, the start instead: the median over runs of
 * each residual squared, scaled to one run's variance (times k / (k - 1)
 * for a commit of k runs) and divided by the median of chi-square with one
 * degree of freedom, so that a commit with a stray cannot set it.
 */
static void pool_kept(struct run_noise *n, const struct samples *at, size_t nr, unsigned char **keep, int robust)
{
	double ss = 0, *scaled = NULL;
	size_t nr_scaled = 0;

	n->var = n->df = 0;
	n->runs = n->commits = 0;
	if (robust)
		for (size_t c = 0; c < nr; c++)
			nr_scaled += at[c].nr;
	if (robust && nr_scaled)
		scaled = xcalloc(nr_scaled, sizeof(double));
	nr_scaled = 0;
	for (size_t c = 0; c < nr; c++) {
		size_t k;
		double mean = kept_mean(&at[c], keep[c], &k);

		if (k < 2)
			continue;
		for (size_t i = 0; i < at[c].nr; i++) {
			double d = at[c].v[i] - mean;

			if (!keep[c][i])
				continue;
			ss += d * d;
			if (scaled)
				scaled[nr_scaled++] = d * d * (double)k / (double)(k - 1);
		}
		n->df += (double)(k - 1);
		n->runs += k;
		n->commits++;
	}
	if (n->df > 0)
		n->var = robust ? stats_median(scaled, nr_scaled) / 0.454936423119572 : ss / n->df;
	free(scaled);
}

void run_noise_pool(struct run_noise *n, const struct samples *at, size_t nr)
{
	unsigned char **keep = xcalloc(nr ? nr : 1, sizeof(*keep));
	size_t strays = 0;

	for (size_t c = 0; c < nr; c++) {
		keep[c] = xcalloc(at[c].nr ? at[c].nr : 1, 1);
		memset(keep[c], 1, at[c].nr);
	}
	for (int pass = 0;; pass++) {
		size_t dropped = 0;

		pool_kept(n, at, nr, keep, !pass);
		/* Each commit's farthest run, when it is beyond the trim. */
		for (size_t c = 0; n->var > 0 && c < nr; c++) {
			size_t k, far = 0;
			double mean = kept_mean(&at[c], keep[c], &k), worst = -1;

			if (k < 2)
				continue;
			for (size_t i = 0; i < at[c].nr; i++)
				if (keep[c][i] && fabs(at[c].v[i] - mean) > worst) {
					worst = fabs(at[c].v[i] - mean);
					far = i;
				}
			if (worst * worst * (double)k / (double)(k - 1) > RUN_NOISE_TRIM * RUN_NOISE_TRIM * n->var) {
				keep[c][far] = 0;
				dropped++;
			}
		}
		strays += dropped;
		if (!dropped && pass)
			break;
	}
	n->strays = strays;
	run_states_fit(&n->states, at, nr, keep);
	for (size_t c = 0; c < nr; c++)
		free(keep[c]);
	free(keep);
}
