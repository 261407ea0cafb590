#ifndef CORPUS_WORKTREE_INDEX_H
#define CORPUS_WORKTREE_INDEX_H

#include <time.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <git2.h>
#include "corpus/layout.h"

/*
 * The index as the working-tree side of a comparison reads it, as git
 * status does: a stat cache (a file whose stat data matches its entry
 * takes the entry's blob id, unread), the entries a sparse checkout left
 * out of the working tree (skip-worktree: the index stands for them;
 * one on disk after all is read like any other file unless
 * sparse.expectFilesOutsideOfPatterns is set, as git >= 2.37 does), and
 * the gitlinks (submodules) the walk must not enter.
 */

/* A skip-worktree entry below the root that the index stands for. */
struct worktree_index_entry {
	char *path;		/* from the top, owned */
	git_oid id;
	uint32_t mode;
};

struct worktree_index {
	git_index *index;	/* NULL: none, or unreadable (every file is hashed) */
	struct timespec mtime;	/* the index file's, for the racy test */
	int trust_exec_bit;	/* core.fileMode */
	int read_present_skipped;	/* a skip-worktree file on disk is read */
	struct worktree_index_entry *sparse;	/* in index (path) order */
	size_t sparse_nr, sparse_alloc;
};

/*
 * Load the repository's index and its skip-worktree entries below the
 * layout's root, leaving out those on disk when l->read_present_skipped.
 * Without a readable index, wi holds none: nothing fails. Release with
 * worktree_index_release().
 */
void worktree_index_init(struct worktree_index *wi, git_repository *repo,
			 const struct fixture_layout *l);
void worktree_index_release(struct worktree_index *wi);

/*
 * Whether the index stands for the working-tree file at path (from the
 * top; name is its last component, in the directory open as dirfd):
 * a skip-worktree entry not read from disk, or one whose stat data still matches the file
 * and was not written in the instant the index was. *oid and *mode are
 * then the entry's.
 */
int worktree_index_cached(const struct worktree_index *wi, const char *path, int dirfd,
			  const char *name, git_oid *oid, uint32_t *mode);

/*
 * The mode git add records for the file at path with lstat mode st_mode:
 * 120000 for a link; for a file, 100755 or 100644 from its exec bit, or
 * under core.fileMode=false the index entry's (100644 without one).
 */
uint32_t worktree_index_mode(const struct worktree_index *wi, const char *path, mode_t st_mode);

/*
 * Whether the directory name (relative to dirfd, or AT_FDCWD) holds .git:
 * the work tree of another repository, a submodule or a nested clone.
 */
int worktree_index_holds_repo(int dirfd, const char *name);

/*
 * lstat() of path (from the top) through directories only: below a
 * symbolic link, or in another repository's work tree (path itself one,
 * or a directory above it), it is not there (ENOENT), as for git; path
 * itself may be a link. Returns 0 with st filled, or the errno.
 */
int worktree_index_lstat(git_repository *repo, const char *path, struct stat *st);
/* Whether the file at path (from the top) is on disk (worktree_index_lstat()). */
int worktree_index_on_disk(git_repository *repo, const char *path);

/* Whether path (from the top) is a gitlink, a submodule, in the index. */
int worktree_index_is_gitlink(const struct worktree_index *wi, const char *path);

/*
 * The skip-worktree entries below the directory dir (from the top, ""
 * for the top): wi->sparse[*first] up to, not including, wi->sparse[*end].
 */
void worktree_index_sparse_below(const struct worktree_index *wi, const char *dir,
				 size_t *first, size_t *end);

#endif
