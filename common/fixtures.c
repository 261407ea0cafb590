#include <stdlib.h>
#include <string.h>
#include "usage.h"
#include "strbuf.h"
#include "repo.h"
#include "natsort.h"
#include "fixtures.h"

#define DEFAULT_ROOT "third_party/tlx/tools/sched2tlx/examples"

/* A file name (or name pattern) from fixturediff.<key>, or the default; NULL when bad. */
static char *layout_file(struct config *cfg, const char *key, const char *def)
{
	const char *v = config_get_string(cfg, key);

	if (!v)
		return xstrdup(def);
	if (!*v || strchr(v, '/')) {
		error("bad config value '%s' for '%s': expected a file name", v, key);
		return NULL;
	}
	return xstrdup(v);
}

/* Strip "./", trailing slashes and an absolute working-tree prefix. */
static char *normalize_root(const char *root, git_repository *repo)
{
	const char *wd = repo ? git_repository_workdir(repo) : NULL;
	size_t len;

	if (root[0] == '/' && wd) {
		size_t wl = strlen(wd);

		if (!strncmp(root, wd, wl))
			root += wl;
		else if (!strncmp(root, wd, wl - 1) && !root[wl - 1])
			root += wl - 1;
	}
	while (root[0] == '.' && root[1] == '/')
		root += 2;
	if (!strcmp(root, "."))
		root = "";
	len = strlen(root);
	while (len && root[len - 1] == '/')
		len--;
	return xstrndup(root, len);
}

static int bad_root(const char *root)
{
	const char *p = root;

	if (*p == '/')
		return 1;
	while (*p) {
		size_t n = strcspn(p, "/");

		if ((n == 2 && !strncmp(p, "..", 2)) || (n == 1 && *p == '.') || !n)
			return 1;
		p += n;
		if (*p)
			p++;
	}
	return 0;
}

int fixture_layout_init(struct fixture_layout *l, struct config *cfg, const char *root_opt,
			git_repository *repo)
{
	const char *root = root_opt ? root_opt : config_get_string(cfg, "fixturediff.root");

	memset(l, 0, sizeof(*l));
	l->root = normalize_root(root ? root : DEFAULT_ROOT, repo);
	if (bad_root(l->root)) {
		error("bad root '%s': expected a directory inside the repository",
		      root ? root : DEFAULT_ROOT);
		fixture_layout_release(l);
		return -1;
	}
	l->fixture = layout_file(cfg, "fixturediff.fixture", "generated.py");
	l->graph = layout_file(cfg, "fixturediff.graph", "schedule_graph.json");
	l->spec = layout_file(cfg, "fixturediff.spec", "bench_spec.py");
	l->case_pattern = layout_file(cfg, "fixturediff.casePattern", "case*");
	if (!l->fixture || !l->graph || !l->spec || !l->case_pattern) {
		fixture_layout_release(l);
		return -1;
	}
	return 0;
}

void fixture_layout_release(struct fixture_layout *l)
{
	free(l->root);
	free(l->fixture);
	free(l->graph);
	free(l->spec);
	free(l->case_pattern);
	memset(l, 0, sizeof(*l));
}

char *fixture_path(const struct fixture_layout *l, const char *name, const char *file)
{
	if (!*l->root)
		return xstrfmt("%s/%s", name, file);
	return xstrfmt("%s/%s/%s", l->root, name, file);
}

int fixture_rev_init(struct fixture_rev *rev, git_repository *repo, const char *name)
{
	memset(rev, 0, sizeof(*rev));
	if (!name) {
		if (git_repository_is_bare(repo))
			return error("this operation must be run in a work tree");
		rev->label = xstrdup("the working tree");
		return 0;
	}
	if (repo_resolve_commit(repo, name, &rev->commit)) {
		if (git_repository_is_shallow(repo))
			advise("this is a shallow clone: '%s' may lie beyond its history; "
			       "fetch more with 'git fetch --deepen=<n>' or 'git fetch --unshallow'",
			       name);
		return -1;
	}
	if (git_commit_tree(&rev->tree, rev->commit)) {
		repo_error("cannot read the tree of '%s'", name);
		fixture_rev_release(rev);
		return -1;
	}
	rev->label = xstrfmt("'%s'", name);
	return 0;
}

void fixture_rev_release(struct fixture_rev *rev)
{
	git_tree_free(rev->tree);
	git_commit_free(rev->commit);
	free(rev->label);
	memset(rev, 0, sizeof(*rev));
}

