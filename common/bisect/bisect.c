/* The search and the verdicts of `git benchbisect run`: pure logic. */
#include <errno.h>
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

void bisect_mark(struct bisect *b, size_t pos, enum verdict v)
{
	size_t lo = 0, hi = b->nr;

	b->mark[pos] = (unsigned char)(v == VERDICT_UNCLEAR ? VERDICT_SKIP : v);
	for (size_t p = 0; p <= b->nr; p++)
		if (b->mark[p] == VERDICT_BAD) {
			hi = p;
			break;
		}
	for (size_t p = hi; p-- > 0;)
		if (b->mark[p] == VERDICT_GOOD) {
			lo = p;
			break;
		}
	b->lo = lo;
	b->hi = hi;
	if (v == VERDICT_BAD && pos == hi)
		b->fresh_bad = 1;
}

int bisect_contradicts(const struct bisect *b, size_t *bad, size_t *good)
{
	size_t p = 0;

	while (p <= b->nr && b->mark[p] != VERDICT_BAD)
		p++;
	for (size_t g = b->nr; g > p && p <= b->nr; g--)
		if (b->mark[g] == VERDICT_GOOD) {
			*bad = p;
			*good = g;
			return 1;
		}
	return 0;
}

static int candidate(const struct bisect *b, const unsigned char *chosen, size_t pos)
{
	return pos > b->lo && pos < b->hi && b->mark[pos] == VERDICT_UNTESTED && !chosen[pos];
}

/* The candidate nearest target (above first, as a binary search would), slice commits only if asked. */
static int nearest(const struct bisect *b, const unsigned char *chosen, size_t target, int only_slice,
		   size_t *pos)
{
	for (size_t d = 0; d <= b->hi - b->lo; d++) {
		size_t at[2] = { target + d, d <= target ? target - d : 0 };

		for (int k = 0; k < 2; k++) {
			if (!candidate(b, chosen, at[k]) || (only_slice && !b->slice[at[k]]))
				continue;
			*pos = at[k];
			return 1;
		}
	}
	return 0;
}

void bisect_take(unsigned char *chosen, size_t *pos, size_t *nr, size_t p)
{
	chosen[p] = 1;
	pos[(*nr)++] = p;
}

/*
 * Where a round's probes go: nr points that cut the c = hi - lo candidates
 * (lo + 1..hi) into nr + 1 parts, point k (1..nr) at
 * lo + k + nr * (k * each + min(k, more)).
 */
struct cuts {
	size_t lo, nr, each, more;
};

/*
 * Equal parts name every culprit in R = ceil(log_{jobs+1} c) rounds. With
 * d = jobs + 1, R - 1 more rounds name at most d^(R-1) candidates, and one
 * named a round early takes the room of d: a part of s <= d^(R-1) can name
 * at most (d^(R-1) - s) / jobs of its candidates a round early. The mean
 * over culprits anywhere alike is least, the worst case still R, when no
 * part loses room to that division's rounding: every part but the last
 * holds 1 mod jobs candidates, between d^(R-2) and d^(R-1), as even as that
 * allows, and the last the rest, in the same range. For 1,024 commits:
 * 6.43, 4.49 and 3.32 rounds on average for 2, 4 and 8 jobs where equal
 * parts take 7, 5 and 4; with one job it is a halving.
 */
static void plan_cuts(struct cuts *cut, size_t lo, size_t c, size_t jobs)
{
	size_t d = jobs + 1, small = 1, big = d, low, high, t, total, a;

	cut->lo = lo;
	cut->each = cut->more = 0;
	if (c <= d) {
		cut->nr = c - 1;	/* every candidate but the last */
		return;
	}
	cut->nr = jobs;
	while (big <= (c - 1) / d) {
		small = big;
		big *= d;
	}
	/* The jobs parts of 1 mod jobs: a total in [low, high], a multiple of jobs. */
	low = c - big > jobs * small ? c - big : jobs * small;
	high = (c - small) / jobs >= big ? jobs * big : c - small;
	low = low / jobs * jobs + (low % jobs ? jobs : 0);
	high -= high % jobs;
	/* The nearest to an even share (jobs / d of c). */
	t = c / d * jobs + c % d * jobs / d;
	total = t - t % jobs;
	if (2 * (t % jobs) > jobs && total < high)
		total += jobs;
	total = total < low ? low : total > high ? high : total;
	a = total / jobs - 1;	/* each part is 1 + jobs * a_k, the a_k adding up to a */
	cut->each = a / jobs;
	cut->more = a % jobs;
}

