#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "tap.h"
#include "../../bench/sim/metric-sim.h"
#include "util/usage.h"
#include "bisect/bisect.h"
#include "bisect/bisect-judge.h"
#include "bisect/metric-pattern.h"
#include "bisect/posterior.h"

/* A TAP comment: figures worth reading, not asserted. */
#define diag(...) (printf("# "), printf(__VA_ARGS__), printf("\n"))

/* An oracle: positions >= first_bad are bad; skip[] are untestable. */
struct oracle {
	size_t first_bad;
	const unsigned char *skip;
};

static enum verdict ask(const struct oracle *o, size_t pos)
{
	if (o->skip && o->skip[pos])
		return VERDICT_SKIP;
	return pos >= o->first_bad ? VERDICT_BAD : VERDICT_GOOD;
}

/* Run the search to its end with jobs tests a round; *verdicts counts the tests, *rounds the rounds. */
static enum bisect_outcome search_jobs(struct bisect *b, const struct oracle *o, size_t jobs,
				      size_t *verdicts, size_t *rounds)
{
	enum bisect_outcome st;
	size_t pos[16], nr;

	*verdicts = *rounds = 0;
	while ((st = bisect_next_round(b, jobs, pos, &nr)) == BISECT_TEST) {
		for (size_t i = 0; i < nr; i++)
			bisect_mark(b, pos[i], ask(o, pos[i]));
		*verdicts += nr;
		if (++*rounds > 2 * b->nr + 2)
			break;
	}
	return st;
}

static enum bisect_outcome search(struct bisect *b, const struct oracle *o, size_t *verdicts)
{
	size_t rounds;

	return search_jobs(b, o, 1, verdicts, &rounds);
}

/* Start b on a window of nr commits (the slice as bisect_init() takes it) and search it to its end. */
static enum bisect_outcome search_fresh(struct bisect *b, size_t nr, const unsigned char *slice, int slice_first,
				       const struct oracle *o, size_t *verdicts)
{
	bisect_init(b, nr, slice, slice_first);
	return search(b, o, verdicts);
}

/* ceil(log_base(n)) */
static size_t ceil_log(size_t base, size_t n)
{
	size_t k = 0, p = 1;

	while (p < n) {
		p *= base;
		k++;
	}
	return k;
}

/*
 * Every culprit within R = ceil(log_{N+1} W) rounds, the worst case of any
 * search testing N commits at once; the oldest and the newest commit
 * within one more, as naming them takes a tested end, which only joins a
 * round with a free job (and a one-commit window with one job takes two).
 */
static void test_every_culprit(void)
{
	static const size_t jobs[] = { 1, 2, 4, 8 };

	for (size_t j = 0; j < sizeof(jobs) / sizeof(jobs[0]); j++) {
		size_t n_jobs = jobs[j], worst_over = 0, wrong = 0, ends_over = 0;
		int within = 1;

		for (size_t n = 1; n <= 64; n++) {
			for (size_t k = 1; k <= n; k++) {
				struct oracle o = { k, NULL };
				struct bisect b;
				size_t verdicts, rounds, bound = ceil_log(n_jobs + 1, n);
				enum bisect_outcome st;

				if (k == 1 || k == n)
					bound += n == 1 && n_jobs == 1 ? 2 : 1;
				bisect_init(&b, n, NULL, 0);
				st = search_jobs(&b, &o, n_jobs, &verdicts, &rounds);
				if (st != BISECT_FOUND || b.hi != k)
					wrong++;
				if (rounds > bound) {
					within = 0;
					if (rounds - bound > worst_over)
						worst_over = rounds - bound;
				}
				ends_over += (k == 1 || k == n) && rounds == bound && n > 1;
				bisect_release(&b);
			}
		}
		ok(!wrong, "N=%zu: every culprit of windows of 1..64 commits, as with N=1 (%zu wrong)", n_jobs, wrong);
		ok(within, "N=%zu: within ceil(log_%zu W) rounds, the ends within one more (over by %zu)", n_jobs,
		   n_jobs + 1, worst_over);
		ok(ends_over, "N=%zu: and an end does take that one more (%zu times)", n_jobs, ends_over);
	}
}

/* The fewest rounds any search testing N at once takes in all for the W culprits (the ends untested). */
static size_t least_total(size_t w, size_t n_jobs)
{
	size_t r = ceil_log(n_jobs + 1, w), reach = 1;

	for (size_t i = 0; i < r; i++)
		reach *= n_jobs + 1;
	/*
	 * Each culprit in r or r - 1 rounds: r - 1 rounds of N + 1 outcomes
	 * name reach / (N + 1) apart, and one named a round early takes the
	 * room of N + 1 named in r.
	 */
	return w * r - (reach - w) / n_jobs;
}

/*
 * The mean over every culprit position: the least any search can take,
 * plus the tests of the ends. Pinned from a model of the search written
 * apart (in Python, the same cuts and ends). bench/bench-benchbisect.sh
 * reads the W=1024 lines.
 */
