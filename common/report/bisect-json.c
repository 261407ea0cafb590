/* The result of `git benchbisect run` as the --json document. */
#include <math.h>
#include "report/window-json.h"
#include "report/bisect-json.h"

static const char *const outcome_names[] = {
	[BISECT_TEST] = "searching",	/* never reported */
	[BISECT_FOUND] = "found",
	[BISECT_NOT_REPRODUCED] = "not_reproduced",
	[BISECT_GOOD_END_BAD] = "good_end_bad",
	[BISECT_ONLY_SKIPPED] = "only_skipped",
	[BISECT_UNDECIDED] = "undecided",
	[BISECT_EMPTY] = "empty",
};

/* A probe's verdict in JSON: --metric's "unclear" is no skip, only not sure yet. */
static const char *probe_verdict_name(const struct bisect_result *res, enum verdict v)
{
	return res->metric && v == VERDICT_UNCLEAR ? "unclear" : bisect_verdict_name(v);
}

static cJSON *commit_json(const struct bisect_result *res, size_t pos)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "sha", bisect_result_sha(res, pos));
	cJSON_AddStringToObject(o, "subject", bisect_result_subject(res, pos));
	return o;
}

static cJSON *probe_json(const struct bisect_result *res, const struct bisect_probe *s)
{
	cJSON *probe = cJSON_CreateObject(), *exits;

	cJSON_AddStringToObject(probe, "sha", bisect_result_sha(res, s->pos));
	cJSON_AddStringToObject(probe, "verdict", probe_verdict_name(res, s->verdict));
	exits = cJSON_AddArrayToObject(probe, "exits");
	for (size_t i = 0; i < s->nr_exits; i++)
		cJSON_AddItemToArray(exits, cJSON_CreateNumber(s->exits[i]));
	if (res->metric) {
		cJSON *values = cJSON_AddArrayToObject(probe, "values");

		for (size_t i = 0; i < s->values.nr; i++)
			cJSON_AddItemToArray(values, cJSON_CreateNumber(s->values.v[i]));
		cJSON_AddItemToObject(probe, "median", json_number(samples_median(&s->values), 6));
		cJSON_AddItemToObject(probe, "p_bad", json_number(s->p_bad, 6));
	}
	return probe;
}

/* {"estimate", "low", "high"}, rounded to digits decimals after scaling by scale. */
static cJSON *interval_json(const double *v, double scale, int digits)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddItemToObject(o, "estimate", json_number(scale * v[0], digits));
	cJSON_AddItemToObject(o, "low", json_number(scale * v[1], digits));
	cJSON_AddItemToObject(o, "high", json_number(scale * v[2], digits));
	return o;
}

static cJSON *level_json(const double *v)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddItemToObject(o, "estimate", json_metric(v[0]));
	cJSON_AddItemToObject(o, "low", json_metric(v[1]));
	cJSON_AddItemToObject(o, "high", json_metric(v[2]));
	return o;
}

/* --metric: the noise recorded on other commits, and how likely it held (null: none used). */
static cJSON *recorded_noise_json(const struct bisect_metric *m)
{
	cJSON *o;

	if (!(m->recorded.df > 0) || !isfinite(m->post.noise_held))
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	run_noise_json_add(o, &m->recorded);
	cJSON_AddItemToObject(o, "p_holds", json_number(m->post.noise_held, 6));
	return o;
}

void run_noise_json_add(cJSON *o, const struct run_noise *n)
{
	cJSON *states = n->states.found ? cJSON_CreateObject() : cJSON_CreateNull();

	cJSON_AddItemToObject(o, "noise", json_metric(sqrt(n->var)));
	cJSON_AddNumberToObject(o, "runs", (double)n->runs);
	cJSON_AddNumberToObject(o, "commits", (double)n->commits);
	cJSON_AddNumberToObject(o, "strays", (double)n->strays);
	if (n->states.found) {
		cJSON_AddItemToObject(states, "gap_pct", json_number(100 * n->states.gap, 4));
		cJSON_AddItemToObject(states, "upper_share", json_number(n->states.share, 3));
	}
	cJSON_AddItemToObject(o, "two_states", states);
}

/* "No step" of noise of two states: its posterior and the states' levels (null: none fit). */
static cJSON *two_states_json(const struct posterior_summary *s)
{
	cJSON *o, *levels;

	if (isnan(s->states[0]))
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "p", json_number(s->p_states, 6));
	levels = cJSON_AddArrayToObject(o, "levels");
	cJSON_AddItemToArray(levels, json_metric(s->states[0]));
	cJSON_AddItemToArray(levels, json_metric(s->states[1]));
	return o;
}

static int off_level(const struct bisect_metric *m, size_t pos)
{
	for (size_t i = 0; i < m->nr_off_level; i++)
		if (m->off_level[i] == pos)
			return 1;
	return 0;
}

