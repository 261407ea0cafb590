#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "bisect/command-path.h"

int command_is_relative_path(const char *cmd)
{
	return *cmd != '/' && strchr(cmd, '/') != NULL;
}

/*
 * Add the components of path to the tree path sb: "." and empty ones
 * dropped, ".." taking the last one away. Returns -1 when ".." leaves
 * the top of the tree.
 */
static int add_components(struct strbuf *sb, const char *path)
{
	while (*path) {
		size_t n = strcspn(path, "/");

		if (n == 2 && !strncmp(path, "..", 2)) {
			char *slash = strrchr(sb->buf, '/');

			if (!sb->len)
				return -1;
			sb->len = slash ? (size_t)(slash - sb->buf) : 0;
			sb->buf[sb->len] = '\0';
		} else if (n && !(n == 1 && *path == '.')) {
			if (sb->len)
				strbuf_addch(sb, '/');
			strbuf_add(sb, path, n);
		}
		path += n + (path[n] == '/');
	}
	return 0;
}

/*
 * The entry of commit's tree at the relative path cmd taken from the
 * directory prefix, in *entry (NULL: none there, or a path that leaves
 * the tree). Returns -1 with an error when the commit cannot be read.
 */
static int entry_in_commit(git_repository *repo, const git_oid *commit, const char *prefix, const char *cmd,
			   git_tree_entry **entry)
{
	struct strbuf path = STRBUF_INIT;
	git_commit *c = NULL;
	git_tree *tree = NULL;
	int ret = 0;

	*entry = NULL;
	if (git_commit_lookup(&c, repo, commit) || git_commit_tree(&tree, c)) {
		ret = error("cannot read commit '%s'", git_oid_tostr_s(commit));
		goto out;
	}
	if (!add_components(&path, prefix ? prefix : "") && !add_components(&path, cmd) && path.len &&
	    git_tree_entry_bypath(entry, tree, path.buf))
		*entry = NULL;
out:
	git_tree_free(tree);
	git_commit_free(c);
	strbuf_release(&path);
	return ret;
}

int command_in_commit(git_repository *repo, const git_oid *commit, const char *prefix, const char *cmd)
{
	git_tree_entry *entry;
	int ret = entry_in_commit(repo, commit, prefix, cmd, &entry);

	if (!ret && entry)
		ret = git_tree_entry_type(entry) == GIT_OBJECT_BLOB;
	git_tree_entry_free(entry);
	return ret;
}

int directory_in_commit(git_repository *repo, const git_oid *commit, const char *prefix)
{
	git_tree_entry *entry;
	int ret;

	if (!prefix || !*prefix)
		return 1;
	ret = entry_in_commit(repo, commit, prefix, "", &entry);
	if (!ret && entry)
		ret = git_tree_entry_filemode(entry) == GIT_FILEMODE_TREE;
	git_tree_entry_free(entry);
	return ret;
}
