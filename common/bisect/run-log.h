#ifndef BISECT_RUN_LOG_H
#define BISECT_RUN_LOG_H

#include <git2.h>
#include "bisect/run-notes.h"
#include "bisect/run-noise.h"
#include "bisect/posterior.h"

/*
 * `git benchbisect log`: the runs recorded in the notes (run-notes.h)
 * along the first-parent history of a range, per commit and key.
 */

/* One key's runs on one commit. */
struct run_log_entry {
	char key[RUN_KEY_HEX + 1];
	char machine[RUN_MACHINE_MAX + 1];
	double *values;		/* the runs' values, oldest first (owned) */
	size_t nr_values;
	size_t good, bad, skipped;	/* runs without a value: exit 0, 1..127 but 125, others
					 * (a --metric key's failures are all skipped) */
};

struct run_log_commit {
	git_oid oid;
	char *subject;		/* (owned) */
	struct run_log_entry *entries;	/* (owned) */
	size_t nr_entries, alloc_entries;
};

/*
 * One key's noise: its values pooled within the range's commits, as `run
 * --metric` pools the record it weighs (run-noise.h).
 */
struct run_log_noise {
	char key[RUN_KEY_HEX + 1];
	char machine[RUN_MACHINE_MAX + 1];
	struct run_noise noise;		/* df > 0 (a commit of two values or more), var finite */
};

struct run_log {
	char *ref;			/* the notes ref (owned) */
	struct run_log_commit *commits;	/* newest first: every commit of the range (owned) */
	size_t nr, alloc;
	struct run_log_noise *noise;	/* each key with a noise, by first appearance (owned) */
	size_t nr_noise, alloc_noise;
	size_t bad_lines;		/* lines that did not parse (warned) */
	int abbrev;
};

struct run_log_options {
	const char *range;		/* "A..B", a revision, or NULL for HEAD */
	const char *key;		/* a key or a prefix of one, or NULL: every key */
};

/*
 * Walk the range's first-parent history and read its notes in ref. A
 * line that does not parse is skipped with a warning. Returns -1 with an
 * error printed.
 */
int run_log_collect(struct run_log *log, git_repository *repo, const char *ref, int abbrev,
		    const struct run_log_options *o);
void run_log_release(struct run_log *log);

/* The median and the spread (1.4826 MAD, percent of the median) of e's values. */
double run_log_median(const struct run_log_entry *e);
double run_log_spread(const struct run_log_entry *e);

/* The keys in the notes, each with its machine and run count (for completion too). */
struct run_log_key {
	char *name;		/* "<key> <machine>" (owned) */
	size_t runs;
};

struct run_log_keys {
	struct run_log_key *v;	/* sorted by name (owned) */
	size_t nr, alloc;
};

/* Fill keys from the notes in ref; -1 with an error printed. Always call run_log_keys_release(). */
int run_log_keys(struct run_log_keys *keys, git_repository *repo, const char *ref);
void run_log_keys_release(struct run_log_keys *keys);

#endif
