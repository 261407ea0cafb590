/*
 * Two states in a benchmark's recorded runs (run-states.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/stats.h"
#include "util/number.h"
#include "bisect/run-states.h"

/* EM rounds from each start; a clear record settles in tens. */
#define EM_ROUNDS 200
/*
 * A commit's first this many kept runs are weighed (2^n assignments of
 * states each), of the first MOST_COMMITS commits: enough to find the
 * states (20 commits of three runs mostly do), and a record of thousands
 * of commits costs about 15 ms (bench/bench-run-notes.sh).
 */
#define MOST_RUNS 6
#define MOST_COMMITS 100

/*
 * The kept runs of commits of two or more, as each commit's deviations
 * from its mean: what the runs say free of the commit's level (a level a
 * commit, fitted, would make the noise look smaller the fewer runs a
 * commit has, and two states likelier the more commits there are). For
 * each assignment a of a commit's runs to the states (bit i: run i in the
 * upper), with u the assignment less its mean, the deviations' inner
 * product with u and u's square: a gap g leaves |dev|^2 - 2 g dot + g^2 norm.
 */
struct record {
	size_t commits, n;	/* n: the runs */
	size_t *size;		/* by commit */
	double *mean;		/* by commit */
	double *dev;		/* by commit, MOST_RUNS each: the deviations */
	double *dev_ss;		/* by commit, |dev|^2 */
	double **dot, **norm;	/* by commit, by assignment */
	double ss;		/* every deviation squared */
};

/* The runs in the upper state of each assignment of MOST_RUNS runs: its bits set. */
static const unsigned char ups_of[1u << MOST_RUNS] = {
	0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
	1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
	1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
	2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
};

static void record_assignments(struct record *r, const double *dev, size_t k)
{
	size_t c = r->commits;
	unsigned all = 1u << k;

	r->dot[c] = xcalloc(all, sizeof(double));
	r->norm[c] = xcalloc(all, sizeof(double));
	for (unsigned a = 0; a < all; a++) {
		double mean = (double)ups_of[a] / (double)k;

		for (size_t i = 0; i < k; i++) {
			double u = ((a >> i) & 1) - mean;

			r->dot[c][a] += dev[i] * u;
			r->norm[c][a] += u * u;
		}
	}
}

static void record_init(struct record *r, const struct samples *at, size_t nr, unsigned char *const *keep)
{
	size_t slots = nr ? nr : 1;
	double dev[MOST_RUNS];

	memset(r, 0, sizeof(*r));
	r->size = xcalloc(slots, sizeof(size_t));
	r->mean = xcalloc(slots, sizeof(double));
	r->dev = xcalloc(slots * MOST_RUNS, sizeof(double));
	r->dev_ss = xcalloc(slots, sizeof(double));
	r->dot = xcalloc(slots, sizeof(double *));
	r->norm = xcalloc(slots, sizeof(double *));
	for (size_t c = 0; c < nr && r->commits < MOST_COMMITS; c++) {
		double sum = 0;
		size_t k = 0;

		for (size_t i = 0; i < at[c].nr && k < MOST_RUNS; i++)
			if (keep[c][i])
				sum += dev[k++] = at[c].v[i];
		if (k < 2)
			continue;
		r->mean[r->commits] = sum / (double)k;
		for (size_t i = 0; i < k; i++) {
			dev[i] -= r->mean[r->commits];
			r->dev_ss[r->commits] += dev[i] * dev[i];
		}
		r->ss += r->dev_ss[r->commits];
		memcpy(r->dev + r->commits * MOST_RUNS, dev, k * sizeof(double));
		record_assignments(r, dev, k);
		r->size[r->commits++] = k;
		r->n += k;
	}
}

static void record_release(struct record *r)
{
	for (size_t c = 0; c < r->commits; c++) {
		free(r->dot[c]);
		free(r->norm[c]);
	}
	free(r->dot);
	free(r->norm);
	free(r->dev);
	free(r->dev_ss);
	free(r->size);
	free(r->mean);
}

struct two {
	double gap, share, var;
	double log_lik;
	double mixed;		/* the commits expected to hold runs of both states */
};

/* The squares commit c's deviations leave under assignment a and gap. */
static double left_after(const struct record *r, size_t c, unsigned a, double gap)
{
	return r->dev_ss[c] - 2 * gap * r->dot[c][a] + gap * gap * r->norm[c][a];
}

/*
 * The posterior of each assignment of commit c's runs under t, in w
 * (2^k of them); returns the log-likelihood of its deviations.
 */
static double assignments(const struct record *r, size_t c, const struct two *t, double *w)
{
	size_t k = r->size[c];
	unsigned all = 1u << k;
	double top = -INFINITY, sum = 0, log_up = log(t->share), log_down = log1p(-t->share);

	for (unsigned a = 0; a < all; a++) {
		int up = ups_of[a];

		w[a] = up * log_up + (double)((int)k - up) * log_down - left_after(r, c, a, t->gap) / (2 * t->var);
		top = fmax(top, w[a]);
	}
	for (unsigned a = 0; a < all; a++)
		sum += w[a] = exp(w[a] - top);
	for (unsigned a = 0; a < all; a++)
		w[a] /= sum;
	return top + log(sum) - 0.5 * (double)(k - 1) * log(2 * M_PI * t->var);
}

