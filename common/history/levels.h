#ifndef HISTORY_LEVELS_H
#define HISTORY_LEVELS_H

#include "history/noise.h"

/*
 * The levels of a stretch of a series and the steps between them: the
 * machinery behind the step decision of step.h, internal to history.
 *
 * The nightlies are taken in log, with the weekly pattern removed
 * (noise.h), one-night spikes set aside, and cut into levels by a
 * penalised segmentation. A level's value is a clipped mean (each night
 * pulled to within LEVEL_CLIP noise units of the level's median, then
 * averaged: robust to a wild night, and nearly as precise as a mean), and
 * its standard error the within-level spread over the square root of its
 * nightlies. A cut is judged by the change between the levels either side
 * against the standard error of that change (levels_judge()). Where the
 * kernel list changed between the two levels, the chain-linked series is
 * joined by the one pair of nightlies across the change: that link's
 * noise (two nights' of the kernels measured on both, at least 2 sigma^2)
 * stays in every later value, so it is added to the change's variance.
 */
#define LEVELS_MAX_CUTS 64
#define LEVELS_REVERT_NIGHTS 3	/* a dip this long that comes back is no step */
#define LEVEL_CLIP 2.5

struct levels {
	double *x;		/* adjusted log values of the nightlies kept, in time order */
	size_t *at;		/* their series indices */
	long *day;		/* their UTC days */
	double *link_var;	/* where the kernel list changed since the nightly before, the
				 * link's variance (two nights' noise of the kernels on both), else 0 */
	size_t n;
	/*
	 * Level k runs over x[cuts[k - 1] .. from[k]) (cuts[-1] = 0, from[nr_cuts]
	 * = n); x[from[k] .. cuts[k]) is a drift between levels k and k + 1,
	 * empty for a sharp step.
	 */
	size_t cuts[LEVELS_MAX_CUTS];
	size_t from[LEVELS_MAX_CUTS];
	size_t nr_cuts;
	/*
	 * The dips that revert (levels_find()): x[dip_from[i] .. dip_to[i]),
	 * merged into the level around them, kept so that the pair starting
	 * or ending one can be shown with the dip's own move.
	 */
	size_t dip_from[LEVELS_MAX_CUTS];
	size_t dip_to[LEVELS_MAX_CUTS];
	size_t nr_dips;
	/*
	 * The one-night spikes set aside (levels_init()): their series
	 * indices and adjusted log values, in time order; owned.
	 */
	size_t *spike_at;
	double *spike_x;
	size_t nr_spikes;
	double sigma;		/* one night's noise */
	double spread;		/* the within-level scale of the standard errors, >= sigma */
	/*
	 * The within-level scale a move's room is measured in (the upper
	 * bound of levels_bound_pct()): spread, but where machine states were
	 * folded out of x, the levels' own spread of the folded nights, at
	 * least folded_sigma, their one night's noise (noise.h's measure;
	 * 0: none folded). sigma counts every jump between the states, and
	 * a move that the states' noise leaves room for may be ruled out by
	 * the noise within a state; only the room, not the step decision,
	 * is measured so (docs/step-detection.md, item 3).
	 */
	double room_spread;
	double folded_sigma;
	/*
	 * Machine states (levels-states.c): state_shift moves a night of the smaller
	 * state onto the larger's (log; 0: none found), state_share is the
	 * smaller's share of the nights, minority[i] marks x[i] as of it
	 * (owned), and folded says whether those x were moved by state_shift
	 * (found before the cut, by the sort of the span's values or across
	 * a cut tried for them) or are as measured (found after it, on each
	 * level's residuals). state_spread is the noise within a state where
	 * it was measured (after the cut, or across the tried cut; 0: the
	 * levels' spread stands for it).
	 */
	double state_shift;
	double state_share;
	double state_spread;
	unsigned char *minority;
	int folded;
	/*
	 * The series the nightlies are of (borrowed), and the weekly pattern
	 * taken out of x: a drift is also read from each kernel's own
	 * nightlies (drift.c), as x is taken.
	 */
	const struct series *series;
	struct noise_model nm;
};

