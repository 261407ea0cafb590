/*
 * `git benchbisect run`: drive the search of bisect.c with the user's
 * command. Each round tests up to --jobs commits at once, each in a job
 * slot that owns a scratch tree (a fresh checkout per commit) and runs
 * the command, under the launcher if there is one, as many times as its
 * verdict needs. Steps go to stderr as they finish; the result goes back
 * to the caller.
 */
#include <errno.h>
#include <signal.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "util/quote.h"
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/strvec.h"
#include "util/repo.h"
#include "util/io.h"
#include "util/revision.h"
#include "history/window-print.h"
#include "bisect/bisect.h"
#include "bisect/bisect-run.h"
#include "bisect/bisect-exec.h"
#include "bisect/scratch-tree.h"

/* The largest magnitude a --metric value may have. */
#define METRIC_MAX 1e300

/* What the runs at one position gave, over all rounds. */
struct pos_runs {
	int *exits;
	size_t nr_exits, alloc_exits;
	size_t nr_good, nr_bad;		/* exit codes 0 and 1..127 but 125 */
	int skip_code;			/* the exit code that made it untestable, or -1 */
	int retried;			/* a timeout or launcher failure was retried */
};

/* A commit to test in this round, and how many runs it needs. */
struct task {
	size_t pos;
	size_t min_runs;		/* run at least this many times */
	size_t max_runs;		/* and at most this many (--repeat) */
	int adaptive;			/* then more while the verdict is unclear */
};

/* One job: a scratch tree and the command running in it. */
struct slot {
	struct scratch_tree tree;
	struct task *task;		/* NULL when idle */
	char *env[4];			/* BENCHBISECT_COMMIT, _TREE, _JOB (owned), NULL */
};

struct bisect_ctx {
	const struct bisect_options *o;
	struct bisect_result *res;
	struct bisect b;
	unsigned char *slice;
	size_t repeat, jobs;
	struct strvec argv;		/* the command, behind the launcher */
	struct slot *slots;
	struct exec_job *execs;		/* execs[i] runs in slots[i] */
	struct pos_runs *at;		/* nr + 1 */
	struct samples *values;		/* nr + 1: --metric, the values at each position */
	int step;
	int progress;			/* stderr is a terminal */
	int confirming;			/* --metric: verdicts on evidence alone, no lean */
};

/* What one run (or one attempt at a round) gave. */
enum run_outcome {
	RUN_COUNTED,		/* a verdict or a value was recorded */
	RUN_UNTESTABLE,		/* exit 125 (or any failure with --metric): skip the commit */
	RUN_RETRY,		/* a timeout or a launcher failure: once more */
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

static const char *sha(const struct bisect_ctx *c, size_t pos)
{
	return bisect_result_sha(c->res, pos);
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
		return stop(c, "'%s' printed no number at %.*s (its last line: '%s')", c->o->argv[0],
			    c->res->abbrev, sha(c, pos), line);
	/*
	 * inf, nan, or so large that a median or a difference of two
	 * overflows: not a measurement. Skip the commit, never average it.
	 */
	if (!isfinite(*v) || fabs(*v) > METRIC_MAX) {
		warning("'%s' printed '%s' at %.*s, not a finite number within +-%g: skipping the commit",
			c->o->argv[0], line, c->res->abbrev, sha(c, pos), METRIC_MAX);
		return RUN_UNTESTABLE;
	}
	return RUN_COUNTED;
}

/* Record the run that just ended in slot i. */
static enum run_outcome record_run(struct bisect_ctx *c, size_t i)
{
	struct exec_job *j = &c->execs[i];
	size_t pos = c->slots[i].task->pos;
	struct pos_runs *r = &c->at[pos];
	enum run_outcome ret = RUN_COUNTED;
	double v;

