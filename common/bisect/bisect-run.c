/*
 * `git benchbisect run`: drive the search of bisect.c with the user's
 * command, one scratch-tree checkout per tested commit. Steps go to
 * stderr, the result to stdout.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/repo.h"
#include "bisect/bisect.h"
#include "bisect/bisect-exec.h"
#include "bisect/scratch-tree.h"
#include "history/window-json.h"

/* A window without commits: nothing to search. */
#define RUN_EMPTY (BISECT_ONLY_SKIPPED + 1)

static const char *const status_names[] = {
	[BISECT_FOUND] = "found",
	[BISECT_NOT_REPRODUCED] = "not_reproduced",
	[BISECT_GOOD_END_BAD] = "good_end_bad",
	[BISECT_ONLY_SKIPPED] = "only_skipped",
	[RUN_EMPTY] = "empty",
};

struct bisect_ctx {
	git_repository *repo;
	struct window w;
	struct bisect_options *o;
	struct scratch_tree tree;
	struct bisect b;
	unsigned char *slice;
	size_t nr;
	int repeat, max_runs;
	size_t runs, tested;
	int step;
	char *good_subject;
	struct samples ends[2];		/* --metric: the good and the bad end */
	cJSON *steps;
};

/* What the runs at one commit gave. */
struct trial {
	size_t pos;
	struct strbuf exits;		/* "0 0 1" */
	struct samples values;		/* --metric */
	size_t nr_runs, nr_good, nr_bad;
	int skip_code;			/* the exit code that made it untestable, or -1 */
	cJSON *exit_list;
};

static const git_oid *oid_at(const struct bisect_ctx *c, size_t pos)
{
	return pos ? &c->w.commits[c->nr - pos].oid : &c->w.last_good.oid;
}

static const char *sha_at(const struct bisect_ctx *c, size_t pos)
{
	return pos ? c->w.commits[c->nr - pos].sha : c->w.last_good.sha;
}

static const char *subject_at(const struct bisect_ctx *c, size_t pos)
{
	return pos ? c->w.commits[c->nr - pos].subject : c->good_subject;
}

/* The command's one number: the last non-empty line of its output. */
static int parse_number(const struct bisect_ctx *c, size_t pos, struct strbuf *out, double *v)
{
	char *end, *line;

	strbuf_rtrim(out);
	line = strrchr(out->buf, '\n');
	line = line ? line + 1 : out->buf;
	while (*line == ' ' || *line == '\t')
		line++;
	errno = 0;
	*v = strtod(line, &end);
	if (!*line || *end || errno || !isfinite(*v))
		return error("'%s' printed no number at %.8s (its last line: '%s')", c->o->argv[0],
			     sha_at(c, pos), line);
	return 0;
}

/* One run at the checked-out commit; -1 to stop the bisection. */
static int run_once(struct bisect_ctx *c, struct trial *t)
{
	struct strbuf out = STRBUF_INIT;
	int code, ret = 0;
	double v;

	if (setenv("BENCHBISECT_COMMIT", sha_at(c, t->pos), 1))
		return error("cannot set BENCHBISECT_COMMIT: %s", strerror(errno));
	if (exec_command(c->o->argv, c->tree.path, c->o->metric ? &out : NULL, &code)) {
		strbuf_release(&out);
		return -1;
	}
	c->runs++;
	t->nr_runs++;
	strbuf_addf(&t->exits, "%s%d", t->exits.len ? " " : "", code);
	cJSON_AddItemToArray(t->exit_list, cJSON_CreateNumber(code));
	if ((c->o->signal = exec_signal_caught()))
		ret = error("interrupted");
	else if (code > 127)
		ret = error("'%s' exited with %d at %.8s: stopping the bisection", c->o->argv[0], code,
			    sha_at(c, t->pos));
	else if (code == 125 || (c->o->metric && code))
		t->skip_code = code;
	else if (!c->o->metric)
		*(code ? &t->nr_bad : &t->nr_good) += 1;
	else if (!(ret = parse_number(c, t->pos, &out, &v)))
		samples_add(&t->values, v);
	strbuf_release(&out);
	return ret;
}

