#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "util/usage.h"
#include "classify/classify.h"
#include "classify/classify-sides.h"

/* A significant, persistent, Helion-only step with agreeing timers. */
static void regression(struct classify_signals *s)
{
	classify_signals_init(s);
	s->index = 1;
	s->bad = 1;
	s->before = 1.6;
	s->after = 1.36;
	s->change_pct = -15;
	s->noise_pct = 0.5;
	s->set_noise_pct = 0.5;	/* no machine states */
	s->score = 32;
	s->se_pct = 0.4;
	s->z = 40;
	s->found = 1;	/* the window's step decision (tested in test-series) */
	s->persistent = 1;
	s->nr_after = 8;
	s->triton_pct = 0.1;
	s->torch_compile_pct = -0.2;
	s->latency_pct = 17.6;
	s->listed = 1;
	s->nr_commits = 4;
	s->nr_slice = 1;
	s->kernels_before = s->kernels_after = 5;
}

static void test_timers_and_sharing(void)
{
	struct classify_options o;
	struct classify_signals s;

	classify_options_init(&o);
	regression(&s);
	is_int(classify_timers(&s, &o), TIMERS_AGREE, "speedup -15%, latency +17.6%: agree");
	s.latency_pct = 0.3;
	is_int(classify_timers(&s, &o), TIMERS_FLAT, "latency +0.3%: flat");
	s.latency_pct = -14;
	is_int(classify_timers(&s, &o), TIMERS_DISAGREE, "latency down with speedup: disagree");
	s.latency_pct = 60;
	is_int(classify_timers(&s, &o), TIMERS_AGREE, "latency up four times as far: agree, whatever the sizes");
	s.latency_pct = 2.1;
	is_int(classify_timers(&s, &o), TIMERS_AGREE, "latency +2.1%, 4.2x its 0.5% noise: agree");
	s.latency_pct = 1.8;
	is_int(classify_timers(&s, &o), TIMERS_FLAT,
	       "latency +1.8%, 3.6x its 0.5% noise: flat (the platform's bar is --noise-multiple + 1)");
	s.latency_noise_pct = 1;
	is_int(classify_timers(&s, &o), TIMERS_FLAT, "the same +1.8% with 1% latency noise: flat");
	s.change_pct = -4.7;
	s.latency_pct = 5.3;
	s.latency_noise_pct = 1.4;
	is_int(classify_timers(&s, &o), TIMERS_UNSURE,
	       "speedup -4.7%, latency +5.3% at 3.8x its noise: under the bar, but not ruled out as half the move");
	s.latency_pct = -2.5;
	is_int(classify_timers(&s, &o), TIMERS_FLAT,
	       "latency -2.5% at 1.8x its noise, the other way: two standard errors from it explain nothing");
	s.latency_pct = 0.3;
	s.latency_noise_pct = 0.5;
	is_int(classify_timers(&s, &o), TIMERS_FLAT, "latency +0.3% against -4.7%, 0.5% noise: flat");
	s.change_pct = 8;
	s.latency_pct = -20;
	is_int(classify_timers(&s, &o), TIMERS_AGREE, "speedup up, latency down: agree");
	s.change_pct = -15;
	s.latency_noise_pct = NAN;
	s.latency_pct = 1.3;
	s.level_se = 0.6;
	is_int(classify_timers(&s, &o), TIMERS_AGREE,
	       "+1.3% over medians of many nightlies: beyond 4x its standard error (0.6 x 0.5%)");
	s.level_se = NAN;
	s.change_pct = -1.9;
	s.move_pct = -5.5;
	s.latency_pct = -2;
	is_int(classify_timers(&s, &o), TIMERS_DISAGREE, "kernel steps: judged against their move, not the platform's");
	s.move_pct = NAN;
	s.change_pct = -15;
	s.latency_pct = NAN;
	is_int(classify_timers(&s, &o), TIMERS_UNKNOWN, "no latency: unknown");

	is_int(classify_sharing(&s, &o), SHARING_HELION_ONLY, "others flat: Helion-only");
	s.triton_pct = -14;
	s.torch_compile_pct = -13;
	is_int(classify_sharing(&s, &o), SHARING_ALL, "others moved alike: shared");
	s.torch_compile_pct = 0;
	is_int(classify_sharing(&s, &o), SHARING_PARTIAL, "one moved: partly shared");
	s.torch_compile_pct = -1.4;
	s.torch_compile_noise_pct = 0.5;
	is_int(classify_sharing(&s, &o), SHARING_PARTIAL, "-1.4% is within 3x its 0.5% noise: still");
	s.triton_pct = -2.5;
	s.triton_noise_pct = 1;
	s.torch_compile_pct = -20;
	is_int(classify_sharing(&s, &o), SHARING_PARTIAL, "triton -2.5% within 3x its 1% noise: still");
	s.triton_pct = -8;
	is_int(classify_sharing(&s, &o), SHARING_ALL, "beyond their noise and half Helion's move: shared");
	s.triton_pct = 0.3;
	s.torch_compile_pct = 1.8;
	is_int(classify_sharing(&s, &o), SHARING_HELION_ONLY,
	       "torch_compile +1.8% beyond its noise, the other way: shares nothing, Helion-only");
	s.triton_pct = s.torch_compile_pct = NAN;
	is_int(classify_sharing(&s, &o), SHARING_UNKNOWN, "no other implementation");
	classify_signals_release(&s);

	regression(&s);
	s.pretuned = 1;
	s.baselines = xcalloc(2, sizeof(*s.baselines));
	s.nr_baselines = 2;
	s.baselines[0].name = xstrdup("torch");
	s.baselines[1].name = xstrdup("vllm");
	s.baselines[0].change_pct = -14.8;
	s.baselines[1].change_pct = -15.1;
	is_int(classify_sharing(&s, &o), SHARING_HELION_ONLY, "Pretuned: every ratio alike");
	s.baselines[0].change_pct = 0.2;
	is_int(classify_sharing(&s, &o), SHARING_BASELINE, "Pretuned: one ratio moved");
	classify_signals_release(&s);
	classify_options_release(&o);
}

