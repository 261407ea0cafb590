/*
 * The metric-bisect benchmark of `git benchbisect run --metric` (issue 24):
 * simulated searches through the command's own policy and model
 * (bisect_judge_search() of common/bisect/bisect-judge.c over the
 * posterior of common/bisect/posterior.c, driven by
 * bench/sim/metric-sim.h), with the anchors beside them.
 *
 * Each search: a window of 15 or 64 commits, a level of 100, normal noise
 * of 1, 3% outliers of +10..60 or +2..30, a step of 5 to 30 times the
 * noise, up or down with even odds, at a culprit drawn uniformly (or no
 * step). Search i of a configuration draws from a generator seeded by i
 * and the configuration alone, so a range of i is a fixed set of
 * searches: the policy was tuned on some ranges and is reported on others
 * (docs/statistics.md says which).
 *
 * The anchors, on the same draws: `git bisect run` with a perfect
 * threshold (halfway between the true levels), one run a probe and the
 * median of 5; and a posterior bisection that knows the true levels and
 * noise (this model's likelihood with them, the median probed, stopping
 * at 1 - 1e-4, or --confidence): the floor of any search of this model.
 * And a search told the culprit: this command's posterior (levels and
 * noise unknown), runs only at the culprit and its parent, in turn, until
 * it holds one culprit at 1 - 1e-4 (or --confidence) as the command's
 * stop asks. The runs no search with this model and this stop can do
 * without: a search must still find the culprit, and a run anywhere else
 * refutes fewer neighbours than a run at either of the two.
 *
 * Usage: metric-bisect [--seeds FROM:TO] [--big N] [--anchors N] [--window N] [--part J/K] [--quick]
 *                      [--history R] [--history-commits C] [--step S] [--two-state]
 *                      [--min-change PCT] [--confidence PCT] [--odd OFFSET:FROM]
 *   --seeds FROM:TO  the searches i of each configuration (7000000:7020000)
 *   --big N          searches at 20x and 30x instead (4 times as many)
 *   --anchors N      searches of each anchor (20000)
 *   --window N       the windows of N commits only
 *   --part J/K       of those searches, FROM + i with i % K == J only (K
 *                    processes, J = 0..K-1, share one set; sum their rows)
 *   --quick          windows of 15, steps 5, 10, 30 and none (make check)
 *   --history R      every search (and the told anchor) first given the
 *                    noise of recorded runs: C commits of three runs at R
 *                    times today's noise (metric-sim.h)
 *   --history-commits C   (5)
 *   --step S         a step of S times the noise only (any S; 0: none)
 *   --two-state      each run's noise from two states, as an H200 showed
 *                    it (noise-model.h), instead of normal
 *   --min-change PCT the searches' --min-change (2)
 *   --odd OFFSET:FROM  one commit at a level of its own, 100 + OFFSET
 *                    (noise 1 around it, outliers alike), FROM commits
 *                    from the culprit (-2..2), the culprit in 3..N-3; a
 *                    named commit is right when it is the first off the
 *                    good level or the first at the bad one (only with a step)
 * Prints a line a configuration and method:
 *   <who> <window> <outliers up to> <step> <searches> <named> <wrong>
 *   <alike> <undecided> <skipped> <runs> <runs of one-run git bisect>
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/metric-sim.h"
#include "util/stats.h"
#include "util/usage.h"
#include "bisect/posterior.h"

struct sim_config {
	size_t nr;		/* commits in the window */
	double from, to;	/* the outliers' shape */
	double step;		/* in noise units; 0: no step */
	double history;		/* the recorded noise over today's (0: none) */
	size_t history_commits;
	int two_state;
	double min_change;
	double confidence;	/* percent; 0: POSTERIOR_SURE's */
	double odd_offset;	/* --odd: the odd commit's level over 100, in noise units */
	int odd_from;		/* and its place from the culprit (--odd given: odd_offset != 0) */
};

