/* The evidence of the repository: the window's commits, the measurement, the slice, dispatch and cudagraph. */
#include <math.h>
#include <stdlib.h>
#include "util/usage.h"
#include "util/number.h"
#include "util/strbuf.h"
#include "util/date.h"
#include "classify/classify-evidence-item.h"
#include "classify/classify-evidence-repo.h"

void classify_evidence_window(struct classify_result *r, const struct classify_signals *s,
			      const struct window *w, int ab)
{
	struct strbuf sb = STRBUF_INIT;
	cJSON *v, *list;

	if (s->empty) {
		v = evidence_addf(r, "window", "empty", "window: empty: both nightlies ran on %.*s, so no code change lies between them",
				  ab, w->first_bad.resolved ? w->first_bad.sha :
				  w->first_bad.point ? w->first_bad.point->run->sha : "?");
		evidence_num(v, "commits", 0);
		return;
	}
	if (!s->listed && w->not_ancestor) {
		evidence_addf(r, "window", "not_listed", "window: not listed: last good %.*s is not an ancestor of first bad %.*s",
			      ab, w->last_good.sha, ab, w->first_bad.sha);
		return;
	}
	if (!s->listed) {
		evidence_addf(r, "window", "not_listed", "window: not listed: a nightly's commit is not in this repository");
		return;
	}
	if (s->quiet) {
		const struct series_point *q = &w->series.points[s->quiet];
		char day[2][16];

		v = evidence_addf(r, "window", "quiet", "window: %zu first-parent commit%s in %.*s..%.*s; the "
				  "nightlies of %s and %s in it both ran on %.*s, so the move may lie where no "
				  "code changed", s->nr_commits, s->nr_commits == 1 ? "" : "s", ab,
				  w->last_good.sha, ab, w->first_bad.sha, format_day(day[0], q[-1].run->time),
				  format_day(day[1], q->run->time), ab, q->run->sha);
		evidence_str(v, "quiet_last_good_date", day[0]);
		evidence_str(v, "quiet_first_bad_date", day[1]);
	} else {
		v = evidence_addf(r, "window", "commits", "window: %zu first-parent commit%s in %.*s..%.*s",
				  s->nr_commits, s->nr_commits == 1 ? "" : "s", ab, w->last_good.sha, ab,
				  w->first_bad.sha);
	}
	evidence_num(v, "commits", (double)s->nr_commits);
	if (!s->nr_method) {
		v = evidence_addf(r, "measurement", "none", "measurement: no window commit touches the measurement paths");
		cJSON_AddArrayToObject(v, "commits");
	} else {
		strbuf_addf(&sb, "measurement: %zu window commit%s touch%s the measurement: ", s->nr_method,
			    s->nr_method == 1 ? "" : "s", s->nr_method == 1 ? "es" : "");
		for (size_t i = 0, k = 0; i < s->nr_commits; i++)
			if (s->method[i])
				strbuf_addf(&sb, "%s%.*s (%s)", k++ ? ", " : "", ab, w->commits[i].sha,
					    s->method[i]);
		v = evidence_push(r, "measurement", "touched", &sb);
		list = cJSON_AddArrayToObject(v, "commits");
		for (size_t i = 0; i < s->nr_commits; i++) {
			cJSON *c;

			if (!s->method[i])
				continue;
			c = cJSON_CreateObject();
			evidence_str(c, "sha", w->commits[i].sha);
			evidence_str(c, "path", s->method[i]);
			cJSON_AddItemToArray(list, c);
		}
	}
	v = evidence_addf(r, "slice", s->nr_slice ? "matched" : "none",
			  "slice: %zu of %zu window commits match the slice", s->nr_slice, s->nr_commits);
	evidence_num(v, "matched", (double)s->nr_slice);
	evidence_num(v, "commits", (double)s->nr_commits);
	strbuf_release(&sb);
}

