/*
 * `git benchbisect run`: drive the search of bisect.c with the user's
 * command. Each round tests up to --jobs commits at once, each in a job
 * slot that owns a scratch tree (checked out again for each commit) and runs
 * the command, under the launcher if there is one, as many times as its
 * verdict needs. Each probe's line ("step N: ...") goes to stderr as it
 * ends; the result goes back to the caller.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/quote.h"
#include "util/clock.h"
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/repo.h"
#include "util/io.h"
#include "util/revision.h"
#include "bisect/bisect.h"
#include "bisect/bisect-run.h"
#include "bisect/bisect-judge.h"
#include "bisect/bisect-exec.h"
#include "bisect/scratch-tree.h"
#include "bisect/command-path.h"
#include "bisect/run-memory.h"

/* The largest magnitude a --metric value may have. */
#define METRIC_MAX 1e300

/* One job: a scratch tree and the command running in it. */
struct slot {
	struct scratch_tree tree;
	struct task *task;		/* NULL when idle */
	double started;			/* when its run started (monotonic seconds) */
	char *env[4];			/* BENCHBISECT_COMMIT, _TREE, _JOB (owned), NULL */
};

struct bisect_ctx {
	const struct bisect_options *o;
	const char **argv;		/* the command run: o->argv, or its copy with argv[0] resolved */
	const char **own_argv;		/* that copy (owned), or NULL */
	struct bisect_result *res;
	struct bisect_judge j;		/* the verdicts and the search */
	unsigned char *slice;
	size_t jobs;
	char *base;			/* where the scratch trees are */
	int launcher_failures;		/* in a row: runs the launcher never started */
	struct slot *slots;
	struct exec_job *execs;		/* execs[i] runs in slots[i] */
	int probe;			/* the probes reported so far that are no --metric end */
	int progress;			/* stderr is a terminal */
	git_repository *repo;
	struct run_memory mem;		/* the recorded runs, and the fresh ones to record */
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

/*
 * The text of the command's one number, in text: the first group of the
 * last line that matches --metric-pattern, else its last non-empty line.
 * RUN_STOP when the pattern matches no line, as a line that holds no
 * number stops the run.
 */
static enum run_outcome metric_text(struct bisect_ctx *c, size_t pos, struct strbuf *out,
				    struct strbuf *text)
{
	struct metric_pattern *mp = c->o->metric_pattern;
	struct strbuf err = STRBUF_INIT;
	const char *last;
	int found;

	strbuf_rtrim(out);
	last = strrchr(out->buf, '\n');
	last = last ? last + 1 : out->buf;
	if (!mp) {
		strbuf_addstr(text, last);
		return RUN_COUNTED;
	}
	found = metric_pattern_find(mp, out->buf, out->len, text, &err);
	if (found < 0)
		stop(c, "%s", err.buf);
	else if (!found)
		stop(c, "'%s' printed no line matching the metric pattern '%s' at %.*s (its last line: '%s')",
		     c->o->argv[0], mp->pattern, c->res->abbrev, sha(c, pos), last);
	strbuf_release(&err);
	return found > 0 ? RUN_COUNTED : RUN_STOP;
}

/* The command's one number (metric_text()). */
static enum run_outcome parse_number(struct bisect_ctx *c, size_t pos, struct strbuf *out, double *v)
{
	struct strbuf text = STRBUF_INIT;
	enum run_outcome ret;
	char *end, *line;

	if ((ret = metric_text(c, pos, out, &text)) != RUN_COUNTED)
		goto out;
	strbuf_rtrim(&text);
	line = text.buf;
	while (*line == ' ' || *line == '\t')
		line++;
	errno = 0;
	*v = strtod(line, &end);
	if (!*line || *end || (errno && errno != ERANGE)) {
		ret = stop(c, "'%s' printed no number at %.*s (%s: '%s')", c->o->argv[0],
			   c->res->abbrev, sha(c, pos),
			   c->o->metric_pattern ? "the metric pattern's group" : "its last line", line);
		goto out;
	}
	/*
	 * inf, nan, or so large that a median or a difference of two
	 * overflows: not a measurement. Skip the commit, never average it.
	 */
	if (!isfinite(*v) || fabs(*v) > METRIC_MAX) {
		warning("'%s' printed '%s' at %.*s, not a finite number within +-%g: skipping the commit",
			c->o->argv[0], line, c->res->abbrev, sha(c, pos), METRIC_MAX);
		ret = RUN_UNTESTABLE;
	}
out:
	strbuf_release(&text);
	return ret;
}

/*
 * Count a run at pos that exited with code (a fresh one or a recorded
 * one): a verdict, a value (--metric, exit 0: *value), or untestable.
 */
static enum run_outcome count_run(struct bisect_ctx *c, size_t pos, int code, const double *value)
{
	struct pos_runs *r = &c->j.at[pos];

