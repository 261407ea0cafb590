#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/repo.h"
#include "classify/measure-config.h"

void measure_config_init(struct measure_config *mc)
{
	memset(mc, 0, sizeof(*mc));
	strvec_init(&mc->inputs);
	strvec_init(&mc->kernels);
	strvec_init(&mc->no_cudagraph);
}

void measure_config_release(struct measure_config *mc)
{
	free(mc->dispatch_problem);
	strvec_clear(&mc->inputs);
	strvec_clear(&mc->kernels);
	strvec_clear(&mc->no_cudagraph);
	measure_config_init(mc);
}

void dispatch_inputs(const char *platform, struct strvec *out)
{
	const char *suffix = strchr(platform, '_');

	if (suffix && suffix[1]) {
		char *input = xstrfmt("kernels%s", suffix);

		strvec_push(out, input);
		free(input);
	} else if (!strncmp(platform, "tpu", 3)) {
		strvec_push(out, "kernels_tpu");
	} else {
		strvec_push(out, "kernels");
		strvec_push(out, "kernels_linattn");
	}
}

/* The next line of *p (without its newline) into line; 0 at the end. */
static int next_line(const char **p, struct strbuf *line)
{
	const char *eol;

	if (!**p)
		return 0;
	eol = strchrnul(*p, '\n');
	strbuf_reset(line);
	strbuf_add(line, *p, (size_t)(eol - *p));
	strbuf_rtrim(line);
	*p = *eol ? eol + 1 : eol;
	return 1;
}

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* "  kernels_cute:" (nothing after the colon) -> the key, else NULL. */
static char *input_header(const char *line)
{
	const char *s = skip_space(line), *end = s;

	if (s == line || strncmp(s, "kernels", 7))
		return NULL;
	while (isalnum((unsigned char)*end) || *end == '_')
		end++;
	if (*end != ':' || *skip_space(end + 1))
		return NULL;
	return xstrndup(s, (size_t)(end - s));
}

/* Split a comma-separated list into out, trimming blanks. */
static void push_list(struct strvec *out, const char *s, size_t len)
{
	char *copy = xstrndup(s, len), *item, *save = NULL;

	for (item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char *end;

		item = (char *)skip_space(item);
		end = item + strlen(item);
		while (end > item && isspace((unsigned char)end[-1]))
			*--end = '\0';
		if (*item)
			strvec_push(out, item);
	}
	free(copy);
}

int dispatch_default_list(const char *text, const char *input, struct strvec *out)
{
	struct strbuf line = STRBUF_INIT;
	char *current = NULL;
	int found = 0;

	while (!found && next_line(&text, &line)) {
		char *key = input_header(line.buf);
		const char *s = skip_space(line.buf), *value, *end;

		if (key) {
			free(current);
			current = key;
			continue;
		}
		if (!current || strcmp(current, input) || strncmp(s, "default:", 8))
			continue;
		value = skip_space(s + 8);
		if (*value == '"' || *value == '\'') {
			end = strchr(value + 1, *value);
			if (!end)
				continue;
			value++;
		} else {
			end = value + strlen(value);
		}
		push_list(out, value, (size_t)(end - value));
		found = 1;
	}
	free(current);
	strbuf_release(&line);
	return found;
}

/* `    "rms_norm-bwd": (` -> the key, else NULL. */
static char *mapping_key(const char *line)
{
	const char *s = skip_space(line), *end;

	if (*s != '"' || !(end = strchr(s + 1, '"')) || end == s + 1)
		return NULL;
	if (*skip_space(end + 1) != ':' || *skip_space(skip_space(end + 1) + 1) != '(')
		return NULL;
	return xstrndup(s + 1, (size_t)(end - s - 1));
}

