/*
 * The evidence of a verdict: one item per signal, in the order of
 * git-benchbisect(1)'s SIGNALS section, each a line for people and the
 * same structured ({signal, verdict, values}) for --json. The signals of
 * the dashboard are here; those of the repository in
 * classify-evidence-repo.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "util/usage.h"
#include "util/number.h"
#include "util/strbuf.h"
#include "util/date.h"
#include "history/levels.h"
#include "classify/classify-evidence-item.h"
#include "classify/classify-evidence-repo.h"

static const char *day_of(const struct window *w, size_t index, char buf[16])
{
	return format_day(buf, w->series.points[index].run->time);
}

/* The step and its nightly pair, for every step-like item. */
static void step_values(cJSON *v, const struct classify_signals *s, const struct window *w)
{
	char d[16];

	evidence_str(v, "last_good_date", day_of(w, s->good, d));
	evidence_str(v, "first_bad_date", day_of(w, s->bad, d));
}

/* Why the implementations and the timers are not compared: no step, none decided, or a move that reverts. */
static const char *nothing_to_compare(const struct classify_signals *s)
{
	if (s->reverts)
		return "a move that reverts, no step to compare";
	return s->undecided ? "an undecided step, nothing to compare" :
		"no step beyond the noise to compare";
}

/* The nearest step outside the span as values (null where none: step_outside_text()). */
static void outside_values(cJSON *v, const struct window *w)
{
	const struct step_outside *out = &w->step.outside;
	char d[16];

	evidence_str(v, "outside_last_good_date", out->first_bad ? day_of(w, out->last_good, d) : NULL);
	evidence_str(v, "outside_first_bad_date", out->first_bad ? day_of(w, out->first_bad, d) : NULL);
	evidence_nums(v, (const struct named_num[]) {
		{ "outside_change_pct", out->first_bad ? out->change_pct : NAN },
		{ "outside_days", out->first_bad ? (double)out->days : NAN } }, 2);
}

