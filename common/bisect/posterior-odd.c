/*
 * A commit at a level of its own in the posterior of posterior.c: its
 * runs' share of being odd, and what that adds to a fit's evidence.
 */
#include <math.h>
#include <string.h>
#include "bisect/posterior.h"
#include "bisect/posterior-model.h"

size_t posterior_commit_end(const struct posterior *p, size_t j, size_t to)
{
	size_t next = j;

	while (next < to && p->pos[next] == p->pos[j])
		next++;
	return next;
}

/*
 * An odd commit's runs [from, to): those within ODD_REACH spreads of their
 * median (the rest its strays), their mean, their sum of squares around it
 * and the scale of their noise against the sides' var: as their spread
 * says, but never less than the sides' noise, nor more than it times their
 * distance from zero over the levels' (a commit a hundred times off the
 * levels may be a hundred times as noisy).
 */
#define ODD_REACH 10.0

struct odd_commit {
	double n, strays, ss, scale;
};

static void odd_commit_of(const struct posterior *p, const double *level, double var, size_t from, size_t to,
			  struct odd_commit *o)
{
	double centre = p->centre[from], reach, sum = 0, top = 0, most = 1;

	reach = ODD_REACH * fmax(1.4826 * p->spread[from], var > 0 ? sqrt(var) : 0);
	o->n = o->strays = 0;
	for (size_t j = from; j < to; j++) {
		if (fabs(p->y[j] - centre) > reach) {
			o->strays++;
			continue;
		}
		o->n++;
		sum += p->y[j];
	}
	o->ss = 0;
	for (size_t j = from; j < to; j++)
		if (fabs(p->y[j] - centre) <= reach)
			o->ss += (p->y[j] - sum / o->n) * (p->y[j] - sum / o->n);
	for (int k = 0; k < 2; k++)
		if (isfinite(level[k]))
			top = fmax(top, fabs(level[k]));
	if (top > 0)
		most = fmax(1, fabs(sum / o->n) / top);
	o->scale = o->n > 1 && var > 0 ? fmin(fmax(sqrt(o->ss / ((o->n - 1) * var)), 1), most) : 1;
}

/*
 * The terms of an odd commit's runs that the noise's integral does not
 * hold: its prior, its level's (flat over the levels' width, integrated
 * out), its noise's scale and its strays.
 */
static double odd_commit_terms(const struct model *m, const struct odd_commit *o)
{
	return m->log_odd - m->log_range + 0.5 * log(2 * M_PI / o->n) - (o->n - 1) * log(o->scale) +
		o->strays * m->log_stray;
}

/*
 * Whether the commit whose first run is j may be odd: not an end. On
 * either side: the first bad commit is where the bad level begins, a
 * commit at a level of its own beside it aside (so that one next to the
 * step leaves it and its neighbour equally likely).
 */
static int may_be_odd(const struct posterior *p, size_t j)
{
	return p->pos[j] && p->pos[j] != p->nr;
}

/*
 * Each commit's share of being odd (POSTERIOR_ODD_COMMITS), into odd[] of
 * each of its runs, against the fit so far (its levels, the noise's e_prec
 * and e_logvar): the bound of its runs around a level of their own against
 * that of its runs on its side (each normal, by its share w and density
 * in, or a stray). None where the runs are not in position order, nor at
 * the ends, nor before any is asked for. Their sums for the noise in *sums.
 */
void posterior_share_odd(struct posterior *p, const struct model *m, const double *level, double e_prec,
			 double e_logvar, int any, struct odd_sums *sums)
{
	size_t n = p->runs;

	memset(sums, 0, sizeof(*sums));
	if (!m->odd || !any) {
		memset(p->odd, 0, n * sizeof(*p->odd));
		return;
	}
	for (size_t j = 0, next; j < n; j = next) {
		double not_odd = m->log_not_odd, odd, r = 0;
		struct odd_commit o;

		next = posterior_commit_end(p, j, p->runs);
		if (may_be_odd(p, j)) {
			odd_commit_of(p, level, 1 / e_prec, j, next, &o);
			for (size_t i = j; i < next; i++)
				not_odd += p->w[i] * p->in[i] + (1 - p->w[i]) * m->log_stray + posterior_entropy(p->w[i]);
			odd = odd_commit_terms(m, &o) - 0.5 * o.n * (log(2 * M_PI) + e_logvar) -
				0.5 * e_prec * o.ss / (o.scale * o.scale) + 0.5 * e_logvar;
			r = 1 / (1 + exp(not_odd - odd));
			sums->runs += r * o.n;
			sums->levels += r;
			sums->ss += r * o.ss / (o.scale * o.scale);
		}
		for (size_t i = j; i < next; i++)
			p->odd[i] = r;
	}
}

/* The bound's terms of each commit's share of being odd that the noise's integral does not hold. */
double posterior_odd_evidence(const struct posterior *p, const struct model *m, const double *level, double var)
{
	double e = 0;

	for (size_t j = 0, next; m->odd && j < p->runs; j = next) {
		double r = p->odd[j];
		struct odd_commit o;

		next = posterior_commit_end(p, j, p->runs);
		if (!may_be_odd(p, j))
			continue;
		odd_commit_of(p, level, var, j, next, &o);
		e += (1 - r) * m->log_not_odd + posterior_entropy(r) + r * odd_commit_terms(m, &o);
	}
	return e;
}
