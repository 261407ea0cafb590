#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/io.h"
#include "util/repo.h"
#include "util/dir-at.h"
#include "bisect/checkout-at.h"

struct checkout {
	git_repository *repo;
	const git_oid *commit;
	git_index *old;			/* what the last checkout wrote */
	git_index *new;			/* what this one wrote (or kept) */
	int symlinks;			/* core.symlinks */
	struct strbuf path;		/* in the tree: "" or "dir/", then the entry's name */
	struct strbuf *err;
};

static int fail(struct checkout *c, const char *what)
{
	strbuf_addf(c->err, "cannot %s '%s': %s", what, c->path.buf, strerror(errno));
	return -1;
}

/* A name that stays in its directory, and no .git of a repository's own. */
static int safe_name(const char *name)
{
	return *name && strcmp(name, ".") && strcmp(name, "..") && strcasecmp(name, ".git") &&
		!strchr(name, '/');
}

/* The file is the very one the last checkout wrote (e), untouched since. */
static int untouched(const git_index_entry *e, const struct stat *st)
{
	return e && (S_ISLNK(st->st_mode) || S_ISREG(st->st_mode)) &&
		e->ino == (uint32_t)st->st_ino && e->file_size == (uint32_t)st->st_size &&
		e->mtime.seconds == (int32_t)st->st_mtim.tv_sec &&
		e->mtime.nanoseconds == (uint32_t)st->st_mtim.tv_nsec &&
		e->ctime.seconds == (int32_t)st->st_ctim.tv_sec &&
		e->ctime.nanoseconds == (uint32_t)st->st_ctim.tv_nsec;
}

/* Remove from the directory fd every name the tree does not have (every name: tree NULL). */
static int remove_extra(struct checkout *c, int fd, const git_tree *tree)
{
	int sub = dup(fd), ret = 0;
	DIR *d = sub < 0 ? NULL : fdopendir(sub);
	struct dirent *de;

	if (!d) {
		if (sub >= 0)
			close(sub);
		return fail(c, "read the directory");
	}
	while (!ret && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    (tree && git_tree_entry_byname(tree, de->d_name)))
			continue;
		if (dir_remove_at(fd, de->d_name)) {
			strbuf_addstr(&c->path, de->d_name);
			ret = fail(c, "remove");
		}
	}
	closedir(d);
	return ret;
}

/* The blob's content as git's checkout writes it: through the filters its attributes ask for. */
static int content(struct checkout *c, git_blob *blob, git_buf *buf, const void **data, size_t *size)
{
	git_filter_options opts = GIT_FILTER_OPTIONS_INIT;
	git_filter_list *fl = NULL;

	opts.flags = GIT_FILTER_ATTRIBUTES_FROM_COMMIT;
	git_oid_cpy(&opts.attr_commit_id, c->commit);
	if (git_filter_list_load_ext(&fl, c->repo, blob, c->path.buf, GIT_FILTER_TO_WORKTREE, &opts))
		return repo_error_add(c->err, "cannot load the filters of '%s'", c->path.buf);
	if (!fl) {
		*data = git_blob_rawcontent(blob);
		*size = (size_t)git_blob_rawsize(blob);
		return 0;
	}
	if (git_filter_list_apply_to_blob(buf, fl, blob)) {
		git_filter_list_free(fl);
		return repo_error_add(c->err, "cannot filter '%s'", c->path.buf);
	}
	git_filter_list_free(fl);
	*data = buf->ptr;
	*size = buf->size;
	return 0;
}

/*
 * Write the blob into wfd (a file opened for it, which is closed here)
 * and stat it. Returns 0, or -1 with the reason in c->err.
 */
static int write_blob(struct checkout *c, int wfd, git_blob *blob, struct stat *st)
{
	git_buf buf = { 0 };
	const void *data = NULL;
	size_t size = 0;
	int ret = content(c, blob, &buf, &data, &size);

	if (!ret && (write_fd(wfd, data, size, -1) || fstat(wfd, st)))
		ret = fail(c, "write");
	if (close(wfd) && !ret)
		ret = fail(c, "write");
	git_buf_dispose(&buf);
	return ret;
}

