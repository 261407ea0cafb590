/*
 * The peers' change-point algorithms, written from their published
 * descriptions for the accuracy benchmark (bench/accuracy/run.py --peers):
 *
 *   pelt       optimal partitioning with PELT pruning (Killick, Fearnhead and
 *              Eckley 2012), an L2 (mean-shift) cost, as ruptures' Pelt(model="l2",
 *              min_size=2, jump=1); penalty 2 sigma^2 ln n (BIC for a mean shift
 *              with known variance), sigma from the MAD of the night-to-night
 *              differences over sqrt(2);
 *   binseg     binary segmentation with the same cost and penalty, as ruptures'
 *              Binseg: split the segment whose best split gains most, while the
 *              gain exceeds the penalty;
 *   edivisive  e-divisive means (Matteson and James 2014), alpha 1, each new
 *              change point kept when a permutation test (100 permutations
 *              within the segments, fixed seed) gives p <= 0.05, as MongoDB's
 *              signal processing runs it;
 *   otava      Hunter/Otava (Fleming et al. 2023): e-divisive candidates in
 *              sliding windows of 50 (step 25), each kept at a first-pass
 *              Student's t-test p < 0.01, then merged bottom-up (the weakest
 *              removed, its neighbours re-tested) until every one has p < 0.001.
 *
 * stdin: one series a line, "<id> <n> <x_1> ... <x_n>" (log values). stdout:
 * "<id> <method> <cp> ..." per series and method, each cp the index of the
 * first value of a new segment. This is benchmark code, not the product.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/stats.h"

#define MAX_N 1024
#define MIN_SIZE 2

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The noise: 1.4826 MAD of the first differences over sqrt(2). */
static double sigma_of(const double *x, int n)
{
	double d[MAX_N], med;
	int m = 0;

	for (int i = 1; i < n; i++)
		d[m++] = x[i] - x[i - 1];
	if (m < 2)
		return 1e-3;
	med = median(d, m);
	for (int i = 0; i < m; i++)
		d[i] = fabs(d[i] - med);
	med = 1.4826 * median(d, m) / sqrt(2.0);
	return med > 1e-6 ? med : 1e-6;
}

/* L2 cost of x[a..b) from prefix sums s1 (sum) and s2 (sum of squares). */
static double l2(const double *s1, const double *s2, int a, int b)
{
	double sum = s1[b] - s1[a];

	return s2[b] - s2[a] - sum * sum / (b - a);
}