/* The test of one cut. */
struct cut_test {
	double before, after;	/* the levels either side, log */
	size_t nr_before, nr_after;
	double change_pct;
	double se_pct;		/* the standard error of the change, percent */
	double room_se_pct;	/* the same of room_spread: what the move's room is measured in */
	double state_noise_pct;	/* folded_sigma in percent where states were folded, else NAN */
	double z;		/* |log change| / its standard error */
	int found;		/* a step: the decision of step.h */
	int undecided;		/* not a step, not ruled out either */
	const char *reason;	/* when !found: why (static) */
};

/*
 * The decision on a change of change_pct percent with standard error
 * se_pct: a step when it is at least noise_multiple standard errors and
 * its upper confidence bound (STEP_MIN_CHANGE_Z standard errors beyond
 * it) reaches min_change percent; undecided when it is not a step but at
 * least LEVELS_WEAK_Z standard errors and that bound reaches min_change.
 */
#define LEVELS_WEAK_Z 2.0
#define STEP_MIN_CHANGE_Z 2.0

/*
 * The largest move, in percent, that a change of change_pct with standard
 * error se_pct allows: STEP_MIN_CHANGE_Z standard errors beyond it. A move
 * under --min-change is ruled out only while this bound stays under it.
 */
double levels_bound_pct(double change_pct, double se_pct);
void levels_decide(double change_pct, double se_pct, double noise_multiple, double min_change,
		   struct cut_test *out);

/*
 * Machine states (levels-states.c): whether s's nightlies around [from, to) (as
 * far again either side) jump between two states, as the sort of their
 * values finds them, or a cut that shows them better.
 * Returns 1 with minority[i] set for each nightly i of the smaller state
 * (s->nr flags) and *shift what moves it onto the larger (log), else 0.
 */
int levels_state_nights(const struct series *s, const struct noise_model *nm, time_t from, time_t to,
			unsigned char *minority, double *shift);

/*
 * The levels of s's nightlies in [from, to), nothing cut yet. Release
 * with levels_release().
 */
void levels_init(struct levels *l, const struct series *s, const struct noise_model *nm,
		 time_t from, time_t to);
/*
 * dst: a copy of src, owning arrays of its own. The machine-states fold
 * is most of levels_init()'s time: a search that cuts the same nightlies
 * twice (at two thresholds) cuts two copies of one. Release both.
 */
void levels_copy(struct levels *dst, const struct levels *src);
void levels_release(struct levels *l);

/*
 * Cut l into levels and keep the cuts that are steps (or, with drifts,
 * drifts) by the decision with these thresholds.
 */
void levels_find(struct levels *l, double noise_multiple, double min_change, int drifts);

/*
 * Turn the steps of l that a ramp explains better into drifts (drift.c).
 * cost[c * (n + 1) + t] is the segmentation's cost of the level x[c..t),
 * beta its penalty a cut, min_level the shortest level.
 */
void levels_find_drifts(struct levels *l, const double *cost, double beta, size_t min_level);

/* Level k's range (0 <= k <= nr_cuts): x[*a .. *b), its ramp left out; a or b may be NULL. */
void levels_range(const struct levels *l, size_t k, size_t *a, size_t *b);

/*
 * Fold l's nights of the smaller machine state onto the larger's
 * (levels-states.c), where the nightlies around [from, to) show two
 * states: by the sort of their values, or across a cut (each side from
 * its own median) where a step hid them from the sort or a cut shows
 * them better (a step of half their distance).
 */
void levels_fold_states(struct levels *l, const struct series *s, const struct noise_model *nm,
			time_t from, time_t to);

/*
 * The smaller state's share: of l's nights as found, or as the series'
 * jumps between the states show it (levels-states.c), whichever is
 * larger, and kept off 0 so that a cost stays finite. Around a step of
 * about the states' distance the nights found miss the other state's:
 * those after the step read as the larger state before it.
 */
double levels_state_share(const struct levels *l);

/* Set l->folded_sigma from the folded nights l->x (levels_init(), once folded). */
void levels_folded_noise(struct levels *l);

