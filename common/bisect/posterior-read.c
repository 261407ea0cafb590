/*
 * What the policy and the reports read off the posterior of posterior.h:
 * each commit's chance to measure like the bad end, where the hypotheses
 * disagree, the step's tails and quantiles, the levels' intervals and the
 * summary a report prints (posterior.c weighs the hypotheses).
 */
#include <math.h>
#include <string.h>
#include "util/stats.h"
#include "bisect/posterior.h"

double student_t_cdf(double x, double df)
{
	double tail;

	if (isnan(x))
		return NAN;
	if (isinf(x))
		return x > 0 ? 1 : 0;
	tail = 0.5 * stats_beta_regularized(df / 2, 0.5, df / (df + x * x));
	return x > 0 ? 1 - tail : tail;
}

double student_t_quantile(double q, double df)
{
	double lo = -1, hi = 1;

	if (!(q > 0 && q < 1))
		return q <= 0 ? -INFINITY : q >= 1 ? INFINITY : NAN;
	while (student_t_cdf(lo, df) > q)
		lo *= 2;
	while (student_t_cdf(hi, df) < q)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * (fabs(lo) + fabs(hi)); i++) {
		double mid = (lo + hi) / 2;

		*(student_t_cdf(mid, df) < q ? &lo : &hi) = mid;
	}
	return (lo + hi) / 2;
}

/* A group's part of the posterior: its interval's, times its mode's share. */
static double mass(const struct posterior_group *g)
{
	return g->p * g->share;
}

const struct posterior_group *posterior_group_of(const struct posterior *p, size_t pos)
{
	const struct posterior_group *best = NULL;

	for (size_t i = 0; i < p->nr_group; i++)
		if (pos > p->group[i].lo && pos <= p->group[i].hi && (!best || p->group[i].share > best->share))
			best = &p->group[i];
	return best;
}

const struct posterior_group *posterior_top(const struct posterior *p)
{
	const struct posterior_group *top = NULL;

	for (size_t i = 0; i < p->nr_group; i++)
		if (!top || p->group[i].p > top->p || (p->group[i].p == top->p && p->group[i].share > top->share))
			top = &p->group[i];
	return top;
}

double posterior_culprit(const struct posterior *p, size_t pos)
{
	const struct posterior_group *g = posterior_group_of(p, pos);

	return g ? g->p / (double)(g->hi - g->lo) : 0;
}

double posterior_bad(const struct posterior *p, size_t pos)
{
	double sum = 0;

	for (size_t i = 0; i < p->nr_group; i++) {
		const struct posterior_group *g = &p->group[i];

		if (pos >= g->hi)
			sum += mass(g);
		else if (pos > g->lo)
			sum += mass(g) * (double)(pos - g->lo) / (double)(g->hi - g->lo);
	}
	return sum;
}

double posterior_disagreement(const struct posterior *p, size_t pos)
{
	double sum = 0, sum2 = 0, total = 0;

	/* Each hypothesis' level at pos, weighed: "no step", then each group's culprits below and above pos. */
	if (!isnan(p->level)) {
		sum = p->p_none * p->level;
		sum2 = p->p_none * p->level * p->level;
		total = p->p_none;
	}
	for (size_t i = 0; i < p->nr_group; i++) {
		const struct posterior_group *g = &p->group[i];
		double bad = pos >= g->hi ? 1 : pos <= g->lo ? 0 : (double)(pos - g->lo) / (double)(g->hi - g->lo);
		double level[2] = { g->good, g->bad }, share[2] = { mass(g) * (1 - bad), mass(g) * bad };

		for (int k = 0; k < 2; k++)
			if (share[k] > 0 && !isnan(level[k])) {
				sum += share[k] * level[k];
				sum2 += share[k] * level[k] * level[k];
				total += share[k];
			}
	}
	return total > 0 ? fmax(sum2 / total - (sum / total) * (sum / total), 0) : 0;
}

/*
 * The t posterior of a group's step, relative to the good level: its
 * location and scale; 0 when a side has no runs or the noise no degree
 * of freedom (then the step may be anything).
 */