void runpy_no_cudagraph(const char *text, struct strvec *out)
{
	struct strbuf line = STRBUF_INIT, flags = STRBUF_INIT;
	char *current = NULL;
	int in_flags = 0;

	while (next_line(&text, &line)) {
		char *key = in_flags ? NULL : mapping_key(line.buf);
		const char *at;

		if (key) {
			free(current);
			current = key;
			continue;
		}
		if (!in_flags && current && (at = strstr(line.buf, "remove_flags")) &&
		    at > line.buf && (at[-1] == '"' || at[-1] == '\'')) {
			in_flags = 1;
			strbuf_reset(&flags);
			strbuf_addstr(&flags, at);
		} else if (in_flags) {
			strbuf_addstr(&flags, line.buf);
		}
		if (in_flags && strchr(flags.buf, ']')) {
			in_flags = 0;
			if (strstr(flags.buf, "--cudagraph"))
				strvec_push(out, current);
		}
	}
	free(current);
	strbuf_release(&flags);
	strbuf_release(&line);
}

/* The blob at path in commit into out: 0, 1 when there is none, -1 on error. */
static int read_blob(git_repository *repo, const git_oid *commit, const char *path,
		     struct strbuf *out)
{
	git_commit *c = NULL;
	git_tree *tree = NULL;
	git_tree_entry *entry = NULL;
	git_blob *blob = NULL;
	int ret = 0;
	char hex[GIT_OID_HEXSZ + 1];

	if (git_commit_lookup(&c, repo, commit) || git_commit_tree(&tree, c)) {
		ret = repo_error("cannot read the tree of '%s'", oid_hex(hex, commit));
		goto out;
	}
	if (git_tree_entry_bypath(&entry, tree, path) ||
	    git_tree_entry_type(entry) != GIT_OBJECT_BLOB) {
		ret = 1;
		goto out;
	}
	if (git_blob_lookup(&blob, repo, git_tree_entry_id(entry))) {
		ret = repo_error("cannot read '%s' at '%s'", path, oid_hex(hex, commit));
		goto out;
	}
	strbuf_reset(out);
	strbuf_add(out, git_blob_rawcontent(blob), (size_t)git_blob_rawsize(blob));
out:
	git_blob_free(blob);
	git_tree_entry_free(entry);
	git_tree_free(tree);
	git_commit_free(c);
	return ret;
}

int measure_config_read(struct measure_config *mc, git_repository *repo, const git_oid *commit,
			const char *platform)
{
	struct strbuf text = STRBUF_INIT;
	struct strvec inputs = STRVEC_INIT;
	int rc;

	dispatch_inputs(platform, &inputs);
	rc = read_blob(repo, commit, DISPATCH_PATH, &text);
	if (rc < 0)
		goto out;
	if (rc) {
		mc->dispatch_problem = xstrdup("no " DISPATCH_PATH);
	} else {
		for (size_t i = 0; i < inputs.nr; i++)
			if (dispatch_default_list(text.buf, inputs.v[i], &mc->kernels))
				strvec_push(&mc->inputs, inputs.v[i]);
		mc->has_list = mc->inputs.nr > 0;
		if (!mc->has_list)
			mc->dispatch_problem = xstrfmt("no '%s' default list in " DISPATCH_PATH,
						       inputs.v[0]);
	}
	rc = read_blob(repo, commit, RUNPY_PATH, &text);
	if (rc < 0)
		goto out;
	if (!rc) {
		mc->has_runpy = 1;
		runpy_no_cudagraph(text.buf, &mc->no_cudagraph);
	}
	rc = 0;
out:
	strvec_clear(&inputs);
	strbuf_release(&text);
	return rc;
}

static int listed(const struct strvec *list, const char *name)
{
	for (size_t i = 0; i < list->nr; i++)
		if (!strcmp(list->v[i], name))
			return 1;
	return 0;
}

int measure_config_cudagraph(const struct measure_config *mc, const char *kernel)
{
	if (!mc->has_runpy)
		return -1;
	return !listed(&mc->no_cudagraph, kernel);
}

int measure_config_runs(const struct measure_config *mc, const char *kernel)
{
	if (!mc->has_list)
		return -1;
	return listed(&mc->kernels, kernel);
}
