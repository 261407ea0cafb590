#ifndef CLASSIFY_H
#define CLASSIFY_H

#include "util/json.h"
#include <stdio.h>
#include <git2.h>
#include "util/strvec.h"
#include "history/window.h"
#include "classify/measure-config.h"

/*
 * What a dashboard move is: git-benchbisect's verdict. The pipeline is
 * gather (signals from the window, the dashboard and the repository),
 * decide (the rules, pure), explain (evidence lines, culprit, candidates,
 * the honest speedup). The rules are documented in git-benchbisect(1).
 */
enum cause {
	CAUSE_REAL_REGRESSION,
	CAUSE_METHOD_CHANGE,
	CAUSE_HARDWARE,
	CAUSE_NOISE,
	CAUSE_UNDECIDED,	/* the step is neither found nor ruled out: no rule can decide */
	CAUSE_NR
};

extern const char *const cause_json_names[CAUSE_NR];	/* "real_regression", ... */
extern const char *const cause_titles[CAUSE_NR];	/* "real regression", ... */

struct classify_options {
	double noise_multiple;	/* a step under this many noise sigmas is noise */
	double min_change;	/* a step under this many percent is noise */
	double shared_ratio;	/* another implementation moved with Helion: >= this share of its move */
	int span;		/* days either side of the step (the window's --span) */
	int all_runs;		/* the window's --all-runs */
	struct strvec method_paths;	/* pathspecs of the measurement */
	int abbrev;		/* hex digits of the hashes named (window_abbrev_len()); 8 */
	/*
	 * When set, the other platforms are judged on their nightlies within
	 * [others_from, others_to] only: what a query on an absolute date
	 * loads of them (classify_others_range()), so that a scan over the
	 * whole dashboard says what that query says.
	 */
	int others_window;
	time_t others_from, others_to;
};

/* Defaults, and the default measurement paths (docs/dashboard.md). */
void classify_options_init(struct classify_options *o);
void classify_options_release(struct classify_options *o);
/*
 * Replace the method paths by the comma- or space-separated list in value;
 * the item "default" stands for the default paths, so "default, x" extends them.
 */
void classify_set_method_paths(struct classify_options *o, const char *value);

/*
 * The other platforms' nightlies a query about the date when needs: its
 * step lies within span days of when, and the cross-platform check looks
 * span nightlies either side of the step.
 */
void classify_others_range(time_t when, int span, time_t *from, time_t *to);

/*
 * The two timers: speedup (cudagraph) and helion_latency_avg_ms
 * (do_bench). They agree when latency moves beyond its own noise the
 * other way from the speedup (speedup down, latency up), whatever the
 * sizes; latency within its noise is flat; beyond it the same way as the
 * speedup, they disagree. Flat or disagreeing: one timer moved alone, so
 * the measurement changed. Flat is a claim too, that latency did not move
 * with the speedup: where latency within its noise could still explain
 * TIMERS_EXPLAIN_SHARE of the speedup's move (its move that way plus two
 * standard errors reaches it), the timers are unsure.
 */
enum timers {
	TIMERS_UNKNOWN,		/* no latency (Pretuned tab, or no data) */
	TIMERS_AGREE,		/* latency moved beyond its noise, the other way */
	TIMERS_FLAT,		/* latency within its own noise, ruled out from explaining the move */
	TIMERS_DISAGREE,	/* latency moved beyond its noise the same way */
	TIMERS_UNSURE		/* latency within its noise, which leaves room for it to explain the move */
};
/* The share of the speedup's move a kernel's latency explains when its timers agree. */
#define TIMERS_EXPLAIN_SHARE 0.5

enum sharing {
	SHARING_UNKNOWN,	/* no other implementation measured */
	SHARING_HELION_ONLY,	/* no other moved with Helion: each stayed, or moved the other
				 * way (Pretuned: every baseline ratio alike) */
	SHARING_ALL,		/* triton and torch_compile moved with Helion, beyond their noise */
	SHARING_PARTIAL,	/* some did, some did not */
	SHARING_BASELINE	/* Pretuned: only some baseline ratios moved */
};

/* One kernel's two timers across the move (NAN: no data). */
struct kernel_timers {
	char *name;		/* owned */
	double speedup_pct, latency_pct, latency_noise_pct;
	/*
	 * Of a kernel whose timing changed, the part of its speedup move
	 * that is the timing's: all of it when its latency is flat; with
	 * partial, what is left beside the move its latency explains.
	 */
	double timing_pct;
	int partial;
};

/* A named move: a kernel, a baseline or another platform. */
struct named_move {
	char *name;		/* owned */
	double change_pct;	/* NAN without data on both sides */
	int flag;		/* kernel: behind the move; platform: moved too */
};

