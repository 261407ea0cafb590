#include <string.h>
#include "util/date.h"
#include "report/window-wording.h"
#include "report/window-json.h"

static cJSON *json_time(time_t t)
{
	char buf[32];

	return cJSON_CreateString(format_iso_time(buf, t));
}

cJSON *window_end_json(const struct window_end *end)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddItemToObject(o, "sha", end->resolved ? cJSON_CreateString(end->sha) :
			      cJSON_CreateNull());
	cJSON_AddItemToObject(o, "date", end->point || end->resolved ? json_time(end->time) :
			      cJSON_CreateNull());
	cJSON_AddItemToObject(o, "run_id", json_string_or_null(end->run_id));
	return o;
}

cJSON *series_point_json(const struct series_point *p)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "run_id", p->run->run_id);
	cJSON_AddStringToObject(o, "sha", p->run->sha);
	cJSON_AddItemToObject(o, "date", json_time(p->run->time));
	cJSON_AddNumberToObject(o, "kernels", (double)p->nr_kernels);
	for (int m = 0; m < METRIC_NR; m++)
		cJSON_AddItemToObject(o, metric_names[m], json_metric(p->value[m]));
	cJSON_AddItemToObject(o, "helion_raw", json_metric(p->raw_helion));
	cJSON_AddBoolToObject(o, "kernel_set_changed", p->kernel_set_changed);
	return o;
}

cJSON *window_commit_json(const struct window_commit *c)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "sha", c->sha);
	cJSON_AddItemToObject(o, "date", json_time((time_t)c->time));
	cJSON_AddStringToObject(o, "subject", c->subject);
	cJSON_AddBoolToObject(o, "slice_match", window_commit_in_slice(c));
	return o;
}

cJSON *window_date_json(const struct window *w, const char *date_arg)
{
	char buf[32];

	if (!date_arg)
		return cJSON_CreateNull();
	return cJSON_CreateString(window_date_text(w, buf));
}

static cJSON *names_json(const char **names, size_t nr)
{
	cJSON *a = cJSON_CreateArray();

	for (size_t i = 0; i < nr; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(names[i]));
	return a;
}

cJSON *window_set_change_json(const struct series *s, const struct kernel_set_change *c)
{
	cJSON *o;

	if (!c->index)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "date", json_time(s->points[c->index].run->time));
	cJSON_AddItemToObject(o, "last_date", json_time(s->points[c->index - 1].run->time));
	cJSON_AddItemToObject(o, "gone", names_json(c->gone, c->nr_gone));
	cJSON_AddItemToObject(o, "added", names_json(c->added, c->nr_added));
	cJSON_AddItemToObject(o, "plain_change_pct", json_number(c->plain_change_pct, 2));
	cJSON_AddItemToObject(o, "common_change_pct", json_number(c->common_change_pct, 2));
	return o;
}

cJSON *window_kernel_steps_json(const struct window *w)
{
	cJSON *a = cJSON_CreateArray();

	for (size_t i = 0; i < w->nr_kernel_steps; i++) {
		const struct kernel_step *k = &w->kernel_steps[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "kernel", k->kernel);
		cJSON_AddItemToObject(o, "date", json_time(w->series.points[k->first_bad].run->time));
		cJSON_AddItemToObject(o, "last_date", json_time(w->series.points[k->last_good].run->time));
		cJSON_AddItemToObject(o, "change_pct", json_number(k->change_pct, 2));
		cJSON_AddItemToObject(o, "noise_pct", json_number(k->noise_pct, 2));
		cJSON_AddItemToObject(o, "score", json_number(k->score, 2));
		cJSON_AddItemToObject(o, "se_pct", json_number(k->se_pct, 2));
		cJSON_AddItemToObject(o, "z", json_number(k->z, 2));
		cJSON_AddItemToArray(a, o);
	}
	return a;
}

