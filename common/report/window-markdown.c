#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "util/date.h"
#include "util/markup.h"
#include "util/revision.h"
#include "util/number.h"
#include "report/window-wording.h"
#include "report/window-markdown.h"

void window_markdown_sha(struct strbuf *sb, const char *sha, const char *link_base)
{
	char shortened[9];

	/* A dashboard's sha is untrusted text until it looks like one. */
	if (!revision_is_hex(sha, 1, SIZE_MAX)) {
		markdown_escape(sb, sha);
		return;
	}
	snprintf(shortened, sizeof(shortened), "%.8s", sha);
	if (link_base && strlen(sha) == 40)
		strbuf_addf(sb, "[`%s`](%s/commit/%s)", shortened, link_base, sha);
	else
		strbuf_addf(sb, "`%s`", shortened);
}

static void flush(FILE *fp, struct strbuf *sb)
{
	fputs(sb->buf, fp);
	strbuf_reset(sb);
}

static void heading(FILE *fp, const struct window *w)
{
	const struct series *s = &w->series;
	const struct step *st = &w->step;
	struct strbuf sb = STRBUF_INIT;
	char day[16];

	strbuf_addstr(&sb, "### ");
	markdown_escape(&sb, s->platform);
	if (s->kernel) {
		strbuf_addstr(&sb, " (kernel ");
		markdown_escape(&sb, s->kernel);
		strbuf_addch(&sb, ')');
	}
	if (st->found && st->drift) {
		strbuf_addf(&sb, ": helion speedup drifts %+.1f%% over %zu nightlies to the %s nightly\n\n",
			    number_tidy(st->change_pct, 1), st->index - st->last_good,
			    format_day(day, s->points[st->index].run->time));
	} else if (st->found) {
		strbuf_addf(&sb, ": helion speedup %+.1f%% on the %s nightly\n\n", number_tidy(st->change_pct, 1),
			    format_day(day, s->points[st->index].run->time));
	} else if (w->nr_kernel_steps && st->index) {
		strbuf_addf(&sb, ": %zu kernel%s step on the %s nightly\n\n", w->nr_kernel_steps,
			    w->nr_kernel_steps == 1 ? "" : "s", format_day(day, s->points[st->index].run->time));
	} else if (!st->index) {
		strbuf_addf(&sb, ": " STEP_NO_BOUNDARY_NEAR " %s\n\n", format_day(day, w->date));
	} else {
		strbuf_addf(&sb, ": %s near %s\n\n", st->undecided ? "undecided" : "no step",
			    format_day(day, w->date));
	}
	flush(fp, &sb);
	strbuf_release(&sb);
}

static void step_item(FILE *fp, const struct window *w)
{
	const struct step *st = &w->step;
	struct strbuf sb = STRBUF_INIT;
	char d1[16], d2[16];

	if (w->nr_kernel_steps) {
		window_kernel_steps_text(&sb, w, 1, markdown_escape);
		fprintf(fp, "- **kernels that step on their own** (each over %.1f× its standard error, for %zu kernels): %s\n",
			kernel_steps_multiple(st->noise_multiple, w->series.nr_rows), w->series.nr_rows, sb.buf);
		strbuf_reset(&sb);
	}
	if (!window_step_days(w, d1, d2)) {
		if (!st->found) {
			window_no_boundary_text(&sb, w, "**", "**");
			fprintf(fp, "- %s\n", sb.buf);
		}
		strbuf_release(&sb);
		return;
	}
	window_step_text(&sb, st, st->found ? "**" : "", st->found ? "**" : "", 1);
	if (st->found)
		fprintf(fp, "- **%s**: %s → %s, %s\n", window_step_kind(st), d1, d2, sb.buf);
	else
		fprintf(fp, "- **%s**%s%s%s: %s → %s %s\n", window_step_kind(st),
			st->undecided ? " (" : " beyond the noise", st->undecided ? step_undecided_words(st->no_level, STEP_WORDS_BRIEF) : "",
			st->undecided ? ")" : "", d1, d2, sb.buf);
	strbuf_reset(&sb);
	if (step_outside_text(&sb, &w->series, st, 1))
		fprintf(fp, "- **nearest %s outside the span**: %s %s\n", st->outside.drift ? "drift" : "step", sb.buf,
			format_day(d1, w->date));
	strbuf_reset(&sb);
	if (window_date_pair_text(&sb, w, 1))
		fprintf(fp, "- **set aside** at %s: %s\n", format_day(d1, w->date), sb.buf);
	strbuf_release(&sb);
}

void window_markdown_names(struct strbuf *sb, const char **names, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		strbuf_addstr(sb, i ? ", " : "");
		markdown_escape(sb, names[i]);
	}
}