static void test_mean_rounds(void)
{
	static const struct {
		size_t w, jobs, total, least;
	} want[] = {
		{ 1024, 1, 10242, 10240 }, { 1024, 2, 6588, 6587 }, { 1024, 4, 4596, 4595 },
		{ 1024, 8, 3405, 3404 }, { 1000, 8, 3306, 3305 }, { 100, 4, 295, 294 }, { 64, 8, 127, 126 },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		size_t total = 0, verdicts, rounds;

		for (size_t k = 1; k <= want[i].w; k++) {
			struct oracle o = { k, NULL };
			struct bisect b;

			bisect_init(&b, want[i].w, NULL, 0);
			search_jobs(&b, &o, want[i].jobs, &verdicts, &rounds);
			total += rounds;
			bisect_release(&b);
		}
		is_int(least_total(want[i].w, want[i].jobs), want[i].least, "the least any search takes");
		ok(total == want[i].total, "W=%zu N=%zu: %zu rounds over every culprit, mean %.4f (least %.4f)",
		   want[i].w, want[i].jobs, total, (double)total / (double)want[i].w,
		   (double)want[i].least / (double)want[i].w);
	}
}

static void test_ends(void)
{
	struct oracle none = { 100, NULL }, older = { 0, NULL };
	struct bisect b;
	size_t verdicts;

	is_int(search_fresh(&b, 8, NULL, 0, &none, &verdicts), BISECT_NOT_REPRODUCED, "a good bad end: not reproduced");
	is_int(verdicts, 4, "found out after log2(8) + 1 verdicts");
	is_int(b.mark[8], VERDICT_GOOD, "the bad end was tested");
	bisect_release(&b);

	is_int(search_fresh(&b, 8, NULL, 0, &older, &verdicts), BISECT_GOOD_END_BAD, "a bad good end: the move is older");
	is_int(b.mark[0], VERDICT_BAD, "the good end was tested");
	bisect_release(&b);

	bisect_init(&b, 1, NULL, 0);
	{
		struct oracle one = { 1, NULL };

		is_int(search(&b, &one, &verdicts), BISECT_FOUND, "a one-commit window");
		is_int(verdicts, 2, "tests both ends before naming it");
	}
	bisect_release(&b);

	bisect_init(&b, 4, NULL, 0);
	bisect_mark(&b, 0, VERDICT_GOOD);
	bisect_mark(&b, 4, VERDICT_BAD);
	{
		struct oracle o = { 1, NULL };

		is_int(search(&b, &o, &verdicts), BISECT_FOUND, "ends measured first (--metric)");
		is_int(verdicts, 2, "then only the inside is tested");
		is_int(b.hi, 1, "the oldest commit");
	}
	bisect_release(&b);
}

static void test_skips(void)
{
	unsigned char skip[9] = { 0 };
	struct oracle o = { 6, skip };
	struct bisect b;
	size_t verdicts, pos, nr;

	skip[4] = 1;
	is_int(search_fresh(&b, 8, NULL, 0, &o, &verdicts), BISECT_FOUND, "a skipped middle: a neighbour instead");
	is_int(b.hi, 6, "the culprit");
	is_int(b.mark[4], VERDICT_SKIP, "the skipped commit is marked");
	bisect_release(&b);

	skip[4] = 0;
	skip[6] = 1;
	is_int(search_fresh(&b, 8, NULL, 0, &o, &verdicts), BISECT_ONLY_SKIPPED, "a skipped culprit hides");
	ok(b.lo == 5 && b.hi == 7, "between 5 (good) and 7 (bad): %zu..%zu", b.lo, b.hi);
	bisect_release(&b);

	/* Everything inside skipped: the bad end and the good end still decide nothing. */
	for (size_t i = 1; i < 8; i++)
		skip[i] = 1;
	is_int(search_fresh(&b, 8, NULL, 0, &o, &verdicts), BISECT_ONLY_SKIPPED, "all skipped");
	is_int(b.mark[8], VERDICT_BAD, "the bad end was tested");
	is_int(b.mark[0], VERDICT_GOOD, "the good end was tested");
	bisect_release(&b);

	bisect_init(&b, 3, NULL, 0);
	bisect_mark(&b, 2, VERDICT_SKIP);
	is_int(bisect_next_round(&b, 1, &pos, &nr), BISECT_TEST, "after a skip at the middle");
	is_int(pos, 1, "the neighbour below when the one above is the end");
	bisect_release(&b);
}

static void test_contradicts(void)
{
	struct bisect b;
	size_t bad = 0, good = 0;

	bisect_init(&b, 8, NULL, 0);
	bisect_mark(&b, 3, VERDICT_GOOD);
	bisect_mark(&b, 4, VERDICT_BAD);
	bisect_mark(&b, 6, VERDICT_BAD);
	ok(!bisect_contradicts(&b, &bad, &good), "good before bad: no contradiction");
	bisect_mark(&b, 5, VERDICT_GOOD);
	bisect_mark(&b, 7, VERDICT_SKIP);
	ok(bisect_contradicts(&b, &bad, &good) && bad == 4 && good == 5,
	   "a good after a bad: the first bad and the last good after it");
	bisect_mark(&b, 8, VERDICT_GOOD);
	ok(bisect_contradicts(&b, &bad, &good) && bad == 4 && good == 8, "the bad end tested good");
	bisect_release(&b);
}

