#ifndef HISTORY_STEP_H
#define HISTORY_STEP_H

#include "history/levels.h"
#include "util/strbuf.h"

/*
 * Where a platform's series steps: the boundary between two nightlies
 * where the level moves beyond what the series' noise explains.
 *
 * The decision (one, shared by git-benchwindow, git-benchbisect and both
 * scans; docs/step-detection.md): the nightlies within 2 * span + 1 days of
 * the date are cut into levels (levels.h: log values with the weekly
 * pattern removed, one-night spikes set aside, a penalised segmentation).
 * A cut is a step when the levels either side differ by at least
 * noise_multiple standard errors of their difference (the within-level
 * spread over the square root of each level's nightlies: every night of
 * a level is evidence) and the largest move the data allow reaches
 * min_change percent. Two opposite cuts at most LEVELS_REVERT_NIGHTS apart
 * whose outer levels are not a step apart are a dip that reverts. A move
 * spread over several nightlies that a straight ramp explains better than
 * steps is a drift: its window runs from the last nightly before it to
 * the first at the new level. Of the steps whose window lies within span
 * days of the date, the nearest wins; the others are listed.
 */
#define STEP_MAX_OTHER 8
#define STEP_NOISE_MULTIPLE 3.0	/* default noise_multiple: standard errors */
#define STEP_MIN_CHANGE 2.0	/* default min_change, percent */
/* A move this many times one night's noise is placed on its night surely. */
#define STEP_SURE_SCORE 5.0
/*
 * A step with no nightly pair (index 0: --good and --bad beside a date
 * with no nightly before it within the span): the reason the reports give,
 * and what it means for the levels.
 */
#define STEP_NO_BOUNDARY_NEAR "no nightly boundary near"	/* the date follows */
#define STEP_NO_BOUNDARY STEP_NO_BOUNDARY_NEAR " the date"
#define STEP_NO_BOUNDARY_MEANS "no nightly pair, so no level was measured"

/* Another significant step within the span (not the one reported). */
struct other_step {
	size_t index;		/* its first bad nightly */
	double change_pct;
	double score;
};

/*
 * Without a step near the date (neither found nor undecided), the step
 * nearest the date outside the span (step_options.look_outside), its first
 * bad nightly at most 2 * span + 1 days from the date, as a query on its
 * own day answers: points[last_good] -> points[first_bad] (a drift's whole
 * ramp), its move and that move in nights' noise; first_bad 0: none. A
 * step a few days outside the span is no step of the date's, but the
 * answer names it: asked two days after a drift, the nightlies searched
 * may cut it as a sharp step a week before the date (bench/step-rates
 * drift 15705718).
 */
struct step_outside {
	size_t last_good, first_bad;
	double change_pct;
	double score;
	long days;	/* from the date to first_bad: negative before it */
	int drift;
};

/*
 * Why an undecided move is undecided when its own nightly pair clears the
 * bar: no level holds it (so the pair is no step, nor ruled out), on
 * either side or because the series ends one nightly past it.
 */
enum step_no_level {
	STEP_LEVELS_HOLD,	/* not so: the move itself is under the bar, or a step */
	STEP_NO_LEVEL,		/* no level holds on either side */
	STEP_NO_LEVEL_AFTER,	/* one nightly after it, the series' newest */
	STEP_NO_LEVEL_BEFORE,	/* one nightly before it, the series' first */
	STEP_NIGHT_IN_DOUBT,	/* a step under machine states, its night in doubt out past the span */
};