/*
 * Create name in fd anew with the blob (O_EXCL: never a file that was
 * there). Returns 0, -1 with the reason in c->err, or 1 when something
 * has taken the name meanwhile.
 */
static int create(struct checkout *c, int fd, const char *name, git_blob *blob, git_filemode_t mode,
		  struct stat *st)
{
	char *target;
	int wfd;

	if (mode != GIT_FILEMODE_LINK || !c->symlinks) {
		wfd = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			     mode == GIT_FILEMODE_BLOB_EXECUTABLE ? 0777 : 0666);
		if (wfd < 0)
			return errno == EEXIST ? 1 : fail(c, "write");
		return write_blob(c, wfd, blob, st);
	}
	target = xstrndup(git_blob_rawcontent(blob), (size_t)git_blob_rawsize(blob));
	wfd = symlinkat(target, fd, name) ? -1 : fstatat(fd, name, st, AT_SYMLINK_NOFOLLOW);
	free(target);
	if (wfd)
		return errno == EEXIST ? 1 : fail(c, "create the symlink");
	return 0;
}

/*
 * The regular file st, the very one the last checkout wrote, has another
 * blob of the same mode now: write it in place (a new inode for each file
 * a commit changes cost more than the rest of the checkout on ext4). It is
 * opened without following a symlink, without blocking on a FIFO, and
 * written only when it is still that file with no other name. Returns 0,
 * -1 with the reason in c->err, or 1 when it must be created anew.
 */
static int rewrite(struct checkout *c, int fd, const char *name, git_blob *blob, const struct stat *st,
		   struct stat *out)
{
	struct stat now;
	int wfd;

	if (!S_ISREG(st->st_mode))
		return 1;
	wfd = openat(fd, name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (wfd < 0)
		return 1;
	if (fstat(wfd, &now) || !S_ISREG(now.st_mode) || now.st_nlink != 1 || now.st_ino != st->st_ino ||
	    now.st_dev != st->st_dev || ftruncate(wfd, 0)) {
		close(wfd);
		return 1;
	}
	return write_blob(c, wfd, blob, out);
}

/* Record the entry written (or kept) with the stat data of its file. */
static int record(struct checkout *c, const git_tree_entry *te, const struct stat *st)
{
	git_index_entry e;

	memset(&e, 0, sizeof(e));
	e.path = c->path.buf;
	e.mode = (uint32_t)git_tree_entry_filemode(te);
	git_oid_cpy(&e.id, git_tree_entry_id(te));
	e.ctime.seconds = (int32_t)st->st_ctim.tv_sec;
	e.ctime.nanoseconds = (uint32_t)st->st_ctim.tv_nsec;
	e.mtime.seconds = (int32_t)st->st_mtim.tv_sec;
	e.mtime.nanoseconds = (uint32_t)st->st_mtim.tv_nsec;
	e.dev = (uint32_t)st->st_dev;
	e.ino = (uint32_t)st->st_ino;
	e.uid = (uint32_t)st->st_uid;
	e.gid = (uint32_t)st->st_gid;
	e.file_size = (uint32_t)st->st_size;
	if (git_index_add(c->new, &e))
		return repo_error_add(c->err, "cannot record '%s'", c->path.buf);
	return 0;
}

/*
 * A file or symlink: kept when it is the very one written for this blob
 * and mode, written in place when it is the very one written for another
 * blob of its mode, else removed and created anew.
 */
static int sync_file(struct checkout *c, int fd, const char *name, const git_tree_entry *te)
{
	git_filemode_t mode = git_tree_entry_filemode(te);
	const git_index_entry *e = NULL;
	git_blob *blob = NULL;
	struct stat st;
	int ret = 1, exists = !fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW);