/*
 * EM over each commit's assignments of states: their posterior given the
 * fit, then the gap, the share and the variance within from it (each step
 * raises the likelihood of the deviations).
 */
static void em(const struct record *r, struct two *t, double *w)
{
	double prev = -INFINITY, var_floor = 1e-12 * r->ss / (double)r->n;

	for (int round = 0; round < EM_ROUNDS; round++) {
		double ll = 0, dot_sum = 0, norm_sum = 0, ups = 0, ss = 0, mixed = 0;

		for (size_t c = 0; c < r->commits; c++) {
			const double *dot = r->dot[c], *norm = r->norm[c];
			unsigned all = 1u << r->size[c];

			ll += assignments(r, c, t, w);
			for (unsigned a = 0; a < all; a++) {
				ss += w[a] * left_after(r, c, a, t->gap);
				dot_sum += w[a] * dot[a];
				norm_sum += w[a] * norm[a];
				ups += w[a] * ups_of[a];
			}
			mixed += 1 - w[0] - w[all - 1];
		}
		t->log_lik = ll;
		t->mixed = mixed;
		if (ll - prev < 1e-9 * fabs(ll))
			break;
		prev = ll;
		/* ss was left by the old gap: the new one leaves norm (gap - old)^2 less. */
		if (norm_sum > 0) {
			double gap = dot_sum / norm_sum;

			ss -= norm_sum * (gap - t->gap) * (gap - t->gap);
			t->gap = gap;
		}
		t->share = fmin(fmax(ups / (double)r->n, 1e-6), 1 - 1e-6);
		t->var = fmax(ss / (double)(r->n - r->commits), var_floor);
	}
}

/*
 * The spread of each state's runs around it under t (0 the lower, 1 the
 * upper): a state of a few strays far off is wide, a state of a process
 * tight.
 */
static void state_spreads(const struct record *r, const struct two *t, double *w, double spread[2])
{
	double ss[2] = { 0, 0 }, runs[2] = { 0, 0 };

	for (size_t c = 0; c < r->commits; c++) {
		const double *dev = r->dev + c * MOST_RUNS;
		size_t k = r->size[c];

		assignments(r, c, t, w);
		for (unsigned a = 0; a < (1u << k); a++) {
			double mean = (double)ups_of[a] / (double)k;

			for (size_t i = 0; i < k; i++) {
				int up = (a >> i) & 1;
				double d = dev[i] - t->gap * (up - mean);

				ss[up] += w[a] * d * d;
				runs[up] += w[a];
			}
		}
	}
	for (int s = 0; s < 2; s++)
		spread[s] = runs[s] > 0 ? sqrt(ss[s] / runs[s]) : INFINITY;
}

void run_states_fit(struct run_states *s, const struct samples *at, size_t nr, unsigned char *const *keep)
{
	static const double start_gap[] = { 1.5, 3 }, start_share[] = { 0.25, 0.5, 0.75 };
	struct record r;
	struct two best = { .log_lik = -INFINITY };
	double var, one, level, *w, spread[2];

	memset(s, 0, sizeof(*s));
	record_init(&r, at, nr, keep);
	var = r.ss / (double)(r.n - r.commits ? r.n - r.commits : 1);
	if (r.commits < RUN_STATES_COMMITS || !(var > 0) || !isfinite(var)) {
		record_release(&r);
		return;
	}
	one = -0.5 * (double)(r.n - r.commits) * (log(2 * M_PI * var) + 1);
	w = xcalloc(1u << MOST_RUNS, sizeof(double));
	for (size_t a = 0; a < ARRAY_SIZE(start_gap); a++)
		for (size_t b = 0; b < ARRAY_SIZE(start_share); b++) {
			struct two t = { start_gap[a] * sqrt(var), start_share[b], var / 4, -INFINITY, 0 };

			em(&r, &t, w);
			if (t.log_lik > best.log_lik)
				best = t;
		}
	state_spreads(&r, &best, w, spread);
	/* The upper state is the one the gap adds to. */
	if (best.gap < 0) {
		best.gap = -best.gap;
		best.share = 1 - best.share;
	}
	level = stats_median(r.mean, r.commits);
	s->share = best.share;
	s->within = fmax(spread[0], spread[1]);
	s->ratio = 2 * (best.log_lik - one);
	s->mixed = best.mixed;
	s->gap = level != 0 ? best.gap / fabs(level) : 0;
	s->found = s->ratio >= RUN_STATES_RATIO && best.gap >= RUN_STATES_SEPARATE * s->within &&
		   s->within <= RUN_STATES_ALIKE * fmin(spread[0], spread[1]) &&
		   s->mixed >= RUN_STATES_COMMITS && s->share >= RUN_STATES_SHARE &&
		   s->share <= 1 - RUN_STATES_SHARE && s->gap > 0 && isfinite(s->gap);
	free(w);
	record_release(&r);
}

void run_states_print(FILE *fp, const struct run_states *s)
{
	char pct[NUMBER_FIXED_SIZE];

	if (s->found)
		fprintf(fp, "; two states %s%% apart, %.0f%% of the runs in the upper",
			number_fixed(pct, 100 * s->gap, 3, 0), 100 * s->share);
}
