#ifndef HISTORY_STEP_H
#define HISTORY_STEP_H

#include "history/series.h"

/*
 * Where a platform's series steps: the boundary between two nightlies
 * where the level moves beyond the series' own noise.
 *
 * The decision (one, shared by git-benchwindow and git-benchbisect):
 * one-night spikes (a nightly 5 noise units beyond both neighbours, the
 * same way, and by a third of the larger gap) are set aside; then the
 * nightlies within 2 * span + 1 days of the date are cut into levels by a
 * penalised segmentation (L1 cost: each night's distance from its level's
 * median in noise units, penalty 3 ln n a cut; a level spans two
 * nightlies at least, so one wild night cannot buy a level of its own,
 * and it moves no median). A cut is a step when the medians of the
 * levels either side differ by at least noise_multiple times the noise
 * and min_change percent. Two opposite cuts at most STEP_REVERT_NIGHTS
 * apart whose outer levels do not differ that much are a dip that
 * reverts, not a step. Of the steps whose first bad nightly lies within
 * span days of the date, the nearest wins; the others are listed.
 */
#define STEP_REVERT_NIGHTS 3
#define STEP_MAX_OTHER 8
#define STEP_NOISE_MULTIPLE 3.0	/* default noise_multiple */
#define STEP_MIN_CHANGE 2.0	/* default min_change, percent */

/* Another significant step within the span (not the one reported). */
struct other_step {
	size_t index;		/* its first bad nightly */
	double change_pct;
	double score;
};

struct step {
	int found;		/* a step passed the decision; else index (when > 0)
				   is the boundary at the date, shown for reference */
	size_t index;		/* first_bad = points[index], last_good = points[index - 1] */
	double before;		/* median helion level of the nr_before nightlies before */
	double after;		/* median helion level of the nr_after nightlies after */
	double change_pct;	/* 100 * (after / before - 1) */
	double noise_pct;	/* series_noise() in percent */
	double score;		/* |log change| / noise */
	int persistent;		/* the nightlies after stay at the new level */
	size_t nr_after;	/* nightlies after the step that the verdict rests on */
	size_t nr_before;	/* nightlies before it */
	double noise_multiple;	/* the decision's thresholds, as applied */
	double min_change;
	const char *reason;	/* when !found: why, e.g. "under 3x the noise"; static */
	struct other_step other[STEP_MAX_OTHER];	/* other steps in the span, by date */
	size_t nr_other;
};

struct step_options {
	time_t date;		/* the user's date */
	int span_days;		/* look this many days each side */
	double noise_multiple;	/* 0: STEP_NOISE_MULTIPLE */
	double min_change;	/* percent (0: none); negative: STEP_MIN_CHANGE */
	size_t fallback;	/* without a step, the boundary to show; 0: the
				   first nightly on or after the date */
};

/*
 * 1 when a level change of change_pct percent, with the series' noise at
 * noise_pct percent, is a step: the significance decision above. When
 * reason is not NULL it is set to why not (a static string).
 */
int step_significant(double change_pct, double noise_pct, double noise_multiple,
		     double min_change, const char **reason);

/*
 * Find the step nearest opts->date (see above). A date outside the series
 * prints an error naming the series' range and returns -1. Without a
 * step, found stays 0 and index is opts->fallback or else the first
 * nightly on or after the date (when there is one), with its levels for
 * reference.
 */
int series_find_step(const struct series *s, const struct step_options *opts, struct step *out);

/*
 * The same with the series' noise given (100 * series_noise(s,
 * METRIC_HELION)), for a caller asking about many dates of one series.
 */
int series_find_step_noise(const struct series *s, const struct step_options *opts, double noise_pct,
			   struct step *out);

/*
 * The nightlies a boundary at index rests on: points[*lo .. *hi), those
 * within span days before (plus the night of the step) and after it.
 */
void series_step_range(const struct series *s, size_t index, int span_days, size_t *lo, size_t *hi);

/* Fill out for the boundary at index (for --good/--bad given by the user). */
void series_step_at(const struct series *s, size_t index, const struct step_options *opts,
		    struct step *out);

#endif
