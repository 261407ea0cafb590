/*
 * Whether a --metric boundary is settled: the runs its commits and sides
 * have, each boundary commit measuring like its side's end, and a commit
 * next to the step at a level of its own (bisect-judge.c's policy asks;
 * docs/statistics.md, "A boundary's commits measure like their ends").
 */
#include <math.h>
#include <stdlib.h>
#include "util/stats.h"
#include "util/usage.h"
#include "bisect/bisect-boundary.h"

/* The runs at positions from..to. */
static size_t side_runs(const struct boundary *j, size_t from, size_t to)
{
	size_t runs = 0;

	for (size_t p = from; p <= to; p++)
		runs += j->values[p].nr;
	return runs;
}

/*
 * Whether an end's runs lie off its side's level in top (further than
 * posterior_reach() of no step): the fit made strays of them, so that the
 * side's level is some other commit's, not the end's that defines it.
 */
static int end_off_side(const struct boundary *j, const struct posterior_group *top, int side)
{
	const struct samples *end = &j->values[side ? j->nr : 0];
	double level = side ? top->bad : top->good;

	return end->nr && !isnan(level) &&
	       fabs(samples_median(end) - level) > posterior_reach(level, level, sqrt(top->var), j->min_change / 100);
}

/* Whether x's runs lie off both levels of top: more of them tell nothing of the step. */
int boundary_measures_neither(const struct boundary *j, const struct posterior_group *top, size_t x)
{
	return top && x && x != j->nr &&
	       posterior_off_level(top->good, top->bad, sqrt(top->var), &j->values[x], j->min_change / 100);
}

/*
 * The noise that tells a commit from its end: the fit's, or the spread
 * of runs within commits when that is less. A fit that makes a commit at
 * a level of its own a side's level widens its noise to cover the side's
 * other commits, and that width would let them pass for alike. The
 * spread is the median difference of two runs of one commit (0.954
 * noise units for normal noise), which a stray among a commit's runs
 * hardly moves.
 */
static double within_noise(const struct boundary *j, const struct posterior_group *top)
{
	double fit = sqrt(top->var), *diff, spread;
	size_t nr = 0, df = 0;

	for (size_t p = 0; p <= j->nr; p++)
		nr += j->values[p].nr * (j->values[p].nr - (j->values[p].nr > 0)) / 2;
	if (!nr)
		return fit;
	diff = xcalloc(nr, sizeof(double));
	nr = 0;
	for (size_t p = 0; p <= j->nr; p++) {
		const struct samples *at = &j->values[p];

		for (size_t a = 0; a < at->nr; a++)
			for (size_t b = a + 1; b < at->nr; b++)
				diff[nr++] = fabs(at->v[a] - at->v[b]);
		df += at->nr ? at->nr - 1 : 0;
	}
	spread = stats_median(diff, nr) / 0.9539;
	free(diff);
	return df >= METRIC_WITHIN_DF && spread > 0 ? fmin(fit, spread) : fit;
}

/*
 * Whether the runs of end lie mostly further than METRIC_UNLIKE_NOISES
 * noise units (and twice --min-change) from the median of commit b:
 * fewer than half of them within, or with strict, of two runs not both
 * (a stray that lands at b's level is one of two). The end's runs, not
 * its median: two runs, one at its level and one stray, have a median of
 * neither, and two strays among four runs happen at an end run again for
 * its first.
 */
static int off_end(const struct boundary *j, size_t b, size_t end, double noise, int strict)
{
	const struct samples *at = &j->values[b], *e = &j->values[end];
	double median, reach;
	size_t near = 0;

	if (b == end || !at->nr || !e->nr)
		return 0;
	median = samples_median(at);
	reach = fmax(METRIC_UNLIKE_NOISES * noise, POSTERIOR_STATES_GAP * j->min_change / 100 * fabs(median));
	for (size_t i = 0; i < e->nr; i++)
		near += fabs(e->v[i] - median) <= reach;
	return 2 * near < e->nr || (strict && e->nr <= 2 && near < e->nr);
}

/* Whether commit b does not measure like the end: off it, strictly. */
static int unlike_end(const struct boundary *j, size_t b, size_t end, double noise)
{
	return off_end(j, b, end, noise, 1);
}

/*
 * What boundary commit b waits for to measure like its side's end (side
 * 0 the good, 1 the bad): NO_PROBE when it does. Else the end or b, the
 * one with fewer runs, until both have METRIC_SIDE_RUNS (a stray at
 * either), then the end until METRIC_END_RUNS (it defines the level, and
 * an end run again for a stray has two in three runs often enough).
 * Then b is at a level of its own unless it measures like the other end
 * (NEVER_SETTLED), and the commit beyond it must measure like the end,
 * so that no commit between it and the end can be the step: that
 * commit, short of METRIC_PROBE_RUNS runs (METRIC_SIDE_RUNS when it
 * does not measure like the end), or NEVER_SETTLED.
 */
static size_t like_end_wait(const struct boundary *j, size_t b, int side, double noise)
{
	size_t end = side ? j->nr : 0, beyond = side ? b + 1 : b - 1;

	if (!unlike_end(j, b, end, noise))
		return NO_PROBE;
	if (j->values[end].nr < METRIC_SIDE_RUNS || j->values[b].nr < METRIC_SIDE_RUNS)
		return j->values[end].nr <= j->values[b].nr ? end : b;
	if (j->values[end].nr < METRIC_END_RUNS)
		return end;
	if (!unlike_end(j, b, side ? 0 : j->nr, noise))
		return NEVER_SETTLED;
	if (beyond == end)
		return NO_PROBE;
	if (j->values[beyond].nr < METRIC_PROBE_RUNS)
		return beyond;
	if (!unlike_end(j, beyond, end, noise))
		return NO_PROBE;
	return j->values[beyond].nr < METRIC_SIDE_RUNS ? beyond : NEVER_SETTLED;
}

