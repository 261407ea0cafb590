/*
 * Revisions as fixture-diff and git-benchbisect read them from the
 * command line: a range (revision_is_range(), revision_split_range()),
 * a revision whose short name is ambiguous (repo_resolve_commit() and
 * the candidates git names then), and a short name's candidates for any
 * hex prefix, in a repository made once: 1,024 blobs, so that short
 * names collide, and commits (one in the year 10000), an annotated tag
 * and branches. Whatever the string, none of them crashes or leaks, and
 * a range splits into two sides.
 */
#include <ftw.h>
#include <stdio.h>
#include <unistd.h>
#include "util/repo.h"
#include "util/revision.h"
#include "util/candidates.h"
#include "fuzz.h"

static git_repository *repo;
static char dir[] = "/tmp/bt-fuzz-revision.XXXXXX";

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void remove_repo(void)
{
	git_repository_free(repo);
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void make_commit(const char *ref, git_time_t when, const git_oid *parent_id,
			git_oid *out)
{
	git_signature *sig;
	git_treebuilder *tb;
	git_commit *parent = NULL;
	git_tree *tree;
	git_oid blob, tree_id;

	if (git_signature_new(&sig, "A U Thor", "author@example.com", when, 120) ||
	    git_blob_create_from_buffer(&blob, repo, ref, strlen(ref)) ||
	    git_treebuilder_new(&tb, repo, NULL) ||
	    git_treebuilder_insert(NULL, tb, "file", &blob, GIT_FILEMODE_BLOB) ||
	    git_treebuilder_write(&tree_id, tb) || git_tree_lookup(&tree, repo, &tree_id) ||
	    (parent_id && git_commit_lookup(&parent, repo, parent_id)) ||
	    git_commit_create_v(out, repo, ref, sig, sig, NULL, ref, tree, parent ? 1 : 0, parent))
		abort();
	git_commit_free(parent);
	git_tree_free(tree);
	git_treebuilder_free(tb);
	git_signature_free(sig);
}

static void make_repo(void)
{
	git_oid one, two, side, id;
	git_object *target;
	git_signature *sig;

	repo_library_init();
	if (!mkdtemp(dir) || git_repository_init(&repo, dir, 1))
		abort();
	atexit(remove_repo);
	for (int i = 0; i < 1024; i++) {
		char *s = xstrfmt("blob %d\n", i);

		if (git_blob_create_from_buffer(&id, repo, s, strlen(s)))
			abort();
		free(s);
	}
	make_commit("refs/heads/main", 1788000000, NULL, &one);
	make_commit("refs/heads/main", 1788086400, &one, &two);
	make_commit("refs/heads/side", 253402300800, &one, &side);	/* 10000-01-01 */
	if (git_signature_new(&sig, "A U Thor", "author@example.com", 1788000000, 0) ||
	    git_object_lookup(&target, repo, &two, GIT_OBJECT_COMMIT) ||
	    git_tag_create(&id, repo, "v1", target, sig, "v1\n", 0) ||
	    git_repository_set_head(repo, "refs/heads/main"))
		abort();
	git_object_free(target);
	git_signature_free(sig);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size), *base, *head;
	size_t hex = strspn(s, "0123456789abcdefABCDEF");
	git_commit *commit;

	if (!repo)
		make_repo();
	fuzz_quiet();
	if (revision_split_range(repo, s, 7, &base, &head) > 0) {
		if (!base || !head)
			abort();
		free(base);
		free(head);
	}
	if (!repo_resolve_commit(repo, s, &commit))
		git_commit_free(commit);
	if (hex && hex <= GIT_OID_HEXSZ) {
		struct candidates c;

		candidates_find(&c, repo, s, hex);
		candidates_keep(&c, GIT_OBJECT_COMMIT);
		candidates_advise(&c, repo);
		candidates_release(&c);
	}
	fuzz_loud();
	free(s);
	return 0;
}
