#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "usage.h"
#include "strbuf.h"
#include "repo.h"
#include "fixtures.h"

/*
 * The pre-merge gate and its pre-push hook. Rule names are git config
 * variable names (fixturediff.check.<rule>), so they only use letters.
 */
enum rule { GRAPH_CHURN, STALE_GRAPH, MISSING_FIXTURE, MISSING_SPEC, NR_RULES };

static const char *const rule_names[NR_RULES] = {
	"graphChurn", "staleGraph", "missingFixture", "missingSpec",
};

static int breaks(enum rule r, const struct fixture_case *c)
{
	switch (r) {
	case GRAPH_CHURN:
		return c->graph == GRAPH_CHANGED &&
		       (c->status == FIXTURE_UNCHANGED || c->status == FIXTURE_RENAMED);
	case STALE_GRAPH:
		return c->graph == GRAPH_SAME &&
		       (c->status == FIXTURE_CHANGED || c->status == FIXTURE_COMMENT_ONLY);
	case MISSING_FIXTURE:
		return c->head.present && c->head.has_spec && !c->head.has_fixture;
	case MISSING_SPEC:
		return c->head.present && !c->head.has_spec;
	default:
		return 0;
	}
}

static void explain(enum rule r, const struct fixture_diff *d, const struct fixture_case *c,
		    const char *base, struct strbuf *sb)
{
	const struct fixture_layout *l = d->layout;
	char *old, *new;

	switch (r) {
	case GRAPH_CHURN:
		old = fixture_path(l, c->renamed_from ? c->renamed_from : c->name, l->graph);
		new = fixture_path(l, c->name, l->graph);
		strbuf_addf(sb, "%s changed but %s is byte-identical; restore it with ",
			    l->graph, l->fixture);
		if (c->renamed_from)
			strbuf_addf(sb, "'git show %s:%s >%s'", base, old, new);
		else
			strbuf_addf(sb, "'git checkout %s -- %s'", base, new);
		free(old);
		free(new);
		break;
	case STALE_GRAPH:
		strbuf_addf(sb, "%s changed but %s did not (a hand edit or a stale regeneration)",
			    l->fixture, l->graph);
		break;
	case MISSING_FIXTURE:
		strbuf_addf(sb, "has %s but no %s", l->spec, l->fixture);
		break;
	default:
		strbuf_addf(sb, "top-level case without %s", l->spec);
		break;
	}
}

int fixture_check(const struct fixture_diff *d, struct config *cfg)
{
	int on[NR_RULES], problems = 0;
	struct strbuf sb = STRBUF_INIT;
	git_buf base = GIT_BUF_INIT;

	for (int r = 0; r < NR_RULES; r++) {
		char *key = xstrfmt("fixturediff.check.%s", rule_names[r]);
		int ret;

		on[r] = 1;
		ret = config_get_bool(cfg, key, &on[r]);
		free(key);
		if (ret < 0)
			return -1;
	}
	if (git_object_short_id(&base, (const git_object *)d->base->commit))
		return repo_error("cannot abbreviate the base commit");
	for (size_t i = 0; i < d->nr; i++) {
		for (int r = 0; r < NR_RULES; r++) {
			if (!on[r] || !breaks(r, &d->cases[i]))
				continue;
			strbuf_reset(&sb);
			explain(r, d, &d->cases[i], base.ptr, &sb);
			printf("%s: %s: %s\n", d->cases[i].name, rule_names[r], sb.buf);
			problems++;
		}
	}
	strbuf_release(&sb);
	git_buf_dispose(&base);
	return problems;
}

/*
 * The hook checks each pushed commit against its branch's upstream, else
 * origin/main, else main, as the command does without revisions.
 */
static const char hook_text[] =
	"#!/bin/sh\n"
	"# pre-push hook installed by 'git fixture-diff --install-hook': refuse a push\n"
	"# whose fixtures fail 'git fixture-diff --check' (see git-fixture-diff(1)).\n"
	"# Skip it once with 'git push --no-verify'.\n"
	"z40=0000000000000000000000000000000000000000\n"
	"status=0\n"
	"while read -r local_ref local_sha remote_ref remote_sha; do\n"
	"\t[ \"$local_sha\" = \"$z40\" ] && continue\n"
	"\tbase=$(git rev-parse -q --verify \"$local_ref@{upstream}\" 2>/dev/null) ||\n"
	"\tbase=$(git rev-parse -q --verify origin/main) ||\n"
	"\tbase=$(git rev-parse -q --verify main) || continue\n"
	"\tgit fixture-diff --check \"$base\" \"$local_sha\" || status=1\n"
	"done\n"
	"exit $status\n";

/* core.hooksPath ("~/" expanded, relative to the top of the work tree), else $GIT_COMMON_DIR/hooks. */
static char *hooks_dir(git_repository *repo, struct config *cfg)
{
	const char *v = config_get_string(cfg, "core.hooksPath");
	const char *home = getenv("HOME");
	const char *top = git_repository_workdir(repo);

	if (!v || !*v)
		return xstrfmt("%shooks", git_repository_commondir(repo));
	if (!strncmp(v, "~/", 2) && home)
		return xstrfmt("%s/%s", home, v + 2);
	if (*v == '/')
		return xstrdup(v);
	return xstrfmt("%s%s", top ? top : git_repository_path(repo), v);
}

static int mkdir_p(char *dir)
{
	for (char *p = dir + 1; ; p++) {
		char c = *p;

		if (c && c != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0777) && errno != EEXIST) {
			*p = c;
			return error("cannot create '%s': %s", dir, strerror(errno));
		}
		*p = c;
		if (!c)
			return 0;
	}
}

static void advise_chain(const char *path)
{
	advise("to chain the fixture check, run it from '%s' for each pushed commit,", path);
	advise("where that hook reads the pushed refs, e.g.:");
	advise("  git fixture-diff --check origin/main \"$local_sha\" || exit 1");
	advise("'git help fixture-diff' shows a complete hook (HOOKS)");
}

int fixture_install_hook(git_repository *repo, struct config *cfg, char **path_out)
{
	char *dir = hooks_dir(repo, cfg);
	char *path = xstrfmt("%s/pre-push", dir);
	int fd, ret = mkdir_p(dir);

	*path_out = NULL;
	free(dir);
	if (ret) {
		free(path);
		return -1;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0755);
	if (fd < 0 && errno == EEXIST) {
		ret = error("hook '%s' already exists; not overwriting it", path);
		advise_chain(path);
	} else if (fd < 0) {
		ret = error("cannot create '%s': %s", path, strerror(errno));
	} else if (write(fd, hook_text, sizeof(hook_text) - 1) != (ssize_t)sizeof(hook_text) - 1 ||
		   fchmod(fd, 0755)) {
		ret = error("cannot write '%s': %s", path, strerror(errno));
	}
	if (fd >= 0 && close(fd) && !ret)
		ret = error("cannot write '%s': %s", path, strerror(errno));
	if (ret && fd >= 0)
		unlink(path);	/* never leave half a hook behind */
	if (ret)
		free(path);
	else
		*path_out = path;
	return ret;
}