	c->res->runs++;
	ALLOC_GROW(r->exits, r->nr_exits + 1, r->alloc_exits);
	r->exits[r->nr_exits++] = j->code;
	if (j->timed_out || (c->o->launcher && j->code >= 126)) {
		if (j->timed_out)
			warning("'%s' at %.*s took more than %d s: %s", c->o->argv[0],
				c->res->abbrev, sha(c, pos), c->o->step_timeout,
				r->retried ? "skipping the commit" : "trying once more");
		else
			warning("the launcher failed at %.*s (exit %d): %s", c->res->abbrev,
				sha(c, pos), j->code,
				r->retried ? "skipping the commit" : "trying once more");
		if (!r->retried++)
			return RUN_RETRY;
		ret = RUN_UNTESTABLE;
	} else if (j->code > 127) {
		return stop(c, "'%s' exited with %d at %.*s: stopping the bisection", c->o->argv[0],
			    j->code, c->res->abbrev, sha(c, pos));
	} else if (j->code == 125 || (c->o->metric && j->code)) {
		ret = RUN_UNTESTABLE;
	} else if (!c->o->metric) {
		*(j->code ? &r->nr_bad : &r->nr_good) += 1;
	} else if ((ret = parse_number(c, pos, &j->out, &v)) == RUN_COUNTED) {
		samples_add(&c->values[pos], v);
	}
	if (ret == RUN_UNTESTABLE)
		r->skip_code = j->code;
	return ret;
}

/*
 * --metric: the sequential test against the levels and noise of every
 * other run of the search (metric_fit, the ends fitted with their own
 * runs: they make their side), else, while searching, the lean of the
 * nearer level (metric_nearer). A lean is confirmed before a culprit is
 * named (confirm()).
 */
static enum judgement judge_at(const struct bisect_ctx *c, size_t pos)
{
	size_t nr = c->res->nr;
	struct metric_fit f;
	enum judgement j;

	metric_fit(&f, c->values, c->b.mark, nr, c->b.lo, c->b.hi, pos == 0 || pos == nr ? SIZE_MAX : pos);
	j = metric_judge(&f, &c->values[pos]);
	if (j == JUDGE_UNKNOWN && !c->confirming)
		j = metric_nearer(&f, &c->values[pos]);
	return j;
}

/* The verdict the runs at pos support so far (STEP_UNCLEAR: not yet). */
static enum step_verdict verdict_at(const struct bisect_ctx *c, size_t pos)
{
	const struct pos_runs *r = &c->at[pos];
	enum judgement j;

	if (r->skip_code >= 0)
		return STEP_SKIP;
	j = c->o->metric ? judge_at(c, pos) : judge_exits(r->nr_good, r->nr_bad, c->repeat);
	if (j == JUDGE_UNKNOWN && c->o->metric && (pos == 0 || pos == c->res->nr))
		return STEP_ALIKE;	/* an end that fits neither level */
	return j == JUDGE_GOOD ? STEP_GOOD : j == JUDGE_BAD ? STEP_BAD : STEP_UNCLEAR;
}

static int wants_more(const struct bisect_ctx *c, const struct task *t)
{
	const struct pos_runs *r = &c->at[t->pos];
	size_t runs = c->o->metric ? c->values[t->pos].nr : r->nr_good + r->nr_bad;
	enum step_verdict v;

	if (r->skip_code >= 0 || r->nr_exits >= t->max_runs + (size_t)r->retried)
		return 0;
	if (runs < t->min_runs)
		return 1;
	v = t->adaptive ? verdict_at(c, t->pos) : STEP_GOOD;
	return v == STEP_UNCLEAR || v == STEP_ALIKE;
}

static enum run_outcome start_run(struct bisect_ctx *c, size_t i)
{
	struct slot *s = &c->slots[i];

	if (exec_start(&c->execs[i], (const char **)c->argv.v, s->tree.path, (const char **)s->env, c->o->metric,
		       c->o->step_timeout, &c->res->error))
		return RUN_STOP;
	return RUN_COUNTED;
}

/* Give slot i the task: a fresh checkout, its environment, its first run. */
static enum run_outcome start_task(struct bisect_ctx *c, size_t i, struct task *t)
{
	struct slot *s = &c->slots[i];