cJSON *sparse_kernels_json(const struct series *s, const struct sparse_kernel *sparse, size_t nr)
{
	cJSON *a = cJSON_CreateArray();

	for (size_t i = 0; i < nr; i++) {
		const struct sparse_kernel *k = &sparse[i];
		const struct dash_entry *since = s->points[k->since].run;
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "kernel", k->kernel);
		cJSON_AddItemToObject(o, "last_measured", json_time(since->time));
		cJSON_AddItemToObject(o, "change_pct", json_number(k->change_pct, 2));
		cJSON_AddItemToObject(o, "noise_pct", json_number(k->noise_pct, 2));
		cJSON_AddStringToObject(o, "good_sha", since->sha);
		cJSON_AddItemToArray(a, o);
	}
	return a;
}

/*
 * A number that measures the step's nightly pair: null without one (index
 * 0, no pair near the date), not the 0 nothing set. digits < 0: a level,
 * as json_metric() rounds it; else json_number()'s decimals.
 */
static cJSON *pair_number(const struct step *st, double v, int digits)
{
	if (!st->index)
		return cJSON_CreateNull();
	return digits < 0 ? json_metric(v) : json_number(v, digits);
}

/* The nearest step outside the span, where none is within it: null, or its window and move. */
static cJSON *outside_json(const struct series *s, const struct step_outside *st)
{
	cJSON *o;

	if (!st->first_bad)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "date", json_time(s->points[st->first_bad].run->time));
	cJSON_AddItemToObject(o, "last_date", json_time(s->points[st->last_good].run->time));
	cJSON_AddItemToObject(o, "change_pct", json_number(st->change_pct, 2));
	cJSON_AddItemToObject(o, "score", json_number(st->score, 2));
	cJSON_AddNumberToObject(o, "days", (double)st->days);
	cJSON_AddBoolToObject(o, "drift", st->drift);
	return o;
}

/* step: the decision, the levels, and the other steps within the span. */
cJSON *window_step_json(const struct series *s, const struct step *st)
{
	cJSON *step = cJSON_CreateObject(), *others;
	const char *reason = st->found ? NULL : st->index ? st->reason : STEP_NO_BOUNDARY;

	cJSON_AddBoolToObject(step, "found", st->found);
	cJSON_AddItemToObject(step, "before", pair_number(st, st->before, -1));
	cJSON_AddItemToObject(step, "after", pair_number(st, st->after, -1));
	cJSON_AddItemToObject(step, "change_pct", pair_number(st, st->change_pct, 2));
	cJSON_AddItemToObject(step, "noise_pct", json_number(st->noise_pct, 2));
	cJSON_AddItemToObject(step, "score", pair_number(st, st->score, 2));
	cJSON_AddItemToObject(step, "se_pct", pair_number(st, st->se_pct, 2));
	cJSON_AddItemToObject(step, "bound_pct", pair_number(st, step_bound_pct(st), 2));
	cJSON_AddItemToObject(step, "state_noise_pct", json_number(st->state_noise_pct, 2));
	if (st->open_kernel) {
		cJSON *k = cJSON_AddObjectToObject(step, "open_kernel");

		cJSON_AddStringToObject(k, "kernel", st->open_kernel);
		cJSON_AddItemToObject(k, "change_pct", json_number(st->open_kernel_pct, 2));
		cJSON_AddItemToObject(k, "z", json_number(st->open_kernel_z, 2));
		cJSON_AddNumberToObject(k, "kernels", (double)st->nr_open_kernels);
		cJSON_AddItemToObject(k, "geomean_pct", json_number(st->open_geomean_pct, 2));
	} else {
		cJSON_AddNullToObject(step, "open_kernel");
	}
	cJSON_AddItemToObject(step, "z", pair_number(st, st->z, 2));
	cJSON_AddBoolToObject(step, "undecided", st->undecided);
	cJSON_AddBoolToObject(step, "persistent", st->persistent);
	cJSON_AddNumberToObject(step, "nr_before", (double)st->nr_before);
	cJSON_AddNumberToObject(step, "nr_after", (double)st->nr_after);
	cJSON_AddNumberToObject(step, "noise_multiple", st->noise_multiple);
	cJSON_AddNumberToObject(step, "min_change", st->min_change);
	if (st->drift) {
		cJSON *d = cJSON_AddObjectToObject(step, "drift");

		cJSON_AddItemToObject(d, "first", json_time(s->points[st->last_good + 1].run->time));
		cJSON_AddItemToObject(d, "last", json_time(s->points[st->index].run->time));
		cJSON_AddNumberToObject(d, "nightlies", (double)(st->index - st->last_good));
		cJSON_AddItemToObject(d, "change_pct", json_number(st->change_pct, 2));
	} else {
		cJSON_AddNullToObject(step, "drift");
	}
	cJSON_AddItemToObject(step, "reason", json_string_or_null(reason));
	cJSON_AddItemToObject(step, "between_off_both", st->halfway ? json_time(s->points[st->halfway].run->time) :
			      cJSON_CreateNull());
	others = cJSON_AddArrayToObject(step, "other_steps");
	for (size_t i = 0; i < st->nr_other; i++) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddItemToObject(o, "date", json_time(s->points[st->other[i].index].run->time));
		cJSON_AddItemToObject(o, "last_date", json_time(s->points[st->other[i].index - 1].run->time));
		cJSON_AddItemToObject(o, "change_pct", json_number(st->other[i].change_pct, 2));
		cJSON_AddItemToObject(o, "score", json_number(st->other[i].score, 2));
		cJSON_AddItemToArray(others, o);
	}
	cJSON_AddItemToObject(step, "outside_span", outside_json(s, &st->outside));
	return step;
}