static void explain_step(struct classify_result *r, const struct classify_signals *s,
			 const struct window *w, const struct classify_options *o)
{
	const char *what = s->pretuned ? "geomean" : "helion speedup";
	char d1[16], d2[16], why[512], over[48] = "";
	const char *tail, *verdict;
	cJSON *v;

	if (!s->index) {
		evidence_addf(r, "step", "no_boundary", "step: " STEP_NO_BOUNDARY);
		return;
	}
	if (!classify_step_significant(s, o) && w->step.dip_nights) {
		struct strbuf sb = STRBUF_INIT;

		step_dip_text(&sb, &w->step);
		snprintf(why, sizeof(why), "no step, %s", sb.buf);
		strbuf_release(&sb);
		tail = why;
		verdict = "reverts";
	} else if (!classify_step_significant(s, o)) {
		struct strbuf outside = STRBUF_INIT;
		char room[256] = "";

		if (s->not_ruled_out && s->open_kernel) {
			struct strbuf sb = STRBUF_INIT;

			step_open_kernel_words(&sb, s->open_kernel, s->open_kernel_pct, s->open_kernel_z,
					       s->nr_open_kernels, s->open_geomean_pct);
			snprintf(room, sizeof(room), ", yet not ruled out: %s", sb.buf);
			strbuf_release(&sb);
		} else if (s->not_ruled_out)
			snprintf(room, sizeof(room), ", yet not ruled out: the noise%s leaves room for a move of up to %.1f%%",
				 isnan(s->state_noise_pct) ? "" : " within a machine state", s->bound_pct);
		else if (s->states_rule_out)
			snprintf(room, sizeof(room), ", and the noise within a machine state (%.1f%% a night) rules out "
				 "a move of %.1f%%: at most %.1f%%", s->state_noise_pct, o->min_change, s->bound_pct);
		if (w->step.outside.first_bad) {
			strbuf_addf(&outside, "; the nearest %s outside the span: ", w->step.outside.drift ? "drift" : "step");
			step_outside_text(&outside, &w->series, &w->step, 0);
		}
		snprintf(why, sizeof(why), "%s%s (%s: %s %.1fx its standard error and %.1f%%)%s",
			 s->undecided ? "undecided, neither a step nor ruled out" : "no step beyond the noise",
			 room, s->reason ? s->reason : "no level holds",
			 step_bar_words(s->no_level), o->noise_multiple, o->min_change, outside.buf);
		strbuf_release(&outside);
		tail = why;
		verdict = s->undecided || s->not_ruled_out ? "undecided" : "no_step";
	} else if (s->drift) {
		tail = "a gradual move, no single nightly pair holds it";
		verdict = "drift";
	} else if (s->nr_after < 2) {
		tail = "too few nightlies after it to tell whether it persists";
		verdict = "too_few_after";
	} else if (!s->persistent) {
		tail = "it reverts in the nightlies after it";
		verdict = "reverts";
	} else {
		tail = NULL;
		verdict = "persistent";
	}
	if (s->drift)
		snprintf(over, sizeof(over), " over %zu nightlies", s->index - s->good);
	if (tail)
		v = evidence_addf(r, "step", verdict, "%s: %s %.3f -> %.3f (%+.1f%% \u00b1 %.1f%%) from %s to %s%s, %.1fx its standard error (the series noise %.1f%% a night): %s",
				  s->drift && classify_step_significant(s, o) ? "drift" : "step", what, s->before,
				  s->after, number_tidy(s->change_pct, 1), s->se_pct, day_of(w, s->good, d1),
				  day_of(w, s->bad, d2), over, s->z, s->noise_pct, tail);
	else
		v = evidence_addf(r, "step", verdict, "step: %s %.3f -> %.3f (%+.1f%% \u00b1 %.1f%%) from %s to %s, %.1fx its standard error (the series noise %.1f%% a night): it persists over the next %zu nightlies",
				  what, s->before, s->after, number_tidy(s->change_pct, 1), s->se_pct, day_of(w, s->good, d1),
				  day_of(w, s->bad, d2), s->z, s->noise_pct, s->nr_after);
	step_values(v, s, w);
	evidence_nums(v, (const struct named_num[]) {
		{ "before", s->before }, { "after", s->after }, { "change_pct", s->change_pct },
		{ "noise_pct", s->noise_pct }, { "score", s->score }, { "se_pct", s->se_pct },
		{ "z", s->z }, { "noise_multiple", o->noise_multiple }, { "min_change", o->min_change },
		{ "nightlies_after", (double)s->nr_after }, { "bound_pct", s->bound_pct },
		{ "state_noise_pct", s->state_noise_pct } }, 12);
	evidence_str(v, "open_kernel", s->open_kernel);
	evidence_nums(v, (const struct named_num[]) {
		{ "open_kernel_pct", s->open_kernel ? s->open_kernel_pct : NAN },
		{ "open_kernel_z", s->open_kernel ? s->open_kernel_z : NAN },
		{ "open_kernels", s->open_kernel ? (double)s->nr_open_kernels : NAN },
		{ "open_geomean_pct", s->open_kernel ? s->open_geomean_pct : NAN } }, 4);
	evidence_str(v, "reason", classify_step_significant(s, o) ? NULL : s->reason ? s->reason : "no level holds");
	outside_values(v, w);
	for (size_t i = 0, n = 0; i < w->nr_kernel_steps; i++) {
		const struct kernel_step *k = &w->kernel_steps[i];
		double multiple = kernel_steps_multiple(o->noise_multiple, w->series.nr_rows);

		if (k->index != s->index)
			continue;
		v = evidence_addf(r, "kernel step", "step", "kernel step: %s %+.1f%% \u00b1 %.1f%% from %s to %s, %.1fx its standard error (its noise %.1f%% a night); each kernel must clear %.1fx for %zu kernels%s",
				  k->kernel, number_tidy(k->change_pct, 1), k->se_pct, day_of(w, k->last_good, d1), day_of(w, k->first_bad, d2),
				  k->z, k->noise_pct, multiple, w->series.nr_rows,
				  n++ || classify_step_significant(s, o) ? "" :
				  ": the platform's geomean does not clear its thresholds, this kernel does");
		evidence_str(v, "kernel", k->kernel);
		evidence_str(v, "last_good_date", d1);	/* the kernel's own window, as the text gives it */
		evidence_str(v, "first_bad_date", d2);
		evidence_num(v, "change_pct", k->change_pct);
		evidence_num(v, "noise_pct", k->noise_pct);
		evidence_num(v, "score", k->score);
		evidence_num(v, "se_pct", k->se_pct);
		evidence_num(v, "z", k->z);
		evidence_num(v, "noise_multiple", multiple);
		evidence_num(v, "kernels", (double)w->series.nr_rows);
	}
	if (s->spike && classify_big_enough(s->spike_pct, s->noise_pct, o) &&
	    !(classify_step_significant(s, o) && s->persistent)) {
		v = evidence_addf(r, "spike", "spike", "spike: the %s nightly alone moved %+.1f%% against the level around it, and the next nightly is back: a one-night spike",
				  day_of(w, s->spike, d1), number_tidy(s->spike_pct, 1));
		evidence_str(v, "date", d1);
		evidence_num(v, "change_pct", s->spike_pct);
	}
}

