#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/repo.h"
#include "corpus/worktree-file.h"

int worktree_file_read(git_repository *repo, const char *path, git_buf *out)
{
	git_filter_list *fl = NULL;
	char *full = xstrfmt("%s%s", git_repository_workdir(repo), path);
	char target[4096];
	ssize_t n = readlink(full, target, sizeof(target));
	int ret = 0;

	free(full);
	if (n >= 0) {
		ret = git_buf_set(out, target, (size_t)n);
	} else if (errno != EINVAL) {
		return error("cannot read '%s': %s", path, strerror(errno));
	} else if (git_filter_list_load(&fl, repo, NULL, path, GIT_FILTER_TO_ODB, 0) ||
		   git_filter_list_apply_to_file(out, fl, repo, path)) {
		/*
		 * Not git_repository_hashfile(): libgit2 1.5 leaks its path
		 * when a filter fails to load.
		 */
		ret = -1;
	}
	git_filter_list_free(fl);
	return ret ? repo_error("cannot read '%s'", path) : 0;
}

int worktree_file_hash(git_repository *repo, const char *path, git_oid *oid)
{
	git_buf buf = GIT_BUF_INIT;
	int ret = worktree_file_read(repo, path, &buf);

	if (!ret && git_odb_hash(oid, buf.ptr ? buf.ptr : "", buf.size, GIT_OBJECT_BLOB))
		ret = repo_error("cannot hash '%s'", path);
	git_buf_dispose(&buf);
	return ret;
}
