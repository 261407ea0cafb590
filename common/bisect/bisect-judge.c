/*
 * The policy of `git benchbisect run`: what the runs at a commit say, which
 * commits the next round probes, and when the search stops. Exit codes
 * follow git bisect (bisect.c's k-ary search); --metric follows the
 * posterior of posterior.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/stats.h"
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
	j->sure = POSTERIOR_SURE;
	j->at = xcalloc(nr + 1, sizeof(*j->at));
	j->values = xcalloc(nr + 1, sizeof(*j->values));
	for (size_t p = 0; p <= nr; p++)
		j->at[p].skip_code = -1;
	bisect_init(&j->b, nr, slice, slice_first);
	posterior_init(&j->post, nr);
	posterior_update(&j->post, j->values);	/* the prior */
	j->max_runs = bisect_judge_run_cap(nr, repeat, 1);
	j->outcome = BISECT_TEST;
}

void bisect_judge_release(struct bisect_judge *j)
{
	for (size_t p = 0; j->at && p <= j->nr; p++) {
		free(j->at[p].exits);
		free(j->at[p].timeouts);
		samples_release(&j->values[p]);
	}
	free(j->at);
	free(j->values);
	bisect_release(&j->b);
	posterior_release(&j->post);
	memset(j, 0, sizeof(*j));
}

size_t bisect_judge_run_cap(size_t nr, size_t repeat, size_t jobs)
{
	size_t probes = 0;

	while (((size_t)1 << probes) < nr)
		probes++;
	return repeat * (probes + 2) * (jobs ? jobs : 1);
}

static size_t runs_so_far(const struct bisect_judge *j)
{
	size_t runs = 0;

	for (size_t p = 0; p <= j->nr; p++)
		runs += j->values[p].nr;
	return runs;
}

int bisect_judge_use_noise(struct bisect_judge *j, const struct run_noise *n)
{
	if (!posterior_set_noise(&j->post, n->var, n->df))
		return 0;
	j->recorded_gap = n->states.found ? n->states.gap : 0;
	j->post_runs = (size_t)-1;	/* weigh again */
	return 1;
}

/* The posterior over every run so far (weighed again only when runs came). */
const struct posterior *bisect_judge_posterior(struct bisect_judge *j)
{
	size_t runs = runs_so_far(j);

	if (runs != j->post_runs) {
		posterior_set_states(&j->post, j->min_change / 100, j->recorded_gap);
		posterior_update(&j->post, j->values);
		j->post_runs = runs;
	}
	return &j->post;
}

double bisect_judge_p_bad(struct bisect_judge *j, size_t pos)
{
	return posterior_bad(bisect_judge_posterior(j), pos);
}

enum verdict bisect_judge_verdict(struct bisect_judge *j, size_t pos)
{
	const struct pos_runs *r = &j->at[pos];
	double bad;

	if (r->skip_code >= 0)
		return VERDICT_SKIP;
	if (!j->metric)
		return judge_exits(r->nr_good, r->nr_bad, j->repeat);
	if (pos == 0 || pos == j->nr)
		return pos ? VERDICT_BAD : VERDICT_GOOD;	/* they stand for the two levels */
	bad = bisect_judge_p_bad(j, pos);
	return bad >= j->sure ? VERDICT_BAD : 1 - bad >= j->sure ? VERDICT_GOOD : VERDICT_UNCLEAR;
}

int bisect_judge_wants_more(const struct bisect_judge *j, const struct task *t)
{
	const struct pos_runs *r = &j->at[t->pos];
	size_t runs = j->metric ? j->values[t->pos].nr : r->nr_good + r->nr_bad;

	if (r->skip_code >= 0 || r->nr_exits >= t->max_runs + (size_t)r->retried)
		return 0;
	if (runs < t->min_runs)
		return 1;
	return t->adaptive && judge_exits(r->nr_good, r->nr_bad, j->repeat) == VERDICT_UNCLEAR;
}

void bisect_judge_add_exit(struct bisect_judge *j, size_t pos, int code)
{
	struct pos_runs *r = &j->at[pos];

	ALLOC_GROW(r->exits, r->nr_exits + 1, r->alloc_exits);
	r->exits[r->nr_exits++] = code;
}

