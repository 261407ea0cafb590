/*
 * The recorded runs a bisection uses, and the fresh runs it records
 * (run-memory.h). The note format is run-notes.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "util/usage.h"
#include "bisect/run-memory.h"

/* The runs of m's key in the note text on commit (position pos), taken. */
static void take_note(struct run_memory *m, size_t pos, const git_oid *commit, const char *text, int metric)
{
	struct run_record *recs;
	char *first_bad, hex[9];
	size_t nr, bad, kept = 0;

	nr = run_notes_parse(text, &recs, &bad, &first_bad);
	git_oid_tostr(hex, sizeof(hex), commit);
	if (bad)
		warning("skipping %zu line%s of the note on %s in %s that do%s not parse: '%s'", bad,
			bad > 1 ? "s" : "", hex, m->ref, bad > 1 ? "" : "es", first_bad);
	for (size_t i = 0; i < nr; i++) {
		/*
		 * A value where the mode has none, or none where it needs one: not
		 * ours to use; nor an exit of 126 or 127, which a run no longer
		 * records (bisect_ctx_remember_run()): the command runs again.
		 * Nor, with --metric, a failed run at an end: it stops the search,
		 * which must rest on a run of today (the failure may have been
		 * the machine's: an out of memory), not on one replayed for ever.
		 */
		if (strcmp(recs[i].key, m->key) || (metric && !recs[i].exit) != recs[i].has_value ||
		    recs[i].exit == 126 || recs[i].exit == 127 ||
		    (metric && recs[i].exit && (pos == 0 || pos == m->nr)))
			continue;
		recs[kept++] = recs[i];
	}
	m->at[pos] = recs;
	m->nr_at[pos] = kept;
	m->recorded += kept;
	free(first_bad);
}

/* The window's notes, a lookup a commit: exit-status bisects read no others. */
static int load_window(struct run_memory *m, git_repository *repo, const git_oid *const *commits, size_t nr,
		       struct strbuf *err)
{
	for (size_t p = 0; p <= nr; p++) {
		char *text;

		if (run_notes_read(repo, m->ref, commits[p], &text, err))
			return -1;
		take_note(m, p, commits[p], text, 0);
		free(text);
	}
	return 0;
}

/* One pass over every note: the window's runs by position, the rest a commit each for the noise. */
struct note_scan {
	struct run_memory *m;
	const git_oid *const *window;
	size_t nr_window;
	struct samples *at;
	size_t nr, alloc;
};

static void scan_note(const git_oid *commit, const char *text, void *data)
{
	struct note_scan *ns = data;
	struct samples values = { NULL, 0, 0 };
	struct run_record *recs;
	char *first_bad;
	size_t nr, bad;

	for (size_t p = 0; p < ns->nr_window; p++)
		if (git_oid_equal(commit, ns->window[p])) {
			take_note(ns->m, p, commit, text, 1);
			return;
		}
	/* Lines that do not parse are the window's to warn of. */
	nr = run_notes_parse(text, &recs, &bad, &first_bad);
	for (size_t i = 0; i < nr; i++)
		if (!strcmp(recs[i].key, ns->m->key) && !recs[i].exit && recs[i].has_value)
			samples_add(&values, recs[i].value);
	if (values.nr >= 2) {
		ALLOC_GROW(ns->at, ns->nr + 1, ns->alloc);
		ns->at[ns->nr++] = values;
	} else {
		samples_release(&values);
	}
	free(recs);
	free(first_bad);
}

/*
 * --metric: the window's runs and the noise of the key's runs on every
 * other commit with a note, in one pass. A pass that fails keeps the
 * window's runs read before it and pools no noise.
 */
static int load_window_and_noise(struct run_memory *m, git_repository *repo, const git_oid *const *commits,
				 size_t nr, struct strbuf *err)
{
	struct note_scan ns = { m, commits, nr + 1, NULL, 0, 0 };
	int ret = run_notes_each(repo, m->ref, scan_note, &ns, err);

	if (!ret)
		run_noise_pool(&m->noise, ns.at, ns.nr);
	for (size_t i = 0; i < ns.nr; i++)
		samples_release(&ns.at[i]);
	free(ns.at);
	return ret;
}

