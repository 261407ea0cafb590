#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "util/usage.h"
#include "corpus/worktree-index.h"

static int has_prefix(const char *path, const char *prefix, size_t len)
{
	return !strncmp(path, prefix, len);
}

int worktree_index_holds_repo(int dirfd, const char *name)
{
	char *dotgit = xstrfmt("%s/.git", name);
	struct stat st;
	int found = !fstatat(dirfd, dotgit, &st, AT_SYMLINK_NOFOLLOW);

	free(dotgit);
	return found;
}

int worktree_index_lstat(git_repository *repo, const char *path, struct stat *st)
{
	const char *wd = git_repository_workdir(repo);
	char *full = xstrfmt("%s%s", wd, path), *p = full + strlen(wd);
	int err = 0;

	/*
	 * Every directory on the way must be one of this repository: git
	 * does not look past a link, nor into a submodule or a nested clone.
	 */
	while (!err && (p = strchr(p, '/'))) {
		*p = '\0';
		if (lstat(full, st))
			err = errno;
		else if (!S_ISDIR(st->st_mode))
			err = S_ISLNK(st->st_mode) ? ENOENT : ENOTDIR;
		else if (worktree_index_holds_repo(AT_FDCWD, full))
			err = ENOENT;
		*p++ = '/';
	}
	if (!err && lstat(full, st))
		err = errno;
	if (!err && *path && S_ISDIR(st->st_mode) && worktree_index_holds_repo(AT_FDCWD, full))
		err = ENOENT;
	free(full);
	return err;
}

int worktree_index_on_disk(git_repository *repo, const char *path)
{
	struct stat st;

	return !worktree_index_lstat(repo, path, &st);
}

/*
 * Collect the skip-worktree entries whose paths start with prefix and
 * that the index stands for.
 */
static void load_sparse(struct worktree_index *wi, git_repository *repo, const char *prefix)
{
	size_t len = strlen(prefix), pos = 0;
	const git_index_entry *e;

	if (len && git_index_find_prefix(&pos, wi->index, prefix)) {
		git_error_clear();
		return;
	}
	for (; (e = git_index_get_byindex(wi->index, pos)) && has_prefix(e->path, prefix, len); pos++) {
		if (!(e->flags_extended & GIT_INDEX_ENTRY_SKIP_WORKTREE) ||
		    git_index_entry_stage(e) || e->mode == GIT_FILEMODE_COMMIT ||
		    (wi->read_present_skipped && worktree_index_on_disk(repo, e->path)))
			continue;
		ALLOC_GROW(wi->sparse, wi->sparse_nr + 1, wi->sparse_alloc);
		wi->sparse[wi->sparse_nr].path = xstrdup(e->path);
		git_oid_cpy(&wi->sparse[wi->sparse_nr].id, &e->id);
		wi->sparse[wi->sparse_nr].mode = e->mode;
		wi->sparse_nr++;
	}
}

void worktree_index_init(struct worktree_index *wi, git_repository *repo,
			 const struct fixture_layout *l)
{
	struct stat st;
	char *prefix;

	memset(wi, 0, sizeof(*wi));
	wi->trust_exec_bit = l->trust_exec_bit;
	wi->read_present_skipped = l->read_present_skipped;
	if (git_repository_index(&wi->index, repo) || !git_index_path(wi->index) ||
	    stat(git_index_path(wi->index), &st)) {
		git_index_free(wi->index);
		wi->index = NULL;
		git_error_clear();
		return;
	}
	wi->mtime = st.st_mtim;
	prefix = *l->root ? xstrfmt("%s/", l->root) : xstrdup("");
	load_sparse(wi, repo, prefix);
	free(prefix);
}

void worktree_index_release(struct worktree_index *wi)
{
	for (size_t i = 0; i < wi->sparse_nr; i++)
		free(wi->sparse[i].path);
	free(wi->sparse);
	git_index_free(wi->index);
	memset(wi, 0, sizeof(*wi));
}

static int stat_matches(const git_index_entry *e, const struct stat *st)
{
	return e->file_size == (uint32_t)st->st_size &&
	       e->mtime.seconds == (int32_t)st->st_mtim.tv_sec &&
	       e->mtime.nanoseconds == (uint32_t)st->st_mtim.tv_nsec &&
	       e->ctime.seconds == (int32_t)st->st_ctim.tv_sec &&
	       e->ctime.nanoseconds == (uint32_t)st->st_ctim.tv_nsec &&
	       e->ino == (uint32_t)st->st_ino &&
	       (e->mode & S_IFMT) == (st->st_mode & S_IFMT);
}

/* Modified in the same instant the index was written: the stat data cannot tell. */
static int racily_clean(const struct worktree_index *wi, const git_index_entry *e)
{
	return e->mtime.seconds > wi->mtime.tv_sec ||
	       (e->mtime.seconds == wi->mtime.tv_sec &&
		e->mtime.nanoseconds >= (uint32_t)wi->mtime.tv_nsec);
}

int worktree_index_cached(const struct worktree_index *wi, const char *path, int dirfd,
			  const char *name, git_oid *oid, uint32_t *mode)
{
	const git_index_entry *e = wi->index ? git_index_get_bypath(wi->index, path, 0) : NULL;
	struct stat st;
	int skipped;

	if (!e)
		return 0;
	/*
	 * git never looks at a skip-worktree file: the index stands for it,
	 * unless the file being on disk cleared the bit (load_sparse()).
	 */
	skipped = !wi->read_present_skipped && (e->flags_extended & GIT_INDEX_ENTRY_SKIP_WORKTREE);
	if (!skipped && (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) || !stat_matches(e, &st) ||
			 racily_clean(wi, e)))
		return 0;
	git_oid_cpy(oid, &e->id);
	*mode = e->mode;
	return 1;
}

uint32_t worktree_index_mode(const struct worktree_index *wi, const char *path, mode_t st_mode)
{
	const git_index_entry *e;

	if (S_ISLNK(st_mode))
		return GIT_FILEMODE_LINK;
	if (wi->trust_exec_bit)
		return st_mode & S_IXUSR ? GIT_FILEMODE_BLOB_EXECUTABLE : GIT_FILEMODE_BLOB;
	e = wi->index ? git_index_get_bypath(wi->index, path, 0) : NULL;
	return e && S_ISREG(e->mode) ? e->mode : GIT_FILEMODE_BLOB;
}

int worktree_index_is_gitlink(const struct worktree_index *wi, const char *path)
{
	const git_index_entry *e = wi->index ? git_index_get_bypath(wi->index, path, 0) : NULL;

	return e && e->mode == GIT_FILEMODE_COMMIT;
}

void worktree_index_sparse_below(const struct worktree_index *wi, const char *dir,
				 size_t *first, size_t *end)
{
	char *prefix = *dir ? xstrfmt("%s/", dir) : xstrdup("");
	size_t len = strlen(prefix), lo = 0, hi = wi->sparse_nr;

	/* The entries are in path order: those below dir are one run. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(wi->sparse[mid].path, prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	while (hi < wi->sparse_nr && has_prefix(wi->sparse[hi].path, prefix, len))
		hi++;
	*end = hi;
	free(prefix);
}
