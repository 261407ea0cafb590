/*
 * `git benchbisect run`: drive the search of bisect.c with the user's
 * command. Each round tests up to --jobs commits at once, each in a job
 * slot that owns a scratch tree (checked out again for each commit) and runs
 * the command, under the launcher if there is one, as many times as its
 * verdict needs (bisect-run-round.c, bisect-run-record.c). This file sets
 * the run up, searches, and hands the result back to the caller.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/io.h"
#include "util/number.h"
#include "util/revision.h"
#include "bisect/bisect.h"
#include "bisect/command-path.h"
#include "bisect/bisect-run.h"
#include "bisect/bisect-run-ctx.h"
#include "bisect/scratch-owner.h"

enum run_outcome bisect_ctx_stop(struct bisect_ctx *c, const char *fmt, ...)
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

const char *bisect_ctx_sha(const struct bisect_ctx *c, size_t pos)
{
	return bisect_result_sha(c->res, pos);
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
		int in = command_in_commit(repo, bisect_result_oid(c->res, ends[e]), c->o->prefix, cmd);

		if (in < 0)
			return -1;
		if (!in)
			break;
	}
	/*
	 * In both ends: a commit between them that lacks it is skipped
	 * (bisect-run-round.c), as it cannot be tested there. Nowhere: a run
	 * that cannot start says why (bisect_ctx_explain_cannot_run()).
	 */
	c->command_in_ends = e == 2;
	if (e == 2 || !(abs = realpath(cmd, NULL)))
		return 0;
	note("'%s' is not in commit %.*s; running '%s' from your work tree", cmd, c->res->abbrev,
	     bisect_ctx_sha(c, ends[e]), abs);
	for (n = 0; c->o->argv[n]; n++)
		;
	c->own_argv = xcalloc(n + 1, sizeof(*c->own_argv));
	memcpy(c->own_argv, c->o->argv, n * sizeof(*c->own_argv));
	c->own_argv[0] = abs;
	c->argv = c->own_argv;
	return 0;
}

/*
 * The command runs in the directory where the user is, in each commit
 * (bisect-run-round.c): a commit between the ends that lacks it is
 * skipped, but an end that lacks it would have every commit skipped, one
 * warning each, to find nothing. Stop before anything runs.
 */
static int check_prefix_in_ends(struct bisect_ctx *c, git_repository *repo)
{
	size_t ends[2] = { 0, c->res->nr };

	for (size_t e = 0; e < 2; e++) {
		int in = directory_in_commit(repo, bisect_result_oid(c->res, ends[e]), c->o->prefix);

		if (in < 0)
			return -1;
		if (!in)
			return bisect_ctx_stop(c, "the %s end %.*s has no directory '%s' (where you are: the command "
					       "runs there); run from a directory both ends have", e ? "bad" : "good",
					       c->res->abbrev, bisect_ctx_sha(c, ends[e]), c->o->prefix), -1;
	}
	return 0;
}

/* A round's tasks, and how many runs of each are under way. */

static void record_candidates(struct bisect_ctx *c)
{
	const struct bisect *b = &c->j.b;
	struct bisect_result *res = c->res;

	res->candidates = xcalloc(b->hi - b->lo, sizeof(size_t));
	for (size_t p = b->lo + 1; p <= b->hi; p++)
		if (p == b->hi || b->mark[p] == VERDICT_SKIP)
			res->candidates[res->nr_candidates++] = p;
}

/* The tested commits that measure neither level (posterior_off_level()). */
static void find_off_level(struct bisect_result *res)
{
	struct bisect_metric *m = &res->m;

	m->off_level = xcalloc(res->nr + 1, sizeof(*m->off_level));
	for (size_t pos = 0; pos <= res->nr; pos++)
		if (posterior_off_level(m->post.good[0], m->post.bad[0], m->post.noise, &m->values[pos],
					m->min_change / 100))
			m->off_level[m->nr_off_level++] = pos;
}

