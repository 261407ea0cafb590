#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <git2/sys/repository.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/repo.h"
#include "util/thread.h"
#include "bisect/scratch-tree.h"

int scratch_tree_init(struct scratch_tree *t, git_repository *repo)
{
	memset(t, 0, sizeof(*t));
	strbuf_init(&t->err, 0);
	strbuf_init(&t->warn, 0);
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
	struct stat st;

	t->path = xstrfmt("%s/benchbisect-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(t->path) || lstat(t->path, &st)) {
		strbuf_addf(&t->err, "cannot create a temporary directory '%s': %s", t->path, strerror(errno));
		free(t->path);
		t->path = NULL;
		return -1;
	}
	t->dev = st.st_dev;
	t->ino = st.st_ino;
	return 0;
}

/* The entry is the one the last checkout wrote, untouched since. */
static int as_written(const git_index_entry *e, const struct stat *st)
{
	return e && e->mode != GIT_FILEMODE_COMMIT && !S_ISDIR(st->st_mode) &&
		(S_ISLNK(st->st_mode) || S_ISREG(st->st_mode)) &&
		e->ino == (uint32_t)st->st_ino && e->file_size == (uint32_t)st->st_size &&
		e->mtime.seconds == (int32_t)st->st_mtim.tv_sec &&
		e->mtime.nanoseconds == (uint32_t)st->st_mtim.tv_nsec &&
		e->ctime.seconds == (int32_t)st->st_ctim.tv_sec &&
		e->ctime.nanoseconds == (uint32_t)st->st_ctim.tv_nsec;
}

/* Remove name in dir fd and, for a directory, all below it; no symlink followed. */
static int remove_at(int fd, const char *name, int is_dir)
{
	DIR *d;
	struct dirent *de;
	int sub, ret = 0;

	if (!is_dir)
		return unlinkat(fd, name, 0) && errno != ENOENT ? -1 : 0;
	sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (sub < 0 || !(d = fdopendir(sub))) {
		if (sub >= 0)
			close(sub);
		return -1;
	}
	while (!ret && (de = readdir(d))) {
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (fstatat(sub, de->d_name, &st, AT_SYMLINK_NOFOLLOW))
			ret = -1;
		else
			ret = remove_at(sub, de->d_name, S_ISDIR(st.st_mode));
	}
	closedir(d);
	return ret || (unlinkat(fd, name, AT_REMOVEDIR) && errno != ENOENT) ? -1 : 0;
}

/* Cut rel back to len bytes (len <= rel->len). */
static void cut(struct strbuf *rel, size_t len)
{
	if (rel->alloc)
		rel->buf[len] = '\0';
	rel->len = len;
}

/*
 * Keep in directory fd (rel, "" or "dir/" in the tree) only what the last
 * checkout wrote: directories the index has entries under, files and
 * symlinks as_written. Returns -1 when something cannot be read or removed.
 */
