/* The verdict explained: the cause, the evidence, the culprit (classify-culprit.c), the honest speedup. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/number.h"
#include "classify/classify-culprit.h"

void classify_result_init(struct classify_result *r)
{
	memset(r, 0, sizeof(*r));
	strvec_init(&r->evidence);
	strvec_init(&r->warnings);
	r->before = r->after = r->truth = NAN;
	r->culprit_why.score = NAN;
}

void classify_result_release(struct classify_result *r)
{
	for (size_t i = 0; i < r->evidence.nr; i++)
		cJSON_Delete(r->items[i].values);
	free(r->items);
	strvec_clear(&r->evidence);
	strvec_clear(&r->warnings);
	free(r->candidates);
	free(r->truth_reason);
	free(r->culprit_why.text);
	classify_result_init(r);
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
	if (classify_set_change_matters(s, o)) {
		r->truth = s->after;
		r->truth_reason = xstrdup("the kernel set changed: the chain-linked index compares the same kernels on both nightlies, the naive geomean does not");
	} else if (good_timed != bad_timed) {
		r->truth = good_timed ? s->before : s->after;
		r->truth_reason = xstrfmt("the %s side is honest: the kernels behind the move are cudagraph-timed at %.*s and not at %.*s",
					  good_timed ? "before" : "after",
					  o->abbrev, good_timed ? w->last_good.sha : w->first_bad.sha,
					  o->abbrev, good_timed ? w->first_bad.sha : w->last_good.sha);
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

/*
 * Hardware by the empty-window rule of classify_decide() rather than by
 * every implementation moving with timers that agree: the other evidence
 * (Helion-only, most often) would have said otherwise, so the verdict says
 * which rule won and why.
 */
static int empty_window_decided(const struct classify_signals *s, const struct classify_options *o)
{
	return s->empty && !(classify_sharing(s, o) == SHARING_ALL &&
			     classify_timers(s, o) == TIMERS_AGREE);
}

/* Why the other implementations cannot tell a cause: some moved, or none was measured. */
static const char *sharing_words(const struct classify_signals *s, const struct classify_options *o, char *buf,
				 size_t len)
{
	if (classify_sharing(s, o) == SHARING_UNKNOWN)
		return "no other implementation was measured to tell Helion's own move from the machine's";
	snprintf(buf, len, "only some of the other implementations moved with it (triton %+.1f%%, torch_compile %+.1f%%)",
		 number_tidy(s->triton_pct, 1), number_tidy(s->torch_compile_pct, 1));
	return buf;
}

/*
 * Undecided: what was measured, the bar it did not clear, and what would
 * settle it. No side is the honest one until it is settled.
 */
static char *undecided_reason(const struct classify_signals *s, const struct classify_options *o)
{
	char *measured = xstrfmt("the move measured %+.1f%% \u00b1 %.1f%%, %.1fx its standard error",
				 number_tidy(s->change_pct, 1), s->se_pct, s->z), *reason, words[128];

	if (classify_moved(s, o) && classify_timers(s, o) == TIMERS_UNSURE) {
		reason = xstrfmt("undecided: %s, but latency moved %+.1f%%, within its noise (%.1fx its "
				 "standard error), which leaves room for it to explain half the speedup's move "
				 "or none of it: a real regression and a changed measurement both fit; more "
				 "nightlies after it (they shrink the standard error) or a bisection of the "
				 "window (run) would settle it",
				 measured, number_tidy(s->latency_pct, 1), classify_latency_score(s));
	} else if (s->quiet && classify_step_significant(s, o) && s->nr_after >= 2) {
		reason = xstrfmt("undecided: %s, and persists, but its window holds two nightlies on one "
				 "commit: it may lie between them, where no code changed (the machine or what "
				 "is installed fresh each night), or at a commit of the window; a bisection of "
				 "the window (run) would settle it", measured);
	} else if (classify_step_significant(s, o) && s->nr_after < 2) {
		reason = xstrfmt("undecided: %s, but %zu nightl%s after it cannot tell a step that persists "
				 "from a spike: the next nightlies will settle it",
				 measured, s->nr_after, s->nr_after == 1 ? "y" : "ies");
	} else if (classify_step_significant(s, o)) {
		reason = xstrfmt("undecided: %s, and persists, but %s, so no rule names its cause: each "
				 "kernel's own series (--kernel) or a bisection of the window (run) would settle it",
				 measured, sharing_words(s, o, words, sizeof(words)));
	} else if (s->not_ruled_out && s->open_kernel) {
		struct strbuf sb = STRBUF_INIT;

		step_open_kernel_words(&sb, s->open_kernel, s->open_kernel_pct, s->open_kernel_z,
				       s->nr_open_kernels, s->open_geomean_pct);
		reason = xstrfmt("undecided: %s, under the noise multiple (a step needs %.1fx and %.1f%%), and the "
				 "noise within a machine state (%.1f%% a night) would rule out a move of %.1f%%, but "
				 "%s: each kernel's own series (--kernel) or a bisection of the window (run) would "
				 "settle it",
				 measured, o->noise_multiple, o->min_change, s->state_noise_pct, o->min_change, sb.buf);
		strbuf_release(&sb);
	} else if (s->not_ruled_out) {
		char within[64] = "";

		if (!isnan(s->state_noise_pct))
			snprintf(within, sizeof(within), ", %.1f%% within a machine state", s->state_noise_pct);
		reason = xstrfmt("undecided: %s, under the noise multiple (a step needs %.1fx and %.1f%%), yet "
				 "the noise (%.1f%% a night%s) leaves room for a move of up to %.1f%%, so it is not "
				 "ruled out: more nightlies after it would settle it (they shrink the standard error)",
				 measured, o->noise_multiple, o->min_change, s->noise_pct, within, s->bound_pct);
	} else if (!classify_moved(s, o) && classify_others_moved(s, o)) {
		reason = xstrfmt("undecided: %s, no step, but triton (%+.1f%%) and torch_compile (%+.1f%%) moved "
				 "beyond their own noise: a baseline that moved them moves Helion's speedup too, "
				 "which the helion series' noise (%.1f%% a night) may hide; a bisection of the "
				 "window (run) would settle it",
				 measured, number_tidy(s->triton_pct, 1), number_tidy(s->torch_compile_pct, 1),
				 s->noise_pct);
	} else {
		/* under the bar, or over it where no level holds: step.h words what settles it */
		char *bar = s->no_level == STEP_NIGHT_IN_DOUBT ?
			xstrfmt(", which clears %.1fx and %.1f%%, but %s", o->noise_multiple, o->min_change, s->reason) :
			s->no_level ?
			xstrfmt(", which clears %.1fx and %.1f%% on its own nightly pair, but %s",
				o->noise_multiple, o->min_change, s->reason) :
			xstrfmt(" (%s), where a step needs %.1fx and %.1f%%",
				s->reason ? s->reason : "no level holds", o->noise_multiple, o->min_change);

		reason = xstrfmt("undecided: %s%s; neither a step nor ruled out, so no rule weighs it: %s",
				 measured, bar, step_undecided_words(s->no_level, STEP_WORDS_FULL));
		free(bar);
	}
	free(measured);
	return reason;
}