static void test_slice_first(void)
{
	unsigned char slice[9] = { 0 };
	struct oracle o = { 6, NULL };
	struct bisect b;
	size_t verdicts, pos, nr;

	slice[6] = 1;
	bisect_init(&b, 8, slice, 1);
	is_int(bisect_next_round(&b, 1, &pos, &nr), BISECT_TEST, "slice first");
	is_int(pos, 6, "the slice commit is tested first");
	bisect_release(&b);

	is_int(search_fresh(&b, 8, slice, 1, &o, &verdicts), BISECT_FOUND, "a lone slice culprit");
	is_int(verdicts, 2, "is found in two verdicts (it, then its parent)");
	bisect_release(&b);

	o.first_bad = 3;
	is_int(search_fresh(&b, 8, slice, 1, &o, &verdicts), BISECT_FOUND, "a culprit outside the slice");
	is_int(b.hi, 3, "is still found");
	bisect_release(&b);
}

static void test_exits(void)
{
	is_int(judge_exits(1, 0, 1), VERDICT_GOOD, "one run of one: good");
	is_int(judge_exits(0, 2, 3), VERDICT_BAD, "two bad of at most three: decided");
	is_int(judge_exits(1, 1, 3), VERDICT_UNCLEAR, "one each of three: a third run decides");
	is_int(judge_exits(2, 2, 4), VERDICT_UNCLEAR, "a tie at the limit: unclear");
}

static void test_student_t(void)
{
	is_num(student_t_cdf(1, 1), 0.75, 1e-9, "t, 1 df: the Cauchy's 0.75 at 1");
	is_num(student_t_cdf(2.228139, 10), 0.975, 1e-6, "t, 10 df: 0.975 at 2.228");
	is_num(student_t_cdf(-2.228139, 10), 0.025, 1e-6, "and symmetric");
	is_num(student_t_quantile(0.999, 5), 5.8934, 1e-3, "t, 5 df: 5.893 at 0.999");
	is_num(student_t_quantile(0.9999, 5), 9.6776, 1e-3, "and 9.678 at 0.9999");
	is_num(student_t_quantile(0.5, 3), 0, 1e-6, "the median is 0");
	is_num(student_t_cdf(3, 1e6), 0.998650, 1e-5, "many df: the normal");
}

/* runs[pos] as text ("100 100.4"), NULL for none: the samples of a window of nr commits. */
static struct samples *window_of(const char *const *runs, size_t nr)
{
	struct samples *at = xcalloc(nr + 1, sizeof(*at));

	for (size_t p = 0; p <= nr; p++) {
		const char *s = runs[p];
		char *end;

		while (s && *s) {
			samples_add(&at[p], strtod(s, &end));
			s = end;
		}
	}
	return at;
}

static void free_window(struct samples *at, size_t nr)
{
	for (size_t p = 0; p <= nr; p++)
		samples_release(&at[p]);
	free(at);
}

/* Weigh p anew with the runs of a window of nr commits, as window_of() reads them. */
static void update_with(struct posterior *p, const char *const *runs, size_t nr)
{
	struct samples *at = window_of(runs, nr);

	posterior_update(p, at);
	free_window(at, nr);
}

