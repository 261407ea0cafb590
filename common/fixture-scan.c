#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "usage.h"
#include "strbuf.h"
#include "repo.h"
#include "natsort.h"
#include "fixtures.h"

/*
 * Case discovery, the same walk over a commit's tree or the working tree:
 * each side lists one directory at a time (its spec, fixture and graph,
 * and its subdirectories); the walk decides what a case is.
 */

struct dir_listing {
	struct case_side side;
	struct strvec subdirs;
	git_oid *subtrees;	/* tree side: the subdirectories' tree ids */
	size_t subtrees_alloc;
};

struct scan {
	git_repository *repo;
	const struct fixture_layout *l;
	git_tree *tree;		/* NULL: the working tree */
	struct strbuf path;	/* scratch: the directory being listed */
	struct case_list *out;
	git_index *index;	/* working tree side: the stat cache, or NULL */
	struct timespec index_mtime;
};

void case_list_release(struct case_list *list)
{
	for (size_t i = 0; i < list->nr; i++)
		free(list->v[i].name);
	free(list->v);
	list->v = NULL;
	list->nr = list->alloc = 0;
}

static void listing_release(struct dir_listing *dl)
{
	strvec_clear(&dl->subdirs);
	free(dl->subtrees);
}

/* Which of the layout's files name is; 0 for none. */
static int file_role(const struct fixture_layout *l, const char *name)
{
	if (!strcmp(name, l->spec))
		return 's';
	if (!strcmp(name, l->fixture))
		return 'f';
	if (!strcmp(name, l->graph))
		return 'g';
	return 0;
}

static void note_file(struct dir_listing *dl, int role, const git_oid *oid)
{
	switch (role) {
	case 's':
		dl->side.has_spec = 1;
		break;
	case 'f':
		dl->side.has_fixture = 1;
		git_oid_cpy(&dl->side.fixture, oid);
		break;
	case 'g':
		dl->side.has_graph = 1;
		git_oid_cpy(&dl->side.graph, oid);
		break;
	}
}

static int list_tree(struct scan *s, const git_oid *id, struct dir_listing *dl)
{
	git_tree *tree;
	size_t n;

	if (git_tree_lookup(&tree, s->repo, id))
		return repo_error("cannot read tree '%s'", s->path.buf);
	n = git_tree_entrycount(tree);
	for (size_t i = 0; i < n; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(e);
		git_object_t type = git_tree_entry_type(e);

		if (type == GIT_OBJECT_TREE) {
			ALLOC_GROW(dl->subtrees, dl->subdirs.nr + 1, dl->subtrees_alloc);
			git_oid_cpy(&dl->subtrees[dl->subdirs.nr], git_tree_entry_id(e));
			strvec_push(&dl->subdirs, name);
		} else if (type == GIT_OBJECT_BLOB) {
			note_file(dl, file_role(s->l, name), git_tree_entry_id(e));
		}
	}
	git_tree_free(tree);
	return 0;
}

/*
 * The blob id git would store for a working-tree file: filters applied
 * (core.autocrlf, .gitattributes), a symbolic link hashed as its target.
 */
static int hash_worktree_file(struct scan *s, const char *rel, int is_link, git_oid *oid)
{
	if (is_link) {
		char target[4096];
		char *full = xstrfmt("%s%s", git_repository_workdir(s->repo), rel);
		ssize_t n = readlink(full, target, sizeof(target));

		free(full);
		if (n < 0)
			return error("cannot read link '%s': %s", rel, strerror(errno));
		return git_odb_hash(oid, target, (size_t)n, GIT_OBJECT_BLOB) ?
			repo_error("cannot hash '%s'", rel) : 0;
	}
	if (git_repository_hashfile(oid, s->repo, rel, GIT_OBJECT_BLOB, NULL))
		return repo_error("cannot hash '%s'", rel);
	return 0;
}

/* d_type, from lstat when the file system does not fill it in. */
static int entry_type(DIR *dh, const struct dirent *de, const char *rel, unsigned char *type)
{
	struct stat st;

	*type = de->d_type;
	if (*type != DT_UNKNOWN)
		return 0;
	if (fstatat(dirfd(dh), de->d_name, &st, AT_SYMLINK_NOFOLLOW))
		return error("cannot stat '%s': %s", rel, strerror(errno));
	*type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISLNK(st.st_mode) ? DT_LNK :
		S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
	return 0;
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
static int racily_clean(const struct scan *s, const git_index_entry *e)
{
	return e->mtime.seconds > s->index_mtime.tv_sec ||
	       (e->mtime.seconds == s->index_mtime.tv_sec &&
		e->mtime.nanoseconds >= (uint32_t)s->index_mtime.tv_nsec);
}

/*
 * A working-tree file's blob id: the index's when the file's stat data
 * still matches its entry (git's own shortcut, so a clean tree reads no
 * file), else hashed.
 */
static int worktree_oid(struct scan *s, DIR *dh, const char *name, int is_link, git_oid *oid)
{
	const git_index_entry *e = s->index ? git_index_get_bypath(s->index, s->path.buf, 0) : NULL;
	struct stat st;

	if (e && !fstatat(dirfd(dh), name, &st, AT_SYMLINK_NOFOLLOW) && stat_matches(e, &st) &&
	    !racily_clean(s, e)) {
		git_oid_cpy(oid, &e->id);
		return 0;
	}
	return hash_worktree_file(s, s->path.buf, is_link, oid);
}

static int list_worktree(struct scan *s, struct dir_listing *dl)
{
	char *dir = xstrfmt("%s%s", git_repository_workdir(s->repo), s->path.buf);
	size_t base = s->path.len;
	DIR *dh = opendir(dir);
	struct dirent *de;
	int ret = 0;

	if (!dh) {
		ret = error("cannot open directory '%s': %s", dir, strerror(errno));
		free(dir);
		return ret;
	}
	while (!ret && (de = readdir(dh))) {
		int role = file_role(s->l, de->d_name);
		unsigned char type;
		git_oid oid;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    !strcmp(de->d_name, ".git"))
			continue;
		if (base)
			strbuf_addch(&s->path, '/');
		strbuf_addstr(&s->path, de->d_name);
		ret = entry_type(dh, de, s->path.buf, &type);
		if (ret)
			break;
		if (type == DT_DIR) {
			strvec_push(&dl->subdirs, de->d_name);
		} else if (role == 's' && (type == DT_REG || type == DT_LNK)) {
			note_file(dl, role, NULL);
		} else if (role && (type == DT_REG || type == DT_LNK)) {
			ret = worktree_oid(s, dh, de->d_name, type == DT_LNK, &oid);
			if (!ret)
				note_file(dl, role, &oid);
		}
		s->path.len = base;
		s->path.buf[base] = '\0';
	}
	closedir(dh);
	free(dir);
	return ret;
}