enum run_outcome bisect_judge_count_run(struct bisect_judge *j, size_t pos, int code, const double *value)
{
	struct pos_runs *r = &j->at[pos];

	if (code == 125 || (j->metric && code)) {
		r->skip_code = code;
		return RUN_UNTESTABLE;
	}
	if (!j->metric) {
		*(code ? &r->nr_bad : &r->nr_good) += 1;
		/* a verdict, not a launcher's failure: check_cannot_run() weighs it */
		if ((code == 126 || code == 127) && !r->cannot_run)
			r->cannot_run = code;
	} else {
		samples_add(&j->values[pos], *value);
	}
	return RUN_COUNTED;
}

/*
 * Run one round: each position to a majority of --repeat runs (exit
 * codes), or one more run (--metric).
 */
static enum run_outcome run_round(struct bisect_judge *j, const size_t *pos, size_t nr)
{
	struct task *tasks = xcalloc(nr, sizeof(*tasks));
	enum run_outcome ret;

	for (size_t i = 0; i < nr; i++) {
		tasks[i].pos = pos[i];
		if (j->metric) {
			tasks[i].min_runs = j->values[pos[i]].nr + 1;
			tasks[i].max_runs = j->at[pos[i]].nr_exits - (size_t)j->at[pos[i]].retried + 1;
		} else {
			tasks[i].min_runs = j->repeat / 2 + 1;
			tasks[i].max_runs = j->repeat;
			tasks[i].adaptive = 1;
		}
	}
	ret = j->run_round(j->data, tasks, nr);
	free(tasks);
	return ret;
}

/* The first 126 or 127 (cannot execute, not found) of a commit other than the good end, or 0. */
static int cannot_run_code(const struct bisect_judge *j)
{
	for (size_t p = 1; p <= j->nr; p++)
		if (j->at[p].cannot_run)
			return j->at[p].cannot_run;
	return 0;
}

/*
 * git bisect run's check: an exit of 126 or 127 may say that the command
 * cannot run at all (a script not executable, a tool not installed), not
 * that the commit is bad. Once one comes, the good end is tested (at
 * once, unless it was), and the same status there stops the search
 * (j->bogus_exit); any other leaves the 126 or 127 a bad verdict.
 */
static enum run_outcome check_cannot_run(struct bisect_judge *j)
{
	size_t good = 0;
	int code = j->checked_good ? 0 : cannot_run_code(j);

	if (!code)
		return RUN_COUNTED;
	j->checked_good = 1;
	if (!j->at[0].nr_exits) {
		if (run_round(j, &good, 1) == RUN_STOP)
			return RUN_STOP;
		bisect_mark(&j->b, 0, bisect_judge_verdict(j, 0));
	}
	if (j->at[0].cannot_run == code)
		j->bogus_exit = code;
	return j->bogus_exit ? RUN_STOP : RUN_COUNTED;
}

/* Exit codes: git bisect's search, each commit to a majority of --repeat runs. */
static int search_exits(struct bisect_judge *j, size_t jobs)
{
	size_t *pos = xcalloc(jobs, sizeof(size_t)), nr;
	int ret = 0;

	while ((j->outcome = bisect_next_round(&j->b, jobs, pos, &nr)) == BISECT_TEST) {
		if (run_round(j, pos, nr) == RUN_STOP || check_cannot_run(j) == RUN_STOP) {
			ret = -1;
			break;
		}
		for (size_t i = 0; i < nr; i++)
			bisect_mark(&j->b, pos[i], bisect_judge_verdict(j, pos[i]));
	}
	free(pos);
	return ret;
}

/* What the rules of bisect-boundary.c read of j. */
static struct boundary boundary_of(const struct bisect_judge *j)
{
	struct boundary bd = { j->values, j->nr, j->min_change, j->sure };

	return bd;
}