/*
 * branch.<name>.remote and .merge mapped through the default refspec
 * (git_branch_upstream() leaks in libgit2 1.5 built with PCRE2, and
 * ignores `git -c`). NULL when the current branch has none.
 */
static char *upstream_of_head(git_repository *repo, struct config *cfg)
{
	git_reference *head = NULL;
	char *branch = NULL, *remote = NULL, *out = NULL, *key;
	const char *merge;

	if (git_repository_head(&head, repo) || !git_reference_is_branch(head)) {
		git_reference_free(head);
		git_error_clear();
		return NULL;
	}
	branch = xstrdup(git_reference_shorthand(head));
	git_reference_free(head);
	key = xstrfmt("branch.%s.remote", branch);
	if (config_get_string(cfg, key))
		remote = xstrdup(config_get_string(cfg, key));
	free(key);
	key = xstrfmt("branch.%s.merge", branch);
	merge = config_get_string(cfg, key);
	free(key);
	if (remote && merge && !strncmp(merge, "refs/heads/", 11))
		out = strcmp(remote, ".") ? xstrfmt("%s/%s", remote, merge + 11)
					  : xstrdup(merge + 11);
	free(branch);
	free(remote);
	return out;
}

static int is_commit(git_repository *repo, const char *name)
{
	git_object *obj = NULL;
	int ok = !git_revparse_single(&obj, repo, name) &&
		 git_object_type(obj) == GIT_OBJECT_COMMIT;

	git_object_free(obj);
	git_error_clear();
	return ok;
}

int fixture_default_base(git_repository *repo, struct config *cfg, char **out)
{
	*out = upstream_of_head(repo, cfg);
	if (*out && !is_commit(repo, *out)) {
		free(*out);
		*out = NULL;
	}
	if (!*out && is_commit(repo, "origin/main"))
		*out = xstrdup("origin/main");
	if (!*out && is_commit(repo, "main"))
		*out = xstrdup("main");
	if (*out)
		return 0;
	error("no base revision: the current branch has no upstream, and neither "
	      "'origin/main' nor 'main' exists");
	advise("name one: git fixture-diff <base> [<head>]");
	return -1;
}

const char *fixture_status_name(enum fixture_status s)
{
	static const char *const names[] = {
		"unchanged", "changed", "comment-only", "added", "removed", "renamed", "missing",
	};

	return names[s];
}

const char *graph_status_name(enum graph_status s)
{
	static const char *const names[] = { "same", "changed", "added", "removed", "absent" };

	return names[s];
}

int fixture_case_has_spec(const struct fixture_case *c)
{
	return c->head.present ? c->head.has_spec : c->base.has_spec;
}

static void classify(struct fixture_case *c)
{
	const struct case_side *b = &c->base, *h = &c->head;

	if (!b->has_fixture)
		c->status = h->has_fixture ? FIXTURE_ADDED : FIXTURE_MISSING;
	else if (!h->has_fixture)
		c->status = FIXTURE_REMOVED;
	else
		c->status = git_oid_equal(&b->fixture, &h->fixture) ? FIXTURE_UNCHANGED
								     : FIXTURE_CHANGED;
	if (!b->has_graph)
		c->graph = h->has_graph ? GRAPH_ADDED : GRAPH_ABSENT;
	else if (!h->has_graph)
		c->graph = GRAPH_REMOVED;
	else
		c->graph = git_oid_equal(&b->graph, &h->graph) ? GRAPH_SAME : GRAPH_CHANGED;
}

static struct fixture_case *new_case(struct fixture_diff *d, char *name)
{
	struct fixture_case *c;

	ALLOC_GROW(d->cases, d->nr + 1, d->alloc);
	c = &d->cases[d->nr++];
	memset(c, 0, sizeof(*c));
	c->name = name;
	return c;
}

/* Both lists are in natural order: merge them by name, taking ownership. */
static void merge_sides(struct fixture_diff *d, struct case_list *base, struct case_list *head)
{
	size_t i = 0, j = 0;

	while (i < base->nr || j < head->nr) {
		int cmp = i == base->nr ? 1 : j == head->nr ? -1 :
			  natcmp(base->v[i].name, head->v[j].name);
		struct fixture_case *c;

		if (cmp <= 0) {
			c = new_case(d, base->v[i].name);
			c->base = base->v[i++].side;
			if (!cmp) {
				free(head->v[j].name);
				c->head = head->v[j++].side;
			}
		} else {
			c = new_case(d, head->v[j].name);
			c->head = head->v[j++].side;
		}
		classify(c);
	}
	base->nr = head->nr = 0;
}

