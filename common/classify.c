#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "usage.h"
#include "strbuf.h"
#include "date.h"
#include "classify.h"

const char *const cause_json_names[CAUSE_NR] = {
	"real_regression", "method_change", "hardware", "noise"
};
const char *const cause_titles[CAUSE_NR] = {
	"real regression", "benchmark method change", "hardware issue", "noise"
};

/* DATA.md: files whose change alters the measurement, not the kernel. */
static const char *const default_method_paths[] = {
	"benchmarks/run.py",
	".github/workflows/benchmark_dispatch.yml",
	".github/workflows/compute-benchmark-matrix.yml",
	".github/ci_commit_pins/tritonbench.txt",
	"helion/autotuner/effort_profile.py",
	".github/workflows/benchmark*.yml",	/* last: the named files above win */
};

void classify_options_init(struct classify_options *o)
{
	memset(o, 0, sizeof(*o));
	o->noise_multiple = 3.0;
	o->min_change = 2.0;
	o->shared_ratio = 0.5;
	o->agree_ratio = 0.5;
	o->flat_ratio = 0.25;
	o->span = 7;
	strvec_init(&o->method_paths);
	for (size_t i = 0; i < ARRAY_SIZE(default_method_paths); i++)
		strvec_push(&o->method_paths, default_method_paths[i]);
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
		strvec_push(&o->method_paths, item);
	free(copy);
}

