/*
 * `git benchbisect run`: a round of the search (bisect-run-ctx.h), in the
 * shape of git's run_processes_parallel(): each of the round's commits
 * in a job slot of its own, its scratch tree checked out, the command
 * run as many times as its verdict needs, recorded runs used first, and
 * each probe's line ("step N: ...") on stderr as it ends.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/dir-at.h"
#include "util/number.h"
#include "util/quote.h"
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/clock.h"
#include "bisect/command-path.h"
#include "bisect/bisect-run.h"
#include "bisect/bisect-run-ctx.h"

/*
 * The directory of slot i's tree that the command runs in: the user's
 * current one (o->prefix), opened without following a symlink, as its
 * path in s->dir; or the top. Returns the fd (the tree's own at the
 * top), or -1: RUN_UNTESTABLE with the reason in why when the commit
 * has no such directory (or a file or a symlink there), else RUN_STOP.
 */
static int open_cwd(struct bisect_ctx *c, struct slot *s, enum run_outcome *ret, struct strbuf *why)
{
	const char *prefix = c->o->prefix;
	int fd;

	free(s->dir);
	s->dir = NULL;
	if (!prefix || !*prefix)
		return s->tree.tree_fd;
	if ((fd = dir_open_path_at(s->tree.tree_fd, prefix)) >= 0) {
		size_t len = strlen(prefix);

		len -= prefix[len - 1] == '/';
		s->dir = xstrfmt("%s/%.*s", s->tree.tree_path, (int)len, prefix);
		return fd;
	}
	if (errno == ENOENT) {
		strbuf_addf(why, "it has no directory '%s' (where you are: the command runs there)", prefix);
		*ret = RUN_UNTESTABLE;
	} else if (errno == ENOTDIR || errno == ELOOP) {
		strbuf_addf(why, "its '%s' is a file or a symlink, never followed (where you are: the command "
			    "runs there)", prefix);
		*ret = RUN_UNTESTABLE;
	} else {
		*ret = bisect_ctx_stop(c, "cannot open '%s' in the scratch tree of %.*s: %s", prefix,
				       c->res->abbrev, bisect_ctx_sha(c, s->task->pos), strerror(errno));
	}
	return -1;
}

/*
 * Slot i's tree is ready: its environment, and a run of its task, in the
 * directory open_cwd() names. RUN_UNTESTABLE (nothing run): why says
 * why the commit cannot be tested.
 */
static enum run_outcome start_task(struct bisect_ctx *c, size_t i, struct strbuf *why)
{
	struct slot *s = &c->slots[i];
	size_t pos = s->task->pos;
	enum run_outcome ret = RUN_COUNTED;
	int dir_fd = open_cwd(c, s, &ret, why);
	struct exec_cmd cmd = { c->argv, c->o->launcher, dir_fd, s->dir ? s->dir : s->tree.tree_path,
				s->tree.record, s->tree.dir_fd, (const char **)s->env, c->o->metric,
				c->o->step_timeout, c->o->queue_timeout, c->o->kill_grace };

	if (dir_fd >= 0 && c->command_in_ends) {
		int in = command_in_commit(c->repo, bisect_result_oid(c->res, pos), c->o->prefix, c->argv[0]);

		if (in <= 0) {
			/* -1: command_in_commit() said why */
			ret = in < 0 ? RUN_STOP : RUN_UNTESTABLE;
			if (!in)
				strbuf_addf(why, "it has no '%s' (the command, which both ends have)", c->argv[0]);
			if (dir_fd != s->tree.tree_fd)
				close(dir_fd);
			dir_fd = -1;
		}
	}
	if (dir_fd < 0)
		return ret;

	/* Made anew each time: a checkout that started over moved the tree. */
	for (size_t k = 0; k < ARRAY_SIZE(s->env); k++)
		free(s->env[k]);
	s->env[3] = NULL;
	s->pos = pos;
	s->env[0] = xstrfmt("BENCHBISECT_COMMIT=%s", bisect_ctx_sha(c, pos));
	s->env[1] = xstrfmt("BENCHBISECT_TREE=%s", s->tree.tree_path);
	s->env[2] = xstrfmt("BENCHBISECT_JOB=%zu", i + 1);
	s->started = clock_seconds();
	if (exec_start(&c->execs[i], &cmd, &c->res->error))
		ret = RUN_STOP;
	if (dir_fd != s->tree.tree_fd)
		close(dir_fd);	/* the keeper has its own */
	return ret;
}


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

