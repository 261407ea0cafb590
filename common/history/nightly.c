#include <string.h>
#include "util/revision.h"
#include "util/usage.h"
#include "util/candidates.h"
#include "util/repo.h"
#include "history/nightly.h"

/* Only on the rare ambiguous prefix: the candidates, from a scan of the object database. */
static enum nightly_resolution ambiguous(git_repository *repo, const struct dash_entry *e)
{
	struct candidates c;

	/* as git says it: a message is one line, the candidates are hints */
	error("short sha '%s' of run '%s' is ambiguous", e->sha, e->run_id);
	candidates_find(&c, repo, e->sha, strlen(e->sha));
	candidates_advise(&c, repo);
	candidates_release(&c);
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
