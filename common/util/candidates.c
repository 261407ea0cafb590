#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/candidates.h"

struct walk {
	struct candidates *c;
	git_repository *repo;
	git_odb *odb;
	git_oid prefix;
	size_t len;
};

static int rank_of(git_object_t type)
{
	switch (type) {
	case GIT_OBJECT_TAG:
		return 0;
	case GIT_OBJECT_COMMIT:
		return 1;
	case GIT_OBJECT_TREE:
		return 2;
	case GIT_OBJECT_BLOB:
		return 3;
	default:
		return 4;
	}
}

/* What the tag at oid peels to: GIT_OBJECT_COMMIT, GIT_OBJECT_TREE, or 0. */
static git_object_t tag_peels(git_repository *repo, const git_oid *oid)
{
	git_object *tag = NULL, *peeled = NULL;
	git_object_t type = 0;

	if (!git_object_lookup(&tag, repo, oid, GIT_OBJECT_TAG) &&
	    !git_object_peel(&peeled, tag, GIT_OBJECT_ANY))
		type = git_object_type(peeled);
	git_object_free(peeled);
	git_object_free(tag);
	git_error_clear();
	return type == GIT_OBJECT_COMMIT || type == GIT_OBJECT_TREE ? type : 0;
}

static int collect(const git_oid *id, void *data)
{
	struct walk *w = data;
	struct candidate *one;
	git_object_t type;
	size_t size;

	if (git_oid_ncmp(id, &w->prefix, w->len))
		return 0;
	if (git_odb_read_header(&size, &type, w->odb, id))
		type = GIT_OBJECT_INVALID;
	ALLOC_GROW(w->c->v, w->c->nr + 1, w->c->alloc);
	one = &w->c->v[w->c->nr++];
	git_oid_cpy(&one->oid, id);
	one->rank = rank_of(type);
	one->peels = type == GIT_OBJECT_COMMIT || type == GIT_OBJECT_TREE ? type :
		     type == GIT_OBJECT_TAG ? tag_peels(w->repo, id) : 0;
	return 0;
}

static int by_rank(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;

	return x->rank != y->rank ? x->rank - y->rank : git_oid_cmp(&x->oid, &y->oid);
}

void candidates_find(struct candidates *c, git_repository *repo, const char *prefix, size_t len)
{
	struct walk w = { c, repo, NULL, { { 0 } }, len };

	memset(c, 0, sizeof(*c));
	git_oid_fromstrn(&w.prefix, prefix, len);
	if (!git_repository_odb(&w.odb, repo)) {
		git_odb_foreach(w.odb, collect, &w);
		git_odb_free(w.odb);
	}
	git_error_clear();
	/* none when the prefix names nothing or the walk fails: qsort() wants an array */
	if (c->nr)
		qsort(c->v, c->nr, sizeof(*c->v), by_rank);
	c->shown = c->nr;
}

static int kept_first(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;

	return x->kept != y->kept ? y->kept - x->kept : by_rank(a, b);
}

size_t candidates_keep(struct candidates *c, git_object_t want)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nr; i++) {
		git_object_t p = c->v[i].peels;

		/* a commit is tree-ish too */
		c->v[i].kept = p == want || (want == GIT_OBJECT_TREE && p == GIT_OBJECT_COMMIT);
		n += c->v[i].kept;
	}
	if (c->nr)
		qsort(c->v, c->nr, sizeof(*c->v), kept_first);
	if (n)
		c->shown = n;
	return n;
}

/* " <day> - <text>": a day in its own zone, as git's --date=short */
static void advise_dated(const char *hex, const char *type, const git_time *when,
			 const char *text)
{
	char day[16];

	if (!when)
		advise("  %s %s", hex, type);
	else
		advise("  %s %s %s - %s", hex, type,
		       format_day(day, when->time + (git_time_t)when->offset * 60), text ? text : "");
}

/*
 * The unique abbreviation of c->v[i], at least 7 hex digits (git's
 * default): what is longer is shared with another candidate, as any
 * object that shares more than the prefix is one.
 */
static char *abbrev(const struct candidates *c, size_t i, char hex[GIT_OID_HEXSZ + 1])
{
	char other[GIT_OID_HEXSZ + 1];
	size_t len = 7;

	git_oid_tostr(hex, GIT_OID_HEXSZ + 1, &c->v[i].oid);
	for (size_t j = 0; j < c->nr; j++) {
		size_t n = 0;

		git_oid_tostr(other, sizeof(other), &c->v[j].oid);
		while (j != i && n < GIT_OID_HEXSZ && hex[n] == other[n])
			n++;
		if (j != i && n + 1 > len)
			len = n + 1;
	}
	hex[len < GIT_OID_HEXSZ ? len : GIT_OID_HEXSZ] = '\0';
	return hex;
}

static void advise_one(git_repository *repo, const struct candidates *c, size_t i)
{
	static const char *const other[] = { "tag", "commit", "tree", "blob", "object" };
	const struct candidate *one = &c->v[i];
	char hex[GIT_OID_HEXSZ + 1];
	git_commit *commit;
	git_tag *tag;

	abbrev(c, i, hex);
	if (one->rank == 1 && !git_commit_lookup(&commit, repo, &one->oid)) {
		advise_dated(hex, "commit", &git_commit_author(commit)->when,
			     git_commit_summary(commit));
		git_commit_free(commit);
	} else if (one->rank == 0 && !git_tag_lookup(&tag, repo, &one->oid)) {
		const git_signature *tagger = git_tag_tagger(tag);

		advise_dated(hex, "tag", tagger ? &tagger->when : NULL, git_tag_name(tag));
		git_tag_free(tag);
	} else {
		git_error_clear();
		advise("  %s %s", hex, other[one->rank]);
	}
}

void candidates_advise(const struct candidates *c, git_repository *repo)
{
	advise("the candidates are:");
	for (size_t i = 0; i < c->shown; i++)
		advise_one(repo, c, i);
}

void candidates_release(struct candidates *c)
{
	free(c->v);
	memset(c, 0, sizeof(*c));
}
