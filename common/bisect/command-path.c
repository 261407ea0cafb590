#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "bisect/command-path.h"

int command_is_relative_path(const char *cmd)
{
	return *cmd != '/' && strchr(cmd, '/') != NULL;
}

/* cmd as a path inside a tree: "./" components and repeated slashes taken away. */
static void tree_path(struct strbuf *sb, const char *cmd)
{
	while (*cmd) {
		size_t n = strcspn(cmd, "/");

		if (n && !(n == 1 && *cmd == '.')) {
			if (sb->len)
				strbuf_addch(sb, '/');
			strbuf_add(sb, cmd, n);
		}
		cmd += n + (cmd[n] == '/');
	}
}

int command_in_commit(git_repository *repo, const git_oid *commit, const char *cmd)
{
	struct strbuf path = STRBUF_INIT;
	git_commit *c = NULL;
	git_tree *tree = NULL;
	git_tree_entry *entry = NULL;
	int ret = 0;

	if (git_commit_lookup(&c, repo, commit) || git_commit_tree(&tree, c)) {
		ret = error("cannot read commit '%s'", git_oid_tostr_s(commit));
		goto out;
	}
	tree_path(&path, cmd);
	if (path.len && !git_tree_entry_bypath(&entry, tree, path.buf))
		ret = git_tree_entry_type(entry) == GIT_OBJECT_BLOB;
out:
	git_tree_entry_free(entry);
	git_tree_free(tree);
	git_commit_free(c);
	strbuf_release(&path);
	return ret;
}
