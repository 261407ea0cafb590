/*
 * The step decision of `git benchwindow` at the scale of its error rates
 * (the brief's 1e-4): generated dashboards, each through the command's
 * own pipeline (dashboard_parse(), series_build(), window_compute_loaded()
 * with no repository: the step, the drift and the kernel steps exactly as
 * the command decides them), hundreds of thousands a family.
 *
 * A series is one platform of 5 to 8 kernels over 90 nightlies from
 * 2026-01-01, each kernel's noise 0.5-3% a night, as the generated suite
 * of bench/accuracy/gen.py draws them. The families:
 *
 *   nostep     the noise alone
 *   outlier    one night off by 10-50%, either way
 *   heavytail  a platform-wide shock each night, Student's t of 2 to 4
 *              degrees of freedom, scale 0.3-1%
 *   bimodal    each night on the other machine state with probability
 *              0.15-0.5, 3-8% off, at least 4x the geomean's noise
 *   weekly     a weekend offset or a 7-day wave of 2-5%, no step
 *   single     one step of max(2%, 6x the geomean's noise) to 20%, 70%
 *              of them up, at night 30-70; the query 0-3 nights off
 *   recovery   single's step at night 30-60, then 30-70% of it back
 *              5-15 nights later; the query 0-3 nights off the step and
 *              nearer it than the move back
 *   statestep  single's step under bimodal's states (reported, no target:
 *              a step near the states' distance can read either way)
 *   weekstep   weekly's pattern and a step of 4-7%, at least 6x the
 *              geomean's noise (issue 24: 36 of 38 in bench/accuracy)
 *   small      a step of 2.0-2.6% at night 30-75, at least 6x the
 *              geomean's noise (issue 24: 38 of 38)
 *   gap        single's step inside a run of 3 missing nightlies (night
 *              30-68); the query any night from 2 before the gap to 3
 *              after it (issue 24: 38 of 38)
 *   drift      a move of 5-15% (at least 6x the geomean's noise) spread
 *              evenly over 10-20 nights from night 25-55; the query any
 *              night from 2 before it to 2 after it. A hit is a step or
 *              drift whose first bad night lies within the drift (or up to
 *              3 nights after it), a false alarm any other step, drift or
 *              kernel step; named: the move named a drift, each end within
 *              3 nights of the truth (issue 24: drifts named as drifts)
 *   onekernel  one kernel of five steps 5-10%, at least 6x its own noise
 *              (the geomean moves 1-2%), at night 30-70; a hit names that
 *              kernel with its night inside its window (issue 24: 36 of
 *              38); a false alarm names another kernel or a window
 *              without the night, or a platform step without it
 *   spike      single's step and a one-night spike of 10-50%, either way,
 *              2-5 nights before or after it
 *   twosteps   two of single's steps 3-10 nights apart (the first at night
 *              30-60), together at least 4x the noise and 2% from a dip
 *              that reverts; the query 0-3 nights off either, nearer it
 *              than the other: that one is the truth, the other a false
 *              alarm when found
 *   missing    single's step, each nightly but the first and last missing
 *              with probability 0.15 and the step's own with 0.3 (its
 *              window then spans the gap), the two nightlies from the step
 *              on run
 *   manual     single's step and 3-8 manual runs (off the nightly
 *              schedule, on main or a side branch, 0.3-3x the level)
 *              within 8 nights of it, none of them a nightly
 *   kernelleave the 1-3 slowest (or fastest) kernels gone from night 30-70
 *              on, no step: the plain geomean jumps, the chain-linked one
 *              does not; named: the kernel-set change at its night, with
 *              those kernels gone and none added
 *   weekdrift  weekly's pattern (a weekend offset or a 7-day wave of 2-5%)
 *              and drift's move, judged as drift
 *   weekkernel onekernel's step under weekly's pattern, judged as onekernel
 *
 * The query of a no-step family is a night of 20-70. A false alarm is a
 * step, a drift or a kernel's step where there is none (or, in the
 * families with a step, at another night); a hit, the step inside the window, not a
 * drift (the window is the nightly pair, or two nights round a spike
 * left out beside the step: the first bad night's commits either way).
 * Case i of a family draws from a generator seeded by i and the family
 * alone, so a range of i is a fixed set: no range of this benchmark was
 * used to tune the decision.
 *
 * Usage: step-rates [--seeds FROM:TO] [--family NAME] [--part J/K] [--verbose] [--dump I]
 *   --part J/K   of the cases, FROM + i with i % K == J only (sum the rows)
 *   --verbose    each false alarm and miss on stderr, and each drift found
 *                but not named as one (a step, or a drift whose ends are off)
 *   --dump I     print case I's dashboard (of --family), its query and step
 *                night (on stderr), and stop
 * Prints a line a family:
 *   <family> <series> <hits> <false alarms> <of them: steps> <drifts>
 *   <kernel steps> <undecided> <wide> <named>
 * (hits are "-" for the no-step families, named but for drift and
 * kernelleave; wide: steps whose window spans
 * two nightlies, round one that could be on either side; a gap's window
 * across its missing nights is one pair), and after it, only where some
 * are, "<family> <n> answers contradict their own numbers"
 * (contradiction(); --verbose names each).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>
#include "sim/noise-model.h"
#include "util/config.h"
#include "util/strbuf.h"
#include "util/usage.h"
#include "dashboard/dashboard.h"
#include "history/levels.h"
#include "history/series.h"
#include "history/window.h"

#define NIGHTS 90
#define MAX_KERNELS 8
#define START 1767225600	/* 2026-01-01T00:00:00Z */
#define DAY 86400