	if (code == 125 || (c->o->metric && code)) {
		r->skip_code = code;
		return RUN_UNTESTABLE;
	}
	if (!c->o->metric)
		*(code ? &r->nr_bad : &r->nr_good) += 1;
	else
		samples_add(&c->j.values[pos], *value);
	return RUN_COUNTED;
}

/* What the run in slot i left running or had to kill: a warning each, and the result's strays. */
static void report_strays(struct bisect_ctx *c, size_t i)
{
	struct exec_job *j = &c->execs[i];
	size_t pos = c->slots[i].task->pos;

	for (int killed = 0; killed < 2; killed++) {
		int nr = killed ? j->nr_killed : j->nr_left, named = 0;
		struct strbuf sb = STRBUF_INIT;

		for (int k = 0; k < j->nr_strays; k++) {
			struct exec_stray *st = &j->strays[k];
			struct bisect_stray *out;

			if (st->killed != killed)
				continue;
			strbuf_addf(&sb, "%s%d '%s'", named++ ? ", " : "", (int)st->pid, st->command);
			ALLOC_GROW(c->res->strays, c->res->nr_strays + 1, c->res->alloc_strays);
			out = &c->res->strays[c->res->nr_strays++];
			out->pos = pos;
			out->pid = (int)st->pid;
			out->command = xstrdup(st->command);
			out->killed = killed;
		}
		if (nr > named)
			strbuf_addf(&sb, "%s%d more", named ? " and " : "", nr - named);
		if (nr && killed)
			warning("%d process%s of '%s' at %.*s still ran %d s after SIGTERM, killed: %s", nr,
				nr > 1 ? "es" : "", c->o->argv[0], c->res->abbrev, sha(c, pos),
				c->o->kill_grace, sb.buf);
		else if (nr)
			warning("'%s' left %d process%s running at %.*s, stopped: %s", c->o->argv[0], nr,
				nr > 1 ? "es" : "", c->res->abbrev, sha(c, pos), sb.buf);
		strbuf_release(&sb);
	}
}

/*
 * The launcher ended without starting the command (no record of the
 * wrapper's): tried once more, and twice in a row is the end. Its exit
 * status says nothing about the commit.
 */
static enum run_outcome launcher_failed(struct bisect_ctx *c, size_t i)
{
	struct exec_job *j = &c->execs[i];
	size_t pos = c->slots[i].task->pos;
	const char *line = exec_stderr_last_line(j);

	if (j->queue_timed_out) {
		if (++c->launcher_failures >= 2)
			return stop(c, "the launcher '%s' did not start '%s' within %d s twice in a row "
				    "(--queue-timeout)", c->o->launcher, c->o->argv[0], c->o->queue_timeout);
		warning("the launcher did not start '%s' at %.*s within %d s (--queue-timeout): "
			"trying once more", c->o->argv[0], c->res->abbrev, sha(c, pos), c->o->queue_timeout);
	} else if (++c->launcher_failures >= 2) {
		return stop(c, "the launcher '%s' failed twice in a row without starting '%s' (exit %d): %s",
			    c->o->launcher, c->o->argv[0], j->launcher_code,
			    *line ? line : "it printed nothing on standard error");
	} else {
		warning("the launcher failed at %.*s without starting '%s' (exit %d): trying once more",
			c->res->abbrev, sha(c, pos), c->o->argv[0], j->launcher_code);
	}
	c->j.at[pos].retried++;
	return RUN_RETRY;
}

/*
 * A relative command that could not be started: say where it was looked
 * for, and what would work (appended to the error of the run).
 */
static void explain_cannot_run(struct bisect_ctx *c)
{
	const char *cmd = c->argv[0];
	char *cwd;

	if (!command_is_relative_path(cmd))
		return;
	while (!strncmp(cmd, "./", 2))
		cmd += 2;
	cwd = getcwd(NULL, 0);
	strbuf_addf(&c->res->error, "; it runs in a scratch checkout of each commit, where untracked "
		    "files do not exist: give its absolute path (such as '%s/%s')", cwd ? cwd : "$PWD", cmd);
	free(cwd);
}

/* Record the run that just ended in slot i. */
static enum run_outcome record_run(struct bisect_ctx *c, size_t i)
{
	struct exec_job *j = &c->execs[i];
	size_t pos = c->slots[i].task->pos;
	struct pos_runs *r = &c->j.at[pos];
	enum run_outcome ret = RUN_COUNTED;
	double v;

