#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/repo.h"
#include "corpus/worktree-file.h"

/*
 * libgit2 does not implement working-tree-encoding: the bytes on disk are
 * not what git add would store (a UTF-16 checkout of an unchanged fixture
 * would read as changed, and not UTF-8). Refused, naming the attribute, as
 * a long-running filter is. UTF-8 is git's own encoding: nothing to do.
 */
static int check_encoding(git_repository *repo, const char *path)
{
	const char *v;

	if (git_attr_get(&v, repo, 0, path, "working-tree-encoding"))
		return repo_error("cannot read the attributes of '%s'", path);
	if (git_attr_value(v) != GIT_ATTR_VALUE_STRING || !strcasecmp(v, "UTF-8") ||
	    !strcasecmp(v, "UTF8"))
		return 0;
	return error("cannot read '%s': working-tree-encoding=%s is not supported", path, v);
}

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
	} else if (check_encoding(repo, path)) {
		return -1;
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