	if (!exists && errno != ENOENT)
		return fail(c, "look at");
	if (exists && untouched(e = git_index_get_bypath(c->old, c->path.buf, 0), &st) &&
	    e->mode == (uint32_t)mode && git_oid_equal(&e->id, git_tree_entry_id(te)))
		return record(c, te, &st);
	if (git_blob_lookup(&blob, c->repo, git_tree_entry_id(te)))
		return repo_error_add(c->err, "cannot read the blob of '%s'", c->path.buf);
	if (exists && untouched(e, &st) && e->mode == (uint32_t)mode && mode != GIT_FILEMODE_LINK)
		ret = rewrite(c, fd, name, blob, &st, &st);
	if (ret > 0 && exists && dir_remove_at(fd, name))
		ret = fail(c, "remove");
	/* Something made meanwhile takes the name: once more, from its removal. */
	if (ret > 0 && (ret = create(c, fd, name, blob, mode, &st)) > 0)
		ret = dir_remove_at(fd, name) ? fail(c, "remove") : create(c, fd, name, blob, mode, &st);
	git_blob_free(blob);
	if (ret > 0) {
		errno = EEXIST;
		return fail(c, "write");
	}
	return ret ? ret : record(c, te, &st);
}

static int sync_dir(struct checkout *c, int fd, const git_tree *tree);

/* A directory (or a submodule's, kept empty): made if missing, then synced. */
static int sync_subdir(struct checkout *c, int fd, const char *name, const git_tree_entry *te)
{
	git_tree *sub_tree = NULL;
	struct stat st;
	int sub, ret;

	if (!fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) && !S_ISDIR(st.st_mode) && dir_remove_at(fd, name))
		return fail(c, "remove");
	if (mkdirat(fd, name, 0777) && errno != EEXIST)
		return fail(c, "create the directory");
	if ((sub = dir_open_at(fd, name)) < 0)
		return fail(c, "open the directory");
	if (git_tree_entry_type(te) != GIT_OBJECT_TREE) {
		ret = remove_extra(c, sub, NULL);
	} else if (git_tree_lookup(&sub_tree, c->repo, git_tree_entry_id(te))) {
		ret = repo_error_add(c->err, "cannot read the tree of '%s'", c->path.buf);
	} else {
		strbuf_addch(&c->path, '/');
		ret = sync_dir(c, sub, sub_tree);
	}
	git_tree_free(sub_tree);
	close(sub);
	return ret;
}

/* Make the directory fd (c->path in the tree) hold exactly tree. */
static int sync_dir(struct checkout *c, int fd, const git_tree *tree)
{
	size_t len = c->path.len;
	int ret = remove_extra(c, fd, tree);

	for (size_t i = 0; !ret && i < git_tree_entrycount(tree); i++) {
		const git_tree_entry *te = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(te);
		git_object_t type = git_tree_entry_type(te);

		strbuf_addstr(&c->path, name);
		if (!safe_name(name))
			ret = (strbuf_addf(c->err, "cannot check out '%s': an unsafe path", c->path.buf), -1);
		else if (type == GIT_OBJECT_TREE || type == GIT_OBJECT_COMMIT)
			ret = sync_subdir(c, fd, name, te);
		else
			ret = sync_file(c, fd, name, te);
		c->path.len = len;
		c->path.buf[len] = '\0';
	}
	return ret;
}

int checkout_at(git_repository *repo, int fd, const git_oid *commit, git_index **written,
		struct strbuf *err)
{
	struct checkout c = { repo, commit, *written, NULL, 1, STRBUF_INIT, err };
	git_commit *commit_obj = NULL;
	git_tree *tree = NULL;
	git_config *cfg = NULL;
	int ret;

	if (!git_repository_config_snapshot(&cfg, repo))
		git_config_get_bool(&c.symlinks, cfg, "core.symlinks");
	git_config_free(cfg);
	strbuf_grow(&c.path, 256);
	if (git_index_new(&c.new) || git_commit_lookup(&commit_obj, repo, commit) ||
	    git_commit_tree(&tree, commit_obj))
		ret = repo_error_add(err, "cannot read the commit");
	else
		ret = sync_dir(&c, fd, tree);
	git_tree_free(tree);
	git_commit_free(commit_obj);
	strbuf_release(&c.path);
	if (ret) {
		git_index_free(c.new);
		return -1;
	}
	git_index_free(*written);
	*written = c.new;
	return 0;
}