	s->task = t;
	if (scratch_tree_checkout(&s->tree, bisect_result_oid(c->res, t->pos)))
		return stop(c, "cannot check out %.*s", c->res->abbrev, sha(c, t->pos));
	if ((c->res->signal = exec_signal_caught()))
		return RUN_STOP;
	for (size_t k = 0; k < ARRAY_SIZE(s->env); k++)
		free(s->env[k]);
	s->env[3] = NULL;
	s->env[0] = xstrfmt("BENCHBISECT_COMMIT=%s", sha(c, t->pos));
	s->env[1] = xstrfmt("BENCHBISECT_TREE=%s", s->tree.path);
	s->env[2] = xstrfmt("BENCHBISECT_JOB=%zu", i + 1);
	return start_run(c, i);
}

/* "(exit 0)", "(exits 0 1 1)", "(1.02 0.98, median 1)". */
static void describe(struct strbuf *sb, const struct pos_runs *r, const struct samples *values)
{
	if (values && values->nr) {
		for (size_t i = 0; i < values->nr; i++)
			strbuf_addf(sb, "%s%.6g", i ? " " : "", values->v[i]);
		strbuf_addf(sb, ", median %.6g", samples_median(values));
		if (r->skip_code >= 0)
			strbuf_addf(sb, ", then exit %d", r->skip_code);
		return;
	}
	strbuf_addf(sb, "exit%s", r->nr_exits > 1 ? "s" : "");
	for (size_t i = 0; i < r->nr_exits; i++)
		strbuf_addf(sb, " %d", r->exits[i]);
}

/* Record the step for the result and print its line on stderr. */
static void report(struct bisect_ctx *c, char *label, size_t pos, enum step_verdict verdict)
{
	struct bisect_result *res = c->res;
	const struct pos_runs *r = &c->at[pos];
	struct strbuf sb = STRBUF_INIT;
	struct bisect_step *s;

	ALLOC_GROW(res->steps, res->nr_steps + 1, res->alloc_steps);
	s = &res->steps[res->nr_steps++];
	memset(s, 0, sizeof(*s));
	s->label = label;
	s->pos = pos;
	s->verdict = verdict;
	s->skip_code = r->skip_code;
	s->exits = xcalloc(r->nr_exits + 1, sizeof(int));
	memcpy(s->exits, r->exits, r->nr_exits * sizeof(int));
	s->nr_exits = s->alloc_exits = r->nr_exits;
	for (size_t i = 0; c->o->metric && i < c->values[pos].nr; i++)
		samples_add(&s->values, c->values[pos].v[i]);

	describe(&sb, r, c->o->metric ? &c->values[pos] : NULL);
	if (!usage_quiet())	/* -q: the result only */
		fprintf(stderr, "%s: %.*s %s (%s): %s\n", label, c->res->abbrev, sha(c, pos),
			bisect_step_verdict_name(verdict), sb.buf,
			quote_term(bisect_result_subject(res, pos)));
	strbuf_release(&sb);
}

/*
 * A round: every task to its end, up to --jobs at once. Each commit's
 * step is reported as it ends, labelled "step N" when label is "", label
 * otherwise, or not at all when label is NULL.
 */
static enum run_outcome run_tasks(struct bisect_ctx *c, struct task *tasks, size_t nr, const char *label)
{
	size_t next = 0, busy = 0;