/*
 * A case that disappears while one with a byte-identical fixture appears
 * is a rename: keep the new one, note the old name, drop the old entry.
 * Candidates pair up in natural order.
 */
static void find_renames(struct fixture_diff *d)
{
	size_t out = 0;

	for (size_t i = 0; i < d->nr; i++) {
		struct fixture_case *gone = &d->cases[i];

		if (gone->status != FIXTURE_REMOVED || gone->head.present)
			continue;
		for (size_t j = 0; j < d->nr; j++) {
			struct fixture_case *c = &d->cases[j];

			if (c->status != FIXTURE_ADDED || c->base.present ||
			    !git_oid_equal(&c->head.fixture, &gone->base.fixture))
				continue;
			c->renamed_from = gone->name;
			c->base = gone->base;
			classify(c);
			c->status = FIXTURE_RENAMED;
			gone->name = NULL;
			break;
		}
	}
	for (size_t i = 0; i < d->nr; i++)
		if (d->cases[i].name)
			d->cases[out++] = d->cases[i];
	d->nr = out;
}

static int scan_side(struct fixture_diff *d, const struct fixture_rev *rev,
		     struct case_list *list, int *found)
{
	if (fixture_scan(d->repo, d->layout, rev->tree, list, found))
		return error("cannot list the cases in %s", rev->label);
	return 0;
}

int fixture_diff_init(struct fixture_diff *d, git_repository *repo,
		      const struct fixture_layout *l, const struct fixture_rev *base,
		      const struct fixture_rev *head)
{
	struct case_list b = { 0 }, h = { 0 };
	int base_found = 0, head_found = 0;

	memset(d, 0, sizeof(*d));
	d->repo = repo;
	d->layout = l;
	d->base = base;
	d->head = head;
	if (scan_side(d, base, &b, &base_found) || scan_side(d, head, &h, &head_found)) {
		case_list_release(&b);
		return -1;
	}
	if (!base_found && !head_found) {
		error("root '%s' exists neither in %s nor in %s", l->root, base->label, head->label);
		advise("set it with --root <dir> or 'git config fixturediff.root <dir>'");
		return -1;
	}
	if (!base_found || !head_found)
		warning("root '%s' does not exist in %s: its cases count as %s", l->root,
			(base_found ? head : base)->label, base_found ? "removed" : "added");
	merge_sides(d, &b, &h);
	case_list_release(&b);
	case_list_release(&h);
	find_renames(d);
	return 0;
}

void fixture_diff_release(struct fixture_diff *d)
{
	for (size_t i = 0; i < d->nr; i++) {
		free(d->cases[i].name);
		free(d->cases[i].renamed_from);
	}
	free(d->cases);
	d->cases = NULL;
	d->nr = d->alloc = 0;
}

/* name is the case, one of its containers, or its old name (or a container of that). */
static int name_matches(const char *name, const char *want, size_t len)
{
	return name && !strncmp(name, want, len) && (!name[len] || name[len] == '/');
}

static void advise_known(const struct fixture_diff *d)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < d->nr; i++) {
		strbuf_addstr(&sb, sb.len ? ", " : "");
		strbuf_addstr(&sb, d->cases[i].name);
		if (d->cases[i].renamed_from)
			strbuf_addf(&sb, ", %s", d->cases[i].renamed_from);
	}
	advise("known cases: %s", sb.len ? sb.buf : "(none)");
	strbuf_release(&sb);
}

int fixture_diff_filter(struct fixture_diff *d, const struct strvec *names)
{
	char *keep = xcalloc(d->nr, 1);
	size_t out = 0;
	int ret = 0;

	for (size_t n = 0; n < names->nr && !ret; n++) {
		const char *want = names->v[n];
		size_t len = strlen(want), hits = 0;

		while (len && want[len - 1] == '/')
			len--;
		for (size_t i = 0; i < d->nr; i++) {
			if (name_matches(d->cases[i].name, want, len) ||
			    name_matches(d->cases[i].renamed_from, want, len)) {
				keep[i] = 1;
				hits++;
			}
		}
		if (!hits) {
			ret = error("unknown case '%s'", want);
			advise_known(d);
		}
	}
	for (size_t i = 0; !ret && i < d->nr; i++) {
		if (keep[i]) {
			d->cases[out++] = d->cases[i];
		} else {
			free(d->cases[i].name);
			free(d->cases[i].renamed_from);
		}
	}
	if (!ret)
		d->nr = out;
	free(keep);
	return ret;
}