/* One round of up to --repeat runs, within --max-runs. */
static int run_round(struct bisect_ctx *c, struct trial *t)
{
	for (int i = 0; i < c->repeat && t->nr_runs < (size_t)c->max_runs && t->skip_code < 0; i++)
		if (run_once(c, t))
			return -1;
	return 0;
}

static void trial_init(struct trial *t, size_t pos)
{
	memset(t, 0, sizeof(*t));
	t->pos = pos;
	t->skip_code = -1;
	strbuf_init(&t->exits, 0);
	t->exit_list = cJSON_CreateArray();
}

static void trial_release(struct trial *t)
{
	strbuf_release(&t->exits);
	samples_release(&t->values);
	cJSON_Delete(t->exit_list);
}

/* "(exit 0)", "(exits 0 1 1)", "(1.02 0.98, median 1)". */
static void describe(struct strbuf *sb, const struct trial *t, int metric)
{
	if (metric && t->values.nr) {
		for (size_t i = 0; i < t->values.nr; i++)
			strbuf_addf(sb, "%s%.6g", i ? " " : "", t->values.v[i]);
		strbuf_addf(sb, ", median %.6g", samples_median(&t->values));
		if (t->skip_code >= 0)
			strbuf_addf(sb, ", then exit %d", t->skip_code);
	} else {
		strbuf_addf(sb, "exit%s %s", t->nr_runs > 1 ? "s" : "", t->exits.buf);
	}
}

/* Print the step on stderr and record it for --json. */
static void report(struct bisect_ctx *c, const char *label, struct trial *t, const char *verdict)
{
	struct strbuf sb = STRBUF_INIT;
	cJSON *step = cJSON_CreateObject();

	describe(&sb, t, c->o->metric);
	fprintf(stderr, "%s: %.8s %s (%s): %s\n", label, sha_at(c, t->pos), verdict, sb.buf,
		subject_at(c, t->pos));
	cJSON_AddStringToObject(step, "sha", sha_at(c, t->pos));
	cJSON_AddStringToObject(step, "verdict", verdict);
	cJSON_AddItemToObject(step, "exits", t->exit_list);
	t->exit_list = NULL;
	if (c->o->metric) {
		cJSON *values = cJSON_AddArrayToObject(step, "values");

		for (size_t i = 0; i < t->values.nr; i++)
			cJSON_AddItemToArray(values, cJSON_CreateNumber(t->values.v[i]));
		cJSON_AddItemToObject(step, "median", json_number(samples_median(&t->values), 6));
	}
	cJSON_AddItemToArray(c->steps, step);
	strbuf_release(&sb);
}

static int checkout(struct bisect_ctx *c, size_t pos)
{
	if (scratch_tree_checkout(&c->tree, oid_at(c, pos)))
		return -1;
	if ((c->o->signal = exec_signal_caught()))
		return error("interrupted");
	return 0;
}

/* Test one commit: rounds until the verdict is clear or --max-runs is spent. */
static int test_commit(struct bisect_ctx *c, size_t pos)
{
	struct trial t;
	enum judgement j = JUDGE_UNKNOWN;
	enum bisect_mark mark;
	const char *word;
	char label[32];

	trial_init(&t, pos);
	if (checkout(c, pos))
		goto fail;
	do {
		if (run_round(c, &t))
			goto fail;
		if (t.skip_code >= 0)
			break;
		j = c->o->metric ? judge_metric(&c->ends[0], &c->ends[1], &t.values) :
			judge_exits(t.nr_good, t.nr_bad);
	} while (j == JUDGE_UNKNOWN && t.nr_runs < (size_t)c->max_runs);
	if (j == JUDGE_UNKNOWN && !c->o->metric && t.nr_good != t.nr_bad && t.skip_code < 0)
		j = t.nr_good > t.nr_bad ? JUDGE_GOOD : JUDGE_BAD;
	mark = t.skip_code >= 0 || j == JUDGE_UNKNOWN ? MARK_SKIP : j == JUDGE_GOOD ? MARK_GOOD : MARK_BAD;
	word = mark == MARK_GOOD ? "good" : mark == MARK_BAD ? "bad" : t.skip_code >= 0 ? "skip" :
		"skip, still unclear";
	snprintf(label, sizeof(label), "step %d", ++c->step);
	c->tested++;
	report(c, label, &t, word);
	bisect_mark(&c->b, pos, mark);
	trial_release(&t);
	return 0;
fail:
	trial_release(&t);
	return -1;
}

