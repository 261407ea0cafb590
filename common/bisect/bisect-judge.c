/*
 * The policy of `git benchbisect run`: what the runs at a commit say,
 * how many it gets, and the confirmation of an outcome before a culprit
 * is named. The statistics are in bisect.c.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "bisect/bisect.h"
#include "bisect/bisect-judge.h"

void bisect_judge_init(struct bisect_judge *j, int metric, size_t repeat, size_t nr,
		       const unsigned char *slice, int slice_first)
{
	memset(j, 0, sizeof(*j));
	j->metric = metric;
	j->repeat = repeat;
	j->nr = nr;
	j->at = xcalloc(nr + 1, sizeof(*j->at));
	j->values = xcalloc(nr + 1, sizeof(*j->values));
	for (size_t p = 0; p <= nr; p++)
		j->at[p].skip_code = -1;
	bisect_init(&j->b, nr, slice, slice_first);
}

void bisect_judge_release(struct bisect_judge *j)
{
	for (size_t p = 0; j->at && p <= j->nr; p++) {
		free(j->at[p].exits);
		samples_release(&j->values[p]);
	}
	free(j->at);
	free(j->values);
	bisect_release(&j->b);
	memset(j, 0, sizeof(*j));
}

/*
 * --metric: the sequential test against the levels and noise of every
 * other run of the search (metric_fit, the ends fitted with their own
 * runs: they make their side), else, while searching, the lean of the
 * nearer level (metric_nearer). A lean is confirmed before a culprit is
 * named (confirm()).
 */
static enum judgement judge_at(const struct bisect_judge *j, size_t pos)
{
	size_t nr = j->nr;
	struct metric_fit f;
	enum judgement v;

	metric_fit(&f, j->values, j->b.mark, nr, j->b.lo, j->b.hi, pos == 0 || pos == nr ? SIZE_MAX : pos);
	v = metric_judge(&f, &j->values[pos]);
	if (v == JUDGE_UNKNOWN && !j->confirming)
		v = metric_nearer(&f, &j->values[pos]);
	return v;
}

enum step_verdict bisect_judge_verdict(const struct bisect_judge *j, size_t pos)
{
	const struct pos_runs *r = &j->at[pos];
	enum judgement v;

	if (r->skip_code >= 0)
		return STEP_SKIP;
	v = j->metric ? judge_at(j, pos) : judge_exits(r->nr_good, r->nr_bad, j->repeat);
	if (v == JUDGE_UNKNOWN && j->metric && (pos == 0 || pos == j->nr))
		return STEP_ALIKE;	/* an end that fits neither level */
	return v == JUDGE_GOOD ? STEP_GOOD : v == JUDGE_BAD ? STEP_BAD : STEP_UNCLEAR;
}

int bisect_judge_wants_more(const struct bisect_judge *j, const struct task *t)
{
	const struct pos_runs *r = &j->at[t->pos];
	size_t runs = j->metric ? j->values[t->pos].nr : r->nr_good + r->nr_bad;
	enum step_verdict v;

	if (r->skip_code >= 0 || r->nr_exits >= t->max_runs + (size_t)r->retried)
		return 0;
	if (runs < t->min_runs)
		return 1;
	v = t->adaptive ? bisect_judge_verdict(j, t->pos) : STEP_GOOD;
	return v == STEP_UNCLEAR || v == STEP_ALIKE;
}

enum bisect_mark bisect_judge_mark_of(enum step_verdict v)
{
	return v == STEP_GOOD ? MARK_GOOD : v == STEP_BAD ? MARK_BAD : MARK_SKIP;
}

void bisect_judge_add_exit(struct bisect_judge *j, size_t pos, int code)
{
	struct pos_runs *r = &j->at[pos];

	ALLOC_GROW(r->exits, r->nr_exits + 1, r->alloc_exits);
	r->exits[r->nr_exits++] = code;
}

/*
 * Run the positions in one round, each to min_runs, then (adaptive:
 * "confirm" steps) while unclear, at most --repeat; not adaptive, more
 * runs at the ends ("good end"/"bad end" steps). Verdicts without a
 * lean.
 */
