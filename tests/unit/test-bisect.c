#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "tap.h"
#include "noise.h"
#include "util/usage.h"
#include "bisect/bisect.h"
#include "bisect/bisect-judge.h"

/* A TAP comment: figures worth reading, not asserted. */
#define diag(...) (printf("# "), printf(__VA_ARGS__), printf("\n"))

/* An oracle: positions >= first_bad are bad; skip[] are untestable. */
struct oracle {
	size_t first_bad;
	const unsigned char *skip;
};

static enum bisect_mark ask(const struct oracle *o, size_t pos)
{
	if (o->skip && o->skip[pos])
		return MARK_SKIP;
	return pos >= o->first_bad ? MARK_BAD : MARK_GOOD;
}

/* Run the search to its end with jobs tests a round; *verdicts counts the tests, *rounds the rounds. */
static enum bisect_status search_jobs(struct bisect *b, const struct oracle *o, size_t jobs,
				      size_t *verdicts, size_t *rounds)
{
	enum bisect_status st;
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

static enum bisect_status search(struct bisect *b, const struct oracle *o, size_t *verdicts)
{
	size_t rounds;

	return search_jobs(b, o, 1, verdicts, &rounds);
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
				enum bisect_status st;

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

	bisect_init(&b, 8, NULL, 0);
	is_int(search(&b, &none, &verdicts), BISECT_NOT_REPRODUCED, "a good bad end: not reproduced");
	is_int(verdicts, 4, "found out after log2(8) + 1 verdicts");
	is_int(b.mark[8], MARK_GOOD, "the bad end was tested");
	bisect_release(&b);

	bisect_init(&b, 8, NULL, 0);
	is_int(search(&b, &older, &verdicts), BISECT_GOOD_END_BAD, "a bad good end: the move is older");
	is_int(b.mark[0], MARK_BAD, "the good end was tested");
	bisect_release(&b);

	bisect_init(&b, 1, NULL, 0);
	{
		struct oracle one = { 1, NULL };

		is_int(search(&b, &one, &verdicts), BISECT_FOUND, "a one-commit window");
		is_int(verdicts, 2, "tests both ends before naming it");
	}
	bisect_release(&b);

	bisect_init(&b, 4, NULL, 0);
	bisect_mark(&b, 0, MARK_GOOD);
	bisect_mark(&b, 4, MARK_BAD);
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
	bisect_init(&b, 8, NULL, 0);
	is_int(search(&b, &o, &verdicts), BISECT_FOUND, "a skipped middle: a neighbour instead");
	is_int(b.hi, 6, "the culprit");
	is_int(b.mark[4], MARK_SKIP, "the skipped commit is marked");
	bisect_release(&b);

	skip[4] = 0;
	skip[6] = 1;
	bisect_init(&b, 8, NULL, 0);
	is_int(search(&b, &o, &verdicts), BISECT_ONLY_SKIPPED, "a skipped culprit hides");
	ok(b.lo == 5 && b.hi == 7, "between 5 (good) and 7 (bad): %zu..%zu", b.lo, b.hi);
	bisect_release(&b);

	/* Everything inside skipped: the bad end and the good end still decide nothing. */
	for (size_t i = 1; i < 8; i++)
		skip[i] = 1;
	bisect_init(&b, 8, NULL, 0);
	is_int(search(&b, &o, &verdicts), BISECT_ONLY_SKIPPED, "all skipped");
	is_int(b.mark[8], MARK_BAD, "the bad end was tested");
	is_int(b.mark[0], MARK_GOOD, "the good end was tested");
	bisect_release(&b);

	bisect_init(&b, 3, NULL, 0);
	bisect_mark(&b, 2, MARK_SKIP);
	is_int(bisect_next_round(&b, 1, &pos, &nr), BISECT_TEST, "after a skip at the middle");
	is_int(pos, 1, "the neighbour below when the one above is the end");
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

	bisect_init(&b, 8, slice, 1);
	is_int(search(&b, &o, &verdicts), BISECT_FOUND, "a lone slice culprit");
	is_int(verdicts, 2, "is found in two verdicts (it, then its parent)");
	bisect_release(&b);

	o.first_bad = 3;
	bisect_init(&b, 8, slice, 1);
	is_int(search(&b, &o, &verdicts), BISECT_FOUND, "a culprit outside the slice");
	is_int(b.hi, 3, "is still found");
	bisect_release(&b);
}

static void fill(struct samples *s, const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		samples_add(s, v[i]);
}

static void test_judges(void)
{
	const double good_v[] = { 1.00, 1.02, 0.98, 1.01, 0.99 }, bad_v[] = { 0.80, 0.79, 0.81, 0.80, 0.81 };
	const double unclear_v[] = { 0.92, 0.85, 0.93 }, more_v[] = { 0.99, 1.00, 0.98 };
	const double outlier_v[] = { 0.81, 0.30, 0.79 }, flat_v[] = { 1.0, 0.9, 1.1 };
	struct samples good = { 0 }, bad = { 0 }, c = { 0 }, flat = { 0 };

	fill(&good, good_v, 5);
	fill(&bad, bad_v, 5);
	fill(&flat, flat_v, 3);
	is_num(samples_median(&good), 1.0, 1e-12, "median");
	ok(isnan(samples_median(&c)), "median of nothing is NAN");
	ok(metric_separated(&good, &bad), "ends 1.0 and 0.8 differ");
	ok(!metric_separated(&good, &flat), "ends 1.0 and 1.0 +- 0.1 do not");

	fill(&c, unclear_v, 3);
	is_int(judge_metric(&good, &bad, &c), JUDGE_UNKNOWN, "0.92 near the midpoint: unknown");
	samples_release(&c);
	fill(&c, more_v, 3);
	is_int(judge_metric(&good, &bad, &c), JUDGE_GOOD, "three runs at the good end: good");
	samples_release(&c);
	fill(&c, outlier_v, 3);
	is_int(judge_metric(&good, &bad, &c), JUDGE_UNKNOWN, "one outlier of three: not yet");
	samples_add(&c, 0.80);
	samples_add(&c, 0.81);
	is_int(judge_metric(&good, &bad, &c), JUDGE_BAD, "outvoted by two more runs: bad");
	samples_release(&c);
	samples_add(&c, 0.30);
	is_int(judge_metric(&good, &bad, &c), JUDGE_UNKNOWN, "one run far from both ends: unknown");
	samples_release(&c);
	samples_add(&c, 0.99);
	is_int(judge_metric(&good, &bad, &c), JUDGE_GOOD, "one run at the good end: good at once");
	samples_release(&c);

	is_int(judge_exits(1, 0, 1), JUDGE_GOOD, "one run of one: good");
	is_int(judge_exits(0, 2, 3), JUDGE_BAD, "two bad of at most three: decided");
	is_int(judge_exits(1, 1, 3), JUDGE_UNKNOWN, "one each of three: a third run decides");
	is_int(judge_exits(2, 2, 4), JUDGE_UNKNOWN, "a tie at the limit: unknown");
	samples_release(&good);
	samples_release(&bad);
	samples_release(&flat);
}


/* A benchmark run: level 100 (+ step from the culprit on), noise 1, 3% outliers of +10..60. */
struct bench {
	size_t culprit;
	double step;
	size_t runs;
	struct bisect_judge *j;		/* the judge it runs for */
};

static double measure(struct bench *bn, size_t pos)
{
	bn->runs++;
	return noisy_run(100 + (pos >= bn->culprit ? bn->step : 0), 0.03);
}

/* The judge's driver over simulated runs: each task run until the judge wants no more. */
static enum run_outcome simulated_round(void *data, struct task *tasks, size_t nr, enum round_kind kind)
{
	struct bench *bn = data;

	(void)kind;
	for (size_t i = 0; i < nr; i++) {
		while (bisect_judge_wants_more(bn->j, &tasks[i])) {
			bisect_judge_add_exit(bn->j, tasks[i].pos, 0);
			samples_add(&bn->j->values[tasks[i].pos], measure(bn, tasks[i].pos));
		}
	}
	return RUN_COUNTED;
}

/*
 * The policy of bisect-judge.c, bisect_judge_search() itself, over
 * simulated runs, at most max a commit. Returns the culprit, 0 when none
 * was named.
 */
static size_t simulate(struct bench *bn, size_t nr, size_t jobs, size_t max)
{
	struct bisect_judge j;
	enum bisect_status st;
	size_t found;

	bisect_judge_init(&j, 1, max, nr, NULL, 0);
	j.run_round = simulated_round;
	j.data = bn;
	bn->j = &j;
	found = bisect_judge_search(&j, jobs, &st) == CONFIRMED && st == BISECT_FOUND ? j.b.hi : 0;
	bisect_judge_release(&j);
	return found;
}

/*
 * Every culprit position in windows of 2..38 commits, both directions,
 * steps of 1-20x the noise with 3% outliers; jobs 0: 1 to 4 by position.
 * Counts the sequences, the culprits named, the wrong ones, the runs, and
 * the runs `git bisect run` with a perfect threshold would take.
 */
struct sweep {
	size_t tries, named, wrong, runs, bisect_runs;
};

static void sweep(struct sweep *out, double step, size_t jobs)
{
	memset(out, 0, sizeof(*out));
	for (size_t nr = 2; nr <= 40; nr += 3) {
		for (size_t k = 1; k <= nr; k++) {
			for (size_t sign = 0; sign < 2; sign++) {
				struct bench bn = { k, sign ? -step : step, 0, NULL };
				size_t got = simulate(&bn, nr, jobs ? jobs : 1 + (k % 4), 5);

				out->tries++;
				out->wrong += got && got != k;
				out->named += got == k;
				out->runs += bn.runs;
				out->bisect_runs += ceil_log(2, nr);
			}
		}
	}
}

static void test_metric_sequences(void)
{
	static const double steps[] = { 1, 2, 3, 5, 7, 10, 20 };
	struct sweep sw[7], one[7];
	size_t wrong = 0, tries = 0;

	rng_state = 0x9e3779b97f4a7c15ULL;
	for (size_t s = 0; s < 7; s++) {
		sweep(&sw[s], steps[s], 0);
		sweep(&one[s], steps[s], 1);
		wrong += sw[s].wrong + one[s].wrong;
		tries += sw[s].tries + one[s].tries;
	}
	ok(!wrong, "no wrong culprit over %zu generated sequences (steps 1-20x the noise, 3%% outliers): %zu wrong",
	   tries, wrong);
	/* Power, pinned where it stands so a change that loses some shows. */
	ok(sw[6].named * 100 >= sw[6].tries * 90, "steps of 20x the noise: at least 90%% named (%zu/%zu)",
	   sw[6].named, sw[6].tries);
	ok(sw[5].named * 100 >= sw[5].tries * 80, "steps of 10x the noise: at least 80%% named (%zu/%zu)",
	   sw[5].named, sw[5].tries);
	ok(sw[4].named * 100 >= sw[4].tries * 50, "steps of 7x the noise: at least 50%% named (%zu/%zu)",
	   sw[4].named, sw[4].tries);
	diag("culprits named by step 1 2 3 5 7 10 20x: %zu %zu %zu %zu %zu %zu %zu of %zu each",
	     sw[0].named, sw[1].named, sw[2].named, sw[3].named, sw[4].named, sw[5].named, sw[6].named,
	     sw[0].tries);
	diag("one job, culprits named by step 1 2 3 5 7 10 20x: %zu %zu %zu %zu %zu %zu %zu of %zu each",
	     one[0].named, one[1].named, one[2].named, one[3].named, one[4].named, one[5].named, one[6].named,
	     one[0].tries);
	diag("one job, runs per run of git bisect with a perfect threshold, steps 5 7 10 20x: %.2f %.2f %.2f %.2f",
	     (double)one[3].runs / (double)one[3].bisect_runs, (double)one[4].runs / (double)one[4].bisect_runs,
	     (double)one[5].runs / (double)one[5].bisect_runs, (double)one[6].runs / (double)one[6].bisect_runs);
	diag("1-4 jobs, the same: %.2f %.2f %.2f %.2f",
	     (double)sw[3].runs / (double)sw[3].bisect_runs, (double)sw[4].runs / (double)sw[4].bisect_runs,
	     (double)sw[5].runs / (double)sw[5].bisect_runs, (double)sw[6].runs / (double)sw[6].bisect_runs);
}

int main(void)
{
	test_every_culprit();
	test_mean_rounds();
	test_ends();
	test_skips();
	test_slice_first();
	test_judges();
	test_metric_sequences();
	return done_testing();
}