static void add_case(struct scan *s, const char *name, const struct case_side *side)
{
	struct case_entry *e;

	ALLOC_GROW(s->out->v, s->out->nr + 1, s->out->alloc);
	e = &s->out->v[s->out->nr++];
	e->name = xstrdup(name);
	e->side = *side;
	e->side.present = 1;
}

/*
 * Walk the directory at s->path (rel is its name below the root, "" for
 * the root itself; id its tree on the tree side).
 */
static int walk(struct scan *s, const char *rel, const git_oid *id, int depth)
{
	struct dir_listing dl = { .subdirs = STRVEC_INIT };
	size_t before = s->out->nr, len = s->path.len;
	int ret = s->tree ? list_tree(s, id, &dl) : list_worktree(s, &dl);

	if (!ret && depth && dl.side.has_spec)
		add_case(s, rel, &dl.side);
	for (size_t i = 0; !ret && i < dl.subdirs.nr; i++) {
		char *sub = *rel ? xstrfmt("%s/%s", rel, dl.subdirs.v[i]) : xstrdup(dl.subdirs.v[i]);

		strbuf_addf(&s->path, "%s%s", len ? "/" : "", dl.subdirs.v[i]);
		ret = walk(s, sub, s->tree ? &dl.subtrees[i] : NULL, depth + 1);
		s->path.len = len;
		s->path.buf[len] = '\0';
		free(sub);
	}
	/* A top-level case directory with no spec anywhere below it. */
	if (!ret && depth == 1 && s->out->nr == before &&
	    !fnmatch(s->l->case_pattern, rel, 0))
		add_case(s, rel, &dl.side);
	listing_release(&dl);
	return ret;
}

static int entry_cmp(const void *a, const void *b)
{
	return natcmp(((const struct case_entry *)a)->name, ((const struct case_entry *)b)->name);
}

/* The root's tree id on the tree side; 0 with *found = 0 when absent. */
static int find_root_tree(struct scan *s, git_oid *id, int *found)
{
	git_tree_entry *e;
	int ret;

	*found = 1;
	if (!*s->l->root) {
		git_oid_cpy(id, git_tree_id(s->tree));
		return 0;
	}
	ret = git_tree_entry_bypath(&e, s->tree, s->l->root);
	if (ret == GIT_ENOTFOUND) {
		git_error_clear();
		*found = 0;
		return 0;
	}
	if (ret)
		return repo_error("cannot look up '%s'", s->l->root);
	if (git_tree_entry_type(e) != GIT_OBJECT_TREE)
		ret = error("'%s' is not a directory", s->l->root);
	else
		git_oid_cpy(id, git_tree_entry_id(e));
	git_tree_entry_free(e);
	return ret;
}

static int find_root_dir(struct scan *s, int *found)
{
	char *dir = xstrfmt("%s%s", git_repository_workdir(s->repo), s->l->root);
	struct stat st;
	int ret = 0;

	*found = 1;
	if (stat(dir, &st)) {
		if (errno == ENOENT || errno == ENOTDIR)
			*found = 0;
		else
			ret = error("cannot stat '%s': %s", dir, strerror(errno));
	} else if (!S_ISDIR(st.st_mode)) {
		ret = error("'%s' is not a directory", s->l->root);
	}
	free(dir);
	return ret;
}

/* The index as a stat cache; without one (or unreadable) every file is hashed. */
static void load_index(struct scan *s)
{
	struct stat st;

	if (git_repository_index(&s->index, s->repo) || !git_index_path(s->index) ||
	    stat(git_index_path(s->index), &st)) {
		git_index_free(s->index);
		s->index = NULL;
		git_error_clear();
		return;
	}
	s->index_mtime = st.st_mtim;
}

int fixture_scan(git_repository *repo, const struct fixture_layout *l, git_tree *tree,
		 struct case_list *out, int *root_found)
{
	struct scan s = { .repo = repo, .l = l, .tree = tree, .path = STRBUF_INIT, .out = out };
	git_oid id;
	int ret = tree ? find_root_tree(&s, &id, root_found) : find_root_dir(&s, root_found);

	if (!ret && !tree && *root_found)
		load_index(&s);

	if (!ret && *root_found) {
		strbuf_addstr(&s.path, l->root);
		ret = walk(&s, "", &id, 0);
	}
	strbuf_release(&s.path);
	git_index_free(s.index);
	if (ret)
		case_list_release(out);
	else if (out->nr)
		qsort(out->v, out->nr, sizeof(*out->v), entry_cmp);
	return ret;
}
