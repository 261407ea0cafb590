/* The result of `git benchbisect run` as text. */
#include <math.h>
#include <stdlib.h>
#include "util/number.h"
#include "util/quote.h"
#include "report/report-options.h"
#include "report/bisect-text.h"

/*
 * A relative change in percent, 0 where --json rounds it to 0 (4
 * decimals): a constant metric's step of 1e-38 is float dust, not
 * "+9.4e-36%".
 */
static double pct_as_json(double frac)
{
	return number_tidy(100 * frac, 4);
}

/* A probability as a percentage of 4 significant digits, never "100%" under 1. */
static void print_sure_pct(FILE *fp, double p)
{
	char buf[NUMBER_PCT_SIZE];

	fprintf(fp, "%s%%", number_pct(buf, p, 'g', 4));
}

/*
 * "+2.86% (99.98% interval +2.01% to +3.70%)" of a relative change and its
 * interval, which leaves 1 - sure out of each side.
 */
static void print_change(FILE *fp, const struct posterior_summary *s)
{
	const double *change = s->change;
	double sure = s->sure;
	char buf[NUMBER_FIXED_SIZE];

	if (isnan(change[0])) {
		fprintf(fp, s->change_unmeasured ? "no percentage yet (no noise measured: one run a side)" :
			"no percentage (the good level is 0 within its interval)");
		return;
	}
	fprintf(fp, "%s%% (", number_fixed(buf, pct_as_json(change[0]), 3, 1));
	print_sure_pct(fp, 1 - 2 * (1 - sure));
	fprintf(fp, " interval %s%%", number_fixed(buf, pct_as_json(change[1]), 3, 1));
	fprintf(fp, " to %s%%)", number_fixed(buf, pct_as_json(change[2]), 3, 1));
}

/* --metric, found: the step, its levels and how sure the culprit is. */
static void print_step(FILE *fp, const struct bisect_result *res)
{
	const struct posterior_summary *s = &res->m.post;

	fprintf(fp, "the step: %.6g -> %.6g, ", s->good[0], s->bad[0]);
	print_change(fp, s);
	if (res->m.culprit_p < 0.999999)
		fprintf(fp, "; probability %.4f%%", 100 * res->m.culprit_p);
	else
		fprintf(fp, "; probability over 99.9999%%");
	/* Its runs cannot tell which side of the step it is on (bisect-judge.c's off_level_pair()). */
	if (res->m.culprit_off_level)
		fprintf(fp, " that it is the first commit off the good level; it measures neither, "
			"and the first at the bad level is %.*s", res->abbrev, bisect_result_sha(res, res->culprit + 1));
	fputc('\n', fp);
}

/*
 * --metric, undecided: why, the likeliest answers, what the ends
 * measured, what would settle it. A commit over the bar waits for the
 * search's other conditions (bisect-judge.c's unsettled()): the runs a
 * culprit needs, or an end whose runs lie off its side's level.
 */
static void print_undecided(FILE *fp, const struct bisect_result *res)
{
	const struct posterior_summary *s = &res->m.post;
	char buf[NUMBER_PCT_SIZE];
	int none_said = 0;

	fprintf(fp, "undecided after %zu run%s (at most %zu): ", res->runs, res->runs == 1 ? "" : "s",
		res->m.max_runs);
	if (s->nr_top && s->top_p[0] >= s->sure) {
		fprintf(fp, "one commit is over the ");
		print_sure_pct(fp, s->sure);
		fprintf(fp, s->rule_runs ? " bar, but short of the runs a culprit needs (two at it and at its parent, "
			"three on each side of their boundary)" : " bar, but an end's runs lie off the level of its side");
	} else {
		fprintf(fp, "no answer is ");
		print_sure_pct(fp, s->sure);
		fprintf(fp, " sure");
	}
	fprintf(fp, "; the likeliest:\n");
	for (size_t i = 0; i <= s->nr_top; i++) {
		if (!none_said && (i == s->nr_top || s->p_none >= s->top_p[i])) {
			none_said = 1;
			if (s->p_none >= 0.0005)
				fprintf(fp, "  %5s%% no step in the window\n", number_pct(buf, s->p_none, 'f', 1));
		}
		if (i < s->nr_top && s->top_p[i] >= 0.0005)
			fprintf(fp, "  %5s%% %s %s\n", number_pct(buf, s->top_p[i], 'f', 1),
				bisect_result_sha(res, s->top[i]), quote_term(bisect_result_subject(res, s->top[i])));
	}
	fprintf(fp, "the bad end measures ");
	print_change(fp, s);
	if (res->m.nr_off_level)
		fprintf(fp, " against the good end; more runs may not settle it: a commit measures neither level\n");
	else if (!s->more_runs)
		fprintf(fp, " against the good end; the runs so far cannot tell how many more would settle it (--repeat)\n");
	else
		fprintf(fp, " against the good end; about %zu more run%s would likely settle it (--repeat)\n",
			s->more_runs, s->more_runs == 1 ? "" : "s");
}

