/*
 * Recorded runs in git notes: the line format, the key, and reading and
 * appending notes through libgit2's notes API (docs/run-notes.md).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/clock.h"
#include "util/repo.h"
#include "bisect/bisect.h"
#include "bisect/run-notes.h"

#define LINE_TAG "benchbisect-run v1 "
#define KEY_DIGITS "0123456789abcdef"	/* as git_oid_nfmt() writes them */
/*
 * Attempts at moving the ref while other writers move or hold it (a
 * bisection on another job of the same clone): the n-th waits n times
 * WRITE_WAIT_MS first, about a second in all, before the write fails.
 */
#define WRITE_ATTEMPTS 10
#define WRITE_WAIT_MS 20

/* A field's value: its bytes up to the next space, after "name=". */
static const char *field(const char *line, const char *name, size_t *len)
{
	size_t n = strlen(name);

	for (const char *p = line; p && *p; p = strchr(p, ' ')) {
		p += *p == ' ';
		if (!strncmp(p, name, n) && p[n] == '=') {
			p += n + 1;
			*len = strcspn(p, " ");
			return p;
		}
	}
	return NULL;
}

static int copy_field(const char *line, const char *name, char *out, size_t size)
{
	size_t len;
	const char *v = field(line, name, &len);

	if (!v || !len || len >= size)
		return -1;
	memcpy(out, v, len);
	out[len] = '\0';
	return 0;
}

static int number_field(const char *line, const char *name, double *out)
{
	char buf[64], *end;

	if (copy_field(line, name, buf, sizeof(buf)))
		return -1;
	errno = 0;
	*out = strtod(buf, &end);
	return *end || errno || !isfinite(*out) ? -1 : 0;
}

/*
 * Whether s is fields only, "name=value" by single spaces: a word of
 * another form ("value=1 2"), an empty one too, is no field to ignore.
 */
static int fields_only(const char *s)
{
	for (;;) {
		size_t len = strcspn(s, " ");
		const char *eq = memchr(s, '=', len);

		if (!eq || eq == s)
			return 0;
		if (!s[len])
			return 1;
		s += len + 1;
	}
}

static int all_of(const char *s, const char *set)
{
	return s[strspn(s, set)] == '\0';
}

static int machine_ok(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > RUN_MACHINE_MAX)
		return 0;
	for (; *s; s++)
		if (!isgraph((unsigned char)*s))
			return 0;
	return 1;
}

int run_record_parse(struct run_record *r, const char *line)
{
	double exit_code;

	memset(r, 0, sizeof(*r));
	if (strncmp(line, LINE_TAG, strlen(LINE_TAG)) || strchr(line, '\t') ||
	    !fields_only(line + strlen(LINE_TAG)))
		return -1;
	if (copy_field(line, "key", r->key, sizeof(r->key)) || strlen(r->key) != RUN_KEY_HEX ||
	    !all_of(r->key, KEY_DIGITS))
		return -1;
	if (copy_field(line, "machine", r->machine, sizeof(r->machine)) || !machine_ok(r->machine))
		return -1;
	if (copy_field(line, "date", r->date, sizeof(r->date)) || strlen(r->date) != 27 ||
	    !all_of(r->date, "0123456789-:.TZ"))
		return -1;
	if (number_field(line, "duration", &r->duration) || r->duration < 0)
		return -1;
	if (number_field(line, "exit", &exit_code) || exit_code < 0 || exit_code > 255 ||
	    exit_code != floor(exit_code))
		return -1;
	r->exit = (int)exit_code;
	if (field(line, "value", &(size_t){ 0 })) {
		char value[64];

		if (copy_field(line, "value", value, sizeof(value)) || r->exit ||
		    bisect_metric_parse(value, strlen(value), &r->value) != METRIC_VALUE)
			return -1;
		r->has_value = 1;
	}
	return 0;
}

void run_record_format(struct strbuf *sb, const struct run_record *r)
{
	strbuf_addf(sb, LINE_TAG "key=%s machine=%s date=%s duration=%.3f exit=%d", r->key, r->machine,
		    r->date, r->duration, r->exit);
	if (r->has_value) {
		/* The shortest form that reads back as the same double. */
		char buf[40];

		for (int digits = 15; digits <= 17; digits++) {
			snprintf(buf, sizeof(buf), "%.*g", digits, r->value);
			if (strtod(buf, NULL) == r->value)
				break;
		}
		strbuf_addf(sb, " value=%s", buf);
	}
	strbuf_addch(sb, '\n');
}