static void report(struct bisect_ctx *c, size_t pos);
static enum run_outcome check_end(struct bisect_ctx *c, size_t pos);

/*
 * Slot i's commit cannot be tested (why): skipped without a run, as exit
 * 125 would skip it (a --metric end, which stands for its level, stops
 * the search), with a warning. The slot is free again; the task's last
 * run to end reports its probe ("skip (not run)").
 */
static enum run_outcome not_run(struct bisect_ctx *c, struct round *rd, size_t i, const char *why)
{
	struct task *t = c->slots[i].task;
	size_t k = (size_t)(t - rd->tasks), pos = t->pos;
	struct pos_runs *r = &c->j.at[pos];

	if (c->o->metric && (!pos || pos == c->res->nr))
		return bisect_ctx_stop(c, "cannot measure the %s %.*s: %s", pos ? "bad end" : "good end",
				       c->res->abbrev, bisect_ctx_sha(c, pos), why);
	if (r->skip_code < 0) {
		warning("cannot test %.*s: %s: skipping the commit", c->res->abbrev, bisect_ctx_sha(c, pos), why);
		r->skip_code = 125;
	}
	rd->in_flight[k]--;
	c->slots[i].task = NULL;
	if (rd->in_flight[k])
		return RUN_COUNTED;
	report(c, pos);
	return check_end(c, pos);
}

/*
 * Give every free slot its work, and every slot whose task runs again
 * (task_finished()) the same commit once more: a run always starts in
 * exactly its commit's tree, never in what an earlier run left (the
 * checkout is incremental: where the run changed nothing, it writes
 * nothing). The checkouts run at once, each on its own thread, and each
 * job starts as soon as its tree is ready (in slot order). Every
 * checkout is waited for, even after a failure or a signal: no thread
 * outlives this.
 */
static enum run_outcome fill_slots(struct bisect_ctx *c, struct round *rd)
{
	size_t started[EXEC_MAX_JOBS], n;
	enum run_outcome ret = RUN_COUNTED;
	struct strbuf why = STRBUF_INIT;
	struct task *t;
	int freed;

again:
	n = 0;
	freed = 0;
	for (size_t k = 0; k < c->jobs; k++) {
		struct slot *s = &c->slots[k];

		if (s->again) {
			s->again = 0;
		} else {
			if (s->task || !(t = get_next_task(c, rd)))
				continue;
			s->task = t;
			rd->in_flight[t - rd->tasks]++;
		}
		scratch_tree_checkout_start(&s->tree, bisect_result_oid(c->res, s->task->pos));
		started[n++] = k;
	}
	for (size_t i = 0; i < n; i++) {
		struct slot *s = &c->slots[started[i]];

		if (scratch_tree_checkout_finish(&s->tree))
			ret = ret == RUN_STOP ? ret : bisect_ctx_stop(c, "cannot check out %.*s", c->res->abbrev,
							    bisect_ctx_sha(c, s->task->pos));
		else if (ret == RUN_COUNTED && (c->res->signal = exec_signal_caught()))
			ret = RUN_STOP;
		else if (ret == RUN_COUNTED && (ret = start_task(c, started[i], &why)) == RUN_UNTESTABLE) {
			ret = not_run(c, rd, started[i], why.buf);
			strbuf_reset(&why);
			freed = 1;
		}
	}
	/* A slot freed without a run takes the next work at once. */
	if (ret == RUN_COUNTED && freed)
		goto again;
	strbuf_release(&why);
	return ret;
}

/*
 * "exits 0 1, timed out twice: exit 143": the runs stopped at
 * --step-timeout apart, each status they ended with once (it is our
 * signal's, the same each time), from the other runs' exits.
 */
static void describe_exits(struct strbuf *sb, const struct pos_runs *r)
{
	static const char *const times[] = { "", "", " twice" };
	unsigned char *timed_out = xcalloc(r->nr_exits + 1, 1);
	size_t own = r->nr_exits, shown = 0;
	struct strbuf codes = STRBUF_INIT;

	/* each timeout's status, matched to one of the exits (the latest) */
	for (size_t t = 0; t < r->nr_timeouts; t++)
		for (size_t i = r->nr_exits; i-- > 0;)
			if (!timed_out[i] && r->exits[i] == r->timeouts[t]) {
				timed_out[i] = 1;
				own--;
				break;
			}
	if (own)
		strbuf_addf(sb, "exit%s", own > 1 ? "s" : "");
	for (size_t i = 0; i < r->nr_exits; i++)
		if (!timed_out[i])
			strbuf_addf(sb, " %d", r->exits[i]);
	if (r->nr_timeouts) {
		strbuf_addf(sb, "%stimed out", own ? ", " : "");
		if (r->nr_timeouts < ARRAY_SIZE(times))
			strbuf_addstr(sb, times[r->nr_timeouts]);
		else
			strbuf_addf(sb, " %zu times", r->nr_timeouts);
		for (size_t t = 0; t < r->nr_timeouts; t++) {
			size_t k = 0;

			while (k < t && r->timeouts[k] != r->timeouts[t])
				k++;
			if (k == t) {
				strbuf_addf(&codes, " %d", r->timeouts[t]);
				shown++;
			}
		}
		strbuf_addf(sb, ": exit%s%s", shown > 1 ? "s" : "", codes.buf);
	}
	strbuf_release(&codes);
	free(timed_out);
}

