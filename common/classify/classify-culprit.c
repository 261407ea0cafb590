/*
 * The culprit of a real regression or a method change: the candidates
 * ranked, one singled out when the evidence does and the step's night is
 * sure, and in words which rule named it or kept it from being named.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "classify/classify-culprit.h"

static void add_candidate(struct classify_result *r, const struct window_commit *c, const char *why)
{
	r->candidates = xrealloc(r->candidates, (r->nr_candidates + 1) * sizeof(*r->candidates));
	r->candidates[r->nr_candidates].commit = c;
	r->candidates[r->nr_candidates++].why = why;
}

/*
 * Slice tag matches first, then slice paths, then the rest; window order
 * within. When some kernels' timing changed beside the real move, the
 * commits touching the measurement explain those kernels, not the move:
 * they come last, as measurement commits. Returns the one commit the
 * window singles out (its only commit, or its only slice commit), or NULL.
 */
static const struct window_commit *rank_candidates(struct classify_result *r, const struct classify_signals *s,
						   const struct window *w)
{
	static const char *const why[] = { "slice-tag", "slice-path", "window", "measurement" };
	const struct window_commit *one = NULL;

	for (int pass = 0; pass < 4; pass++)
		for (size_t i = 0; i < w->nr_commits; i++) {
			const struct window_commit *c = &w->commits[i];
			int rank = s->nr_timing && s->method && s->method[i] ? 3 :
				c->tag_match ? 0 : c->path_match ? 1 : 2;

			if (rank == pass)
				add_candidate(r, c, why[pass]);
		}
	if (w->nr_commits == 1)
		one = &w->commits[0];
	else if (w->nr_slice == 1)
		for (size_t i = 0; i < w->nr_commits; i++)
			if (window_commit_in_slice(&w->commits[i]))
				one = &w->commits[i];
	return one;
}

/*
 * What makes the step's night sure enough to single out a commit, if
 * anything (why->placed_by, NULL for nothing; why->score; the kernels'
 * names into *names): the series that places it moved
 * CLASSIFY_LOCATE_SCORE times its own one-night noise or more (a weaker
 * move can sit a night or two off in the noise): the platform's, or a
 * kernel that stepped on its own at this nightly pair; or those whose own
 * windows are the answer's pair, their scores summed in quadrature (each
 * kernel's noise its own, so each places the night on its own evidence,
 * and the evidence adds as one series' would: causes.py 71001, states 8,
 * kernel_c 4.7 and kernel_e 3.3, 5.7 together; a kernel whose own window
 * is wider does not place the night, 74832 under --states, states 11); or
 * the kernel list changed between the nightlies. Under machine states the
 * series' one-night noise holds the states' distance, which the window
 * has already weighed: each night beside the step in either state, at
 * LEVELS_STATE_UNSURE_NATS (step.c). Where that window is one nightly
 * pair, the noise within a state is the yardstick (causes.py 74964 under
 * --states, real 0: -8.7% at 1.9% noise a night, a window of one
 * commit). A wider window's night is not placed so: the move alone then
 * named a harness commit for a real step five nights wide.
 */
static void place_night(struct classify_culprit_why *why, struct strbuf *names, const struct classify_signals *s,
		       const struct window *w, const struct classify_options *o)
{
	double sum = 0;

	why->score = s->score;
	if (s->score >= CLASSIFY_LOCATE_SCORE) {
		why->placed_by = "platform";
		return;
	}
	if (s->bad == s->good + 1 && !isnan(s->state_noise_pct) &&
	    fabs(log1p(s->change_pct / 100)) >= CLASSIFY_LOCATE_SCORE * log1p(s->state_noise_pct / 100)) {
		why->placed_by = "state_pair";
		why->score = fabs(log1p(s->change_pct / 100)) / log1p(s->state_noise_pct / 100);
		return;
	}
	for (size_t i = 0; i < w->nr_kernel_steps; i++) {
		const struct kernel_step *k = &w->kernel_steps[i];

		if (k->index != s->index)
			continue;
		if (k->score >= CLASSIFY_LOCATE_SCORE) {
			why->placed_by = "kernel";
			why->score = k->score;
			strbuf_reset(names);
			strbuf_addstr(names, k->kernel);
			return;
		}
		if (k->last_good == s->good && k->first_bad == s->bad) {
			sum += k->score * k->score;
			strbuf_addf(names, "%s%s", names->len ? " and " : "", k->kernel);
		}
	}
	if (sqrt(sum) >= CLASSIFY_LOCATE_SCORE) {
		why->placed_by = "kernels";
		why->score = sqrt(sum);
		return;
	}
	strbuf_reset(names);
	if (classify_set_change_matters(s, o))
		why->placed_by = "kernel_set";
}