static void explain_kernel_set(struct classify_result *r, const struct classify_signals *s,
			       const struct classify_options *o)
{
	int matters = classify_set_change_matters(s, o);
	double gap = classify_set_change_pct(s);
	/* both happened: the list change moved the naive geomean, and the kernels that stayed moved */
	int both = !matters && classify_common_moved(s, o) && classify_big_enough(gap, s->set_noise_pct, o);
	struct strbuf within = STRBUF_INIT;
	cJSON *v;

	if (!s->index)
		return;
	if (!s->set_changed) {
		v = evidence_addf(r, "kernel set", "same", "kernel set: %zu kernel%s on both nightlies", s->kernels_after,
				  s->kernels_after == 1 ? "" : "s");
		evidence_num(v, "kernels_before", (double)s->kernels_before);
		evidence_num(v, "kernels_after", (double)s->kernels_after);
		return;
	}
	/* the states in the step's noise: the change's own move is judged on the noise within one */
	if (s->set_noise_pct < s->noise_pct)
		strbuf_addf(&within, " (the noise within a machine state %.1f%% a night)", s->set_noise_pct);
	v = evidence_addf(r, "kernel set", matters ? "changed" : both ? "changed_with_move" : "changed_no_effect",
			  "kernel set: changed at the step, %zu -> %zu kernel%s; the naive geomean moved %+.1f%% (%.1fx the noise), the chain-linked level %+.1f%%, the %zu kernel%s measured on both nightlies %+.1f%%: the change alone moved the naive geomean %+.1f%%%s%s",
			  s->kernels_before, s->kernels_after, s->kernels_after == 1 ? "" : "s", number_tidy(s->raw_change_pct, 1), s->raw_score,
			  number_tidy(s->change_pct, 1), s->pair_common, s->pair_common == 1 ? "" : "s",
			  number_tidy(s->pair_common_pct, 1), number_tidy(gap, 1), within.buf,
			  matters ? "" : both ? ", and the kernels on both nightlies stepped beyond the noise too: "
			  "both happened, the rules judge their move (the chain-linked level)" :
			  classify_big_enough(gap, s->set_noise_pct, o) || classify_step_significant(s, o) ?
			  ", which does not explain the move" : ", within the noise of one nightly");
	evidence_num(v, "kernels_before", (double)s->kernels_before);
	evidence_num(v, "kernels_after", (double)s->kernels_after);
	evidence_num(v, "plain_change_pct", s->raw_change_pct);
	evidence_num(v, "plain_score", s->raw_score);
	evidence_num(v, "common_change_pct", s->change_pct);
	evidence_num(v, "pair_common_pct", s->pair_common_pct);
	evidence_num(v, "set_change_pct", gap);
	evidence_num(v, "set_noise_pct", s->set_noise_pct);
	evidence_num(v, "pair_common", (double)s->pair_common);
	strbuf_release(&within);
}

/*
 * A nightly inside the window off both levels: two changes a night apart
 * fit it as well as one, so no one commit of the window is the culprit.
 * Its value is the one the levels were judged against (step.h), so that
 * it compares with them under a weekly pattern or machine states too.
 */