static enum run_outcome confirm_round(struct bisect_judge *j, const size_t *pos, const size_t *min_runs,
				      size_t nr, int adaptive)
{
	struct task tasks[4];
	enum run_outcome ret = RUN_COUNTED;
	size_t n = 0;

	j->confirming = 1;
	for (size_t i = 0; i < nr; i++) {
		tasks[n].pos = pos[i];
		tasks[n].min_runs = min_runs[i];
		tasks[n].max_runs = j->repeat;
		tasks[n].adaptive = adaptive;
		n += bisect_judge_wants_more(j, &tasks[n]);	/* nothing to run: its verdict stands */
	}
	if (n)
		ret = j->run_round(j->data, tasks, n, adaptive ? ROUND_CONFIRM : ROUND_ENDS_MORE);
	j->confirming = 0;
	return ret;
}

/* The verdict at pos on its own evidence. */
static enum step_verdict confirmed_at(struct bisect_judge *j, size_t pos)
{
	enum step_verdict v;

	j->confirming = 1;
	v = bisect_judge_verdict(j, pos);
	j->confirming = 0;
	return v;
}

/*
 * The two levels must be separated (else more runs at the ends, and
 * "alike" when --repeat is spent). Then, before hi is named, both ends
 * and the boundary's two commits judged on their own evidence (two runs
 * at least, three for an end that alone makes its side), and every
 * measured commit must fit its side's level (metric_misfit), else it is
 * judged again; one that no more runs can settle ends the search ("alike"
 * for an end, else CONFIRM_MISFIT). A wrong lean or an outlier at an end shows here; the two
 * verdicts at the boundary, which alone decide the culprit, are never
 * leans.
 */
static enum confirmed confirm(struct bisect_judge *j, enum bisect_status st)
{
	size_t lo = j->b.lo, hi = j->b.hi, nr = j->nr, pos[4], min[4], n = 0, p;
	enum step_verdict v[4];
	struct metric_fit f;

	metric_fit(&f, j->values, j->b.mark, nr, lo, hi, SIZE_MAX);
	if (!metric_fit_separated(&f)) {
		if (j->values[0].nr >= j->repeat && j->values[nr].nr >= j->repeat)
			return CONFIRM_ALIKE;
		pos[0] = 0;
		pos[1] = nr;
		min[0] = j->values[0].nr + 1;
		min[1] = j->values[nr].nr + 1;
		return confirm_round(j, pos, min, 2, 0) == RUN_STOP ? CONFIRM_STOP : CONFIRM_AGAIN;
	}
	if (st != BISECT_FOUND)
		return CONFIRMED;	/* skipped commits, or an end on the other side */
	pos[n] = 0;
	min[n++] = lo == 0 ? 3 : 2;
	pos[n] = nr;
	min[n++] = hi == nr ? 3 : 2;
	if (lo != 0) {
		pos[n] = lo;
		min[n++] = 2;
	}
	if (hi != nr) {
		pos[n] = hi;
		min[n++] = 2;
	}
	if (confirm_round(j, pos, min, n, 1) == RUN_STOP)
		return CONFIRM_STOP;
	for (size_t i = 0; i < n; i++) {
		v[i] = confirmed_at(j, pos[i]);
		if (v[i] == STEP_ALIKE)
			return CONFIRM_ALIKE;	/* an end that fits neither level */
	}
	for (size_t i = 0; i < n; i++)
		bisect_mark(&j->b, pos[i], bisect_judge_mark_of(v[i]));
	if (j->b.lo != lo || j->b.hi != hi)
		return CONFIRM_AGAIN;
	if ((p = metric_misfit(j->values, j->b.mark, nr, lo, hi)) == SIZE_MAX)
		return CONFIRMED;
	if (j->values[p].nr >= j->repeat && (p == 0 || p == nr))
		return CONFIRM_ALIKE;
	if (j->values[p].nr >= j->repeat || j->at[p].skip_code >= 0) {
		j->misfit = p;	/* no more runs can settle it */
		return CONFIRM_MISFIT;
	}
	min[0] = j->values[p].nr + 1;
	if (confirm_round(j, &p, min, 1, 1) == RUN_STOP)
		return CONFIRM_STOP;
	bisect_mark(&j->b, p, bisect_judge_mark_of(confirmed_at(j, p)));
	return CONFIRM_AGAIN;
}

/* --metric: one run at each end, which stand for good and bad from then on. */
static enum run_outcome measure_ends(struct bisect_judge *j)
{
	struct task ends[2] = { { 0, 1, 1, 0 }, { j->nr, 1, 1, 0 } };

	if (j->run_round(j->data, ends, 2, ROUND_ENDS) == RUN_STOP)
		return RUN_STOP;
	bisect_mark(&j->b, 0, MARK_GOOD);
	bisect_mark(&j->b, j->nr, MARK_BAD);
	return RUN_COUNTED;
}