/* --metric: the settings, what the posterior says, every run of each probed commit. */
static cJSON *metric_json(const struct bisect_result *res)
{
	const struct bisect_metric *m = &res->m;
	const struct posterior_summary *s = &m->post;
	cJSON *o = cJSON_CreateObject(), *top, *probes;

	cJSON_AddItemToObject(o, "min_change", json_number(m->min_change, 4));
	cJSON_AddStringToObject(o, "min_change_from", m->min_change_from);
	cJSON_AddItemToObject(o, "confidence", json_number(100 * s->sure, 7));
	cJSON_AddNumberToObject(o, "max_runs", (double)m->max_runs);
	cJSON_AddItemToObject(o, "interval", json_number(1 - 2 * (1 - s->sure), 6));
	cJSON_AddItemToObject(o, "p_no_step", json_number(s->p_none, 6));
	cJSON_AddItemToObject(o, "p_culprit", res->outcome == BISECT_FOUND ?
			      json_number(m->culprit_p, 6) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "first_at_bad_level", res->outcome == BISECT_FOUND ?
			      commit_json(res, res->culprit + m->culprit_off_level) : cJSON_CreateNull());
	top = cJSON_AddArrayToObject(o, "culprits");
	for (size_t i = 0; i < s->nr_top; i++) {
		cJSON *c = commit_json(res, s->top[i]);

		cJSON_AddItemToObject(c, "p", json_number(s->top_p[i], 6));
		cJSON_AddItemToArray(top, c);
	}
	cJSON_AddItemToObject(o, "good", level_json(s->good));
	cJSON_AddItemToObject(o, "bad", level_json(s->bad));
	cJSON_AddItemToObject(o, "change_pct", interval_json(s->change, 100, 4));
	cJSON_AddItemToObject(o, "noise", json_metric(s->noise));
	cJSON_AddItemToObject(o, "more_runs", res->outcome == BISECT_UNDECIDED && s->more_runs ?
			      cJSON_CreateNumber((double)s->more_runs) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "recorded_noise", recorded_noise_json(m));
	cJSON_AddItemToObject(o, "two_states", two_states_json(s));
	probes = cJSON_AddArrayToObject(o, "probes");
	for (size_t p = 0; m->values && p <= res->nr; p++) {
		cJSON *probe, *values;

		if (!m->values[p].nr)
			continue;
		probe = cJSON_CreateObject();
		cJSON_AddStringToObject(probe, "sha", bisect_result_sha(res, p));
		cJSON_AddNumberToObject(probe, "runs", (double)m->values[p].nr);
		values = cJSON_AddArrayToObject(probe, "values");
		for (size_t i = 0; i < m->values[p].nr; i++)
			cJSON_AddItemToArray(values, cJSON_CreateNumber(m->values[p].v[i]));
		cJSON_AddItemToObject(probe, "median", json_number(samples_median(&m->values[p]), 6));
		cJSON_AddBoolToObject(probe, "off_level", off_level(m, p));
		cJSON_AddItemToArray(probes, probe);
	}
	return o;
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
	cJSON *root = cJSON_CreateObject(), *cands, *probes, *strays;

	cJSON_AddStringToObject(root, "status", outcome_names[res->outcome]);
	cJSON_AddItemToObject(root, "culprit", res->outcome == BISECT_FOUND ?
			      commit_json(res, res->culprit) : cJSON_CreateNull());
	cands = cJSON_AddArrayToObject(root, "candidates");
	for (size_t i = 0; i < res->nr_candidates; i++)
		cJSON_AddItemToArray(cands, commit_json(res, res->candidates[i]));
	cJSON_AddItemToObject(root, "last_good_nightly", window_end_json(&res->w.last_good));
	cJSON_AddItemToObject(root, "first_bad_nightly", window_end_json(&res->w.first_bad));
	cJSON_AddNumberToObject(root, "commits", (double)res->nr);
	cJSON_AddNumberToObject(root, "runs", (double)res->runs);
	cJSON_AddNumberToObject(root, "tested", (double)res->tested);
	cJSON_AddNumberToObject(root, "rounds", (double)res->rounds);
	cJSON_AddNumberToObject(root, "recorded_runs", (double)res->recorded_runs);
	cJSON_AddItemToObject(root, "key", res->key ? cJSON_CreateString(res->key) : cJSON_CreateNull());
	probes = cJSON_AddArrayToObject(root, "steps");
	for (size_t i = 0; i < res->nr_probes; i++)
		cJSON_AddItemToArray(probes, probe_json(res, &res->probes[i]));
	cJSON_AddItemToObject(root, "metric", res->metric && res->outcome != BISECT_EMPTY ?
			      metric_json(res) : cJSON_CreateNull());
	strays = cJSON_AddArrayToObject(root, "strays");
	for (size_t i = 0; i < res->nr_strays; i++)
		cJSON_AddItemToArray(strays, stray_json(res, &res->strays[i]));
	return root;
}
