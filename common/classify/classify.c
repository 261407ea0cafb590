/* The rules of git-benchbisect: options, signals, and the decision (pure). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "classify/classify.h"

const char *const cause_json_names[CAUSE_NR] = {
	"real_regression", "method_change", "hardware", "noise", "undecided"
};
const char *const cause_titles[CAUSE_NR] = {
	"real regression", "benchmark method change", "hardware issue", "noise", "undecided"
};

/* Files whose change alters the measurement, not the kernel (docs/dashboard.md). */
static const char *const default_method_paths[] = {
	"benchmarks/run.py",
	".github/workflows/benchmark_dispatch.yml",
	".github/workflows/compute-benchmark-matrix.yml",
	".github/ci_commit_pins/tritonbench.txt",
	"helion/autotuner/effort_profile.py",
	/* how autotuning times its candidates: benchmark_worker.py, benchmarking.py, bench_utils.py... */
	"helion/autotuner/bench*.py",
	".github/workflows/benchmark*.yml",	/* last: the named files above win */
};

static void push_default_method_paths(struct strvec *paths)
{
	for (size_t i = 0; i < ARRAY_SIZE(default_method_paths); i++)
		strvec_push(paths, default_method_paths[i]);
}

void classify_options_init(struct classify_options *o)
{
	memset(o, 0, sizeof(*o));
	o->abbrev = 8;
	o->noise_multiple = STEP_NOISE_MULTIPLE;
	o->min_change = STEP_MIN_CHANGE;
	o->shared_ratio = 0.5;
	o->span = 7;
	strvec_init(&o->method_paths);
	push_default_method_paths(&o->method_paths);
}

void classify_others_range(time_t when, int span, time_t *from, time_t *to)
{
	time_t margin = (2 * (time_t)(span > 0 ? span : 0) + 2) * DAY_SECONDS;

	*from = when - margin;
	*to = when + margin;
}

void classify_options_release(struct classify_options *o)
{
	strvec_clear(&o->method_paths);
}

void classify_set_method_paths(struct classify_options *o, const char *value)
{
	char *copy = xstrdup(value), *item, *save = NULL;

	strvec_clear(&o->method_paths);
	for (item = strtok_r(copy, ", \t", &save); item; item = strtok_r(NULL, ", \t", &save))
		if (!strcmp(item, "default"))	/* "default, <more>" extends the list */
			push_default_method_paths(&o->method_paths);
		else
			strvec_push(&o->method_paths, item);
	free(copy);
}

void classify_signals_init(struct classify_signals *s)
{
	memset(s, 0, sizeof(*s));
	s->before = s->after = s->change_pct = s->noise_pct = s->set_noise_pct = s->level = s->se_pct = s->z = NAN;
	s->bound_pct = s->state_noise_pct = NAN;
	s->spike_pct = s->raw_change_pct = s->move_pct = s->level_se = s->pair_common_pct = NAN;
	s->triton_pct = s->torch_compile_pct = s->latency_pct = NAN;
	s->triton_noise_pct = s->torch_compile_noise_pct = s->latency_noise_pct = NAN;
	s->wins_before = s->total_before = s->wins_after = s->total_after = -1;
	measure_config_init(&s->at_good);
	measure_config_init(&s->at_bad);
}

static void free_moves(struct named_move *m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(m[i].name);
	free(m);
}

void classify_signals_release(struct classify_signals *s)
{
	free_moves(s->baselines, s->nr_baselines);
	free_moves(s->kernels, s->nr_kernels);
	free_moves(s->platforms, s->nr_platforms);
	free_moves(s->sparse, s->nr_sparse);
	for (size_t i = 0; i < s->nr_timing; i++)
		free(s->timing[i].name);
	free(s->timing);
	free(s->sparse_since);
	free(s->method);
	measure_config_release(&s->at_good);
	measure_config_release(&s->at_bad);
	classify_signals_init(s);
}

/* Percent to log change. */
static double lchange(double pct)
{
	return log1p(pct / 100);
}