static void test_rules(void)
{
	struct classify_options o;
	struct classify_signals s;

	classify_options_init(&o);
	regression(&s);
	is_int(classify_decide(&s, &o), CAUSE_REAL_REGRESSION, "Helion-only, persistent, agreeing: real");
	s.persistent = 0;
	is_int(classify_decide(&s, &o), CAUSE_NOISE, "the same step reverting: noise");
	s.nr_after = 1;
	is_int(classify_decide(&s, &o), CAUSE_UNDECIDED, "a step with one nightly after it: undecided, not noise");
	s.nr_after = 8;
	s.persistent = 1;
	s.found = 0;
	s.reason = "under the noise multiple";
	is_int(classify_decide(&s, &o), CAUSE_NOISE, "no step by the window's decision: noise");
	s.triton_pct = -4.9;
	s.torch_compile_pct = -4.2;
	is_int(classify_decide(&s, &o), CAUSE_UNDECIDED,
	       "no step, but every other implementation moved beyond its noise: undecided, not noise");
	s.torch_compile_pct = 4.2;
	is_int(classify_decide(&s, &o), CAUSE_NOISE, "the other implementations moved apart: noise");
	s.torch_compile_pct = -1.5;
	is_int(classify_decide(&s, &o), CAUSE_NOISE, "one of them under --min-change: noise");
	s.torch_compile_pct = -0.2;
	is_int(classify_decide(&s, &o), CAUSE_NOISE, "one of them alone: noise");
	s.triton_pct = 0.1;
	s.not_ruled_out = 1;
	is_int(classify_decide(&s, &o), CAUSE_UNDECIDED,
	       "no step, but the noise leaves room for one of --min-change: undecided, not noise");
	s.not_ruled_out = 0;
	s.undecided = 1;
	s.z = 2.6;
	is_int(classify_decide(&s, &o), CAUSE_UNDECIDED,
	       "neither a step nor ruled out: undecided, not noise");
	s.nr_kernel_steps = 1;
	is_int(classify_decide(&s, &o), CAUSE_REAL_REGRESSION,
	       "an undecided platform step, a kernel stepping on its own: the rules decide");
	s.nr_kernel_steps = 0;
	s.set_changed = 1;
	s.raw_change_pct = 8;
	s.pair_common_pct = 0.1;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE,
	       "an undecided step at a set change that moved the geomean: method change first");
	s.set_changed = 0;
	s.index = 0;
	is_int(classify_decide(&s, &o), CAUSE_NOISE, "no boundary: nothing undecided to report");
	s.index = 1;
	s.undecided = 0;
	ok(classify_big_enough(-6, 1, &o) && !classify_big_enough(-2.5, 1, &o) &&
	   !classify_big_enough(-1.8, 0.5, &o), "other moves are judged by the same decision");
	classify_signals_release(&s);

	regression(&s);
	s.latency_pct = 0.1;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE, "latency flat: method change");
	s.latency_pct = 5;
	s.latency_noise_pct = 2;
	is_int(classify_decide(&s, &o), CAUSE_UNDECIDED,
	       "latency +5% under its bar, yet it may explain half of -15%: undecided, not a method change");
	s.latency_noise_pct = NAN;
	s.latency_pct = -14;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE, "latency down with the speedup: method change");
	s.latency_pct = 17.6;
	s.nr_method = 1;
	is_int(classify_decide(&s, &o), CAUSE_REAL_REGRESSION,
	       "a harness commit, Helion-only, timers agreeing: the harness commit is innocent");
	s.latency_pct = 0.4;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE, "a harness commit and flat latency: method change");
	s.latency_pct = NAN;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE, "a harness commit, no latency to clear it: method");
	s.nr_method = 0;
	s.latency_pct = 17.6;
	s.triton_pct = s.torch_compile_pct = -15;
	is_int(classify_decide(&s, &o), CAUSE_HARDWARE, "shared, timers agree: hardware");
	s.latency_pct = 3;
	is_int(classify_decide(&s, &o), CAUSE_HARDWARE, "shared, latency +3% against -15%: still agree, hardware");
	s.nr_method = 1;
	is_int(classify_decide(&s, &o), CAUSE_HARDWARE, "shared, agreeing: an innocent harness commit");
	s.nr_method = 0;
	s.latency_pct = 0.2;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE, "shared, latency flat: the baseline moved");
	classify_signals_release(&s);

	regression(&s);
	s.empty = 1;
	is_int(classify_decide(&s, &o), CAUSE_HARDWARE, "empty window, persistent, agreeing: hardware");
	s.latency_pct = NAN;
	is_int(classify_decide(&s, &o), CAUSE_HARDWARE, "empty window, no latency: hardware");
	s.latency_pct = 0;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE, "empty window, flat latency: method");
	s.empty = 0;
	s.latency_pct = 17.6;
	s.triton_pct = -15;
	is_int(classify_decide(&s, &o), CAUSE_UNDECIDED, "partly shared, persistent: no rule names it, undecided");
	classify_signals_release(&s);

	regression(&s);
	s.change_pct = 0.1;
	s.score = 0.2;
	s.found = 0;
	s.set_changed = 1;
	s.kernels_before = 12;
	s.raw_change_pct = 8;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE, "the naive geomean jumps at a set change");
	s.raw_change_pct = 0.3;
	is_int(classify_decide(&s, &o), CAUSE_NOISE, "a set change that moves nothing: noise");
	s.raw_change_pct = -6;
	s.triton_pct = s.torch_compile_pct = -6;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE,
	       "a set change night with no comparable move, whatever else: method change");
	/* machine states: the change's own move is judged on the noise within a state */
	s.raw_change_pct = 8.4;
	s.pair_common_pct = -0.7;
	s.noise_pct = s.set_noise_pct = 5.9;
	ok(!classify_set_change_matters(&s, &o), "+9.1%% of a set change within a noise of 5.9%% a night: no cause");
	s.set_noise_pct = 0.8;
	ok(classify_set_change_matters(&s, &o), "the same against the noise within a machine state, 0.8%%: the cause");
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE, "a set change under machine states: method change");
	classify_signals_release(&s);

	/* both at once: the list changed and the kernels on both nightlies stepped */
	regression(&s);
	s.set_changed = 1;
	s.raw_change_pct = -19.9;
	s.pair_common_pct = -15;
	is_int(classify_decide(&s, &o), CAUSE_REAL_REGRESSION,
	       "a set change beside a step of the kernels on both nightlies: the rules judge that step");
	ok(!classify_set_change_matters(&s, &o) && classify_common_moved(&s, &o),
	   "the set change is said, not the cause");
	s.pair_common_pct = -0.3;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE,
	       "the kernels on both nightlies within the noise: the set change is the cause");
	s.pair_common_pct = -15;
	s.persistent = 0;
	is_int(classify_decide(&s, &o), CAUSE_METHOD_CHANGE,
	       "their move reverts: no step of theirs, the set change is the cause");
	classify_signals_release(&s);
	classify_options_release(&o);
}

