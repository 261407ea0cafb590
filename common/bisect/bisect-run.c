/*
 * `git benchbisect run`: drive the search of bisect.c with the user's
 * command, one scratch-tree checkout per tested commit. Steps go to
 * stderr as they happen; the result goes back to the caller.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/repo.h"
#include "bisect/bisect.h"
#include "bisect/bisect-run.h"
#include "bisect/bisect-exec.h"
#include "bisect/scratch-tree.h"

struct bisect_ctx {
	const struct bisect_options *o;
	struct bisect_result *res;
	struct scratch_tree tree;
	struct bisect b;
	unsigned char *slice;
	int repeat, max_runs;
	int step;
	struct samples ends[2];		/* --metric: the good and the bad end */
};

/* The largest magnitude a --metric value may have. */
#define METRIC_MAX 1e300

/* What one run gave. */
enum run_outcome {
	RUN_COUNTED,		/* a verdict or a value was recorded */
	RUN_UNTESTABLE,		/* exit 125 (or any failure with --metric): skip the commit */
	RUN_STOP		/* stop the bisection: res->error or res->signal says why */
};

__attribute__((format(printf, 2, 3)))
static enum run_outcome stop(struct bisect_ctx *c, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (!c->res->error.len) {
		va_start(ap, fmt);
		msg = xstrvfmt(fmt, ap);
		va_end(ap);
		strbuf_addstr(&c->res->error, msg);
		free(msg);
	}
	return RUN_STOP;
}

static int interrupted(struct bisect_ctx *c)
{
	return (c->res->signal = exec_signal_caught()) != 0;
}

/* The command's one number: the last non-empty line of its output. */
static enum run_outcome parse_number(struct bisect_ctx *c, size_t pos, struct strbuf *out, double *v)
{
	char *end, *line;

	strbuf_rtrim(out);
	line = strrchr(out->buf, '\n');
	line = line ? line + 1 : out->buf;
	while (*line == ' ' || *line == '\t')
		line++;
	errno = 0;
	*v = strtod(line, &end);
	if (!*line || *end || (errno && errno != ERANGE))
		return stop(c, "'%s' printed no number at %.8s (its last line: '%s')", c->o->argv[0],
			    bisect_result_sha(c->res, pos), line);
	/*
	 * inf, nan, or so large that a median or a difference of two
	 * overflows: not a measurement. Skip the commit, never average it.
	 */
	if (!isfinite(*v) || fabs(*v) > METRIC_MAX) {
		warning("'%s' printed '%s' at %.8s, not a finite number within +-%g: skipping the commit",
			c->o->argv[0], line, bisect_result_sha(c->res, pos), METRIC_MAX);
		return RUN_UNTESTABLE;
	}
	return RUN_COUNTED;
}

static struct bisect_step *new_step(struct bisect_ctx *c, size_t pos)
{
	struct bisect_result *res = c->res;
	struct bisect_step *s;

	ALLOC_GROW(res->steps, res->nr_steps + 1, res->alloc_steps);
	s = &res->steps[res->nr_steps++];
	memset(s, 0, sizeof(*s));
	s->pos = pos;
	s->skip_code = -1;
	return s;
}

/* One run at the checked-out commit. */
static enum run_outcome run_once(struct bisect_ctx *c, struct bisect_step *s, size_t *nr_good,
				 size_t *nr_bad)
{
	struct strbuf out = STRBUF_INIT;
	enum run_outcome ret = RUN_COUNTED;
	int code;
	double v;

	if (setenv("BENCHBISECT_COMMIT", bisect_result_sha(c->res, s->pos), 1))
		return stop(c, "cannot set BENCHBISECT_COMMIT: %s", strerror(errno));
	if (exec_command(c->o->argv, c->tree.path, c->o->metric ? &out : NULL, &code, &c->res->error)) {
		strbuf_release(&out);
		return RUN_STOP;
	}
	c->res->runs++;
	ALLOC_GROW(s->exits, s->nr_exits + 1, s->alloc_exits);
	s->exits[s->nr_exits++] = code;
	if (interrupted(c))
		ret = RUN_STOP;
	else if (code > 127)
		ret = stop(c, "'%s' exited with %d at %.8s: stopping the bisection", c->o->argv[0], code,
			   bisect_result_sha(c->res, s->pos));
	else if (code == 125 || (c->o->metric && code))
		ret = RUN_UNTESTABLE;
	else if (!c->o->metric)
		*(code ? nr_bad : nr_good) += 1;
	else if ((ret = parse_number(c, s->pos, &out, &v)) == RUN_COUNTED)
		samples_add(&s->values, v);
	if (ret == RUN_UNTESTABLE)
		s->skip_code = code;
	strbuf_release(&out);
	return ret;
}

/* One round of up to --repeat runs, within --max-runs. */
static enum run_outcome run_round(struct bisect_ctx *c, struct bisect_step *s, size_t *nr_good,
				  size_t *nr_bad)
{
	enum run_outcome ret = RUN_COUNTED;

	for (int i = 0; i < c->repeat && s->nr_exits < (size_t)c->max_runs && ret == RUN_COUNTED; i++)
		ret = run_once(c, s, nr_good, nr_bad);
	return ret;
}

