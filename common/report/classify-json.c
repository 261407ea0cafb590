#include "util/date.h"
#include "report/window-json.h"
#include "report/classify-json.h"

static cJSON *commit_json(const struct window_commit *c)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "sha", c->sha);
	cJSON_AddStringToObject(o, "subject", c->subject);
	return o;
}

static cJSON *culprit_why_json(const struct classify_culprit_why *why)
{
	cJSON *o;

	if (!why->rule)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "rule", why->rule);
	cJSON_AddItemToObject(o, "placed_by", why->placed_by ? cJSON_CreateString(why->placed_by) :
			      cJSON_CreateNull());
	cJSON_AddItemToObject(o, "score", json_number(why->score, 4));
	cJSON_AddStringToObject(o, "text", why->text);
	return o;
}

cJSON *classify_json(const struct classify_result *r, const struct window *w,
		     const struct window_options *wo)
{
	cJSON *root = cJSON_CreateObject(), *list, *speedup;

	cJSON_AddStringToObject(root, "platform", wo->platform);
	cJSON_AddItemToObject(root, "kernel", wo->kernel ? cJSON_CreateString(wo->kernel) :
			      cJSON_CreateNull());
	cJSON_AddItemToObject(root, "date", window_date_json(w, wo->date));
	cJSON_AddStringToObject(root, "cause", cause_json_names[r->cause]);
	cJSON_AddItemToObject(root, "last_good", window_end_json(&w->last_good));
	cJSON_AddItemToObject(root, "first_bad", window_end_json(&w->first_bad));
	cJSON_AddItemToObject(root, "culprit", r->culprit ? commit_json(r->culprit) :
			      cJSON_CreateNull());
	cJSON_AddItemToObject(root, "culprit_why", culprit_why_json(&r->culprit_why));
	list = cJSON_AddArrayToObject(root, "candidates");
	for (size_t i = 0; i < r->nr_candidates; i++) {
		cJSON *c = commit_json(r->candidates[i].commit);

		cJSON_AddStringToObject(c, "why", r->candidates[i].why);
		cJSON_AddItemToArray(list, c);
	}
	list = cJSON_AddArrayToObject(root, "evidence");
	for (size_t i = 0; i < r->evidence.nr; i++) {
		cJSON *e = cJSON_CreateObject();

		cJSON_AddStringToObject(e, "signal", r->items[i].signal);
		cJSON_AddStringToObject(e, "verdict", r->items[i].verdict);
		cJSON_AddItemToObject(e, "values", cJSON_Duplicate(r->items[i].values, 1));
		cJSON_AddStringToObject(e, "text", r->evidence.v[i]);
		cJSON_AddItemToArray(list, e);
	}
	speedup = cJSON_AddObjectToObject(root, "speedup");
	cJSON_AddItemToObject(speedup, "before", json_number(r->before, 4));
	cJSON_AddItemToObject(speedup, "after", json_number(r->after, 4));
	cJSON_AddItemToObject(speedup, "true", json_number(r->truth, 4));
	cJSON_AddStringToObject(speedup, "why", r->truth_reason);
	return root;
}