/* --metric: measure both ends until they differ or --max-runs is spent. */
static int measure_ends(struct bisect_ctx *c, int *separated)
{
	struct trial t[2];
	static const char *const labels[] = { "good end", "bad end" };
	int ret = 0;

	trial_init(&t[0], 0);
	trial_init(&t[1], c->nr);
	do {
		for (int e = 0; e < 2 && !ret; e++) {
			ret = checkout(c, t[e].pos) || run_round(c, &t[e]) ? -1 : 0;
			if (!ret && t[e].skip_code >= 0)
				ret = error("cannot measure the %s %.8s: '%s' exited with %d", labels[e],
					    sha_at(c, t[e].pos), c->o->argv[0], t[e].skip_code);
		}
		*separated = !ret && metric_separated(&t[0].values, &t[1].values);
	} while (!ret && !*separated && t[0].nr_runs < (size_t)c->max_runs);
	for (int e = 0; e < 2 && !ret; e++) {
		c->tested++;
		report(c, labels[e], &t[e], !*separated ? "alike" : e ? "bad" : "good");
		c->ends[e] = t[e].values;
		memset(&t[e].values, 0, sizeof(t[e].values));
	}
	if (!ret && *separated) {
		bisect_mark(&c->b, 0, MARK_GOOD);
		bisect_mark(&c->b, c->nr, MARK_BAD);
	}
	trial_release(&t[0]);
	trial_release(&t[1]);
	return ret;
}

static cJSON *commit_json(const struct bisect_ctx *c, size_t pos)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "sha", sha_at(c, pos));
	cJSON_AddStringToObject(o, "subject", subject_at(c, pos));
	return o;
}

/* The text result: what was found, and what it took. */
static void print_text(const struct bisect_ctx *c, int st)
{
	const struct bisect *b = &c->b;

	switch (st) {
	case BISECT_FOUND:
		printf("first bad commit: %s %s\n", sha_at(c, b->hi), subject_at(c, b->hi));
		break;
	case BISECT_NOT_REPRODUCED:
		printf("no first bad commit: the bad end %.8s %s\n", sha_at(c, c->nr),
		       c->o->metric ? "measures like the good end" : "tested good");
		break;
	case BISECT_GOOD_END_BAD:
		printf("no first bad commit in the window: the good end %.8s tested bad, so the move is older\n",
		       sha_at(c, 0));
		break;
	case RUN_EMPTY:
		printf("no first bad commit: the window is empty, both ends are %.8s\n", c->w.first_bad.sha);
		break;
	default:
		printf("no single first bad commit: skipped commits hide it; it is one of:\n");
		for (size_t p = b->lo + 1; p <= b->hi; p++)
			if (p == b->hi || b->mark[p] == MARK_SKIP)
				printf("  %s %s\n", sha_at(c, p), subject_at(c, p));
		break;
	}
	printf("%zu runs over %zu commits\n", c->runs, c->tested);
}