static const struct family {
	const char *name;
	int steps;		/* its series hold a step: its hits are counted */
} families[] = {
	{ "nostep", 0 }, { "outlier", 0 }, { "heavytail", 0 }, { "bimodal", 0 }, { "weekly", 0 }, { "single", 1 },
	/* new families go last: case i of a family draws from its place in this list */
	{ "recovery", 1 }, { "statestep", 1 }, { "weekstep", 1 }, { "small", 1 }, { "gap", 1 }, { "onekernel", 1 },
	{ "drift", 1 }, { "spike", 1 }, { "twosteps", 1 }, { "missing", 1 }, { "manual", 1 }, { "kernelleave", 0 },
	{ "weekdrift", 1 }, { "weekkernel", 1 },
};
#define NR_FAMILIES (sizeof(families) / sizeof(*families))

struct gen {
	size_t k;
	double sigma[MAX_KERNELS], base[MAX_KERNELS];
	double shift[NIGHTS];	/* the platform-wide log shift of each night */
	unsigned char missing[NIGHTS];	/* gap: the nightly did not run */
	int drift_from, drift_to;	/* drift: its first and last night; -1: none */
	int kernel_at;		/* onekernel: the night the kernel steps on its own; -1: none */
	size_t kernel;
	double kernel_shift;	/* its log shift from that night on */
	int step_at;		/* the platform's step: its first bad night; -1: none */
	int query;
	int leave_at;		/* kernelleave: the first night without the kernels gone; -1: none */
	unsigned char gone[MAX_KERNELS];
	size_t nr_gone;
	int nr_manual;		/* manual: runs off the nightly schedule, each night's after its nightly */
	int manual_night[8];
	double manual_factor[8];
};

struct tally {
	size_t series, hits, false_alarms, undecided;
	size_t wide;		/* steps found whose window is wider than one nightly pair */
	size_t false_steps, false_drifts, false_kernels;	/* the false alarms by what was said */
	size_t named;		/* drift: named a drift, its ends near the truth's; kernelleave:
				 * the kernel-set change named at its night, with the kernels gone */
	size_t contradicted;	/* answers their own numbers contradict (contradiction()) */
};

static int verbose;
static long long dump = -1;	/* --dump I: the dashboard of case I, and no judging */

static unsigned long long seed_of(unsigned long long i, size_t family)
{
	return seed_mix(i * 0x9e3779b97f4a7c15ULL + (family + 1) * 0xd1b54a32d192ed03ULL);
}

static int rand_int(int lo, int hi)
{
	return lo + (int)(uniform() * (double)(hi - lo + 1));
}

