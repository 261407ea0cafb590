#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include "util/stats.h"

static void swap(double *v, ptrdiff_t i, ptrdiff_t j)
{
	double t = v[i];

	v[i] = v[j];
	v[j] = t;
}

/*
 * Move the k-th smallest of v[0..n) to v[k], the smaller ones before it
 * and the others after (Hoare's selection, median of three pivots). No
 * NAN in v.
 */
static void select_kth(double *v, size_t n, size_t k)
{
	ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, kk = (ptrdiff_t)k;

	while (hi > lo) {
		ptrdiff_t mid = lo + (hi - lo) / 2, i, j;
		double pivot;

		if (v[mid] < v[lo])
			swap(v, mid, lo);
		if (v[hi] < v[lo])
			swap(v, hi, lo);
		if (v[hi] < v[mid])
			swap(v, hi, mid);
		pivot = v[mid];
		i = lo;
		j = hi;
		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (pivot < v[j])
				j--;
			if (i <= j)
				swap(v, i++, j--);
		}
		/* now v[lo..j] <= pivot <= v[i..hi], and j < i */
		if (kk <= j)
			hi = j;
		else if (kk >= i)
			lo = i;
		else
			return;
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

void stats_sort(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
}

void stats_sorted_insert(double *v, size_t n, double x)
{
	size_t j = n;

	for (; j && v[j - 1] > x; j--)
		v[j] = v[j - 1];
	v[j] = x;
}

double stats_median(double *v, size_t n)
{
	size_t k = 0;
	double below;

	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i]))
			v[k++] = v[i];
	if (!k)
		return NAN;
	select_kth(v, k, k / 2);
	if (k % 2)
		return v[k / 2];
	/* the (k/2 - 1)-th smallest is the largest of those before */
	below = v[0];
	for (size_t i = 1; i < k / 2; i++)
		if (v[i] > below)
			below = v[i];
	return (below + v[k / 2]) / 2;
}

double stats_mad(const double *v, size_t n, double *tmp, double *median)
{
	double m;

	for (size_t i = 0; i < n; i++)
		tmp[i] = v[i];
	m = stats_median(tmp, n);
	for (size_t i = 0; i < n; i++)
		tmp[i] = fabs(v[i] - m);
	*median = m;
	return stats_median(tmp, n);
}

/* The continued fraction of the incomplete beta function (modified Lentz). */
static double beta_fraction(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	d = 1 / (fabs(d) < tiny ? tiny : d);
	h = d;
	for (int m = 1; m <= 400; m++) {
		double aa = m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m)), del;

		d = 1 + aa * d;
		c = 1 + aa / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 1 + 2 * m));
		d = 1 + aa * d;
		c = 1 + aa / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-13)
			break;
	}
	return h;
}

/* The regularized incomplete beta function I_x(a, b). */
double stats_beta_regularized(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}
