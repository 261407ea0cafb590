/* The search and the verdicts of `git benchbisect run`: pure logic. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/stats.h"
#include "util/usage.h"
#include "bisect/bisect.h"

void bisect_init(struct bisect *b, size_t nr, const unsigned char *slice, int slice_first)
{
	memset(b, 0, sizeof(*b));
	b->nr = nr;
	b->mark = xcalloc(nr + 1, 1);
	b->slice = slice;
	b->slice_first = slice_first;
	b->hi = nr;
}

void bisect_release(struct bisect *b)
{
	free(b->mark);
	memset(b, 0, sizeof(*b));
}

void bisect_mark(struct bisect *b, size_t pos, enum bisect_mark m)
{
	b->mark[pos] = (unsigned char)m;
	b->last = pos;
	if (m == MARK_GOOD && pos > b->lo && pos < b->hi)
		b->lo = pos;
	else if (m == MARK_BAD && pos < b->hi && pos > b->lo)
		b->hi = pos;
}

static int candidate(const struct bisect *b, size_t pos)
{
	return pos > b->lo && pos < b->hi && b->mark[pos] == MARK_UNTESTED;
}

/* The untested position nearest the middle of (lo, hi), slice commits only if asked. */
static int nearest_middle(const struct bisect *b, int only_slice, size_t *pos)
{
	size_t mid = b->lo + (b->hi - b->lo) / 2;

	for (size_t d = 0; d <= b->hi - b->lo; d++) {
		size_t at[2] = { mid + d, d <= mid ? mid - d : 0 };

		for (int k = 0; k < 2; k++) {
			if (!candidate(b, at[k]) || (only_slice && !b->slice[at[k]]))
				continue;
			*pos = at[k];
			return 1;
		}
	}
	return 0;
}

enum bisect_status bisect_next(struct bisect *b, size_t *pos)
{
	if (b->mark[b->nr] == MARK_GOOD)
		return BISECT_NOT_REPRODUCED;
	if (b->mark[0] == MARK_BAD)
		return BISECT_GOOD_END_BAD;
	if (b->slice_first && b->slice) {
		/* A slice commit just tested bad: its parent decides at once. */
		if (b->last && b->last == b->hi && b->slice[b->hi] && candidate(b, b->hi - 1)) {
			*pos = b->hi - 1;
			return BISECT_TEST;
		}
		if (nearest_middle(b, 1, pos))
			return BISECT_TEST;
	}
	if (nearest_middle(b, 0, pos))
		return BISECT_TEST;
	if (b->mark[b->hi] == MARK_UNTESTED) {
		*pos = b->hi;
		return BISECT_TEST;
	}
	if (b->lo == 0 && b->mark[0] == MARK_UNTESTED) {
		*pos = 0;
		return BISECT_TEST;
	}
	for (size_t p = b->lo + 1; p < b->hi; p++)
		if (b->mark[p] == MARK_SKIP)
			return BISECT_ONLY_SKIPPED;
	return BISECT_FOUND;
}

void samples_add(struct samples *s, double v)
{
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	s->v[s->nr++] = v;
}

void samples_release(struct samples *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

double samples_median(const struct samples *s)
{
	double *tmp, m;

	if (!s->nr)
		return NAN;
	tmp = xcalloc(s->nr, sizeof(double));
	memcpy(tmp, s->v, s->nr * sizeof(double));
	m = stats_median(tmp, s->nr);
	free(tmp);
	return m;
}

enum judgement judge_exits(size_t nr_good, size_t nr_bad)
{
	if (nr_good && !nr_bad)
		return JUDGE_GOOD;
	if (nr_bad && !nr_good)
		return JUDGE_BAD;
	return JUDGE_UNKNOWN;
}

/* The pooled spread of the groups: 1.4826 MAD of each run from its group's median. */
static double pooled_sigma(const struct samples *const *groups, size_t nr_groups)
{
	struct samples res = { NULL, 0, 0 };
	double sigma;

	for (size_t g = 0; g < nr_groups; g++) {
		double m = samples_median(groups[g]);

		for (size_t i = 0; i < groups[g]->nr; i++)
			samples_add(&res, fabs(groups[g]->v[i] - m));
	}
	sigma = res.nr ? 1.4826 * samples_median(&res) : 0;
	samples_release(&res);
	return sigma;
}

/* Standard error of a median of n runs. */
static double median_se(double sigma, size_t n)
{
	return n ? 1.2533 * sigma / sqrt((double)n) : INFINITY;
}

enum judgement judge_metric(const struct samples *good, const struct samples *bad,
			    const struct samples *c)
{
	const struct samples *groups[] = { good, bad, c };
	double sigma = pooled_sigma(groups, 3);
	double g = samples_median(good), b = samples_median(bad), m = samples_median(c);
	double se_g = median_se(sigma, good->nr), se_b = median_se(sigma, bad->nr);
	double se = sqrt(pow(median_se(sigma, c->nr), 2) + (se_g * se_g + se_b * se_b) / 4);

	if (isnan(m) || fabs(m - (g + b) / 2) <= 2 * se)
		return JUDGE_UNKNOWN;
	return fabs(m - g) < fabs(m - b) ? JUDGE_GOOD : JUDGE_BAD;
}

int metric_separated(const struct samples *good, const struct samples *bad)
{
	const struct samples *groups[] = { good, bad };
	double sigma = pooled_sigma(groups, 2);
	double g = samples_median(good), b = samples_median(bad);
	double se = hypot(median_se(sigma, good->nr), median_se(sigma, bad->nr));

	return !isnan(g) && !isnan(b) && fabs(b - g) > 2 * se;
}
