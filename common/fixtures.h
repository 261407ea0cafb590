#ifndef FIXTURES_H
#define FIXTURES_H

#include <stdio.h>
#include <git2.h>
#include "config.h"
#include "strvec.h"

/*
 * The sched2tlx fixture corpus as git-fixture-diff sees it: cases found
 * below a root directory on two sides (a commit's tree, or the working
 * tree), matched by name, and each case's generated.py compared by blob
 * id. Work is proportional to the cases: trees are looked up by path and
 * only the root subtree is walked; blobs are read only to count lines.
 */

/* Where the corpus lives and what its files are called (fixturediff.*). */
struct fixture_layout {
	char *root;		/* relative to the top, no trailing '/'; "" = top */
	char *fixture;		/* generated.py */
	char *graph;		/* schedule_graph.json */
	char *spec;		/* bench_spec.py */
	char *case_pattern;	/* case* (fnmatch) for top-level cases */
};

/*
 * root_opt (--root) wins over fixturediff.root. An absolute root inside
 * the working tree (repo may be NULL) is made relative. -1 with an error
 * on a bad value.
 * Release with fixture_layout_release().
 */
int fixture_layout_init(struct fixture_layout *l, struct config *cfg, const char *root_opt,
			git_repository *repo);
void fixture_layout_release(struct fixture_layout *l);

/* "<root>/<name>/<file>" (or "<name>/<file>" at the top); caller frees. */
char *fixture_path(const struct fixture_layout *l, const char *name, const char *file);

/* One side of the comparison: a commit, or the working tree. */
struct fixture_rev {
	git_commit *commit;	/* NULL for the working tree */
	git_tree *tree;		/* the commit's tree, or NULL */
	char *label;		/* "'origin/main'" or "the working tree", for messages */
};

/*
 * name NULL is the working tree (an error in a bare repository). Resolves
 * like `git rev-parse <name>^{commit}`; in a shallow clone a failure says
 * so. Release with fixture_rev_release().
 */
int fixture_rev_init(struct fixture_rev *rev, git_repository *repo, const char *name);
void fixture_rev_release(struct fixture_rev *rev);

/*
 * The base used when none is given: the upstream of the current branch,
 * else origin/main, else main. *out is malloc'd and names it.
 */
int fixture_default_base(git_repository *repo, struct config *cfg, char **out);

/* One case as one side holds it. */
struct case_side {
	unsigned present:1;	/* the case exists on this side */
	unsigned has_spec:1;
	unsigned has_fixture:1;
	unsigned has_graph:1;
	git_oid fixture;
	git_oid graph;
};

struct case_entry {
	char *name;		/* relative to the root, owned */
	struct case_side side;
};

struct case_list {
	struct case_entry *v;
	size_t nr, alloc;
};

void case_list_release(struct case_list *list);

/*
 * Find the cases on one side (tree NULL: the working tree): every
 * directory below the root holding the spec file, plus every top-level
 * directory matching the case pattern with no spec below it (has_spec 0).
 * Only files named exactly as the layout says count. The list comes out
 * in natural order. *root_found is 0 when the root does not exist there.
 */
int fixture_scan(git_repository *repo, const struct fixture_layout *l, git_tree *tree,
		 struct case_list *out, int *root_found);

enum fixture_status {
	FIXTURE_UNCHANGED,	/* same blob id */
	FIXTURE_CHANGED,
	FIXTURE_COMMENT_ONLY,	/* changed, only in comments/trailing blanks */
	FIXTURE_ADDED,
	FIXTURE_REMOVED,
	FIXTURE_RENAMED,	/* the case moved; byte-identical fixture */
	FIXTURE_MISSING,	/* no fixture on either side */
};

enum graph_status { GRAPH_SAME, GRAPH_CHANGED, GRAPH_ADDED, GRAPH_REMOVED, GRAPH_ABSENT };

/* The names the --json contract uses: "unchanged", "comment-only", "same"... */
const char *fixture_status_name(enum fixture_status s);
const char *graph_status_name(enum graph_status s);

struct fixture_case {
	char *name;		/* at head, relative to the root; owned */
	char *renamed_from;	/* the name at base when renamed; owned, else NULL */
	struct case_side base, head;
	enum fixture_status status;
	enum graph_status graph;
	size_t added_lines, removed_lines;	/* set by fixture_diff_count() */
};

/* Whether the case has a spec (at head, or at base when removed). */
int fixture_case_has_spec(const struct fixture_case *c);

/* Whether the fixture's bytes differ: changed, comment-only, added, removed. */
int fixture_case_differs(const struct fixture_case *c);

struct fixture_diff {
	git_repository *repo;			/* borrowed */
	const struct fixture_layout *layout;	/* borrowed */
	const struct fixture_rev *base, *head;	/* borrowed */
	struct fixture_case *cases;		/* natural order by name */
	size_t nr, alloc;
};

/*
 * Discover the cases on both sides, classify each fixture and graph, and
 * pair removed and added cases with byte-identical fixtures as renames.
 * A root missing on one side is a warning (its cases count as added or
 * removed); missing on both, an error. Release with fixture_diff_release().
 */
int fixture_diff_init(struct fixture_diff *d, git_repository *repo,
		      const struct fixture_layout *l, const struct fixture_rev *base,
		      const struct fixture_rev *head);
void fixture_diff_release(struct fixture_diff *d);

/*
 * Keep only the named cases (a container name keeps its variants; an old
 * name keeps the renamed case). An unknown name is an error listing the
 * known cases.
 */
int fixture_diff_filter(struct fixture_diff *d, const struct strvec *names);

/*
 * Count the +/- lines of every fixture that differs and, when
 * ignore_comments is set, turn changed fixtures that differ only in
 * comments and trailing whitespace into FIXTURE_COMMENT_ONLY.
 */
int fixture_diff_count(struct fixture_diff *d, int ignore_comments);

/*
 * Print the patch of one case's fixture through print (git_patch_print()
 * callback); nothing when its bytes are the same on both sides.
 */
int fixture_case_print_patch(const struct fixture_diff *d, const struct fixture_case *c,
			     git_diff_line_cb print, void *payload);

/*
 * 1 when two Python sources differ only in comments (whole-line and
 * trailing, strings respected) and trailing whitespace, else 0.
 */
int py_same_but_comments(const char *a, size_t alen, const char *b, size_t blen);

/*
 * Print the case names at the revision name, or in the working tree when
 * it is NULL (at HEAD in a bare repository), one per line (--list-cases).
 */
int fixture_list_cases(git_repository *repo, const struct fixture_layout *l, const char *name);

/* Output (fixture-output.c); color is 0 or 1. */
void fixture_print_table(const struct fixture_diff *d, int color);
/* The --json document; -1 on a libgit2 or cJSON failure. */
int fixture_print_json(const struct fixture_diff *d);
void fixture_print_name_only(const struct fixture_diff *d);
int fixture_print_stat(const struct fixture_diff *d);
int fixture_print_patch(const struct fixture_diff *d, int color);

/*
 * The pre-merge gate (fixture-check.c): print one line per problem on
 * stdout and return how many there were, or -1 on error. Rules are
 * turned off with fixturediff.check.<rule> = false.
 */
int fixture_check(const struct fixture_diff *d, struct config *cfg);

/*
 * Install the pre-push hook into core.hooksPath or the hooks directory.
 * An existing hook is never overwritten: that is an error saying how to
 * chain. *path_out (malloc'd) names the hook on success.
 */
int fixture_install_hook(git_repository *repo, struct config *cfg, char **path_out);

#endif