/* "- **kernel list changed** on <day>: <n> left: a, b; <n> joined: c; the plain geomean moves ..." */
static void set_change_item(FILE *fp, const struct window *w)
{
	const struct kernel_set_change *c = &w->set_change;
	struct strbuf sb = STRBUF_INIT;
	char day[16];

	if (!c->index)
		return;
	strbuf_addf(&sb, "- **kernel list changed** on %s:",
		    format_day(day, w->series.points[c->index].run->time));
	if (c->nr_gone) {
		strbuf_addf(&sb, " %zu left the list: ", c->nr_gone);
		window_markdown_names(&sb, c->gone, c->nr_gone);
		strbuf_addch(&sb, ';');
	}
	if (c->nr_added) {
		strbuf_addf(&sb, " %zu joined the list: ", c->nr_added);
		window_markdown_names(&sb, c->added, c->nr_added);
		strbuf_addch(&sb, ';');
	}
	strbuf_addf(&sb, " the plain geomean moves %+.1f%%", number_tidy(c->plain_change_pct, 1));
	if (isnan(c->common_change_pct))
		strbuf_addstr(&sb, ", no kernel ran on both nights\n");
	else
		strbuf_addf(&sb, ", the kernels on both nights %+.1f%%\n", number_tidy(c->common_change_pct, 1));
	flush(fp, &sb);
	strbuf_release(&sb);
}

static void end_item(FILE *fp, const char *label, const struct window_end *e, const char *link_base)
{
	struct strbuf sb = STRBUF_INIT;
	char when[32];

	strbuf_addf(&sb, "- **%s**: ", label);
	if (e->resolved)
		window_markdown_sha(&sb, e->sha, link_base);
	else
		window_markdown_sha(&sb, e->point ? e->point->run->sha : "?", NULL);
	if (e->run_id) {
		strbuf_addstr(&sb, " (run ");
		markdown_escape(&sb, e->run_id);
		strbuf_addf(&sb, ", %s)", format_iso_time(when, e->time));
	} else {
		strbuf_addf(&sb, " (%s)", format_iso_time(when, e->time));
	}
	if (!e->resolved)
		strbuf_addstr(&sb, e->not_commit ? ", not a commit" : ", not in this repository");
	strbuf_addch(&sb, '\n');
	flush(fp, &sb);
	strbuf_release(&sb);
}

void window_markdown_ends(FILE *fp, const struct window *w, const char *link_base)
{
	if (!w->last_good.point && !w->last_good.resolved)
		return;
	end_item(fp, "last good", &w->last_good, link_base);
	end_item(fp, "first bad", &w->first_bad, link_base);
}

static void window_item(FILE *fp, const struct window *w)
{
	if (w->not_ancestor)
		fprintf(fp, "- **window**: not listed, last good `%.8s` is not an ancestor of first bad `%.8s`\n",
			w->last_good.sha, w->first_bad.sha);
	else if (!w->listed && (w->last_good.not_commit || w->first_bad.not_commit))
		fputs("- **window**: not listed, an end names no commit\n", fp);
	else if (!w->listed)
		fputs("- **window**: not listed, an end is not in this repository (`git fetch` it)\n", fp);
	else if (w->empty)
		fprintf(fp, "- **window**: empty, both nightlies ran on `%.8s`: no code change lies between them\n",
			w->first_bad.sha);
	else
		fprintf(fp, "- **window**: %zu first-parent commit%s in `%.8s..%.8s`, %zu in the slice\n",
			w->nr_commits, w->nr_commits == 1 ? "" : "s", w->last_good.sha,
			w->first_bad.sha, w->nr_slice);
}

void window_markdown_sparse(struct strbuf *sb, const struct series *s, size_t last_good, size_t index,
			    const struct sparse_kernel *k)
{
	char good[16], since[16];

	markdown_escape(sb, k->kernel);
	strbuf_addf(sb, " was not measured on the last good nightly (%s): its %+.1f%% since its last measurement on %s belongs to the wider window ",
		    format_day(good, s->points[last_good].run->time), number_tidy(k->change_pct, 1),
		    format_day(since, s->points[k->since].run->time));
	window_markdown_sha(sb, s->points[k->since].run->sha, NULL);
	strbuf_addstr(sb, "..");
	window_markdown_sha(sb, s->points[index].run->sha, NULL);
}

/* The sparse kernels whose move distorts the window (none when --good chose it). */
static void sparse_items(FILE *fp, const struct window *w)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; w->last_good.point && i < w->nr_sparse; i++) {
		if (!sparse_kernel_matters(&w->sparse[i], w->step.noise_multiple, w->step.min_change))
			continue;
		strbuf_addstr(&sb, "- **sparse kernel**: ");
		window_markdown_sparse(&sb, &w->series, w->step.last_good, w->step.index, &w->sparse[i]);
		strbuf_addch(&sb, '\n');
		flush(fp, &sb);
	}
	strbuf_release(&sb);
}