static int step_of(const struct posterior_group *g, double *loc, double *scale)
{
	if (isnan(g->good) || isnan(g->bad) || !g->good || g->df < 1)
		return 0;
	*loc = (g->bad - g->good) / fabs(g->good);
	*scale = sqrt(g->var * (1 / g->n_good + 1 / g->n_bad)) / fabs(g->good);
	return 1;
}

void posterior_step_tails(const struct posterior *p, double frac, double *down, double *up)
{
	double loc, scale;

	*down = *up = 0;
	for (size_t i = 0; i < p->nr_group; i++) {
		const struct posterior_group *g = &p->group[i];

		if (!step_of(g, &loc, &scale)) {
			*down += mass(g) / 2;	/* anything goes */
			*up += mass(g) / 2;
			continue;
		}
		*down += mass(g) * student_t_cdf((-frac - loc) / scale, g->df);
		*up += mass(g) * (1 - student_t_cdf((frac - loc) / scale, g->df));
	}
	if (frac <= 0)
		*up += p->p_none;
}

/* The posterior CDF of the relative step at x, over the groups with both sides. */
static double step_cdf(const struct posterior *p, double x, double *total)
{
	double sum = x >= 0 ? p->p_none : 0, loc, scale;

	*total = p->p_none;
	for (size_t i = 0; i < p->nr_group; i++)
		if (step_of(&p->group[i], &loc, &scale)) {
			sum += mass(&p->group[i]) * student_t_cdf((x - loc) / scale, p->group[i].df);
			*total += mass(&p->group[i]);
		}
	return sum;
}

double posterior_step_quantile(const struct posterior *p, double q)
{
	double lo = -1, hi = 1, total, at_zero = step_cdf(p, 0, &total);

	if (!(total > 0))
		return NAN;
	q *= total;
	/* Within the atom of "no step" the quantile is 0 itself, not a bisection's 1e-60 beside it. */
	if (q >= at_zero - p->p_none && q <= at_zero)
		return 0;
	while (step_cdf(p, lo, &total) > q && lo > -1e12)
		lo *= 2;
	while (step_cdf(p, hi, &total) < q && hi < 1e12)
		hi *= 2;
	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		*(step_cdf(p, mid, &total) < q ? &lo : &hi) = mid;
	}
	return (lo + hi) / 2;
}

double posterior_step_mean(const struct posterior *p)
{
	double sum = 0, total = p->p_none, loc, scale;

	for (size_t i = 0; i < p->nr_group; i++)
		if (step_of(&p->group[i], &loc, &scale)) {
			sum += mass(&p->group[i]) * loc;
			total += mass(&p->group[i]);
		}
	return total > 0 ? sum / total : NAN;
}

double posterior_level_quantile(const struct posterior_group *g, int side, double q)
{
	double level = side ? g->bad : g->good, n = side ? g->n_bad : g->n_good;

	if (isnan(level))
		return NAN;
	return level + student_t_quantile(q, g->df) * sqrt(g->var / n);
}

/* Keep the n likeliest culprits in s, most probable first (the older on a tie). */
static void rank_culprits(const struct posterior *p, struct posterior_summary *s)
{
	for (size_t pos = 1; pos <= p->nr; pos++) {
		double pc = posterior_culprit(p, pos);
		size_t at = s->nr_top;

		while (at && s->top_p[at - 1] < pc)
			at--;
		if (at >= POSTERIOR_TOP)
			continue;
		if (s->nr_top < POSTERIOR_TOP)
			s->nr_top++;
		memmove(s->top + at + 1, s->top + at, (s->nr_top - at - 1) * sizeof(*s->top));
		memmove(s->top_p + at + 1, s->top_p + at, (s->nr_top - at - 1) * sizeof(*s->top_p));
		s->top[at] = pos;
		s->top_p[at] = pc;
	}
}

/*
 * About how many more runs would settle it, the cheaper of two ways, 0
 * when the runs so far cannot tell (a figure made up is no estimate). A
 * culprit: a halving per commit still inside the likeliest boundary, and
 * at its commits the runs the search's rule still needs (rule_runs) or
 * those the evidence does, whichever is more: a run there adds about
 * z^2 / 2 to the log odds of the boundary (z the step over the noise; at
 * most 5, as a stray run can mimic the other level), which needs
 * log(sure / (1 - sure)) in all. No step: the step's interval narrows as
 * one over the square root of the runs at the ends, until it lies within
 * --min-change.
 */