static void test_posterior(void)
{
	static const char *const step[] = { "100 100.4 99.7", NULL, "99.8 100.3", "100.1 99.6", "105.2 104.7", NULL,
					    NULL, "104.9", "105.1 105.3" };
	static const char *const stray[] = { "100.2 99.8 100.1", NULL, NULL, NULL, "100.1", NULL, NULL, NULL, "150" };
	static const char *const outvoted[] = { "100.2 99.8 100.1", NULL, NULL, NULL, "100.1", NULL, NULL, NULL,
						"150 100.3 99.9" };
	static const char *const two_modes[] = { "100.14 99.99 100.11", NULL, NULL, NULL, "100.13", NULL, NULL,
						  "99.76", "99.69 78.19" };
	static const char *const two_pairs[] = { "100 100.1 99.9 100.2", NULL, NULL, NULL, "100.2 99.9", NULL, NULL,
						  NULL, "100.1 99.8 80 80.1" };
	/* A commit whose every run is far off: 1e5 beside ends at 10 and 12, then 100. */
	static const char *const far_off[] = { "10 10 10.01", NULL, NULL, "100000 100000", NULL, NULL, NULL,
						"12.01 12.04 12.02" };
	static const char *const far_commit[] = { "10.01 10 10.02 10", "10.04 10.02", "10.04 10.01",
						   "100 100 100 100 100 100 100 100", "12 12.03", "12.01 12.02",
						   NULL, "12.02 12.01 12.03 12.03" };
	/* A commit of eight runs at 1e5 where the step is (ends at 10 and 12): a level, not strays. */
	static const char *const odd_at_step[] = { "10 10.01 9.99", NULL, "10 10.01", "10.02 9.99",
						    "100000 100010 99990 100000 100005 99995 100010 99990",
						    "12 12.01", "12.02", NULL, NULL, "12.01 12 12.02" };
	/* A commit of five runs at 1100 just after the step (100 -> 110, noise 1). */
	static const char *const odd_after[] = { "99.2", NULL, NULL, NULL, "101.6", NULL, "99", "109.4 110.3 110 110.4",
						  "1100 1099.2 1099.4 1099.6 1099.6", NULL, NULL, NULL, NULL, NULL, NULL,
						  "111.1 110.2" };
	static const char *const alike[] = { "100.1 99.8 100.3 99.9 100.2 100", NULL, NULL, NULL, "99.9 100.2",
					     NULL, NULL, NULL, "100.2 99.9 100.1 99.8 100 100.3" };
	static const char *const ends[] = { "100", NULL, NULL, NULL, NULL, NULL, NULL, NULL, "105" };
	struct posterior p;
	struct samples *at;
	double down, up;

	posterior_init(&p, 8);
	update_with(&p, step, 8);
	ok(p.ready, "a step: ready");
	ok(posterior_culprit(&p, 4) >= POSTERIOR_SURE, "a clear step of 10 noise units: culprit 4 is sure (%g)",
	   posterior_culprit(&p, 4));
	ok(posterior_bad(&p, 3) < 1e-4 && posterior_bad(&p, 4) > 1 - 1e-4, "3 measures like the good end, 4 like the bad");
	ok(p.p_none < 1e-4, "no step is unlikely (%g)", p.p_none);
	is_num(posterior_step_mean(&p), 0.05, 0.002, "the step is +5%");

	update_with(&p, stray, 8);
	ok(posterior_culprit(&p, 8) < 0.99, "one run far off at the bad end proves nothing (culprit 8: %g)",
	   posterior_culprit(&p, 8));
	update_with(&p, outvoted, 8);
	ok(posterior_culprit(&p, 8) < 0.01 && p.p_none > 0.5,
	   "two more runs there outvote it (culprit 8: %g, no step: %g)", posterior_culprit(&p, 8), p.p_none);

	update_with(&p, two_modes, 8);
	posterior_step_tails(&p, 0.02, &down, &up);
	ok(down > 0.01, "a bad end of two runs 20%% apart: either may be the stray, the step may be -20%% (%g)", down);

	update_with(&p, two_pairs, 8);
	posterior_step_tails(&p, 0.02, &down, &up);
	ok(down > 0.01, "a bad end of two runs at the good level and two 20%% below: either pair may stray, not alike (%g)",
	   down);

	/*
	 * The noise floor followed the runs' range (1e-6 of 1e5 lies above
	 * the noise), and the robust start was then left out: every fit saw
	 * a noise of 1e9 and the ends 20% apart read as alike.
	 */
	posterior_release(&p);
	posterior_init(&p, 7);
	update_with(&p, far_off, 7);
	posterior_step_tails(&p, 0.02, &down, &up);
	ok(p.p_none < 1e-3 && up > 1 - 1e-4, "one commit's runs at 1e5 beside ends 20%% apart: a step, not alike "
	   "(no step: %g, up: %g)", p.p_none, up);
	/*
	 * Half of a side at 100, half at 12: its median between them, the
	 * robust spread around it as wide as their gap; the fit never found
	 * the tight mode and named commit 3, which measured 10 twice.
	 */
	update_with(&p, far_commit, 7);
	ok(posterior_culprit(&p, 2) < 1e-6 && posterior_culprit(&p, 1) < 1e-6,
	   "a commit far off between the levels: none that measured the good level is the culprit (%g, %g)",
	   posterior_culprit(&p, 2), posterior_culprit(&p, 1));
	posterior_release(&p);

	/*
	 * Strays are runs one by one: eight runs of one commit at 1e5 are
	 * cheaper as a side's level, with the bad end's runs its strays, and
	 * commit 3, which measured 10 twice, was named. As an odd commit its
	 * runs say nothing of where the step is: 4 or 5, as likely.
	 */
	posterior_init(&p, 9);
	update_with(&p, odd_at_step, 9);
	ok(posterior_culprit(&p, 3) < 1e-6 && posterior_culprit(&p, 6) < 1e-6,
	   "a commit far off at the step: none that measured a level is the culprit (%g, %g)",
	   posterior_culprit(&p, 3), posterior_culprit(&p, 6));
	ok(posterior_culprit(&p, 4) > 0.4 && posterior_culprit(&p, 5) > 0.4,
	   "it or the next is (%g, %g): its runs cannot tell", posterior_culprit(&p, 4), posterior_culprit(&p, 5));
	posterior_release(&p);
	/*
	 * After the step, the odd commit's runs made the bad side's level, the
	 * good side's noise wide enough to take commit 7's runs at 110 and
	 * the bad end's runs strays, and 8 was named (with the bad end's one
	 * run a stray, a search runs it again: bisect-judge.c, unsettled()).
	 */
	posterior_init(&p, 15);
	at = window_of(odd_after, 15);
	posterior_update(&p, at);
	ok(posterior_culprit(&p, 7) > 0.99, "a commit far off after the step: the step's commit is the culprit (%g)",
	   posterior_culprit(&p, 7));
	{
		struct posterior_summary sum;

		posterior_summarize(&p, 0.02, 2, 0, POSTERIOR_SURE, &sum);
		ok(posterior_off_level(sum.good[0], sum.bad[0], sum.noise, &at[8], 0.02) &&
		   !posterior_off_level(sum.good[0], sum.bad[0], sum.noise, &at[7], 0.02),
		   "and the odd commit measures neither level, the step's commit its level");
	}
	free_window(at, 15);
	posterior_release(&p);
	posterior_init(&p, 8);

	update_with(&p, alike, 8);
	posterior_step_tails(&p, 0.02, &down, &up);
	ok(down <= 1e-4 && up <= 1e-4, "ends of six runs 0.2%% apart: alike within 2%% (%g, %g)", down, up);
	ok(posterior_step_quantile(&p, 1e-4) > -0.02 && posterior_step_quantile(&p, 1 - 1e-4) < 0.02,
	   "the step's 99.98%% interval lies within 2%%");

	update_with(&p, ends, 8);
	ok(!p.ready, "two runs, two levels: no noise to judge by, nothing decided");
	posterior_release(&p);
}