static void test_method_paths(void)
{
	struct classify_options o;

	classify_options_init(&o);
	is_str(o.method_paths.v[0], "benchmarks/run.py", "default paths start with the harness");
	is_str(o.method_paths.v[o.method_paths.nr - 1], ".github/workflows/benchmark*.yml",
	       "the workflow glob comes last");
	classify_set_method_paths(&o, "benchmarks/, .github/workflows/bench*  pins.txt");
	is_int(o.method_paths.nr, 3, "config value: comma- and space-separated");
	is_str(o.method_paths.v[2], "pins.txt", "in order");
	classify_options_release(&o);
}

/* A window of three nightlies and three commits: a tag match, a path match, neither. */
struct fake {
	struct dash_entry runs[3];
	struct series_point points[3];
	struct window_commit commits[3];
	struct window w;
};

static void fake_window(struct fake *f)
{
	static const char *const subjects[] = {
		"Share the layout helpers (#3313)", "Move the epilogue (#3312)",
		"[cute] Rework the softmax reduction pipeline (#3311)"
	};

	memset(f, 0, sizeof(*f));
	for (int i = 0; i < 3; i++) {
		f->runs[i].run_id = i == 0 ? "3000000007" : i == 1 ? "3000000008" : "3000000009";
		f->runs[i].sha = "0123abcd";
		f->runs[i].time = 1788940800 + i * 86400;	/* 2026-09-09 */
		f->points[i].run = &f->runs[i];
		memset(f->commits[i].sha, 'a' + i, 40);
		f->commits[i].subject = (char *)subjects[i];
	}
	f->commits[1].path_match = 1;
	f->commits[2].tag_match = 1;
	f->commits[2].path_match = 1;
	f->w.series.points = f->points;
	f->w.series.nr = 3;
	f->w.commits = f->commits;
	f->w.nr_commits = 3;
	f->w.nr_slice = 2;
	f->w.listed = 1;
	strcpy(f->w.last_good.sha, "1111111111111111111111111111111111111111");
	strcpy(f->w.first_bad.sha, "2222222222222222222222222222222222222222");
}

