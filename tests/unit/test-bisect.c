#include <math.h>
#include <stdlib.h>
#include "tap.h"
#include "bisect/bisect.h"

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

/* Run the search to its end; *verdicts counts the tests. */
static enum bisect_status search(struct bisect *b, const struct oracle *o, size_t *verdicts)
{
	enum bisect_status st;
	size_t pos;

	*verdicts = 0;
	while ((st = bisect_next(b, &pos)) == BISECT_TEST) {
		bisect_mark(b, pos, ask(o, pos));
		if (++*verdicts > 2 * b->nr + 2)
			break;
	}
	return st;
}

static size_t ceil_log2(size_t n)
{
	size_t k = 0;

	while (((size_t)1 << k) < n)
		k++;
	return k;
}

static void test_every_culprit(void)
{
	int all_found = 1, within = 1;
	size_t worst_over = 0;

	for (size_t n = 1; n <= 40; n++) {
		for (size_t k = 1; k <= n; k++) {
			struct oracle o = { k, NULL };
			struct bisect b;
			size_t verdicts, bound = n == 1 ? 2 : ceil_log2(n) + 1;
			enum bisect_status st;

			bisect_init(&b, n, NULL, 0);
			st = search(&b, &o, &verdicts);
			if (st != BISECT_FOUND || b.hi != k)
				all_found = 0;
			if (verdicts > bound) {
				within = 0;
				worst_over = verdicts - bound;
			}
			bisect_release(&b);
		}
	}
	ok(all_found, "every culprit of windows of 1..40 commits is found");
	ok(within, "within ceil(log2 N) + 1 verdicts (over by %zu)", worst_over);
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
	size_t verdicts, pos;

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
	is_int(bisect_next(&b, &pos), BISECT_TEST, "after a skip at the middle");
	is_int(pos, 1, "the neighbour below when the one above is the end");
	bisect_release(&b);
}

static void test_slice_first(void)
{
	unsigned char slice[9] = { 0 };
	struct oracle o = { 6, NULL };
	struct bisect b;
	size_t verdicts, pos;

	slice[6] = 1;
	bisect_init(&b, 8, slice, 1);
	is_int(bisect_next(&b, &pos), BISECT_TEST, "slice first");
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
	const double good_v[] = { 1.00, 1.02, 0.98 }, bad_v[] = { 0.80, 0.79, 0.81 };
	const double unclear_v[] = { 0.92, 0.85, 0.93 }, more_v[] = { 0.99, 1.00, 0.98 };
	const double outlier_v[] = { 0.81, 0.30, 0.79 }, flat_v[] = { 1.0, 0.9, 1.1 };
	struct samples good = { 0 }, bad = { 0 }, c = { 0 }, flat = { 0 };

	fill(&good, good_v, 3);
	fill(&bad, bad_v, 3);
	fill(&flat, flat_v, 3);
	is_num(samples_median(&good), 1.0, 1e-12, "median");
	ok(isnan(samples_median(&c)), "median of nothing is NAN");
	ok(metric_separated(&good, &bad), "ends 1.0 and 0.8 differ");
	ok(!metric_separated(&good, &flat), "ends 1.0 and 1.0 +- 0.1 do not");

	fill(&c, unclear_v, 3);
	is_int(judge_metric(&good, &bad, &c), JUDGE_UNKNOWN, "0.92 near the midpoint: unknown");
	fill(&c, more_v, 3);
	is_int(judge_metric(&good, &bad, &c), JUDGE_GOOD, "a second round decides: good");
	samples_release(&c);
	fill(&c, outlier_v, 3);
	is_int(judge_metric(&good, &bad, &c), JUDGE_BAD, "one outlier does not mislead: bad");
	samples_release(&c);

	is_int(judge_exits(3, 0), JUDGE_GOOD, "all runs good");
	is_int(judge_exits(0, 2), JUDGE_BAD, "all runs bad");
	is_int(judge_exits(2, 1), JUDGE_UNKNOWN, "runs disagree");
	samples_release(&good);
	samples_release(&bad);
	samples_release(&flat);
}

int main(void)
{
	test_every_culprit();
	test_ends();
	test_skips();
	test_slice_first();
	test_judges();
	return done_testing();
}
