#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "util/usage.h"
#include "util/config.h"
#include "util/repo.h"
#include "util/revision.h"

/* The two sides of the range at dots in arg (allocated), an empty one HEAD. */
static void range_sides(const char *arg, const char *dots, char **base, char **head)
{
	int symmetric = dots[2] == '.';

	*base = dots == arg ? xstrdup("HEAD") : xstrndup(arg, dots - arg);
	*head = xstrdup(dots[2 + symmetric] ? dots + 2 + symmetric : "HEAD");
}

int revision_is_range(git_repository *repo, const char *arg)
{
	const char *dots = strstr(arg, "..");
	char *base, *head;
	int range;

	if (!dots)
		return 0;
	if (!repo_names_object(repo, arg))
		return 1;
	range_sides(arg, dots, &base, &head);
	range = repo_names_object(repo, base) && repo_names_object(repo, head);
	free(base);
	free(head);
	return range;
}

int revision_split_range(git_repository *repo, const char *arg, int abbrev,
			 char **base, char **head)
{
	const char *dots = strstr(arg, "..");
	int symmetric = dots && dots[2] == '.';
	git_commit *a = NULL, *b = NULL;
	char hex[GIT_OID_HEXSZ + 1];
	git_oid mb;
	int ret = -1;

	*base = *head = NULL;
	if (!revision_is_range(repo, arg))
		return 0;
	range_sides(arg, dots, base, head);
	if (!symmetric)
		return 1;
	if (repo_resolve_commit(repo, *base, &a) || repo_resolve_commit(repo, *head, &b))
		goto out;
	if (git_merge_base(&mb, repo, git_commit_id(a), git_commit_id(b))) {
		error("'%s' and '%s' have no merge base", *base, *head);
		goto out;
	}
	free(*base);
	*base = xstrdup(revision_abbrev(repo, &mb, abbrev, hex));
	ret = 1;
out:
	git_commit_free(a);
	git_commit_free(b);
	if (ret < 0) {
		free(*base);
		free(*head);
		*base = *head = NULL;
	}
	return ret;
}

/*
 * Where X ends in X^! (*nth 0) or X^-<n> (*nth n, 1 for X^-, -1 when
 * what follows is no number from 1), found as git finds them; NULL for
 * neither form.
 */
static const char *parent_mark(const char *arg, int *nth)
{
	const char *mark = strstr(arg, "^!");
	char *end;
	long n;

	if (mark && !mark[2]) {
		*nth = 0;
		return mark;
	}
	if (!(mark = strstr(arg, "^-")))
		return NULL;
	*nth = 1;
	if (mark[2]) {
		n = strtol(mark + 2, &end, 10);
		*nth = *end || n < 1 || n > INT_MAX || !isdigit((unsigned char)mark[2]) ? -1 : (int)n;
	}
	return mark;
}

int revision_is_parent_range(const char *arg)
{
	int nth;

	return parent_mark(arg, &nth) != NULL;
}

/* The error for X^! of a merge, with the X^-<n> to type instead. */
static int merge_error(const char *x, unsigned int parents)
{
	error("'%s' is a merge commit: its '^!' is a combined diff, not two sides to compare", x);
	advise("name the parent to compare it with: '%s^-1' to '%s^-%u'", x, x, parents);
	return -1;
}

int revision_split_parent(git_repository *repo, const char *arg, int abbrev,
			  char **base, char **head)
{
	const char *mark;
	char hex[GIT_OID_HEXSZ + 1];
	git_commit *c = NULL;
	unsigned int parents;
	int nth, ret = -1;

	*base = *head = NULL;
	if (!(mark = parent_mark(arg, &nth)))
		return 0;
	if (nth < 0)
		return error("bad revision '%s'", arg);
	*head = xstrndup(arg, mark - arg);
	if (repo_resolve_commit(repo, *head, &c))
		goto out;
	parents = git_commit_parentcount(c);
	if (!nth && parents > 1)
		merge_error(*head, parents);
	else if (nth && !parents)
		error("bad revision '%s': '%s' is a root commit", arg, *head);
	else if ((unsigned int)nth > parents)
		error("bad revision '%s': '%s' has %u parent%s", arg, *head, parents,
		      parents == 1 ? "" : "s");
	else
		ret = 1;
	if (ret > 0)
		*base = parents ? xstrdup(revision_abbrev(repo, git_commit_parent_id(c, nth ? nth - 1 : 0),
							   abbrev, hex)) :
				  xstrdup(REPO_EMPTY_TREE_HEX);
out:
	git_commit_free(c);
	if (ret < 0) {
		free(*head);
		*head = NULL;
	}
	return ret;
}

