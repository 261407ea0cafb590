#include <stdio.h>
#include <string.h>
#include "util/revision.h"
#include "util/usage.h"
#include "util/strvec.h"
#include "util/repo.h"
#include "history/nightly.h"

struct candidates {
	git_oid prefix;
	size_t len;
	struct strvec list;	/* "<full sha> <type>" */
	git_odb *odb;
};

static int collect_candidate(const git_oid *id, void *data)
{
	struct candidates *c = data;
	char hex[GIT_OID_HEXSZ + 1], line[GIT_OID_HEXSZ + 16];
	size_t size;
	git_object_t type;

	if (git_oid_ncmp(id, &c->prefix, c->len))
		return 0;
	if (git_odb_read_header(&size, &type, c->odb, id))
		type = GIT_OBJECT_INVALID;
	snprintf(line, sizeof(line), "%s %s", oid_hex(hex, id), git_object_type2string(type));
	strvec_push(&c->list, line);
	return 0;
}

/* Only on the rare ambiguous prefix: scan the object database for the candidates. */
static enum nightly_resolution ambiguous(git_repository *repo, const struct dash_entry *e)
{
	struct candidates c = { .len = strlen(e->sha), .list = STRVEC_INIT };

	git_oid_fromstrn(&c.prefix, e->sha, c.len);
	if (!git_repository_odb(&c.odb, repo)) {
		git_odb_foreach(c.odb, collect_candidate, &c);
		git_odb_free(c.odb);
	}
	/* as git says it: a message is one line, the candidates are hints */
	error("short sha '%s' of run '%s' is ambiguous", e->sha, e->run_id);
	advise("the candidates are:");
	for (size_t i = 0; i < c.list.nr; i++)
		advise("  %s", c.list.v[i]);
	strvec_clear(&c.list);
	return NIGHTLY_ERROR;
}

enum nightly_resolution nightly_resolve(git_repository *repo, const struct dash_entry *e,
					git_oid *out, char **problem)
{
	git_object *obj = NULL;
	int rc;

	*problem = NULL;
	if (e->full_sha && revision_is_hex(e->full_sha, GIT_OID_HEXSZ, GIT_OID_HEXSZ) &&
	    !git_oid_fromstr(out, e->full_sha) &&
	    !git_object_lookup(&obj, repo, out, GIT_OBJECT_COMMIT)) {
		git_object_free(obj);
		return NIGHTLY_FOUND;
	}
	if (!revision_is_hex(e->sha, 4, GIT_OID_HEXSZ)) {
		*problem = xstrfmt("sha '%s' of run '%s' is not a hexadecimal object name",
				   e->sha, e->run_id);
		return NIGHTLY_MISSING;
	}
	git_oid_fromstrn(out, e->sha, strlen(e->sha));
	rc = git_object_lookup_prefix(&obj, repo, out, strlen(e->sha), GIT_OBJECT_COMMIT);
	if (!rc) {
		git_oid_cpy(out, git_object_id(obj));
		git_object_free(obj);
		return NIGHTLY_FOUND;
	}
	if (rc == GIT_EAMBIGUOUS)
		return ambiguous(repo, e);
	if (rc != GIT_ENOTFOUND)
		return repo_error("cannot look up '%s'", e->sha), NIGHTLY_ERROR;
	git_error_clear();
	/* a tree or a blob: here, but no fetch brings a commit of that name */
	if (!git_object_lookup_prefix(&obj, repo, out, strlen(e->sha), GIT_OBJECT_ANY)) {
		*problem = xstrfmt("sha '%s' of run '%s' (%s) names a %s, not a commit", e->sha,
				   e->run_id, e->date, git_object_type2string(git_object_type(obj)));
		git_object_free(obj);
		return NIGHTLY_MISSING;
	}
	git_error_clear();
	*problem = xstrfmt("commit '%s' of run '%s' (%s) is not in this repository", e->sha,
			   e->run_id, e->date);
	return NIGHTLY_ABSENT;
}
