#include <stdlib.h>
#include <string.h>
#include "util/date.h"
#include "util/usage.h"
#include "util/repo.h"
#include "util/quote.h"
#include "history/walk.h"

static int walk_failed(git_repository *repo, const git_oid *bad)
{
	char hex[GIT_OID_HEXSZ + 1];

	if (git_repository_is_shallow(repo) == 1) {
		error("the first-parent walk from '%s' reached the boundary of this shallow clone",
		      oid_hex(hex, bad));
		advise("deepen the clone with 'git fetch --deepen=<n>' or 'git fetch --unshallow'");
		return -1;
	}
	return repo_error("cannot walk the history from '%s'", oid_hex(hex, bad));
}

/* The exact `good..bad` semantics, for a good that is off bad's first-parent line. */
static int revwalk_range(git_repository *repo, const git_oid *good, const git_oid *bad,
			 walk_fn *fn, void *data)
{
	git_revwalk *walk = NULL;
	git_oid oid;
	int ret = 0, rc;

	if (git_revwalk_new(&walk, repo))
		return repo_error("cannot start a history walk");
	git_revwalk_sorting(walk, GIT_SORT_NONE);
	git_revwalk_simplify_first_parent(walk);
	if (git_revwalk_push(walk, bad) || git_revwalk_hide(walk, good)) {
		ret = walk_failed(repo, bad);
		goto out;
	}
	while (!(rc = git_revwalk_next(&oid, walk))) {
		git_commit *c;

		if (git_commit_lookup(&c, repo, &oid)) {
			ret = walk_failed(repo, bad);
			goto out;
		}
		ret = fn(c, data);
		git_commit_free(c);
		if (ret)
			goto out;
	}
	if (rc != GIT_ITEROVER)
		ret = walk_failed(repo, bad);
out:
	git_revwalk_free(walk);
	return ret;
}

/*
 * Follow first parents from bad down to good. This never reads a commit
 * older than good, so it works right up to a shallow boundary, unlike a
 * revwalk that hides good (libgit2 then reads good's parents). Sets
 * *found = 0 when the line passes good's time without meeting it.
 */
static int first_parent_line(git_repository *repo, const git_oid *good, const git_oid *bad,
			     git_oid **line, size_t *nr, int *found)
{
	git_commit *good_commit = NULL, *c = NULL;
	size_t alloc = 0;
	git_time_t floor;
	int ret = 0;

	*line = NULL;
	*nr = 0;
	*found = 0;
	if (git_commit_lookup(&good_commit, repo, good))
		return walk_failed(repo, good);
	/* A day of slack for clock skew between committers. */
	floor = git_commit_time(good_commit) - DAY_SECONDS;
	git_commit_free(good_commit);
	if (git_commit_lookup(&c, repo, bad))
		return walk_failed(repo, bad);
	while (!git_oid_equal(git_commit_id(c), good)) {
		git_commit *parent;

		if (git_commit_time(c) < floor || !git_commit_parentcount(c))
			goto out;
		ALLOC_GROW(*line, *nr + 1, alloc);
		git_oid_cpy(&(*line)[(*nr)++], git_commit_id(c));
		if (git_commit_parent(&parent, c, 0)) {
			ret = walk_failed(repo, bad);
			goto out;
		}
		git_commit_free(c);
		c = parent;
	}
	*found = 1;
out:
	git_commit_free(c);
	return ret;
}

int walk_first_parent(git_repository *repo, const git_oid *good, const git_oid *bad,
		      walk_fn *fn, void *data)
{
	git_oid *line;
	size_t nr;
	int found, ret = first_parent_line(repo, good, bad, &line, &nr, &found);

	if (!ret && !found)
		ret = revwalk_range(repo, good, bad, fn, data);
	for (size_t i = 0; !ret && found && i < nr; i++) {
		git_commit *c = NULL;

		if (git_commit_lookup(&c, repo, &line[i]))
			ret = walk_failed(repo, bad);
		else
			ret = fn(c, data);
		git_commit_free(c);
	}
	free(line);
	return ret;
}

/* 1 when the object at path differs between the trees (absent counts). */
static int path_differs(git_tree *a, git_tree *b, const char *path)
{
	git_tree_entry *ea = NULL, *eb = NULL;
	int differs;

	if (a)
		git_tree_entry_bypath(&ea, a, path);
	if (b)
		git_tree_entry_bypath(&eb, b, path);
	git_error_clear();
	differs = (!ea != !eb) || (ea && !git_oid_equal(git_tree_entry_id(ea), git_tree_entry_id(eb)));
	git_tree_entry_free(ea);
	git_tree_entry_free(eb);
	return differs;
}

int pathspec_item_is_literal(const char *item)
{
	return !strpbrk(item, "*?[\\") && item[0] != ':';
}

int commit_touches(git_repository *repo, git_commit *commit, const struct strvec *pathspec,
		   int *out)
{
	git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
	git_tree *tree = NULL, *parent_tree = NULL;
	git_commit *parent = NULL;
	git_diff *diff = NULL;
	struct strvec globs = STRVEC_INIT;
	char hex[GIT_OID_HEXSZ + 1];
	int literal, ret = 0;

	*out = 0;
	if (!pathspec->nr)
		return 0;
	literal = literal_pathspecs();
	if (literal < 0)
		return -1;
	if (git_commit_tree(&tree, commit) ||
	    (git_commit_parentcount(commit) &&
	     (git_commit_parent(&parent, commit, 0) || git_commit_tree(&parent_tree, parent)))) {
		ret = repo_error("cannot read commit '%s'", oid_hex(hex, git_commit_id(commit)));
		goto out;
	}
	for (size_t i = 0; i < pathspec->nr && !*out; i++) {
		const char *item = pathspec->v[i];

		/* a path is a few lookups of the two trees' entries, where a diff walks both trees */
		if (!literal && !pathspec_item_is_literal(item)) {
			strvec_push(&globs, item);
		} else {
			char *path = xstrdup(item);
			size_t len = strlen(path);

			while (len > 1 && path[len - 1] == '/')
				path[--len] = '\0';
			*out = path_differs(tree, parent_tree, path);
			free(path);
		}
	}
	if (*out || !globs.nr)
		goto out;
	opts.pathspec.strings = globs.v;
	opts.pathspec.count = globs.nr;
	if (git_diff_tree_to_tree(&diff, repo, parent_tree, tree, &opts))
		ret = repo_error("cannot diff commit '%s'", oid_hex(hex, git_commit_id(commit)));
	else
		*out = git_diff_num_deltas(diff) > 0;
out:
	strvec_clear(&globs);
	git_diff_free(diff);
	git_tree_free(parent_tree);
	git_commit_free(parent);
	git_tree_free(tree);
	return ret;
}