	report_strays(c, i);
	c->res->runs++;
	bisect_judge_add_exit(&c->j, pos, j->code);
	if (j->launch == LAUNCH_NO_TREE)
		return stop(c, "the launcher '%s' runs '%s' where its scratch tree '%s' does not exist: "
			    "the scratch trees must be on a path the nodes share; choose it with "
			    "--scratch-dir or benchbisect.scratchDir", c->o->launcher, c->o->argv[0],
			    c->slots[i].tree.tree_path);
	/* A step timeout runs from the recorded start: with no record, the queue's. */
	if (j->launch == LAUNCH_FAILED)
		return launcher_failed(c, i);
	if (j->launch != LAUNCH_NONE && j->launch != LAUNCH_FAILED)
		c->launcher_failures = 0;
	if (j->launch == LAUNCH_CANNOT_RUN) {
		stop(c, "cannot run '%s' under the launcher at %.*s: not found", c->o->argv[0],
		     c->res->abbrev, sha(c, pos));
		explain_cannot_run(c);
		return RUN_STOP;
	}
	if (j->timed_out || j->launch == LAUNCH_CUT_SHORT) {
		if (j->timed_out)
			warning("'%s' at %.*s took more than %d s: %s", c->o->argv[0],
				c->res->abbrev, sha(c, pos), c->o->step_timeout,
				r->retried ? "skipping the commit" : "trying once more");
		else
			warning("'%s' at %.*s was ended before it exited (the launcher's exit %d): %s",
				c->o->argv[0], c->res->abbrev, sha(c, pos), j->launcher_code,
				r->retried ? "skipping the commit" : "trying once more");
		if (!r->retried++)
			return RUN_RETRY;
		ret = RUN_UNTESTABLE;
	} else if (j->code > 127) {
		return stop(c, "'%s' exited with %d at %.*s: stopping the bisection", c->o->argv[0],
			    j->code, c->res->abbrev, sha(c, pos));
	} else if (!c->o->metric || j->code || (ret = parse_number(c, pos, &j->out, &v)) == RUN_COUNTED) {
		return count_run(c, pos, j->code, &v);
	}
	if (ret == RUN_UNTESTABLE)
		r->skip_code = j->code;
	return ret;
}

/*
 * Keep the run that just ended in slot i for the notes: what it measured
 * (not a timeout, a launcher's failure or a value that is no number:
 * those say nothing about the commit).
 */
static void remember_run(struct bisect_ctx *c, size_t i, enum run_outcome ret)
{
	struct exec_job *j = &c->execs[i];
	size_t pos = c->slots[i].task->pos;
	const struct samples *v = &c->j.values[pos];

	if ((ret != RUN_COUNTED && ret != RUN_UNTESTABLE) || j->timed_out || j->code > 127 ||
	    (j->launch != LAUNCH_NONE && j->launch != LAUNCH_RAN) || (c->o->metric && !j->code && ret != RUN_COUNTED))
		return;
	run_memory_add(&c->mem, bisect_result_oid(c->res, pos), j->code,
		       c->o->metric && !j->code ? &v->v[v->nr - 1] : NULL, clock_seconds() - c->slots[i].started);
}

static enum run_outcome start_run(struct bisect_ctx *c, size_t i)
{
	struct slot *s = &c->slots[i];
	struct exec_cmd cmd = { c->argv, c->o->launcher, s->tree.tree_fd, s->tree.tree_path,
				s->tree.record, s->tree.dir_fd, (const char **)s->env, c->o->metric,
				c->o->step_timeout, c->o->queue_timeout, c->o->kill_grace };