static size_t cut_at(const struct cuts *cut, size_t k)
{
	return cut->lo + k + cut->nr * (k * cut->each + (k < cut->more ? k : cut->more));
}

/* Fill the round with the inside of (lo, hi): a probe at each cut, or the candidate nearest it. */
static void plan_inside(const struct bisect *b, size_t jobs, unsigned char *chosen, size_t *pos,
			size_t *nr)
{
	struct cuts cut;
	size_t p;

	plan_cuts(&cut, b->lo, b->hi - b->lo, jobs);
	if (b->slice_first && b->slice) {
		/* A slice commit just tested bad: its parent decides at once. */
		if (b->fresh_bad && b->slice[b->hi] && candidate(b, chosen, b->hi - 1))
			bisect_take(chosen, pos, nr, b->hi - 1);
		for (size_t k = 1; k <= cut.nr && *nr < jobs; k++)
			if (nearest(b, chosen, cut_at(&cut, k), 1, &p))
				bisect_take(chosen, pos, nr, p);
	}
	for (size_t k = 1; k <= cut.nr && *nr < jobs; k++)
		if (nearest(b, chosen, cut_at(&cut, k), 0, &p))
			bisect_take(chosen, pos, nr, p);
}

static int cmp_pos(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

enum bisect_outcome bisect_next_round(struct bisect *b, size_t jobs, size_t *pos, size_t *nr)
{
	unsigned char *chosen;

	*nr = 0;
	if (b->mark[b->nr] == VERDICT_GOOD)
		return BISECT_NOT_REPRODUCED;
	if (b->mark[0] == VERDICT_BAD)
		return BISECT_GOOD_END_BAD;
	chosen = xcalloc(b->nr + 1, 1);
	plan_inside(b, jobs, chosen, pos, nr);
	/*
	 * The ends are only assumed: test the bad end before naming it, the
	 * good end before naming position 1. With spare slots, test them now
	 * when they may be needed (hi still the bad end, lo still 0).
	 */
	if (*nr < jobs && b->hi == b->nr && b->mark[b->nr] == VERDICT_UNTESTED && (!*nr || jobs > 1))
		bisect_take(chosen, pos, nr, b->nr);
	if (*nr < jobs && b->lo == 0 && b->mark[0] == VERDICT_UNTESTED && (!*nr || jobs > 1))
		bisect_take(chosen, pos, nr, 0);
	b->fresh_bad = 0;
	free(chosen);
	if (*nr) {
		qsort(pos, *nr, sizeof(*pos), cmp_pos);
		return BISECT_TEST;
	}
	/*
	 * hi is tested by now: bad, or the bad end skipped (it is only bad
	 * by assumption then, as git bisect's given bad is, and hides the
	 * first bad commit as a skip inside does).
	 */
	for (size_t p = b->lo + 1; p <= b->hi; p++)
		if (b->mark[p] == VERDICT_SKIP)
			return BISECT_ONLY_SKIPPED;
	return BISECT_FOUND;
}

enum metric_text bisect_metric_parse(const char *s, size_t len, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (!len || end != s + len || memchr(s, '\0', len) || strpbrk(s, "xX") || (errno && errno != ERANGE))
		return METRIC_NO_NUMBER;
	if (errno == ERANGE || !isfinite(*v) || fabs(*v) > BISECT_METRIC_MAX ||
	    (*v != 0 && fabs(*v) < BISECT_METRIC_MIN))
		return METRIC_OUT_OF_RANGE;
	if (*v == 0)
		*v = 0;		/* -0 measures what 0 does, and prints so */
	return METRIC_VALUE;
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

enum verdict judge_exits(size_t nr_good, size_t nr_bad, size_t max_runs)
{
	if (nr_good * 2 > max_runs || (nr_good && !nr_bad && nr_good + nr_bad == max_runs))
		return VERDICT_GOOD;
	if (nr_bad * 2 > max_runs || (nr_bad && !nr_good && nr_good + nr_bad == max_runs))
		return VERDICT_BAD;
	return VERDICT_UNCLEAR;
}
