#ifndef BISECT_RUN_NOTES_H
#define BISECT_RUN_NOTES_H

#include <stddef.h>
#include <git2.h>
#include "util/config.h"
#include "util/strbuf.h"

/*
 * The runs of `git benchbisect run`, kept in git notes (docs/run-notes.md):
 * one line per run in the note of the tested commit under a notes ref
 * (benchbisect.notesRef, default refs/notes/benchbisect), so that two
 * clones' notes merge line by line (git notes merge -s cat_sort_uniq):
 *
 *   benchbisect-run v1 key=<16 hex> machine=<name> date=<UTC, microseconds> duration=<s> exit=<code>[ value=<number>]
 *
 * The key (run_key_compute) names what was measured where: runs of one key
 * are interchangeable, runs of another are never mixed in.
 */
#define RUN_NOTES_REF "refs/notes/benchbisect"
#define RUN_KEY_HEX 16
#define RUN_MACHINE_MAX 64

/* One recorded run. */
struct run_record {
	char key[RUN_KEY_HEX + 1];
	char machine[RUN_MACHINE_MAX + 1];
	char date[32];		/* 2026-12-02T04:30:12.123456Z: sorts as it happened */
	double duration;	/* seconds */
	int exit;		/* 0..255 */
	int has_value;
	double value;		/* --metric, exit 0 */
};

/* Parse one line of a note; -1 when it is not a run line of a known version. */
int run_record_parse(struct run_record *r, const char *line);
/* Append r's line (with its newline) to sb. */
void run_record_format(struct strbuf *sb, const struct run_record *r);

/* What the key hashes; the caller fills it. */
struct run_key_input {
	const char **argv;	/* the command and its arguments, NULL-terminated */
	int metric;		/* --metric */
	const char *metric_pattern;	/* or NULL */
	const char *machine;
	const char *key_env;	/* benchbisect.keyEnv: names, by spaces or commas, or NULL */
	const char *dir;	/* the directory it runs in below the top of the tree,
				 * "dir/"; "" or NULL: the top (keys made before it was
				 * a field are the top's) */
};

/*
 * The key: the first RUN_KEY_HEX hex digits of the SHA-1 (as a git blob)
 * of every field of in, each length-prefixed, the environment variables
 * by name and value (unset differs from empty). out holds RUN_KEY_HEX + 1.
 */
void run_key_compute(char *out, const struct run_key_input *in);

/*
 * A key or a prefix of one as the user gave it, 1..RUN_KEY_HEX hex digits
 * of either case (as git takes an object name), into out (RUN_KEY_HEX + 1)
 * in lowercase, as run_key_compute() writes keys. Returns 0, or -1 with
 * an error that starts with from (the option).
 */
int run_key_parse(char *out, const char *key, const char *from);

/*
 * 0 when name is 1..RUN_MACHINE_MAX printable characters without a space,
 * else -1 with an error that starts with from (the option or key).
 */
int run_machine_check(const char *name, const char *from);

/*
 * The machine name: --machine (opt, may be NULL), else benchbisect.machine
 * (unless cfg is NULL: --no-machine), else the host name. Returns a malloc'd name, or NULL with
 * run_machine_check()'s error naming where a bad name came from.
 */
char *run_machine_name(struct config *cfg, const char *opt);

/*
 * The notes ref: benchbisect.notesRef expanded as `git notes --ref` does
 * (git's expand_notes_ref(): "refs/notes/x" as it is, "notes/x" is
 * refs/notes/x, any other under refs/notes/, "refs/heads/x" too), else
 * RUN_NOTES_REF.
 * Returns a malloc'd name, or NULL with an error printed when the name is
 * not a valid ref name.
 */
char *run_notes_ref(struct config *cfg);

/*
 * Read the note on commit in ref; *text gets its message (malloc'd, NULL
 * when there is none). Returns -1 with the reason in err when the ref or
 * the note cannot be read.
 */
int run_notes_read(git_repository *repo, const char *ref, const git_oid *commit, char **text,
		   struct strbuf *err);

/*
 * The message of the note whose blob is note (on commit, for the error):
 * *text malloc'd. Returns -1 with the reason in err when it cannot be read.
 */
int run_notes_blob_text(git_repository *repo, const git_oid *note, const git_oid *commit, char **text,
			struct strbuf *err);

/*
 * Call fn with every note in ref: the commit it is on and its blob (a ref
 * that does not exist has none; an annotated tag of a notes commit is
 * peeled to it, anything else that is no commit is an error). fn returns
 * 0 to go on, -1 with the reason in err to stop. Returns -1 with the
 * reason in err when the notes cannot be read or fn stopped.
 */
int run_notes_each_blob(git_repository *repo, const char *ref,
			int (*fn)(const git_oid *commit, const git_oid *note, void *data, struct strbuf *err),
			void *data, struct strbuf *err);

/*
 * Call fn with every note in ref, as run_notes_each_blob(), with the
 * note's message. Returns -1 with the reason in err when the notes cannot
 * be read.
 */
int run_notes_each(git_repository *repo, const char *ref,
		   void (*fn)(const git_oid *commit, const char *text, void *data), void *data, struct strbuf *err);

/*
 * The lines of text that are runs (each *out a record, malloc'd array,
 * sorted by date); *bad gets how many lines did not parse and *first_bad
 * the first of them (malloc'd, or NULL).
 */
size_t run_notes_parse(const char *text, struct run_record **out, size_t *bad, char **first_bad);

/* Lines waiting to be appended to commits' notes. */
struct run_notes_batch {
	git_oid *commits;
	struct strbuf *lines;	/* by commit: the lines to append */
	size_t nr, alloc;
	size_t runs;		/* the lines in all */
};

void run_notes_batch_init(struct run_notes_batch *b);
void run_notes_batch_release(struct run_notes_batch *b);
void run_notes_batch_add(struct run_notes_batch *b, const git_oid *commit, const struct run_record *r);

/*
 * Append the batch to the notes in ref as one notes commit, never touching
 * a work tree; the ref is moved only from the commit the notes were read
 * at (another writer in between, or holding the ref: read again and
 * retry, for about a second when patient, else once). The batch is
 * emptied when it was written, and kept when not (the caller may try
 * again). Returns -1 with the reason in err when it could not be written.
 */
int run_notes_write(git_repository *repo, const char *ref, struct run_notes_batch *b, int patient,
		    struct strbuf *err);

#endif