/* "(exit 0)", "(exits 0 1 1)", "(timed out twice: exit 143)", "(1.02 0.98, median 1)". */
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
	if (!r->nr_exits) {
		strbuf_addstr(sb, "not run");	/* not_run() */
		return;
	}
	describe_exits(sb, r);
}

/* "good", "bad", or with --metric "p(bad) 62.1%" while the posterior is not sure. */
static void verdict_words(struct strbuf *sb, struct bisect_ctx *c, size_t pos)
{
	enum verdict v = bisect_judge_verdict(&c->j, pos);
	char pct[NUMBER_PCT_SIZE];

	if (c->o->metric && v == VERDICT_UNCLEAR)
		strbuf_addf(sb, "p(bad) %s%%", number_pct(pct, bisect_judge_p_bad(&c->j, pos), 'f', 1));
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
	if (r->nr_exits)	/* none: not_run() */
		memcpy(s->exits, r->exits, r->nr_exits * sizeof(int));
	s->nr_exits = s->alloc_exits = r->nr_exits;
	for (size_t i = 0; c->o->metric && i < c->j.values[pos].nr; i++)
		samples_add(&s->values, c->j.values[pos].v[i]);

	verdict_words(&sb, c, pos);
	strbuf_addstr(&sb, " (");
	describe(&sb, r, c->o->metric ? &c->j.values[pos] : NULL);
	if (!usage_quiet())	/* -q: the result only */
		fprintf(stderr, "%s: %.*s %s): %s\n", s->label, c->res->abbrev, bisect_ctx_sha(c, pos), sb.buf,
			quote_term(bisect_result_subject(res, pos)));
	strbuf_release(&sb);
}

/* --metric: an end must give a value, it stands for its level. */
static enum run_outcome check_end(struct bisect_ctx *c, size_t pos)
{
	if (!c->o->metric || (pos && pos != c->res->nr) || c->j.values[pos].nr || c->j.at[pos].skip_code < 0)
		return RUN_COUNTED;
	return bisect_ctx_stop(c, "cannot measure the %s %.*s: '%s' gave no measurement (exit %d)",
		    pos ? "bad end" : "good end", c->res->abbrev, bisect_ctx_sha(c, pos), c->o->argv[0],
		    c->j.at[pos].skip_code);
}

/*
 * The run in slot i ended (git's task_finished): record it, then keep the
 * slot for the task while it needs more (fill_slots() restores its tree
 * and runs it again), else free the slot; the task's last run to end
 * reports its probe.
 */
static enum run_outcome task_finished(struct bisect_ctx *c, struct round *rd, size_t i)
{
	struct task *t = c->slots[i].task;
	size_t k = (size_t)(t - rd->tasks);
	enum run_outcome ret;

	rd->in_flight[k]--;
	ret = bisect_ctx_record_run(c, i);
	bisect_ctx_remember_run(c, i, ret);
	if (ret == RUN_STOP)
		return ret;
	/* While other runs of it are under way, only what it surely needs. */
	if (ret == RUN_RETRY || (ret == RUN_COUNTED && (rd->in_flight[k] ? certain_more(c, rd, k) :
							  bisect_judge_wants_more(&c->j, t)))) {
		rd->in_flight[k]++;
		c->slots[i].again = 1;
		return RUN_COUNTED;
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
					bisect_ctx_explain_cannot_run(c);
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
		strbuf_addf(&sb, "%s%.*s ", i ? ", " : "", c->res->abbrev, bisect_ctx_sha(c, tasks[i].pos));
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
			bisect_judge_count_run(&c->j, t->pos, r->exit, &r->value);
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
enum run_outcome bisect_ctx_run_round(void *data, struct task *tasks, size_t nr)
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