/* Explain s over f's window into r, a result not yet initialised. */
static void explain(struct classify_result *r, struct classify_signals *s,
		    struct fake *f, struct classify_options *o)
{
	classify_result_init(r);
	classify_explain(r, s, &f->w, o);
}

/* The kernels that keep a move open (struct classify_signals, step.h). */
static void set_open_kernels(struct classify_signals *s, const char *kernel, double pct, double z, size_t nr,
			     double geomean_pct)
{
	s->open_kernel = kernel;
	s->open_kernel_pct = pct;
	s->open_kernel_z = z;
	s->nr_open_kernels = nr;
	s->open_geomean_pct = geomean_pct;
}

/* classify_explain() on s must give cause and reason: two tests, named name and reason_name. */
static void explained(struct classify_result *r, struct classify_signals *s, struct fake *f,
		      struct classify_options *o, enum cause cause, const char *name, const char *reason,
		      const char *reason_name)
{
	explain(r, s, f, o);
	is_int(r->cause, cause, name);
	is_str(r->truth_reason, reason, reason_name);
	classify_result_release(r);
}

static void test_explain(void)
{
	struct classify_options o;
	struct classify_signals s;
	struct classify_result r;
	double noise_pct, others[2];
	struct kernel_step ksteps[2] = {
		{ .kernel = "k1", .index = 1, .first_bad = 1, .last_good = 0, .change_pct = -5.5,
		  .noise_pct = 1.0, .score = 4.2, .se_pct = 0.4, .z = 14 },
		{ .kernel = "k2", .index = 1, .first_bad = 1, .last_good = 0, .change_pct = -5.5,
		  .noise_pct = 1.2, .score = 4.6, .se_pct = 0.5, .z = 11 },
	};
	struct fake f;

	classify_options_init(&o);
	fake_window(&f);
	regression(&s);
	s.nr_commits = 3;
	s.nr_slice = 2;
	s.method = xcalloc(3, sizeof(*s.method));
	explain(&r, &s, &f, &o);
	is_int(r.cause, CAUSE_REAL_REGRESSION, "explained as a real regression");
	is_int(r.nr_candidates, 3, "every window commit is a candidate");
	is_str(r.candidates[0].why, "slice-tag", "the tag match first");
	ok(r.candidates[0].commit == &f.commits[2], "it is the [cute] commit");
	is_str(r.candidates[1].why, "slice-path", "then the path match");
	is_str(r.candidates[2].why, "window", "then the rest");
	ok(r.culprit == NULL, "two commits in the slice: no culprit named");
	is_num(r.truth, 1.36, 1e-12, "the true speedup of a real regression is the after level");
	is_str(r.evidence.v[0], "step: helion speedup 1.600 -> 1.360 (-15.0% ± 0.4%) from 2026-09-09 to 2026-09-10, 40.0x its standard error (the series noise 0.5% a night): it persists over the next 8 nightlies",
	       "the step line");
	classify_result_release(&r);

	f.commits[1].path_match = 0;
	f.w.nr_slice = 1;
	explain(&r, &s, &f, &o);
	ok(r.culprit == &f.commits[2], "exactly one commit in the slice: the culprit");
	classify_result_release(&r);

	s.method[0] = "benchmarks/run.py";
	s.nr_method = 1;
	s.latency_pct = 0.2;
	explain(&r, &s, &f, &o);
	is_int(r.cause, CAUSE_METHOD_CHANGE, "a harness commit and flat latency");
	is_int(r.nr_candidates, 1, "the measurement commit is the only candidate");
	is_str(r.candidates[0].why, "measurement", "marked as such");
	ok(r.culprit == &f.commits[0], "and the culprit");
	is_num(r.truth, 1.6, 1e-12, "latency flat: the before side is honest");
	classify_result_release(&r);

	s.triton_pct = s.torch_compile_pct = -15;
	explain(&r, &s, &f, &o);
	is_int(r.cause, CAUSE_METHOD_CHANGE, "shared, latency flat: the baseline moved");
	ok(r.culprit == NULL, "a baseline that moved is no commit's doing: no culprit");
	classify_result_release(&r);
	s.triton_pct = s.torch_compile_pct = 0.1;
	s.latency_pct = 17.6;
	s.nr_method = 0;
	s.method[0] = NULL;
	f.w.nr_commits = 1;
	s.nr_commits = 1;
	s.score = 4;
	explain(&r, &s, &f, &o);
	is_int(r.cause, CAUSE_REAL_REGRESSION, "a real regression at 4x the noise");
	ok(r.culprit == NULL, "under 5x the noise its night is not sure: no culprit");
	classify_result_release(&r);
	s.move_kernels = 2;
	s.move_pct = -5.5;
	explain(&r, &s, &f, &o);
	ok(r.culprit == NULL, "kernels behind a weak platform step do not locate it");
	classify_result_release(&r);
	s.found = 0;
	s.nr_kernel_steps = 2;
	f.w.kernel_steps = ksteps;
	f.w.nr_kernel_steps = 2;
	ksteps[0].score = 3.0;
	ksteps[1].score = 3.5;
	explain(&r, &s, &f, &o);
	is_int(r.cause, CAUSE_REAL_REGRESSION, "no platform step, two kernels stepped: real regression");
	ok(r.culprit == NULL, "kernels at 3.0x and 3.5x their own noise, 4.6x together, do not locate it");
	classify_result_release(&r);
	ksteps[0].score = 4.2;
	ksteps[1].score = 4.6;
	explain(&r, &s, &f, &o);
	ok(r.culprit == &f.commits[0], "at 4.2x and 4.6x, 6.2x together, they locate it: the culprit");
	classify_result_release(&r);
	ksteps[1].first_bad = 2;	/* k2's own window reaches past the answer's pair */
	explain(&r, &s, &f, &o);
	ok(r.culprit == NULL, "a kernel whose own window is wider does not place the night");
	classify_result_release(&r);
	ksteps[1].first_bad = 1;
	ksteps[1].score = 7.1;
	explain(&r, &s, &f, &o);
	ok(r.culprit == &f.commits[0], "a kernel that stepped 5x its own noise locates it: one commit, the culprit");
	classify_result_release(&r);
	f.w.kernel_steps = NULL;
	f.w.nr_kernel_steps = 0;
	s.found = 1;
	s.nr_kernel_steps = 0;
	s.move_kernels = 0;
	s.move_pct = NAN;
	s.score = 32;
	f.w.nr_commits = 3;
	s.nr_commits = 3;
	s.triton_pct = s.torch_compile_pct = -15;
	explain(&r, &s, &f, &o);
	is_int(r.cause, CAUSE_HARDWARE, "hardware");
	is_int(r.nr_candidates, 0, "no candidates for hardware");
	ok(r.culprit == NULL, "and no culprit");
	classify_result_release(&r);
	s.triton_pct = s.torch_compile_pct = 0.1;
	s.found = 0;
	s.undecided = 1;
	s.change_pct = -1.2;
	s.se_pct = 0.46;
	s.z = 2.6;
	s.reason = "under the noise multiple";
	explain(&r, &s, &f, &o);
	is_int(r.cause, CAUSE_UNDECIDED, "undecided");
	is_str(cause_titles[r.cause], "undecided", "titled so");
	is_str(cause_json_names[r.cause], "undecided", "and so in JSON");
	ok(r.culprit == NULL && r.nr_candidates == 0, "no culprit and no candidates");
	ok(isnan(r.truth), "no side is the honest one until it is settled");
	is_str(r.truth_reason, "undecided: the move measured -1.2% \u00b1 0.5%, 2.6x its standard error (under the noise multiple), where a step needs 3.0x and 2.0%; neither a step nor ruled out, so no rule weighs it: more nightlies after it would settle it (they shrink the standard error), or a lower --noise-multiple would accept it, at the price of more false steps",
	       "what was measured and what would settle it");
	classify_result_release(&r);
	s.undecided = 0;
	s.not_ruled_out = 1;
	s.change_pct = -2.4;
	s.se_pct = 1.8;
	s.bound_pct = 6.2;	/* two standard errors beyond the move (step_bound_pct()) */
	s.z = 1.3;
	noise_pct = s.noise_pct;
	s.noise_pct = 3.6;
	explained(&r, &s, &f, &o, CAUSE_UNDECIDED, "no step, the noise leaving room for one: undecided",
		  "undecided: the move measured -2.4% \u00b1 1.8%, 1.3x its standard error, under the noise multiple (a step needs 3.0x and 2.0%), yet the noise (3.6% a night) leaves room for a move of up to 6.2%, so it is not ruled out: more nightlies after it would settle it (they shrink the standard error)",
		  "the room the noise leaves, and what would settle it");
	/* Machine states folded: the room is of the noise within a state. */
	s.state_noise_pct = 0.9;
	s.bound_pct = 3.4;
	explain(&r, &s, &f, &o);
	is_str(r.truth_reason, "undecided: the move measured -2.4% \u00b1 1.8%, 1.3x its standard error, under the noise multiple (a step needs 3.0x and 2.0%), yet the noise (3.6% a night, 0.9% within a machine state) leaves room for a move of up to 3.4%, so it is not ruled out: more nightlies after it would settle it (they shrink the standard error)",
	       "under machine states, the noise within a state is named");
	classify_result_release(&r);
	/* That noise would rule the move out, but one kernel moved beside it. */
	set_open_kernels(&s, "kernel_c", -6.1, 18.8, 1, -1.2);
	explained(&r, &s, &f, &o, CAUSE_UNDECIDED, "a kernel that moved keeps it open: undecided",
		  "undecided: the move measured -2.4% \u00b1 1.8%, 1.3x its standard error, under the noise multiple (a step needs 3.0x and 2.0%), and the noise within a machine state (0.9% a night) would rule out a move of 2.0%, but kernel_c moved -6.1% beside it, 18.8x its standard error: each kernel's own series (--kernel) or a bisection of the window (run) would settle it",
		  "the kernel, its move and what would settle it");
	/* Two kernels, each undecided, that move the geomean by --min-change together. */
	set_open_kernels(&s, "kernel_a", -5.4, 3.0, 2, -2.2);
	explain(&r, &s, &f, &o);
	is_str(r.truth_reason, "undecided: the move measured -2.4% \u00b1 1.8%, 1.3x its standard error, under the noise multiple (a step needs 3.0x and 2.0%), and the noise within a machine state (0.9% a night) would rule out a move of 2.0%, but kernel_a and 1 more kernel moved beside it, -2.2% of the geomean together (kernel_a -5.4%, 3.0x its standard error): each kernel's own series (--kernel) or a bisection of the window (run) would settle it",
	       "kernels that move the geomean together, and what would settle it");
	classify_result_release(&r);
	s.open_kernel = NULL;
	s.state_noise_pct = NAN;
	s.not_ruled_out = 0;
	/* Ruled out, but every other implementation moved: a baseline's move the noise may hide. */
	others[0] = s.triton_pct;
	others[1] = s.torch_compile_pct;
	s.triton_pct = -4.9;
	s.torch_compile_pct = -4.2;
	explained(&r, &s, &f, &o, CAUSE_UNDECIDED, "no step, every other implementation moved: undecided, not noise",
		  "undecided: the move measured -2.4% \u00b1 1.8%, 1.3x its standard error, no step, but triton (-4.9%) and torch_compile (-4.2%) moved beyond their own noise: a baseline that moved them moves Helion's speedup too, which the helion series' noise (3.6% a night) may hide; a bisection of the window (run) would settle it",
		  "what the other implementations show, and what would settle it");
	s.triton_pct = others[0];
	s.torch_compile_pct = others[1];
	s.se_pct = 0.46;
	s.noise_pct = noise_pct;
	s.found = 1;
	s.undecided = 0;
	s.z = 20;
	s.change_pct = -14.9;
	s.triton_pct = -15;
	explained(&r, &s, &f, &o, CAUSE_UNDECIDED, "a persistent step some implementations share: undecided",
		  "undecided: the move measured -14.9% \u00b1 0.5%, 20.0x its standard error, and persists, but only some of the other implementations moved with it (triton -15.0%, torch_compile +0.1%), so no rule names its cause: each kernel's own series (--kernel) or a bisection of the window (run) would settle it",
		  "what was measured and what would settle it");
	s.triton_pct = 0.1;
	s.latency_pct = 9;
	s.latency_noise_pct = 2.5;
	explained(&r, &s, &f, &o, CAUSE_UNDECIDED, "latency within its noise, which could hide half the move: undecided",
		  "undecided: the move measured -14.9% \u00b1 0.5%, 20.0x its standard error, but latency moved +9.0%, within its noise (3.5x its standard error), which leaves room for it to explain half the speedup's move or none of it: a real regression and a changed measurement both fit; more nightlies after it (they shrink the standard error) or a bisection of the window (run) would settle it",
		  "what latency leaves open, and what would settle it");
	s.triton_pct = -15;
	s.latency_pct = 17.6;
	s.latency_noise_pct = NAN;
	s.persistent = 0;
	s.nr_after = 1;
	explained(&r, &s, &f, &o, CAUSE_UNDECIDED, "a step one nightly old: undecided",
		  "undecided: the move measured -14.9% \u00b1 0.5%, 20.0x its standard error, but 1 nightly after it cannot tell a step that persists from a spike: the next nightlies will settle it",
		  "what was measured and what would settle it");
	classify_signals_release(&s);
	classify_options_release(&o);
}