static void prefix(const double *x, int n, double *s1, double *s2)
{
	s1[0] = s2[0] = 0;
	for (int i = 0; i < n; i++) {
		s1[i + 1] = s1[i] + x[i];
		s2[i + 1] = s2[i] + x[i] * x[i];
	}
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static int pelt(const double *x, int n, double pen, int *cps)
{
	static double s1[MAX_N + 1], s2[MAX_N + 1], f[MAX_N + 1];
	static int prev[MAX_N + 1], cand[MAX_N + 1];
	int nc = 0, nr = 0;

	prefix(x, n, s1, s2);
	f[0] = -pen;
	for (int t = MIN_SIZE; t <= n; t++) {
		double best = INFINITY;
		int arg = 0, keep = 0;

		/* candidates: 0, and every admissible start the pruning kept */
		if (t - MIN_SIZE >= MIN_SIZE || t - MIN_SIZE == 0)
			cand[nc++] = t - MIN_SIZE;
		for (int i = 0; i < nc; i++) {
			int s = cand[i];
			double v;

			if (s && s < MIN_SIZE)
				continue;
			v = f[s] + l2(s1, s2, s, t) + pen;
			if (v < best) {
				best = v;
				arg = s;
			}
		}
		f[t] = best;
		prev[t] = arg;
		/* prune: s can never be optimal again when f[s] + cost(s, t) > f[t] */
		for (int i = 0; i < nc; i++) {
			int s = cand[i];

			if (f[s] + l2(s1, s2, s, t) <= f[t] + 1e-12)
				cand[keep++] = s;
		}
		nc = keep;
	}
	for (int t = n; t > 0 && prev[t] > 0; t = prev[t])
		cps[nr++] = prev[t];
	qsort(cps, (size_t)nr, sizeof(*cps), cmp_int);
	return nr;
}

static int binseg(const double *x, int n, double pen, int *cps)
{
	static double s1[MAX_N + 1], s2[MAX_N + 1];
	int nr = 0;

	prefix(x, n, s1, s2);
	for (;;) {
		int bounds[MAX_N + 2], nb = 0, best_at = -1;
		double best = 0;

		bounds[nb++] = 0;
		for (int i = 0; i < nr; i++)
			bounds[nb++] = cps[i];
		bounds[nb++] = n;
		for (int k = 0; k + 1 < nb; k++) {
			int a = bounds[k], b = bounds[k + 1];
			double whole = l2(s1, s2, a, b);

			for (int c = a + MIN_SIZE; c + MIN_SIZE <= b; c++) {
				double gain = whole - l2(s1, s2, a, c) - l2(s1, s2, c, b);

				if (gain > best) {
					best = gain;
					best_at = c;
				}
			}
		}
		if (best_at < 0 || best <= pen)
			break;
		cps[nr++] = best_at;
		qsort(cps, (size_t)nr, sizeof(*cps), cmp_int);
	}
	return nr;
}

/*
 * E-divisive: the best split tau of z[a..b) with a free end kappa, maximising
 * Q = tau' kappa' / (tau' + kappa') * E (tau' = tau - a points left, kappa - tau
 * right), E = 2 mean|X - Y| - mean|X - X'| - mean|Y - Y'|. Sums from column
 * prefix sums of the distances, so each (tau, kappa) costs O(1).
 */
struct ediv_best {
	double q;
	int tau, kappa;
};

/* colsum[k][i]: the sum of |z_r - z_k| over the segment's r < i */
static double colsum[MAX_N][MAX_N + 1];

static struct ediv_best ediv_segment(const double *z, int a, int b)
{
	struct ediv_best best = { -INFINITY, -1, -1 };
	int m = b - a;
	/* within_left[i]: the sum of |z_j - z_k| over j < k < i */
	static double within_left[MAX_N + 1];

	for (int k = 0; k < m; k++) {
		colsum[k][0] = 0;
		for (int r = 0; r < m; r++)
			colsum[k][r + 1] = colsum[k][r] + fabs(z[a + r] - z[a + k]);
	}
	within_left[0] = 0;
	for (int i = 1; i <= m; i++)
		within_left[i] = within_left[i - 1] + colsum[i - 1][i - 1];
	for (int tau = MIN_SIZE; tau + MIN_SIZE <= m; tau++) {
		double between = 0, within_right = 0;

		for (int kappa = tau + 1; kappa <= m; kappa++) {
			int y = kappa - tau, k = kappa - 1;
			double e, q;

			/* point k joins the right part */
			between += colsum[k][tau];
			within_right += colsum[k][k] - colsum[k][tau];
			if (y < MIN_SIZE)
				continue;
			e = 2 * between / ((double)tau * y) - within_left[tau] / (tau * (tau - 1) / 2.0) -
				within_right / (y * (y - 1) / 2.0);
			q = (double)tau * y / (tau + y) * e;
			if (q > best.q) {
				best.q = q;
				best.tau = a + tau;
				best.kappa = a + kappa;
			}
		}
	}
	return best;
}

/* The best split over the segments between bounds[0..nb). */
static struct ediv_best ediv_step(const double *z, const int *bounds, int nb)
{
	struct ediv_best best = { -INFINITY, -1, -1 };

	for (int k = 0; k + 1 < nb; k++) {
		struct ediv_best b;

		if (bounds[k + 1] - bounds[k] < 2 * MIN_SIZE)
			continue;
		b = ediv_segment(z, bounds[k], bounds[k + 1]);
		if (b.q > best.q)
			best = b;
	}
	return best;
}

static unsigned long long rng_state = 88172645463325252ull;

static unsigned rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state >> 11);
}

static int sorted_bounds(const int *cps, int nr, int lo, int hi, int *bounds)
{
	int nb = 0;

	bounds[nb++] = lo;
	for (int i = 0; i < nr; i++)
		if (cps[i] > lo && cps[i] < hi)
			bounds[nb++] = cps[i];
	bounds[nb++] = hi;
	return nb;
}

static int edivisive(const double *x, int n, int *cps)
{
	static double perm[MAX_N];
	int nr = 0;

	rng_state = 88172645463325252ull;
	for (;;) {
		int bounds[MAX_N + 2], nb = sorted_bounds(cps, nr, 0, n, bounds), over = 0;
		struct ediv_best best = ediv_step(x, bounds, nb);

		if (best.tau < 0)
			break;
		for (int r = 0; r < 100; r++) {
			memcpy(perm, x, (size_t)n * sizeof(*x));
			for (int k = 0; k + 1 < nb; k++)
				for (int i = bounds[k + 1] - 1; i > bounds[k]; i--) {
					int j = bounds[k] + (int)(rng() % (unsigned)(i - bounds[k] + 1));
					double t = perm[i];

					perm[i] = perm[j];
					perm[j] = t;
				}
			over += ediv_step(perm, bounds, nb).q >= best.q;
		}
		if ((over + 1) / 101.0 > 0.05)
			break;
		cps[nr++] = best.tau;
		qsort(cps, (size_t)nr, sizeof(*cps), cmp_int);
	}
	return nr;
}