struct classify_signals {
	/* The chain-linked Helion speedup at the step. */
	size_t index;		/* first bad = points[index]; 0: no boundary */
	size_t bad;		/* the window's first bad: index, or the nightly after (step.h) */
	size_t good;		/* last good = points[good]: index - 1, or before a drift */
	double before, after, change_pct, noise_pct, score;
	double se_pct, z;	/* the change's standard error, and the change in those */
	/*
	 * The largest move the change allows (step_bound_pct()): two standard
	 * errors beyond it, of the noise within a machine state
	 * (state_noise_pct a night; NAN: none folded) where the states were
	 * folded out of the nightlies.
	 */
	double bound_pct, state_noise_pct;
	/*
	 * The kernels that keep a move open that the noise within a state
	 * would rule out (step.h): the strongest (NULL: none; points into the
	 * window's series), its move and z, how many, their geomean part.
	 */
	const char *open_kernel;
	double open_kernel_pct, open_kernel_z;
	size_t nr_open_kernels;
	double open_geomean_pct;
	int found;		/* the step decision (history/step.h) passed */
	int undecided;		/* not a step, not ruled out either */
	int not_ruled_out;	/* no step beyond the noise, yet it leaves room for one of --min-change */
	int states_rule_out;	/* no room, but only of the noise within a machine state (step.h) */
	enum step_no_level no_level;	/* undecided: the pair clears the bar, no level holds it (step.h) */
	int drift;		/* a drift from points[good + 1] to points[index] */
	int reverts;		/* the pair starts or ends a dip or spike that reverts (step.h's dip_nights) */
	size_t nr_kernel_steps;	/* kernels that step on their own at this nightly pair */
	const char *reason;	/* when not: why (static) */
	int persistent;
	size_t nr_after;
	double level;		/* median of the nightlies around the step */
	size_t spike;		/* the one nightly furthest off the level with both neighbours on it, or 0 */
	double spike_pct;	/* its move against the level */
	/* The kernel set at the step, and the naive geomean across it (series_pair_move()). */
	double pair_common_pct;	/* the kernels measured on both nightlies of the pair: their geomean move */
	size_t pair_common;	/* how many */
	/*
	 * Kernels measured on the first bad nightly but not the last good:
	 * each one's move since its last measurement before (its own
	 * window: from that nightly, sparse_since[i], to first bad), flagged
	 * when it clears its own noise and --min-change.
	 */
	struct named_move *sparse;
	size_t *sparse_since;
	size_t nr_sparse;
	int set_changed;
	size_t kernels_before, kernels_after;
	double raw_change_pct, raw_score;	/* the plain geomean's move over the pair */
	/*
	 * The yardstick of the change's own move (classify_set_change_pct()):
	 * one night's noise of the geomean within a machine state (its states
	 * folded), noise_pct without states. The states move every kernel
	 * alike and leave that move alone; their distance in the noise hid
	 * a change behind +9.1% under a noise of 5.9% a night.
	 */
	double set_noise_pct;
	/*
	 * When the move is in some kernels only (kernel steps without a
	 * platform step, or some kernels behind the platform's step), the
	 * rules judge those: the geomean of their moves (NAN: the platform's
	 * change_pct), and the fields below are theirs too.
	 */
	double move_pct;
	size_t move_kernels;	/* how many kernels that move is over; 0: the platform's */
	int move_own;		/* those kernels are the ones that step on their own at the pair */
	/*
	 * The kernels behind the move whose own timers say their timing
	 * changed (classify_kernel_timing_changed()) while those of other
	 * kernels behind it agree: two causes at once. The move judged
	 * (move_pct and the fields below) is then the agreeing kernels'
	 * alone, and these are named beside it, left out of it.
	 */
	struct kernel_timers *timing;
	size_t nr_timing;
	/* The other implementations and the second timer (NAN: no data), and their noise. */
	double triton_pct, torch_compile_pct, latency_pct;
	double triton_noise_pct, torch_compile_noise_pct, latency_noise_pct;	/* NAN: 0.5% */
	/*
	 * The standard error of a move between two medians of nb and na
	 * nightlies, in units of the night-to-night noise:
	 * sqrt(pi/2 (1/nb + 1/na)); NAN: 1 (a single nightly pair).
	 */
	double level_se;
	/* Pretuned tab. */
	int pretuned;
	struct named_move *baselines;
	size_t nr_baselines;
	long long wins_before, total_before, wins_after, total_after;	/* -1: unknown */
	/*
	 * Per kernel (those measured on both sides of the step, the set the
	 * rows around it show), and the other platforms over the same nightly
	 * pair (same run dates).
	 */
	struct named_move *kernels;
	size_t nr_kernels;
	struct named_move *platforms;
	size_t nr_platforms;
	int platforms_known;	/* the dashboard has other platforms */
	/* The window. */
	int listed, empty;
	/*
	 * A window of several nightly pairs where one pair ran on one commit:
	 * the later nightly of that pair (the step's own when it is one),
	 * else 0. The move may lie there, where no code changed.
	 */
	size_t quiet;
	size_t nr_commits, nr_slice;
	const char **method;	/* per window commit: the measurement path it touches, or NULL */
	size_t nr_method;
	/* What the platform runs at either end (read from the repository). */
	struct measure_config at_good, at_bad;
};

