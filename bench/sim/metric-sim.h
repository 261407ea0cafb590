#ifndef BENCH_SIM_METRIC_SIM_H
#define BENCH_SIM_METRIC_SIM_H

#include <stdlib.h>
#include "noise-model.h"
#include "util/usage.h"
#include "bisect/bisect.h"
#include "bisect/bisect-judge.h"
#include "bisect/bisect-run.h"
#include "bisect/run-noise.h"

/*
 * Simulated `git benchbisect run --metric` searches for the unit test
 * and bench/metric-bisect.c: a window of nr commits at a level of 100,
 * noise 1 (noise-model.h), 3% outliers of +from..to, a step at the culprit
 * (nr + 1: none), searched by the command's own policy
 * (bisect_judge_search()) with the default --repeat and --min-change.
 * With a history, the search is given the noise of recorded runs first:
 * history_commits commits of three runs each, of the same model with a
 * noise history times today's (outliers alike; of two states in a world
 * of two states), pooled as the command pools the notes.
 */
struct metric_world {
	size_t nr;
	size_t culprit;		/* 1..nr, or nr + 1: no step */
	double step;		/* signed, in noise units */
	double from, to;	/* the outliers' shape */
	struct bisect_judge *j;
	double history;		/* the recorded runs' noise over today's (0: none recorded) */
	size_t history_commits;
	int two_state;		/* the noise of two states (noise-model.h), not normal */
	double min_change;	/* --min-change in percent (0: the default) */
	double confidence;	/* --confidence in percent (0: the default) */
	size_t odd;		/* a commit at a level of its own (0: none), */
	double odd_level;	/* that level */
};

static inline double metric_world_run(const struct metric_world *w, size_t pos)
{
	double level = pos && pos == w->odd ? w->odd_level : 100 + (pos >= w->culprit ? w->step : 0);

	return w->two_state ? two_state_run_shaped(level, 0.03, w->from, w->to) :
			      noisy_run_shaped(level, 0.03, w->from, w->to);
}

/* The recorded noise of w's history, drawn after the world. */
static inline void metric_world_history(const struct metric_world *w, struct run_noise *n)
{
	struct samples *h = xcalloc(w->history_commits ? w->history_commits : 1, sizeof(*h));

	for (size_t c = 0; c < w->history_commits; c++)
		for (int r = 0; r < 3; r++)
			samples_add(&h[c], 100 + w->history * (w->two_state ? two_state_run_shaped(0, 0.03, w->from, w->to) :
									 noisy_run_shaped(0, 0.03, w->from, w->to)));
	run_noise_pool(n, h, w->history_commits);
	for (size_t c = 0; c < w->history_commits; c++)
		samples_release(&h[c]);
	free(h);
}

/* The judge's driver: each task run until the judge wants no more. */
static inline enum run_outcome metric_world_round(void *data, struct task *tasks, size_t nr)
{
	struct metric_world *w = data;

	for (size_t i = 0; i < nr; i++)
		while (bisect_judge_wants_more(w->j, &tasks[i])) {
			bisect_judge_add_exit(w->j, tasks[i].pos, 0);
			samples_add(&w->j->values[tasks[i].pos], metric_world_run(w, tasks[i].pos));
		}
	return RUN_COUNTED;
}

/* One search with jobs at once; returns its outcome, the culprit named (0: none) and the runs. */
static inline enum bisect_outcome metric_world_search(struct metric_world *w, size_t jobs, size_t *named,
						      size_t *runs)
{
	struct bisect_judge j;
	enum bisect_outcome outcome;

	bisect_judge_init(&j, 1, BISECT_METRIC_REPEAT, w->nr, NULL, 0);
	j.min_change = w->min_change > 0 ? w->min_change : BISECT_MIN_CHANGE;
	if (w->confidence > 0)
		j.sure = w->confidence / 100;
	j.run_round = metric_world_round;
	j.data = w;
	w->j = &j;
	if (w->history > 0) {
		struct run_noise n;

		metric_world_history(w, &n);
		bisect_judge_use_noise(&j, &n);
	}
	bisect_judge_search(&j, jobs);
	outcome = j.outcome;
	*named = outcome == BISECT_FOUND ? j.b.hi : 0;
	*runs = 0;
	for (size_t p = 0; p <= w->nr; p++)
		*runs += j.values[p].nr;
	bisect_judge_release(&j);
	return outcome;
}

#endif