	for (;;) {
		enum run_outcome ret = RUN_COUNTED;
		int i;

		for (size_t k = 0; k < c->jobs && next < nr && ret == RUN_COUNTED; k++)
			if (!c->slots[k].task) {
				ret = start_task(c, k, &tasks[next++]);
				busy++;
			}
		if (ret == RUN_STOP)
			return ret;
		if (!busy)
			return RUN_COUNTED;
		i = exec_wait_any(c->execs, c->jobs, &c->res->error);
		if (i < 0) {
			c->res->signal = exec_signal_caught();
			return RUN_STOP;
		}
		ret = record_run(c, (size_t)i);
		if (ret == RUN_STOP)
			return ret;
		if (ret == RUN_RETRY || (ret == RUN_COUNTED && wants_more(c, c->slots[i].task))) {
			if (start_run(c, (size_t)i) == RUN_STOP)
				return RUN_STOP;
			continue;
		}
		if (label)
			report(c, *label ? xstrdup(label) : xstrfmt("step %d", ++c->step),
			       c->slots[i].task->pos, verdict_at(c, c->slots[i].task->pos));
		c->slots[i].task = NULL;
		busy--;
	}
}

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* On a terminal, a line when a round starts and one when it ends. */
static void progress_line(struct bisect_ctx *c, const struct task *tasks, size_t nr, double start)
{
	struct strbuf sb = STRBUF_INIT;

	if (!c->progress)
		return;
	for (size_t i = 0; i < nr; i++)
		strbuf_addf(&sb, "%s%.*s %s", i ? ", " : "", c->res->abbrev, sha(c, tasks[i].pos),
			    start < 0 ? "..." : bisect_step_verdict_name(verdict_at(c, tasks[i].pos)));
	if (start < 0)
		fprintf(stderr, "round %zu: %s\n", c->res->rounds, sb.buf);
	else
		fprintf(stderr, "round %zu done in %.1f s: %s\n", c->res->rounds,
			seconds() - start, sb.buf);
	strbuf_release(&sb);
}

static enum bisect_mark mark_of(enum step_verdict v)
{
	return v == STEP_GOOD ? MARK_GOOD : v == STEP_BAD ? MARK_BAD : MARK_SKIP;
}

/* Test the positions at once, then mark them, lowest first. */
static enum run_outcome test_round(struct bisect_ctx *c, const size_t *pos, size_t nr, size_t min_runs,
				   const char *label)
{
	struct task *tasks = xcalloc(nr, sizeof(*tasks));
	enum run_outcome ret;
	double start = seconds();

	c->res->rounds++;
	for (size_t i = 0; i < nr; i++) {
		tasks[i].pos = pos[i];
		tasks[i].min_runs = min_runs;
		tasks[i].max_runs = c->repeat;
		tasks[i].adaptive = 1;
	}
	progress_line(c, tasks, nr, -1);
	ret = run_tasks(c, tasks, nr, label);
	if (ret != RUN_STOP) {
		progress_line(c, tasks, nr, start);
		for (size_t i = 0; i < nr; i++)
			bisect_mark(&c->b, pos[i], mark_of(verdict_at(c, pos[i])));
	}
	free(tasks);
	return ret;
}

/* --metric: one run at each end, which stand for good and bad from then on. */
static enum run_outcome measure_ends(struct bisect_ctx *c)
{
	struct task ends[2] = { { 0, 1, 1, 0 }, { c->res->nr, 1, 1, 0 } };
	static const char *const labels[] = { "good end", "bad end" };

