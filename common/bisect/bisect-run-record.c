/*
 * `git benchbisect run`: what a run that ended gave (bisect-run-ctx.h):
 * its verdict, or with --metric its number (read off its output),
 * what it left running, a launcher that never started it, and the
 * runs kept for the notes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/clock.h"
#include "util/quote.h"
#include "bisect/command-path.h"
#include "bisect/bisect-run.h"
#include "bisect/bisect-run-ctx.h"

/*
 * A run that measured nothing (why: what it printed): at an end, which
 * stands for its level, the search stops; at any other commit the
 * commit is skipped, as for any other failure of --metric.
 */
__attribute__((format(printf, 3, 4)))
static enum run_outcome no_measurement(struct bisect_ctx *c, size_t pos, const char *fmt, ...)
{
	enum run_outcome ret = RUN_UNTESTABLE;
	va_list ap;
	char *why;

	va_start(ap, fmt);
	why = xstrvfmt(fmt, ap);
	va_end(ap);
	if (!pos || pos == c->res->nr)
		ret = bisect_ctx_stop(c, "%s", why);
	else
		warning("%s: skipping the commit", why);
	free(why);
	return ret;
}

/* len bytes of the output for a message: a NUL must not cut them short (strbuf_add_term_len()). */
static const char *quote_output(struct strbuf *sb, const char *s, size_t len)
{
	strbuf_add_term_len(sb, s, len);
	return sb->buf;
}

/*
 * The text of the command's one number, in text: the first group of the
 * last line that matches --metric-pattern, else its last non-empty line.
 * A pattern that matches no line measured nothing, as a line that holds
 * no number. So did a command that printed nothing there at all: say so,
 * for the number it printed went elsewhere (Python's logging writes to
 * standard error), and "its last line: ''" would send one looking for it.
 */
static enum run_outcome metric_text(struct bisect_ctx *c, size_t pos, struct strbuf *out,
				    struct strbuf *text)
{
	struct metric_pattern *mp = c->o->metric_pattern;
	struct strbuf err = STRBUF_INIT, quoted = STRBUF_INIT;
	enum run_outcome ret = RUN_COUNTED;
	const char *last;

	strbuf_rtrim(out);
	if (!out->len)
		return no_measurement(c, pos, "'%s' printed nothing on standard output at %.*s (--metric reads "
				      "the number there, not on standard error)", c->o->argv[0], c->res->abbrev,
				      bisect_ctx_sha(c, pos));
	/* by length: a NUL byte must not hide the lines after it */
	for (last = out->buf + out->len; last > out->buf && last[-1] != '\n'; last--)
		;
	if (!mp) {
		strbuf_add(text, last, (size_t)(out->buf + out->len - last));
		return RUN_COUNTED;
	}
	switch (metric_pattern_find(mp, out->buf, out->len, text, &err)) {
	case PATTERN_ERROR:
		ret = bisect_ctx_stop(c, "%s", err.buf);
		break;
	case PATTERN_NO_LINE:
		ret = no_measurement(c, pos, "'%s' printed no line matching the metric pattern '%s' at %.*s "
				     "(its last line: '%s')", c->o->argv[0], mp->pattern, c->res->abbrev,
				     bisect_ctx_sha(c, pos),
				     quote_output(&quoted, last, (size_t)(out->buf + out->len - last)));
		break;
	case PATTERN_NO_GROUP:
		ret = no_measurement(c, pos, "'%s' printed a line matching the metric pattern '%s' at %.*s, but "
				     "without its first group: no number (the line: '%s')", c->o->argv[0], mp->pattern,
				     c->res->abbrev, bisect_ctx_sha(c, pos), quote_output(&quoted, text->buf, text->len));
		break;
	case PATTERN_GROUP:
		break;
	}
	strbuf_release(&err);
	strbuf_release(&quoted);
	return ret;
}