/* "(exit 0)", "(exits 0 1 1)", "(1.02 0.98, median 1)". */
static void describe(struct strbuf *sb, const struct bisect_step *s, int metric)
{
	if (metric && s->values.nr) {
		for (size_t i = 0; i < s->values.nr; i++)
			strbuf_addf(sb, "%s%.6g", i ? " " : "", s->values.v[i]);
		strbuf_addf(sb, ", median %.6g", samples_median(&s->values));
		if (s->skip_code >= 0)
			strbuf_addf(sb, ", then exit %d", s->skip_code);
		return;
	}
	strbuf_addf(sb, "exit%s", s->nr_exits > 1 ? "s" : "");
	for (size_t i = 0; i < s->nr_exits; i++)
		strbuf_addf(sb, " %d", s->exits[i]);
}

/* The step's line on stderr. */
static void report(struct bisect_ctx *c, const struct bisect_step *s)
{
	struct strbuf sb = STRBUF_INIT;

	describe(&sb, s, c->o->metric);
	fprintf(stderr, "%s: %.8s %s (%s): %s\n", s->label, bisect_result_sha(c->res, s->pos),
		bisect_step_verdict_name(s->verdict), sb.buf, bisect_result_subject(c->res, s->pos));
	c->res->tested++;
	strbuf_release(&sb);
}

static enum run_outcome checkout(struct bisect_ctx *c, size_t pos)
{
	if (scratch_tree_checkout(&c->tree, bisect_result_oid(c->res, pos)))
		return stop(c, "cannot check out %.8s", bisect_result_sha(c->res, pos));
	return interrupted(c) ? RUN_STOP : RUN_COUNTED;
}

static enum step_verdict verdict_of(struct bisect_ctx *c, const struct bisect_step *s,
				    size_t nr_good, size_t nr_bad)
{
	enum judgement j;

	if (s->skip_code >= 0)
		return STEP_SKIP;
	j = c->o->metric ? judge_metric(&c->ends[0], &c->ends[1], &s->values) :
		judge_exits(nr_good, nr_bad);
	if (j == JUDGE_UNKNOWN && s->nr_exits < (size_t)c->max_runs)
		return STEP_UNCLEAR;
	if (j == JUDGE_UNKNOWN && !c->o->metric && nr_good != nr_bad)
		j = nr_good > nr_bad ? JUDGE_GOOD : JUDGE_BAD;
	return j == JUDGE_GOOD ? STEP_GOOD : j == JUDGE_BAD ? STEP_BAD : STEP_UNCLEAR;
}

/* Test one commit: rounds until the verdict is clear or --max-runs is spent. */
static enum run_outcome test_commit(struct bisect_ctx *c, size_t pos)
{
	struct bisect_step *s = new_step(c, pos);
	size_t nr_good = 0, nr_bad = 0;
	enum run_outcome ret;

	s->label = xstrfmt("step %d", ++c->step);
	if ((ret = checkout(c, pos)) == RUN_STOP)
		return ret;
	do {
		ret = run_round(c, s, &nr_good, &nr_bad);
		s->verdict = ret == RUN_COUNTED ? verdict_of(c, s, nr_good, nr_bad) : STEP_SKIP;
	} while (ret == RUN_COUNTED && s->verdict == STEP_UNCLEAR && s->nr_exits < (size_t)c->max_runs);
	if (ret == RUN_STOP)
		return ret;
	report(c, s);
	bisect_mark(&c->b, pos, s->verdict == STEP_GOOD ? MARK_GOOD :
		    s->verdict == STEP_BAD ? MARK_BAD : MARK_SKIP);
	return RUN_COUNTED;
}

/* --metric: measure both ends until they differ or --max-runs is spent. */
static enum run_outcome measure_ends(struct bisect_ctx *c, int *separated)
{
	static const char *const labels[] = { "good end", "bad end" };
	struct bisect_step *s[2];
	enum run_outcome ret = RUN_COUNTED;
	size_t unused;

	new_step(c, 0);
	new_step(c, c->res->nr);
	/* Only now: new_step may move the array. */
	s[0] = &c->res->steps[c->res->nr_steps - 2];
	s[1] = &c->res->steps[c->res->nr_steps - 1];
	do {
		for (int e = 0; e < 2 && ret == RUN_COUNTED; e++) {
			s[e]->label = s[e]->label ? s[e]->label : xstrdup(labels[e]);
			ret = checkout(c, s[e]->pos);
			if (ret == RUN_COUNTED)
				ret = run_round(c, s[e], &unused, &unused);
			if (ret == RUN_UNTESTABLE)
				ret = stop(c, "cannot measure the %s %.8s: '%s' gave no measurement (exit %d)", labels[e],
					   bisect_result_sha(c->res, s[e]->pos), c->o->argv[0], s[e]->skip_code);
		}
		*separated = ret == RUN_COUNTED && metric_separated(&s[0]->values, &s[1]->values);
	} while (ret == RUN_COUNTED && !*separated && s[0]->nr_exits < (size_t)c->max_runs);
	if (ret != RUN_COUNTED)
		return ret;
	for (int e = 0; e < 2; e++) {
		s[e]->verdict = !*separated ? STEP_ALIKE : e ? STEP_BAD : STEP_GOOD;
		report(c, s[e]);
		c->ends[e] = s[e]->values;
	}
	if (*separated) {
		bisect_mark(&c->b, 0, MARK_GOOD);
		bisect_mark(&c->b, c->res->nr, MARK_BAD);
	}
	return RUN_COUNTED;
}