void classify_signals_init(struct classify_signals *s);
void classify_signals_release(struct classify_signals *s);

/*
 * Read every signal for window w (already computed). repo may be NULL
 * (nothing is read from the repository then). Returns -1 with an error
 * printed when the repository cannot be read.
 */
int classify_gather(struct classify_signals *s, const struct window *w, git_repository *repo,
		    const struct classify_options *o);

/* The pure parts of the rules. */
/* The window's step decision: found, with the same thresholds (step_significant). */
int classify_step_significant(const struct classify_signals *s, const struct classify_options *o);
/* 1 when a move of pct percent clears both --noise-multiple times noise_pct and --min-change. */
int classify_big_enough(double pct, double noise_pct, const struct classify_options *o);
/* The move the rules judge: move_pct, else change_pct. */
double classify_judged_pct(const struct classify_signals *s);
/*
 * 1 when a level move of pct percent (a timer, triton, torch_compile)
 * clears --noise-multiple times its standard error: noise_pct (NAN: the
 * 0.5% floor) times s->level_se.
 */
int classify_beyond_noise(const struct classify_signals *s, double pct, double noise_pct,
			  const struct classify_options *o);
/* A level move's standard error (log) with noise_pct a night: classify_beyond_noise()'s. */
double classify_level_se(const struct classify_signals *s, double noise_pct);
/* Latency's move (latency_pct) in its standard errors. */
double classify_latency_score(const struct classify_signals *s);
/*
 * What the kernel-set change at the step did alone to the naive geomean,
 * in percent: over the nightly pair (series_pair_move()), its move beyond
 * that of the kernels on both nights. NAN when the set did not change.
 */
double classify_set_change_pct(const struct classify_signals *s);
/*
 * 1 when the move is a step of the platform (persistent) or of single
 * kernels at the nightly pair: what the rules call moved.
 */
int classify_moved(const struct classify_signals *s, const struct classify_options *o);
/*
 * 1 when triton and torch_compile were both measured and both moved
 * beyond their own noise, the same way and by --min-change each: a
 * baseline's move, which moves Helion's speedup with it. 0 on the
 * Pretuned tab, whose baselines are ratios of Helion's own time.
 */
int classify_others_moved(const struct classify_signals *s, const struct classify_options *o);
/*
 * 1 when the kernel set changed at the step and the kernels measured on
 * both nightlies moved too: a step, and their own move over the pair
 * (pair_common_pct) clears the thresholds.
 */
int classify_common_moved(const struct classify_signals *s, const struct classify_options *o);
/*
 * 1 when the kernel set changed at the step and that alone moved the
 * naive geomean: classify_set_change_pct() clears the thresholds, or the
 * naive geomean's move does and the change makes half of it at least; the
 * naive geomean moved that way, and the kernels on both nightlies did not
 * move themselves (classify_common_moved()).
 */
int classify_set_change_matters(const struct classify_signals *s, const struct classify_options *o);
enum timers classify_timers(const struct classify_signals *s, const struct classify_options *o);
/*
 * One kernel's timers judged alone, as classify_timers() judges the move
 * (its latency noise, s->level_se).
 */
enum timers classify_kernel_timers(const struct classify_signals *s, const struct kernel_timers *k,
				   const struct classify_options *o);
/*
 * 1 when a kernel's own timers show a real change beside kernels whose
 * timing changed: they agree, and latency moved at least half as far as
 * the speedup (a latency barely beyond its noise under a large speedup
 * move is one noisy kernel among many whose timing changed).
 */
/*
 * The speedup move a kernel's latency explains, in percent: the latency
 * -25% is a speedup of +33%, the kernel timed the same way.
 */
double classify_latency_speedup_pct(const struct kernel_timers *k);
/* What is left of k's speedup move beside the move its latency explains, in percent. */
double classify_timing_part_pct(const struct kernel_timers *k);
/*
 * Whether a nightly inside w's window of several commits lies off both
 * levels (step.h's halfway): two changes fit it as well as one, so no
 * single culprit is named.
 */
