#ifndef BISECT_RUN_MEMORY_H
#define BISECT_RUN_MEMORY_H

#include <stddef.h>
#include <git2.h>
#include "util/config.h"
#include "bisect/run-notes.h"
#include "bisect/run-noise.h"

/*
 * What one `git benchbisect run` remembers: the runs recorded in the notes
 * under its key for each commit of the window (used before any fresh run
 * there, oldest first), and its own fresh runs, appended to the notes
 * after each round. Everything here runs on the main thread.
 */
struct run_memory {
	char *ref;			/* the notes ref (owned) */
	char *machine;			/* (owned) */
	char key[RUN_KEY_HEX + 1];
	size_t nr;			/* positions 0..nr */
	struct run_record **at;		/* by position: this key's recorded runs (owned) */
	size_t *nr_at, *next_at;	/* how many, and the next one unused */
	size_t recorded;		/* recorded runs found in the window */
	size_t used;			/* of them, used */
	struct run_noise noise;		/* --metric: the noise of this key's runs on the
					 * commits outside the window (df 0: none) */
	struct run_notes_batch pending;	/* fresh runs not written yet (a failed write keeps them) */
	char last_date[32];		/* the date of the last fresh run */
	int write_failed;		/* a write failed and was warned of (once) */
	int off;			/* benchbisect.notes false: none used, none kept */
};

/* What the key and the notes come from. */
struct run_memory_options {
	const char *machine;		/* --machine, or NULL */
	int host_machine;		/* without it, the host name, not benchbisect.machine */
	const char *metric_pattern;	/* or NULL */
	int metric;
	int fresh;			/* --fresh: use no recorded run */
	const char **argv;		/* the command (not the launcher) */
	const char *dir;		/* where it runs below the top of the tree, or NULL */
};

/*
 * The key, the notes ref, and the recorded runs of commits[0..nr] (by
 * position) unless o->fresh, with --metric also the noise of the key's
 * runs on every other commit with a note (run-noise.h); nothing when
 * benchbisect.notes is false. A note or a ref that cannot be read, or a
 * line that does not parse, is a warning. Returns -1 with an error printed
 * when the configuration is wrong (the machine name, the notes ref).
 */
int run_memory_init(struct run_memory *m, git_repository *repo, struct config *cfg,
		    const struct run_memory_options *o, const git_oid *const *commits, size_t nr);
void run_memory_release(struct run_memory *m);

/* The next recorded run at pos not used yet (it is used now), or NULL. */
const struct run_record *run_memory_take(struct run_memory *m, size_t pos);

/* A fresh run at pos on commit: its exit code, its value (or NULL), how long it took. */
void run_memory_add(struct run_memory *m, const git_oid *commit, int exit, const double *value, double duration);

/*
 * Append the fresh runs to the notes. A failure is a warning (the first
 * only), never an error: the runs stay pending and the next flush tries
 * them again; the last (last set) says how many were never recorded.
 */
void run_memory_flush(struct run_memory *m, git_repository *repo, int last);

#endif
