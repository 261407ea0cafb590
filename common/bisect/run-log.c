/*
 * `git benchbisect log`: the recorded runs along the first-parent history
 * of a range (run-log.h); report/run-log-text.c, run-log-json.c and
 * run-log-svg.c print them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/repo.h"
#include "util/stats.h"
#include "util/revision.h"
#include "bisect/run-log.h"

/*
 * The annotated commits and their notes' blobs, sorted by commit, for the
 * walk to look up: each note read by its blob, the notes tree walked once.
 * And the keys of --metric: those with a value in any note. A key's
 * mode is hashed into it, not written beside it, and only a --metric
 * run that measured something has a value; its failed runs (any exit
 * but 0, as bisect_judge_count_run() counts them) are untestable, where
 * an exit-status key's are bad.
 */
struct note_on {
	git_oid commit, blob;
};

struct annotated {
	git_repository *repo;
	struct note_on *v;
	size_t nr, alloc;
	char (*metric)[RUN_KEY_HEX + 1];
	size_t nr_metric, alloc_metric;
};

static int is_metric(const struct annotated *a, const char *key)
{
	for (size_t k = 0; k < a->nr_metric; k++)
		if (!strcmp(a->metric[k], key))
			return 1;
	return 0;
}

static int add_annotated(const git_oid *commit, const git_oid *blob, void *data, struct strbuf *err)
{
	struct annotated *a = data;
	struct run_record *recs;
	char *text, *first_bad;
	size_t nr, bad;

	if (run_notes_blob_text(a->repo, blob, commit, &text, err))
		return -1;
	nr = run_notes_parse(text, &recs, &bad, &first_bad);
	for (size_t i = 0; i < nr; i++)
		if (recs[i].has_value && !is_metric(a, recs[i].key)) {
			ALLOC_GROW(a->metric, a->nr_metric + 1, a->alloc_metric);
			memcpy(a->metric[a->nr_metric++], recs[i].key, sizeof(recs[i].key));
		}
	free(recs);
	free(first_bad);
	free(text);
	ALLOC_GROW(a->v, a->nr + 1, a->alloc);
	git_oid_cpy(&a->v[a->nr].commit, commit);
	git_oid_cpy(&a->v[a->nr++].blob, blob);
	return 0;
}

/* By commit (the key of bsearch() is a note_on whose commit is set). */
static int cmp_commit(const void *a, const void *b)
{
	return git_oid_cmp(&((const struct note_on *)a)->commit, &((const struct note_on *)b)->commit);
}

/* The error of notes that cannot be read (err the reason): -1. */
static int notes_error(struct strbuf *err)
{
	error("cannot read the recorded runs: %s", err->buf);
	strbuf_release(err);
	return -1;
}

/* Every annotated commit of ref; none when the ref does not exist. */
static int read_annotated(git_repository *repo, const char *ref, struct annotated *a)
{
	struct strbuf err = STRBUF_INIT;

	if (run_notes_each_blob(repo, ref, add_annotated, a, &err))
		return notes_error(&err);
	if (a->nr)
		qsort(a->v, a->nr, sizeof(*a->v), cmp_commit);
	return 0;
}

/* The entry of key and machine on commit c, or NULL. */
static struct run_log_entry *entry_of(const struct run_log_commit *c, const char *key, const char *machine)
{
	for (size_t k = 0; k < c->nr_entries; k++)
		if (!strcmp(c->entries[k].key, key) && !strcmp(c->entries[k].machine, machine))
			return &c->entries[k];
	return NULL;
}

/* The entry of r's key and machine on c, added when it has none. */
static struct run_log_entry *entry_for(struct run_log_commit *c, const struct run_record *r)
{
	struct run_log_entry *e = entry_of(c, r->key, r->machine);

	if (e)
		return e;
	ALLOC_GROW(c->entries, c->nr_entries + 1, c->alloc_entries);
	e = &c->entries[c->nr_entries++];
	memset(e, 0, sizeof(*e));
	memcpy(e->key, r->key, sizeof(e->key));
	memcpy(e->machine, r->machine, sizeof(e->machine));
	return e;
}