void classify_signals_init(struct classify_signals *s)
{
	memset(s, 0, sizeof(*s));
	s->before = s->after = s->change_pct = s->noise_pct = s->level = NAN;
	s->spike_pct = s->raw_change_pct = NAN;
	s->triton_pct = s->torch_compile_pct = s->latency_pct = NAN;
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

/* A percentage for printing: no "-0.0". */
static double tidy(double pct)
{
	return fabs(pct) < 0.05 ? 0.0 : pct;
}

static int big_enough(double pct, double noise_pct, const struct classify_options *o)
{
	return !isnan(pct) && fabs(lchange(pct)) >= o->noise_multiple * lchange(noise_pct) &&
		fabs(pct) >= o->min_change;
}

int classify_step_significant(const struct classify_signals *s, const struct classify_options *o)
{
	return s->index > 0 && s->score >= o->noise_multiple && fabs(s->change_pct) >= o->min_change;
}

/* The kernel set changed at the step, and that alone moved the naive geomean. */
static int set_change_matters(const struct classify_signals *s, const struct classify_options *o)
{
	double gap;

	if (!s->set_changed || isnan(s->raw_change_pct))
		return 0;
	gap = 100 * expm1(lchange(s->raw_change_pct) - (isnan(s->change_pct) ? 0 : lchange(s->change_pct)));
	return big_enough(gap, s->noise_pct, o) && big_enough(s->raw_change_pct, s->noise_pct, o);
}

enum timers classify_timers(const struct classify_signals *s, const struct classify_options *o)
{
	double spd, lat, r;

	if (isnan(s->latency_pct) || isnan(s->change_pct) || s->change_pct == 0)
		return TIMERS_UNKNOWN;
	spd = lchange(s->change_pct);
	lat = lchange(s->latency_pct);
	if (fabs(lat) < o->flat_ratio * fabs(spd))
		return TIMERS_FLAT;
	r = -lat / spd;
	if (r >= o->agree_ratio && r <= 1 / o->agree_ratio)
		return TIMERS_AGREE;
	return TIMERS_DISAGREE;
}

/* 1: moved with Helion; 0: stayed; -1: moved the other way. */
static int moved_with(double pct, double helion_pct, double ratio)
{
	double x = lchange(pct), h = lchange(helion_pct);

	if (fabs(x) < ratio * fabs(h))
		return 0;
	return (x < 0) == (h < 0) ? 1 : -1;
}

enum sharing classify_sharing(const struct classify_signals *s, const struct classify_options *o)
{
	double others[2] = { s->triton_pct, s->torch_compile_pct };
	size_t n = 0, with = 0, still = 0;

	if (isnan(s->change_pct))
		return SHARING_UNKNOWN;
	if (s->pretuned) {
		for (size_t i = 0; i < s->nr_baselines; i++) {
			if (isnan(s->baselines[i].change_pct))
				continue;
			n++;
			with += moved_with(s->baselines[i].change_pct, s->change_pct, o->shared_ratio) == 1;
		}
		if (!n)
			return SHARING_UNKNOWN;
		return with == n ? SHARING_HELION_ONLY : with ? SHARING_BASELINE : SHARING_PARTIAL;
	}
	for (size_t i = 0; i < ARRAY_SIZE(others); i++) {
		int m;

		if (isnan(others[i]))
			continue;
		n++;
		m = moved_with(others[i], s->change_pct, o->shared_ratio);
		with += m == 1;
		still += m == 0;
	}
	if (!n)
		return SHARING_UNKNOWN;
	return still == n ? SHARING_HELION_ONLY : with == n ? SHARING_ALL : SHARING_PARTIAL;
}

enum cause classify_decide(const struct classify_signals *s, const struct classify_options *o)
{
	int moved = classify_step_significant(s, o) && s->persistent;
	int set_matters = set_change_matters(s, o);
	enum timers t = classify_timers(s, o);
	enum sharing sh = classify_sharing(s, o);
	int timers_ok = t == TIMERS_AGREE || t == TIMERS_UNKNOWN;

	if (!moved && !set_matters)
		return CAUSE_NOISE;
	if (set_matters || s->nr_method || t == TIMERS_FLAT || t == TIMERS_DISAGREE ||
	    sh == SHARING_BASELINE)
		return CAUSE_METHOD_CHANGE;
	if (sh == SHARING_ALL && t == TIMERS_AGREE)
		return CAUSE_HARDWARE;
	if (s->empty && timers_ok)
		return CAUSE_HARDWARE;
	if (sh == SHARING_HELION_ONLY && timers_ok)
		return CAUSE_REAL_REGRESSION;
	return CAUSE_NOISE;
}

void classify_result_init(struct classify_result *r)
{
	memset(r, 0, sizeof(*r));
	strvec_init(&r->evidence);
	strvec_init(&r->warnings);
	r->before = r->after = r->truth = NAN;
}

void classify_result_release(struct classify_result *r)
{
	strvec_clear(&r->evidence);
	strvec_clear(&r->warnings);
	free(r->candidates);
	free(r->truth_reason);
	classify_result_init(r);
}

static void addf(struct strvec *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void addf(struct strvec *sv, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	va_end(ap);
	strvec_push(sv, s);
	free(s);
}

/* "name -1.2%" items joined by ", "; "name no data" for NAN. */
static void add_moves(struct strbuf *sb, const struct named_move *m, size_t n, int only_flagged)
{
	const char *sep = "";

	for (size_t i = 0; i < n; i++) {
		if (only_flagged && !m[i].flag)
			continue;
		if (isnan(m[i].change_pct))
			strbuf_addf(sb, "%s%s no data", sep, m[i].name);
		else
			strbuf_addf(sb, "%s%s %+.1f%%", sep, m[i].name, tidy(m[i].change_pct));
		sep = ", ";
	}
}

static void push_buf(struct strvec *sv, struct strbuf *sb)
{
	strvec_push(sv, sb->buf);
	strbuf_reset(sb);
}

static const char *day_of(const struct window *w, size_t index, char buf[16])
{
	return format_day(buf, w->series.points[index].run->time);
}

static void explain_step(struct strvec *ev, const struct classify_signals *s,
			 const struct window *w, const struct classify_options *o)
{
	const char *what = s->pretuned ? "geomean" : "helion speedup";
	char d1[16], d2[16];
	const char *tail;

	if (!s->index) {
		addf(ev, "step: no nightly boundary near the date");
		return;
	}
	if (!classify_step_significant(s, o))
		tail = "inside the noise band";
	else if (s->nr_after < 2)
		tail = "too few nightlies after it to tell whether it persists";
	else if (!s->persistent)
		tail = "it reverts in the nightlies after it";
	else
		tail = NULL;
	if (tail)
		addf(ev, "step: %s %.3f -> %.3f (%+.1f%%) from %s to %s, %.1fx the series noise (%.1f%%): %s",
		     what, s->before, s->after, tidy(s->change_pct), day_of(w, s->index - 1, d1),
		     day_of(w, s->index, d2), s->score, s->noise_pct, tail);
	else
		addf(ev, "step: %s %.3f -> %.3f (%+.1f%%) from %s to %s, %.1fx the series noise (%.1f%%): it persists over the next %zu nightlies",
		     what, s->before, s->after, tidy(s->change_pct), day_of(w, s->index - 1, d1),
		     day_of(w, s->index, d2), s->score, s->noise_pct, s->nr_after);
	if (s->spike && big_enough(s->spike_pct, s->noise_pct, o) &&
	    !(classify_step_significant(s, o) && s->persistent))
		addf(ev, "spike: the %s nightly alone moved %+.1f%% against the level around it, and the next nightly is back: a one-night spike",
		     day_of(w, s->spike, d1), tidy(s->spike_pct));
}

static void explain_kernel_set(struct strvec *ev, const struct classify_signals *s,
			       const struct classify_options *o)
{
	if (!s->index)
		return;
	if (!s->set_changed) {
		addf(ev, "kernel set: %zu kernels on both nightlies", s->kernels_after);
		return;
	}
	addf(ev, "kernel set: changed at the step, %zu -> %zu kernels; the naive geomean moved %+.1f%% (%.1fx the noise) against %+.1f%% for the kernels on both nightlies%s",
	     s->kernels_before, s->kernels_after, tidy(s->raw_change_pct), s->raw_score,
	     tidy(s->change_pct),
	     set_change_matters(s, o) ? "" : ": the change does not explain the move");
}

static void explain_sharing(struct strvec *ev, const struct classify_signals *s,
			    const struct classify_options *o)
{
	static const char *const main_tail[] = {
		[SHARING_HELION_ONLY] = "Helion-only",
		[SHARING_ALL] = "shared by every implementation",
		[SHARING_PARTIAL] = "partly shared",
	};
	static const char *const pretuned_tail[] = {
		[SHARING_HELION_ONLY] = "every baseline ratio moved alike, so Helion's own time moved",
		[SHARING_PARTIAL] = "no baseline ratio moved with the geomean",
		[SHARING_BASELINE] = "only some baseline ratios moved, so a baseline changed, not Helion",
	};
	enum sharing sh = classify_sharing(s, o);
	struct strbuf sb = STRBUF_INIT;
	const char *tail = NULL;

	if (!s->index || isnan(s->change_pct))
		return;
	if (!classify_step_significant(s, o))
		tail = "no step beyond the noise to compare";
	if (s->pretuned) {
		if (sh == SHARING_UNKNOWN) {
			addf(ev, "baselines: no per-baseline data");
		} else {
			strbuf_addstr(&sb, "baselines: ");
			add_moves(&sb, s->baselines, s->nr_baselines, 0);
			strbuf_addf(&sb, " against geomean %+.1f%%: %s", tidy(s->change_pct),
				    tail ? tail : pretuned_tail[sh]);
			push_buf(ev, &sb);
		}
		if (s->total_before > 0 && s->total_after > 0)
			addf(ev, "helion wins: %d/%d -> %d/%d", s->wins_before, s->total_before,
			     s->wins_after, s->total_after);
	} else if (sh == SHARING_UNKNOWN) {
		addf(ev, "implementations: no triton or torch_compile data");
	} else {
		struct named_move m[2] = { { "triton", s->triton_pct, 0 },
					   { "torch_compile", s->torch_compile_pct, 0 } };

		strbuf_addstr(&sb, "implementations: ");
		add_moves(&sb, m, 2, 0);
		strbuf_addf(&sb, " against helion %+.1f%%: %s", tidy(s->change_pct),
			    tail ? tail : main_tail[sh]);
		push_buf(ev, &sb);
	}
	strbuf_release(&sb);
}

static void explain_timers(struct strvec *ev, const struct classify_signals *s,
			   const struct classify_options *o)
{
	if (!s->index || isnan(s->change_pct))
		return;
	if (!isnan(s->latency_pct) && !classify_step_significant(s, o)) {
		addf(ev, "timers: speedup %+.1f%% and latency %+.1f%%: no step beyond the noise to compare",
		     tidy(s->change_pct), tidy(s->latency_pct));
		return;
	}
	switch (classify_timers(s, o)) {
	case TIMERS_UNKNOWN:
		addf(ev, "timers: %s: not checked",
		     s->pretuned ? "no latency on the Pretuned tab" : "no latency data");
		break;
	case TIMERS_AGREE:
		addf(ev, "timers: speedup %+.1f%% and latency %+.1f%%: they agree (opposite ways, alike in size)",
		     tidy(s->change_pct), tidy(s->latency_pct));
		break;
	case TIMERS_FLAT:
		addf(ev, "timers: speedup %+.1f%% but latency %+.1f%%: latency is flat, the timers disagree",
		     tidy(s->change_pct), tidy(s->latency_pct));
		break;
	case TIMERS_DISAGREE:
		addf(ev, "timers: speedup %+.1f%% and latency %+.1f%%: the timers disagree",
		     tidy(s->change_pct), tidy(s->latency_pct));
		break;
	}
}

static void explain_platforms(struct strvec *ev, const struct classify_signals *s,
			      const struct window *w)
{
	struct strbuf sb = STRBUF_INIT;
	size_t moved = 0;
	char day[16];

	if (!s->index)
		return;
	if (!s->platforms_known) {
		addf(ev, "other platforms: none in the dashboard");
		return;
	}
	day_of(w, s->index, day);
	if (!s->nr_platforms) {
		addf(ev, "other platforms: none ran the %s nightly", day);
		return;
	}
	strbuf_addf(&sb, "other platforms on the %s nightly: ", day);
	add_moves(&sb, s->platforms, s->nr_platforms, 0);
	for (size_t i = 0; i < s->nr_platforms; i++)
		moved += s->platforms[i].flag;
	if (!moved) {
		strbuf_addstr(&sb, ": none moved");
	} else {
		strbuf_addstr(&sb, ": ");
		for (size_t i = 0, k = 0; i < s->nr_platforms; i++)
			if (s->platforms[i].flag)
				strbuf_addf(&sb, "%s%s", k++ ? ", " : "", s->platforms[i].name);
		strbuf_addstr(&sb, " moved too");
	}
	push_buf(ev, &sb);
	strbuf_release(&sb);
}

static void explain_window(struct strvec *ev, const struct classify_signals *s,
			   const struct window *w)
{
	struct strbuf sb = STRBUF_INIT;

	if (s->empty) {
		addf(ev, "window: empty: both nightlies ran on %.8s, so no code change lies between them",
		     w->first_bad.resolved ? w->first_bad.sha :
		     w->first_bad.point ? w->first_bad.point->run->sha : "?");
		return;
	}
	if (!s->listed) {
		addf(ev, "window: not listed: a nightly's commit is not in this repository");
		return;
	}
	addf(ev, "window: %zu first-parent commit%s in %.8s..%.8s", s->nr_commits,
	     s->nr_commits == 1 ? "" : "s", w->last_good.sha, w->first_bad.sha);
	if (!s->nr_method) {
		addf(ev, "measurement: no window commit touches the measurement paths");
	} else {
		strbuf_addf(&sb, "measurement: %zu window commit%s touch%s the measurement: ", s->nr_method,
			    s->nr_method == 1 ? "" : "s", s->nr_method == 1 ? "es" : "");
		for (size_t i = 0, k = 0; i < s->nr_commits; i++)
			if (s->method[i])
				strbuf_addf(&sb, "%s%.8s (%s)", k++ ? ", " : "", w->commits[i].sha,
					    s->method[i]);
		push_buf(ev, &sb);
	}
	addf(ev, "slice: %zu of %zu window commits match the slice", s->nr_slice, s->nr_commits);
	strbuf_release(&sb);
}

static void explain_kernels(struct strvec *ev, const struct classify_signals *s)
{
	struct strbuf sb = STRBUF_INIT;
	size_t behind = 0;

	if (!s->index || s->nr_kernels < 2)
		return;
	for (size_t i = 0; i < s->nr_kernels; i++)
		behind += s->kernels[i].flag;
	if (!behind) {
		addf(ev, "kernels behind the move: none stands out (%zu kernels)", s->nr_kernels);
		return;
	}
	strbuf_addstr(&sb, "kernels behind the move: ");
	add_moves(&sb, s->kernels, s->nr_kernels, 1);
	strbuf_addf(&sb, " (%zu of %zu)", behind, s->nr_kernels);
	push_buf(ev, &sb);
	strbuf_release(&sb);
}

/* The dispatch list and the cudagraph check at first bad; warnings for stderr. */
static void explain_measure(struct classify_result *r, const struct classify_signals *s,
			    const struct window *w)
{
	const struct measure_config *mc = &s->at_bad;
	struct strbuf sb = STRBUF_INIT, behind = STRBUF_INIT;
	size_t untimed = 0;

	if (!s->index)
		return;
	if (!w->first_bad.resolved) {
		addf(&r->evidence, "dispatch and cudagraph: not checked: the first bad commit is not in this repository");
		return;
	}
	if (mc->has_list) {
		strbuf_addf(&sb, "dispatch at %.8s: %zu kernels in %s", w->first_bad.sha,
			    mc->kernels.nr, mc->inputs.v[0]);
		for (size_t i = 1; i < mc->inputs.nr; i++)
			strbuf_addf(&sb, "%s%s", i + 1 < mc->inputs.nr ? ", " : " and ", mc->inputs.v[i]);
		if (s->at_good.has_list && s->at_good.kernels.nr != mc->kernels.nr)
			strbuf_addf(&sb, " (%zu at %.8s)", s->at_good.kernels.nr, w->last_good.sha);
		for (size_t i = 0; i < s->nr_kernels; i++)
			if (s->kernels[i].flag && measure_config_runs(mc, s->kernels[i].name) == 0)
				strbuf_addf(&sb, "; %s is not among them", s->kernels[i].name);
		push_buf(&r->evidence, &sb);
	} else {
		addf(&r->evidence, "dispatch at %.8s: not checked: %s", w->first_bad.sha,
		     mc->dispatch_problem);
	}
	if (!mc->has_runpy) {
		addf(&r->evidence, "cudagraph at %.8s: not checked: no " RUNPY_PATH, w->first_bad.sha);
		goto out;
	}
	strbuf_addf(&sb, "cudagraph at %.8s: ", w->first_bad.sha);
	for (size_t i = 0; i < s->nr_kernels; i++) {
		const struct named_move *k = &s->kernels[i];

		if (measure_config_cudagraph(mc, k->name))
			continue;
		strbuf_addf(&sb, "%s%s", untimed++ ? ", " : "", k->name);
		if (!k->flag)
			continue;
		strbuf_addf(&behind, "%s%s", behind.len ? ", " : "", k->name);
		addf(&r->warnings, "'%s' moved %+.1f%% but is not cudagraph-timed at %.8s (%s drops --cudagraph)",
		     k->name, tidy(k->change_pct), w->first_bad.sha, RUNPY_PATH);
	}
	if (!untimed)
		strbuf_addstr(&sb, "every kernel of the platform is cudagraph-timed");
	else
		strbuf_addf(&sb, " run%s without --cudagraph (%s remove_flags); %s%s",
			    untimed == 1 ? "s" : "", RUNPY_PATH,
			    behind.len ? "behind the move: " : "none of them is behind the move",
			    behind.buf);
	push_buf(&r->evidence, &sb);
out:
	strbuf_release(&sb);
	strbuf_release(&behind);
}

static void add_candidate(struct classify_result *r, const struct window_commit *c, const char *why)
{
	r->candidates = xrealloc(r->candidates, (r->nr_candidates + 1) * sizeof(*r->candidates));
	r->candidates[r->nr_candidates].commit = c;
	r->candidates[r->nr_candidates++].why = why;
}

/* Slice tag matches first, then slice paths, then the rest; window order within. */
static void rank_candidates(struct classify_result *r, const struct window *w)
{
	static const char *const why[] = { "slice-tag", "slice-path", "window" };

	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < w->nr_commits; i++) {
			const struct window_commit *c = &w->commits[i];
			int rank = c->tag_match ? 0 : c->path_match ? 1 : 2;

			if (rank == pass)
				add_candidate(r, c, why[pass]);
		}
	if (w->nr_commits == 1)
		r->culprit = &w->commits[0];
	else if (w->nr_slice == 1)
		for (size_t i = 0; i < w->nr_commits; i++)
			if (window_commit_in_slice(&w->commits[i]))
				r->culprit = &w->commits[i];
}

/* Which end of a method change is the honest measurement, and why. */
static void method_truth(struct classify_result *r, const struct classify_signals *s,
			 const struct window *w, const struct classify_options *o)
{
	int good_timed = 1, bad_timed = 1;

	for (size_t i = 0; i < s->nr_kernels; i++) {
		if (!s->kernels[i].flag)
			continue;
		good_timed &= measure_config_cudagraph(&s->at_good, s->kernels[i].name) != 0;
		bad_timed &= measure_config_cudagraph(&s->at_bad, s->kernels[i].name) != 0;
	}
	if (set_change_matters(s, o)) {
		r->truth = s->after;
		r->truth_reason = xstrdup("the kernel set changed: the chain-linked index compares the same kernels on both nightlies, the naive geomean does not");
	} else if (good_timed != bad_timed) {
		r->truth = good_timed ? s->before : s->after;
		r->truth_reason = xstrfmt("the %s side is honest: the kernels behind the move are cudagraph-timed at %.8s and not at %.8s",
					  good_timed ? "before" : "after",
					  good_timed ? w->last_good.sha : w->first_bad.sha,
					  good_timed ? w->first_bad.sha : w->last_good.sha);
	} else if (classify_sharing(s, o) == SHARING_BASELINE ||
		   (classify_timers(s, o) == TIMERS_FLAT && classify_sharing(s, o) == SHARING_ALL)) {
		r->truth = s->after;
		r->truth_reason = xstrdup("the after side is honest: Helion's own time did not change, a baseline did, and the after side measures Helion against today's baseline");
	} else if (classify_timers(s, o) == TIMERS_FLAT) {
		r->truth = s->before;
		r->truth_reason = xstrdup("the before side is honest: latency stayed flat, so Helion's kernels did not change; only the speedup's timing did");
	} else {
		r->truth = s->before;
		r->truth_reason = xstrdup("the before side is honest: it was measured the established way, before the measurement changed in the window");
	}
}

static void explain_truth(struct classify_result *r, const struct classify_signals *s,
			  const struct window *w, const struct classify_options *o)
{
	r->before = s->before;
	r->after = s->after;
	switch (r->cause) {
	case CAUSE_REAL_REGRESSION:
		r->truth = s->after;
		r->truth_reason = xstrdup("the move is real: the after level is what Helion delivers now");
		break;
	case CAUSE_HARDWARE:
		r->truth = s->before;
		r->truth_reason = xstrdup("the machine changed under the benchmark: the before side measured the usual machine");
		break;
	case CAUSE_NOISE:
		r->truth = s->level;
		r->truth_reason = xstrdup("no persistent step: the median of the nightlies around the date");
		break;
	default:
		method_truth(r, s, w, o);
		break;
	}
}

void classify_explain(struct classify_result *r, const struct classify_signals *s,
		      const struct window *w, const struct classify_options *o)
{
	r->cause = classify_decide(s, o);
	explain_step(&r->evidence, s, w, o);
	explain_kernel_set(&r->evidence, s, o);
	explain_sharing(&r->evidence, s, o);
	explain_timers(&r->evidence, s, o);
	explain_platforms(&r->evidence, s, w);
	explain_window(&r->evidence, s, w);
	explain_kernels(&r->evidence, s);
	explain_measure(r, s, w);
	if (r->cause == CAUSE_REAL_REGRESSION && s->listed) {
		rank_candidates(r, w);
	} else if (r->cause == CAUSE_METHOD_CHANGE) {
		for (size_t i = 0; s->method && i < s->nr_commits; i++)
			if (s->method[i])
				add_candidate(r, &w->commits[i], "measurement");
		if (r->nr_candidates == 1)
			r->culprit = r->candidates[0].commit;
	}
	explain_truth(r, s, w, o);
}
