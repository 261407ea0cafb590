#include <string.h>
#include "util/date.h"
#include "history/window-json.h"

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
	if (w->date_is_day)
		return cJSON_CreateString(format_day(buf, w->date));
	return cJSON_CreateString(format_iso_time(buf, w->date));
}

cJSON *window_json(const struct window *w, const struct window_options *o, int only_slice)
{
	cJSON *root = cJSON_CreateObject(), *series, *commits, *step, *paths;

	cJSON_AddStringToObject(root, "platform", o->platform);
	cJSON_AddItemToObject(root, "kernel", o->kernel ? cJSON_CreateString(o->kernel) : cJSON_CreateNull());
	cJSON_AddItemToObject(root, "date", window_date_json(w, o->date));
	cJSON_AddItemToObject(root, "last_good", window_end_json(&w->last_good));
	cJSON_AddItemToObject(root, "first_bad", window_end_json(&w->first_bad));
	step = cJSON_AddObjectToObject(root, "step");
	cJSON_AddBoolToObject(step, "found", w->step.found);
	cJSON_AddItemToObject(step, "before", json_metric(w->step.before));
	cJSON_AddItemToObject(step, "after", json_metric(w->step.after));
	cJSON_AddItemToObject(step, "change_pct", json_number(w->step.change_pct, 2));
	cJSON_AddItemToObject(step, "noise_pct", json_number(w->step.noise_pct, 2));
	cJSON_AddItemToObject(step, "score", json_number(w->step.score, 2));
	cJSON_AddBoolToObject(step, "persistent", w->step.persistent);
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