struct step {
	int found;		/* a step (or drift) passed the decision; else index (when
				   > 0) is the boundary at the date, shown for reference */
	size_t index;		/* the step's first bad nightly = points[index] */
	size_t first_bad;	/* the window's: index, or the nightly after when
				   index's own could still be at the level before */
	size_t last_good;	/* last good = points[last_good]: index - 1, or one
				   nightly earlier when the nightly between could
				   be on either side (or is a spike left out), or
				   the nightly before a drift, or the last one
				   with a helion speedup before a pair shown */
	double before;		/* the level of the nr_before nightlies before */
	double after;		/* the level of the nr_after nightlies after */
	double change_pct;	/* 100 * (after / before - 1) */
	double noise_pct;	/* one night's noise (noise.h) in percent */
	double score;		/* |log change| / one night's noise */
	double se_pct;		/* the standard error of the change, percent */
	/*
	 * The standard error the move's room is measured in (step_bound_pct()):
	 * se_pct, but where machine states were folded out of the nightlies,
	 * that of the noise within a state, state_noise_pct a night (NAN
	 * where none were folded; levels.h).
	 */
	double room_se_pct;
	double state_noise_pct;
	/*
	 * Where the noise within a machine state would rule the move out
	 * (step_states_rule_out()), the kernels that keep it open
	 * (step_open_by_kernel(), kernel-steps.h; room_se_pct is then
	 * se_pct): the strongest of them, its own move and that move in its
	 * standard errors (NULL: none; points into the series' kernel
	 * names), how many moved that way, and their moves summed over the
	 * platform's kernels, the geomean's part.
	 */
	const char *open_kernel;
	double open_kernel_pct, open_kernel_z;
	size_t nr_open_kernels;
	double open_geomean_pct;
	double z;		/* |log change| / its standard error: the decision's */
	int undecided;		/* !found, but the evidence does not rule a step out */
	enum step_no_level no_level;	/* undecided: whether the pair clears the bar and why
					 * no level holds it */
	int drift;		/* the move is a drift over points[last_good + 1 .. index] */
	int persistent;		/* the nightlies after stay at the new level */
	size_t nr_after;	/* nightlies after the step that the verdict rests on */
	size_t nr_before;	/* nightlies before it */
	/*
	 * !found, the pair starts or ends a dip that reverts (levels.h):
	 * points[dip_from .. dip_to) are its dip_nights nightlies off the
	 * level, points[dip_to] the first back; one side of the pair is the
	 * dip's level. dip_nights 0: no dip.
	 */
	size_t dip_from, dip_to, dip_nights;
	/*
	 * A sharp step's nightly between last good and first bad that lies
	 * off both levels (points[halfway]), not merely near the other one:
	 * the move may be two changes a night apart; 0: none. halfway_value
	 * is its value as the levels see it, comparable with before and
	 * after: the weekly pattern (noise.h) and a machine state's offset
	 * (levels.h) taken out, as they are of the levels.
	 */
	size_t halfway;
	double halfway_value;
	double noise_multiple;	/* the decision's thresholds, as applied */
	double min_change;
	const char *reason;	/* when !found: why, e.g. "under the noise multiple"; static */
	struct other_step other[STEP_MAX_OTHER];	/* other steps in the span, by date */
	size_t nr_other;
	struct step_outside outside;
};

struct step_options {
	time_t date;		/* the user's date */
	int span_days;		/* look this many days each side */
	double noise_multiple;	/* 0: STEP_NOISE_MULTIPLE */
	double min_change;	/* percent (0: none); negative: STEP_MIN_CHANGE */
	size_t fallback;	/* without a step, the boundary to show; 0: the
				   first nightly on or after the date */
	int sharp_only;		/* no drifts: sharp steps only (a kernel's own series) */
	/*
	 * Without a step near the date, ask the cut nearest it outside the
	 * span on its own day: where that answer is a step within the span
	 * after all, it is the answer; else it is named (step_outside). Set
	 * for a platform's query and each date of a scan; not for a kernel's
	 * own series (its noise multiple is set for one search a kernel),
	 * nor for that question itself.
	 */
	int look_outside;
};

/*
 * 1 when a move of change_pct percent measured over one nightly pair,
 * with one night's noise at noise_pct percent, clears noise_multiple
 * times the noise and min_change percent: the test of a single pair
 * (a sparse kernel's move, another platform's over the step's pair).
 * When reason is not NULL it is set to why not (a static string).
 */
int step_significant(double change_pct, double noise_pct, double noise_multiple,
		     double min_change, const char **reason);

/*
 * Of an undecided move, by why it is undecided (no_level; STEP_LEVELS_HOLD:
 * a weak step), what would settle it; static. STEP_WORDS_BRIEF, as
 * benchwindow's reports say it, with the kind of doubt first: "no level
 * holds it, neither shown nor ruled out; later nightlies will tell";
 * STEP_WORDS_FULL, as benchbisect's verdict ends: "more nightlies would
 * settle it".
 */
enum step_words {
	STEP_WORDS_BRIEF,
	STEP_WORDS_FULL,
};
const char *step_undecided_words(enum step_no_level no_level, enum step_words style);

/*
 * How an undecided move's line names the bar, before "3.0x and 2.0%":
 * "a step needs" (a weak step), "it clears" (a step whose night is in
 * doubt), or "the pair clears" (no level holds it); static.
 */
const char *step_bar_words(enum step_no_level no_level);

