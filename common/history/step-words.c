/*
 * What a step says (step.h): the words of an undecided move, of a kernel
 * that moved beside a pair, of a dip and of the nearest step outside the
 * span, and what a pair without a step leaves room for.
 */
#include <stdlib.h>
#include "util/date.h"
#include "util/strbuf.h"
#include "util/number.h"
#include "history/step.h"

const char *step_undecided_words(enum step_no_level no_level, enum step_words style)
{
	static const char *const words[][2] = {
		[STEP_LEVELS_HOLD] = {
			"a weak step, neither shown nor ruled out; later nightlies will tell",
			"more nightlies after it would settle it (they shrink the standard error), or a lower "
			"--noise-multiple would accept it, at the price of more false steps",
		},
		[STEP_NO_LEVEL] = {
			"no level holds it, neither shown nor ruled out; later nightlies will tell",
			"more nightlies would settle it",
		},
		[STEP_NO_LEVEL_AFTER] = {
			"no level holds it yet, neither shown nor ruled out; the next nightlies will tell",
			"the next nightlies will settle it",
		},
		[STEP_NO_LEVEL_BEFORE] = {
			"no level holds it, neither shown nor ruled out; the series starts one nightly before it, "
			"so only an older record would tell",
			"the series starts one nightly before it, so nothing here settles it (a dashboard that "
			"reaches further back would)",
		},
		[STEP_NIGHT_IN_DOUBT] = {
			"a step, but the machine states leave its night anywhere in this window; a bisection of "
			"the window (run) would place it",
			"a bisection of the window (run) would place it",
		},
	};

	return words[no_level][style];
}

const char *step_bar_words(enum step_no_level no_level)
{
	return no_level == STEP_LEVELS_HOLD ? "a step needs" : no_level == STEP_NIGHT_IN_DOUBT ? "it clears" :
		"the pair clears";
}

double step_bound_pct(const struct step *st)
{
	return levels_bound_pct(st->change_pct, st->room_se_pct);
}

static int no_step_at_pair(const struct step *st)
{
	return st->index && !st->found && !st->undecided && !st->dip_nights;
}

int step_leaves_room(const struct step *st)
{
	return no_step_at_pair(st) && step_bound_pct(st) >= st->min_change;
}

int step_states_rule_out(const struct step *st)
{
	return no_step_at_pair(st) && step_bound_pct(st) < st->min_change &&
		levels_bound_pct(st->change_pct, st->se_pct) >= st->min_change;
}

void step_open_kernel_words(struct strbuf *sb, const char *kernel, double pct, double z, size_t nr,
			    double geomean_pct)
{
	if (nr > 1)
		strbuf_addf(sb, "%s and %zu more kernel%s moved beside it, %+.1f%% of the geomean together "
			    "(%s %+.1f%%, %.1fx its standard error)", kernel, nr - 1, nr > 2 ? "s" : "",
			    number_tidy(geomean_pct, 1), kernel, number_tidy(pct, 1), z);
	else
		strbuf_addf(sb, "%s moved %+.1f%% beside it, %.1fx its standard error", kernel,
			    number_tidy(pct, 1), z);
}

void step_dip_text(struct strbuf *sb, const struct step *st)
{
	strbuf_addf(sb, "%s: back at the level before%s after %zu nightl%s%s", st->reason,
		    st->index == st->dip_to ? "," : "", st->dip_nights, st->dip_nights == 1 ? "y" : "ies",
		    st->index == st->dip_to ? " off it" : "");
}

int step_outside_text(struct strbuf *sb, const struct series *s, const struct step *st, int rich)
{
	const struct step_outside *o = &st->outside;
	long days = labs(o->days);
	char d1[16], d2[16];

	if (!o->first_bad)
		return 0;
	strbuf_addf(sb, "%s %s %s, %+.1f%%, %.1f%s the noise, %ld day%s %s",
		    format_day(d1, s->points[o->last_good].run->time), rich ? "\u2192" : "->",
		    format_day(d2, s->points[o->first_bad].run->time), number_tidy(o->change_pct, 1), o->score,
		    rich ? "\u00d7" : "x", days, days == 1 ? "" : "s", o->days < 0 ? "before" : "after");
	return 1;
}
