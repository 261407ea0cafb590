#include "util/date.h"
#include "report/window-json.h"
#include "report/scan-json.h"

static cJSON *count_json(const struct scan_entry *e, size_t n)
{
	return e->counted ? cJSON_CreateNumber((double)n) : cJSON_CreateNull();
}

static cJSON *entry_json(const struct scan_entry *e)
{
	const struct series *s = e->series;
	cJSON *o = cJSON_CreateObject();
	char buf[32];

	cJSON_AddStringToObject(o, "platform", s->platform);
	cJSON_AddItemToObject(o, "kernel", json_string_or_null(s->kernel));
	cJSON_AddStringToObject(o, "kind", e->kind == SCAN_STEP ? "step" :
				e->kind == SCAN_UNDECIDED ? "undecided" : "kernel_set");
	cJSON_AddStringToObject(o, "date", format_iso_time(buf, s->points[e->bad].run->time));
	cJSON_AddStringToObject(o, "last_date", format_iso_time(buf, s->points[e->good].run->time));
	cJSON_AddItemToObject(o, "last_good", window_end_json(&e->last_good));
	cJSON_AddItemToObject(o, "first_bad", window_end_json(&e->first_bad));
	cJSON_AddItemToObject(o, "step", e->kind != SCAN_KERNEL_SET ? window_step_json(s, &e->step) :
			      cJSON_CreateNull());
	cJSON_AddItemToObject(o, "kernel_set_change", e->kind == SCAN_KERNEL_SET ?
			      window_set_change_json(s, &e->set_change) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "sparse_kernels", sparse_kernels_json(s, e->sparse, e->nr_sparse));
	cJSON_AddItemToObject(o, "commits", count_json(e, e->nr_commits));
	cJSON_AddItemToObject(o, "slice_commits", count_json(e, e->nr_slice));
	return o;
}

cJSON *scan_json_envelope(const struct scan *sc, cJSON **steps)
{
	cJSON *root = cJSON_CreateObject(), *platforms;
	char buf[32];

	cJSON_AddStringToObject(root, "since", format_range_start(buf, sc->since));
	cJSON_AddStringToObject(root, "until", format_range_end(buf, sc->until));
	platforms = cJSON_AddArrayToObject(root, "platforms");
	for (size_t i = 0; i < sc->nr_platforms; i++)
		if (!scan_skipped(sc, sc->series[i].platform))
			cJSON_AddItemToArray(platforms, cJSON_CreateString(sc->series[i].platform));
	*steps = cJSON_AddArrayToObject(root, "steps");
	return root;
}

cJSON *scan_json(const struct scan *sc)
{
	cJSON *steps, *root = scan_json_envelope(sc, &steps);

	for (size_t i = 0; i < sc->nr_entries; i++)
		cJSON_AddItemToArray(steps, entry_json(&sc->entries[i]));
	return root;
}