/* The chain-linked geomean's noise a night. */
static double geomean_noise(const struct gen *g)
{
	double s = 0;

	for (size_t k = 0; k < g->k; k++)
		s += g->sigma[k] * g->sigma[k];
	return sqrt(s) / (double)g->k;
}

/* Scale the kernels' noise down so that a move of size is ratio times the geomean's noise. */
static void noise_under(struct gen *g, double size, double ratio)
{
	double want = fabs(log1p(size)) / ratio, f;

	if (geomean_noise(g) <= want)
		return;
	f = want * (0.6 + 0.4 * uniform()) / geomean_noise(g);
	for (size_t k = 0; k < g->k; k++)
		g->sigma[k] *= f;
}

static double student_t(int nu)
{
	double chi2 = 0;

	for (int i = 0; i < nu; i++) {
		double z = normal();

		chi2 += z * z;
	}
	return normal() / sqrt(chi2 / nu);
}

/* single's step (gen.py's step_size()). */
static double step_size(const struct gen *g)
{
	double lo = fmax(0.02, 6 * geomean_noise(g)), size = lo < 0.20 ? lo + (0.20 - lo) * uniform() : lo;

	return uniform() < 0.7 ? size : -size;
}

static void add_step(struct gen *g, int at, double size)
{
	for (int d = at; d < NIGHTS; d++)
		g->shift[d] += log1p(size);
}

/* bimodal's two machine states: each night on the other with probability 0.15-0.5, 3-8% off. */
static void add_states(struct gen *g)
{
	double p = 0.15 + 0.35 * uniform(), off = (0.03 + 0.05 * uniform()) * (uniform() < 0.5 ? -1 : 1);

	noise_under(g, off, 4);
	for (int d = 0; d < NIGHTS; d++)
		if (uniform() < p)
			g->shift[d] += log1p(off);
}

/* A weekend offset or a 7-day wave of 2-5%, either way. */
struct week {
	double amp, phase;
	int weekend;
};

static void draw_week(struct week *w)
{
	w->amp = (0.02 + 0.03 * uniform()) * (uniform() < 0.5 ? -1 : 1);
	w->phase = 2 * M_PI * uniform();
	w->weekend = uniform() < 0.5;
}

static void add_week(struct gen *g, const struct week *w)
{
	for (int d = 0; d < NIGHTS; d++)
		/* 2026-01-01 is a Thursday: nights 2 and 3 of each week are the weekend */
		g->shift[d] += w->weekend ? ((d + 4) % 7 >= 5 ? log1p(w->amp) : 0) :
					    w->amp * sin(2 * M_PI * d / 7 + w->phase);
}

/* A step of lo to hi, 30% of them up, at least 6x the geomean's noise, at night from..to. */
static void add_quiet_step(struct gen *g, double lo, double hi, int from, int to)
{
	double size = (lo + (hi - lo) * uniform()) * (uniform() < 0.3 ? 1 : -1);

	noise_under(g, size, 6);
	g->step_at = rand_int(from, to);
	add_step(g, g->step_at, size);
	g->query = g->step_at + rand_int(-3, 3);
	if (g->query >= NIGHTS)
		g->query = NIGHTS - 1;
}

/* drift's move: 5-15%, at least 6x the geomean's noise, over 10-20 nights; the query near it. */
static void add_drift(struct gen *g)
{
	int length = rand_int(10, 20);
	double lo = fmax(0.05, 6 * geomean_noise(g)), size = lo < 0.15 ? lo + (0.15 - lo) * uniform() : lo;

	size = log1p(uniform() < 0.3 ? size : -size);
	g->drift_from = rand_int(25, NIGHTS - length - 15);
	g->drift_to = g->drift_from + length - 1;
	for (int d = g->drift_from; d < NIGHTS; d++)
		g->shift[d] += size * fmin(1.0, (double)(d - g->drift_from + 1) / length);
	g->query = rand_int(g->drift_from - 2, g->drift_to + 2);
}