/* --metric: what the posterior says at the end, and every run of each commit. */
static void record_metric(struct bisect_ctx *c)
{
	struct bisect_metric *m = &c->res->m;
	const struct posterior *post = bisect_judge_posterior(&c->j);

	posterior_summarize(post, m->min_change / 100, c->j.values[0].nr + c->j.values[c->res->nr].nr,
			    bisect_judge_rule_runs(&c->j), c->j.sure, &m->post);
	m->max_runs = c->j.max_runs;
	m->culprit_p = c->j.culprit_p;
	m->culprit_off_level = c->j.culprit_off_level;
	m->values = c->j.values;
	c->j.values = xcalloc(c->res->nr + 1, sizeof(*c->j.values));
	find_off_level(c->res);
}

/* The search proper, to an outcome or a stop. */
/*
 * One round's probes can contradict each other, which git bisect run's
 * one at a time never meet: a commit that tests good after one that
 * tested bad. The search goes by the first bad one; say that the answer
 * rests on verdicts that disagree.
 */
static void warn_contradiction(const struct bisect_ctx *c)
{
	size_t bad, good;

	if (!c->o->metric && bisect_contradicts(&c->j.b, &bad, &good))
		warning("the verdicts contradict each other: %.*s tested good after %.*s tested bad "
			"(a flaky command, or a change undone and made again): check the answer, or use --repeat",
			c->res->abbrev, bisect_ctx_sha(c, good), c->res->abbrev, bisect_ctx_sha(c, bad));
}

static int search(struct bisect_ctx *c)
{
	if (bisect_judge_search(&c->j, c->jobs)) {
		if (c->j.bogus_exit)
			bisect_ctx_stop(c, "bogus exit status %d for good revision %.*s: '%s' exits %d there too, so "
					"the command cannot run (126: not executable, 127: not found)",
					c->j.bogus_exit, c->res->abbrev, bisect_ctx_sha(c, 0), c->o->argv[0],
					c->j.bogus_exit);
		return -1;
	}
	c->res->outcome = c->j.outcome;
	c->res->culprit = c->j.b.hi;
	warn_contradiction(c);
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
		return bisect_ctx_stop(c, "nothing to bisect: the good end is not an ancestor of the bad end"), -1;
	if (st == WINDOW_INCOMPLETE)
		return bisect_ctx_stop(c, "cannot bisect without both ends in this repository"), -1;
	if (git_commit_lookup(&good, repo, &res->w.last_good.oid))
		return bisect_ctx_stop(c, "cannot read commit '%s'", res->w.last_good.sha), -1;
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
	const char *commits = res->nr == 1 ? "" : "s";
	char pct[NUMBER_FIXED_SIZE];
	int rounds;

	if (usage_quiet())
		return;
	if (c->o->metric) {
		fprintf(stderr, "bisecting %zu commit%s in %.*s..%.*s by a metric", res->nr, commits,
			res->abbrev, res->w.last_good.sha, res->abbrev, res->w.first_bad.sha);
		if (c->jobs > 1)
			fprintf(stderr, ", %zu at a time", c->jobs);
		fprintf(stderr, ", at most %zu runs, --min-change %s%%%s", c->j.max_runs,
			number_fixed(pct, res->m.min_change, 3, 0),
			!strcmp(res->m.min_change_from, "dashboard") ? " (half the dashboard's step)" : "");
		if (c->j.sure != POSTERIOR_SURE)
			fprintf(stderr, ", --confidence %.7g%%", 100 * c->j.sure);
		fputc('\n', stderr);
	} else if (c->jobs == 1) {
		/* at least 2: both ends are tested */
		fprintf(stderr, "bisecting %zu commit%s in %.*s..%.*s, at most about %d verdicts\n",
			res->nr, commits, res->abbrev, res->w.last_good.sha, res->abbrev, res->w.first_bad.sha,
			most_rounds(res->nr, 1));
	} else {
		rounds = most_rounds(res->nr, c->jobs);
		fprintf(stderr, "bisecting %zu commit%s in %.*s..%.*s, %zu at a time, at most about %d round%s\n",
			res->nr, commits, res->abbrev, res->w.last_good.sha, res->abbrev, res->w.first_bad.sha,
			c->jobs, rounds, rounds == 1 ? "" : "s");
	}
	if (c->mem.recorded)
		fprintf(stderr, "%zu recorded run%s of key %s (machine %s) in %s\n", c->mem.recorded,
			c->mem.recorded == 1 ? "" : "s", c->mem.key, c->mem.machine, c->mem.ref);
	if (c->res->m.recorded.df > 0) {
		fprintf(stderr, "recorded noise: %.4g a run, from %zu runs over %zu other commit%s",
			sqrt(c->res->m.recorded.var), c->res->m.recorded.runs, c->res->m.recorded.commits,
			c->res->m.recorded.commits == 1 ? "" : "s");
		run_states_print(stderr, &c->res->m.recorded.states);
		fputc('\n', stderr);
	}
	/*
	 * On noise of two states a lower bar costs far more than on normal
	 * noise (docs/statistics.md, "The bar"): say so when the record shows
	 * them, held or not.
	 */
	if (c->j.sure < POSTERIOR_SURE && c->mem.noise.states.found)
		warning("the recorded runs fall in two states: at --confidence %.7g%% a window without a step "
			"names a false culprit several times as often as at %.4g%%",
			100 * c->j.sure, 100 * POSTERIOR_SURE);
}

