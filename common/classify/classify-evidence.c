/*
 * The evidence lines of a verdict: one per signal, with its numbers, in
 * the order of git-benchbisect(1)'s SIGNALS section.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/date.h"
#include "classify/classify.h"

/* A percentage for printing: no "-0.0". */
static double tidy(double pct)
{
	return fabs(pct) < 0.05 ? 0.0 : pct;
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
	char d1[16], d2[16], why[128];
	const char *tail;

	if (!s->index) {
		addf(ev, "step: no nightly boundary near the date");
		return;
	}
	if (!classify_step_significant(s, o)) {
		snprintf(why, sizeof(why), "no step beyond the noise (%s: a step needs %.1fx and %.1f%%)",
			 s->reason ? s->reason : "no level holds", o->noise_multiple, o->min_change);
		tail = why;
	}
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
	for (size_t i = 0, n = 0; i < w->nr_kernel_steps; i++) {
		const struct kernel_step *k = &w->kernel_steps[i];

		if (k->index != s->index)
			continue;
		addf(ev, "kernel step: %s %+.1f%% from %s to %s, %.1fx its own noise (%.1f%%); each kernel must clear %.1fx for %zu kernels%s",
		     k->kernel, tidy(k->change_pct), day_of(w, k->index - 1, d1), day_of(w, k->index, d2),
		     k->score, k->noise_pct, kernel_steps_multiple(o->noise_multiple, w->series.nr_rows),
		     w->series.nr_rows, n++ || classify_step_significant(s, o) ? "" :
		     ": the platform's geomean does not clear its thresholds, this kernel does");
	}
	if (s->spike && classify_big_enough(s->spike_pct, s->noise_pct, o) &&
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
	     classify_set_change_matters(s, o) ? "" : ": the change does not explain the move");
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
	if (!classify_step_significant(s, o) && !s->move_kernels)
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
			addf(ev, "helion wins: %lld/%lld -> %lld/%lld", s->wins_before, s->total_before,
			     s->wins_after, s->total_after);
	} else if (sh == SHARING_UNKNOWN) {
		addf(ev, "implementations: no triton or torch_compile data");
	} else {
		struct named_move m[2] = { { "triton", s->triton_pct, 0 },
					   { "torch_compile", s->torch_compile_pct, 0 } };

		strbuf_addstr(&sb, "implementations: ");
		add_moves(&sb, m, 2, 0);
		strbuf_addf(&sb, " against helion %+.1f%%", tidy(classify_judged_pct(s)));
		if (s->move_kernels)
			strbuf_addf(&sb, " (the %zu kernel%s that stepped)", s->move_kernels,
				    s->move_kernels == 1 ? "" : "s");
		strbuf_addf(&sb, ": %s", tail ? tail : main_tail[sh]);
		push_buf(ev, &sb);
	}
	strbuf_release(&sb);
}

/* " (the kernels that stepped)" when the rules judge those. */
static const char *of_kernels(const struct classify_signals *s)
{
	return s->move_kernels ? " (the kernels that stepped)" : "";
}

/* Latency's move in units of its own standard error (classify_beyond_noise). */
static double lat_score(const struct classify_signals *s)
{
	double n = isnan(s->latency_noise_pct) || s->latency_noise_pct < 0.5 ? 0.5 : s->latency_noise_pct;

	return fabs(log1p(s->latency_pct / 100)) /
		((isnan(s->level_se) ? 1 : s->level_se) * log1p(n / 100));
}

static void explain_timers(struct strvec *ev, const struct classify_signals *s,
			   const struct classify_options *o)
{
	if (!s->index || isnan(s->change_pct))
		return;
	if (!isnan(s->latency_pct) && !classify_step_significant(s, o) && !s->move_kernels) {
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
		addf(ev, "timers%s: speedup %+.1f%% and latency %+.1f%% (%.1fx its standard error): they agree (both moved, opposite ways)",
		     of_kernels(s), tidy(classify_judged_pct(s)), tidy(s->latency_pct), lat_score(s));
		break;
	case TIMERS_FLAT:
		addf(ev, "timers%s: speedup %+.1f%% but latency %+.1f%% (%.1fx its standard error): latency is flat, the timers disagree",
		     of_kernels(s), tidy(classify_judged_pct(s)), tidy(s->latency_pct), lat_score(s));
		break;
	case TIMERS_DISAGREE:
		addf(ev, "timers%s: speedup %+.1f%% and latency %+.1f%% (%.1fx its standard error): the same way, the timers disagree",
		     of_kernels(s), tidy(classify_judged_pct(s)), tidy(s->latency_pct), lat_score(s));
		break;
	}
}