	s->started = clock_seconds();
	if (exec_start(&c->execs[i], &cmd, &c->res->error))
		return RUN_STOP;
	return RUN_COUNTED;
}

/* Slot i's tree is ready: its environment, its first run. */
static enum run_outcome start_task(struct bisect_ctx *c, size_t i)
{
	struct slot *s = &c->slots[i];
	size_t pos = s->task->pos;

	for (size_t k = 0; k < ARRAY_SIZE(s->env); k++)
		free(s->env[k]);
	s->env[3] = NULL;
	s->env[0] = xstrfmt("BENCHBISECT_COMMIT=%s", sha(c, pos));
	s->env[1] = xstrfmt("BENCHBISECT_TREE=%s", s->tree.tree_path);
	s->env[2] = xstrfmt("BENCHBISECT_JOB=%zu", i + 1);
	return start_run(c, i);
}

/*
 * The command runs at the top of each commit's scratch checkout, where a
 * script the commit lacks (untracked, or added inside the window) does
 * not exist: a relative path that an end of the window lacks but the
 * user's work tree has runs from the work tree, by its absolute path, at
 * every commit (the same command throughout), with a note.
 */
static int resolve_command(struct bisect_ctx *c, git_repository *repo)
{
	const char *cmd = c->o->argv[0];
	size_t ends[2] = { 0, c->res->nr }, e, n;
	char *abs;

	c->argv = c->o->argv;
	if (!command_is_relative_path(cmd))
		return 0;
	for (e = 0; e < 2; e++) {
		int in = command_in_commit(repo, bisect_result_oid(c->res, ends[e]), cmd);

		if (in < 0)
			return -1;
		if (!in)
			break;
	}
	/* In both ends, or nowhere: a run that cannot start says why (explain_cannot_run()). */
	if (e == 2 || !(abs = realpath(cmd, NULL)))
		return 0;
	note("'%s' is not in commit %.*s; running '%s' from your work tree", cmd, c->res->abbrev,
	     sha(c, ends[e]), abs);
	for (n = 0; c->o->argv[n]; n++)
		;
	c->own_argv = xcalloc(n + 1, sizeof(*c->own_argv));
	memcpy(c->own_argv, c->o->argv, n * sizeof(*c->own_argv));
	c->own_argv[0] = abs;
	c->argv = c->own_argv;
	return 0;
}

/* A round's tasks, and how many runs of each are under way. */
struct round {
	struct task *tasks;
	size_t *in_flight;		/* each in its own slot */
	size_t nr, next;		/* tasks, and the next one to start */
};

/*
 * Another run of task k, at once, in a free slot: only while it is short
 * of the runs it needs whatever they give (min_runs), counting those
 * under way. Beyond that, whether it needs more depends on what they
 * give (bisect_judge_wants_more, once they have ended).
 */
static int certain_more(const struct bisect_ctx *c, const struct round *rd, size_t k)
{
	const struct task *t = &rd->tasks[k];
	const struct pos_runs *r = &c->j.at[t->pos];
	size_t runs = c->j.metric ? c->j.values[t->pos].nr : r->nr_good + r->nr_bad;

	return r->skip_code < 0 && runs + rd->in_flight[k] < t->min_runs &&
		r->nr_exits + rd->in_flight[k] < t->max_runs + (size_t)r->retried;
}

/* What a free slot does next (git's get_next_task): the next commit, else another run a started one surely needs. */
static struct task *get_next_task(const struct bisect_ctx *c, struct round *rd)
{
	if (rd->next < rd->nr)
		return &rd->tasks[rd->next++];
	for (size_t k = 0; k < rd->nr; k++)
		if (rd->in_flight[k] && certain_more(c, rd, k))
			return &rd->tasks[k];
	return NULL;
}

/*
 * Give every free slot its work: the checkouts run at once, each on its
 * own thread, and each job starts as soon as its tree is ready (in slot
 * order). Every checkout is waited for, even after a failure or a
 * signal: no thread outlives this.
 */
static enum run_outcome fill_slots(struct bisect_ctx *c, struct round *rd)
{
	size_t started[EXEC_MAX_JOBS], n = 0;
	enum run_outcome ret = RUN_COUNTED;
	struct task *t;