static void record_candidates(struct bisect_ctx *c)
{
	const struct bisect *b = &c->b;
	struct bisect_result *res = c->res;

	res->candidates = xcalloc(b->hi - b->lo, sizeof(size_t));
	for (size_t p = b->lo + 1; p <= b->hi; p++)
		if (p == b->hi || b->mark[p] == MARK_SKIP)
			res->candidates[res->nr_candidates++] = p;
}

/* The search proper, to an outcome or a stop. */
static int search(struct bisect_ctx *c)
{
	static const enum bisect_outcome outcomes[] = {
		[BISECT_FOUND] = BISECT_OUTCOME_FOUND,
		[BISECT_NOT_REPRODUCED] = BISECT_OUTCOME_NOT_REPRODUCED,
		[BISECT_GOOD_END_BAD] = BISECT_OUTCOME_GOOD_END_BAD,
		[BISECT_ONLY_SKIPPED] = BISECT_OUTCOME_ONLY_SKIPPED,
	};
	enum bisect_status st;
	size_t pos;
	int separated = 1;

	if (c->o->metric && measure_ends(c, &separated) == RUN_STOP)
		return -1;
	if (!separated) {
		c->res->outcome = BISECT_OUTCOME_NOT_REPRODUCED;
		return 0;
	}
	while ((st = bisect_next(&c->b, &pos)) == BISECT_TEST)
		if (test_commit(c, pos) == RUN_STOP)
			return -1;
	c->res->outcome = outcomes[st];
	c->res->culprit = c->b.hi;
	if (st == BISECT_ONLY_SKIPPED)
		record_candidates(c);
	return 0;
}

/* The window, its commits and the slice flags. Returns -1 with res->error set. */
static int load_window(struct bisect_ctx *c, git_repository *repo, struct config *cfg,
		       const struct window_options *wo)
{
	struct bisect_result *res = c->res;
	git_commit *good;
	int st = window_compute(&res->w, repo, cfg, wo);

	if (st < 0)
		return stop(c, "cannot read the window"), -1;
	if (st > 0)
		return stop(c, "cannot bisect without both ends in this repository"), -1;
	if (git_commit_lookup(&good, repo, &res->w.last_good.oid))
		return stop(c, "cannot read commit '%s'", res->w.last_good.sha), -1;
	res->good_subject = xstrdup(git_commit_summary(good) ? git_commit_summary(good) : "");
	git_commit_free(good);
	res->nr = res->w.nr_commits;
	c->slice = xcalloc(res->nr + 1, 1);
	for (size_t p = 1; p <= res->nr; p++)
		c->slice[p] = (unsigned char)window_commit_in_slice(&res->w.commits[res->nr - p]);
	return 0;
}

/* ceil(log2(nr)) + 1; a one-commit window tests both ends. */
static int most_verdicts(size_t nr)
{
	int steps = nr == 1 ? 2 : 1;

	while (((size_t)1 << (steps - 1)) < nr)
		steps++;
	return steps;
}

void bisect_options_init(struct bisect_options *o)
{
	memset(o, 0, sizeof(*o));
}

int bisect_run(git_repository *repo, struct config *cfg, const struct window_options *wo,
	       const struct bisect_options *o, struct bisect_result *res)
{
	struct bisect_ctx c;
	int ret;

	memset(&c, 0, sizeof(c));
	c.o = o;
	c.res = res;
	res->metric = o->metric;
	c.repeat = o->repeat ? o->repeat : o->metric ? 3 : 1;
	c.max_runs = o->max_runs ? o->max_runs : 4 * c.repeat;
	if (load_window(&c, repo, cfg, wo))
		return -1;
	if (res->w.empty || !res->nr) {
		res->outcome = BISECT_OUTCOME_EMPTY;
		free(c.slice);
		return 0;
	}
	fprintf(stderr, "bisecting %zu commits in %.8s..%.8s, at most about %d verdicts\n",
		res->nr, res->w.last_good.sha, res->w.first_bad.sha, most_verdicts(res->nr));
	bisect_init(&c.b, res->nr, c.slice, o->slice_first);
	exec_signals_catch();
	ret = scratch_tree_init(&c.tree, repo) ? stop(&c, "cannot set up a scratch tree"), -1 : search(&c);
	scratch_tree_release(&c.tree);
	exec_signals_restore();
	if (!res->signal)
		res->signal = exec_signal_caught();
	bisect_release(&c.b);
	free(c.slice);
	return res->signal ? -1 : ret;
}