size_t bisect_judge_rule_runs(struct bisect_judge *j)
{
	const struct posterior_group *top = posterior_top(bisect_judge_posterior(j));
	struct boundary bd = boundary_of(j);
	size_t lo, hi;

	if (!top)
		return 0;
	lo = boundary_runs_short(&bd, top->lo, 0, top->lo);
	hi = boundary_runs_short(&bd, top->hi, top->hi, j->nr);
	/*
	 * Still several commits: the probe that comes to bound it has one
	 * run and needs another, and one of the two bounds stays (the one
	 * that lacks more, to be safe).
	 */
	if (top->hi - top->lo > 1)
		return METRIC_PROBE_RUNS - 1 + (lo > hi ? lo : hi);
	return lo + hi;
}

/* --metric: whether the posterior settles the search; the outcome and its bounds in j. */
static int decided(struct bisect_judge *j)
{
	const struct posterior *p = bisect_judge_posterior(j);
	const struct posterior_group *top = posterior_top(p);
	struct boundary bd = boundary_of(j);
	double down, up;
	size_t inside, x, wait;

	if (!p->ready || !top)
		return 0;
	j->b.lo = top->lo;
	j->b.hi = top->hi;
	if (top->hi - top->lo == 1 && top->p >= j->sure && !boundary_odd_before_step(&bd, top) &&
	    boundary_unsettled(&bd, top, top->lo, top->hi) == NO_PROBE) {
		j->culprit_p = top->p;
		j->outcome = BISECT_FOUND;
		return 1;
	}
	/* The first commit off the good level, at neither level itself: named as git bisect run would. */
	if ((x = boundary_off_level_pair(&bd, p, top, &wait)) && wait == NO_PROBE) {
		j->b.lo = x - 1;
		j->b.hi = x;
		j->culprit_p = posterior_culprit(p, x) + posterior_culprit(p, x + 1);
		j->culprit_off_level = 1;
		j->outcome = BISECT_FOUND;
		return 1;
	}
	/*
	 * An equivalence test: a step of --min-change or more either way is
	 * that unlikely, on METRIC_SIDE_RUNS runs at each end at least (what
	 * is compared; one stray run there would hide a step).
	 */
	posterior_step_tails(p, j->min_change / 100, &down, &up);
	if (down <= 1 - j->sure && up <= 1 - j->sure && j->values[0].nr >= METRIC_SIDE_RUNS &&
	    j->values[j->nr].nr >= METRIC_SIDE_RUNS) {
		j->outcome = BISECT_NOT_REPRODUCED;
		return 1;
	}
	/* Sure of the boundary's bounds, but the commits inside cannot run. */
	for (inside = top->lo + 1; inside < top->hi && j->at[inside].skip_code >= 0; inside++)
		;
	if (top->p >= j->sure && top->hi - top->lo > 1 && inside == top->hi) {
		j->outcome = BISECT_ONLY_SKIPPED;
		return 1;
	}
	return 0;
}

static int probeable(const struct bisect_judge *j, const unsigned char *chosen, size_t p)
{
	return !chosen[p] && j->at[p].skip_code < 0;
}

/*
 * Fill the round up to jobs with the commits at the posterior's quantiles
 * k / (n + 1), k = 1..n: the culprit's, given a step (the median, with one
 * job: probabilistic bisection). Each quantile takes the untaken commit
 * whose "it measures like the good end" probability is nearest it.
 */
static void probe_quantiles(struct bisect_judge *j, size_t jobs, unsigned char *chosen, size_t *pos,
			    size_t *nr)
{
	const struct posterior *p = bisect_judge_posterior(j);
	size_t rest = jobs - *nr;
	double step = 1 - p->p_none;

	for (size_t k = 1; k <= rest; k++) {
		double q = (double)k / (double)(rest + 1), best_d = INFINITY;
		size_t best = 0;

		for (size_t x = 1; x <= j->nr; x++) {
			double d;

			if (!probeable(j, chosen, x))
				continue;
			d = fabs(1 - (step > 0 ? posterior_bad(p, x) / step : (double)x / (double)j->nr) - q);
			if (d < best_d) {
				best_d = d;
				best = x;
			}
		}
		if (best)
			bisect_take(chosen, pos, nr, best);
	}
}