/*
 * A real move beside kernels whose timing changed: the after level with
 * those kernels' moves taken out of the geomean of all s->nr_kernels
 * (each kept at its before level, timed the established way).
 */
static void real_without_timing(struct classify_result *r, const struct classify_signals *s)
{
	struct strbuf names = STRBUF_INIT;
	double out = 0;
	size_t partial = 0;

	for (size_t i = 0; i < s->nr_timing; i++) {
		out += log1p(s->timing[i].timing_pct / 100);
		partial += s->timing[i].partial;
		strbuf_addf(&names, "%s%s", i ? ", " : "", s->timing[i].name);
	}
	r->truth = s->after * exp(-out / (double)s->nr_kernels);
	if (partial)
		r->truth_reason = xstrfmt("the move is real in the kernels whose timers agree, as far as their latency "
					  "moved; the timing change of %s is not Helion's: the after level with it "
					  "taken out is what Helion delivers now", names.buf);
	else
		r->truth_reason = xstrfmt("the move is real in the kernels whose timers agree; the timing change of %s "
					  "is not Helion's: the after level with %s at the before level is what Helion "
					  "delivers now", names.buf, s->nr_timing == 1 ? "it" : "them");
	strbuf_release(&names);
}

static void explain_truth(struct classify_result *r, const struct classify_signals *s,
			  const struct window *w, const struct classify_options *o)
{
	r->before = s->before;
	r->after = s->after;
	switch (r->cause) {
	case CAUSE_REAL_REGRESSION:
		if (s->nr_timing)
			real_without_timing(r, s);
		else {
			r->truth = s->after;
			r->truth_reason = xstrdup("the move is real: the after level is what Helion delivers now");
		}
		break;
	case CAUSE_HARDWARE:
		r->truth = s->before;
		r->truth_reason = empty_window_decided(s, o) ?
			xstrfmt("decided by the empty-window rule: both nightlies ran on %.*s, so no "
				"Helion commit can be the cause; that outweighs the implementations (%s): "
				"the same code moved, so the machine or what is installed fresh each "
				"night (PyTorch, Triton) changed; the before side measured the usual machine",
				o->abbrev, w->first_bad.sha,
				classify_sharing(s, o) == SHARING_HELION_ONLY ?
				"Helion-only, which would blame a commit" : "not all moved") :
			xstrdup("the machine changed under the benchmark: the before side measured the usual machine");
		break;
	case CAUSE_NOISE:
		r->truth = s->level;
		r->truth_reason = xstrdup(s->index ? "no persistent step: the median of the nightlies around the date" :
					  STEP_NO_BOUNDARY ": " STEP_NO_BOUNDARY_MEANS);
		break;
	case CAUSE_UNDECIDED:
		r->truth_reason = undecided_reason(s, o);
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
	r->abbrev = o->abbrev;
	classify_evidence(r, s, w, o);
	classify_culprit(r, s, w, o);
	explain_truth(r, s, w, o);
}
