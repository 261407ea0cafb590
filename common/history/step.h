#ifndef HISTORY_STEP_H
#define HISTORY_STEP_H

#include "history/series.h"

/*
 * Where a platform's series steps: the boundary between two nightlies
 * whose level change stands out of the series' own noise.
 */
struct step {
	int found;		/* a step was detected; else index (when > 0) is the
				   boundary at the date, shown for reference */
	size_t index;		/* first_bad = points[index], last_good = points[index - 1] */
	double before;		/* median helion level before */
	double after;		/* median helion level after */
	double change_pct;	/* 100 * (after / before - 1) */
	double noise_pct;	/* series_noise() in percent */
	double score;		/* |log change| / noise */
	int persistent;		/* the nightlies after stay at the new level */
	size_t nr_after;	/* nightlies after the step that the verdict rests on */
};

struct step_options {
	time_t date;		/* the user's date */
	int span_days;		/* look this many days each side */
};

/*
 * Find the most significant persistent step near opts->date: every
 * boundary whose first-bad nightly lies within span days of the date is
 * scored by its median-based level change over the series' noise (one
 * outlier cannot win: it moves neither median); ties go to the boundary
 * nearest the date. A date outside the series prints an error naming the
 * series' range and returns -1. With too few points, found stays 0.
 */
int series_find_step(const struct series *s, const struct step_options *opts, struct step *out);

/*
 * The nightlies a boundary at index rests on: points[*lo .. *hi), those
 * within span days before (plus the night of the step) and after it.
 */
void series_step_range(const struct series *s, size_t index, int span_days, size_t *lo, size_t *hi);

/* Fill out for the boundary at index (for --good/--bad given by the user). */
void series_step_at(const struct series *s, size_t index, int span_days, struct step *out);

#endif