/* Two-sided p of Student's t-test (pooled variance) between x[a..c) and x[c..b). */
static double ttest_p(const double *x, int a, int c, int b)
{
	double m1 = 0, m2 = 0, v1 = 0, v2 = 0, sp, t;
	int n1 = c - a, n2 = b - c, df = n1 + n2 - 2;

	if (df < 1 || n1 < 1 || n2 < 1)
		return 1;
	for (int i = a; i < c; i++)
		m1 += x[i] / n1;
	for (int i = c; i < b; i++)
		m2 += x[i] / n2;
	for (int i = a; i < c; i++)
		v1 += (x[i] - m1) * (x[i] - m1);
	for (int i = c; i < b; i++)
		v2 += (x[i] - m2) * (x[i] - m2);
	sp = (v1 + v2) / df * (1.0 / n1 + 1.0 / n2);
	if (sp <= 0)
		return m1 == m2 ? 1 : 0;
	t = (m1 - m2) / sqrt(sp);
	return stats_beta_regularized(df / 2.0, 0.5, df / (df + t * t));
}

/* E-divisive in x[lo..hi), each split kept while its t-test p < max_p; adds to cps. */
static int ediv_ttest(const double *x, int lo, int hi, double max_p, int *cps, int nr)
{
	int mine[MAX_N], nm = 0;

	for (;;) {
		int bounds[MAX_N + 2], nb = sorted_bounds(mine, nm, lo, hi, bounds), k;
		struct ediv_best best = ediv_step(x, bounds, nb);

		if (best.tau < 0)
			break;
		for (k = 0; bounds[k + 1] <= best.tau; k++)
			;
		if (ttest_p(x, bounds[k], best.tau, bounds[k + 1]) >= max_p)
			break;
		mine[nm++] = best.tau;
		qsort(mine, (size_t)nm, sizeof(*mine), cmp_int);
	}
	for (int i = 0; i < nm; i++) {
		int seen = 0;

		for (int j = 0; j < nr; j++)
			seen |= cps[j] == mine[i];
		if (!seen)
			cps[nr++] = mine[i];
	}
	return nr;
}

static int otava(const double *x, int n, int *cps)
{
	int nr = 0, window = 50, start = 0;

	while (start < n) {
		int end = start + window < n ? start + window : n, before = nr, last = 0;

		nr = ediv_ttest(x, start, end, 0.01, cps, nr);
		for (int i = before; i < nr; i++)
			last = cps[i] > last ? cps[i] : last;
		start = last > start + window / 2 ? last : start + window / 2;
	}
	qsort(cps, (size_t)nr, sizeof(*cps), cmp_int);
	/* merge: drop the weakest until every change point has p < 0.001 */
	while (nr) {
		double worst = -1;
		int at = 0;

		for (int i = 0; i < nr; i++) {
			int a = i ? cps[i - 1] : 0, b = i + 1 < nr ? cps[i + 1] : n;
			double p = ttest_p(x, a, cps[i], b);

			if (p > worst) {
				worst = p;
				at = i;
			}
		}
		if (worst < 0.001)
			break;
		memmove(cps + at, cps + at + 1, (size_t)(nr - at - 1) * sizeof(*cps));
		nr--;
	}
	return nr;
}

static void print(const char *id, const char *method, const int *cps, int nr)
{
	printf("%s %s", id, method);
	for (int i = 0; i < nr; i++)
		printf(" %d", cps[i]);
	putchar('\n');
}

int main(void)
{
	static double x[MAX_N];
	static int cps[MAX_N];
	char id[64];
	int n;

	while (scanf("%63s %d", id, &n) == 2) {
		double sigma, pen;

		if (n < 0 || n > MAX_N)
			return 1;
		for (int i = 0; i < n; i++)
			if (scanf("%lf", &x[i]) != 1)
				return 1;
		sigma = sigma_of(x, n);
		pen = 2 * sigma * sigma * log((double)(n > 1 ? n : 2));
		print(id, "pelt", cps, n >= 2 * MIN_SIZE ? pelt(x, n, pen, cps) : 0);
		print(id, "binseg", cps, binseg(x, n, pen, cps));
		print(id, "edivisive", cps, edivisive(x, n, cps));
		print(id, "otava", cps, otava(x, n, cps));
	}
	return 0;
}