/* The command's one number (metric_text()). */
static enum run_outcome parse_number(struct bisect_ctx *c, size_t pos, struct strbuf *out, double *v)
{
	struct strbuf text = STRBUF_INIT, quoted = STRBUF_INIT;
	enum run_outcome ret;
	const char *line;

	if ((ret = metric_text(c, pos, out, &text)) != RUN_COUNTED)
		goto out;
	strbuf_rtrim(&text);
	line = text.buf;
	while (*line == ' ' || *line == '\t')
		line++;
	/*
	 * inf, nan, or so large or so small that the model's sums of squares
	 * overflow or underflow: not a measurement. Skip the commit (stop at
	 * an end), never average it.
	 */
	switch (bisect_metric_parse(line, (size_t)(text.buf + text.len - line), v)) {
	case METRIC_VALUE:
		break;
	case METRIC_NO_NUMBER:
		ret = no_measurement(c, pos, "'%s' printed no number at %.*s (%s: '%s')", c->o->argv[0],
				     c->res->abbrev, bisect_ctx_sha(c, pos),
				     c->o->metric_pattern ? "the metric pattern's group" : "its last line",
				     quote_output(&quoted, line, (size_t)(text.buf + text.len - line)));
		break;
	case METRIC_OUT_OF_RANGE:
		ret = no_measurement(c, pos, "'%s' printed '%s' at %.*s, neither 0 nor a finite number from %g to %g "
				     "in magnitude", c->o->argv[0], line, c->res->abbrev, bisect_ctx_sha(c, pos),
				     BISECT_METRIC_MIN, BISECT_METRIC_MAX);
		break;
	}
out:
	strbuf_release(&text);
	strbuf_release(&quoted);
	return ret;
}

void bisect_ctx_report_strays(struct bisect_ctx *c, size_t i)
{
	struct exec_job *j = &c->execs[i];
	size_t pos = c->slots[i].pos;

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
				nr > 1 ? "es" : "", c->o->argv[0], c->res->abbrev, bisect_ctx_sha(c, pos),
				c->o->kill_grace, sb.buf);
		else if (nr)
			warning("'%s' left %d process%s running at %.*s, stopped: %s", c->o->argv[0], nr,
				nr > 1 ? "es" : "", c->res->abbrev, bisect_ctx_sha(c, pos), sb.buf);
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
			return bisect_ctx_stop(c, "the launcher '%s' did not start '%s' within %d s twice in a row "
				    "(--queue-timeout)", c->o->launcher, c->o->argv[0], c->o->queue_timeout);
		warning("the launcher did not start '%s' at %.*s within %d s (--queue-timeout): "
			"trying once more", c->o->argv[0], c->res->abbrev, bisect_ctx_sha(c, pos), c->o->queue_timeout);
	} else if (++c->launcher_failures >= 2) {
		return bisect_ctx_stop(c, "the launcher '%s' failed twice in a row without starting '%s' (exit %d): %s",
			    c->o->launcher, c->o->argv[0], j->launcher_code,
			    *line ? line : "it printed nothing on standard error");
	} else {
		warning("the launcher failed at %.*s without starting '%s' (exit %d): trying once more",
			c->res->abbrev, bisect_ctx_sha(c, pos), c->o->argv[0], j->launcher_code);
	}
	c->j.at[pos].retried++;
	return RUN_RETRY;
}

/*
 * A relative command that could not be started: say where it was looked
 * for, and what would work (appended to the error of the run).
 */
void bisect_ctx_explain_cannot_run(struct bisect_ctx *c)
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
enum run_outcome bisect_ctx_record_run(struct bisect_ctx *c, size_t i)
{
	struct exec_job *j = &c->execs[i];
	size_t pos = c->slots[i].task->pos;
	struct pos_runs *r = &c->j.at[pos];
	enum run_outcome ret = RUN_COUNTED;
	double v;

