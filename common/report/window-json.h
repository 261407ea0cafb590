#ifndef REPORT_WINDOW_JSON_H
#define REPORT_WINDOW_JSON_H

#include "util/json.h"
#include "history/window.h"

/*
 * The pieces of the --json contract that git-benchwindow and
 * git-benchbisect share. Every function returns a new cJSON item that the
 * caller owns (usually by adding it to an object).
 */

/* {"sha": <40-hex or null>, "date": <ISO or null>, "run_id": <string or null>} */
cJSON *window_end_json(const struct window_end *end);

/* One series point: run_id, sha, date, kernels, helion, triton, torch_compile, latency, helion_raw, kernel_set_changed. */
cJSON *series_point_json(const struct series_point *p);

/* {"sha", "date", "subject", "slice_match"} */
cJSON *window_commit_json(const struct window_commit *c);

/*
 * The step: found, before, after, change_pct, noise_pct, score,
 * persistent, nr_before, nr_after, noise_multiple, min_change, reason
 * (null when found), other_steps [{date, last_date, change_pct, score}].
 */
cJSON *window_step_json(const struct series *s, const struct step *st);

/*
 * null, or {date, last_date, gone[], added[], plain_change_pct,
 * common_change_pct} for the kernel-set change nearest the date.
 */
cJSON *window_set_change_json(const struct series *s, const struct kernel_set_change *c);

/* [{kernel, date, last_date, change_pct, noise_pct, score}]: the kernels that step on their own. */
cJSON *window_kernel_steps_json(const struct window *w);

/*
 * [{kernel, last_measured, change_pct, noise_pct, good_sha}]: the sparse
 * kernels of series s (kernels back at first bad after missing last good).
 */
cJSON *sparse_kernels_json(const struct series *s, const struct sparse_kernel *sparse, size_t nr);

/* The user's date: "YYYY-MM-DD" for a day argument, else ISO time. */
cJSON *window_date_json(const struct window *w, const char *date_arg);

/*
 * The git-benchwindow document: platform, kernel, date, last_good,
 * first_bad, step, kernel_set_change, kernel_steps, slice, slice_paths, empty, series (the nightlies shown),
 * commits (null when an end did not resolve; only the slice's with
 * only_slice).
 */
cJSON *window_json(const struct window *w, const struct window_options *o, int only_slice);

#endif
