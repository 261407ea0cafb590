#include <stdio.h>
#include "util/repo.h"
#include "util/json.h"
#include "report/fixtures-json.h"

/*
 * The case objects borrow their keys (literals) and strings (the diff's,
 * which outlives the printing) instead of copying each: 7,000 copies and
 * frees for a 1,000-case corpus. (A name that is not UTF-8 gets U+FFFD
 * for each byte that is not, and its DEL and C1 controls escaped, when
 * printed: json_print_and_free().)
 */
static void add_string(cJSON *o, const char *key, const char *s)
{
	cJSON_AddItemToObjectCS(o, key, s ? cJSON_CreateStringReference(s) : cJSON_CreateNull());
}

/*
 * A line count, as the digits cJSON would print for it: added raw, since
 * cJSON prints every number through "%1.15g" and reads it back to check,
 * which was a third of the --json output's cost on a 1,000-case corpus.
 */
static void add_count(cJSON *o, const char *key, size_t n)
{
	char digits[32];

	snprintf(digits, sizeof(digits), "%zu", n);
	cJSON_AddItemToObjectCS(o, key, cJSON_CreateRaw(digits));
}

static cJSON *case_json(const struct fixture_case *c)
{
	cJSON *o = cJSON_CreateObject();

	add_string(o, "case", c->name);
	add_string(o, "status", fixture_status_name(c->status));
	add_string(o, "graph", fixture_graph_status_name(c->graph));
	cJSON_AddItemToObjectCS(o, "bench_spec", cJSON_CreateBool(fixture_case_has_spec(c)));
	add_string(o, "renamed_from", c->renamed_from);
	add_count(o, "added_lines", c->added_lines);
	add_count(o, "removed_lines", c->removed_lines);
	return o;
}

int fixture_print_json(const struct fixture_diff *d)
{
	char hex[GIT_OID_HEXSZ + 1];
	cJSON *doc = cJSON_CreateObject(), *cases;

	cJSON_AddStringToObject(doc, "base", oid_hex(hex, fixture_rev_id(d->base)));
	cJSON_AddStringToObject(doc, "head", d->head->tree ?
				oid_hex(hex, fixture_rev_id(d->head)) : "worktree");
	cJSON_AddItemToObject(doc, "root", json_string_or_null(d->layout->root));
	cases = cJSON_AddArrayToObject(doc, "cases");
	for (size_t i = 0; i < d->nr; i++)
		cJSON_AddItemToArray(cases, case_json(&d->cases[i]));
	return json_print_and_free(doc);
}