	for (size_t k = 0; k < c->jobs; k++) {
		if (c->slots[k].task || !(t = get_next_task(c, rd)))
			continue;
		c->slots[k].task = t;
		rd->in_flight[t - rd->tasks]++;
		scratch_tree_checkout_start(&c->slots[k].tree, bisect_result_oid(c->res, t->pos));
		started[n++] = k;
	}
	for (size_t i = 0; i < n; i++) {
		struct slot *s = &c->slots[started[i]];

		if (scratch_tree_checkout_finish(&s->tree))
			ret = ret == RUN_STOP ? ret : stop(c, "cannot check out %.*s", c->res->abbrev,
							    sha(c, s->task->pos));
		else if (ret == RUN_COUNTED && (c->res->signal = exec_signal_caught()))
			ret = RUN_STOP;
		else if (ret == RUN_COUNTED)
			ret = start_task(c, started[i]);
	}
	return ret;
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

/* "good", "bad", or with --metric "p(bad) 62.1%" while the posterior is not sure. */
static void verdict_words(struct strbuf *sb, struct bisect_ctx *c, size_t pos)
{
	enum verdict v = bisect_judge_verdict(&c->j, pos);

	if (c->o->metric && v == VERDICT_UNCLEAR)
		strbuf_addf(sb, "p(bad) %.1f%%", 100 * bisect_judge_p_bad(&c->j, pos));
	else
		strbuf_addstr(sb, bisect_verdict_name(v));
}

/*
 * Record the probe for the result and print its line on stderr: "step N"
 * (an end probed with --metric is "good end" or "bad end", the level it
 * stands for), its verdict, its runs so far.
 */
static void report(struct bisect_ctx *c, size_t pos)
{
	struct bisect_result *res = c->res;
	const struct pos_runs *r = &c->j.at[pos];
	struct strbuf sb = STRBUF_INIT;
	struct bisect_probe *s;

	ALLOC_GROW(res->probes, res->nr_probes + 1, res->alloc_probes);
	s = &res->probes[res->nr_probes++];
	memset(s, 0, sizeof(*s));
	if (c->o->metric && (pos == 0 || pos == res->nr))
		s->label = xstrdup(pos ? "bad end" : "good end");
	else
		s->label = xstrfmt("step %d", ++c->probe);
	s->pos = pos;
	s->verdict = bisect_judge_verdict(&c->j, pos);
	s->p_bad = c->o->metric ? bisect_judge_p_bad(&c->j, pos) : NAN;
	s->skip_code = r->skip_code;
	s->exits = xcalloc(r->nr_exits + 1, sizeof(int));
	memcpy(s->exits, r->exits, r->nr_exits * sizeof(int));
	s->nr_exits = s->alloc_exits = r->nr_exits;
	for (size_t i = 0; c->o->metric && i < c->j.values[pos].nr; i++)
		samples_add(&s->values, c->j.values[pos].v[i]);

	verdict_words(&sb, c, pos);
	strbuf_addstr(&sb, " (");
	describe(&sb, r, c->o->metric ? &c->j.values[pos] : NULL);
	if (!usage_quiet())	/* -q: the result only */
		fprintf(stderr, "%s: %.*s %s): %s\n", s->label, c->res->abbrev, sha(c, pos), sb.buf,
			quote_term(bisect_result_subject(res, pos)));
	strbuf_release(&sb);
}

/* --metric: an end must give a value, it stands for its level. */
static enum run_outcome check_end(struct bisect_ctx *c, size_t pos)
{
	if (!c->o->metric || (pos && pos != c->res->nr) || c->j.values[pos].nr || c->j.at[pos].skip_code < 0)
		return RUN_COUNTED;
	return stop(c, "cannot measure the %s %.*s: '%s' gave no measurement (exit %d)",
		    pos ? "bad end" : "good end", c->res->abbrev, sha(c, pos), c->o->argv[0],
		    c->j.at[pos].skip_code);
}

/*
 * The run in slot i ended (git's task_finished): record it, then run the
 * task again in the same slot while it needs more, else free the slot;
 * the task's last run to end reports its probe.
 */
static enum run_outcome task_finished(struct bisect_ctx *c, struct round *rd, size_t i)
{
	struct task *t = c->slots[i].task;
	size_t k = (size_t)(t - rd->tasks);
	enum run_outcome ret;