static int prune_dir(struct scratch_tree *t, int fd, struct strbuf *rel)
{
	DIR *d = fdopendir(fd);
	struct dirent *de;
	size_t len = rel->len;
	int ret = 0;

	if (!d) {
		close(fd);
		return -1;
	}
	while (!ret && (de = readdir(d))) {
		struct stat st;
		size_t at;
		int sub;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		cut(rel, len);
		strbuf_addstr(rel, de->d_name);
		if (fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
			ret = -1;
		} else if (!S_ISDIR(st.st_mode)) {
			if (!as_written(git_index_get_bypath(t->index, rel->buf, 0), &st))
				ret = remove_at(fd, de->d_name, 0);
		} else {
			strbuf_addch(rel, '/');
			if (git_index_find_prefix(&at, t->index, rel->buf))
				ret = remove_at(fd, de->d_name, 1);
			else if ((sub = openat(fd, de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
				ret = -1;
			else
				ret = prune_dir(t, sub, rel);
		}
	}
	closedir(d);
	cut(rel, len);
	return ret;
}

/* Make the last checkout's directory safe to check out into again. */
static int prune(struct scratch_tree *t)
{
	struct strbuf rel = STRBUF_INIT;
	struct stat st;
	int fd, ret;

	if (!t->path || !t->tree)
		return -1;
	fd = open(t->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) || st.st_dev != t->dev || st.st_ino != t->ino) {
		if (fd >= 0)
			close(fd);
		return -1;	/* the directory itself was swapped */
	}
	ret = prune_dir(t, fd, &rel);
	strbuf_release(&rel);
	return ret;
}

/*
 * Remove the directory, or whatever the command put in its place, never
 * following a symlink; what failed goes to t->warn (a worker thread may
 * run this: it prints nothing).
 */
static void remove_dir(struct scratch_tree *t)
{
	struct stat st;

	if (t->path && !lstat(t->path, &st) && remove_at(AT_FDCWD, t->path, S_ISDIR(st.st_mode)))
		strbuf_addf(&t->warn, "cannot remove the scratch tree '%s': %s", t->path, strerror(errno));
	free(t->path);
	t->path = NULL;
	git_tree_free(t->tree);
	t->tree = NULL;
}

static int checkout(struct scratch_tree *t)
{
	git_checkout_options opts = GIT_CHECKOUT_OPTIONS_INIT;
	git_commit *c = NULL;
	git_tree *tree = NULL;
	char hex[GIT_OID_HEXSZ + 1];
	int ret = 0;

	/*
	 * Reuse the directory when it holds nothing but what the last
	 * checkout wrote (prune removes the rest); else start over in an
	 * empty one with an empty index, where the checkout only creates.
	 */
	if (prune(t)) {
		remove_dir(t);
		if (make_dir(t))
			return -1;
		git_index_clear(t->index);
		/* Only for a new directory: libgit2 1.5 leaks the path when it is set again. */
		if (git_repository_set_workdir(t->repo, t->path, 0)) {
			ret = repo_error_add(&t->err, "cannot use '%s' as a work tree", t->path);
			remove_dir(t);
			return ret;
		}
	}
	/*
	 * FORCE: every file of the tree is written unless the index says it
	 * is there as written; the baseline is the last checkout, never the
	 * user's HEAD. The index stays in memory (DONT_WRITE_INDEX) and keeps
	 * what was written, for the next prune.
	 */
	opts.checkout_strategy = GIT_CHECKOUT_FORCE | GIT_CHECKOUT_REMOVE_UNTRACKED |
		GIT_CHECKOUT_NO_REFRESH | GIT_CHECKOUT_DONT_WRITE_INDEX;
	opts.baseline = t->tree;
	if (git_commit_lookup(&c, t->repo, &t->commit) || git_commit_tree(&tree, c) ||
	    git_checkout_tree(t->repo, (const git_object *)tree, &opts)) {
		ret = repo_error_add(&t->err, "cannot check out '%s' in '%s'", oid_hex(hex, &t->commit), t->path);
		remove_dir(t);
		git_tree_free(tree);
		tree = NULL;
	}
	git_tree_free(t->tree);
	t->tree = tree;
	git_commit_free(c);
	return ret;
}

static void *checkout_thread(void *arg)
{
	struct scratch_tree *t = arg;

	t->ret = checkout(t);
	return NULL;
}

static void *remove_thread(void *arg)
{
	remove_dir(arg);
	return NULL;
}

/* Run fn(t) on a worker thread, or here and now without threads in libgit2. */
static void start(struct scratch_tree *t, void *(*fn)(void *))
{
	/* The signals stay with the main thread, which passes them on to the jobs. */
	if (git_libgit2_features() & GIT_FEATURE_THREADS)
		t->busy = !thread_start(&t->thread, fn, t);
	if (!t->busy)
		fn(t);
}

void scratch_tree_checkout_start(struct scratch_tree *t, const git_oid *commit)
{
	git_oid_cpy(&t->commit, commit);
	strbuf_reset(&t->err);
	t->ret = 0;
	start(t, checkout_thread);
}

/* What could not be removed, as a warning (from the main thread). */
static void flush_warnings(struct scratch_tree *t)
{
	if (t->warn.len)
		warning("%s", t->warn.buf);
	strbuf_reset(&t->warn);
}

static void join(struct scratch_tree *t)
{
	if (t->busy)
		pthread_join(t->thread, NULL);
	t->busy = 0;
	flush_warnings(t);
}

int scratch_tree_checkout_finish(struct scratch_tree *t)
{
	join(t);
	if (t->ret)
		error("%s", t->err.buf);
	return t->ret;
}

void scratch_tree_clean_start(struct scratch_tree *t)
{
	join(t);
	if (t->path)
		start(t, remove_thread);
}

void scratch_tree_clean(struct scratch_tree *t)
{
	join(t);
	remove_dir(t);
	flush_warnings(t);
}

void scratch_tree_release(struct scratch_tree *t)
{
	scratch_tree_clean(t);
	git_repository_free(t->repo);
	git_index_free(t->index);
	strbuf_release(&t->err);
	strbuf_release(&t->warn);
	memset(t, 0, sizeof(*t));
}