/*
 * twosteps: two steps 3-10 nights apart (at night 30-60), together far
 * from a dip that reverts; the one asked about either, the query 0-3
 * nights off it and nearer it than the other.
 */
static void add_two_steps(struct gen *g)
{
	int first = rand_int(30, 60), gap = rand_int(3, 10), other;
	double a = step_size(g), b = step_size(g);

	while (fabs(log1p(a) + log1p(b)) < 4 * geomean_noise(g) + 0.02)
		b = step_size(g);
	add_step(g, first, a);
	add_step(g, first + gap, b);
	g->step_at = uniform() < 0.5 ? first : first + gap;
	other = g->step_at == first ? first + gap : first;
	g->query = g->step_at;
	for (int tries = 0; tries < 20; tries++) {
		int q = g->step_at + rand_int(-3, 3);

		if (abs(q - g->step_at) < abs(q - other)) {
			g->query = q;
			break;
		}
	}
}

/* kernelleave: the 1-3 fastest (or slowest) kernels gone from night 30-70 on: the plain geomean jumps. */
static void leave_kernels(struct gen *g)
{
	size_t order[MAX_KERNELS];
	int fastest = uniform() < 0.5;

	g->nr_gone = (size_t)rand_int(1, 3);
	for (size_t k = 0; k < g->k; k++)
		order[k] = k;
	/* the kernels by speedup, slowest first (or fastest) */
	for (size_t i = 1; i < g->k; i++)
		for (size_t j = i; j > 0 && (fastest ? g->base[order[j]] > g->base[order[j - 1]] :
					    g->base[order[j]] < g->base[order[j - 1]]); j--) {
			size_t t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (size_t i = 0; i < g->nr_gone; i++)
		g->gone[order[i]] = 1;
	g->leave_at = rand_int(30, 70);
	g->query = g->leave_at + rand_int(-3, 3);
}

static void generate(struct gen *g, size_t family)
{
	struct week week;

	memset(g, 0, sizeof(*g));
	g->k = (size_t)rand_int(5, MAX_KERNELS);
	for (size_t k = 0; k < g->k; k++) {
		g->sigma[k] = 0.005 + 0.025 * uniform();
		g->base[k] = 0.6 + 1.9 * uniform();
	}
	g->step_at = g->kernel_at = g->drift_from = g->drift_to = g->leave_at = -1;
	g->query = rand_int(20, 70);
	if (!strcmp(families[family].name, "outlier")) {
		g->shift[rand_int(30, 70)] += log1p((0.10 + 0.40 * uniform()) * (uniform() < 0.5 ? -1 : 1));
	} else if (!strcmp(families[family].name, "heavytail")) {
		int nu = rand_int(2, 4);
		double scale = 0.003 + 0.007 * uniform();

		/* within a factor of e^2 either way: a dashboard holds speedups of 1e-9 to 1e9 */
		for (int d = 0; d < NIGHTS; d++)
			g->shift[d] += fmax(-2, fmin(2, scale * student_t(nu)));
	} else if (!strcmp(families[family].name, "bimodal")) {
		add_states(g);
	} else if (!strcmp(families[family].name, "weekly")) {
		draw_week(&week);
		/* the noise of the accuracy suite's weekly family, whose step is 4-7% */
		noise_under(g, 0.04 + 0.03 * uniform(), 6);
		add_week(g, &week);
	} else if (!strcmp(families[family].name, "single")) {
		double size = step_size(g);

		g->step_at = rand_int(30, 70);
		add_step(g, g->step_at, size);
		g->query = g->step_at + rand_int(-3, 3);
	} else if (!strcmp(families[family].name, "recovery")) {
		int gap = rand_int(5, 15);
		double size;

		g->step_at = rand_int(30, 60);
		size = step_size(g);
		add_step(g, g->step_at, size);
		size = -(0.3 + 0.4 * uniform()) * log1p(size);
		for (int d = g->step_at + gap; d < NIGHTS; d++)
			g->shift[d] += size;
		/* nearer the step than the move back: at most 2 nights after a move back 5 nights on */
		g->query = g->step_at + rand_int(-3, gap > 6 ? 3 : 2);
	} else if (!strcmp(families[family].name, "statestep")) {
		add_states(g);
		g->step_at = rand_int(30, 70);
		add_step(g, g->step_at, step_size(g));
		g->query = g->step_at + rand_int(-3, 3);
	} else if (!strcmp(families[family].name, "weekstep")) {
		draw_week(&week);
		add_week(g, &week);
		add_quiet_step(g, 0.04, 0.07, 30, 70);
	} else if (!strcmp(families[family].name, "small")) {
		add_quiet_step(g, 0.020, 0.026, 30, NIGHTS - 15);
	} else if (!strcmp(families[family].name, "gap")) {
		int m = rand_int(30, 66);

		g->step_at = m + rand_int(0, 2);
		add_step(g, g->step_at, step_size(g));
		memset(g->missing + m, 1, 3);
		g->query = m + rand_int(-2, 5);
	} else if (!strcmp(families[family].name, "drift")) {
		add_drift(g);
	} else if (!strcmp(families[family].name, "weekdrift")) {
		draw_week(&week);
		add_week(g, &week);
		add_drift(g);
	} else if (!strcmp(families[family].name, "onekernel") || !strcmp(families[family].name, "weekkernel")) {
		double size = 0.05 + 0.05 * uniform();

		g->k = 5;
		g->kernel = (size_t)rand_int(0, 4);
		g->sigma[g->kernel] = 0.004 + (size / 6 - 0.004) * uniform();
		g->kernel_shift = log1p(uniform() < 0.3 ? size : -size);
		g->kernel_at = rand_int(30, 70);
		g->query = g->kernel_at + rand_int(-3, 3);
		if (!strcmp(families[family].name, "weekkernel")) {
			draw_week(&week);
			add_week(g, &week);
		}
	} else if (!strcmp(families[family].name, "spike")) {
		g->step_at = rand_int(30, 70);
		add_step(g, g->step_at, step_size(g));
		g->shift[g->step_at + (uniform() < 0.5 ? -1 : 1) * rand_int(2, 5)] +=
			log1p((0.10 + 0.40 * uniform()) * (uniform() < 0.5 ? -1 : 1));
		g->query = g->step_at + rand_int(-3, 3);
	} else if (!strcmp(families[family].name, "twosteps")) {
		add_two_steps(g);
	} else if (!strcmp(families[family].name, "missing")) {
		g->step_at = rand_int(30, 70);
		add_step(g, g->step_at, step_size(g));
		for (int d = 1; d < NIGHTS - 1; d++)
			g->missing[d] = uniform() < 0.15;
		if (uniform() < 0.3)
			g->missing[g->step_at] = 1;
		/* the first nightly after the step is run, and the one after it */
		for (int d = g->step_at; d < NIGHTS - 1; d++)
			if (!g->missing[d]) {
				g->missing[d + 1] = 0;
				break;
			}
		g->query = g->step_at + rand_int(-3, 3);
	} else if (!strcmp(families[family].name, "manual")) {
		g->step_at = rand_int(30, 70);
		add_step(g, g->step_at, step_size(g));
		g->nr_manual = rand_int(3, 8);
		for (int m = 0; m < g->nr_manual; m++) {
			g->manual_night[m] = g->step_at + rand_int(-8, 8);
			g->manual_factor[m] = 0.3 + 2.7 * uniform();
		}
		g->query = g->step_at + rand_int(-3, 3);
	} else if (!strcmp(families[family].name, "kernelleave")) {
		leave_kernels(g);
	}
}

/* Kernel k's entry of night d, run at hour, its speedup factor times its level, into sb. */
static void add_entry(struct strbuf *sb, const struct gen *g, size_t k, int d, int run_id, int hour,
		      const char *branch, double factor)
{
	time_t t = START + (time_t)d * DAY + hour * 3600 + 20 * 60;
	struct tm tm;
	char date[32];

	gmtime_r(&t, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	strbuf_addf(sb, "%s{\"run_id\": \"%d\", \"sha\": \"%08x\", \"date\": \"%s\", "
		    "\"branch\": \"%s\", \"is_nightly\": %s, \"helion_speedup_geomean\": %.6g}",
		    sb->buf[sb->len - 1] == '[' ? "" : ",", run_id, 0x10000000 + d, date, branch,
		    hour == 8 ? "true" : "false",
		    factor * exp(log(g->base[k]) + g->shift[d] + g->sigma[k] * normal() +
				 (g->kernel_at >= 0 && k == g->kernel && d >= g->kernel_at ? g->kernel_shift : 0)));
}

/*
 * The dashboard of g, as JSON, into sb: each nightly at 08:20, and a
 * manual run of the night (off the nightly schedule, on main or a side
 * branch) at 15:20.
 */
static void dashboard_json(struct strbuf *sb, const struct gen *g)
{
	strbuf_addstr(sb, "{\"summary\": [");
	for (size_t k = 0; k < g->k; k++) {
		strbuf_addf(sb, "%s{\"kernel\": \"kernel_%c\", \"platform_short\": \"h100\", \"history\": [",
			    k ? "," : "", (char)('a' + k));
		for (int d = 0; d < NIGHTS; d++) {
			if (!g->missing[d] && !(g->gone[k] && d >= g->leave_at))
				add_entry(sb, g, k, d, 50000 + d, 8, "main", 1);
			for (int m = 0; m < g->nr_manual; m++)
				if (g->manual_night[m] == d)
					add_entry(sb, g, k, d, 60000 + m, 15, m % 2 ? "main" : "feature",
						  g->manual_factor[m]);
		}
		strbuf_addstr(sb, "]}");
	}
	strbuf_addstr(sb, "]}");
}

/* One false alarm: the step (or drift) said where it is wrong, else a kernel's step. */
static void tally_alarm(struct tally *t, int step_wrong, int drift)
{
	t->false_alarms++;
	t->false_drifts += step_wrong && drift;
	t->false_steps += step_wrong && !drift;
	t->false_kernels += !step_wrong;
}

/*
 * What contradicts the answer st in its own numbers, or NULL: a step or
 * drift told with a move that does not clear the bar it was judged by
 * (levels_decide()), or "no step" at a pair whose move does (a dip that
 * reverts aside). Any answer may be right or wrong; one whose numbers say
 * the opposite is a bug (stop 76: a step the kernels placed, told with
 * the geomean's pair there at 0.8 standard errors).
 */
static const char *contradiction(const struct step *st)
{
	int clears = st->z >= st->noise_multiple && levels_bound_pct(st->change_pct, st->se_pct) >= st->min_change;

	if (st->found && !st->undecided && !clears)
		return st->drift ? "a drift under the bar" : "a step under the bar";
	if (!st->found && !st->undecided && st->index && !st->dip_nights && clears)
		return "no step, over the bar";
	return NULL;
}

static int night_of(const struct series *s, size_t index)
{
	return (int)((s->points[index].run->time - START) / DAY);
}

/*
 * onekernel: a hit names the kernel, its night inside its window, and
 * nothing else wrong; a false alarm names another kernel, a window
 * without the night, or a platform step (or drift) without it.
 */
static void judge_kernel(const struct gen *g, const struct series *s, const struct window *w, int night, int good,
			 struct tally *t)
{
	int step_wrong = w->step.found && !(good < g->kernel_at && g->kernel_at <= night), kernel_wrong = 0, named = 0;
	char name[16];

	snprintf(name, sizeof(name), "kernel_%c", (char)('a' + g->kernel));
	for (size_t i = 0; i < w->nr_kernel_steps; i++) {
		const struct kernel_step *k = &w->kernel_steps[i];
		int right = !strcmp(k->kernel, name) && night_of(s, k->last_good) < g->kernel_at &&
			    g->kernel_at <= night_of(s, k->first_bad);

		named |= right;
		kernel_wrong |= !right;
	}
	t->hits += named && !kernel_wrong && !step_wrong;
	if (step_wrong || kernel_wrong)
		tally_alarm(t, step_wrong, w->step.drift);
}

/* The nights either end of a drift may be off (bench/accuracy's DRIFT_SLACK). */
#define DRIFT_SLACK 3

/* drift: a hit, a false alarm and a drift named as bench/accuracy/run.py counts them. */
static void judge_drift(const struct gen *g, unsigned long long i, const struct series *s, const struct window *w,
			int night, struct tally *t)
{
	int inside = w->step.found && night >= g->drift_from && night <= g->drift_to + DRIFT_SLACK;

	int named = w->step.found && w->step.drift &&
		    abs(night_of(s, w->step.last_good + 1) - g->drift_from) <= DRIFT_SLACK &&
		    abs(night_of(s, w->step.index) - g->drift_to) <= DRIFT_SLACK;

	t->hits += inside;
	t->named += named;
	if (verbose && inside && !named)
		fprintf(stderr, "drift %llu: not named: %s from night %d to %d; truth: nights %d to %d\n",
			i, w->step.drift ? "a drift" : "a step", night_of(s, w->step.last_good + 1),
			night_of(s, w->step.index), g->drift_from, g->drift_to);
	if ((w->step.found || w->nr_kernel_steps) && !inside)
		tally_alarm(t, w->step.found, w->step.drift);
}

static void judge(size_t family, unsigned long long i, struct config *cfg, struct tally *t)
{
	struct gen g;
	struct strbuf sb = STRBUF_INIT;
	struct dashboard d;
	struct series s;
	struct series_options so = { "h100", NULL, 0 };
	struct window_options o;
	struct window w;
	char date[16];
	time_t q;
	struct tm tm;
	int night, good, hit, missed;
	const char *said;
	size_t alarms = t->false_alarms, hits = t->hits;

	rng_state = seed_of(i, family);
	generate(&g, family);
	dashboard_json(&sb, &g);
	if (dump >= 0) {
		fprintf(stderr, "query: night %d\n", g.query);
		if (g.step_at >= 0)
			fprintf(stderr, "step: night %d\n", g.step_at);
		if (g.kernel_at >= 0)
			fprintf(stderr, "kernel_%c step: night %d\n", (char)('a' + g.kernel), g.kernel_at);
		if (g.drift_from >= 0)
			fprintf(stderr, "drift: nights %d to %d\n", g.drift_from, g.drift_to);
		if (g.leave_at >= 0)
			fprintf(stderr, "kernels gone: night %d\n", g.leave_at);
		puts(sb.buf);
		exit(0);
	}
	dashboard_init(&d);
	if (dashboard_parse(&d, sb.buf, sb.len, "step-rates") || series_build(&s, &d, &so))
		die("case %llu of %s: the generated dashboard does not load", i, families[family].name);
	q = START + (time_t)g.query * DAY;
	gmtime_r(&q, &tm);
	strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	window_options_init(&o);
	o.platform = "h100";
	o.date = date;
	if (window_compute_loaded(&w, NULL, cfg, &o, &d, &s) == WINDOW_ERROR)
		die("case %llu of %s: no window", i, families[family].name);
	t->series++;
	t->undecided += w.step.undecided;
	if ((said = contradiction(&w.step))) {
		t->contradicted++;
		if (verbose)
			fprintf(stderr, "%s %llu: contradicts its numbers: %s (%+.2f%% +- %.2f%%, %.2f standard errors)\n",
				families[family].name, i, said, w.step.change_pct, w.step.se_pct, w.step.z);
	}
	night = w.step.found ? night_of(&s, w.step.first_bad) : -1;
	good = w.step.found ? night_of(&s, w.step.last_good) : -1;
	if (g.kernel_at >= 0) {
		judge_kernel(&g, &s, &w, night, good, t);
	} else if (g.drift_from >= 0) {
		judge_drift(&g, i, &s, &w, night, t);
	} else {
		if (g.leave_at >= 0)
			t->named += w.set_change.index && night_of(&s, w.set_change.index) == g.leave_at &&
				    w.set_change.nr_gone == g.nr_gone && !w.set_change.nr_added;
		/* the window holds the first bad night's commits: one nightly pair, or two round a spike */
		hit = g.step_at >= 0 && good < g.step_at && g.step_at <= night && !w.step.drift;
		t->hits += hit;
		if ((w.step.found && !hit) || w.nr_kernel_steps)
			tally_alarm(t, w.step.found && !hit, w.step.drift);
	}
	/* in nightlies, not days: a gap's window spans its missing nights */
	t->wide += w.step.found && !w.step.drift && w.step.first_bad - w.step.last_good > 1;
	missed = families[family].steps && t->hits == hits;
	if (verbose && (t->false_alarms > alarms || missed))
		fprintf(stderr, "%s %llu: %squery %s, %s at night %d, last good %d (%+.1f%%, %.1f standard errors), "
			"%zu kernel steps; truth: night %d\n",
			families[family].name, i, missed ? "missed: " : "", date,
			w.step.found ? (w.step.undecided ? "undecided" : w.step.drift ? "drift" : "step") : "no step",
			night, good, w.step.change_pct, w.step.z, w.nr_kernel_steps,
			g.kernel_at >= 0 ? g.kernel_at : g.drift_from >= 0 ? g.drift_from : g.step_at);
	for (size_t k = 0; verbose && (t->false_alarms > alarms || missed) && k < w.nr_kernel_steps; k++)
		fprintf(stderr, "  %s at night %d, last good %d (%+.1f%%, %.1f standard errors)\n",
			w.kernel_steps[k].kernel, night_of(&s, w.kernel_steps[k].first_bad),
			night_of(&s, w.kernel_steps[k].last_good), w.kernel_steps[k].change_pct, w.kernel_steps[k].z);
	window_release(&w);
	window_options_release(&o);
	series_release(&s);
	dashboard_release(&d);
	strbuf_release(&sb);
}

int main(int argc, char **argv)
{
	unsigned long long from = 9000000, to = 9001000, part = 0, parts = 1;
	const char *only = NULL;
	struct config cfg;

	for (int a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--seeds") && a + 1 < argc && sscanf(argv[++a], "%llu:%llu", &from, &to) == 2)
			continue;
		if (!strcmp(argv[a], "--dump") && a + 1 < argc && sscanf(argv[++a], "%lld", &dump) == 1 && dump >= 0) {
			from = (unsigned long long)dump;
			to = from + 1;
			continue;
		}
		if (!strcmp(argv[a], "--verbose")) {
			verbose = 1;
			continue;
		}
		if (!strcmp(argv[a], "--family") && a + 1 < argc) {
			only = argv[++a];
			continue;
		}
		if (!strcmp(argv[a], "--part") && a + 1 < argc && sscanf(argv[++a], "%llu/%llu", &part, &parts) == 2 &&
		    part < parts)
			continue;
		fprintf(stderr, "usage: step-rates [--seeds FROM:TO] [--family NAME] [--part J/K] [--verbose] [--dump I]\n");
		return 129;
	}
	git_libgit2_init();
	if (config_init(&cfg, NULL))
		die("cannot read the configuration");
	usage_set_quiet(1);
	for (size_t f = 0; f < NR_FAMILIES; f++) {
		struct tally t = { 0 };
		char hits[32] = "-", named[32] = "-";

		if (only && strcmp(only, families[f].name))
			continue;
		for (unsigned long long i = from + part; i < to; i += parts)
			judge(f, i, &cfg, &t);
		if (families[f].steps)
			snprintf(hits, sizeof(hits), "%zu", t.hits);
		if (!strcmp(families[f].name, "drift") || !strcmp(families[f].name, "weekdrift") ||
		    !strcmp(families[f].name, "kernelleave"))
			snprintf(named, sizeof(named), "%zu", t.named);
		printf("%-11s %8zu %8s %6zu %6zu %6zu %6zu %6zu %6zu %6s\n", families[f].name, t.series, hits,
		       t.false_alarms, t.false_steps, t.false_drifts, t.false_kernels, t.undecided, t.wide, named);
		if (t.contradicted)
			printf("%-11s %8zu answers contradict their own numbers\n", families[f].name, t.contradicted);
		fflush(stdout);
	}
	config_release(&cfg);
	git_libgit2_shutdown();
	return 0;
}