static void explain_halfway(struct classify_result *r, const struct window *w)
{
	const struct step *st = &w->step;
	char d[16];
	cJSON *v;

	if (!classify_window_may_hold_two_changes(w))
		return;
	day_of(w, st->halfway, d);
	v = evidence_addf(r, "between", "off_both_levels",
			  "between: the %s nightly lies at %.3f, off both levels (%.3f and %.3f): the window may hold "
			  "two changes, so no single culprit",
			  d, st->halfway_value, st->before, st->after);
	evidence_str(v, "date", d);
	evidence_num(v, "value", st->halfway_value);
}

/* Kernels missing on last good: their move is in a wider window; say which. */
static void explain_sparse(struct classify_result *r, const struct classify_signals *s,
			   const struct window *w)
{
	char since[16], bad[16];
	cJSON *v;

	if (!s->index)
		return;
	day_of(w, s->bad, bad);
	for (size_t i = 0; i < s->nr_sparse; i++) {
		const struct named_move *m = &s->sparse[i];

		day_of(w, s->sparse_since[i], since);
		v = evidence_addf(r, "sparse kernel", m->flag ? "moved_outside_pair" : "flat_outside_pair",
				  "sparse kernel: %s was not measured on the last good nightly; since its last measurement on %s it moved %+.1f%%: %s",
				  m->name, since, number_tidy(m->change_pct, 1),
				  m->flag ? "that move belongs to the wider window from that nightly, not this nightly pair" :
				  "within its noise");
		evidence_str(v, "kernel", m->name);
		evidence_str(v, "last_measured_date", since);
		evidence_str(v, "first_bad_date", bad);
		evidence_num(v, "change_pct", m->change_pct);
	}
}

static void explain_sharing(struct classify_result *r, const struct classify_signals *s,
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
	static const char *const verdicts[] = {
		[SHARING_UNKNOWN] = "unknown", [SHARING_HELION_ONLY] = "helion_only",
		[SHARING_ALL] = "shared", [SHARING_PARTIAL] = "partly_shared",
		[SHARING_BASELINE] = "baseline",
	};
	enum sharing sh = classify_sharing(s, o);
	struct strbuf sb = STRBUF_INIT;
	const char *tail = NULL, *verdict = verdicts[sh];
	cJSON *v;

	if (!s->index || isnan(s->change_pct))
		return;
	if (!classify_step_significant(s, o) && !s->move_kernels) {
		int others = classify_others_moved(s, o);

		tail = others ? "no step of helion's, yet both moved beyond their own noise, the same way" :
			nothing_to_compare(s);
		verdict = others ? "others_moved" : "no_step";
	}
	if (s->pretuned) {
		if (sh == SHARING_UNKNOWN) {
			evidence_addf(r, "baselines", "unknown", "baselines: no per-baseline data");
		} else {
			strbuf_addstr(&sb, "baselines: ");
			evidence_add_moves(&sb, s->baselines, s->nr_baselines, 0);
			strbuf_addf(&sb, " against geomean %+.1f%%: %s", number_tidy(s->change_pct, 1),
				    tail ? tail : pretuned_tail[sh]);
			v = evidence_push(r, "baselines", verdict, &sb);
			evidence_moves_json(v, "baselines_pct", s->baselines, s->nr_baselines, 0);
			evidence_num(v, "geomean_pct", s->change_pct);
		}
		if (s->total_before > 0 && s->total_after > 0) {
			v = evidence_addf(r, "helion wins", "info", "helion wins: %lld/%lld -> %lld/%lld", s->wins_before,
					  s->total_before, s->wins_after, s->total_after);
			evidence_num(v, "wins_before", (double)s->wins_before);
			evidence_num(v, "total_before", (double)s->total_before);
			evidence_num(v, "wins_after", (double)s->wins_after);
			evidence_num(v, "total_after", (double)s->total_after);
		}
	} else if (sh == SHARING_UNKNOWN) {
		evidence_addf(r, "implementations", "unknown", "implementations: no triton or torch_compile data");
	} else {
		struct named_move m[2] = { { "triton", s->triton_pct, 0 },
					   { "torch_compile", s->torch_compile_pct, 0 } };

		strbuf_addstr(&sb, "implementations: ");
		evidence_add_moves(&sb, m, 2, 0);
		strbuf_addf(&sb, " against helion %+.1f%%", number_tidy(classify_judged_pct(s), 1));
		if (s->move_kernels)
			strbuf_addf(&sb, " (the %zu kernel%s %s%s)", s->move_kernels,
				    s->move_kernels == 1 ? "" : "s",
				    s->move_own ? "that stepped" : "behind the move",
				    s->nr_timing ? " whose timers agree" : "");
		strbuf_addf(&sb, ": %s", tail ? tail : main_tail[sh]);
		v = evidence_push(r, "implementations", verdict, &sb);
		evidence_nums(v, (const struct named_num[]) {
			{ "helion_pct", classify_judged_pct(s) }, { "triton_pct", s->triton_pct },
			{ "triton_noise_pct", s->triton_noise_pct },
			{ "torch_compile_pct", s->torch_compile_pct },
			{ "torch_compile_noise_pct", s->torch_compile_noise_pct },
			{ "shared_ratio", o->shared_ratio },
			{ "judged_kernels", (double)s->move_kernels } }, 7);
	}
	strbuf_release(&sb);
}