/* The runs of the note (its blob) on c, those of a key starting with key (NULL: all). */
static int read_runs(struct run_log *log, const struct annotated *a, struct run_log_commit *c,
		     const git_oid *note, const char *key)
{
	git_repository *repo = a->repo;
	struct strbuf err = STRBUF_INIT;
	struct run_record *recs;
	char *text, *first_bad, hex[GIT_OID_HEXSZ + 1];
	size_t nr, bad;

	if (run_notes_blob_text(repo, note, &c->oid, &text, &err)) {
		error("%s", err.buf);
		strbuf_release(&err);
		return -1;
	}
	nr = run_notes_parse(text, &recs, &bad, &first_bad);
	if (bad)
		warning("skipping %zu line%s of the note on %s in %s that do%s not parse: '%s'", bad,
			bad > 1 ? "s" : "", revision_abbrev(repo, &c->oid, log->abbrev, hex), log->ref,
			bad > 1 ? "" : "es", first_bad);
	log->bad_lines += bad;
	for (size_t i = 0; i < nr; i++) {
		struct run_log_entry *e;

		if (key && strncmp(recs[i].key, key, strlen(key)))
			continue;
		e = entry_for(c, &recs[i]);
		if (recs[i].has_value) {
			e->values = xrealloc(e->values, (e->nr_values + 1) * sizeof(double));
			e->values[e->nr_values++] = recs[i].value;
		} else if (recs[i].exit == 0) {
			e->good++;
		} else if (recs[i].exit == 125 || recs[i].exit > 127 || is_metric(a, recs[i].key)) {
			e->skipped++;
		} else {
			e->bad++;
		}
	}
	free(recs);
	free(text);
	free(first_bad);
	return 0;
}

/* The walk: from the range's tip down its first parents, to its base (excluded). */
static int walk(git_repository *repo, const char *range, int abbrev, git_revwalk **out)
{
	char *base = NULL, *head = NULL;
	git_commit *tip = NULL, *stop = NULL;
	int split, ret = -1;

	/*
	 * A..B or one revision: git log's A...B (the commits of either side
	 * alone) and X^@, X^!, X^-n have no one first-parent line to walk,
	 * and A...B as git diff reads it walked from B to the merge base,
	 * nothing where B is an ancestor of A.
	 */
	if (range && revision_names_several(repo, range) &&
	    (!revision_is_range(repo, range) || strstr(range, "...")))
		return error("'%s' is no range log can walk: give A..B or one revision", range);
	split = range ? revision_split_range(repo, range, abbrev, &base, &head) : 0;
	if (split < 0)
		return -1;
	if (repo_resolve_commit(repo, split ? head : range ? range : "HEAD", &tip) ||
	    (base && repo_resolve_commit(repo, base, &stop)))
		goto out;
	if (git_revwalk_new(out, repo) || git_revwalk_simplify_first_parent(*out) ||
	    git_revwalk_push(*out, git_commit_id(tip)) || (stop && git_revwalk_hide(*out, git_commit_id(stop)))) {
		repo_error("cannot walk the history of '%s'", range ? range : "HEAD");
		goto out;
	}
	ret = 0;
out:
	git_commit_free(tip);
	git_commit_free(stop);
	free(base);
	free(head);
	return ret;
}

/* Each key's values pooled within commits (log->noise), the keys with a finite noise only. */
static void pool_noise(struct run_log *log)
{
	struct samples *at = xcalloc(log->nr + 1, sizeof(*at));

	for (size_t i = 0; i < log->nr; i++)
		for (size_t k = 0; k < log->commits[i].nr_entries; k++) {
			const struct run_log_entry *e = &log->commits[i].entries[k];
			struct run_log_noise *n;
			int seen = 0;

			for (size_t j = 0; j < i && !seen; j++)
				seen = entry_of(&log->commits[j], e->key, e->machine) != NULL;
			if (seen)
				continue;
			/* the values of each commit, lent: run_noise_pool() only reads them */
			for (size_t j = 0; j < log->nr; j++) {
				const struct run_log_entry *at_j = entry_of(&log->commits[j], e->key, e->machine);

				at[j] = (struct samples){ at_j ? at_j->values : NULL, at_j ? at_j->nr_values : 0, 0 };
			}
			ALLOC_GROW(log->noise, log->nr_noise + 1, log->alloc_noise);
			n = &log->noise[log->nr_noise];
			memcpy(n->key, e->key, sizeof(n->key));
			memcpy(n->machine, e->machine, sizeof(n->machine));
			run_noise_pool(&n->noise, at, log->nr);
			/* values near the largest double can overflow the squares: no noise to tell */
			log->nr_noise += n->noise.df > 0 && isfinite(n->noise.var);
		}
	free(at);
}

