#ifndef CLASSIFY_MEASURE_CONFIG_H
#define CLASSIFY_MEASURE_CONFIG_H

#include <git2.h>
#include "util/strvec.h"

/*
 * What a platform's nightly runs at one revision, read from the
 * repository's tree (no checkout): the `kernels_<backend>` default list in
 * .github/workflows/benchmark_dispatch.yml, and the kernels whose
 * benchmarks/run.py mapping drops --cudagraph through `remove_flags`
 * (their speedup then comes from a different timer). Line-based parsing,
 * after the dashboard builder's own reading of the dispatch file.
 */
#define DISPATCH_PATH ".github/workflows/benchmark_dispatch.yml"
#define RUNPY_PATH "benchmarks/run.py"

struct measure_config {
	int has_runpy;		/* benchmarks/run.py was read */
	int has_list;		/* the dispatch file holds the platform's default list */
	char *dispatch_problem;	/* why there is no list, for the evidence (owned), or NULL */
	struct strvec inputs;	/* the platform's dispatch inputs found, e.g. kernels_cute */
	struct strvec kernels;	/* their default lists, joined */
	struct strvec no_cudagraph;	/* kernels run.py times without --cudagraph */
};

void measure_config_init(struct measure_config *mc);
void measure_config_release(struct measure_config *mc);

/*
 * Read both files at commit. Missing files are not an error: has_list
 * and has_runpy say what was read, dispatch_problem why there is no list. Returns -1 with an error printed when the
 * repository cannot be read.
 */
int measure_config_read(struct measure_config *mc, git_repository *repo, const git_oid *commit,
			const char *platform);

/* 1: the kernel is cudagraph-timed; 0: run.py drops --cudagraph; -1: run.py not read. */
int measure_config_cudagraph(const struct measure_config *mc, const char *kernel);

/* 1 when the dispatch list names kernel, 0 when not, -1 without a list. */
int measure_config_runs(const struct measure_config *mc, const char *kernel);

/*
 * The pure parsers. The dispatch inputs of a platform_short: the backend
 * suffix decides (b200_cute -> kernels_cute), tpu* -> kernels_tpu, else
 * kernels and kernels_linattn.
 */
void dispatch_inputs(const char *platform, struct strvec *out);
/* Append the default list of input to out; 1 when the input has one. */
int dispatch_default_list(const char *text, const char *input, struct strvec *out);
/* Append the KERNEL_MAPPINGS keys whose remove_flags hold --cudagraph. */
void runpy_no_cudagraph(const char *text, struct strvec *out);

#endif