/*
 * The largest move st's change allows: levels_bound_pct() of change_pct
 * and room_se_pct.
 */
double step_bound_pct(const struct step *st);

/*
 * 1 when st found no step, neither an undecided one nor a dip, yet the
 * largest move its change allows (step_bound_pct()) reaches
 * st->min_change: no step beyond the noise, but the noise leaves room
 * for one worth finding.
 */
int step_leaves_room(const struct step *st);

/*
 * 1 when st leaves no such room (step_leaves_room() 0) only because
 * machine states were folded out of the nightlies: of the noise that
 * counts every jump between the states (se_pct), the room would reach
 * st->min_change; of the noise within a state (room_se_pct), it does not.
 */
int step_states_rule_out(const struct step *st);

/*
 * Of a pair that starts or ends a dip (st->dip_nights), why it is no step,
 * into sb: "a dip that reverts: back at the level before after 2
 * nightlies", or for its end "...: back at the level before, after 2
 * nightlies off it".
 */
void step_dip_text(struct strbuf *sb, const struct step *st);

/*
 * The nearest step (or drift: st->outside.drift) outside the span
 * (step_outside), into sb: "2026-02-01 -> 2026-02-03, -4.2%, 4.1x the
 * noise, 8 days before" (rich: "\u2192" and "\u00d7", as the Markdown
 * report and the chart word it), of the date asked. Returns 0, writing
 * nothing, when there is none.
 */
int step_outside_text(struct strbuf *sb, const struct series *s, const struct step *st, int rich);

/*
 * The kernels that keep a move open (struct step's open_kernel) into sb:
 * "kernel_c moved -6.1% beside it, 18.8x its standard error", or for
 * more than one, "kernel_a and 1 more kernel moved beside it, -2.2% of
 * the geomean together (kernel_a -5.4%, 3.0x its standard error)".
 */
void step_open_kernel_words(struct strbuf *sb, const char *kernel, double pct, double z, size_t nr,
			    double geomean_pct);

/*
 * Find the step nearest opts->date (see above). A date outside the series
 * prints an error naming the series' range and returns -1. Without a
 * step, found stays 0 and index is opts->fallback or else the first
 * nightly on or after the date (when there is one), with its levels for
 * reference.
 */
int series_find_step(const struct series *s, const struct step_options *opts, struct step *out);

/*
 * The nightly pair at opts->date (the first nightly on or after it, within
 * the span) when it starts or ends an excursion that reverts, a one-night
 * spike or a dip, that the answer st (the step or pair reported) set
 * aside: out describes it as series_find_step() describes such a pair
 * with no step near (found 0, dip_nights > 0) and 1 is returned. Else
 * (st's window holds the pair, or it is no excursion) out is zeroed and
 * 0 returned.
 */
int series_excursion_at(const struct series *s, const struct step_options *opts, const struct step *st,
			struct step *out);

/*
 * The same with the series' noise model given (series_noise_model(s,
 * METRIC_HELION)), for a caller asking about many dates of one series.
 */
int series_find_step_model(const struct series *s, const struct step_options *opts,
			   const struct noise_model *nm, struct step *out);

/*
 * The nightlies a boundary at index rests on: points[*lo .. *hi), those
 * within span days up to the last nightly before index, however long ago
 * it ran, and from index.
 */
void series_step_range(const struct series *s, size_t index, int span_days, size_t *lo, size_t *hi);

/*
 * Narrow points[*lo .. *hi), nightlies around st's boundary, to st's own
 * levels: the nr_before nightlies before st->index and the nr_after from
 * it, so that a level beyond a neighbouring step is no part of st's move.
 * A side with no level (nr_before or nr_after 0: its test had "no level
 * on one side", so st is no step) is left as it is: levels hold only the
 * nightlies with a helion speedup, and the other timers of the span's
 * nightlies there are still evidence, which narrowing to nothing would
 * read as no data. A found sharp step has both levels. A drift and a dip
 * are left as they are too: their levels do not meet at st->index.
 */
void step_levels_range(const struct step *st, size_t *lo, size_t *hi);

/*
 * Fill out for the boundary at index. bounded: judged between the levels
 * either side of it, each ending at the nearest other step (a pair the
 * user names with --good/--bad may lie anywhere); else over the span's
 * nightlies either side (a boundary no other step is near, such as a
 * kernel's own step).
 */
void series_step_at(const struct series *s, size_t index, const struct step_options *opts, int bounded,
		    struct step *out);

#endif