static void explain_platforms(struct strvec *ev, const struct classify_signals *s,
			      const struct window *w)
{
	struct strbuf sb = STRBUF_INIT;
	size_t moved = 0;
	char day0[16], day[16];

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
	strbuf_addf(&sb, "other platforms, same nightlies %s -> %s: ", day_of(w, s->index - 1, day0), day);
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
			   const struct window *w, int ab)
{
	struct strbuf sb = STRBUF_INIT;

	if (s->empty) {
		addf(ev, "window: empty: both nightlies ran on %.*s, so no code change lies between them",
		     ab, w->first_bad.resolved ? w->first_bad.sha :
		     w->first_bad.point ? w->first_bad.point->run->sha : "?");
		return;
	}
	if (!s->listed) {
		addf(ev, "window: not listed: a nightly's commit is not in this repository");
		return;
	}
	addf(ev, "window: %zu first-parent commit%s in %.*s..%.*s", s->nr_commits,
	     s->nr_commits == 1 ? "" : "s", ab, w->last_good.sha, ab, w->first_bad.sha);
	if (!s->nr_method) {
		addf(ev, "measurement: no window commit touches the measurement paths");
	} else {
		strbuf_addf(&sb, "measurement: %zu window commit%s touch%s the measurement: ", s->nr_method,
			    s->nr_method == 1 ? "" : "s", s->nr_method == 1 ? "es" : "");
		for (size_t i = 0, k = 0; i < s->nr_commits; i++)
			if (s->method[i])
				strbuf_addf(&sb, "%s%.*s (%s)", k++ ? ", " : "", ab, w->commits[i].sha,
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
			    const struct window *w, int ab)
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
		strbuf_addf(&sb, "dispatch at %.*s: %zu kernels in %s", ab, w->first_bad.sha,
			    mc->kernels.nr, mc->inputs.v[0]);
		for (size_t i = 1; i < mc->inputs.nr; i++)
			strbuf_addf(&sb, "%s%s", i + 1 < mc->inputs.nr ? ", " : " and ", mc->inputs.v[i]);
		if (s->at_good.has_list && s->at_good.kernels.nr != mc->kernels.nr)
			strbuf_addf(&sb, " (%zu at %.*s)", s->at_good.kernels.nr, ab, w->last_good.sha);
		for (size_t i = 0; i < s->nr_kernels; i++)
			if (s->kernels[i].flag && measure_config_runs(mc, s->kernels[i].name) == 0)
				strbuf_addf(&sb, "; %s is not among them", s->kernels[i].name);
		push_buf(&r->evidence, &sb);
	} else {
		addf(&r->evidence, "dispatch at %.*s: not checked: %s", ab, w->first_bad.sha,
		     mc->dispatch_problem);
	}
	if (!mc->has_runpy) {
		addf(&r->evidence, "cudagraph at %.*s: not checked: no " RUNPY_PATH, ab, w->first_bad.sha);
		goto out;
	}
	strbuf_addf(&sb, "cudagraph at %.*s: ", ab, w->first_bad.sha);
	for (size_t i = 0; i < s->nr_kernels; i++) {
		const struct named_move *k = &s->kernels[i];

		if (measure_config_cudagraph(mc, k->name))
			continue;
		strbuf_addf(&sb, "%s%s", untimed++ ? ", " : "", k->name);
		if (!k->flag)
			continue;
		strbuf_addf(&behind, "%s%s", behind.len ? ", " : "", k->name);
		addf(&r->warnings, "'%s' moved %+.1f%% but is not cudagraph-timed at %.*s (%s drops --cudagraph)",
		     k->name, tidy(k->change_pct), ab, w->first_bad.sha, RUNPY_PATH);
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

void classify_evidence(struct classify_result *r, const struct classify_signals *s,
		       const struct window *w, const struct classify_options *o)
{
	explain_step(&r->evidence, s, w, o);
	explain_kernel_set(&r->evidence, s, o);
	explain_sharing(&r->evidence, s, o);
	explain_timers(&r->evidence, s, o);
	explain_platforms(&r->evidence, s, w);
	explain_window(&r->evidence, s, w, o->abbrev);
	explain_kernels(&r->evidence, s);
	explain_measure(r, s, w, o->abbrev);
}