/*
 * --metric: a commit left unclear after its runs may be judged against
 * a level an outlier made (one run at an end, or the mean of an outlier
 * and a run). Before it is given up, each end gets three runs, and more
 * while they disagree, as --repeat allows.
 */
static enum run_outcome settle_ends(struct bisect_judge *j)
{
	for (;;) {
		size_t pos[2], min[2], n = 0, ends[2] = { 0, j->nr }, before;
		struct metric_fit f;

		metric_fit(&f, j->values, j->b.mark, j->nr, j->b.lo, j->b.hi, SIZE_MAX);
		for (size_t e = 0; e < 2; e++) {
			const struct samples *at = &j->values[ends[e]];

			if (at->nr >= j->repeat || j->at[ends[e]].skip_code >= 0)
				continue;
			if (at->nr < 3 || (isfinite(f.spread) && !metric_agree(&f, at))) {
				pos[n] = ends[e];
				min[n++] = at->nr < 3 ? 3 : at->nr + 1;
			}
		}
		if (!n)
			return RUN_COUNTED;
		before = j->values[0].nr + j->values[j->nr].nr;
		if (confirm_round(j, pos, min, n, 0) == RUN_STOP)
			return RUN_STOP;
		/* Runs that gave no value (retried timeouts) are spent: no loop. */
		if (j->values[0].nr + j->values[j->nr].nr == before)
			return RUN_COUNTED;
	}
}

/*
 * After a round: when a commit is still unclear, settle the ends, and
 * report the commits the settled ends decide (tasks are the round's; the
 * decided ones are moved to the front).
 */
static enum run_outcome settle_for(struct bisect_judge *j, struct task *tasks, size_t nr)
{
	size_t n = 0;

	for (size_t i = 0; i < nr; i++)
		if (bisect_judge_verdict(j, tasks[i].pos) == STEP_UNCLEAR)
			tasks[n++] = tasks[i];
	if (!n)
		return RUN_COUNTED;
	if (settle_ends(j) == RUN_STOP)
		return RUN_STOP;
	nr = n;
	n = 0;
	for (size_t i = 0; i < nr; i++)
		if (bisect_judge_verdict(j, tasks[i].pos) != STEP_UNCLEAR)
			tasks[n++] = tasks[i];
	return n ? j->run_round(j->data, tasks, n, ROUND_AGAIN) : RUN_COUNTED;
}

/* Test the positions at once, then mark them, lowest first. */
static enum run_outcome search_round(struct bisect_judge *j, const size_t *pos, size_t nr)
{
	struct task *tasks = xcalloc(nr, sizeof(*tasks));
	enum run_outcome ret;

	for (size_t i = 0; i < nr; i++) {
		tasks[i].pos = pos[i];
		/* Exit codes: no verdict before a majority of --repeat agree (judge_exits). */
		tasks[i].min_runs = j->metric ? 1 : j->repeat / 2 + 1;
		tasks[i].max_runs = j->repeat;
		tasks[i].adaptive = 1;
	}
	ret = j->run_round(j->data, tasks, nr, ROUND_STEP);
	if (j->metric && ret != RUN_STOP)
		ret = settle_for(j, tasks, nr);
	for (size_t i = 0; ret != RUN_STOP && i < nr; i++)
		bisect_mark(&j->b, pos[i], bisect_judge_mark_of(bisect_judge_verdict(j, pos[i])));
	free(tasks);
	return ret;
}

enum confirmed bisect_judge_search(struct bisect_judge *j, size_t jobs, enum bisect_status *st)
{
	size_t *pos = xcalloc(jobs, sizeof(size_t)), nr;
	/* Confirmations that keep changing verdicts end in a skip, never a loop. */
	size_t guard = 4 * j->nr + 8;
	enum confirmed r = CONFIRMED;

	*st = BISECT_TEST;
	if (j->metric && measure_ends(j) == RUN_STOP)
		r = CONFIRM_STOP;
	while (r != CONFIRM_STOP) {
		while ((*st = bisect_next_round(&j->b, jobs, pos, &nr)) == BISECT_TEST)
			if (search_round(j, pos, nr) == RUN_STOP)
				break;
		if (*st == BISECT_TEST)
			r = CONFIRM_STOP;
		else if (!j->metric || (r = confirm(j, *st)) != CONFIRM_AGAIN)
			break;
		else if (!--guard) {
			*st = BISECT_ONLY_SKIPPED;
			break;
		}
	}
	free(pos);
	return r;
}
