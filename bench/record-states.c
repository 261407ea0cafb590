/*
 * Whether recorded runs show two states (bisect/run-states.h), at the
 * scale of its error rate: generated records pooled as `run --metric`
 * pools the notes (run_noise_pool()), hundreds of thousands a shape.
 *
 * A record is C commits, each of 2 to 5 runs (uniform), at levels of 100
 * plus a step of 0-20 noise units (a record spans steps), noise 1 and 3%
 * outliers of +10..60 or +2..30 (noise-model.h). The shapes:
 *
 *   normal     normal noise
 *   states     two states as the H200 showed them (noise-model.h:
 *              -1.357 or +0.678, a third the lower, 0.28 within)
 *
 * Case i of a shape and C draws from a generator seeded by i, C and the
 * shape alone; the thresholds were set on 1..2000 and 1000000..1019999
 * only.
 *
 * Usage: record-states [--seeds FROM:TO] [--part J/K] [--commits C]
 *   --commits C   records of C commits only
 * Prints a line a shape, outliers and C:
 *   <shape> <outliers> <commits> <records> <two states found> <mean gap found, % of the level>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim/noise-model.h"
#include "util/usage.h"
#include "bisect/bisect.h"
#include "bisect/run-noise.h"

static const size_t commits[] = { 3, 5, 10, 20, 60 };

static double one_run(int states, double level, double from, double to)
{
	return states ? two_state_run_shaped(level, 0.03, from, to) : noisy_run_shaped(level, 0.03, from, to);
}

int main(int argc, char **argv)
{
	unsigned long long from = 1, to = 100001, part = 0, parts = 1;
	size_t only = 0;
	struct samples at[60];

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seeds") && i + 1 < argc) {
			if (sscanf(argv[++i], "%llu:%llu", &from, &to) != 2 || to <= from)
				return fprintf(stderr, "record-states: bad --seeds\n"), 129;
		} else if (!strcmp(argv[i], "--part") && i + 1 < argc) {
			if (sscanf(argv[++i], "%llu/%llu", &part, &parts) != 2 || part >= parts)
				return fprintf(stderr, "record-states: bad --part\n"), 129;
		} else if (!strcmp(argv[i], "--commits") && i + 1 < argc) {
			only = strtoul(argv[++i], NULL, 10);
		} else {
			return fprintf(stderr, "usage: record-states [--seeds FROM:TO] [--part J/K] [--commits C]\n"), 129;
		}
	}
	memset(at, 0, sizeof(at));
	for (int states = 0; states < 2; states++)
		for (int shape = 0; shape < 2; shape++)
			for (size_t k = 0; k < ARRAY_SIZE(commits); k++) {
				double lo = shape ? 2 : 10, hi = shape ? 30 : 60, gap_sum = 0;
				unsigned long long found = 0, cases = 0;

				if (only && commits[k] != only)
					continue;

				for (unsigned long long seed = from; seed < to; seed++) {
					struct run_noise n;

					if (seed % parts != part)
						continue;
					rng_state = seed_mix(seed * 1000003ULL + commits[k] * 16 + (unsigned)(states * 2 + shape));
					for (size_t c = 0; c < commits[k]; c++) {
						size_t runs = 2 + (size_t)(uniform() * 4);
						double level = 100 + (uniform() < 0.5 ? 0 : 20 * uniform());

						at[c].nr = 0;
						for (size_t r = 0; r < runs; r++)
							samples_add(&at[c], one_run(states, level, lo, hi));
					}
					run_noise_pool(&n, at, commits[k]);
					cases++;
					if (n.states.found) {
						found++;
						gap_sum += n.states.gap * 100;
					}
				}
				printf("%s %s %zu %llu %llu %.3f\n", states ? "states" : "normal", shape ? "+2..30" : "+10..60",
				       commits[k], cases, found, found ? gap_sum / (double)found : 0.0);
			}
	for (size_t c = 0; c < ARRAY_SIZE(at); c++)
		samples_release(&at[c]);
	return 0;
}