int classify_big_enough(double pct, double noise_pct, const struct classify_options *o)
{
	return step_significant(pct, noise_pct, o->noise_multiple, o->min_change, NULL);
}

int classify_step_significant(const struct classify_signals *s, const struct classify_options *o)
{
	(void)o;	/* the window applied o's thresholds when it decided */
	return s->index > 0 && s->found;
}

double classify_set_change_pct(const struct classify_signals *s)
{
	/* the plain geomean's move beyond the kernels that stayed */
	if (!s->set_changed || isnan(s->raw_change_pct))
		return NAN;
	return 100 * expm1(lchange(s->raw_change_pct) -
			   (!isnan(s->pair_common_pct) ? lchange(s->pair_common_pct) :
			    isnan(s->change_pct) ? 0 : lchange(s->change_pct)));
}

int classify_moved(const struct classify_signals *s, const struct classify_options *o)
{
	return (classify_step_significant(s, o) && s->persistent) || s->nr_kernel_steps;
}

int classify_common_moved(const struct classify_signals *s, const struct classify_options *o)
{
	return s->set_changed && classify_moved(s, o) &&
		classify_big_enough(s->pair_common_pct, s->noise_pct, o);
}

int classify_set_change_matters(const struct classify_signals *s, const struct classify_options *o)
{
	double gap = classify_set_change_pct(s);

	/*
	 * and the plain geomean moved its way: the kernels that stayed did
	 * not undo it. When they made a step of their own, that step is what
	 * the rules judge: a list change beside it must not hide a regression.
	 */
	return !isnan(gap) && s->raw_change_pct != 0 && (s->raw_change_pct < 0) == (gap < 0) &&
		!classify_common_moved(s, o) &&
		(classify_big_enough(gap, s->set_noise_pct, o) ||
		 (classify_big_enough(s->raw_change_pct, s->noise_pct, o) &&
		  fabs(lchange(gap)) >= fabs(lchange(s->raw_change_pct)) / 2));
}

double classify_judged_pct(const struct classify_signals *s)
{
	return isnan(s->move_pct) ? s->change_pct : s->move_pct;
}

double classify_level_se(const struct classify_signals *s, double noise_pct)
{
	double n = isnan(noise_pct) || noise_pct < 0.5 ? 0.5 : noise_pct;

	return (isnan(s->level_se) ? 1 : s->level_se) * lchange(n);
}

double classify_latency_score(const struct classify_signals *s)
{
	return fabs(lchange(s->latency_pct)) / classify_level_se(s, s->latency_noise_pct);
}

int classify_beyond_noise(const struct classify_signals *s, double pct, double noise_pct,
			  const struct classify_options *o)
{
	return !isnan(pct) && fabs(lchange(pct)) >= o->noise_multiple * classify_level_se(s, noise_pct);
}

static enum timers timers_of(const struct classify_signals *s, double pct, double latency_pct,
			     double latency_noise_pct, const struct classify_options *o)
{
	if (isnan(latency_pct) || isnan(pct) || pct == 0)
		return TIMERS_UNKNOWN;
	if (!classify_beyond_noise(s, latency_pct, latency_noise_pct, o))
		return TIMERS_FLAT;
	return (latency_pct > 0) == (pct < 0) ? TIMERS_AGREE : TIMERS_DISAGREE;
}

enum timers classify_timers(const struct classify_signals *s, const struct classify_options *o)
{
	struct classify_options clear = *o;
	double pct = classify_judged_pct(s), toward;
	enum timers t;