/* The noise of recorded runs, pooled within commits, and the posterior weighing it. */
static void test_recorded_noise(void)
{
	static const char *const history[] = { "10 10.2 9.8", "20 20.1", "30", "40.1 39.9 39.95 40.05" };
	static const char *const stray[] = { "10 10.2 9.8", "20 20.2 19.8", "30 30.2 29.8 45", "40.2 39.8" };
	static const char *const huge[] = { "1e308 -1e308 1.7e308", "-1.7e308 1.7e308" };
	static const char *const step[] = { "100 100.3", NULL, NULL, NULL, "100.2 99.9", "101.1 100.8", NULL, NULL,
					    "100.9 101.2" };
	static const char *const alike[] = { "100 100.3", NULL, NULL, NULL, "100.2 99.9", "100.1 99.8", NULL, NULL,
					     "100.1 100.2" };
	struct run_noise n;
	struct posterior p;
	struct posterior_summary s;
	struct samples *at;
	double bare, quiet, loud;

	at = window_of(history, 3);
	run_noise_pool(&n, at, 4);
	/* (0.04 + 0.04) + (0.0025 + 0.0025) + (0.01 + 0.01 + 0.0025 + 0.0025) over 2 + 1 + 3 */
	is_num(n.var, 0.11 / 6, 1e-9, "the variance within commits, pooled");
	ok(n.df == 6 && n.runs == 9 && n.commits == 3 && n.strays == 0,
	   "6 degrees of freedom from 9 runs over 3 commits; a commit of one run says nothing");
	free_window(at, 3);
	at = window_of(huge, 1);
	run_noise_pool(&n, at, 2);
	ok(!isfinite(n.var) || !(n.var > 0), "values near the largest double: no usable record (%g)", n.var);
	free_window(at, 1);
	at = window_of(stray, 3);
	run_noise_pool(&n, at, 4);
	ok(n.strays == 1 && n.df == 7, "a run 15 noise units off its commit is a stray, left out (%zu, %g)", n.strays,
	   n.df);
	is_num(n.var, 0.08 * 4 / 7, 1e-9, "and the rest pool as before");
	free_window(at, 3);

	/* A step of 1 against runs 0.3 apart: likelier with a record of that noise, not with a louder one. */
	posterior_init(&p, 8);
	at = window_of(step, 8);
	posterior_update(&p, at);
	bare = posterior_culprit(&p, 5);
	posterior_set_noise(&p, 0.04, 10);
	posterior_update(&p, at);
	quiet = posterior_culprit(&p, 5);
	posterior_set_noise(&p, 4, 10);
	posterior_update(&p, at);
	loud = posterior_culprit(&p, 5);
	ok(quiet > bare + 0.02 && 1 - quiet < (1 - bare) / 5 && loud <= bare,
	   "a record of the same noise makes culprit 5 likelier, a louder one does not (%g, %g, %g)", bare, quiet,
	   loud);
	free_window(at, 8);
	at = window_of(alike, 8);
	posterior_set_noise(&p, 0, 0);
	posterior_update(&p, at);
	bare = p.p_none;
	posterior_set_noise(&p, 0.0004, 10);
	posterior_update(&p, at);
	posterior_summarize(&p, 0.02, 4, 0, POSTERIOR_SURE, &s);
	ok(s.noise_held < 0.01 && fabs(p.p_none - bare) < 0.01,
	   "runs ten times noisier than the record: it does not hold (%g), the answer is as without it (%g, %g)",
	   s.noise_held, p.p_none, bare);
	posterior_set_noise(&p, 0, 0);
	posterior_update(&p, at);
	posterior_summarize(&p, 0.02, 4, 0, POSTERIOR_SURE, &s);
	ok(p.prior_df == 0 && isnan(s.noise_held), "df 0 takes the record away");
	{
		struct posterior_summary lower;

		posterior_summarize(&p, 0.02, 4, 0, 0.999, &lower);
		ok(s.sure == POSTERIOR_SURE && lower.sure == 0.999 && lower.change[1] > s.change[1] &&
			   lower.change[2] < s.change[2] && lower.change[0] == s.change[0],
		   "a lower bar: the same estimate in a narrower interval ([%g, %g] in [%g, %g])", lower.change[1],
		   lower.change[2], s.change[1], s.change[2]);
	}
	posterior_set_noise(&p, INFINITY, 10);
	ok(p.prior_df == 0, "a record whose squares overflowed is none");
	free_window(at, 8);
	posterior_release(&p);
}

