/* The search and the verdicts of `git benchbisect run`: pure logic. */
#include <math.h>
#include <stdint.h>
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
	size_t lo = 0, hi = b->nr;

	b->mark[pos] = (unsigned char)m;
	for (size_t p = 0; p <= b->nr; p++)
		if (b->mark[p] == MARK_BAD) {
			hi = p;
			break;
		}
	for (size_t p = hi; p-- > 0;)
		if (b->mark[p] == MARK_GOOD) {
			lo = p;
			break;
		}
	b->lo = lo;
	b->hi = hi;
	if (m == MARK_BAD && pos == hi)
		b->fresh_bad = 1;
}

static int candidate(const struct bisect *b, const unsigned char *chosen, size_t pos)
{
	return pos > b->lo && pos < b->hi && b->mark[pos] == MARK_UNTESTED && !chosen[pos];
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

static void take(unsigned char *chosen, size_t *pos, size_t *nr, size_t p)
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
			take(chosen, pos, nr, b->hi - 1);
		for (size_t k = 1; k <= cut.nr && *nr < jobs; k++)
			if (nearest(b, chosen, cut_at(&cut, k), 1, &p))
				take(chosen, pos, nr, p);
	}
	for (size_t k = 1; k <= cut.nr && *nr < jobs; k++)
		if (nearest(b, chosen, cut_at(&cut, k), 0, &p))
			take(chosen, pos, nr, p);
}

