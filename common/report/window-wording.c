#include <stdint.h>
#include <stdio.h>
#include "util/date.h"
#include "util/number.h"
#include "report/window-wording.h"

char *window_date_text(const struct window *w, char buf[32])
{
	return w->date_is_day ? format_day(buf, w->date) : format_iso_time(buf, w->date);
}

int window_step_days(const struct window *w, char d1[16], char d2[16])
{
	if (w->step.index == 0)
		return 0;
	format_day(d1, w->series.points[w->step.last_good].run->time);
	format_day(d2, w->series.points[w->step.first_bad].run->time);
	return 1;
}

void window_no_boundary_text(struct strbuf *sb, const struct window *w, const char *mark,
			     const char *unmark)
{
	char asked[16];

	strbuf_addf(sb, "%s" STEP_NO_BOUNDARY_NEAR "%s %s: " STEP_NO_BOUNDARY_MEANS, mark, unmark,
		    format_day(asked, w->date));
}

const char *window_step_persistence(const struct step *st)
{
	if (st->drift)
		return "a gradual move: the window spans it";
	return st->persistent ? "persistent" :
		st->nr_after < 2 ? "too few nightlies after it to tell if it persists" : "reverts";
}

const char *window_step_kind(const struct step *st)
{
	return st->found ? (st->drift ? "drift" : "step") : st->undecided ? "undecided" : "no step";
}

/* "levels of 8 and 9 nightlies", or where a side holds one, "levels of 7 nightlies and 1 nightly". */
static void levels_text(struct strbuf *sb, size_t before, size_t after)
{
	if (before == 1 || after == 1)
		strbuf_addf(sb, "levels of %zu nightl%s and %zu nightl%s", before, before == 1 ? "y" : "ies",
			    after, after == 1 ? "y" : "ies");
	else
		strbuf_addf(sb, "levels of %zu and %zu nightlies", before, after);
}

void window_step_text(struct strbuf *sb, const struct step *st, const char *mark,
		      const char *unmark, int rich)
{
	const char *x = rich ? "\u00d7" : "x", *to = rich ? "\u2192" : "->";

	if (!st->found) {
		strbuf_addf(sb, "moves %s%+.1f%%%s \u00b1 %.1f%%", mark, number_tidy(st->change_pct, 1), unmark,
			    st->se_pct);
		/*
		 * The move of the levels either side, not of the pair the
		 * table's change column shows: say which, as a step does.
		 */
		if (!st->dip_nights && (st->no_level == STEP_LEVELS_HOLD || st->no_level == STEP_NIGHT_IN_DOUBT) &&
		    st->nr_before && st->nr_after) {
			strbuf_addstr(sb, " (");
			levels_text(sb, st->nr_before, st->nr_after);
			strbuf_addch(sb, ')');
		}
		strbuf_addf(sb, ", %.1f%s its standard error (noise %.1f%% a night), ", st->z, x, st->noise_pct);
		if (st->dip_nights)
			step_dip_text(sb, st);
		else
			strbuf_addf(sb, "%s (%s %.1f%s and %.1f%%)", st->reason ? st->reason : "not a step",
				    step_bar_words(st->no_level), st->noise_multiple, x, st->min_change);
		return;
	}
	if (st->drift)
		strbuf_addf(sb, "over %zu nightlies, ", st->index - st->last_good);
	strbuf_addf(sb, "helion %.3f %s %.3f (%s%+.1f%%%s \u00b1 %.1f%%; ", st->before, to, st->after, mark,
		    number_tidy(st->change_pct, 1), unmark, st->se_pct);
	levels_text(sb, st->nr_before, st->nr_after);
	strbuf_addf(sb, "), %.1f%s its standard error (noise %.1f%% a night), %s", st->z, x, st->noise_pct,
		    window_step_persistence(st));
	if (!st->drift && st->first_bad == st->last_good + 2 && st->halfway)
		strbuf_addstr(sb, "; 1 nightly between lies off both levels: the window may hold two changes");
	else if (!st->drift && st->first_bad > st->last_good + 1)
		strbuf_addf(sb, "; %zu nightl%s between could be on either side%s", st->first_bad - st->last_good - 1,
			    st->first_bad - st->last_good == 2 ? "y" : "ies",
			    st->halfway ? ", one off both levels: the window may hold two changes" : "");
}

int window_date_pair_text(struct strbuf *sb, const struct window *w, int rich)
{
	const struct step *st = &w->date_pair;
	char d1[16], d2[16];

	if (!st->dip_nights)
		return 0;
	strbuf_addf(sb, "%s %s %s ", format_day(d1, w->series.points[st->last_good].run->time),
		    rich ? "\u2192" : "->", format_day(d2, w->series.points[st->index].run->time));
	window_step_text(sb, st, "", "", rich);
	return 1;
}

void window_kernel_steps_text(struct strbuf *sb, const struct window *w, int rich,
			      void (*escape)(struct strbuf *, const char *))
{
	const struct series *s = &w->series;
	const char *x = rich ? "\u00d7" : "x", *to = rich ? "\u2192" : "->";
	char d1[16], d2[16];

	for (size_t i = 0; i < w->nr_kernel_steps; i++) {
		const struct kernel_step *k = &w->kernel_steps[i];

		strbuf_addstr(sb, i ? ", " : "");
		escape(sb, k->kernel);
		strbuf_addf(sb, " %+.1f%% \u00b1 %.1f%% (%.1f%s its standard error, its noise %.1f%% a night) %s %s %s",
			    number_tidy(k->change_pct, 1), k->se_pct, k->z, x, k->noise_pct,
			    format_day(d1, s->points[k->last_good].run->time), to,
			    format_day(d2, s->points[k->first_bad].run->time));
	}
}

void window_kernels_shown(const struct window *w, size_t *lo, size_t *hi)
{
	*lo = SIZE_MAX;
	*hi = 0;
	for (size_t i = w->first_shown; i < w->end_shown; i++) {
		size_t n = w->series.points[i].nr_kernels;

		*lo = n < *lo ? n : *lo;
		*hi = n > *hi ? n : *hi;
	}
	if (*lo > *hi)
		*lo = *hi;
}

const char *window_kernels_caption(const struct window *w, int note)
{
	static char buf[128];
	size_t lo, hi;

	window_kernels_shown(w, &lo, &hi);
	if (lo == hi)
		snprintf(buf, sizeof(buf), "geomean over %zu kernel%s", hi, hi == 1 ? "" : "s");
	else
		snprintf(buf, sizeof(buf), "geomean over %zu-%zu kernels%s", lo, hi,
			 note ? " (chain-linked: a kernel joining or leaving does not move it)" : "");
	return buf;
}