static void test_recorded_states(void)
{
	static const char *const states[] = { "1.000 1.020 1.001", "1.019 1.000 1.020", "1.001 1.021 1.000",
					      "1.020 1.019 1.001", "1.000 1.001 1.020", "1.021 1.000 1.020" };
	static const char *const normal[] = { "1.000 1.008 0.995", "1.012 1.001 0.990", "0.996 1.004 1.009",
					      "1.003 0.994 1.011", "0.998 1.007 1.000", "1.005 0.993 1.002" };
	static const char *const aligned[] = { "1.000 1.001", NULL, NULL, "1.0005 0.9995", "1.020 1.0205", NULL,
					       "1.0195 1.020" };
	struct run_noise n;
	struct samples *at;
	struct posterior p;
	double bare;

	at = window_of(states, 5);
	run_noise_pool(&n, at, 6);
	ok(n.states.found && fabs(n.states.gap - 0.0195) < 0.0005 && fabs(n.states.share - 0.5) < 0.01,
	   "runs of two states 2%% apart, mixed within six commits: found (gap %g, share %g, ratio %g)",
	   n.states.gap, n.states.share, n.states.ratio);
	run_noise_pool(&n, at, 2);
	ok(!n.states.found, "two commits of them are too few");
	free_window(at, 5);
	at = window_of(normal, 5);
	run_noise_pool(&n, at, 6);
	ok(!n.states.found, "normal noise of the same spread: no two states (ratio %g)", n.states.ratio);
	free_window(at, 5);

	/* Runs lining up with a split as two states would: "no step" likelier where a record showed states. */
	posterior_init(&p, 6);
	at = window_of(aligned, 6);
	posterior_set_states(&p, 0.02, 0);
	posterior_update(&p, at);
	bare = p.p_none;
	posterior_set_states(&p, 0.02, 0.02);
	posterior_update(&p, at);
	ok(p.p_none > 10 * bare && p.p_none < 1,
	   "a record of two states makes \"no step\" likelier, not sure (%g against %g)", p.p_none, bare);
	posterior_set_states(&p, 0.005, 0.02);
	ok(fabs(p.state_gap - 0.03) < 1e-12, "states recorded 2%% apart reach 3%% at --min-change 0.5%% (%g)", p.state_gap);
	posterior_set_states(&p, 0.005, 0);
	ok(fabs(p.state_gap - 0.01) < 1e-12, "twice --min-change without a record (%g)", p.state_gap);
	free_window(at, 6);
	posterior_release(&p);
}

/* A driver that checks every round: distinct commits, at most jobs, one run each. */
struct checked {
	struct metric_world w;
	size_t jobs, rounds, bad_rounds;
};

static enum run_outcome checked_round(void *data, struct task *tasks, size_t nr)
{
	struct checked *c = data;

	c->rounds++;
	c->bad_rounds += nr > c->jobs;
	for (size_t i = 0; i < nr; i++)
		for (size_t k = 0; k < i; k++)
			c->bad_rounds += tasks[i].pos == tasks[k].pos;
	return metric_world_round(&c->w, tasks, nr);
}

static void test_metric_jobs(void)
{
	size_t bad = 0, named = 0, tries = 0;

	rng_state = 0x2545f4914f6cdd1dULL;
	for (size_t jobs = 2; jobs <= 8; jobs *= 2)
		for (size_t k = 1; k <= 40; k += 3) {
			struct checked c = { { 40, k, 10, 10, 60, NULL }, jobs, 0, 0 };
			struct bisect_judge j;

			bisect_judge_init(&j, 1, 5, 40, NULL, 0);
			j.min_change = 2;
			j.run_round = checked_round;
			j.data = &c;
			c.w.j = &j;
			bisect_judge_search(&j, jobs);
			bad += c.bad_rounds;
			named += j.outcome == BISECT_FOUND && j.b.hi == k;
			tries++;
			bisect_judge_release(&j);
		}
	ok(!bad, "--jobs 2, 4, 8: every round probes distinct commits, at most --jobs (%zu rounds wrong)", bad);
	ok(named == tries, "and names the culprit (%zu of %zu)", named, tries);
}

/* A driver whose commits skip at some positions (the command fails there). */
struct skipping {
	struct metric_world w;
	const unsigned char *skip;
};

static enum run_outcome skipping_round(void *data, struct task *tasks, size_t nr)
{
	struct skipping *s = data;

	for (size_t i = 0; i < nr; i++)
		if (s->skip[tasks[i].pos]) {
			bisect_judge_add_exit(s->w.j, tasks[i].pos, 3);
			s->w.j->at[tasks[i].pos].skip_code = 3;
		}
	return metric_world_round(&s->w, tasks, nr);
}

