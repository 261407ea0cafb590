#include <math.h>
#include <stdint.h>
#include <string.h>
#include "util/quote.h"
#include "util/usage.h"
#include "util/color.h"
#include "util/date.h"
#include "util/revision.h"
#include "util/number.h"
#include "report/window-wording.h"
#include "report/window-text.h"

static const char *const blocks_utf8[] = { "\u2581", "\u2582", "\u2583", "\u2584",
					   "\u2585", "\u2586", "\u2587", "\u2588" };
static const char *const blocks_ascii[] = { "_", ".", "-", "~", "=", "+", "*", "#" };

/* The hex digits of each hash: window_abbrev_len()'s, 8 when not set. */
static int abbrev(const struct window_print_options *po)
{
	return po->abbrev > 0 ? po->abbrev : 8;
}

/*
 * A dashboard's sha, in yellow: its first abbrev() columns, escaped, cut
 * at a whole character or escape (one that is not hex may hold any
 * text); with pad, padded to that width.
 */
static void print_sha(FILE *fp, const char *sha, int pad, const struct window_print_options *po)
{
	struct strbuf sb = STRBUF_INIT;
	size_t used = strbuf_add_term_cut(&sb, sha, (size_t)abbrev(po));

	fprintf(fp, "%s%s%s%*s", color_on(po->color, COLOR_YELLOW), sb.buf, color_off(po->color),
		pad ? abbrev(po) - (int)used : 0, "");
	strbuf_release(&sb);
}