static void print_json(struct bisect_ctx *c, int st)
{
	cJSON *root = cJSON_CreateObject(), *cands;
	const struct bisect *b = &c->b;

	cJSON_AddStringToObject(root, "status", status_names[st]);
	cJSON_AddItemToObject(root, "first_bad_commit", st == BISECT_FOUND ? commit_json(c, b->hi) :
			      cJSON_CreateNull());
	cands = cJSON_AddArrayToObject(root, "candidates");
	for (size_t p = b->lo + 1; st == BISECT_ONLY_SKIPPED && p <= b->hi; p++)
		if (p == b->hi || b->mark[p] == MARK_SKIP)
			cJSON_AddItemToArray(cands, commit_json(c, p));
	cJSON_AddItemToObject(root, "last_good", window_end_json(&c->w.last_good));
	cJSON_AddItemToObject(root, "first_bad", window_end_json(&c->w.first_bad));
	cJSON_AddNumberToObject(root, "commits", (double)c->nr);
	cJSON_AddNumberToObject(root, "runs", (double)c->runs);
	cJSON_AddNumberToObject(root, "tested", (double)c->tested);
	cJSON_AddItemToObject(root, "steps", c->steps);
	c->steps = NULL;
	json_print_and_free(root);
}

static int search(struct bisect_ctx *c)
{
	enum bisect_status st;
	size_t pos;
	int separated = 1;

	if (c->o->metric && measure_ends(c, &separated))
		return -1;
	if (!separated)
		return BISECT_NOT_REPRODUCED;
	while ((st = bisect_next(&c->b, &pos)) == BISECT_TEST)
		if (test_commit(c, pos))
			return -1;
	return st;
}

static int setup(struct bisect_ctx *c)
{
	git_commit *good;

	if (git_commit_lookup(&good, c->repo, &c->w.last_good.oid))
		return repo_error("cannot read commit '%s'", c->w.last_good.sha);
	c->good_subject = xstrdup(git_commit_summary(good) ? git_commit_summary(good) : "");
	git_commit_free(good);
	c->nr = c->w.nr_commits;
	c->slice = xcalloc(c->nr + 1, 1);
	for (size_t p = 1; p <= c->nr; p++)
		c->slice[p] = (unsigned char)window_commit_in_slice(&c->w.commits[c->nr - p]);
	bisect_init(&c->b, c->nr, c->slice, c->o->slice_first);
	c->steps = cJSON_CreateArray();
	return 0;
}

int bisect_run(git_repository *repo, struct config *cfg, const struct window_options *wo,
	       struct bisect_options *o, int json)
{
	struct bisect_ctx c;
	int st;

	memset(&c, 0, sizeof(c));
	c.repo = repo;
	c.o = o;
	c.repeat = o->repeat ? o->repeat : o->metric ? 3 : 1;
	c.max_runs = o->max_runs ? o->max_runs : 4 * c.repeat;
	st = window_compute(&c.w, repo, cfg, wo);
	if (st > 0)
		st = error("cannot bisect without both ends in this repository");
	if (!st && setup(&c))
		st = -1;
	if (!st && (c.w.empty || !c.nr)) {
		st = RUN_EMPTY;
	} else if (!st) {
		/* ceil(log2(nr)) + 1; a one-commit window tests both ends. */
		int steps = c.nr == 1 ? 2 : 1;

		while ((1u << (steps - 1)) < c.nr)
			steps++;
		fprintf(stderr, "bisecting %zu commits in %.8s..%.8s, at most about %d verdicts\n",
			c.nr, c.w.last_good.sha, c.w.first_bad.sha, steps);
		exec_signals_catch();
		if (scratch_tree_init(&c.tree, repo))
			st = -1;
		else
			st = search(&c);
		scratch_tree_release(&c.tree);
		exec_signals_restore();
		if (!o->signal)
			o->signal = exec_signal_caught();
		if (o->signal)
			st = -1;
	}
	if (st >= 0 && json)
		print_json(&c, st);
	else if (st >= 0)
		print_text(&c, st);

	cJSON_Delete(c.steps);
	samples_release(&c.ends[0]);
	samples_release(&c.ends[1]);
	bisect_release(&c.b);
	free(c.slice);
	free(c.good_subject);
	window_release(&c.w);
	return st < 0 ? -1 : st == BISECT_FOUND ? 0 : 1;
}