static void test_metric_skips(void)
{
	unsigned char skip[9] = { 0, 0, 0, 0, 1, 1, 0, 0, 0 };
	struct skipping s = { { 8, 5, 20, 10, 60, NULL }, skip };
	struct bisect_judge j;

	rng_state = 0x9e3779b97f4a7c15ULL;
	bisect_judge_init(&j, 1, 5, 8, NULL, 0);
	j.min_change = 2;
	j.run_round = skipping_round;
	j.data = &s;
	s.w.j = &j;
	is_int(bisect_judge_search(&j, 1), 0, "skipped commits: the search ends");
	is_int(j.outcome, BISECT_ONLY_SKIPPED, "the culprit hides among skipped commits");
	ok(j.b.lo == 3 && j.b.hi == 6, "one of 4..6: %zu..%zu", j.b.lo + 1, j.b.hi);
	bisect_judge_release(&j);
}

/* A driver that replays each commit's runs in turn, from the first again when they run out. */
struct replay {
	struct bisect_judge *j;
	const double *const *runs;	/* by position, ending in NAN */
	size_t next[16];
};

static enum run_outcome replay_round(void *data, struct task *tasks, size_t nr)
{
	struct replay *r = data;

	for (size_t i = 0; i < nr; i++)
		while (bisect_judge_wants_more(r->j, &tasks[i])) {
			size_t pos = tasks[i].pos;

			if (isnan(r->runs[pos][r->next[pos]]))
				r->next[pos] = 0;
			bisect_judge_add_exit(r->j, pos, 0);
			samples_add(&r->j->values[pos], r->runs[pos][r->next[pos]++]);
		}
	return RUN_COUNTED;
}

static void replay_search(struct bisect_judge *j, const double *const *runs, size_t nr)
{
	struct replay r = { j, runs, { 0 } };

	bisect_judge_init(j, 1, 5, nr, NULL, 0);
	j->min_change = 2;
	j->run_round = replay_round;
	j->data = &r;
	bisect_judge_search(j, 1);
}

/*
 * A commit next to the step at a level of its own: its runs cannot tell
 * whether the step is at it or after it, but it is the first commit off
 * the good level either way, and it is named so (it ran to the cap,
 * undecided, before). Strays that land off both levels are not a level of
 * their own: three of them at the commit before the culprit never name it.
 */
static void test_metric_odd_neighbour(void)
{
	static const double good[] = { 10, 10.01, 9.99, 10.02, 9.98, NAN }, bad[] = { 8, 8.01, 7.99, 8.02, 7.98, NAN };
	static const double odd[] = { 100, 100.5, 99.6, NAN }, strays[] = { 60, 150, 95, NAN };
	const double *tight[] = { good, good, good, good, odd, bad, bad, bad, bad };
	const double *scattered[] = { good, good, good, good, strays, bad, bad, bad, bad };
	struct bisect_judge j;
	size_t runs = 0;

	replay_search(&j, tight, 8);
	for (size_t p = 0; p <= 8; p++)
		runs += j.values[p].nr;
	ok(j.outcome == BISECT_FOUND && j.b.hi == 4 && j.culprit_off_level && j.culprit_p >= POSTERIOR_SURE,
	   "a commit at a level of its own next to the step: named the first off the good level (%zu, p %g, %zu runs)",
	   j.b.hi, j.culprit_p, runs);
	ok(runs < j.max_runs, "before the run cap (%zu of %zu)", runs, j.max_runs);
	bisect_judge_release(&j);
	replay_search(&j, scattered, 8);
	ok(!(j.outcome == BISECT_FOUND && j.b.hi == 4), "three strays off both levels there: not named (outcome %d, %zu)",
	   j.outcome, j.b.hi);
	bisect_judge_release(&j);
}

/*
 * The good end's one run sits at its level (100), the odd commit after the
 * culprit (3 at 90) at 120 with a stray among its runs: the fit took 120
 * for the good side's level, widened its noise by the stray until the
 * end's run lay within ten noise units, and named commit 5 (the
 * simulation's search of seed 1003548). The boundary's last good commit
 * must measure like the good end, in the noise within commits: the end
 * runs again, and the culprit is found.
 */
static void test_metric_end_defines_level(void)
{
	static const double good[] = { 99.9, 100.3, 99.6, 100.2, 99.8, 100.1, NAN };
	static const double bad[] = { 90.8, 90.1, 89.6, 90.4, 89.2, 90.2, NAN };
	static const double end[] = { 89.1, 90.3, 89.7, 90.6, 89.4, NAN }, at5[] = { 87.8, 89.3, 90.5, 89.9, NAN };
	static const double odd[] = { 126.6, 118.7, 120.2, 121.3, 121.7, 118.5, 120.4, 119.6, NAN };
	const double *window[] = { good, good, good, bad, odd, at5, bad, bad, bad, bad, bad, bad, bad, bad, bad, end };
	struct bisect_judge j;

	replay_search(&j, window, 15);
	ok(j.outcome != BISECT_FOUND || j.b.hi == 3, "a commit at 120 after the culprit: no later commit named (outcome %d, %zu)",
	   j.outcome, j.b.hi);
	ok(j.values[0].nr > 1, "the good end ran again (%zu runs)", j.values[0].nr);
	bisect_judge_release(&j);
}