int run_memory_init(struct run_memory *m, git_repository *repo, struct config *cfg,
		    const struct run_memory_options *o, const git_oid *const *commits, size_t nr)
{
	struct run_key_input in = { o->argv, o->metric, o->metric_pattern, NULL, NULL, o->dir };
	struct strbuf err = STRBUF_INIT;
	const char *key_env;

	memset(m, 0, sizeof(*m));
	run_notes_batch_init(&m->pending);
	m->nr = nr;
	m->at = xcalloc(nr + 1, sizeof(*m->at));
	m->nr_at = xcalloc(nr + 1, sizeof(size_t));
	m->next_at = xcalloc(nr + 1, sizeof(size_t));
	m->off = 0;
	switch (config_get_bool(cfg, "benchbisect.notes", &m->off)) {
	case CONFIG_INVALID:
		return -1;
	case CONFIG_FOUND:
		m->off = !m->off;
		break;
	case CONFIG_UNSET:
		break;
	}
	if (m->off)
		return 0;
	if (!(m->machine = run_machine_name(o->host_machine ? NULL : cfg, o->machine)) || !(m->ref = run_notes_ref(cfg)))
		return -1;
	in.machine = m->machine;
	key_env = config_get_string(cfg, "benchbisect.keyEnv");
	in.key_env = key_env;
	run_key_compute(m->key, &in);
	if (!o->fresh && (o->metric ? load_window_and_noise : load_window)(m, repo, commits, nr, &err))
		warning("cannot use the recorded runs: %s", err.buf);
	strbuf_release(&err);
	return 0;
}

void run_memory_release(struct run_memory *m)
{
	for (size_t p = 0; m->at && p <= m->nr; p++)
		free(m->at[p]);
	free(m->at);
	free(m->nr_at);
	free(m->next_at);
	free(m->ref);
	free(m->machine);
	run_notes_batch_release(&m->pending);
	memset(m, 0, sizeof(*m));
}

const struct run_record *run_memory_take(struct run_memory *m, size_t pos)
{
	if (m->next_at[pos] >= m->nr_at[pos])
		return NULL;
	m->used++;
	return &m->at[pos][m->next_at[pos]++];
}

/* Now, UTC to the microsecond, and later than the last run's date (they sort as they ran). */
static void date_now(struct run_memory *m, char *out)
{
	struct timeval tv;
	struct tm tm;

	gettimeofday(&tv, NULL);
	for (;;) {
		time_t s = tv.tv_sec;
		char secs[20];

		gmtime_r(&s, &tm);
		strftime(secs, sizeof(secs), "%Y-%m-%dT%H:%M:%S", &tm);
		snprintf(out, 32, "%s.%06uZ", secs, (unsigned)tv.tv_usec % 1000000);
		if (strcmp(out, m->last_date) > 0)
			break;
		if (++tv.tv_usec == 1000000) {
			tv.tv_usec = 0;
			tv.tv_sec++;
		}
	}
	memcpy(m->last_date, out, 32);
}

void run_memory_add(struct run_memory *m, const git_oid *commit, int exit, const double *value, double duration)
{
	struct run_record r;

	if (m->off)
		return;
	memset(&r, 0, sizeof(r));
	memcpy(r.key, m->key, sizeof(r.key));
	snprintf(r.machine, sizeof(r.machine), "%s", m->machine);
	date_now(m, r.date);
	r.duration = duration;
	r.exit = exit;
	r.has_value = value != NULL;
	r.value = value ? *value : 0;
	run_notes_batch_add(&m->pending, commit, &r);
}

void run_memory_flush(struct run_memory *m, git_repository *repo, int last)
{
	struct strbuf err = STRBUF_INIT;

	/* after a failure, one quick attempt a round; the last waits as the first did */
	if (m->pending.nr && run_notes_write(repo, m->ref, &m->pending, last || !m->write_failed, &err) &&
	    !m->write_failed) {
		warning("cannot record the runs in %s: %s%s", m->ref, err.buf,
			last ? "" : "; trying again after the next round");
		m->write_failed = 1;
	}
	if (last && m->pending.runs)
		warning("%zu run%s not recorded in %s", m->pending.runs, m->pending.runs == 1 ? " was" : "s were",
			m->ref);
	if (last)
		run_notes_batch_release(&m->pending);
	strbuf_release(&err);
}