/* Which kernels the rules judge, when not the platform's. */
static const char *of_kernels(const struct classify_signals *s)
{
	if (!s->move_kernels)
		return "";
	if (s->nr_timing)
		return s->move_own ? " (the kernels that stepped whose timers agree)" :
			" (the kernels behind the move whose timers agree)";
	return s->move_own ? " (the kernels that stepped)" : " (the kernels behind the move)";
}

static void explain_timers(struct classify_result *r, const struct classify_signals *s,
			   const struct classify_options *o)
{
	static const char *const verdicts[] = {
		[TIMERS_UNKNOWN] = "unknown", [TIMERS_AGREE] = "agree",
		[TIMERS_FLAT] = "flat", [TIMERS_DISAGREE] = "disagree",
		[TIMERS_UNSURE] = "unsure",
	};
	double pct = classify_judged_pct(s);
	enum timers t = classify_timers(s, o);
	struct strbuf sb = STRBUF_INIT;
	cJSON *v, *timing;

	if (!s->index || isnan(s->change_pct))
		return;
	if (!isnan(s->latency_pct) && !classify_step_significant(s, o) && !s->move_kernels) {
		v = evidence_addf(r, "timers", "no_step", "timers: speedup %+.1f%% and latency %+.1f%%: %s",
				  number_tidy(s->change_pct, 1), number_tidy(s->latency_pct, 1), nothing_to_compare(s));
	} else if (t == TIMERS_UNKNOWN) {
		v = evidence_addf(r, "timers", verdicts[t], "timers: %s: not checked",
				  s->pretuned ? "no latency on the Pretuned tab" : "no latency data");
	} else {
		strbuf_addf(&sb, "timers%s: speedup %+.1f%% %s latency %+.1f%% (%.1fx its standard error): %s",
			    of_kernels(s), number_tidy(pct, 1), t == TIMERS_FLAT ? "but" : "and", number_tidy(s->latency_pct, 1),
			    classify_latency_score(s),
			    t == TIMERS_AGREE ? "they agree (both moved, opposite ways)" :
			    t == TIMERS_FLAT ? "latency is flat, the timers disagree" :
			    t == TIMERS_UNSURE ? "latency is within its noise, yet that leaves room for it to explain "
			    "half the move: neither flat nor moved" :
			    "the same way, the timers disagree");
		/* the other cause beside it: kernels whose timing changed, not judged with these */
		for (size_t i = 0; i < s->nr_timing; i++) {
			const struct kernel_timers *k = &s->timing[i];

			if (k->partial)
				strbuf_addf(&sb, "; %s: speedup %+.1f%% but latency %+.1f%%, which explains %+.1f%%: "
					    "its timing changed too (%+.1f%% left out)",
					    k->name, number_tidy(k->speedup_pct, 1), number_tidy(k->latency_pct, 1),
					    number_tidy(classify_latency_speedup_pct(k), 1), number_tidy(k->timing_pct, 1));
			else
				strbuf_addf(&sb, "; %s: speedup %+.1f%% but latency %+.1f%%, %s: its timing changed, not the kernel (left out)",
					    k->name, number_tidy(k->speedup_pct, 1), number_tidy(k->latency_pct, 1),
					    classify_kernel_timers(s, k, o) == TIMERS_FLAT ? "flat" : "the same way");
		}
		v = evidence_push(r, "timers", s->nr_timing ? "split" : verdicts[t], &sb);
		evidence_num(v, "latency_score", classify_latency_score(s));
	}
	evidence_num(v, "speedup_pct", pct);
	evidence_num(v, "latency_pct", s->latency_pct);
	evidence_num(v, "latency_noise_pct", s->latency_noise_pct);
	evidence_num(v, "level_se", s->level_se);
	timing = s->nr_timing ? cJSON_AddObjectToObject(v, "timing_changed") : NULL;
	for (size_t i = 0; i < s->nr_timing; i++) {
		cJSON *k = cJSON_AddObjectToObject(timing, s->timing[i].name);

		evidence_num(k, "speedup_pct", s->timing[i].speedup_pct);
		evidence_num(k, "latency_pct", s->timing[i].latency_pct);
		evidence_num(k, "timing_pct", s->timing[i].timing_pct);
	}
	strbuf_release(&sb);
}