int classify_window_may_hold_two_changes(const struct window *w);
/*
 * Whether k's latency moved the other way beyond its noise and by
 * --min-change or more, but explains under half of its speedup move, and
 * the rest (what it leaves) clears the noise too: a real change and a
 * timing change in one kernel.
 */
int classify_kernel_partly_timing(const struct classify_signals *s, const struct kernel_timers *k,
				  const struct classify_options *o);
int classify_kernel_real(const struct classify_signals *s, const struct kernel_timers *k,
			 const struct classify_options *o);
/*
 * 1 when a kernel's timing changed, not the kernel: its latency is flat
 * or moved the speedup's way, and its speedup move is beyond what its
 * latency noise hides (had latency moved as much, it would have shown).
 */
int classify_kernel_timing_changed(const struct classify_signals *s, const struct kernel_timers *k,
				   const struct classify_options *o);
enum sharing classify_sharing(const struct classify_signals *s, const struct classify_options *o);
/*
 * The cause, in this order (git-benchbisect(1), CAUSES):
 * a kernel-set change that alone moved the plain geomean, the kernels on
 * both nightlies not moving themselves: method change;
 * no step, no kernel step: undecided when the step decision is undecided
 * (not a step, not ruled out either) or the noise leaves room for a move of
 * --min-change (not_ruled_out), else noise; (Pretuned) only some baseline
 * ratios moved: method change; shared with triton and torch_compile:
 * hardware when the timers agree, method change (the baseline moved) when
 * latency is flat or disagrees; one timer alone: method change; a harness
 * commit and no latency to check: method change; an empty window: hardware;
 * Helion-only in a window with a quiet nightly pair (quiet): undecided;
 * Helion-only with the timers agreeing (or unknown) and code in the
 * window: real regression; anything else (some implementations moved
 * with it): undecided.
 */
enum cause classify_decide(const struct classify_signals *s, const struct classify_options *o);

/* A platform step this many times its noise is placed on its night surely enough to name a culprit. */
#define CLASSIFY_LOCATE_SCORE STEP_SURE_SCORE

struct classify_candidate {
	const struct window_commit *commit;
	const char *why;	/* "slice-tag", "slice-path", "window" or "measurement" */
};

/*
 * One evidence item, structured: the signal it reads ("step", "timers",
 * ...), its verdict in one word ("persistent", "agree", ...; the man page
 * lists them) and its numbers. The prose is the same index of evidence.
 */
struct classify_evidence_item {
	const char *signal;	/* static */
	const char *verdict;	/* static */
	cJSON *values;		/* an object; owned */
};

/*
 * Why the culprit was named, or why none was among the candidates
 * (classify_culprit()). For a real regression or a method change with
 * candidates; rule NULL otherwise.
 */
struct classify_culprit_why {
	const char *rule;	/* static: named "one_commit", "one_slice_commit", "one_measurement_commit";
				   not "several_commits", "night_not_sure", "two_changes", "baseline_moved" */
	const char *placed_by;	/* static: what made the step's night sure ("platform", "kernel", "kernels",
				   "state_pair", "kernel_set"), NULL when nothing did */
	double score;		/* that, in one night's noise (the platform's where nothing did); NAN: none */
	char *text;		/* the words of the report; owned */
};

struct classify_result {
	enum cause cause;
	struct strvec evidence;		/* one line per signal, for people */
	struct classify_evidence_item *items;	/* [evidence.nr]: the same, structured; owned */
	const struct window_commit *culprit;	/* NULL unless the evidence singles one out (and the
						   step's night is sure: classify_culprit()) */
	struct classify_culprit_why culprit_why;	/* why it was named, or why none was */
	struct classify_candidate *candidates;	/* ranked; owned */
	size_t nr_candidates;
	double before, after, truth;	/* speedups: medians each side, the honest one */
	char *truth_reason;		/* owned */
	struct strvec warnings;		/* for stderr: kernels behind the move not cudagraph-timed */
	int abbrev;		/* hex digits of its hashes: the options' */
};

void classify_result_init(struct classify_result *r);
void classify_result_release(struct classify_result *r);

/* Decide, and fill r with the evidence, the culprit, the candidates and the speedups. */
void classify_explain(struct classify_result *r, const struct classify_signals *s,
		      const struct window *w, const struct classify_options *o);
/* The evidence lines alone (and the cudagraph warnings), into r. */
void classify_evidence(struct classify_result *r, const struct classify_signals *s,
		       const struct window *w, const struct classify_options *o);

#endif