	c->res->rounds++;
	if (run_tasks(c, ends, 2, NULL) == RUN_STOP)
		return RUN_STOP;
	for (int e = 0; e < 2; e++) {
		if (c->at[ends[e].pos].skip_code >= 0)
			return stop(c, "cannot measure the %s %.*s: '%s' gave no measurement (exit %d)",
				    labels[e], c->res->abbrev, sha(c, ends[e].pos), c->o->argv[0],
				    c->at[ends[e].pos].skip_code);
		report(c, xstrdup(labels[e]), ends[e].pos, e ? STEP_BAD : STEP_GOOD);
	}
	bisect_mark(&c->b, 0, MARK_GOOD);
	bisect_mark(&c->b, c->res->nr, MARK_BAD);
	return RUN_COUNTED;
}

/* What confirm() concluded. */
enum confirmed {
	CONFIRMED,		/* name c->b.hi */
	CONFIRM_AGAIN,		/* a verdict changed, or more runs at the ends: search on */
	CONFIRM_ALIKE,		/* the ends measure alike, or an end fits neither level */
	CONFIRM_STOP
};

/*
 * Run the positions in one round, each to min_runs, then (adaptive:
 * "confirm" steps) while unclear, at most --repeat; not adaptive, more
 * runs at the ends, which are not reported as steps. Verdicts without a
 * lean.
 */
static enum run_outcome confirm_round(struct bisect_ctx *c, const size_t *pos, const size_t *min_runs,
				      size_t nr, int adaptive)
{
	struct task tasks[4];
	enum run_outcome ret = RUN_COUNTED;
	size_t n = 0;

	c->confirming = 1;
	for (size_t i = 0; i < nr; i++) {
		tasks[n].pos = pos[i];
		tasks[n].min_runs = min_runs[i];
		tasks[n].max_runs = c->repeat;
		tasks[n].adaptive = adaptive;
		n += wants_more(c, &tasks[n]);	/* nothing to run: its verdict stands */
	}
	if (n) {
		c->res->rounds++;
		progress_line(c, tasks, n, -1);
		ret = run_tasks(c, tasks, n, adaptive ? "confirm" : NULL);
	}
	c->confirming = 0;
	return ret;
}

/* The verdict at pos on its own evidence. */
static enum step_verdict confirmed_at(struct bisect_ctx *c, size_t pos)
{
	enum step_verdict v;

	c->confirming = 1;
	v = verdict_at(c, pos);
	c->confirming = 0;
	return v;
}

/*
 * --metric, once the search has an outcome: the two levels must be
 * separated (else more runs at the ends, and "alike" when --repeat is
 * spent). Then, before hi is named, both ends and the boundary's two commits
 * judged on their own evidence (two runs at least, three for an end that
 * alone makes its side), and every measured commit must fit its side's
 * level (metric_misfit), else it is judged again. A wrong lean or an
 * outlier at an end shows here; the two verdicts at the boundary, which
 * alone decide the culprit, are never leans.
 */
static enum confirmed confirm(struct bisect_ctx *c, enum bisect_status st)
{
	size_t lo = c->b.lo, hi = c->b.hi, nr = c->res->nr, pos[4], min[4], n = 0, p;
	enum step_verdict v[4];
	struct metric_fit f;

	metric_fit(&f, c->values, c->b.mark, nr, lo, hi, SIZE_MAX);
	if (!metric_fit_separated(&f)) {
		if (c->values[0].nr >= c->repeat && c->values[nr].nr >= c->repeat)
			return CONFIRM_ALIKE;
		pos[0] = 0;
		pos[1] = nr;
		min[0] = c->values[0].nr + 1;
		min[1] = c->values[nr].nr + 1;
		return confirm_round(c, pos, min, 2, 0) == RUN_STOP ? CONFIRM_STOP : CONFIRM_AGAIN;
	}
	if (st != BISECT_FOUND)
		return CONFIRMED;	/* skipped commits, or an end on the other side */
	pos[n] = 0;
	min[n++] = lo == 0 ? 3 : 2;
	pos[n] = nr;
	min[n++] = hi == nr ? 3 : 2;
	if (lo != 0) {
		pos[n] = lo;
		min[n++] = 2;
	}
	if (hi != nr) {
		pos[n] = hi;
		min[n++] = 2;
	}
	if (confirm_round(c, pos, min, n, 1) == RUN_STOP)
		return CONFIRM_STOP;
	for (size_t i = 0; i < n; i++) {
		v[i] = confirmed_at(c, pos[i]);
		if (v[i] == STEP_ALIKE)
			return CONFIRM_ALIKE;	/* an end that fits neither level */
	}
	for (size_t i = 0; i < n; i++)
		bisect_mark(&c->b, pos[i], mark_of(v[i]));
	if (c->b.lo != lo || c->b.hi != hi)
		return CONFIRM_AGAIN;
	if ((p = metric_misfit(c->values, c->b.mark, nr, lo, hi)) == SIZE_MAX)
		return CONFIRMED;
	if (c->values[p].nr >= c->repeat && (p == 0 || p == nr))
		return CONFIRM_ALIKE;
	min[0] = c->values[p].nr + 1;
	if (confirm_round(c, &p, min, 1, 1) == RUN_STOP)
		return CONFIRM_STOP;
	bisect_mark(&c->b, p, mark_of(confirmed_at(c, p)));
	return CONFIRM_AGAIN;
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
	size_t *pos = xcalloc(c->jobs, sizeof(size_t)), nr;
	/* Confirmations that keep changing verdicts end in a skip, never a loop. */
	size_t guard = 4 * c->res->nr + 8;
	enum confirmed r = CONFIRMED;
	int ret = 0;