	/*
	 * The platform's latency decides hardware against a method change
	 * of every implementation: at the step's own bar, a baseline change
	 * whose latency rose 1.7% at 3.0 standard errors read as hardware
	 * (3 of 5,776 fresh scenarios). One standard error more: none, and
	 * no other verdict moved (docs/statistics.md).
	 */
	clear.noise_multiple = o->noise_multiple + 1;
	t = timers_of(s, pct, s->latency_pct, s->latency_noise_pct, &clear);
	if (t != TIMERS_FLAT)
		return t;
	/*
	 * Flat says one timer moved alone. Under machine states a latency
	 * that rose 5.3% against a speedup down 4.7% (3.8 standard errors,
	 * under this bar) read as flat: a real regression called a method
	 * change (causes, states). Latency's move towards agreeing, plus
	 * the two standard errors of levels_bound_pct(), must stay under
	 * the share of the move it would explain.
	 */
	toward = pct < 0 ? lchange(s->latency_pct) : -lchange(s->latency_pct);
	return toward + STEP_MIN_CHANGE_Z * classify_level_se(s, s->latency_noise_pct) <
		TIMERS_EXPLAIN_SHARE * fabs(lchange(pct)) ? TIMERS_FLAT : TIMERS_UNSURE;
}

enum timers classify_kernel_timers(const struct classify_signals *s, const struct kernel_timers *k,
				   const struct classify_options *o)
{
	return timers_of(s, k->speedup_pct, k->latency_pct, k->latency_noise_pct, o);
}

int classify_kernel_real(const struct classify_signals *s, const struct kernel_timers *k,
			 const struct classify_options *o)
{
	return classify_kernel_timers(s, k, o) == TIMERS_AGREE &&
		fabs(lchange(k->latency_pct)) >= TIMERS_EXPLAIN_SHARE * fabs(lchange(k->speedup_pct));
}

double classify_latency_speedup_pct(const struct kernel_timers *k)
{
	return 100 * expm1(-log1p(k->latency_pct / 100));
}

double classify_timing_part_pct(const struct kernel_timers *k)
{
	return 100 * expm1(lchange(k->speedup_pct) - lchange(classify_latency_speedup_pct(k)));
}

int classify_window_may_hold_two_changes(const struct window *w)
{
	return w->step.halfway && w->nr_commits > 1;
}

int classify_kernel_partly_timing(const struct classify_signals *s, const struct kernel_timers *k,
				  const struct classify_options *o)
{
	/* the real part a move worth reporting on its own, not a latency blip beside a timing change */
	return classify_kernel_timers(s, k, o) == TIMERS_AGREE &&
		fabs(lchange(k->latency_pct)) < TIMERS_EXPLAIN_SHARE * fabs(lchange(k->speedup_pct)) &&
		fabs(classify_latency_speedup_pct(k)) >= o->min_change &&
		classify_beyond_noise(s, classify_timing_part_pct(k), k->latency_noise_pct, o);
}

int classify_kernel_timing_changed(const struct classify_signals *s, const struct kernel_timers *k,
				   const struct classify_options *o)
{
	enum timers t = classify_kernel_timers(s, k, o);

	/*
	 * A small speedup move with latency flat proves nothing: a real
	 * change that size can hide in a noisy kernel's latency.
	 */
	return (t == TIMERS_FLAT || t == TIMERS_DISAGREE) &&
		classify_beyond_noise(s, k->speedup_pct, k->latency_noise_pct, o);
}

/*
 * Whether another implementation's speedup moved with Helion's: beyond
 * its own noise, the same way, by at least ratio of Helion's move.
 */
static int moved_with(const struct classify_signals *s, double pct, double noise_pct,
		      double helion_pct, const struct classify_options *o)
{
	double x = lchange(pct), h = lchange(helion_pct);

	return classify_beyond_noise(s, pct, noise_pct, o) && (x < 0) == (h < 0) &&
	       fabs(x) >= o->shared_ratio * fabs(h);
}

enum sharing classify_sharing(const struct classify_signals *s, const struct classify_options *o)
{
	double others[2] = { s->triton_pct, s->torch_compile_pct };
	double noise[2] = { s->triton_noise_pct, s->torch_compile_noise_pct };
	size_t n = 0, with = 0;
	double pct = classify_judged_pct(s);

