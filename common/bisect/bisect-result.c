/* The result of `git benchbisect run`, as text and as the --json document. */
#include <stdlib.h>
#include <string.h>
#include "util/quote.h"
#include "util/usage.h"
#include "history/window-json.h"
#include "bisect/bisect-run.h"

static const char *const outcome_names[] = {
	[BISECT_OUTCOME_FOUND] = "found",
	[BISECT_OUTCOME_NOT_REPRODUCED] = "not_reproduced",
	[BISECT_OUTCOME_GOOD_END_BAD] = "good_end_bad",
	[BISECT_OUTCOME_ONLY_SKIPPED] = "only_skipped",
	[BISECT_OUTCOME_INCONSISTENT] = "inconsistent",
	[BISECT_OUTCOME_EMPTY] = "empty",
};

static const char *const verdict_names[] = {
	[STEP_GOOD] = "good",
	[STEP_BAD] = "bad",
	[STEP_SKIP] = "skip",
	[STEP_UNCLEAR] = "skip, still unclear",
	[STEP_ALIKE] = "alike",
};

void bisect_result_init(struct bisect_result *res)
{
	memset(res, 0, sizeof(*res));
	res->abbrev = 8;
	strbuf_init(&res->error, 0);
}

void bisect_result_release(struct bisect_result *res)
{
	for (size_t i = 0; i < res->nr_steps; i++) {
		free(res->steps[i].label);
		free(res->steps[i].exits);
		samples_release(&res->steps[i].values);
	}
	free(res->steps);
	for (size_t i = 0; i < res->nr_strays; i++)
		free(res->strays[i].command);
	free(res->strays);
	free(res->candidates);
	free(res->good_subject);
	window_release(&res->w);
	strbuf_release(&res->error);
	memset(res, 0, sizeof(*res));
}

const git_oid *bisect_result_oid(const struct bisect_result *res, size_t pos)
{
	return pos ? &res->w.commits[res->nr - pos].oid : &res->w.last_good.oid;
}

const char *bisect_result_sha(const struct bisect_result *res, size_t pos)
{
	return pos ? res->w.commits[res->nr - pos].sha : res->w.last_good.sha;
}

const char *bisect_result_subject(const struct bisect_result *res, size_t pos)
{
	return pos ? res->w.commits[res->nr - pos].subject : res->good_subject;
}

const char *bisect_step_verdict_name(enum step_verdict v)
{
	return verdict_names[v];
}

void bisect_result_print(FILE *fp, const struct bisect_result *res)
{
	switch (res->outcome) {
	case BISECT_OUTCOME_FOUND:
		fprintf(fp, "first bad commit: %s %s\n", bisect_result_sha(res, res->culprit),
			quote_term(bisect_result_subject(res, res->culprit)));
		break;
	case BISECT_OUTCOME_NOT_REPRODUCED:
		fprintf(fp, "no first bad commit: the bad end %.*s %s\n", res->abbrev,
			bisect_result_sha(res, res->nr),
			res->metric ? "measures like the good end" : "tested good");
		break;
	case BISECT_OUTCOME_GOOD_END_BAD:
		fprintf(fp, "no first bad commit in the window: the good end %.*s tested bad, so the move is older\n",
			res->abbrev, bisect_result_sha(res, 0));
		break;
	case BISECT_OUTCOME_EMPTY:
		fprintf(fp, "no first bad commit: the window is empty, both ends are %.*s\n",
			res->abbrev, res->w.first_bad.sha);
		break;
	case BISECT_OUTCOME_INCONSISTENT:
		fprintf(fp, "no first bad commit: %s %s measures against its side of the boundary at %.*s\n",
			bisect_result_sha(res, res->misfit), quote_term(bisect_result_subject(res, res->misfit)),
			res->abbrev, bisect_result_sha(res, res->culprit));
		fprintf(fp, "the window may hold more than one step, or more noise than the runs show\n");
		break;
	case BISECT_OUTCOME_ONLY_SKIPPED:
		fprintf(fp, "no single first bad commit: skipped commits hide it; it is one of:\n");
		for (size_t i = 0; i < res->nr_candidates; i++)
			fprintf(fp, "  %s %s\n", bisect_result_sha(res, res->candidates[i]),
				quote_term(bisect_result_subject(res, res->candidates[i])));
		break;
	}
	fprintf(fp, "%zu runs over %zu commits\n", res->runs, res->tested);
}

static cJSON *commit_json(const struct bisect_result *res, size_t pos)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "sha", bisect_result_sha(res, pos));
	cJSON_AddStringToObject(o, "subject", bisect_result_subject(res, pos));
	return o;
}

static cJSON *step_json(const struct bisect_result *res, const struct bisect_step *s)
{
	cJSON *step = cJSON_CreateObject(), *exits;

	cJSON_AddStringToObject(step, "sha", bisect_result_sha(res, s->pos));
	cJSON_AddStringToObject(step, "verdict", verdict_names[s->verdict]);
	exits = cJSON_AddArrayToObject(step, "exits");
	for (size_t i = 0; i < s->nr_exits; i++)
		cJSON_AddItemToArray(exits, cJSON_CreateNumber(s->exits[i]));
	if (res->metric) {
		cJSON *values = cJSON_AddArrayToObject(step, "values");

		for (size_t i = 0; i < s->values.nr; i++)
			cJSON_AddItemToArray(values, cJSON_CreateNumber(s->values.v[i]));
		cJSON_AddItemToObject(step, "median", json_number(samples_median(&s->values), 6));
	}
	return step;
}

static cJSON *stray_json(const struct bisect_result *res, const struct bisect_stray *s)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "sha", bisect_result_sha(res, s->pos));
	cJSON_AddNumberToObject(o, "pid", s->pid);
	cJSON_AddStringToObject(o, "command", s->command);
	cJSON_AddBoolToObject(o, "killed", s->killed);
	return o;
}

cJSON *bisect_result_json(const struct bisect_result *res)
{
	cJSON *root = cJSON_CreateObject(), *cands, *steps, *strays;

	cJSON_AddStringToObject(root, "status", outcome_names[res->outcome]);
	cJSON_AddItemToObject(root, "culprit", res->outcome == BISECT_OUTCOME_FOUND ?
			      commit_json(res, res->culprit) : cJSON_CreateNull());
	cands = cJSON_AddArrayToObject(root, "candidates");
	for (size_t i = 0; i < res->nr_candidates; i++)
		cJSON_AddItemToArray(cands, commit_json(res, res->candidates[i]));
	cJSON_AddItemToObject(root, "misfit", res->outcome == BISECT_OUTCOME_INCONSISTENT ?
			      commit_json(res, res->misfit) : cJSON_CreateNull());
	cJSON_AddItemToObject(root, "last_good_nightly", window_end_json(&res->w.last_good));
	cJSON_AddItemToObject(root, "first_bad_nightly", window_end_json(&res->w.first_bad));
	cJSON_AddNumberToObject(root, "commits", (double)res->nr);
	cJSON_AddNumberToObject(root, "runs", (double)res->runs);
	cJSON_AddNumberToObject(root, "tested", (double)res->tested);
	cJSON_AddNumberToObject(root, "rounds", (double)res->rounds);
	steps = cJSON_AddArrayToObject(root, "steps");
	for (size_t i = 0; i < res->nr_steps; i++)
		cJSON_AddItemToArray(steps, step_json(res, &res->steps[i]));
	strays = cJSON_AddArrayToObject(root, "strays");
	for (size_t i = 0; i < res->nr_strays; i++)
		cJSON_AddItemToArray(strays, stray_json(res, &res->strays[i]));
	return root;
}