static void add_field(struct strbuf *sb, const char *s)
{
	strbuf_addf(sb, "%zu:%s\n", strlen(s), s);
}

void run_key_compute(char *out, const struct run_key_input *in)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	git_oid oid;

	strbuf_addstr(&sb, "benchbisect key v1\n");
	add_field(&sb, in->metric ? "metric" : "exit status");
	add_field(&sb, in->metric_pattern ? in->metric_pattern : "");
	add_field(&sb, in->machine);
	for (size_t i = 0; in->argv[i]; i++)
		add_field(&sb, in->argv[i]);
	/* one relative path means another file where the command runs elsewhere */
	if (in->dir && *in->dir) {
		strbuf_addstr(&sb, "dir\n");
		add_field(&sb, in->dir);
	}
	strbuf_addstr(&sb, "env\n");
	for (p = in->key_env; p && *p;) {
		size_t len = strcspn(p, " ,\t");
		char *name = xstrndup(p, len);
		const char *value = getenv(name);

		if (len) {
			add_field(&sb, name);
			add_field(&sb, value ? value : "");
			strbuf_addstr(&sb, value ? "set\n" : "unset\n");
		}
		free(name);
		p += len;
		p += strspn(p, " ,\t");
	}
	git_odb_hash(&oid, sb.buf, sb.len, GIT_OBJECT_BLOB);
	git_oid_nfmt(out, RUN_KEY_HEX, &oid);
	out[RUN_KEY_HEX] = '\0';
	strbuf_release(&sb);
}

int run_key_parse(char *out, const char *key, const char *from)
{
	size_t n = strlen(key);

	if (!n || n > RUN_KEY_HEX || !all_of(key, KEY_DIGITS "ABCDEF"))
		return error("%s: invalid key '%s': 1 to %d hex digits", from, key, RUN_KEY_HEX);
	for (size_t i = 0; i <= n; i++)
		out[i] = (char)tolower((unsigned char)key[i]);
	return 0;
}

int run_machine_check(const char *name, const char *from)
{
	if (!machine_ok(name))
		return error("%s: invalid machine name '%s': 1 to %d printable characters, no space", from,
			     name, RUN_MACHINE_MAX);
	return 0;
}

char *run_machine_name(struct config *cfg, const char *opt)
{
	char host[256];
	const char *name = opt, *from = "--machine";

	if (!name && cfg) {
		name = config_get_string(cfg, "benchbisect.machine");
		from = "benchbisect.machine";
	}
	if (!name) {
		if (gethostname(host, sizeof(host)))
			strcpy(host, "localhost");
		host[sizeof(host) - 1] = '\0';
		name = host;
		from = "the host name";
	}
	return run_machine_check(name, from) ? NULL : xstrdup(name);
}

char *run_notes_ref(struct config *cfg)
{
	const char *name = config_get_string(cfg, "benchbisect.notesref");
	char *ref;
	int valid = 0;

	if (!name || !*name)
		return xstrdup(RUN_NOTES_REF);
	if (!strncmp(name, "refs/notes/", 11))
		ref = xstrdup(name);
	else if (!strncmp(name, "notes/", 6))
		ref = xstrfmt("refs/%s", name);
	else
		ref = xstrfmt("refs/notes/%s", name);
	if (git_reference_name_is_valid(&valid, ref) || !valid) {
		error("benchbisect.notesRef: invalid notes ref '%s'", ref);
		free(ref);
		return NULL;
	}
	return ref;
}

/* The commit ref points at, or NULL when there is no such ref. */
static int notes_commit(git_repository *repo, const char *ref, git_commit **out, struct strbuf *err)
{
	git_reference *r;
	git_object *obj;
	int rc = git_reference_lookup(&r, repo, ref);

	*out = NULL;
	if (rc == GIT_ENOTFOUND)
		return 0;
	if (rc)
		return repo_error_add(err, "cannot read '%s'", ref);
	rc = git_reference_peel(&obj, r, GIT_OBJECT_COMMIT);
	git_reference_free(r);
	if (rc)
		return repo_error_add(err, "'%s' is not a notes commit", ref);
	*out = (git_commit *)obj;
	return 0;
}