size_t boundary_unsettled(const struct boundary *j, const struct posterior_group *top, size_t lo, size_t hi)
{
	double noise;

	if (j->values[lo].nr < METRIC_PROBE_RUNS || side_runs(j, 0, lo) < METRIC_SIDE_RUNS)
		return lo;
	if (j->values[hi].nr < METRIC_PROBE_RUNS || side_runs(j, hi, j->nr) < METRIC_SIDE_RUNS)
		return hi;
	for (int side = 0; side < 2; side++)
		if (end_off_side(j, top, side))
			return side ? j->nr : 0;
	noise = within_noise(j, top);
	for (int side = 0; side < 2; side++) {
		size_t wait = like_end_wait(j, side ? hi : lo, side, noise);

		if (wait != NO_PROBE)
			return wait;
	}
	return NO_PROBE;
}

/*
 * Whether commit x is at a level of its own: its median lies off both
 * levels of top (past posterior_reach()), or the runs of both ends lie
 * off it (off_end() with noise, within_noise()'s, taken once by the
 * caller; METRIC_PROBE_RUNS at each end: one run may be a stray), and at
 * least METRIC_ODD_RUNS of its runs, three in four of them or more, lie
 * within METRIC_ODD_SPREAD times its median's distance from the nearer
 * level. A commit at a level of its own does, whatever its noise within
 * what the model allows it, and a stray or two among its
 * runs does not hide it; three stray runs that each land off both levels
 * seldom do, as strays land anywhere in a wide range (docs/statistics.md).
 * The ends' test reaches a commit within a step of a level (120 beside
 * levels of 100 and 110), which the fit may count in with that level.
 * With end_wait, x also counts when only an end's runs are short: that
 * end in *end_wait (else NO_PROBE).
 */
static int at_own_level(const struct boundary *j, const struct posterior_group *top, size_t x, double noise,
			size_t *end_wait)
{
	const struct samples *v = &j->values[x];
	double median, off, reach;
	size_t near = 0, short_end = NO_PROBE;

	if (end_wait)
		*end_wait = NO_PROBE;
	if (!x || x == j->nr || v->nr < METRIC_ODD_RUNS || isnan(top->good) || isnan(top->bad) || isnan(top->var))
		return 0;
	median = samples_median(v);
	off = fmin(fabs(median - top->good), fabs(median - top->bad));
	reach = posterior_reach(top->good, top->bad, sqrt(top->var), j->min_change / 100);
	if (off <= reach) {
		if (!off_end(j, x, 0, noise, 0) || !off_end(j, x, j->nr, noise, 0))
			return 0;
		short_end = j->values[0].nr < METRIC_PROBE_RUNS ? 0 :
			    j->values[j->nr].nr < METRIC_PROBE_RUNS ? j->nr : NO_PROBE;
		if (short_end != NO_PROBE && !end_wait)
			return 0;
	}
	for (size_t i = 0; i < v->nr; i++)
		near += fabs(v->v[i] - median) <= METRIC_ODD_SPREAD * off;
	if (near < METRIC_ODD_RUNS || 4 * near < 3 * v->nr)
		return 0;
	if (end_wait)
		*end_wait = short_end;
	return 1;
}

/*
 * A commit x next to the step whose runs measure neither level leaves two
 * culprits alike, x (it on the bad side) and x + 1 (it on the good side):
 * its level is its own, so no run of it can tell which, and the search
 * would run to its cap. Either way x is the first commit that does not
 * measure like the good end, and x + 1 the first at the bad level. x when
 * the two culprits hold the posterior together; else 0. And in *wait
 * what naming it waits for: an end short of runs (at_own_level()), the
 * commits about it (boundary_unsettled()), or NO_PROBE.
 */
size_t boundary_off_level_pair(const struct boundary *j, const struct posterior *p, const struct posterior_group *top,
			       size_t *wait)
{
	double noise = within_noise(j, top);

	for (size_t x = 1; x < j->nr; x++)
		if (at_own_level(j, top, x, noise, wait) &&
		    posterior_culprit(p, x) + posterior_culprit(p, x + 1) >= j->sure) {
			if (*wait == NO_PROBE)
				*wait = boundary_unsettled(j, top, x - 1, x + 1);
			return x;
		}
	return 0;
}

/*
 * Whether the likeliest boundary's last good commit is itself at a level
 * of its own: the fit made strays of its runs, but they agree off both
 * levels, so it is the first commit off the good level (boundary_off_level_pair()
 * names it), not the commit after it.
 */
int boundary_odd_before_step(const struct boundary *j, const struct posterior_group *top)
{
	return at_own_level(j, top, top->lo, within_noise(j, top), NULL);
}

/* The runs pos lacks, it next to a boundary and from..to its side: METRIC_PROBE_RUNS there, METRIC_SIDE_RUNS in all. */
size_t boundary_runs_short(const struct boundary *j, size_t pos, size_t from, size_t to)
{
	size_t at = j->values[pos].nr, side = side_runs(j, from, to);
	size_t probe = at < METRIC_PROBE_RUNS ? METRIC_PROBE_RUNS - at : 0;
	size_t sides = side < METRIC_SIDE_RUNS ? METRIC_SIDE_RUNS - side : 0;

	return probe > sides ? probe : sides;
}