static void test_measure_config(void)
{
	static const char dispatch[] =
		"on:\n  workflow_dispatch:\n    inputs:\n"
		"      kernels:\n        description: \"kernels\"\n        default: \"matmul, softmax,,rope\"\n"
		"      kernels_cute:\n        required: false\n        default: 'matmul,softmax'\n"
		"      kernels_tpu:\n        default: matmul\n"
		"jobs:\n  default: \"not,a,list\"\n";
	static const char runpy[] =
		"KERNEL_MAPPINGS = {\n"
		"    \"matmul\": (\"tb.matmul\", \"examples.matmul\", \"matmul_tb\"),\n"
		"    \"rms_norm-bwd\": (\n        \"tb.rms\",\n        {\"remove_flags\": [\"--cudagraph\"]},\n    ),\n"
		"    \"softmax\": (\n        \"tb.softmax\",\n        {\n            \"remove_flags\": [\n"
		"                \"--cudagraph\",\n            ],\n        },\n    ),\n"
		"    \"geglu\": (\"tb.geglu\", {\"remove_flags\": [\"--fp8\"]}),\n"
		"}\n";
	struct strvec v = STRVEC_INIT;

	ok(dispatch_default_list(dispatch, "kernels", &v), "kernels has a default");
	ok(v.nr == 3 && !strcmp(v.v[1], "softmax") && !strcmp(v.v[2], "rope"),
	   "blanks trimmed, empty items skipped");
	strvec_clear(&v);
	ok(dispatch_default_list(dispatch, "kernels_cute", &v) && v.nr == 2, "single-quoted list");
	strvec_clear(&v);
	ok(dispatch_default_list(dispatch, "kernels_tpu", &v) && v.nr == 1, "unquoted list");
	strvec_clear(&v);
	ok(!dispatch_default_list(dispatch, "kernels_rocm", &v) && !v.nr, "an input that is not there");

	runpy_no_cudagraph(runpy, &v);
	is_int(v.nr, 2, "two kernels drop --cudagraph");
	is_str(v.v[0], "rms_norm-bwd", "one inline");
	is_str(v.v[1], "softmax", "one over several lines");
	strvec_clear(&v);

	dispatch_inputs("b200_cute", &v);
	is_str(v.v[0], "kernels_cute", "backend suffix");
	strvec_clear(&v);
	dispatch_inputs("tpu", &v);
	is_str(v.v[0], "kernels_tpu", "tpu");
	strvec_clear(&v);
	dispatch_inputs("h100", &v);
	ok(v.nr == 2 && !strcmp(v.v[0], "kernels") && !strcmp(v.v[1], "kernels_linattn"),
	   "no suffix: kernels and kernels_linattn");
	strvec_clear(&v);
}