static void night_words(struct strbuf *sb, const struct classify_culprit_why *why, const char *names)
{
	if (!strcmp(why->placed_by, "platform"))
		strbuf_addf(sb, "the platform moved %.1fx its one-night noise", why->score);
	else if (!strcmp(why->placed_by, "state_pair"))
		strbuf_addf(sb, "one nightly pair under machine states, the move %.1fx the noise within a state",
			    why->score);
	else if (!strcmp(why->placed_by, "kernel"))
		strbuf_addf(sb, "%s stepped there on its own, %.1fx its one-night noise", names, why->score);
	else if (!strcmp(why->placed_by, "kernels"))
		strbuf_addf(sb, "%s stepped there together, %.1fx their one-night noise summed in quadrature",
			    names, why->score);
	else
		strbuf_addstr(sb, "the kernel set changed there");
}

/* Why no one commit is singled out: the window's, or the measurement commits'. */
static void several_words(struct strbuf *sb, const struct classify_result *r, const struct window *w)
{
	if (r->cause == CAUSE_METHOD_CHANGE)
		strbuf_addf(sb, "%zu commits change the measurement", r->nr_candidates);
	else if (w->nr_slice)
		strbuf_addf(sb, "%zu window commits, %zu of them in the slice", w->nr_commits, w->nr_slice);
	else
		strbuf_addf(sb, "%zu window commits, none of them in the slice", w->nr_commits);
	strbuf_addstr(sb, ", so the evidence singles none out; a bisection of the window (run) would name it");
}

void classify_culprit(struct classify_result *r, const struct classify_signals *s, const struct window *w,
		      const struct classify_options *o)
{
	struct classify_culprit_why *why = &r->culprit_why;
	const struct window_commit *one = NULL;
	struct strbuf names = STRBUF_INIT, sb = STRBUF_INIT;
	enum sharing sh = classify_sharing(s, o);

	if (w->ends_off_step)
		return;		/* --good/--bad miss the step's nightlies: no commit of theirs is it */
	if (r->cause == CAUSE_REAL_REGRESSION && s->listed) {
		one = rank_candidates(r, s, w);
	} else if (r->cause == CAUSE_METHOD_CHANGE) {
		for (size_t i = 0; s->method && i < s->nr_commits; i++)
			if (s->method[i])
				add_candidate(r, &w->commits[i], "measurement");
		one = r->nr_candidates == 1 ? r->candidates[0].commit : NULL;
	}
	if (!r->nr_candidates)
		return;
	place_night(why, &names, s, w, o);
	if (!one) {
		why->rule = "several_commits";
		several_words(&sb, r, w);
	} else if (r->cause == CAUSE_METHOD_CHANGE && (sh == SHARING_ALL || sh == SHARING_BASELINE)) {
		why->rule = "baseline_moved";
		strbuf_addstr(&sb, "the baseline moved (shared with triton and torch_compile, or some Pretuned "
			      "ratios), which is no commit's doing");
	} else if (!why->placed_by) {
		why->rule = "night_not_sure";
		strbuf_addf(&sb, "the step's night is not sure: the platform moved %.1fx its one-night noise, "
			    "under the %.1fx that places a night (a weaker move can sit a night or two off), and "
			    "no kernel's own step places it; a bisection of the window (run) would name the commit",
			    s->score, CLASSIFY_LOCATE_SCORE);
	} else if (classify_window_may_hold_two_changes(w)) {
		why->rule = "two_changes";
		strbuf_addstr(&sb, "a nightly in the window lies off both levels, so it may hold two changes; "
			      "a bisection of the window (run) would tell them apart");
	} else {
		static const char *const named[][2] = {
			{ "one_commit", "the window's only commit" },
			{ "one_measurement_commit", "the only commit that changes the measurement" },
			{ "one_slice_commit", "the window's only commit in the slice" },
		};
		int k = w->nr_commits == 1 ? 0 : r->cause == CAUSE_METHOD_CHANGE ? 1 : 2;

		r->culprit = one;
		why->rule = named[k][0];
		strbuf_addf(&sb, "%s, and the step's night is sure: ", named[k][1]);
		night_words(&sb, why, names.buf);
	}
	why->text = strbuf_detach(&sb, NULL);
	strbuf_release(&names);
}