/* The probability every search here stops at: --confidence, else the command's default. */
static double sure_of(const struct sim_config *c)
{
	return c->confidence > 0 ? c->confidence / 100 : POSTERIOR_SURE;
}

struct tally {
	size_t searches, named, wrong, alike, undecided, skipped, runs, probes;
};

/* splitmix64 of i and the configuration: the seed of one search. */
static unsigned long long seed_of(unsigned long long i, const struct sim_config *c)
{
	unsigned long long z = i * 0x9e3779b97f4a7c15ULL + (unsigned long long)c->nr * 0xbf58476d1ce4e5b9ULL +
		(unsigned long long)(c->step * 16) * 0x94d049bb133111ebULL + (unsigned long long)c->from * 0x2545f4914f6cdd1dULL;

	return seed_mix(z);
}

/* The world of search i: its culprit and the sign of its step. */
static void draw_world(struct metric_world *w, const struct sim_config *c, unsigned long long i)
{
	rng_state = seed_of(i, c);
	w->nr = c->nr;
	w->from = c->from;
	w->to = c->to;
	w->culprit = c->step ? 1 + (size_t)(uniform() * (double)c->nr) : c->nr + 1;
	if (c->odd_offset && c->step) {
		/* Room for the odd commit either side: 3..nr - 3. */
		w->culprit = 3 + (size_t)(uniform() * (double)(c->nr - 5));
		w->odd = (size_t)((long)w->culprit + c->odd_from);
		w->odd_level = 100 + c->odd_offset;
	}
	w->step = uniform() < 0.5 ? c->step : -c->step;
	w->history = c->history;
	w->history_commits = c->history_commits;
	w->two_state = c->two_state;
	w->min_change = c->min_change;
	w->confidence = c->confidence;
}

/*
 * With an odd commit, two answers are right: the first commit off the good
 * level (the odd one when it comes first) and the first at the bad level
 * (the culprit, or the one after it when the culprit is the odd one), as
 * `git bisect run` with a threshold would name one or the other.
 */
static int right_culprit(const struct metric_world *w, size_t named)
{
	if (!w->odd)
		return named == w->culprit;
	return named == (w->odd < w->culprit ? w->odd : w->culprit) ||
	       named == (w->odd == w->culprit ? w->culprit + 1 : w->culprit);
}

static void search_ours(const struct sim_config *c, unsigned long long i, struct tally *t)
{
	struct metric_world w;
	enum bisect_outcome outcome;
	size_t named, runs;

	draw_world(&w, c, i);
	outcome = metric_world_search(&w, 1, &named, &runs);
	t->searches++;
	t->runs += runs;
	t->named += named && right_culprit(&w, named);
	t->wrong += named && !right_culprit(&w, named);
	t->alike += outcome == BISECT_NOT_REPRODUCED;
	t->undecided += outcome == BISECT_UNDECIDED;
	t->skipped += outcome == BISECT_ONLY_SKIPPED;
}

/* git bisect run with a perfect threshold, the median of k runs a probe. */
static void search_bisect(const struct sim_config *c, unsigned long long i, size_t k, struct tally *t)
{
	struct metric_world w;
	size_t lo = 0, hi = c->nr;
	double v[5];

	draw_world(&w, c, i);
	while (hi - lo > 1) {
		size_t m = lo + (hi - lo) / 2;

		for (size_t r = 0; r < k; r++)
			v[r] = metric_world_run(&w, m);
		stats_sort(v, k);
		if ((v[k / 2] - 100 - w.step / 2) * (w.step > 0 ? 1 : -1) > 0)
			hi = m;
		else
			lo = m;
		t->runs += k;
		t->probes++;
	}
	t->searches++;
	t->named += hi == w.culprit;
	t->wrong += hi != w.culprit;
}