static int setup_slots(struct bisect_ctx *c, git_repository *repo)
{
	c->slots = xcalloc(c->jobs, sizeof(*c->slots));
	c->execs = xcalloc(c->jobs, sizeof(*c->execs));
	for (size_t i = 0; i < c->jobs; i++)
		exec_job_init(&c->execs[i]);
	for (size_t i = 0; i < c->jobs; i++)
		if (scratch_tree_init(&c->slots[i].tree, repo, c->base))
			return bisect_ctx_stop(c, "cannot set up a scratch tree"), -1;
	return 0;
}

/*
 * Stop whatever still runs (a signal, an error), naming what had to be
 * killed, as a run that ends names it; remove every tree.
 */
static void release_slots(struct bisect_ctx *c)
{
	unsigned char *running = xcalloc(c->jobs + 1, 1);

	for (size_t i = 0; i < c->jobs; i++)
		running[i] = c->execs[i].pid != 0;
	exec_stop_all(c->execs, c->jobs);
	for (size_t i = 0; i < c->jobs; i++)
		if (running[i])
			bisect_ctx_report_strays(c, i);
	free(running);
	for (size_t i = 0; i < c->jobs; i++)
		scratch_tree_clean_start(&c->slots[i].tree);
	for (size_t i = 0; i < c->jobs; i++) {
		scratch_tree_release(&c->slots[i].tree);
		exec_job_release(&c->execs[i]);
		for (size_t k = 0; k < ARRAY_SIZE(c->slots[i].env); k++)
			free(c->slots[i].env[k]);
		free(c->slots[i].dir);
	}
	free(c->slots);
	free(c->execs);
}

void bisect_options_init(struct bisect_options *o)
{
	memset(o, 0, sizeof(*o));
	o->min_change = -1;
	o->confidence = -1;
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
	struct run_memory_options mo = { c->o->machine, c->o->host_machine,
					 c->o->metric_pattern ? c->o->metric_pattern->pattern : NULL,
					 c->o->metric, c->o->fresh, c->o->argv, c->o->prefix };
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
	if (check_prefix_in_ends(&c, repo) || resolve_command(&c, repo))
		goto done;
	if (!(c.base = scratch_base(o->scratch_dir)))
		goto done;	/* scratch_base said why */
	scratch_owner_sweep(c.base);	/* what a killed run left there */
	bisect_judge_init(&c.j, o->metric, o->repeat > 0 ? (size_t)o->repeat : o->metric ? BISECT_METRIC_REPEAT : 1, res->nr,
			  c.slice, o->slice_first);
	c.j.run_round = bisect_ctx_run_round;
	c.j.data = &c;
	set_min_change(&c);
	c.j.min_change = res->m.min_change;
	if (o->confidence > 0)
		c.j.sure = o->confidence / 100;
	c.j.max_runs = bisect_judge_run_cap(res->nr, c.j.repeat, c.jobs);
	if (setup_memory(&c, cfg))
		goto done;
	if (o->metric && bisect_judge_use_noise(&c.j, &c.mem.noise))
		res->m.recorded = c.mem.noise;
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
