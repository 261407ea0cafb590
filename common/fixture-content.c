#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "usage.h"
#include "repo.h"
#include "fixtures.h"

/*
 * Fixture contents, read only for the cases whose blob ids differ: line
 * counts, patches and the comment-only test.
 */

/* One side of a fixture: a blob, or working-tree bytes after the filters. */
struct content {
	git_blob *blob;
	git_buf buf;
	const char *path;	/* the file's path from the top */
	int present;
};

static void content_release(struct content *c)
{
	git_blob_free(c->blob);
	git_buf_dispose(&c->buf);
}

/* Working-tree bytes as git would store them: filters applied, a link's target. */
static int read_worktree(git_repository *repo, const char *path, git_buf *out)
{
	git_filter_list *fl = NULL;
	char *full = xstrfmt("%s%s", git_repository_workdir(repo), path);
	char target[4096];
	ssize_t n = readlink(full, target, sizeof(target));
	int ret = 0;

	free(full);
	if (n >= 0) {
		ret = git_buf_set(out, target, (size_t)n);
	} else if (errno != EINVAL) {
		return error("cannot read '%s': %s", path, strerror(errno));
	} else if (git_filter_list_load(&fl, repo, NULL, path, GIT_FILTER_TO_ODB, 0) ||
		   git_filter_list_apply_to_file(out, fl, repo, path)) {
		ret = -1;
	}
	git_filter_list_free(fl);
	return ret ? repo_error("cannot read '%s'", path) : 0;
}

static int load(const struct fixture_diff *d, const struct fixture_rev *rev,
		const struct case_side *side, const char *path, struct content *out)
{
	memset(out, 0, sizeof(*out));
	out->path = path;
	out->present = side->has_fixture;
	if (!out->present)
		return 0;
	if (!rev->commit)
		return read_worktree(d->repo, path, &out->buf);
	if (git_blob_lookup(&out->blob, d->repo, &side->fixture))
		return repo_error("cannot read '%s' in %s", path, rev->label);
	return 0;
}

static const char *data(const struct content *c, size_t *len)
{
	if (c->blob) {
		*len = (size_t)git_blob_rawsize(c->blob);
		return git_blob_rawcontent(c->blob);
	}
	*len = c->buf.size;
	/* An empty file is present: never hand libgit2 NULL for it. */
	return c->present ? (c->buf.ptr ? c->buf.ptr : "") : NULL;
}

/* The base side is always a blob (or absent); the head side may be bytes. */
static int make_patch(const struct content *a, const struct content *b, git_patch **out)
{
	git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
	int ret;

	if (b->present && !b->blob) {
		size_t len;
		const char *bytes = data(b, &len);

		ret = git_patch_from_blob_and_buffer(out, a->blob, a->path, bytes, len,
						     b->path, &opts);
	} else {
		ret = git_patch_from_blobs(out, a->blob, a->path, b->blob, b->path, &opts);
	}
	return ret ? repo_error("cannot diff '%s'", b->path) : 0;
}

int fixture_case_differs(const struct fixture_case *c)
{
	return c->status == FIXTURE_CHANGED || c->status == FIXTURE_COMMENT_ONLY ||
	       c->status == FIXTURE_ADDED || c->status == FIXTURE_REMOVED;
}

/* Load both sides of c's fixture; the caller releases a and b. */
static int load_pair(const struct fixture_diff *d, const struct fixture_case *c,
		     char **paths, struct content *a, struct content *b)
{
	const struct fixture_layout *l = d->layout;

	paths[0] = fixture_path(l, c->renamed_from ? c->renamed_from : c->name, l->fixture);
	paths[1] = fixture_path(l, c->name, l->fixture);
	if (load(d, d->base, &c->base, paths[0], a)) {
		memset(b, 0, sizeof(*b));
		return -1;
	}
	return load(d, d->head, &c->head, paths[1], b);
}

static void release_pair(char **paths, struct content *a, struct content *b)
{
	content_release(a);
	content_release(b);
	free(paths[0]);
	free(paths[1]);
}

int fixture_case_print_patch(const struct fixture_diff *d, const struct fixture_case *c,
			     git_diff_line_cb print, void *payload)
{
	struct content a, b;
	git_patch *patch = NULL;
	char *paths[2];
	int ret;

	if (!fixture_case_differs(c))
		return 0;
	/* The patch points into both contents: keep them until it is printed. */
	ret = load_pair(d, c, paths, &a, &b);
	if (!ret)
		ret = make_patch(&a, &b, &patch);
	if (!ret && git_patch_print(patch, print, payload))
		ret = repo_error("cannot print the patch of '%s'", paths[1]);
	git_patch_free(patch);
	release_pair(paths, &a, &b);
	return ret;
}

static int count_one(const struct fixture_diff *d, struct fixture_case *c, int ignore_comments)
{
	struct content a, b;
	git_patch *patch = NULL;
	char *paths[2];
	size_t context, adds, dels;
	int ret = load_pair(d, c, paths, &a, &b);

	if (!ret)
		ret = make_patch(&a, &b, &patch);
	if (!ret && patch && git_patch_line_stats(&context, &adds, &dels, patch))
		ret = repo_error("cannot count the lines of '%s'", paths[1]);
	if (!ret && patch) {
		c->added_lines = adds;
		c->removed_lines = dels;
	}
	if (!ret && ignore_comments && c->status == FIXTURE_CHANGED) {
		size_t alen, blen;
		const char *ad = data(&a, &alen), *bd = data(&b, &blen);

		if (py_same_but_comments(ad, alen, bd, blen))
			c->status = FIXTURE_COMMENT_ONLY;
	}
	git_patch_free(patch);
	release_pair(paths, &a, &b);
	return ret;
}

int fixture_diff_count(struct fixture_diff *d, int ignore_comments)
{
	for (size_t i = 0; i < d->nr; i++)
		if (fixture_case_differs(&d->cases[i]) && count_one(d, &d->cases[i], ignore_comments))
			return -1;
	return 0;
}