int run_log_collect(struct run_log *log, git_repository *repo, const char *ref, int abbrev,
		    const struct run_log_options *o)
{
	struct annotated a = { repo, NULL, 0, 0, NULL, 0, 0 };
	struct note_on key;
	const struct note_on *note;
	git_revwalk *w = NULL;
	git_oid oid;
	int ret = -1, rc;

	memset(log, 0, sizeof(*log));
	log->ref = xstrdup(ref);
	log->abbrev = abbrev;
	if (read_annotated(repo, ref, &a) || walk(repo, o->range, abbrev, &w))
		goto out;
	while (!(rc = git_revwalk_next(&oid, w))) {
		struct run_log_commit *c;
		git_commit *commit;

		if (git_commit_lookup(&commit, repo, &oid)) {
			repo_error("cannot read commit %s", git_oid_tostr_s(&oid));
			goto out;
		}
		ALLOC_GROW(log->commits, log->nr + 1, log->alloc);
		c = &log->commits[log->nr++];
		memset(c, 0, sizeof(*c));
		git_oid_cpy(&c->oid, &oid);
		c->subject = xstrdup(git_commit_summary(commit) ? git_commit_summary(commit) : "");
		git_commit_free(commit);
		git_oid_cpy(&key.commit, &oid);
		if (a.nr && (note = bsearch(&key, a.v, a.nr, sizeof(*a.v), cmp_commit)) &&
		    read_runs(log, &a, c, &note->blob, o->key))
			goto out;
	}
	if (rc != GIT_ITEROVER) {
		repo_error("cannot walk the history");
		goto out;
	}
	pool_noise(log);
	ret = 0;
out:
	git_revwalk_free(w);
	free(a.v);
	free(a.metric);
	return ret;
}

void run_log_release(struct run_log *log)
{
	for (size_t i = 0; i < log->nr; i++) {
		for (size_t k = 0; k < log->commits[i].nr_entries; k++)
			free(log->commits[i].entries[k].values);
		free(log->commits[i].entries);
		free(log->commits[i].subject);
	}
	free(log->commits);
	free(log->noise);
	free(log->ref);
	memset(log, 0, sizeof(*log));
}

double run_log_median(const struct run_log_entry *e)
{
	double *v = xcalloc(e->nr_values + 1, sizeof(double)), m;

	memcpy(v, e->values, e->nr_values * sizeof(double));
	m = stats_median(v, e->nr_values);
	free(v);
	return m;
}

double run_log_spread(const struct run_log_entry *e)
{
	double *tmp = xcalloc(e->nr_values + 1, sizeof(double)), m, mad;

	mad = stats_mad(e->values, e->nr_values, tmp, &m);
	free(tmp);
	return m ? 100 * 1.4826 * mad / fabs(m) : NAN;
}

/* The keys of one note's runs, counted into keys ("<key> <machine>" -> runs). */
static void count_keys(const git_oid *commit, const char *text, void *data)
{
	struct run_log_keys *keys = data;
	struct run_record *recs;
	char *first_bad;
	size_t nr, bad;

	(void)commit;
	nr = run_notes_parse(text, &recs, &bad, &first_bad);
	for (size_t i = 0; i < nr; i++) {
		char *name = xstrfmt("%s %s", recs[i].key, recs[i].machine);
		size_t k;

		for (k = 0; k < keys->nr && strcmp(keys->v[k].name, name); k++)
			;
		if (k == keys->nr) {
			ALLOC_GROW(keys->v, keys->nr + 1, keys->alloc);
			keys->v[keys->nr++] = (struct run_log_key){ name, 0 };
		} else {
			free(name);
		}
		keys->v[k].runs++;
	}
	free(recs);
	free(first_bad);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct run_log_key *)a)->name, ((const struct run_log_key *)b)->name);
}

int run_log_keys(struct run_log_keys *keys, git_repository *repo, const char *ref)
{
	struct strbuf err = STRBUF_INIT;

	memset(keys, 0, sizeof(*keys));
	if (run_notes_each(repo, ref, count_keys, keys, &err)) {
		run_log_keys_release(keys);
		return notes_error(&err);
	}
	if (keys->nr)
		qsort(keys->v, keys->nr, sizeof(*keys->v), by_name);
	return 0;
}

void run_log_keys_release(struct run_log_keys *keys)
{
	for (size_t k = 0; k < keys->nr; k++)
		free(keys->v[k].name);
	free(keys->v);
	memset(keys, 0, sizeof(*keys));
}