static int cmp_pos(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

enum bisect_status bisect_next_round(struct bisect *b, size_t jobs, size_t *pos, size_t *nr)
{
	unsigned char *chosen;

	*nr = 0;
	if (b->mark[b->nr] == MARK_GOOD)
		return BISECT_NOT_REPRODUCED;
	if (b->mark[0] == MARK_BAD)
		return BISECT_GOOD_END_BAD;
	chosen = xcalloc(b->nr + 1, 1);
	plan_inside(b, jobs, chosen, pos, nr);
	/*
	 * The ends are only assumed: test the bad end before naming it, the
	 * good end before naming position 1. With spare slots, test them now
	 * when they may be needed (hi still the bad end, lo still 0).
	 */
	if (*nr < jobs && b->hi == b->nr && b->mark[b->nr] == MARK_UNTESTED && (!*nr || jobs > 1))
		take(chosen, pos, nr, b->nr);
	if (*nr < jobs && b->lo == 0 && b->mark[0] == MARK_UNTESTED && (!*nr || jobs > 1))
		take(chosen, pos, nr, 0);
	b->fresh_bad = 0;
	free(chosen);
	if (*nr) {
		qsort(pos, *nr, sizeof(*pos), cmp_pos);
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

enum judgement judge_exits(size_t nr_good, size_t nr_bad, size_t max_runs)
{
	if (nr_good * 2 > max_runs || (nr_good && !nr_bad && nr_good + nr_bad == max_runs))
		return JUDGE_GOOD;
	if (nr_bad * 2 > max_runs || (nr_bad && !nr_good && nr_good + nr_bad == max_runs))
		return JUDGE_BAD;
	return JUDGE_UNKNOWN;
}

/*
 * Student's t at 0.999 one-sided over the normal's 3.09, by degrees of
 * freedom: how much a spread measured on few runs must be widened to keep
 * the 0.1% error rate of a known one.
 */
static double few_runs_factor(size_t df)
{
	static const double t999[] = { 318.3, 318.3, 22.33, 10.21, 7.17, 5.89, 5.21, 4.79, 4.50,
				       4.30, 4.14, 4.02, 3.93, 3.85, 3.79, 3.73 };

	if (df < sizeof(t999) / sizeof(t999[0]))
		return t999[df] / 3.09;
	return (3.09 + 5.5 / (double)df) / 3.09;
}

/*
 * The noise of one run from distances (residuals): the root mean square
 * of those within 5 MAD spreads (an outlier does not count; a tighter cut
 * drops honest runs when the MAD of a few happens to come out small),
 * over df degrees of freedom, the kept ones less lost for what was
 * fitted.
 */
static double trimmed_sd(const struct samples *res, size_t lost, size_t *df)
{
	double mad = 1.4826 * samples_median(res), sum = 0;
	size_t kept = 0;

	for (size_t i = 0; i < res->nr; i++)
		if (res->v[i] <= 5 * mad) {
			sum += res->v[i] * res->v[i];
			kept++;
		}
	*df = kept > lost ? kept - lost : 0;
	return *df ? sqrt(sum / (double)*df) : 0;
}

/* The median of the medians of the positions [from, to] but skip, but and skipped ones. */
static double level_of(const struct samples *at, const unsigned char *mark, size_t from, size_t to,
		       size_t skip, size_t but, size_t *nr_runs)
{
	struct samples meds = { NULL, 0, 0 };
	double level;

	*nr_runs = 0;
	for (size_t p = from; p <= to; p++) {
		if (p == skip || p == but || !at[p].nr || (mark && mark[p] == MARK_SKIP))
			continue;
		samples_add(&meds, samples_median(&at[p]));
		*nr_runs += at[p].nr;
	}
	level = samples_median(&meds);
	samples_release(&meds);
	return level;
}

/*
 * The noise of one run from the runs of each commit among themselves
 * (distances from its own median, made up for the median's pull),
 * widened for their degrees of freedom; 0 with fewer than two. A commit
 * given up as unclear (marked skip) is left out, as from the levels: its
 * runs may straddle two levels.
 */
static double within_sigma(const struct samples *at, const unsigned char *mark, size_t nr, size_t skip,
			   double *spread)
{
	struct samples res = { NULL, 0, 0 };
	size_t df = 0;
	double sigma = 0;

	for (size_t p = 0; p <= nr; p++) {
		double m = samples_median(&at[p]), scale;

		if (p == skip || at[p].nr < 2 || (mark && mark[p] == MARK_SKIP))
			continue;
		scale = sqrt((double)at[p].nr / (double)(at[p].nr - 1));
		for (size_t i = 0; i < at[p].nr; i++)
			samples_add(&res, scale * fabs(at[p].v[i] - m));
		df += at[p].nr - 1;
	}
	*spread = 0;
	if (df >= 2) {
		*spread = trimmed_sd(&res, res.nr - df, &df);
		sigma = *spread * few_runs_factor(df);
	}
	samples_release(&res);
	return sigma;
}

void metric_fit(struct metric_fit *f, const struct samples *at, const unsigned char *mark, size_t nr,
		size_t lo, size_t hi, size_t skip)
{
	struct samples res = { NULL, 0, 0 };
	size_t from[2] = { 0, hi }, to[2] = { lo, nr }, n;
	double within, within_spread;

	/*
	 * A level is the median of its side's positions' medians, so one
	 * commit's outlier is outvoted by the others.
	 */
	f->good = level_of(at, mark, 0, lo, skip, SIZE_MAX, &f->nr_good);
	f->bad = level_of(at, mark, hi, nr, skip, SIZE_MAX, &f->nr_bad);
	/*
	 * One noise for every run: the runs' distances from their side's
	 * level without their own commit (so the commit that makes the level
	 * does not count as a distance of 0), their root mean square but
	 * outliers (trimmed_sd: a MAD is too unsteady on the handful of runs
	 * a search has for its widening to hold), widened for the degrees of
	 * freedom behind it, and never under 1/20 of the gap, so timer
	 * quantisation (a spread of 0) cannot make one stray run decisive.
	 */
	for (int k = 0; k < 2; k++)
		for (size_t p = from[k]; p <= to[k]; p++) {
			double level = level_of(at, mark, from[k], to[k], skip, p, &n), scale = 1;

			if (p == skip || !at[p].nr || (mark && mark[p] == MARK_SKIP))
				continue;
			/* Alone on its side: the distances from its own median, which run short. */
			if (isnan(level)) {
				if (at[p].nr < 2)
					continue;
				level = samples_median(&at[p]);
				scale = sqrt((double)at[p].nr / (double)(at[p].nr - 1));
			}
			for (size_t i = 0; i < at[p].nr; i++)
				samples_add(&res, scale * fabs(at[p].v[i] - level));
		}
	f->sigma = f->spread = INFINITY;
	if (f->nr_good && f->nr_bad && res.nr > 2) {
		f->spread = trimmed_sd(&res, 2, &n);
		f->sigma = f->spread * few_runs_factor(n);
	}
	/*
	 * Distances from a side's level run short when the search sorted
	 * commits by a small step: never below the spread of the runs of one
	 * commit among themselves, where there is one.
	 */
	within = within_sigma(at, mark, nr, skip, &within_spread);
	if (isfinite(f->sigma) && within > f->sigma) {
		f->sigma = within;
		f->spread = within_spread;
	}
	if (f->nr_good && f->nr_bad && f->sigma < fabs(f->bad - f->good) / 20)
		f->sigma = fabs(f->bad - f->good) / 20;
	if (f->nr_good && f->nr_bad && f->spread < fabs(f->bad - f->good) / 20)
		f->spread = fabs(f->bad - f->good) / 20;
	samples_release(&res);
}

/* Standard error of a median of n runs (a mean for n <= 2). */
static double median_se(double sigma, size_t n)
{
	if (!n)
		return INFINITY;
	return (n > 2 ? 1.2533 : 1) * sigma / sqrt((double)n);
}

int metric_agree(const struct metric_fit *f, const struct samples *c)
{
	double m = samples_median(c);
	size_t near = 0;

	/*
	 * Runs that disagree among themselves (an outlier among them) decide
	 * nothing yet: up to three runs must all lie within 2 sigma of their
	 * median (the spread as measured, not widened: two outliers rarely
	 * agree that well), more runs by a majority.
	 */
	for (size_t i = 0; i < c->nr; i++)
		near += fabs(c->v[i] - m) <= 2 * f->spread;
	return c->nr <= 3 ? near == c->nr : near * 2 > c->nr;
}

enum judgement metric_judge(const struct metric_fit *f, const struct samples *c)
{
	double sigma = f->sigma, g = f->good, b = f->bad, m = samples_median(c);
	double gap = fabs(b - g), dir = b > g ? 1 : -1, mid = (g + b) / 2;
	double se_mid = hypot(median_se(sigma, f->nr_good), median_se(sigma, f->nr_bad)) / 2;
	double sum = 0, llr;
	size_t used = 0;
	int closer_good;

	if (isnan(m) || isnan(g) || isnan(b) || !isfinite(sigma) || !c->nr)
		return JUDGE_UNKNOWN;
	if (!metric_agree(f, c))
		return JUDGE_UNKNOWN;
	/*
	 * Wald's sequential probability ratio test of "at the good level"
	 * against "at the bad level", normal noise of sigma: the log
	 * likelihood ratio is gap / sigma^2 times the sum of the runs'
	 * distances past the midpoint. A run more than METRIC_Z sigma beyond
	 * either level is left out (an outlier); each distance is clipped to
	 * half the gap (a run beyond an end counts as one at that end, no
	 * more), and the sum shrunk by twice the midpoint's standard error.
	 */
	for (size_t i = 0; i < c->nr; i++) {
		double u = (c->v[i] - mid) * dir;

		if (fabs(u) > gap / 2 + METRIC_Z * sigma)
			continue;	/* beyond both levels: an outlier, no evidence */
		sum += u > gap / 2 ? gap / 2 : u < -gap / 2 ? -gap / 2 : u;
		used++;
	}
	llr = (fabs(sum) - 2 * se_mid * (double)used) * gap / (sigma * sigma);
	if (llr <= METRIC_LLR)
		return JUDGE_UNKNOWN;
	closer_good = sum < 0;
	/*
	 * Runs far from both levels are evidence for neither (an outlier, a
	 * level of its own, or levels that outliers misplaced): with one or
	 * two runs the median must lie within METRIC_Z standard errors of the
	 * closer level, with more within half the gap beyond it.
	 */
	if (fabs(m - (closer_good ? g : b)) > (c->nr < 3 ? 0 : gap / 2) +
	    METRIC_Z * hypot(median_se(sigma, c->nr), median_se(sigma, closer_good ? f->nr_good : f->nr_bad)))
		return JUDGE_UNKNOWN;
	return closer_good ? JUDGE_GOOD : JUDGE_BAD;
}

enum judgement metric_nearer(const struct metric_fit *f, const struct samples *c)
{
	double m = samples_median(c), gap = fabs(f->bad - f->good);

	if (isnan(m) || isnan(f->good) || isnan(f->bad) || !gap)
		return JUDGE_UNKNOWN;
	/*
	 * Within a quarter of the gap from the midpoint, or beyond both
	 * levels by half the gap (an outlier, likely): no lean either way.
	 */
	if (fabs(m - (f->good + f->bad) / 2) < gap / 4 || fabs(m - (f->good + f->bad) / 2) > gap)
		return JUDGE_UNKNOWN;
	return fabs(m - f->good) < fabs(m - f->bad) ? JUDGE_GOOD : JUDGE_BAD;
}

int metric_fit_separated(const struct metric_fit *f)
{
	/*
	 * A gap of METRIC_Z standard errors of the two levels, and of
	 * METRIC_Z times the (widened) noise of one run: a smaller step would
	 * take more runs a commit than a search affords, and every misjudged
	 * commit would send it the wrong way.
	 */
	return !isnan(f->good) && !isnan(f->bad) && isfinite(f->sigma) &&
		fabs(f->bad - f->good) > METRIC_GAP * f->sigma &&
		fabs(f->bad - f->good) > METRIC_Z * hypot(median_se(f->sigma, f->nr_good),
							   median_se(f->sigma, f->nr_bad));
}

/* The noise of one run from one commit's runs alone: 1.4826 MAD from their median. */
static double own_spread(const struct samples *s)
{
	struct samples dist = { NULL, 0, 0 };
	double m = samples_median(s), spread;

	for (size_t i = 0; i < s->nr; i++)
		samples_add(&dist, fabs(s->v[i] - m));
	spread = 1.4826 * samples_median(&dist);
	samples_release(&dist);
	return spread;
}

size_t metric_misfit(const struct samples *at, const unsigned char *mark, size_t nr, size_t lo, size_t hi)
{
	for (size_t p = 0; p <= nr; p++) {
		struct metric_fit f;
		int skipped = mark && mark[p] == MARK_SKIP;
		double level, se, m;

		/* A skipped commit's one run says nothing of its spread. */
		if (at[p].nr < 1u + skipped || (p > lo && p < hi))
			continue;
		m = samples_median(&at[p]);
		metric_fit(&f, at, mark, nr, lo, hi, p == 0 || p == nr ? SIZE_MAX : p);
		level = p <= lo ? f.good : f.bad;
		if (isnan(level))
			continue;
		/*
		 * A skipped commit (left unclear, or failing after some runs)
		 * is held to its side's level within its own spread, and must
		 * lie nearer it than the other level.
		 */
		se = hypot(median_se(skipped ? own_spread(&at[p]) : f.sigma, at[p].nr),
			   median_se(f.sigma, p <= lo ? f.nr_good : f.nr_bad));
		if (skipped && fabs(m - level) > fabs(m - (p <= lo ? f.bad : f.good)))
			return p;
		if (fabs(m - level) > METRIC_Z * se)
			return p;
	}
	return SIZE_MAX;
}

enum judgement judge_metric(const struct samples *good, const struct samples *bad,
			    const struct samples *c)
{
	const struct samples at[2] = { *good, *bad };
	struct metric_fit f;

	metric_fit(&f, at, NULL, 1, 0, 1, SIZE_MAX);
	return metric_judge(&f, c);
}

int metric_separated(const struct samples *good, const struct samples *bad)
{
	const struct samples at[2] = { *good, *bad };
	struct metric_fit f;

	metric_fit(&f, at, NULL, 1, 0, 1, SIZE_MAX);
	return metric_fit_separated(&f);
}
