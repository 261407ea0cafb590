#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/repo.h"
#include "util/thread.h"
#include "util/dir-at.h"
#include "bisect/checkout-at.h"
#include "bisect/launch-wrapper.h"
#include "bisect/scratch-owner.h"
#include "bisect/scratch-tree.h"

char *scratch_base(const char *dir)
{
	const char *tmp = getenv("TMPDIR");
	const char *want = dir ? dir : tmp && *tmp ? tmp : "/tmp";
	char *base = realpath(want, NULL);
	git_buf found = { 0 };
	struct stat st;

	if (!base || stat(base, &st) || !S_ISDIR(st.st_mode)) {
		error("cannot make scratch trees in '%s': %s", want, base ? strerror(ENOTDIR) : strerror(errno));
		free(base);
		return NULL;
	}
	/* Found as a job's git would look for it, across file systems to be sure. */
	if (!git_repository_discover(&found, base, 1, getenv("GIT_CEILING_DIRECTORIES"))) {
		if (found.size > 1 && found.ptr[found.size - 1] == '/')
			found.ptr[--found.size] = '\0';
		error("the scratch trees would be in '%s', inside the git repository '%s': a job's git "
		      "would use it; set %s to a directory outside any work tree", base, found.ptr,
		      dir ? "--scratch-dir (benchbisect.scratchDir)" : "TMPDIR");
		git_buf_dispose(&found);
		free(base);
		return NULL;
	}
	return base;
}

int scratch_tree_init(struct scratch_tree *t, git_repository *repo, const char *base)
{
	memset(t, 0, sizeof(*t));
	t->tree_fd = t->dir_fd = t->base_fd = t->owner_fd = -1;
	strbuf_init(&t->err, 0);
	strbuf_init(&t->warn, 0);
	t->base = xstrdup(base);
	/*
	 * Bare: the filters' attributes come from the commit checked out,
	 * never from files read through a path.
	 */
	if (git_repository_open_ext(&t->repo, git_repository_path(repo),
				    GIT_REPOSITORY_OPEN_NO_SEARCH | GIT_REPOSITORY_OPEN_BARE, NULL) ||
	    git_index_new(&t->index)) {
		repo_error("cannot open a second handle on the repository");
		scratch_tree_release(t);
		return -1;
	}
	if ((t->base_fd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		error("cannot open '%s': %s", base, strerror(errno));
		scratch_tree_release(t);
		return -1;
	}
	return 0;
}

/* The job's directory and its tree, freshly made. */
static int make_dir(struct scratch_tree *t)
{
	struct stat st;
	int fd = -1;

	t->path = xstrfmt("%s/" SCRATCH_PREFIX "XXXXXX", t->base);
	if (!mkdtemp(t->path) || (fd = dir_open_at(t->base_fd, strrchr(t->path, '/') + 1)) < 0 ||
	    fstat(fd, &st)) {
		strbuf_addf(&t->err, "cannot create a temporary directory '%s': %s", t->path, strerror(errno));
		if (fd >= 0)
			close(fd);
		free(t->path);
		t->path = NULL;
		return -1;
	}
	t->dev = st.st_dev;
	t->ino = st.st_ino;
	t->dir_fd = fd;
	t->tree_path = xstrfmt("%s/tree", t->path);
	t->record = xstrfmt("%s/" LAUNCH_RECORD, t->path);
	if ((t->owner_fd = scratch_owner_claim(fd)) < 0) {
		strbuf_addf(&t->err, "cannot create '%s/owner': %s", t->path, strerror(errno));
		return -1;
	}
	if (mkdirat(fd, "tree", 0777) || (t->tree_fd = dir_open_at(fd, "tree")) < 0 ||
	    fstat(t->tree_fd, &st)) {
		strbuf_addf(&t->err, "cannot create '%s': %s", t->tree_path, strerror(errno));
		return -1;
	}
	t->tree_dev = st.st_dev;
	t->tree_ino = st.st_ino;
	return 0;
}

/* Open fd's entry name again, never through a symlink: is it still the directory of that identity? */
static int reopen(int fd, const char *name, dev_t dev, ino_t ino)
{
	struct stat st;
	int sub = dir_open_at(fd, name);

	if (sub >= 0 && !fstat(sub, &st) && st.st_dev == dev && st.st_ino == ino)
		return sub;
	if (sub >= 0)
		close(sub);
	return -1;
}

static void close_fds(struct scratch_tree *t)
{
	if (t->tree_fd >= 0)
		close(t->tree_fd);
	if (t->dir_fd >= 0)
		close(t->dir_fd);
	t->tree_fd = t->dir_fd = -1;
}

/*
 * The job's directory and tree are those made (the command may have
 * replaced either), opened again (made u+rwx if the command took that
 * away). Returns 0, or -1 when they must be made afresh.
 */
static int still_ours(struct scratch_tree *t)
{
	if (!t->path)
		return -1;
	close_fds(t);
	if ((t->dir_fd = reopen(t->base_fd, strrchr(t->path, '/') + 1, t->dev, t->ino)) < 0)
		return -1;
	t->tree_fd = reopen(t->dir_fd, "tree", t->tree_dev, t->tree_ino);
	return t->tree_fd < 0 ? -1 : 0;
}

/*
 * Remove the directory, or whatever the command put in its place, never
 * following a symlink; what failed goes to t->warn (a worker thread may
 * run this: it prints nothing).
 */
static void remove_dir(struct scratch_tree *t)
{
	close_fds(t);
	if (t->path && dir_remove_at(t->base_fd, strrchr(t->path, '/') + 1))
		strbuf_addf(&t->warn, "cannot remove the scratch tree '%s': %s", t->path, strerror(errno));
	/* Unlocked once gone: until then no other run takes it for a dead one's. */
	if (t->owner_fd >= 0)
		close(t->owner_fd);
	t->owner_fd = -1;
	free(t->path);
	free(t->tree_path);
	free(t->record);
	t->path = t->tree_path = t->record = NULL;
}

/* Start over: a fresh directory, and nothing written yet. */
static int start_over(struct scratch_tree *t)
{
	git_index *empty;

	remove_dir(t);
	if (git_index_new(&empty))
		return repo_error_add(&t->err, "cannot make an index");
	git_index_free(t->index);
	t->index = empty;
	return make_dir(t);
}

static int checkout(struct scratch_tree *t)
{
	char hex[GIT_OID_HEXSZ + 1];

	if (still_ours(t) && start_over(t))
		return -1;
	if (!checkout_at(t->repo, t->tree_fd, &t->commit, &t->index, &t->err))
		return 0;
	/* What the command left may be in the way: once more in an empty directory. */
	strbuf_reset(&t->err);
	if (!start_over(t) && !checkout_at(t->repo, t->tree_fd, &t->commit, &t->index, &t->err))
		return 0;
	strbuf_addf(&t->err, " (checking out %s)", oid_hex(hex, &t->commit));
	remove_dir(t);
	return -1;
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
	/* Zeroed and never initialized (an earlier one failed): nothing is open. */
	if (!t->base)
		return;
	scratch_tree_clean(t);
	if (t->base_fd >= 0)
		close(t->base_fd);
	git_repository_free(t->repo);
	git_index_free(t->index);
	free(t->base);
	strbuf_release(&t->err);
	strbuf_release(&t->warn);
	memset(t, 0, sizeof(*t));
	t->tree_fd = t->dir_fd = t->base_fd = t->owner_fd = -1;
}