	if (c->o->metric && measure_ends(c) == RUN_STOP)
		ret = -1;
	while (!ret) {
		while ((st = bisect_next_round(&c->b, c->jobs, pos, &nr)) == BISECT_TEST)
			if (test_round(c, pos, nr, 1, "") == RUN_STOP)
				break;
		if (st == BISECT_TEST)
			ret = -1;
		else if (!c->o->metric || (r = confirm(c, st)) != CONFIRM_AGAIN)
			break;
		else if (!--guard) {
			st = BISECT_ONLY_SKIPPED;
			break;
		}
	}
	free(pos);
	if (ret || r == CONFIRM_STOP)
		return -1;
	if (r == CONFIRM_ALIKE) {
		c->res->outcome = BISECT_OUTCOME_NOT_REPRODUCED;
		return 0;
	}
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
	enum window_outcome st = window_compute(&res->w, repo, cfg, wo);

	if (st == WINDOW_ERROR)
		return -1;	/* window_compute said why */
	if (st == WINDOW_INCOMPLETE && res->w.not_ancestor)
		return stop(c, "nothing to bisect: the good end is not an ancestor of the bad end"), -1;
	if (st == WINDOW_INCOMPLETE)
		return stop(c, "cannot bisect without both ends in this repository"), -1;
	if (git_commit_lookup(&good, repo, &res->w.last_good.oid))
		return stop(c, "cannot read commit '%s'", res->w.last_good.sha), -1;
	res->good_subject = xstrdup(git_commit_summary(good) ? git_commit_summary(good) : "");
	git_commit_free(good);
	res->nr = res->w.nr_commits;
	/* 8 hex digits as benchwindow, or core.abbrev; longer where ambiguous. */
	if ((res->abbrev = revision_abbrev_len(cfg, 8)) < 0)
		return -1;
	res->abbrev = window_abbrev_len(&res->w, repo, res->abbrev);
	c->slice = xcalloc(res->nr + 1, 1);
	for (size_t p = 1; p <= res->nr; p++)
		c->slice[p] = (unsigned char)window_commit_in_slice(&res->w.commits[res->nr - p]);
	return 0;
}

/* The most rounds: ceil(log_{jobs+1}(nr)) + 1; a one-commit window tests both ends. */
static int most_rounds(size_t nr, size_t jobs)
{
	size_t reach = 1;
	int rounds = 1;

	while (reach < nr) {
		reach *= jobs + 1;
		rounds++;
	}
	return nr == 1 && jobs == 1 ? 2 : rounds;
}

static void announce(const struct bisect_ctx *c)
{
	const struct bisect_result *res = c->res;

	if (usage_quiet())
		return;
	if (c->jobs == 1)
		fprintf(stderr, "bisecting %zu commits in %.*s..%.*s, at most about %d verdicts\n",
			res->nr, res->abbrev, res->w.last_good.sha, res->abbrev, res->w.first_bad.sha,
			most_rounds(res->nr, 1));
	else
		fprintf(stderr, "bisecting %zu commits in %.*s..%.*s, %zu at a time, at most about %d rounds\n",
			res->nr, res->abbrev, res->w.last_good.sha, res->abbrev, res->w.first_bad.sha, c->jobs,
			most_rounds(res->nr, c->jobs));
}

/* The command line: the user's command, behind the launcher's words if any. */
static void build_argv(struct bisect_ctx *c)
{
	strvec_init(&c->argv);
	if (c->o->launcher) {
		/* As git runs configured commands: through the shell, "$@" the command. */
		char *script = xstrfmt("%s \"$@\"", c->o->launcher);

		strvec_push(&c->argv, "/bin/sh");
		strvec_push(&c->argv, "-c");
		strvec_push(&c->argv, script);
		free(script);
		strvec_push(&c->argv, c->o->launcher);
	}
	for (size_t i = 0; c->o->argv[i]; i++)
		strvec_push(&c->argv, c->o->argv[i]);
}

static int setup_slots(struct bisect_ctx *c, git_repository *repo)
{
	c->slots = xcalloc(c->jobs, sizeof(*c->slots));
	c->execs = xcalloc(c->jobs, sizeof(*c->execs));
	for (size_t i = 0; i < c->jobs; i++)
		exec_job_init(&c->execs[i]);
	for (size_t i = 0; i < c->jobs; i++)
		if (scratch_tree_init(&c->slots[i].tree, repo))
			return stop(c, "cannot set up a scratch tree"), -1;
	return 0;
}

/* Stop whatever still runs (a signal, an error), remove every tree. */
static void release_slots(struct bisect_ctx *c)
{
	int sig = c->res->signal ? c->res->signal : SIGTERM;

	exec_stop_all(c->execs, c->jobs, sig == SIGPIPE ? SIGTERM : sig);
	for (size_t i = 0; i < c->jobs; i++) {
		scratch_tree_release(&c->slots[i].tree);
		exec_job_release(&c->execs[i]);
		for (size_t k = 0; k < ARRAY_SIZE(c->slots[i].env); k++)
			free(c->slots[i].env[k]);
	}
	free(c->slots);
	free(c->execs);
}

void bisect_options_init(struct bisect_options *o)
{
	memset(o, 0, sizeof(*o));
}

static void release_ctx(struct bisect_ctx *c)
{
	for (size_t p = 0; c->at && p <= c->res->nr; p++) {
		free(c->at[p].exits);
		samples_release(&c->values[p]);
	}
	free(c->at);
	free(c->values);
	strvec_clear(&c->argv);
	bisect_release(&c->b);
	free(c->slice);
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
	c.repeat = o->repeat > 0 ? (size_t)o->repeat : o->metric ? 5 : 1;
	c.jobs = o->jobs > 0 ? (size_t)o->jobs : 1;
	c.progress = progress_wanted();
	build_argv(&c);
	if (load_window(&c, repo, cfg, wo)) {
		release_ctx(&c);
		return -1;
	}
	if (res->w.empty || !res->nr) {
		res->outcome = BISECT_OUTCOME_EMPTY;
		release_ctx(&c);
		return 0;
	}
	c.at = xcalloc(res->nr + 1, sizeof(*c.at));
	c.values = xcalloc(res->nr + 1, sizeof(*c.values));
	for (size_t p = 0; p <= res->nr; p++)
		c.at[p].skip_code = -1;
	announce(&c);
	bisect_init(&c.b, res->nr, c.slice, o->slice_first);
	exec_signals_catch();
	ret = setup_slots(&c, repo) ? -1 : search(&c);
	release_slots(&c);
	exec_signals_restore();
	for (size_t p = 0; p <= res->nr; p++)
		res->tested += c.at[p].nr_exits > 0;
	if (!res->signal)
		res->signal = exec_signal_caught();
	release_ctx(&c);
	return res->signal ? -1 : ret;
}