/* The date's own pair that the step set aside: null, or its move and why it reverts. */
static cJSON *date_pair_json(const struct window *w)
{
	const struct step *st = &w->date_pair;
	cJSON *o;

	if (!st->dip_nights)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "date", json_time(w->series.points[st->index].run->time));
	cJSON_AddItemToObject(o, "last_date", json_time(w->series.points[st->last_good].run->time));
	cJSON_AddItemToObject(o, "change_pct", json_number(st->change_pct, 2));
	cJSON_AddItemToObject(o, "se_pct", json_number(st->se_pct, 2));
	cJSON_AddItemToObject(o, "z", json_number(st->z, 2));
	cJSON_AddStringToObject(o, "reason", st->reason);
	cJSON_AddNumberToObject(o, "nightlies_off", (double)st->dip_nights);
	return o;
}

cJSON *window_json(const struct window *w, const struct window_options *o, int only_slice)
{
	cJSON *root = cJSON_CreateObject(), *series, *commits, *paths;

	cJSON_AddStringToObject(root, "platform", o->platform);
	cJSON_AddItemToObject(root, "kernel", o->kernel ? cJSON_CreateString(o->kernel) : cJSON_CreateNull());
	cJSON_AddItemToObject(root, "date", window_date_json(w, o->date));
	cJSON_AddItemToObject(root, "last_good", window_end_json(&w->last_good));
	cJSON_AddItemToObject(root, "first_bad", window_end_json(&w->first_bad));
	cJSON_AddItemToObject(root, "step", window_step_json(&w->series, &w->step));
	cJSON_AddItemToObject(root, "set_aside", date_pair_json(w));
	cJSON_AddItemToObject(root, "kernel_set_change", window_set_change_json(&w->series, &w->set_change));
	cJSON_AddItemToObject(root, "kernel_steps", window_kernel_steps_json(w));
	cJSON_AddItemToObject(root, "sparse_kernels", sparse_kernels_json(&w->series, w->sparse, w->nr_sparse));
	cJSON_AddStringToObject(root, "slice", w->slice.pattern);
	paths = cJSON_AddArrayToObject(root, "slice_paths");
	for (size_t i = 0; i < w->slice.paths.nr; i++)
		cJSON_AddItemToArray(paths, cJSON_CreateString(w->slice.paths.v[i]));
	cJSON_AddBoolToObject(root, "empty", w->empty);
	series = cJSON_AddArrayToObject(root, "series");
	for (size_t i = w->first_shown; i < w->end_shown; i++)
		cJSON_AddItemToArray(series, series_point_json(&w->series.points[i]));
	if (!w->listed) {
		cJSON_AddNullToObject(root, "commits");
	} else {
		commits = cJSON_AddArrayToObject(root, "commits");
		for (size_t i = 0; i < w->nr_commits; i++)
			if (!only_slice || window_commit_in_slice(&w->commits[i]))
				cJSON_AddItemToArray(commits, window_commit_json(&w->commits[i]));
	}
	return root;
}