	rd->in_flight[k]--;
	ret = record_run(c, i);
	remember_run(c, i, ret);
	if (ret == RUN_STOP)
		return ret;
	/* While other runs of it are under way, only what it surely needs. */
	if (ret == RUN_RETRY || (ret == RUN_COUNTED && (rd->in_flight[k] ? certain_more(c, rd, k) :
							  bisect_judge_wants_more(&c->j, t)))) {
		rd->in_flight[k]++;
		return start_run(c, i);
	}
	c->slots[i].task = NULL;
	if (rd->in_flight[k])
		return RUN_COUNTED;
	report(c, t->pos);
	return check_end(c, t->pos);
}

/*
 * A round: every task to its end, up to --jobs at once, in the shape of
 * git's run_processes_parallel(): free slots take work (fill_slots(),
 * through get_next_task() and start_task()), then each run that ends goes
 * to task_finished(). Each commit's probe is reported as it ends.
 */
static enum run_outcome run_tasks(struct bisect_ctx *c, struct task *tasks, size_t nr)
{
	struct round rd = { tasks, xcalloc(nr, sizeof(size_t)), nr, 0 };
	enum run_outcome ret;

	for (;;) {
		size_t busy = 0;
		int i;

		if ((ret = fill_slots(c, &rd)) == RUN_STOP)
			break;
		for (size_t s = 0; s < c->jobs; s++)
			busy += !!c->slots[s].task;
		if (!busy)
			break;
		i = exec_wait_any(c->execs, c->jobs, &c->res->error);
		if (i < 0) {
			c->res->signal = exec_signal_caught();
			for (size_t k = 0; k < c->jobs; k++)
				if (c->execs[k].exec_errno) {
					explain_cannot_run(c);
					break;
				}
			ret = RUN_STOP;
			break;
		}
		if ((ret = task_finished(c, &rd, (size_t)i)) == RUN_STOP)
			break;
	}
	free(rd.in_flight);
	return ret == RUN_STOP ? RUN_STOP : RUN_COUNTED;
}

/* On a terminal, a line when a round starts and one when it ends. */
static void progress_line(struct bisect_ctx *c, const struct task *tasks, size_t nr, double start)
{
	struct strbuf sb = STRBUF_INIT;

	if (!c->progress)
		return;
	for (size_t i = 0; i < nr; i++) {
		strbuf_addf(&sb, "%s%.*s ", i ? ", " : "", c->res->abbrev, sha(c, tasks[i].pos));
		if (start < 0)
			strbuf_addstr(&sb, "...");
		else
			verdict_words(&sb, c, tasks[i].pos);
	}
	if (start < 0)
		fprintf(stderr, "round %zu: %s\n", c->res->rounds, sb.buf);
	else
		fprintf(stderr, "round %zu done in %.1f s: %s\n", c->res->rounds,
			clock_seconds() - start, sb.buf);
	strbuf_release(&sb);
}

/*
 * Before running anything at a task's commit, its recorded runs, as many
 * as it asks for. A task they satisfy is reported and leaves the round.
 */
static enum run_outcome use_recorded(struct bisect_ctx *c, struct task *tasks, size_t *nr)
{
	size_t left = 0;

	for (size_t k = 0; k < *nr; k++) {
		struct task *t = &tasks[k];
		const struct run_record *r;
		int used = 0;

		while (bisect_judge_wants_more(&c->j, t) && (r = run_memory_take(&c->mem, t->pos))) {
			bisect_judge_add_exit(&c->j, t->pos, r->exit);
			count_run(c, t->pos, r->exit, &r->value);
			c->res->runs++;
			c->res->recorded_runs++;
			used = 1;
		}
		if (!used || bisect_judge_wants_more(&c->j, t)) {
			tasks[left++] = *t;
			continue;
		}
		report(c, t->pos);
		if (check_end(c, t->pos) == RUN_STOP)
			return RUN_STOP;
	}
	*nr = left;
	return RUN_COUNTED;
}

/* The judge's rounds; a progress line for each on a terminal. */
static enum run_outcome run_round(void *data, struct task *tasks, size_t nr)
{
	struct bisect_ctx *c = data;
	double start = clock_seconds();
	enum run_outcome ret;