	bisect_ctx_report_strays(c, i);
	c->res->runs++;
	bisect_judge_add_exit(&c->j, pos, j->code);
	if (j->launch == LAUNCH_NO_TREE)
		return bisect_ctx_stop(c, "the launcher '%s' runs '%s' where its scratch tree '%s' does not exist: "
			    "the scratch trees must be on a path the nodes share; choose it with "
			    "--scratch-dir or benchbisect.scratchDir", c->o->launcher, c->o->argv[0],
			    c->slots[i].tree.tree_path);
	/* A step timeout runs from the recorded start: with no record, the queue's. */
	if (j->launch == LAUNCH_FAILED)
		return launcher_failed(c, i);
	if (j->launch != LAUNCH_NONE && j->launch != LAUNCH_FAILED)
		c->launcher_failures = 0;
	if (j->launch == LAUNCH_CANNOT_RUN) {
		bisect_ctx_stop(c, "cannot run '%s' under the launcher at %.*s: not found", c->o->argv[0],
		     c->res->abbrev, bisect_ctx_sha(c, pos));
		bisect_ctx_explain_cannot_run(c);
		return RUN_STOP;
	}
	if (j->timed_out || j->launch == LAUNCH_CUT_SHORT) {
		if (j->timed_out) {
			ALLOC_GROW(r->timeouts, r->nr_timeouts + 1, r->alloc_timeouts);
			r->timeouts[r->nr_timeouts++] = j->code;
		}
		if (j->timed_out)
			warning("'%s' at %.*s took more than %d s: %s", c->o->argv[0],
				c->res->abbrev, bisect_ctx_sha(c, pos), c->o->step_timeout,
				r->retried ? "skipping the commit" : "trying once more");
		else
			warning("'%s' at %.*s was ended before it exited (the launcher's exit %d): %s",
				c->o->argv[0], c->res->abbrev, bisect_ctx_sha(c, pos), j->launcher_code,
				r->retried ? "skipping the commit" : "trying once more");
		if (!r->retried++)
			return RUN_RETRY;
		ret = RUN_UNTESTABLE;
	} else if (j->signal) {
		return bisect_ctx_stop(c, "'%s' died of signal %d (%s) at %.*s: stopping the bisection",
				       c->o->argv[0], j->signal, strsignal(j->signal), c->res->abbrev,
				       bisect_ctx_sha(c, pos));
	} else if (j->code > 127) {
		return bisect_ctx_stop(c, "'%s' exited with %d at %.*s: stopping the bisection", c->o->argv[0],
			    j->code, c->res->abbrev, bisect_ctx_sha(c, pos));
	} else if (!c->o->metric || j->code || (ret = parse_number(c, pos, &j->out, &v)) == RUN_COUNTED) {
		return bisect_judge_count_run(&c->j, pos, j->code, &v);
	}
	if (ret == RUN_UNTESTABLE)
		r->skip_code = j->code;
	return ret;
}

/*
 * Keep the run that just ended in slot i for the notes: what it measured
 * (not a timeout, a launcher's failure or a value that is no number:
 * those say nothing about the commit). Nor an exit of 126 or 127: it may
 * say that the command cannot run at all (check_cannot_run()), and once
 * recorded it would come back as that bogus exit status after the tool
 * is installed or the script fixed.
 */
void bisect_ctx_remember_run(struct bisect_ctx *c, size_t i, enum run_outcome ret)
{
	struct exec_job *j = &c->execs[i];
	size_t pos = c->slots[i].task->pos;
	const struct samples *v = &c->j.values[pos];

	if ((ret != RUN_COUNTED && ret != RUN_UNTESTABLE) || j->timed_out || j->code > 125 ||
	    (j->launch != LAUNCH_NONE && j->launch != LAUNCH_RAN) || (c->o->metric && !j->code && ret != RUN_COUNTED))
		return;
	run_memory_add(&c->mem, bisect_result_oid(c->res, pos), j->code,
		       c->o->metric && !j->code ? &v->v[v->nr - 1] : NULL, clock_seconds() - c->slots[i].started);
}

