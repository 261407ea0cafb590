/*
 * The search of `git benchbisect run` (bisect_judge_search()) against a
 * benchmark the bytes play: the user's command is the least trusted part
 * of a bisection, and whatever it exits or prints, the search must end
 * with an outcome it can stand behind. The bytes choose the mode (exit
 * codes or --metric), the window (1-64 commits), --jobs (1-4), --repeat,
 * --min-change and --confidence; then each run the judge asks for, in
 * order: an exit code (0, 1, 125, 126, 127 or another), or with --metric
 * a value (about a level of the bytes' choosing, with noise, a stray far
 * off, 0, a negative one, or any double in the metric's range), or a
 * failure that makes the commit untestable; with --metric, first a record
 * of earlier runs of the same values, pooled into a noise and asked for
 * two states. When the bytes run out the driver stops the search, as a
 * user's interrupt would.
 *
 * Checked: the search returns 0, or -1 only where the driver stopped it;
 * a culprit lies inside the window; with --metric it is named only at
 * the posterior the judge asks for, and the posterior sums to one.
 */
#include <math.h>
#include "bisect/bisect.h"
#include "bisect/bisect-judge.h"
#include "bisect/bisect-run.h"
#include "bisect/posterior.h"
#include "bisect/run-noise.h"
#include "fuzz.h"

struct player {
	struct fuzz_bytes in;
	struct bisect_judge *j;
	double level, step;	/* --metric: the good level, and the bad one's offset */
	size_t culprit;		/* the commits from here on measure the bad level */
	int stopped;		/* the driver stopped the search */
};

/* A value of --metric as the byte k says, from more bytes where it takes them. */
static int metric_value(struct player *pl, size_t pos, unsigned k, double *v)
{
	double level = pl->level + (pos >= pl->culprit ? pl->step : 0);
	unsigned char raw[8];
	unsigned x;

	if (k < 200) {
		*v = level * (1 + ((double)k - 100) / 2000);	/* within 5% */
	} else if (k < 220) {
		*v = level * (1 + ((double)k - 200) / 2);	/* a stray up to 10 times off */
	} else if (k < 230) {
		*v = k & 1 ? 0 : -level;
	} else {
		for (size_t i = 0; i < sizeof(raw); i++) {
			if (!fuzz_byte(&pl->in, &x))
				return 0;
			raw[i] = (unsigned char)x;
		}
		memcpy(v, raw, sizeof(*v));
		/* what bisect_metric_parse() lets through */
		if (!isfinite(*v) || fabs(*v) > BISECT_METRIC_MAX || (*v != 0 && fabs(*v) < BISECT_METRIC_MIN))
			*v = level;
		if (*v == 0)
			*v = 0;	/* never -0 */
	}
	return 1;
}

/*
 * --metric: a record of earlier runs (git notes, which another clone's
 * fetch brings) of 1-20 commits of 1-6 runs each, values as a run's,
 * pooled into a noise and asked for two states, then given to the judge.
 */
static void use_record(struct player *pl, struct bisect_judge *j)
{
	struct samples rec[20] = { { 0 } };
	struct run_noise n;
	unsigned x = 0, k = 0;
	size_t nr;
	double v;

	fuzz_byte(&pl->in, &x);
	nr = 1 + x % 20;
	for (size_t c = 0; c < nr; c++) {
		fuzz_byte(&pl->in, &x);
		for (size_t r = 0; r < 1 + x % 6 && fuzz_byte(&pl->in, &k) && metric_value(pl, 0, k % 250, &v); r++)
			samples_add(&rec[c], v);
	}
	run_noise_pool(&n, rec, nr);
	if (!(n.var >= 0) || !(n.df >= 0) || (n.states.found && !(n.states.gap > 0 && isfinite(n.states.gap))))
		abort();
	bisect_judge_use_noise(j, &n);
	for (size_t c = 0; c < nr; c++)
		samples_release(&rec[c]);
}