/*
 * States that l's cuts hid (none found before them): looked for on each
 * level's nights taken from its median; weighed, never folded.
 */
void levels_residual_states(struct levels *l);

/*
 * With machine states, the level of x[a .. b) (a < b) on the larger state:
 * the median of its nights, each of the smaller state moved onto it.
 */
double levels_state_level(const struct levels *l, size_t a, size_t b);

/*
 * How much less likely nightly i of l is at level v than right at a
 * level, in nats (normal, of the levels' spread): with machine states,
 * in the state that fits it best, each state weighed by its share (and
 * of the noise within a state, where it was measured).
 */
double levels_night_cost(const struct levels *l, size_t i, double v);

/*
 * A nightly within this many nats (levels_night_cost()) of the other
 * level could be on either side of a step: a likelihood ratio of 1000.
 */
#define LEVELS_UNSURE_NATS 6.9

/*
 * Under machine states a run of nights beside a step may each be either
 * state on either level, and a step's window there holds every cut
 * within this many nats of the likeliest: a likelihood ratio of 10,000.
 * At LEVELS_UNSURE_NATS the first bad night fell outside the window in
 * about 1 in 1,000 statestep series (bench/step-rates, 16,000 from
 * 13,324,000: 19 false steps, 9 at this bar; docs/step-detection.md).
 */
#define LEVELS_STATE_UNSURE_NATS 9.2

/*
 * A step that machine states hide (state-step.c). A step about the
 * states' distance makes the level after it look like the other state
 * before it, and folding reads it as states (bench/step-rates statestep:
 * 1.4% of such steps answered "no step"). The nights x[lo .. hi), as
 * measured, and the spikes set aside between them are weighed as two
 * states under one level and under a cut before each night from x[from]
 * to x[to - 1] (a spike's too) with LEVELS_STATE_STEP_SIDE nights each
 * side at least: each night in either state, the share, the gap and the
 * noise within a state fitted, and the likelihoods compared.
 */
#define LEVELS_STATE_STEP_SIDE 3
/*
 * Twice the log-likelihood ratio a cut must reach: under bimodal's states
 * without a step, at most 25.4 in 31,000 searches (bench/step-rates
 * 11,300,000-11,302,999, each kernel's series with the platform's); 244
 * of statestep's 321 steps not inside their window in 20,000 reach it
 * (docs/step-detection.md, item 2).
 */
#define LEVELS_STATE_STEP_RATIO 40.0

struct state_step {
	size_t cut;			/* the likeliest cut's first night after it, in the series */
	size_t last_good, first_bad;	/* the window of the cuts within the unsure bar of it, in the series */
	double before, after;		/* the levels of the state a night is in more often, log */
	double noise;			/* one night's noise within a state, log */
	double gap;			/* the second state off the first, log, either sign */
	size_t nr_before, nr_after;	/* the nights each side */
	double ratio;			/* twice the log-likelihood ratio */
};

/*
 * Returns 1 where l's states were found and the likeliest cut reaches
 * LEVELS_STATE_STEP_RATIO, with it in *out, and the cuts next to it
 * whose likelihood lies within unsure nats of its (the best cut is
 * there either way).
 */
int levels_state_step(const struct levels *l, size_t lo, size_t hi, size_t from, size_t to, double unsure,
		      struct state_step *out);

/* Judge cut k of l. */
void levels_judge(const struct levels *l, size_t k, double noise_multiple, double min_change,
		  struct cut_test *out);

/*
 * Judge the boundary before x[at] between x[lo .. at) and x[at .. hi), as
 * if it were the only cut (the pair a user or the fallback names).
 */
void levels_judge_range(const struct levels *l, size_t lo, size_t at, size_t hi,
			double noise_multiple, double min_change, struct cut_test *out);

/*
 * Spike i (l->spike_at[i]) judged on its own against the level of the
 * kept nightlies x[lo .. hi) around it: with into, the move from that
 * level onto the spike; without, from the spike back onto it.
 */
void levels_judge_spike(const struct levels *l, size_t i, size_t lo, size_t hi, int into,
			double noise_multiple, double min_change, struct cut_test *out);

#endif