/* The note on commit in the notes commit nc (NULL: none), into *text. */
static int read_note_at(git_repository *repo, git_commit *nc, const git_oid *commit, char **text,
			struct strbuf *err)
{
	git_note *note;
	int rc;

	*text = NULL;
	if (!nc)
		return 0;
	rc = git_note_commit_read(&note, repo, nc, commit);
	if (rc == GIT_ENOTFOUND)
		return 0;
	if (rc)
		return repo_error_add(err, "cannot read the note on %s", git_oid_tostr_s(commit));
	*text = xstrdup(git_note_message(note) ? git_note_message(note) : "");
	git_note_free(note);
	return 0;
}

int run_notes_read(git_repository *repo, const char *ref, const git_oid *commit, char **text,
		   struct strbuf *err)
{
	git_commit *nc;
	int ret;

	if (notes_commit(repo, ref, &nc, err))
		return -1;
	ret = read_note_at(repo, nc, commit, text, err);
	git_commit_free(nc);
	return ret;
}

int run_notes_blob_text(git_repository *repo, const git_oid *note, const git_oid *commit, char **text,
			struct strbuf *err)
{
	git_blob *blob;

	if (git_blob_lookup(&blob, repo, note))
		return repo_error_add(err, "cannot read the note on %s", git_oid_tostr_s(commit));
	*text = xstrndup(git_blob_rawcontent(blob), (size_t)git_blob_rawsize(blob));
	git_blob_free(blob);
	return 0;
}

int run_notes_each_blob(git_repository *repo, const char *ref,
			int (*fn)(const git_oid *commit, const git_oid *note, void *data, struct strbuf *err),
			void *data, struct strbuf *err)
{
	git_note_iterator *it;
	git_oid note_id, commit;
	git_commit *nc;
	int rc = 0;

	if (notes_commit(repo, ref, &nc, err))
		return -1;
	if (!nc)
		return 0;
	if (git_note_commit_iterator_new(&it, nc)) {
		git_commit_free(nc);
		return repo_error_add(err, "cannot list the notes in '%s'", ref);
	}
	while (!(rc = git_note_next(&note_id, &commit, it)) && !(rc = fn(&commit, &note_id, data, err)))
		;
	git_note_iterator_free(it);
	git_commit_free(nc);
	if (rc == GIT_ITEROVER)
		return 0;
	return rc == -1 && err->len ? -1 : repo_error_add(err, "cannot list the notes in '%s'", ref);
}

struct each_text {
	git_repository *repo;
	void (*fn)(const git_oid *commit, const char *text, void *data);
	void *data;
};

static int with_text(const git_oid *commit, const git_oid *note, void *data, struct strbuf *err)
{
	struct each_text *t = data;
	char *text;

	/* The iterator names the note's blob: no second lookup of it by commit. */
	if (run_notes_blob_text(t->repo, note, commit, &text, err))
		return -1;
	t->fn(commit, text, t->data);
	free(text);
	return 0;
}

int run_notes_each(git_repository *repo, const char *ref,
		   void (*fn)(const git_oid *commit, const char *text, void *data), void *data, struct strbuf *err)
{
	struct each_text t = { repo, fn, data };

	return run_notes_each_blob(repo, ref, with_text, &t, err);
}

static int by_date(const void *a, const void *b)
{
	return strcmp(((const struct run_record *)a)->date, ((const struct run_record *)b)->date);
}

size_t run_notes_parse(const char *text, struct run_record **out, size_t *bad, char **first_bad)
{
	size_t nr = 0, alloc = 0;

	*out = NULL;
	*bad = 0;
	*first_bad = NULL;
	while (text && *text) {
		size_t len = strcspn(text, "\n");
		char *line = xstrndup(text, len);

		text += len + (text[len] == '\n');
		if (!len) {
			free(line);
			continue;
		}
		ALLOC_GROW(*out, nr + 1, alloc);
		if (!run_record_parse(&(*out)[nr], line)) {
			nr++;
		} else if (!(*bad)++) {
			*first_bad = line;
			continue;
		}
		free(line);
	}
	if (nr)
		qsort(*out, nr, sizeof(**out), by_date);
	return nr;
}

void run_notes_batch_init(struct run_notes_batch *b)
{
	memset(b, 0, sizeof(*b));
}

