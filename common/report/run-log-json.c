/* `git benchbisect log --json`. */
#include <math.h>
#include "report/run-log-json.h"
#include "report/bisect-json.h"

static cJSON *entry_json(const struct run_log_entry *e)
{
	cJSON *o = cJSON_CreateObject(), *values;

	cJSON_AddStringToObject(o, "key", e->key);
	cJSON_AddStringToObject(o, "machine", e->machine);
	cJSON_AddNumberToObject(o, "runs", (double)(e->nr_values + e->good + e->bad + e->skipped));
	cJSON_AddItemToObject(o, "median", e->nr_values ? cJSON_CreateNumber(run_log_median(e)) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "spread_pct", e->nr_values && isfinite(run_log_spread(e)) ?
			      cJSON_CreateNumber(run_log_spread(e)) : cJSON_CreateNull());
	values = cJSON_AddArrayToObject(o, "values");
	for (size_t i = 0; i < e->nr_values; i++)
		cJSON_AddItemToArray(values, cJSON_CreateNumber(e->values[i]));
	cJSON_AddNumberToObject(o, "good", (double)e->good);
	cJSON_AddNumberToObject(o, "bad", (double)e->bad);
	cJSON_AddNumberToObject(o, "untestable", (double)e->skipped);
	return o;
}

cJSON *run_log_json(const struct run_log *log)
{
	cJSON *root = cJSON_CreateObject(), *commits, *noise;

	cJSON_AddStringToObject(root, "notes_ref", log->ref);
	cJSON_AddNumberToObject(root, "skipped_lines", (double)log->bad_lines);
	commits = cJSON_AddArrayToObject(root, "commits");
	for (size_t i = 0; i < log->nr; i++) {
		const struct run_log_commit *c = &log->commits[i];
		cJSON *o, *list;

		if (!c->nr_entries)
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "sha", git_oid_tostr_s(&c->oid));
		cJSON_AddStringToObject(o, "subject", c->subject);
		list = cJSON_AddArrayToObject(o, "measurements");
		for (size_t k = 0; k < c->nr_entries; k++)
			cJSON_AddItemToArray(list, entry_json(&c->entries[k]));
		cJSON_AddItemToArray(commits, o);
	}
	noise = cJSON_AddArrayToObject(root, "noise");
	for (size_t k = 0; k < log->nr_noise; k++) {
		const struct run_log_noise *n = &log->noise[k];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "key", n->key);
		cJSON_AddStringToObject(o, "machine", n->machine);
		run_noise_json_add(o, &n->noise);
		cJSON_AddItemToArray(noise, o);
	}
	return root;
}