/*
 * Posterior bisection knowing the true levels and noise: this model's
 * likelihood with them (3% of runs uniform over twice the range of the
 * levels and the outliers), the probe whose "bad" probability is nearest
 * 1/2, stopping at sure_of() (or 200 runs).
 */
static void search_oracle(const struct sim_config *c, unsigned long long i, struct tally *t)
{
	double logp[65] = { 0 }, stray = 0.03 / (2 * (c->step + c->to + 6));
	struct metric_world w;
	size_t runs = 0, best = 1;

	draw_world(&w, c, i);
	for (;;) {
		double top = -INFINITY, sum = 0, cum = 0, y, la, lb;
		size_t probe = c->nr - 1;

		for (size_t p = 1; p <= c->nr; p++) {
			top = fmax(top, logp[p]);
			best = logp[p] > logp[best] ? p : best;
		}
		for (size_t p = 1; p <= c->nr; p++)
			sum += exp(logp[p] - top);
		if (exp(logp[best] - top) / sum >= sure_of(c) || runs >= 200)
			break;
		for (size_t p = 1; p < c->nr; p++) {
			double here = exp(logp[p] - top) / sum;

			cum += here;
			if (cum >= 0.5) {
				probe = p > 1 && 2 * cum > 1 + here ? p - 1 : p;
				break;
			}
		}
		y = metric_world_run(&w, probe) - 100;
		runs++;
		la = log(0.97 * exp(-0.5 * y * y) / sqrt(2 * M_PI) + stray);
		lb = log(0.97 * exp(-0.5 * (y - w.step) * (y - w.step)) / sqrt(2 * M_PI) + stray);
		for (size_t p = 1; p <= c->nr; p++)
			logp[p] += p <= probe ? lb : la;
	}
	t->searches++;
	t->runs += runs;
	t->named += best == w.culprit;
	t->wrong += best != w.culprit;
}

/* Told the culprit: this posterior, runs at the culprit and its parent in turn (see above). */
static void search_told(const struct sim_config *c, unsigned long long i, struct tally *t)
{
	struct samples *at = xcalloc(c->nr + 1, sizeof(*at));
	struct metric_world w;
	struct posterior p;
	const struct posterior_group *top;
	size_t runs = 0;

	draw_world(&w, c, i);
	posterior_init(&p, c->nr);
	if (c->history > 0) {
		struct run_noise n;

		metric_world_history(&w, &n);
		posterior_set_noise(&p, n.var, n.df);
	}
	for (;;) {
		size_t pos = runs % 2 ? w.culprit : w.culprit - 1;

		samples_add(&at[pos], metric_world_run(&w, pos));
		if (++runs < 3)
			continue;
		posterior_update(&p, at);
		top = posterior_top(&p);
		if ((p.ready && top && top->hi - top->lo == 1 && top->p >= sure_of(c)) || runs >= 200)
			break;
	}
	t->searches++;
	t->runs += runs;
	t->named += runs < 200 && top->hi == w.culprit;
	t->wrong += runs < 200 && top->hi != w.culprit;
	posterior_release(&p);
	for (size_t q = 0; q <= c->nr; q++)
		samples_release(&at[q]);
	free(at);
}

static void print_row(const char *who, const struct sim_config *c, const struct tally *t, double probes)
{
	printf("%s %zu %g %g %zu %zu %zu %zu %zu %zu %zu %.4f\n", who, c->nr, c->to, c->step, t->searches, t->named,
	       t->wrong, t->alike, t->undecided, t->skipped, t->runs, probes);
	fflush(stdout);
}

