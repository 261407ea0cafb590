#include <math.h>
#include <stdlib.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/stats.h"
#include "history/kernel-states.h"

/*
 * A machine state belongs to the nightly, not to a kernel: a kernel
 * noisier than the geomean hides the states in its own series, and a run
 * of them posed as a step (bench/step-rates, bimodal).
 */
#define STATE_FOLD_MIN 3

void series_fold_states(struct series *k, const unsigned char *minority, enum metric m)
{
	double *v[2], shift;
	size_t n[2] = { 0, 0 };

	v[0] = xcalloc(k->nr + 1, sizeof(double));
	v[1] = xcalloc(k->nr + 1, sizeof(double));
	for (size_t t = 0; t < k->nr; t++)
		if (k->points[t].value[m] > 0) {
			int g = minority[t] != 0;

			v[g][n[g]++] = log(k->points[t].value[m]);
		}
	if (n[0] >= STATE_FOLD_MIN && n[1] >= STATE_FOLD_MIN) {
		shift = exp(stats_median(v[0], n[0]) - stats_median(v[1], n[1]));
		for (size_t t = 0; t < k->nr; t++)
			if (minority[t] && k->points[t].value[m] > 0)
				k->points[t].value[m] *= shift;
	}
	free(v[0]);
	free(v[1]);
}

unsigned char *series_minority_nights(const struct series *s)
{
	unsigned char *minority;
	struct noise_model nm;
	double shift;

	if (!s->nr)
		return NULL;
	minority = xcalloc(s->nr + 1, 1);
	series_noise_model(s, METRIC_HELION, &nm);
	if (levels_state_nights(s, &nm, s->points[0].run->time, s->points[s->nr - 1].run->time + 1,
				minority, &shift))
		return minority;
	free(minority);
	return NULL;
}
