#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <git2/sys/repository.h>
#include "util/usage.h"
#include "util/repo.h"
#include "bisect/scratch-tree.h"

int scratch_tree_init(struct scratch_tree *t, git_repository *repo)
{
	memset(t, 0, sizeof(*t));
	if (git_repository_open_ext(&t->repo, git_repository_path(repo),
				    GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) ||
	    git_index_new(&t->index) ||
	    git_repository_set_index(t->repo, t->index)) {
		repo_error("cannot open a second handle on the repository");
		scratch_tree_release(t);
		return -1;
	}
	return 0;
}

static int make_dir(struct scratch_tree *t)
{
	const char *tmp = getenv("TMPDIR");

	t->path = xstrfmt("%s/benchbisect-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(t->path)) {
		error("cannot create a temporary directory '%s': %s", t->path, strerror(errno));
		free(t->path);
		t->path = NULL;
		return -1;
	}
	return 0;
}

int scratch_tree_checkout(struct scratch_tree *t, const git_oid *commit)
{
	git_checkout_options opts = GIT_CHECKOUT_OPTIONS_INIT;
	git_commit *c = NULL;
	git_tree *tree = NULL;
	char hex[GIT_OID_HEXSZ + 1];
	int ret = 0;

	/*
	 * Never reuse a directory the command ran in: it may have swapped
	 * anything in it for a symlink. An empty directory and an empty
	 * index: the checkout only creates, nothing is compared or removed.
	 */
	scratch_tree_clean(t);
	if (make_dir(t))
		return -1;
	opts.checkout_strategy = GIT_CHECKOUT_FORCE | GIT_CHECKOUT_NO_REFRESH |
		GIT_CHECKOUT_DONT_WRITE_INDEX;
	if (git_index_clear(t->index) ||
	    git_repository_set_workdir(t->repo, t->path, 0) ||
	    git_commit_lookup(&c, t->repo, commit) || git_commit_tree(&tree, c) ||
	    git_checkout_tree(t->repo, (const git_object *)tree, &opts)) {
		ret = repo_error("cannot check out '%s' in '%s'", oid_hex(hex, commit), t->path);
		scratch_tree_clean(t);
	}
	git_tree_free(tree);
	git_commit_free(c);
	return ret;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if ((flag == FTW_DP ? rmdir(path) : unlink(path)) && errno != ENOENT)
		warning("cannot remove '%s': %s", path, strerror(errno));
	return 0;
}

void scratch_tree_clean(struct scratch_tree *t)
{
	/* FTW_PHYS: a symlink is removed, never followed. */
	if (t->path && nftw(t->path, remove_one, 16, FTW_DEPTH | FTW_PHYS) && errno != ENOENT)
		warning("cannot remove the scratch tree '%s': %s", t->path, strerror(errno));
	free(t->path);
	t->path = NULL;
}

void scratch_tree_release(struct scratch_tree *t)
{
	scratch_tree_clean(t);
	git_repository_free(t->repo);
	git_index_free(t->index);
	memset(t, 0, sizeof(*t));
}