int main(int argc, const char **argv)
{
	static const double steps[] = { 5, 7, 10, 14, 20, 30, 0 }, quick_steps[] = { 5, 10, 30, 0 };
	static const size_t windows[] = { 15, 64 };
	static const double shapes[][2] = { { 10, 60 }, { 2, 30 } };
	unsigned long long from = 7000000, to = 7020000, big = 0, anchors = 20000, window = 0, part = 0, parts = 1;
	unsigned long long history_commits = 5;
	double history = 0, only_step = -1, min_change = 0, confidence = 0, odd_offset = 0;
	int quick = 0, two_state = 0, odd_from = 0;
	const double *step;
	size_t nr_step;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seeds") && i + 1 < argc && sscanf(argv[i + 1], "%llu:%llu", &from, &to) == 2 &&
		    from < to)
			i++;
		else if (!strcmp(argv[i], "--big") && i + 1 < argc)
			big = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--anchors") && i + 1 < argc)
			anchors = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--window") && i + 1 < argc)
			window = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--part") && i + 1 < argc &&
			 sscanf(argv[i + 1], "%llu/%llu", &part, &parts) == 2 && part < parts)
			i++;
		else if (!strcmp(argv[i], "--quick"))
			quick = 1;
		else if (!strcmp(argv[i], "--history") && i + 1 < argc)
			history = strtod(argv[++i], NULL);
		else if (!strcmp(argv[i], "--history-commits") && i + 1 < argc)
			history_commits = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--step") && i + 1 < argc)
			only_step = strtod(argv[++i], NULL);
		else if (!strcmp(argv[i], "--two-state"))
			two_state = 1;
		else if (!strcmp(argv[i], "--min-change") && i + 1 < argc)
			min_change = strtod(argv[++i], NULL);
		else if (!strcmp(argv[i], "--confidence") && i + 1 < argc)
			confidence = strtod(argv[++i], NULL);
		else if (!strcmp(argv[i], "--odd") && i + 1 < argc &&
			 sscanf(argv[i + 1], "%lf:%d", &odd_offset, &odd_from) == 2 && odd_offset && abs(odd_from) <= 2)
			i++;
		else
			die("usage: metric-bisect [--seeds FROM:TO] [--big N] [--anchors N] [--window N] [--part J/K] [--quick]"
			    " [--history R] [--history-commits C] [--step S] [--two-state] [--min-change PCT] [--confidence PCT]"
			    " [--odd OFFSET:FROM]");
	}
	if (!big)
		big = 4 * (to - from);
	step = quick ? quick_steps : steps;
	nr_step = quick ? ARRAY_SIZE(quick_steps) : ARRAY_SIZE(steps);
	if (only_step >= 0) {
		step = &only_step;
		nr_step = 1;
	}
	for (size_t wi = 0; wi < ARRAY_SIZE(windows); wi++) {
		if ((window && windows[wi] != window) || (quick && windows[wi] != 15))
			continue;
		for (size_t si = 0; si < ARRAY_SIZE(shapes); si++)
			for (size_t k = 0; k < nr_step; k++) {
				struct sim_config c = { windows[wi], shapes[si][0], shapes[si][1], step[k], history,
						    history_commits, two_state, min_change, confidence, odd_offset,
						    odd_from };
				struct tally ours = { 0 }, b1 = { 0 }, b5 = { 0 }, oracle = { 0 }, told = { 0 };
				unsigned long long n = c.step >= 20 ? big : to - from;
				double probes;

				for (unsigned long long i = part; c.step && i < anchors; i += parts) {
					search_bisect(&c, from + i, 1, &b1);
					search_bisect(&c, from + i, 5, &b5);
					search_oracle(&c, from + i, &oracle);
					search_told(&c, from + i, &told);
				}
				probes = b1.searches ? (double)b1.probes / (double)b1.searches : 0;
				for (unsigned long long i = part; i < n; i += parts)
					search_ours(&c, from + i, &ours);
				print_row("ours", &c, &ours, probes);
				if (!c.step || !anchors)
					continue;
				print_row("bisect1", &c, &b1, probes);
				print_row("bisect5", &c, &b5, probes);
				print_row("oracle", &c, &oracle, probes);
				print_row("told", &c, &told, probes);
			}
	}
	return 0;
}