	if (isnan(pct))
		return SHARING_UNKNOWN;
	if (s->pretuned) {
		/* a ratio helion/baseline moves with Helion's own time: no noise floor of its own */
		for (size_t i = 0; i < s->nr_baselines; i++) {
			double x, h = lchange(s->change_pct);

			if (isnan(s->baselines[i].change_pct))
				continue;
			n++;
			x = lchange(s->baselines[i].change_pct);
			with += (x < 0) == (h < 0) && fabs(x) >= o->shared_ratio * fabs(h);
		}
		if (!n)
			return SHARING_UNKNOWN;
		return with == n ? SHARING_HELION_ONLY : with ? SHARING_BASELINE : SHARING_PARTIAL;
	}
	for (size_t i = 0; i < ARRAY_SIZE(others); i++) {
		if (isnan(others[i]))
			continue;
		n++;
		with += moved_with(s, others[i], noise[i], pct, o);
	}
	if (!n)
		return SHARING_UNKNOWN;
	/*
	 * One that moved the other way shares nothing: a baseline or the
	 * machine would move it with Helion, not against it.
	 */
	return !with ? SHARING_HELION_ONLY : with == n ? SHARING_ALL : SHARING_PARTIAL;
}

int classify_others_moved(const struct classify_signals *s, const struct classify_options *o)
{
	double others[2] = { s->triton_pct, s->torch_compile_pct };
	double noise[2] = { s->triton_noise_pct, s->torch_compile_noise_pct };

	if (s->pretuned)
		return 0;	/* its baselines are ratios of Helion's own time */
	for (size_t i = 0; i < ARRAY_SIZE(others); i++)
		if (!classify_beyond_noise(s, others[i], noise[i], o) || fabs(others[i]) < o->min_change ||
		    (others[i] < 0) != (others[0] < 0))
			return 0;
	return 1;
}

enum cause classify_decide(const struct classify_signals *s, const struct classify_options *o)
{
	/* a step of the platform, or of single kernels against their own noise */
	int moved = classify_moved(s, o);
	enum timers t = classify_timers(s, o);
	enum sharing sh = classify_sharing(s, o);

	if (classify_set_change_matters(s, o))
		return CAUSE_METHOD_CHANGE;	/* what is measured changed */
	if (!moved && classify_step_significant(s, o) && s->nr_after < 2)
		return CAUSE_UNDECIDED;	/* a step, too new to tell whether it persists */
	/*
	 * No rule can weigh a step the evidence neither shows nor rules out;
	 * nor one every other implementation shows: a baseline that moved
	 * them moved Helion's speedup too, which its own noise (machine
	 * states) may hide.
	 */
	if (!moved)
		return s->index && !classify_step_significant(s, o) &&
			(s->undecided || s->not_ruled_out || classify_others_moved(s, o)) ?
			CAUSE_UNDECIDED : CAUSE_NOISE;
	if (sh == SHARING_BASELINE)
		return CAUSE_METHOD_CHANGE;
	if (sh == SHARING_ALL && t == TIMERS_AGREE)
		return CAUSE_HARDWARE;
	if (t == TIMERS_FLAT || t == TIMERS_DISAGREE)
		return CAUSE_METHOD_CHANGE;	/* one timer alone, or the baseline moved */
	if (t == TIMERS_UNSURE)
		return CAUSE_UNDECIDED;		/* latency may have moved with it, or not */
	if (s->nr_method && t == TIMERS_UNKNOWN)
		return CAUSE_METHOD_CHANGE;	/* a harness commit, nothing to clear it */
	if (s->empty)
		return CAUSE_HARDWARE;		/* no code change between the nightlies */
	if (s->quiet && sh == SHARING_HELION_ONLY)
		return CAUSE_UNDECIDED;		/* it may lie between nightlies of one commit */
	if (sh == SHARING_HELION_ONLY)
		return CAUSE_REAL_REGRESSION;
	return CAUSE_UNDECIDED;		/* a move that some implementations share: no rule names its cause */
}