/*
 * --metric: the next round's probes, at most jobs distinct commits. When
 * a culprit is sure but a side of its boundary is short of runs, one more
 * there. When "no step worth finding" is the likelier answer, only the
 * ends can settle it (the one with fewer runs first). Else first the
 * commit whose run the hypotheses disagree on most
 * (posterior_disagreement(): the culprit's median when the levels are
 * sure, an end when its level is in doubt). The rest at the posterior's
 * quantiles.
 */
static size_t choose_probes(struct bisect_judge *j, size_t jobs, size_t *pos)
{
	const struct posterior *p = bisect_judge_posterior(j);
	const struct posterior_group *top = posterior_top(p);
	struct boundary bd = boundary_of(j);
	unsigned char *chosen = xcalloc(j->nr + 1, 1);
	double down = 1, up = 1, best_d = -1;
	size_t nr = 0, best = 0, wait;

	if (p->ready)
		posterior_step_tails(p, j->min_change / 100, &down, &up);
	if (p->ready && top && top->p >= j->sure && !boundary_odd_before_step(&bd, top) &&
	    (wait = boundary_unsettled(&bd, top, top->lo, top->hi)) != NO_PROBE && wait != NEVER_SETTLED) {
		if (probeable(j, chosen, wait))
			bisect_take(chosen, pos, &nr, wait);
	} else if (p->ready && top && boundary_off_level_pair(&bd, p, top, &wait) && wait != NO_PROBE && wait != NEVER_SETTLED) {
		if (probeable(j, chosen, wait))
			bisect_take(chosen, pos, &nr, wait);
	} else if (p->ready && down + up < METRIC_ENDS_BELOW) {
		size_t end = j->values[0].nr <= j->values[j->nr].nr ? 0 : j->nr;

		if (probeable(j, chosen, end))
			bisect_take(chosen, pos, &nr, end);
		if (nr < jobs && probeable(j, chosen, j->nr - end))
			bisect_take(chosen, pos, &nr, j->nr - end);
	} else if (p->ready) {
		for (size_t x = 0; x <= j->nr; x++) {
			double d = probeable(j, chosen, x) && !boundary_measures_neither(&bd, top, x) ? posterior_disagreement(p, x) : -1;

			if (d > best_d) {
				best_d = d;
				best = x;
			}
		}
		if (best_d >= 0)
			bisect_take(chosen, pos, &nr, best);
	}
	if (nr < jobs)
		probe_quantiles(j, jobs, chosen, pos, &nr);
	free(chosen);
	return nr;
}

/*
 * --metric: the ends first (with more jobs, the prior's quantiles beside
 * them), then one run at each probe a round, every run weighing every
 * position, until the posterior settles it or the run cap comes.
 */
static int search_metric(struct bisect_judge *j, size_t jobs)
{
	size_t *pos = xcalloc(jobs + 2, sizeof(size_t)), nr = 0;
	unsigned char *chosen = xcalloc(j->nr + 1, 1);
	int ret = 0;

	j->max_runs = bisect_judge_run_cap(j->nr, j->repeat, jobs);
	bisect_take(chosen, pos, &nr, 0);
	bisect_take(chosen, pos, &nr, j->nr);
	if (jobs > 2)
		probe_quantiles(j, jobs, chosen, pos, &nr);
	free(chosen);
	for (;;) {
		if (run_round(j, pos, nr) == RUN_STOP) {
			ret = -1;
			break;
		}
		for (size_t i = 0; i < nr; i++)
			if (j->at[pos[i]].skip_code >= 0)
				bisect_mark(&j->b, pos[i], VERDICT_SKIP);
		if (decided(j))
			break;
		if (runs_so_far(j) >= j->max_runs || !(nr = choose_probes(j, jobs, pos))) {
			j->outcome = BISECT_UNDECIDED;
			break;
		}
	}
	free(pos);
	return ret;
}

int bisect_judge_search(struct bisect_judge *j, size_t jobs)
{
	return j->metric ? search_metric(j, jobs) : search_exits(j, jobs);
}