static void cell_value(FILE *fp, double v, int decimals)
{
	if (isnan(v))
		fputs(" – |", fp);
	else
		fprintf(fp, " %.*f |", decimals, v);
}

/* The note cell: the step's ends, a kernel-set change, a run that is not a nightly. */
static void point_notes(FILE *fp, const struct window *w, size_t i)
{
	const struct series_point *p = &w->series.points[i];
	const char *sep = "";

	if (w->step.index > 0 && i == w->step.index)
		fputs("**first bad**", fp), sep = ", ";
	else if (w->step.index > 0 && i == w->step.last_good)
		fputs("last good", fp), sep = ", ";
	if (p->kernel_set_changed)
		fprintf(fp, "%skernel set changed", sep), sep = ", ";
	if (!dash_entry_counts(p->run, 0))
		fprintf(fp, "%smanual run", sep);
}

void window_markdown_series(FILE *fp, const struct window *w)
{
	const struct series *s = &w->series;
	struct strbuf sb = STRBUF_INIT;

	if (!s->nr || w->end_shown <= w->first_shown)
		return;
	if (s->kernel) {
		strbuf_addstr(&sb, "Nightly helion speedup of ");
		markdown_escape(&sb, s->kernel);
		strbuf_addstr(&sb, ":\n\n");
	} else {
		strbuf_addf(&sb, "Nightly helion speedup, %s:\n\n", window_kernels_caption(w, 1));
	}
	strbuf_addstr(&sb, "| date | sha | helion | triton | torch_compile | latency (ms) | change | kernels | |\n"
		      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
	flush(fp, &sb);
	for (size_t i = w->first_shown; i < w->end_shown; i++) {
		const struct series_point *p = &s->points[i];
		double prev = i ? s->points[i - 1].value[METRIC_HELION] : NAN;
		double now = p->value[METRIC_HELION];
		char day[16];

		strbuf_addf(&sb, "| %s | ", format_day(day, p->run->time));
		window_markdown_sha(&sb, p->run->sha, NULL);
		strbuf_addstr(&sb, " |");
		flush(fp, &sb);
		cell_value(fp, now, 3);
		cell_value(fp, p->value[METRIC_TRITON], 3);
		cell_value(fp, p->value[METRIC_TORCH_COMPILE], 3);
		cell_value(fp, p->value[METRIC_LATENCY], 4);
		if (isnan(prev) || isnan(now))
			fputs(" |", fp);
		else
			fprintf(fp, " %+.1f%% |", number_tidy(100 * (now / prev - 1), 1));
		fprintf(fp, " %zu | ", p->nr_kernels);
		point_notes(fp, w, i);
		fputs(" |\n", fp);
	}
	fputc('\n', fp);
	strbuf_release(&sb);
}

void window_markdown_commit(FILE *fp, const struct window_commit *c, const char *link_base,
			    const char *label)
{
	struct strbuf sb = STRBUF_INIT;
	char day[16];

	if (!label && window_commit_in_slice(c))
		label = "slice";
	strbuf_addstr(&sb, "- ");
	if (label)
		strbuf_addf(&sb, "**%s** ", label);
	window_markdown_sha(&sb, c->sha, link_base);
	strbuf_addf(&sb, " %s ", format_day(day, (time_t)c->time));
	markdown_escape(&sb, c->subject);
	strbuf_addch(&sb, '\n');
	flush(fp, &sb);
	strbuf_release(&sb);
}

void window_markdown_commits(FILE *fp, const struct window *w, const char *link_base,
			     int only_slice)
{
	struct strbuf sb = STRBUF_INIT;

	if (!w->listed || w->empty || !w->nr_commits)
		return;
	strbuf_addstr(&sb, "Commits in the window, newest first (**slice**: ");
	markdown_code(&sb, w->slice.pattern);
	for (size_t i = 0; i < w->slice.paths.nr; i++) {
		strbuf_addstr(&sb, i ? ", " : " or paths ");
		markdown_code(&sb, w->slice.paths.v[i]);
	}
	strbuf_addstr(&sb, "):\n\n");
	flush(fp, &sb);
	for (size_t i = 0; i < w->nr_commits; i++)
		if (!only_slice || window_commit_in_slice(&w->commits[i]))
			window_markdown_commit(fp, &w->commits[i], link_base, NULL);
	fputc('\n', fp);
	strbuf_release(&sb);
}

void window_markdown(FILE *fp, const struct window *w, struct config *cfg, int only_slice)
{
	char *link_base = config_github_base_url(cfg);

	heading(fp, w);
	step_item(fp, w);
	set_change_item(fp, w);
	window_markdown_ends(fp, w, link_base);
	window_item(fp, w);
	sparse_items(fp, w);
	fputc('\n', fp);
	window_markdown_series(fp, w);
	window_markdown_commits(fp, w, link_base, only_slice);
	free(link_base);
}