/*
 * Two causes at once: kernels whose latency agrees with their speedup
 * move, and one whose speedup moved with latency flat. Each kernel is
 * judged alone; the timing change is named and left out of the truth.
 */
static void test_timing_split(void)
{
	struct classify_options o;
	struct classify_signals s;
	struct classify_result r;
	struct kernel_timers real = { "matmul", -14.8, 17.7, 0.5 };
	struct kernel_timers timed = { "softmax", -40.5, 0.5, 0.5, -40.5, 0 };
	struct kernel_timers small = { "rope", -5, 0.5, 3 };
	struct fake f;

	classify_options_init(&o);
	regression(&s);
	s.level_se = 0.67;
	is_int(classify_kernel_timers(&s, &real, &o), TIMERS_AGREE, "one kernel alone: latency agrees");
	ok(!classify_kernel_timing_changed(&s, &real, &o), "its timing did not change");
	ok(classify_kernel_real(&s, &real, &o), "a real change beside others whose timing changed");
	real.latency_pct = 1.2;
	is_int(classify_kernel_timers(&s, &real, &o), TIMERS_AGREE, "latency +1.2%%: beyond its noise");
	ok(!classify_kernel_real(&s, &real, &o),
	   "but a fifteenth of the speedup's move: no real change claimed beside a timing change");
	ok(!classify_kernel_partly_timing(&s, &real, &o),
	   "nor a real part: the -1.2%% it explains is under --min-change");
	real.speedup_pct = -48.9;
	real.latency_pct = 17.7;
	is_num(classify_latency_speedup_pct(&real), -15.0382, 1e-4, "latency +17.7%%: a speedup of -15.0%%");
	ok(!classify_kernel_real(&s, &real, &o), "retimed and regressed: under half the move, not all real");
	ok(classify_kernel_partly_timing(&s, &real, &o), "but a real part and a timing part, each beyond the noise");
	real.speedup_pct = -14.8;
	is_int(classify_kernel_timers(&s, &timed, &o), TIMERS_FLAT, "speedup -40.5%, latency +0.5%: flat");
	ok(classify_kernel_timing_changed(&s, &timed, &o), "its timing changed, not the kernel");
	timed.latency_pct = -30;
	ok(classify_kernel_timing_changed(&s, &timed, &o), "latency the speedup's way: its timing changed too");
	timed.latency_pct = 0.5;
	is_int(classify_kernel_timers(&s, &small, &o), TIMERS_FLAT, "-5% with 3% latency noise: flat");
	ok(!classify_kernel_timing_changed(&s, &small, &o),
	   "but a real -5%% could hide in that latency noise: no timing change claimed");

	/* gathered: the judged move is the agreeing kernels', softmax apart */
	s.change_pct = -15.4;
	s.after = 1.348;
	s.move_pct = -14.7;
	s.move_kernels = 2;
	s.latency_pct = 17.7;
	s.kernels = xcalloc(5, sizeof(*s.kernels));
	for (size_t i = 0; i < 5; i++) {
		static const char *const names[] = { "matmul", "softmax", "layer_norm", "rms_norm", "rope" };
		static const double pcts[] = { -14.8, -40.5, -14.6, 0.1, -0.2 };

		s.kernels[i].name = xstrdup(names[i]);
		s.kernels[i].change_pct = pcts[i];
		s.kernels[i].flag = i < 3;
	}
	s.nr_kernels = 5;
	s.nr_commits = 3;
	s.nr_slice = 2;
	s.timing = xcalloc(1, sizeof(*s.timing));
	s.timing[0] = timed;
	s.timing[0].name = xstrdup("softmax");
	s.nr_timing = 1;
	s.method = xcalloc(3, sizeof(*s.method));
	s.method[0] = "benchmarks/run.py";
	s.nr_method = 1;
	fake_window(&f);
	explain(&r, &s, &f, &o);
	is_int(r.cause, CAUSE_REAL_REGRESSION, "the agreeing kernels regressed: real regression");
	is_num(r.truth, 1.348 / pow(0.595, 1.0 / 5), 1e-12,
	       "the true speedup: the after level with softmax at its before level");
	is_int(r.nr_candidates, 3, "every window commit is a candidate");
	is_str(r.candidates[2].why, "measurement", "the harness commit last, as a measurement commit");
	ok(r.candidates[2].commit == &f.commits[0], "it is the run.py commit");
	is_str(r.evidence.v[3], "timers (the kernels behind the move whose timers agree): speedup -14.7% and latency +17.7% (48.8x its standard error): they agree (both moved, opposite ways); softmax: speedup -40.5% but latency +0.5%, flat: its timing changed, not the kernel (left out)",
	       "the timers line says both");
	is_str(r.items[3].verdict, "split", "its verdict: split");
	classify_result_release(&r);
	classify_signals_release(&s);
	classify_options_release(&o);
}

/* A side that starts after its good end is empty: no data, not a wrapped range. */
static void test_reversed_sides(void)
{
	double v[] = { 1.0, 2.0, 3.0, 4.0, 5.0 };
	struct sides sd = { 3, 2, 3, 5 };

	ok(isnan(classify_median_range(v, 3, 2)), "median of a reversed range: no data");
	ok(isnan(classify_median_range(v, 2, 2)), "median of an empty range: no data");
	is_num(classify_median_range(v, 1, 4), 3.0, 1e-12, "median of 2, 3, 4: 3");
	ok(isnan(classify_range_change(v, &sd)), "a side reversed: no change measured");
	sd.lo = 0;
	is_num(classify_range_change(v, &sd), 100 * (4.5 / 1.5 - 1), 1e-12, "sides 1, 2 and 4, 5: +200%");
}

int main(void)
{
	test_reversed_sides();
	test_timers_and_sharing();
	test_rules();
	test_method_paths();
	test_explain();
	test_timing_split();
	test_measure_config();
	return done_testing();
}
