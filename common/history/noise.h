#ifndef HISTORY_NOISE_H
#define HISTORY_NOISE_H

#include "history/series.h"

/*
 * A series' noise, robust to a weekly pattern. The nightlies run every
 * day, and some machines or baselines keep a weekly rhythm (a weekend
 * offset, a 7-day wave): night-to-night changes then carry the week's
 * pattern, and one night's noise measured from them is inflated.
 *
 * The pattern is estimated from each nightly's residual against the
 * median of the nightlies within 3 days of it (a 7-day window holds every
 * weekday once, so that median is the week's level): the trimmed mean of
 * the residuals of each UTC weekday, 0 where the weekday's nights split
 * between two groups (machine states that fell on it by chance) instead
 * of moving together. It is used only when it is significant: the
 * squared weekday means, weighted by their counts, summed and divided by
 * the residuals' variance (a chi-square of 6 degrees of freedom when
 * there is no pattern) exceed NOISE_WEEK_CHI2.
 * The noise is then a robust standard deviation (1.4826 MAD) of the
 * night-to-night log changes with the pattern removed, over sqrt(2)
 * since each change spans two noisy nights, floored at NOISE_FLOOR so a
 * perfectly flat synthetic series does not make every wiggle infinitely
 * significant. With fewer than three changes it is NOISE_FLOOR: of two,
 * one may be a step, and it would be its own noise.
 */
#define NOISE_FLOOR 0.005
#define NOISE_WEEK_CHI2 40.0

struct noise_model {
	double sigma;		/* one night's noise, in log units */
	double week[7];		/* log offset of each UTC weekday (days since the epoch
				   mod 7); all 0 when the pattern is not significant */
	int weekly;		/* the pattern is significant and removed */
};

void series_noise_model(const struct series *s, enum metric m, struct noise_model *out);

/*
 * One night's spread from nd night-to-night log changes d (overwritten):
 * 1.4826 times their MAD over sqrt(2); NAN with fewer than three.
 */
double spread_of_changes(double *d, size_t nd);

/*
 * spread_of_changes() at least NOISE_FLOOR (NOISE_FLOOR with fewer than
 * three changes): series_noise_model()'s sigma, of the changes it takes.
 */
double noise_of_changes(double *d, size_t nd);

/* The series' own noise (noise_model.sigma) of metric m. */
double series_noise(const struct series *s, enum metric m);

/*
 * Row r's (one kernel's) noise a night over the points [lo, hi) of s:
 * 1.4826 times the median absolute change of its log value from one
 * measured point to the next (the changes' median taken as 0), over
 * sqrt 2, leaving out the change into point split (a step there is no
 * noise; s->nr for none). NAN with fewer than two changes.
 */
double series_row_noise(const struct series *s, size_t r, size_t lo, size_t hi, size_t split);

/* log(v) of the nightly at time t, with the weekly pattern removed. */
double noise_adjusted(const struct noise_model *nm, time_t t, double v);

#endif