void run_notes_batch_release(struct run_notes_batch *b)
{
	for (size_t i = 0; i < b->nr; i++)
		strbuf_release(&b->lines[i]);
	free(b->commits);
	free(b->lines);
	run_notes_batch_init(b);
}

void run_notes_batch_add(struct run_notes_batch *b, const git_oid *commit, const struct run_record *r)
{
	size_t i;

	for (i = 0; i < b->nr && git_oid_cmp(&b->commits[i], commit); i++)
		;
	if (i == b->nr) {
		ALLOC_GROW(b->commits, b->nr + 1, b->alloc);
		b->lines = xrealloc(b->lines, b->alloc * sizeof(*b->lines));
		git_oid_cpy(&b->commits[i], commit);
		strbuf_init(&b->lines[i], 0);
		b->nr++;
	}
	run_record_format(&b->lines[i], r);
	b->runs++;
}

/*
 * One attempt: the batch on top of the notes at *base (NULL: none yet),
 * into a new notes commit *out. Nothing is visible until the ref moves.
 */
static int build_notes_commit(git_repository *repo, git_commit *base, const struct run_notes_batch *b,
			      const git_signature *sig, git_oid *out, struct strbuf *err)
{
	git_commit *parent = base;
	int ret = 0;

	for (size_t i = 0; !ret && i < b->nr; i++) {
		struct strbuf text = STRBUF_INIT;
		char *old;
		git_oid blob;

		if ((ret = read_note_at(repo, parent, &b->commits[i], &old, err)))
			break;
		if (old) {
			strbuf_addstr(&text, old);
			if (text.len && text.buf[text.len - 1] != '\n')
				strbuf_addch(&text, '\n');
			free(old);
		}
		strbuf_add(&text, b->lines[i].buf, b->lines[i].len);
		if (git_note_commit_create(out, &blob, repo, parent, sig, sig, &b->commits[i], text.buf, 1))
			ret = repo_error_add(err, "cannot write the note on %s", git_oid_tostr_s(&b->commits[i]));
		strbuf_release(&text);
		if (parent != base)
			git_commit_free(parent);
		parent = NULL;
		if (!ret && git_commit_lookup(&parent, repo, out))
			ret = repo_error_add(err, "cannot read the notes commit just written");
	}
	if (parent != base)
		git_commit_free(parent);
	return ret;
}

/*
 * Move ref from base (NULL: create it) to to. GIT_EMODIFIED, GIT_EEXISTS:
 * another writer came first; GIT_ELOCKED: one holds the ref now.
 */
static int move_ref(git_repository *repo, const char *ref, git_commit *base, const git_oid *to)
{
	git_reference *r = NULL;
	int rc;

	if (base)
		rc = git_reference_create_matching(&r, repo, ref, to, 1, git_commit_id(base),
						   "benchbisect: record runs");
	else
		rc = git_reference_create(&r, repo, ref, to, 0, "benchbisect: record runs");
	git_reference_free(r);
	return rc;
}

int run_notes_write(git_repository *repo, const char *ref, struct run_notes_batch *b, int patient,
		    struct strbuf *err)
{
	int attempts = patient ? WRITE_ATTEMPTS : 1;
	git_signature *sig = NULL;
	int ret = -1;

	if (!b->nr)
		return 0;
	if (git_signature_default(&sig, repo) && git_signature_now(&sig, "git benchbisect", "benchbisect@localhost")) {
		repo_error_add(err, "cannot make a signature");
		goto out;
	}
	for (int attempt = 0; attempt < attempts; attempt++) {
		git_commit *base;
		git_oid to;
		int rc;

		clock_sleep_ms((long)attempt * WRITE_WAIT_MS);
		if (notes_commit(repo, ref, &base, err))
			goto out;
		if (build_notes_commit(repo, base, b, sig, &to, err)) {
			git_commit_free(base);
			goto out;
		}
		rc = move_ref(repo, ref, base, &to);
		git_commit_free(base);
		if (!rc) {
			ret = 0;
			goto out;
		}
		if (rc != GIT_EMODIFIED && rc != GIT_EEXISTS && rc != GIT_ELOCKED) {
			repo_error_add(err, "cannot update '%s'", ref);
			goto out;
		}
		if (attempt == attempts - 1)
			repo_error_add(err, "cannot update '%s'", ref);
	}
out:
	git_signature_free(sig);
	if (!ret)
		run_notes_batch_release(b);
	return ret;
}