void classify_evidence_measure(struct classify_result *r, const struct classify_signals *s,
			       const struct window *w, int ab)
{
	const struct measure_config *mc = &s->at_bad;
	struct strbuf sb = STRBUF_INIT, behind = STRBUF_INIT;
	cJSON *v, *untimed_list, *behind_list;
	char *warning_text;
	size_t untimed = 0;

	if (!s->index)
		return;
	if (!w->first_bad.resolved) {
		evidence_addf(r, "dispatch and cudagraph", "not_checked", "dispatch and cudagraph: not checked: the first bad commit is not in this repository");
		return;
	}
	if (mc->has_list) {
		cJSON *missing;

		strbuf_addf(&sb, "dispatch at %.*s: %zu kernel%s in %s", ab, w->first_bad.sha,
			    mc->kernels.nr, mc->kernels.nr == 1 ? "" : "s", mc->inputs.v[0]);
		for (size_t i = 1; i < mc->inputs.nr; i++)
			strbuf_addf(&sb, "%s%s", i + 1 < mc->inputs.nr ? ", " : " and ", mc->inputs.v[i]);
		if (s->at_good.has_list && s->at_good.kernels.nr != mc->kernels.nr)
			strbuf_addf(&sb, " (%zu at %.*s)", s->at_good.kernels.nr, ab, w->last_good.sha);
		for (size_t i = 0; i < s->nr_kernels; i++)
			if (s->kernels[i].flag && measure_config_runs(mc, s->kernels[i].name) == 0)
				strbuf_addf(&sb, "; %s is not among them", s->kernels[i].name);
		v = evidence_push(r, "dispatch", "listed", &sb);
		evidence_str(v, "commit", w->first_bad.sha);
		evidence_num(v, "kernels", (double)mc->kernels.nr);
		evidence_num(v, "kernels_at_last_good", s->at_good.has_list ? (double)s->at_good.kernels.nr : NAN);
		missing = cJSON_AddArrayToObject(v, "behind_not_listed");
		for (size_t i = 0; i < s->nr_kernels; i++)
			if (s->kernels[i].flag && measure_config_runs(mc, s->kernels[i].name) == 0)
				cJSON_AddItemToArray(missing, cJSON_CreateString(s->kernels[i].name));
	} else {
		v = evidence_addf(r, "dispatch", "not_checked", "dispatch at %.*s: not checked: %s", ab, w->first_bad.sha,
				  mc->dispatch_problem);
		evidence_str(v, "commit", w->first_bad.sha);
	}
	if (!mc->has_runpy) {
		v = evidence_addf(r, "cudagraph", "not_checked", "cudagraph at %.*s: not checked: no " RUNPY_PATH,
				  ab, w->first_bad.sha);
		evidence_str(v, "commit", w->first_bad.sha);
		goto out;
	}
	strbuf_addf(&sb, "cudagraph at %.*s: ", ab, w->first_bad.sha);
	untimed_list = cJSON_CreateArray();
	behind_list = cJSON_CreateArray();
	for (size_t i = 0; i < s->nr_kernels; i++) {
		const struct named_move *k = &s->kernels[i];

		if (measure_config_cudagraph(mc, k->name))
			continue;
		strbuf_addf(&sb, "%s%s", untimed++ ? ", " : "", k->name);
		cJSON_AddItemToArray(untimed_list, cJSON_CreateString(k->name));
		if (!k->flag)
			continue;
		strbuf_addf(&behind, "%s%s", behind.len ? ", " : "", k->name);
		cJSON_AddItemToArray(behind_list, cJSON_CreateString(k->name));
		warning_text = xstrfmt("'%s' moved %+.1f%% but is not cudagraph-timed at %.*s (%s drops --cudagraph)",
				       k->name, number_tidy(k->change_pct, 1), ab, w->first_bad.sha, RUNPY_PATH);
		strvec_push(&r->warnings, warning_text);
		free(warning_text);
	}
	if (!untimed)
		strbuf_addstr(&sb, "every kernel of the platform is cudagraph-timed");
	else
		strbuf_addf(&sb, " run%s without --cudagraph (%s remove_flags); %s%s",
			    untimed == 1 ? "s" : "", RUNPY_PATH,
			    behind.len ? "behind the move: " : "none of them is behind the move",
			    behind.buf);
	v = evidence_push(r, "cudagraph", !untimed ? "all_timed" : behind.len ? "untimed_behind" : "untimed",
		     &sb);
	evidence_str(v, "commit", w->first_bad.sha);
	cJSON_AddItemToObject(v, "untimed", untimed_list);
	cJSON_AddItemToObject(v, "untimed_behind", behind_list);
out:
	strbuf_release(&sb);
	strbuf_release(&behind);
}
