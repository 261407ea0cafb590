#include <math.h>
#include <stdlib.h>
#include "util/usage.h"
#include "history/step.h"
#include "history/sparse.h"

static int measured(const struct series *s, size_t t, size_t r)
{
	double v = s->helion_by_row[t * s->nr_rows + r];

	return !isnan(v) && v > 0;
}

size_t series_sparse_kernels(const struct series *s, size_t good, size_t index,
			     struct sparse_kernel **out)
{
	size_t nr = 0;

	*out = NULL;
	if (s->kernel || !index || index >= s->nr || good >= index)
		return 0;
	for (size_t r = 0; r < s->nr_rows; r++) {
		size_t j = good;

		if (!measured(s, index, r) || measured(s, j, r))
			continue;
		while (j > 0 && !measured(s, j, r))
			j--;
		if (!measured(s, j, r))
			continue;	/* new at index: nothing to compare */
		*out = xrealloc(*out, (nr + 1) * sizeof(**out));
		(*out)[nr].kernel = s->kernel_names[r];
		(*out)[nr].since = j;
		(*out)[nr].change_pct = 100 * (s->helion_by_row[index * s->nr_rows + r] /
						s->helion_by_row[j * s->nr_rows + r] - 1);
		(*out)[nr].noise_pct = NAN;
		nr++;
	}
	return nr;
}

int sparse_kernels_noise(struct sparse_kernel *k, size_t nr, const struct series *s,
			 const struct dashboard *d, int all_runs)
{
	for (size_t i = 0; i < nr; i++) {
		struct series_options so = { s->platform, k[i].kernel, all_runs };
		struct series one;

		if (series_build(&one, d, &so))
			return -1;
		k[i].noise_pct = 100 * series_noise(&one, METRIC_HELION);
		series_release(&one);
	}
	return 0;
}

int sparse_kernel_matters(const struct sparse_kernel *k, double noise_multiple, double min_change)
{
	return step_significant(k->change_pct, k->noise_pct, noise_multiple, min_change, NULL);
}
