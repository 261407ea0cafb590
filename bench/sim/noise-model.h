#ifndef BENCH_SIM_NOISE_MODEL_H
#define BENCH_SIM_NOISE_MODEL_H

#include <math.h>

/*
 * Simulated benchmark noise for the metric benchmarks and tests
 * (bench/metric-floor.c, bench/metric-bisect.c and, through
 * metric-sim.h, tests/unit/test-bisect.c): a deterministic
 * generator (xorshift64*), normal deviates (Box-Muller), and the outliers
 * of the generated suite: 3% of runs, +10..60 sigma (a stalled run), or
 * the nearer shape +2..30 sigma (a noisy neighbour).
 */
static unsigned long long rng_state;

/* splitmix64's finalizer: a seed for rng_state from a case's numbers mixed into z (never 0). */
static inline unsigned long long seed_mix(unsigned long long z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return z ? z : 1;
}

static double uniform(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((rng_state * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

static double normal(void)
{
	double u = uniform(), v = uniform();

	return sqrt(-2 * log(u > 0 ? u : 1e-300)) * cos(2 * M_PI * v);
}

/* v, an outlier of +from..to with probability outliers (0: none). */
static inline double with_outlier(double v, double outliers, double from, double to)
{
	if (uniform() < outliers)
		v += from + (to - from) * uniform();
	return v;
}

/* One run at a level of mean, noise 1, outliers of +from..to (a rate of 0 for none). */
static inline double noisy_run_shaped(double mean, double outliers, double from, double to)
{
	return with_outlier(mean + normal(), outliers, from, to);
}

/* The same with the first shape, +10..60. */
static inline double noisy_run(double mean, double outliers)
{
	return noisy_run_shaped(mean, outliers, 10, 60);
}

/*
 * One run whose noise has two states, as an H200 showed it
 * (bench/gpu/h200-noise-levels.txt: each run's process in one of two
 * states about 0.5 us apart, a third of them the lower one, little spread
 * within a state): -1.357 or +0.678 with probability 1/3 and 2/3, plus
 * normal noise of 0.28, so the noise is still 1 with mean 0; outliers as
 * noisy_run_shaped()'s. The state is drawn first, then the normal part
 * (in two statements: the order of a sum's operands is not fixed).
 */
static inline double two_state_run_shaped(double mean, double outliers, double from, double to)
{
	double v = mean + (uniform() < 1.0 / 3 ? -1.357 : 0.678);

	v += 0.28 * normal();
	return with_outlier(v, outliers, from, to);
}

#endif