/*
 * The policy over generated sequences: windows of 2..38 commits, every
 * culprit, both directions, steps of 3 to 20 times the noise, 3% outliers
 * of +10..60 (the full benchmark is bench/metric-bisect.c).
 */
static void test_metric_sequences(void)
{
	static const double steps[] = { 3, 5, 10, 20 };
	size_t named[4] = { 0 }, tries[4] = { 0 }, wrong = 0, runs = 0, probes = 0;

	rng_state = 0x9e3779b97f4a7c15ULL;
	for (size_t s = 0; s < 4; s++)
		for (size_t nr = 2; nr <= 38; nr += 4)
			for (size_t k = 1; k <= nr; k++)
				for (int sign = 0; sign < 2; sign++) {
					struct metric_world w = { nr, k, sign ? -steps[s] : steps[s], 10, 60, NULL };
					size_t got, r;

					metric_world_search(&w, 1, &got, &r);
					wrong += got && got != k;
					named[s] += got == k;
					tries[s]++;
					runs += s == 1 ? r : 0;
					probes += s == 1 ? ceil_log(2, nr) : 0;
				}
	ok(!wrong, "no wrong culprit over %zu generated sequences: %zu wrong",
	   tries[0] + tries[1] + tries[2] + tries[3], wrong);
	ok(named[1] * 100 >= tries[1] * 99, "steps of 5x the noise: at least 99%% named (%zu/%zu)", named[1], tries[1]);
	ok(named[2] * 1000 >= tries[2] * 999, "steps of 10x: at least 99.9%% named (%zu/%zu)", named[2], tries[2]);
	ok(named[3] * 1000 >= tries[3] * 999, "steps of 20x: at least 99.9%% named (%zu/%zu)", named[3], tries[3]);
	diag("named by step 3 5 10 20x: %zu %zu %zu %zu of %zu each; 5x: %.2f runs a run of git bisect", named[0],
	     named[1], named[2], named[3], tries[0], (double)runs / (double)probes);
}

/* --metric-pattern: the first group of the last line that matches, or why not. */
static void test_metric_pattern(void)
{
	const char *out = "warmup latency: 9 ms\nlatency: 0.99 ms\r\nlatency: n/a\nlatency: 1.5 ms\r\ndone\n";
	struct strbuf value = STRBUF_INIT, err = STRBUF_INIT;
	size_t cut = strstr(out, "\nlatency: 1.5") - out;	/* up to "latency: n/a" */
	struct metric_pattern mp;

	is_int(metric_pattern_init(&mp, "^latency: ([0-9.]+) ms$", &err), 0, "metric pattern compiles");
	is_int(metric_pattern_find(&mp, out, strlen(out), &value, &err), PATTERN_GROUP, "a line matches");
	is_str(value.buf, "1.5", "the last matching line's group, its \\r left out");
	strbuf_reset(&value);
	is_int(metric_pattern_find(&mp, out, cut, &value, &err), PATTERN_GROUP, "out cut short");
	is_str(value.buf, "0.99", "the last line that matches within it");
	strbuf_reset(&value);
	is_int(metric_pattern_find(&mp, "done", 4, &value, &err), PATTERN_NO_LINE, "no line matches");
	metric_pattern_release(&mp);

	metric_pattern_init(&mp, "latency: ([0-9.]+)?", &err);
	is_int(metric_pattern_find(&mp, out, cut, &value, &err), PATTERN_NO_GROUP,
	       "the last matching line decides even when its group took no part");
	is_str(value.buf, "latency: n/a", "the line then, to quote");
	is_str(err.buf, "", "and nothing said");
	strbuf_reset(&value);
	metric_pattern_release(&mp);

	metric_pattern_init(&mp, "(*LIMIT_MATCH=20)^(\\w+\\s?)*$", &err);
	is_int(metric_pattern_find(&mp, "ok\nShare layout helpers (#2874)", 31, &value, &err), PATTERN_ERROR,
	       "a match limit");
	is_str(err.buf, "cannot match the metric pattern '(*LIMIT_MATCH=20)^(\\w+\\s?)*$': match limit exceeded",
	       "is no answer: said so");
	metric_pattern_release(&mp);

	strbuf_reset(&err);
	is_int(metric_pattern_init(&mp, "latency: ([0-9.]+", &err), -1, "a bad metric pattern");
	is_str(err.buf, "invalid metric pattern 'latency: ([0-9.]+': missing closing parenthesis at offset 17",
	       "PCRE2's message with its offset");
	metric_pattern_release(&mp);
	strbuf_release(&value);
	strbuf_release(&err);
}

int main(void)
{
	test_every_culprit();
	test_mean_rounds();
	test_ends();
	test_skips();
	test_contradicts();
	test_slice_first();
	test_exits();
	test_student_t();
	test_posterior();
	test_recorded_noise();
	test_recorded_states();
	test_metric_jobs();
	test_metric_skips();
	test_metric_odd_neighbour();
	test_metric_end_defines_level();
	test_metric_sequences();
	test_metric_pattern();
	return done_testing();
}