static const int exit_codes[] = { 0, 1, 125, 126, 127, 2, 3, 124 };

/* The driver: each task run until the judge wants no more, each run what the bytes say. */
static enum run_outcome play_round(void *data, struct task *tasks, size_t nr)
{
	struct player *pl = data;
	struct bisect_judge *j = pl->j;

	for (size_t i = 0; i < nr; i++) {
		size_t pos = tasks[i].pos;

		if (pos > j->nr)
			abort();
		while (bisect_judge_wants_more(j, &tasks[i])) {
			unsigned k;
			double v;
			int code;

			if (!fuzz_byte(&pl->in, &k)) {
				pl->stopped = 1;
				return RUN_STOP;
			}
			if (!j->metric) {
				code = exit_codes[k % (sizeof(exit_codes) / sizeof(*exit_codes))];
			} else if (k >= 250) {
				code = (int)k - 249;	/* the benchmark failed */
			} else {
				code = 0;
				if (!metric_value(pl, pos, k, &v)) {
					pl->stopped = 1;
					return RUN_STOP;
				}
			}
			bisect_judge_add_exit(j, pos, code);
			if (bisect_judge_count_run(j, pos, code, &v) == RUN_UNTESTABLE)
				break;
		}
	}
	return RUN_COUNTED;
}

static void check_posterior(const struct posterior *p)
{
	double sum = p->p_none;

	if (!(p->p_none >= 0 && p->p_none <= 1))
		abort();
	for (size_t i = 0; i < p->nr_group; i++) {
		const struct posterior_group *g = &p->group[i];

		if (!(g->p >= 0 && g->p <= 1 + 1e-9) || !(g->share >= 0 && g->share <= 1 + 1e-9) || g->hi > p->nr ||
		    g->lo >= g->hi)
			abort();
		sum += g->p * g->share;
	}
	if (fabs(sum - 1) > 1e-6)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct player pl = { { data, size }, NULL, 100, 0, 0, 0 };
	struct bisect_judge j;
	unsigned mode = 0, window = 0, opts = 0, shape = 0;
	size_t nr, jobs;
	int ret;

	fuzz_byte(&pl.in, &mode);
	fuzz_byte(&pl.in, &window);
	fuzz_byte(&pl.in, &opts);
	fuzz_byte(&pl.in, &shape);
	nr = 1 + window % 64;
	jobs = 1 + (opts & 3);
	bisect_judge_init(&j, mode & 1, mode & 2 ? 1 + (mode >> 2 & 7) : (mode & 1 ? BISECT_METRIC_REPEAT : 1),
			  nr, NULL, 0);
	if (j.metric) {
		j.min_change = opts & 4 ? 0.5 * (double)(1 + (opts >> 3 & 7)) : BISECT_MIN_CHANGE;
		if (opts & 64)
			j.sure = opts & 128 ? 0.999 : 0.9;
		pl.level = shape & 1 ? 1e-6 : shape & 2 ? 5e6 : 100;
		pl.step = pl.level * ((double)(shape >> 2) - 31) / 200;	/* -15.5% to +16% */
		pl.culprit = 1 + window / 64 % nr;
		if (mode & 32)
			use_record(&pl, &j);
	}
	j.run_round = play_round;
	j.data = &pl;
	pl.j = &j;

	fuzz_quiet();
	ret = bisect_judge_search(&j, jobs);
	fuzz_loud();

	if (ret != 0 && !(ret == -1 && (pl.stopped || j.bogus_exit)))
		abort();
	if (!ret && j.outcome == BISECT_FOUND) {
		if (j.b.hi < 1 || j.b.hi > nr)
			abort();
		if (j.metric && !(j.culprit_p >= j.sure && j.culprit_p <= 1 + 1e-9))
			abort();
	}
	if (j.metric && j.post_runs)
		check_posterior(bisect_judge_posterior(&j));
	bisect_judge_release(&j);
	return 0;
}