static void explain_platforms(struct classify_result *r, const struct classify_signals *s,
			      const struct window *w)
{
	struct strbuf sb = STRBUF_INIT;
	size_t moved = 0;
	char day0[16], day[16];
	cJSON *v;

	if (!s->index)
		return;
	if (!s->platforms_known) {
		evidence_addf(r, "other platforms", "none", "other platforms: none in the dashboard");
		return;
	}
	day_of(w, s->good, day0);
	day_of(w, s->index, day);
	if (!s->nr_platforms) {
		v = evidence_addf(r, "other platforms", "none_ran", "other platforms: none ran the %s nightly", day);
		evidence_str(v, "first_bad_date", day);
		return;
	}
	strbuf_addf(&sb, "other platforms, same nightlies %s -> %s: ", day0, day);
	evidence_add_moves(&sb, s->platforms, s->nr_platforms, 0);
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
	v = evidence_push(r, "other platforms", moved ? "moved" : "none_moved", &sb);
	evidence_str(v, "last_good_date", day0);
	evidence_str(v, "first_bad_date", day);
	evidence_moves_json(v, "change_pct", s->platforms, s->nr_platforms, 0);
	evidence_moves_json(v, "moved_pct", s->platforms, s->nr_platforms, 1);
	strbuf_release(&sb);
}

static void explain_kernels(struct classify_result *r, const struct classify_signals *s)
{
	struct strbuf sb = STRBUF_INIT;
	size_t behind = 0;
	cJSON *v;

	if (!s->index || s->nr_kernels < 2)
		return;
	for (size_t i = 0; i < s->nr_kernels; i++)
		behind += s->kernels[i].flag;
	if (!behind) {
		v = evidence_addf(r, "kernels behind the move", "none", "kernels behind the move: none stands out (%zu kernels)",
				  s->nr_kernels);
	} else {
		strbuf_addstr(&sb, "kernels behind the move: ");
		evidence_add_moves(&sb, s->kernels, s->nr_kernels, 1);
		strbuf_addf(&sb, " (%zu of %zu)", behind, s->nr_kernels);
		v = evidence_push(r, "kernels behind the move", "named", &sb);
	}
	evidence_moves_json(v, "behind_pct", s->kernels, s->nr_kernels, 1);
	evidence_num(v, "kernels", (double)s->nr_kernels);
	strbuf_release(&sb);
}

void classify_evidence(struct classify_result *r, const struct classify_signals *s,
		       const struct window *w, const struct classify_options *o)
{
	explain_step(r, s, w, o);
	explain_halfway(r, w);
	explain_kernel_set(r, s, o);
	explain_sparse(r, s, w);
	explain_sharing(r, s, o);
	explain_timers(r, s, o);
	explain_platforms(r, s, w);
	classify_evidence_window(r, s, w, o->abbrev);
	explain_kernels(r, s);
	classify_evidence_measure(r, s, w, o->abbrev);
}