	c->res->rounds++;
	progress_line(c, tasks, nr, -1);
	ret = use_recorded(c, tasks, &nr);
	if (ret != RUN_STOP && nr)
		ret = run_tasks(c, tasks, nr);
	run_memory_flush(&c->mem, c->repo, 0);
	if (ret != RUN_STOP)
		progress_line(c, tasks, nr, start);
	return ret;
}

static void record_candidates(struct bisect_ctx *c)
{
	const struct bisect *b = &c->j.b;
	struct bisect_result *res = c->res;

	res->candidates = xcalloc(b->hi - b->lo, sizeof(size_t));
	for (size_t p = b->lo + 1; p <= b->hi; p++)
		if (p == b->hi || b->mark[p] == VERDICT_SKIP)
			res->candidates[res->nr_candidates++] = p;
}

/* --metric: what the posterior says at the end, and every run of each commit. */
static void record_metric(struct bisect_ctx *c)
{
	struct bisect_metric *m = &c->res->m;
	const struct posterior *post = bisect_judge_posterior(&c->j);

	posterior_summarize(post, m->min_change / 100, c->j.values[0].nr + c->j.values[c->res->nr].nr, &m->post);
	m->max_runs = c->j.max_runs;
	m->values = c->j.values;
	c->j.values = xcalloc(c->res->nr + 1, sizeof(*c->j.values));
}

/* The search proper, to an outcome or a stop. */
static int search(struct bisect_ctx *c)
{
	if (bisect_judge_search(&c->j, c->jobs))
		return -1;
	c->res->outcome = c->j.outcome;
	c->res->culprit = c->j.b.hi;
	if (c->res->outcome == BISECT_ONLY_SKIPPED)
		record_candidates(c);
	if (c->o->metric)
		record_metric(c);
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

/* The most rounds: ceil(log_{jobs+1}(nr)), one more to test an end; a one-commit window tests both. */
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
	if (c->o->metric) {
		fprintf(stderr, "bisecting %zu commits in %.*s..%.*s by a metric", res->nr, res->abbrev,
			res->w.last_good.sha, res->abbrev, res->w.first_bad.sha);
		if (c->jobs > 1)
			fprintf(stderr, ", %zu at a time", c->jobs);
		fprintf(stderr, ", at most %zu runs, --min-change %.3g%%%s\n", c->j.max_runs, res->m.min_change,
			!strcmp(res->m.min_change_from, "dashboard") ? " (half the dashboard's step)" : "");
	} else if (c->jobs == 1)
		fprintf(stderr, "bisecting %zu commits in %.*s..%.*s, at most about %d verdicts\n",
			res->nr, res->abbrev, res->w.last_good.sha, res->abbrev, res->w.first_bad.sha,
			most_rounds(res->nr, 1));
	else
		fprintf(stderr, "bisecting %zu commits in %.*s..%.*s, %zu at a time, at most about %d rounds\n",
			res->nr, res->abbrev, res->w.last_good.sha, res->abbrev, res->w.first_bad.sha, c->jobs,
			most_rounds(res->nr, c->jobs));
	if (c->mem.recorded)
		fprintf(stderr, "%zu recorded runs of key %s (machine %s) in %s\n", c->mem.recorded, c->mem.key,
			c->mem.machine, c->mem.ref);
}

static int setup_slots(struct bisect_ctx *c, git_repository *repo)
{
	c->slots = xcalloc(c->jobs, sizeof(*c->slots));
	c->execs = xcalloc(c->jobs, sizeof(*c->execs));
	for (size_t i = 0; i < c->jobs; i++)
		exec_job_init(&c->execs[i]);
	for (size_t i = 0; i < c->jobs; i++)
		if (scratch_tree_init(&c->slots[i].tree, repo, c->base))
			return stop(c, "cannot set up a scratch tree"), -1;
	return 0;
}

/* Stop whatever still runs (a signal, an error), remove every tree. */
static void release_slots(struct bisect_ctx *c)
{
	exec_stop_all(c->execs, c->jobs);
	for (size_t i = 0; i < c->jobs; i++)
		scratch_tree_clean_start(&c->slots[i].tree);
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
	o->min_change = -1;
	o->kill_grace = EXEC_DEFAULT_GRACE;
}

/*
 * --metric's smallest step worth finding: --min-change, else half the
 * step the dashboard saw (a window from a platform and a date), else
 * BISECT_MIN_CHANGE.
 */
static void set_min_change(struct bisect_ctx *c)
{
	const struct step *st = &c->res->w.step;

	c->res->m.min_change = c->o->min_change;
	c->res->m.min_change_from = "option";
	if (c->o->min_change >= 0)
		return;
	c->res->m.min_change = BISECT_MIN_CHANGE;
	c->res->m.min_change_from = "default";
	if (c->res->w.last_good.point && st->found && isfinite(st->change_pct) && st->change_pct) {
		c->res->m.min_change = fabs(st->change_pct) / 2;
		c->res->m.min_change_from = "dashboard";
	}
}

/* The key, and the recorded runs of the window's commits (--fresh: none). */
static int setup_memory(struct bisect_ctx *c, struct config *cfg)
{
	struct run_memory_options mo = { c->o->machine, c->o->metric_pattern ? c->o->metric_pattern->pattern : NULL,
					 c->o->metric, c->o->fresh, c->o->argv };
	const git_oid **commits = xcalloc(c->res->nr + 1, sizeof(*commits));
	int ret;

	for (size_t p = 0; p <= c->res->nr; p++)
		commits[p] = bisect_result_oid(c->res, p);
	ret = run_memory_init(&c->mem, c->repo, cfg, &mo, commits, c->res->nr);
	free(commits);
	if (ret)
		return -1;
	if (c->mem.off)
		return 0;
	c->res->notes_ref = xstrdup(c->mem.ref);
	c->res->key = xstrdup(c->mem.key);
	return 0;
}

static void release_ctx(struct bisect_ctx *c)
{
	run_memory_release(&c->mem);
	if (c->own_argv)
		free((char *)c->own_argv[0]);
	free(c->own_argv);
	bisect_judge_release(&c->j);
	free(c->slice);
	free(c->base);
}

int bisect_run(git_repository *repo, struct config *cfg, const struct window_options *wo,
	       const struct bisect_options *o, struct bisect_result *res)
{
	struct bisect_ctx c;
	int ret = -1;

	memset(&c, 0, sizeof(c));
	c.o = o;
	c.res = res;
	res->metric = o->metric;
	c.jobs = o->jobs > 0 ? (size_t)o->jobs : 1;
	c.progress = progress_wanted();
	c.repo = repo;
	if (load_window(&c, repo, cfg, wo))
		goto done;
	if (res->w.empty || !res->nr) {
		res->outcome = BISECT_EMPTY;
		ret = 0;
		goto done;
	}
	if (resolve_command(&c, repo))
		goto done;
	if (!(c.base = scratch_base(o->scratch_dir)))
		goto done;	/* scratch_base said why */
	bisect_judge_init(&c.j, o->metric, o->repeat > 0 ? (size_t)o->repeat : o->metric ? BISECT_METRIC_REPEAT : 1, res->nr,
			  c.slice, o->slice_first);
	c.j.run_round = run_round;
	c.j.data = &c;
	set_min_change(&c);
	c.j.min_change = res->m.min_change;
	c.j.max_runs = bisect_judge_run_cap(res->nr, c.j.repeat, c.jobs);
	if (setup_memory(&c, cfg))
		goto done;
	announce(&c);
	exec_signals_catch();
	ret = setup_slots(&c, repo) ? -1 : search(&c);
	release_slots(&c);
	run_memory_flush(&c.mem, repo, 1);	/* what a stopped round measured, what failed before */
	exec_signals_restore();
	for (size_t p = 0; p <= res->nr; p++)
		res->tested += c.j.at[p].nr_exits > 0;
	if (!res->signal)
		res->signal = exec_signal_caught();
	if (res->signal)
		ret = -1;
done:
	release_ctx(&c);
	return ret;
}