static void print_sparkline(FILE *fp, const struct window *w, const struct window_print_options *po)
{
	const struct series *s = &w->series;
	const char *const *blocks = po->utf8 ? blocks_utf8 : blocks_ascii;
	double lo = INFINITY, hi = -INFINITY;
	char d1[16], d2[16], low[32], high[32];
	int flat;

	for (size_t i = w->first_shown; i < w->end_shown; i++) {
		double v = s->points[i].value[METRIC_HELION];

		if (isnan(v))
			continue;
		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	/* A range the printed ends do not show (1.370 .. 1.370) is drawn flat, not as noise. */
	snprintf(low, sizeof(low), "%.3f", lo);
	snprintf(high, sizeof(high), "%.3f", hi);
	flat = !strcmp(low, high);
	for (size_t i = w->first_shown; i < w->end_shown; i++) {
		double v = s->points[i].value[METRIC_HELION];
		int level = isnan(v) ? -1 : flat ? 3 : (int)lrint(7 * (v - lo) / (hi - lo));

		if (w->step.index > 0 && i == w->step.index)
			fputs(po->utf8 ? "\u2502" : "|", fp);
		fputs(level < 0 ? " " : blocks[level], fp);
	}
	fprintf(fp, "  %s .. %s", format_day(d1, s->points[w->first_shown].run->time),
		format_day(d2, s->points[w->end_shown - 1].run->time));
	if (isfinite(lo))
		fprintf(fp, ", helion %s .. %s", low, high);
	fputc('\n', fp);
}

static void print_value(FILE *fp, double v, int width, int decimals)
{
	if (isnan(v))
		fprintf(fp, " %*s", width, "-");
	else
		fprintf(fp, " %*.*f", width, decimals, v);
}

void window_print_series(FILE *fp, const struct window *w, const struct window_print_options *po)
{
	const struct series *s = &w->series;

	if (!s->nr || w->end_shown <= w->first_shown)
		return;
	if (s->kernel) {
		fprintf(fp, "%s: %s, nightly helion speedup\n", quote_term(s->platform),
			quote_term(s->kernel));
	} else {
		fprintf(fp, "%s: nightly helion speedup, %s\n", quote_term(s->platform),
			window_kernels_caption(w, 1));
	}
	print_sparkline(fp, w, po);
	fputs("(compile = torch.compile speedup, latency = helion_latency_avg_ms)\n", fp);
	fprintf(fp, "\n  %-10s  %-*s %7s %7s %7s %9s %7s %7s\n", "date", abbrev(po), "sha", "helion",
		"triton", "compile", "latency", "change", "kernels");
	for (size_t i = w->first_shown; i < w->end_shown; i++) {
		const struct series_point *p = &s->points[i];
		const char *mark = w->step.index > 0 && i == w->step.index ? ">" : " ";
		double prev = i ? s->points[i - 1].value[METRIC_HELION] : NAN;
		double now = p->value[METRIC_HELION];
		char day[16], full[GIT_OID_HEXSZ + 1];

		fprintf(fp, "%s %-10s  ", mark, format_day(day, p->run->time));
		print_sha(fp, revision_expand_hex(po->repo, p->run->sha, full), 1, po);
		print_value(fp, now, 7, 3);
		print_value(fp, p->value[METRIC_TRITON], 7, 3);
		print_value(fp, p->value[METRIC_TORCH_COMPILE], 7, 3);
		print_value(fp, p->value[METRIC_LATENCY], 9, 4);
		if (isnan(prev) || isnan(now))
			fprintf(fp, " %7s", "");
		else
			fprintf(fp, " %+6.1f%%", number_tidy(100 * (now / prev - 1), 1));
		fprintf(fp, " %7zu%s\n", p->nr_kernels, p->kernel_set_changed ? " (set changed)" : "");
	}
	fputc('\n', fp);
}

void window_print_names(FILE *fp, const char **names, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		fprintf(fp, "%s%s", i ? ", " : "", quote_term(names[i]));
}

/* "2 kernels left the list: a, b; the plain geomean moves -6.0%, the kernels on both nights +0.1%" */
static void print_set_change(FILE *fp, const struct window *w)
{
	const struct kernel_set_change *c = &w->set_change;
	char day[16];

	if (!c->index)
		return;
	fprintf(fp, "kernel list changed on %s:", format_day(day, w->series.points[c->index].run->time));
	if (c->nr_gone) {
		fprintf(fp, " %zu kernel%s left the list: ", c->nr_gone, c->nr_gone == 1 ? "" : "s");
		window_print_names(fp, c->gone, c->nr_gone);
		fputc(';', fp);
	}
	if (c->nr_added) {
		fprintf(fp, " %zu kernel%s joined the list: ", c->nr_added, c->nr_added == 1 ? "" : "s");
		window_print_names(fp, c->added, c->nr_added);
		fputc(';', fp);
	}
	fprintf(fp, " the plain geomean moves %+.1f%%", number_tidy(c->plain_change_pct, 1));
	if (isnan(c->common_change_pct))
		fputs(", no kernel ran on both nights\n", fp);
	else
		fprintf(fp, ", the kernels on both nights %+.1f%%\n", number_tidy(c->common_change_pct, 1));
}

/* "kernels that step on their own (each over 4.8x its standard error, for 5 kernels): kernel_b -7.5% (...) ..." */
static void print_kernel_steps(FILE *fp, const struct window *w)
{
	struct strbuf sb = STRBUF_INIT;

	if (!w->nr_kernel_steps)
		return;
	window_kernel_steps_text(&sb, w, 0, strbuf_add_term);
	fprintf(fp, "kernels that step on their own (each over %.1fx its standard error, for %zu kernels): %s\n",
		kernel_steps_multiple(w->step.noise_multiple, w->series.nr_rows), w->series.nr_rows, sb.buf);
	strbuf_release(&sb);
}

static void print_step(FILE *fp, const struct window *w, const struct window_print_options *po)
{
	const struct step *st = &w->step;
	const struct series *s = &w->series;
	struct strbuf sb = STRBUF_INIT;
	char d1[16], d2[16], asked[16];
	const char *shown;
	size_t before_bad;

	print_set_change(fp, w);
	print_kernel_steps(fp, w);
	format_day(asked, w->date);
	if (!window_step_days(w, d1, d2)) {
		if (!st->found) {
			window_no_boundary_text(&sb, w, "", "");
			fprintf(fp, "%s\n", sb.buf);
		}
		strbuf_release(&sb);
		return;
	}
	if (st->found)
		window_step_text(&sb, st, color_on(po->color, st->change_pct < 0 ? COLOR_RED : COLOR_GREEN),
				 color_off(po->color), 0);
	else
		window_step_text(&sb, st, "", "", 0);
	/*
	 * With a measured nightly between its ends, the pair shown is a window
	 * (a kernel's, or the levels' when none holds it), not two nightlies
	 * side by side.
	 */
	shown = st->no_level == STEP_NIGHT_IN_DOUBT ||
		(series_measured_before(s, st->first_bad, &before_bad) && before_bad > st->last_good) ?
		"window" : "nightly pair";
	if (st->found)
		fprintf(fp, "%s: %s -> %s, %s\n", st->drift ? "drift" : "step", d1, d2, sb.buf);
	else if (st->undecided)
		fprintf(fp, "undecided near %s: %s -> %s %s: %s; showing that %s\n", asked, d1, d2,
			sb.buf, step_undecided_words(st->no_level, STEP_WORDS_BRIEF), shown);
	else {
		struct strbuf room = STRBUF_INIT;

		/* the kernel's name is the dashboard's: escaped for the terminal */
		if (step_leaves_room(st) && st->open_kernel) {
			strbuf_addstr(&room, ", yet ");
			step_open_kernel_words(&room, quote_term(st->open_kernel), st->open_kernel_pct,
					       st->open_kernel_z, st->nr_open_kernels, st->open_geomean_pct);
		} else if (step_leaves_room(st))
			strbuf_addf(&room, ", yet the noise%s leaves room for a move of up to %.1f%%",
				    isnan(st->state_noise_pct) ? "" : " within a machine state", step_bound_pct(st));
		else if (step_states_rule_out(st))
			strbuf_addf(&room, ", and the noise within a machine state (%.1f%% a night) rules out "
				    "a move of %.1f%%", st->state_noise_pct, st->min_change);
		fprintf(fp, "no step beyond the noise near %s: %s -> %s %s%s; showing that %s\n",
			asked, d1, d2, sb.buf, room.buf, shown);
		strbuf_release(&room);
		strbuf_reset(&sb);
		if (step_outside_text(&sb, s, st, 0))
			fprintf(fp, "nearest %s outside the span: %s %s\n", st->outside.drift ? "drift" : "step", sb.buf,
				asked);
	}
	for (size_t i = 0; i < st->nr_other; i++)
		fprintf(fp, "another step in the span: %s -> %s, %+.1f%%, %.1fx the noise\n",
			format_day(d1, s->points[st->other[i].index - 1].run->time),
			format_day(d2, s->points[st->other[i].index].run->time),
			number_tidy(st->other[i].change_pct, 1), st->other[i].score);
	strbuf_reset(&sb);
	if (window_date_pair_text(&sb, w, 0))
		fprintf(fp, "set aside at %s: %s\n", asked, sb.buf);
	strbuf_release(&sb);
}

static void print_end(FILE *fp, const char *label, const struct window_end *e,
		      const struct window_print_options *po)
{
	char when[32];

	fprintf(fp, "%s: ", label);
	print_sha(fp, e->resolved ? e->sha : e->point ? e->point->run->sha : "?", 0, po);
	if (e->run_id)
		fprintf(fp, " (run %s, %s)", quote_term(e->run_id), format_iso_time(when, e->time));
	else
		fprintf(fp, " (%s)", format_iso_time(when, e->time));
	fputs(e->resolved ? "\n" : e->not_commit ? ", not a commit\n" : ", not in this repository\n", fp);
}

void window_print_ends(FILE *fp, const struct window *w, const struct window_print_options *po)
{
	if (!w->last_good.point && !w->last_good.resolved)
		return;
	print_end(fp, "last good", &w->last_good, po);
	print_end(fp, "first bad", &w->first_bad, po);
}

void window_print_commit(FILE *fp, const struct window_commit *c, const struct window_print_options *po)
{
	int in = window_commit_in_slice(c);
	char day[16];

	fprintf(fp, "%s%s%s %s%.*s%s %s %s\n", color_on(po->color && in, COLOR_BOLD),
		in ? "*" : " ", color_off(po->color && in), color_on(po->color, COLOR_YELLOW),
		abbrev(po), c->sha, color_off(po->color), format_day(day, (time_t)c->time),
		quote_term(c->subject));
}

static void print_commits(FILE *fp, const struct window *w, const struct window_print_options *po)
{
	if (w->not_ancestor) {
		fprintf(fp, "\nno window: last good %.*s is not an ancestor of first bad %.*s\n",
			abbrev(po), w->last_good.sha, abbrev(po), w->first_bad.sha);
		return;
	}
	if (!w->listed)
		return;
	if (w->empty) {
		fprintf(fp, "\nempty window: both nightlies ran on %.*s, so no code change lies between them\n",
			abbrev(po), w->first_bad.sha);
		return;
	}
	/* The pattern and paths are the user's or the configuration's, or derive from the platform name. */
	fprintf(fp, "\nfirst-parent commits in %.*s..%.*s, newest first (* = slice %s",
		abbrev(po), w->last_good.sha, abbrev(po), w->first_bad.sha, quote_term(w->slice.pattern));
	for (size_t i = 0; i < w->slice.paths.nr; i++)
		fprintf(fp, "%s%s", i ? ", " : " or paths ", quote_term(w->slice.paths.v[i]));
	fputs("):\n", fp);
	for (size_t i = 0; i < w->nr_commits; i++)
		if (!po->only_slice || window_commit_in_slice(&w->commits[i]))
			window_print_commit(fp, &w->commits[i], po);
	fprintf(fp, "%zu commit%s, %zu in the slice\n", w->nr_commits,
		w->nr_commits == 1 ? "" : "s", w->nr_slice);
}

void window_print(FILE *fp, const struct window *w, const struct window_print_options *po)
{
	window_print_series(fp, w, po);
	print_step(fp, w, po);
	window_print_ends(fp, w, po);
	print_commits(fp, w, po);
}