void bisect_result_print(FILE *fp, const struct bisect_result *res)
{
	char buf[NUMBER_FIXED_SIZE];

	switch (res->outcome) {
	case BISECT_FOUND:
		fprintf(fp, "first bad commit: %s %s\n", bisect_result_sha(res, res->culprit),
			quote_term(bisect_result_subject(res, res->culprit)));
		if (res->metric)
			print_step(fp, res);
		break;
	case BISECT_NOT_REPRODUCED:
		if (!res->metric) {
			fprintf(fp, "no first bad commit: the bad end %.*s tested good\n", res->abbrev,
				bisect_result_sha(res, res->nr));
			break;
		}
		fprintf(fp, "no first bad commit: the bad end %.*s measures like the good end within %s%%: ",
			res->abbrev, bisect_result_sha(res, res->nr), number_fixed(buf, res->m.min_change, 3, 0));
		print_change(fp, &res->m.post);
		fputc('\n', fp);
		break;
	case BISECT_GOOD_END_BAD:
		fprintf(fp, "no first bad commit in the window: the good end %.*s tested bad, so the move is older\n",
			res->abbrev, bisect_result_sha(res, 0));
		break;
	case BISECT_EMPTY:
		fprintf(fp, "no first bad commit: the window is empty, both ends are %.*s\n",
			res->abbrev, res->w.first_bad.sha);
		break;
	case BISECT_ONLY_SKIPPED:
		/* One candidate: the bad end, skipped, over a good commit. */
		fputs(res->nr_candidates == 1 ? "no first bad commit: the only candidate, the bad end, was skipped:\n" :
		      "no single first bad commit: skipped commits hide it; it is one of:\n", fp);
		for (size_t i = 0; i < res->nr_candidates; i++)
			fprintf(fp, "  %s %s\n", bisect_result_sha(res, res->candidates[i]),
				quote_term(bisect_result_subject(res, res->candidates[i])));
		break;
	case BISECT_UNDECIDED:
		print_undecided(fp, res);
		break;
	case BISECT_TEST:
		break;
	}
	for (size_t i = 0; res->metric && i < res->m.nr_off_level; i++) {
		size_t pos = res->m.off_level[i];

		fprintf(fp, "neither level: %.*s measured %.6g (median of %zu run%s; the levels %.6g and %.6g), "
			"so the window may hold a second change: %s\n", res->abbrev, bisect_result_sha(res, pos),
			samples_median(&res->m.values[pos]), res->m.values[pos].nr,
			res->m.values[pos].nr == 1 ? "" : "s", res->m.post.good[0], res->m.post.bad[0],
			quote_term(bisect_result_subject(res, pos)));
	}
	/* No culprit, and the runs read as two states at any commit: say so, it is what was measured. */
	if (res->metric && res->outcome != BISECT_FOUND && res->m.post.p_states >= 0.5)
		fprintf(fp, "two states: the runs fit %.6g and %.6g (%s%%) at any commit, %.1f%% likely\n",
			res->m.post.states[0], res->m.post.states[1],
			number_fixed(buf, 100 * (res->m.post.states[1] / res->m.post.states[0] - 1), 3, 1),
			100 * res->m.post.p_states);
	if (res->metric && res->m.recorded.df > 0 && isfinite(res->m.post.noise_held)) {
		fprintf(fp, "recorded noise: %.4g a run (%zu runs over %zu other commit%s), %.1f%% likely to hold here",
			sqrt(res->m.recorded.var), res->m.recorded.runs, res->m.recorded.commits,
			res->m.recorded.commits == 1 ? "" : "s", 100 * res->m.post.noise_held);
		run_states_print(fp, &res->m.recorded.states);
		fputc('\n', fp);
	}
	fprintf(fp, "%zu run%s over %zu commit%s", res->runs, res->runs == 1 ? "" : "s", res->tested,
		res->tested == 1 ? "" : "s");
	if (res->recorded_runs)
		fprintf(fp, ", %zu of them recorded in %s", res->recorded_runs, res->notes_ref);
	fputc('\n', fp);
}