/* Where X ends in X^@, found as git finds it; NULL for no such form. */
static const char *parents_mark(const char *arg)
{
	const char *mark = strstr(arg, "^@");

	return mark && !mark[2] ? mark : NULL;
}

int revision_parents(git_repository *repo, const char *arg, int abbrev, struct strvec *out)
{
	const char *mark = parents_mark(arg);
	char hex[GIT_OID_HEXSZ + 1], *x;
	git_commit *c = NULL;
	int ret;

	if (!mark)
		return 0;
	x = xstrndup(arg, mark - arg);
	ret = repo_resolve_commit(repo, x, &c) ? -1 : 1;
	for (unsigned int i = 0; ret > 0 && i < git_commit_parentcount(c); i++)
		strvec_push(out, revision_abbrev(repo, git_commit_parent_id(c, i), abbrev, hex));
	git_commit_free(c);
	free(x);
	return ret;
}

int revision_names_several(git_repository *repo, const char *arg)
{
	return parents_mark(arg) || revision_is_parent_range(arg) || revision_is_range(repo, arg);
}

int revision_abbrev_len(struct config *cfg, int default_len)
{
	const char *v = config_get_string(cfg, "core.abbrev");
	char *end;
	long n;
	int b;

	if (!v || !strcasecmp(v, "auto"))
		return default_len;
	if (!git_config_parse_bool(&b, v) && !b)
		return GIT_OID_HEXSZ;
	git_error_clear();
	n = strtol(v, &end, 10);
	if (end == v || *end || n < GIT_OID_MINPREFIXLEN || n > GIT_OID_HEXSZ)
		return error("bad core.abbrev '%s': a length from %d to %d, \"auto\" or \"no\"",
			     v, GIT_OID_MINPREFIXLEN, GIT_OID_HEXSZ);
	return (int)n;
}

int revision_abbrev_unique(git_repository *repo, const git_oid *oid, int min_len)
{
	git_odb *odb = NULL;
	git_oid found;
	int len = min_len < GIT_OID_MINPREFIXLEN ? GIT_OID_MINPREFIXLEN : min_len;

	if (git_repository_odb(&odb, repo)) {
		git_error_clear();
		return len;
	}
	while (len < GIT_OID_HEXSZ &&
	       git_odb_exists_prefix(&found, odb, oid, (size_t)len) == GIT_EAMBIGUOUS)
		len++;
	git_error_clear();
	git_odb_free(odb);
	return len;
}

char *revision_abbrev(git_repository *repo, const git_oid *oid, int min_len,
		      char buf[GIT_OID_HEXSZ + 1])
{
	return git_oid_tostr(buf, (size_t)revision_abbrev_unique(repo, oid, min_len) + 1, oid);
}

const char *revision_expand_hex(git_repository *repo, const char *hex,
				char buf[GIT_OID_HEXSZ + 1])
{
	size_t len = strspn(hex, "0123456789abcdef");
	git_odb *odb = NULL;
	git_oid prefix, full;
	int found;

	if (!repo || hex[len] || len < GIT_OID_MINPREFIXLEN || len > GIT_OID_HEXSZ ||
	    git_oid_fromstrn(&prefix, hex, len) || git_repository_odb(&odb, repo)) {
		git_error_clear();
		return hex;
	}
	found = !git_odb_exists_prefix(&full, odb, &prefix, len);
	git_error_clear();
	git_odb_free(odb);
	return found ? oid_hex(buf, &full) : hex;
}

int revision_is_hex(const char *s, size_t min, size_t max)
{
	size_t n = strspn(s, "0123456789abcdefABCDEF");

	return !s[n] && n >= min && n <= max;
}

int revision_abbrev_hex(git_repository *repo, const char *hex, int min_len)
{
	char full[GIT_OID_HEXSZ + 1];
	git_oid oid;
	int n = min_len;

	hex = revision_expand_hex(repo, hex, full);
	if (strlen(hex) == GIT_OID_HEXSZ && !git_oid_fromstr(&oid, hex))
		n = revision_abbrev_unique(repo, &oid, min_len);
	return n > min_len ? n : min_len;
}