static size_t more_runs(const struct posterior *p, const struct posterior_summary *s, double frac,
			size_t end_runs, size_t rule_runs)
{
	const struct posterior_group *top = posterior_top(p);
	double step = INFINITY, same = INFINITY, half = (s->change[2] - s->change[1]) / 2;
	double target = frac - fabs(s->change[0]), more;

	if (top && !isnan(top->good) && !isnan(top->bad) && top->bad != top->good) {
		/* A noise of 0 (a metric that never varies): each run as telling as a run can be. */
		double z2 = top->var > 0 ? (top->bad - top->good) * (top->bad - top->good) / top->var : INFINITY;
		double need = top->p < 1 ? log(s->sure / (1 - s->sure)) - log(top->p / (1 - top->p)) : 0;

		step = fmax(ceil(fmax(need, 0) / fmin(z2 / 2, 5)), (double)rule_runs) +
		       ceil(log2((double)(top->hi - top->lo)));
	}
	if (target > 0 && half > 0)
		same = ceil((double)end_runs * fmax((half / target) * (half / target) - 1, 0));
	more = fmax(fmin(step, same), 1);
	/* An infinity, or a count past any bisection (1e15), is no estimate: never printed as one. */
	return more < 1e15 ? (size_t)more : 0;
}

void posterior_summarize(const struct posterior *p, double frac, size_t end_runs, size_t rule_runs, double sure,
			 struct posterior_summary *s)
{
	const struct posterior_group *top = posterior_top(p);
	double tail = 1 - sure, unmeasured = 0;

	memset(s, 0, sizeof(*s));
	s->sure = sure;
	s->p_none = p->p_none;
	rank_culprits(p, s);
	for (int i = 0; i < 3; i++)
		s->good[i] = s->bad[i] = NAN;
	s->noise = NAN;
	if (top && top->df >= 1) {
		s->good[0] = top->good;
		s->bad[0] = top->bad;
		for (int i = 1; i < 3; i++) {
			s->good[i] = posterior_level_quantile(top, 0, i == 1 ? tail : 1 - tail);
			s->bad[i] = posterior_level_quantile(top, 1, i == 1 ? tail : 1 - tail);
		}
		s->noise = sqrt(top->var);
	}
	s->noise_held = NAN;
	if (p->prior_df > 0) {
		s->noise_held = p->p_none * p->none_held;
		for (size_t i = 0; i < p->nr_group; i++)
			s->noise_held += mass(&p->group[i]) * p->group[i].held;
	}
	s->p_states = p->p_none * p->p_states;
	memcpy(s->states, p->states, sizeof(s->states));
	for (size_t i = 0; i < p->nr_group; i++)
		unmeasured += p->group[i].df < 1 ? mass(&p->group[i]) : 0;
	s->change_unmeasured = unmeasured > tail;
	s->change[0] = posterior_step_mean(p);
	s->change[1] = posterior_step_quantile(p, tail);
	s->change[2] = posterior_step_quantile(p, 1 - tail);
	/* A good level of 0 within its interval (a count that was 0) has no relative change. */
	if ((s->good[1] <= 0 && s->good[2] >= 0 && !(s->good[0] == 0 && s->bad[0] == 0)) ||
	    s->change_unmeasured)
		s->change[0] = s->change[1] = s->change[2] = NAN;
	s->rule_runs = rule_runs;
	s->more_runs = more_runs(p, s, frac, end_runs, rule_runs);
}

double posterior_reach(double good, double bad, double noise, double frac)
{
	return fmax(fmax(POSTERIOR_OFF_LEVEL_NOISES * noise, fabs(bad - good)), POSTERIOR_STATES_GAP * frac * fabs(good));
}

int posterior_off_level(double good, double bad, double noise, const struct samples *v, double frac)
{
	double reach;
	size_t off = 0;

	if (isnan(good) || isnan(bad) || isnan(noise) || v->nr < 3)
		return 0;
	reach = posterior_reach(good, bad, noise, frac);
	for (size_t i = 0; i < v->nr; i++)
		off += fabs(v->v[i] - good) > reach && fabs(v->v[i] - bad) > reach;
	return off == v->nr;
}
