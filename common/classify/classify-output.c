#include <math.h>
#include <stdio.h>
#include "util/quote.h"
#include "util/usage.h"
#include "util/date.h"
#include "util/color.h"
#include "classify/classify.h"
#include "report/window-json.h"
#include "report/window-text.h"

static const char *const cause_colors[CAUSE_NR] = {
	COLOR_RED, COLOR_YELLOW, COLOR_CYAN, COLOR_GREEN
};

static const char *user_date(const struct window *w, char buf[32])
{
	return w->date_is_day ? format_day(buf, w->date) : format_iso_time(buf, w->date);
}

static void print_speedup(FILE *fp, const char *label, double v, const char *sep)
{
	if (isnan(v))
		fprintf(fp, "%s -%s", label, sep);
	else
		fprintf(fp, "%s %.3f%s", label, v, sep);
}

void classify_print(FILE *fp, const struct classify_result *r, const struct window *w,
		    const struct window_options *wo, int color)
{
	struct window_print_options po = { color, 0, 0, r->abbrev, NULL };
	const char *list_title = r->cause == CAUSE_METHOD_CHANGE ? "measurement commits" :
		"candidates, ranked";
	char date[32];

	fprintf(fp, "%s", quote_term(wo->platform));
	if (wo->kernel)
		fprintf(fp, " (kernel %s)", quote_term(wo->kernel));
	fprintf(fp, " on %s: %s%s%s\n", user_date(w, date), color_on(color, cause_colors[r->cause]),
		cause_titles[r->cause], color_off(color));
	window_print_ends(fp, w, &po);
	fputs("\nevidence:\n", fp);
	for (size_t i = 0; i < r->evidence.nr; i++)
		fprintf(fp, "  %s\n", quote_term(r->evidence.v[i]));
	fputs("\nspeedup: ", fp);
	print_speedup(fp, "before", r->before, ", ");
	print_speedup(fp, "after", r->after, ", ");
	print_speedup(fp, "true", r->truth, "\n");
	fprintf(fp, "  %s\n", quote_term(r->truth_reason));
	if (r->culprit)
		fprintf(fp, "culprit: %.*s %s\n", r->abbrev, r->culprit->sha,
			quote_term(r->culprit->subject));
	if (r->nr_candidates) {
		fprintf(fp, "%s:\n", list_title);
		for (size_t i = 0; i < r->nr_candidates; i++)
			fprintf(fp, "  %.*s %-11s %s\n", r->abbrev, r->candidates[i].commit->sha,
				r->candidates[i].why, quote_term(r->candidates[i].commit->subject));
	}
}

static cJSON *commit_json(const struct window_commit *c)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "sha", c->sha);
	cJSON_AddStringToObject(o, "subject", c->subject);
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
