#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "history/kernel-steps.h"

double kernel_steps_multiple(double noise_multiple, size_t nr_kernels)
{
	return noise_multiple + (nr_kernels > 1 ? sqrt(2 * log((double)nr_kernels)) : 0);
}

/* Kernel r's own series: the platform's nightlies, its values only. */
static void kernel_series(const struct series *s, size_t r, struct series *k)
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
}

size_t series_kernel_steps(const struct series *s, const struct step_options *opts,
			   struct kernel_step **out)
{
	struct step_options o = *opts;
	size_t nr = 0;

	*out = NULL;
	if (s->nr_rows < 2 || !s->helion_by_row)
		return 0;
	o.noise_multiple = kernel_steps_multiple(opts->noise_multiple > 0 ? opts->noise_multiple :
						 STEP_NOISE_MULTIPLE, s->nr_rows);
	o.fallback = 0;
	for (size_t r = 0; r < s->nr_rows; r++) {
		struct series k;
		struct step st;

		kernel_series(s, r, &k);
		if (!series_find_step(&k, &o, &st) && st.found) {
			struct kernel_step *ks;

			*out = xrealloc(*out, (nr + 1) * sizeof(**out));
			ks = &(*out)[nr++];
			ks->kernel = s->kernel_names[r];
			ks->index = st.index;
			ks->change_pct = st.change_pct;
			ks->noise_pct = st.noise_pct;
			ks->score = st.score;
		}
		free(k.points);
	}
	return nr;
}
