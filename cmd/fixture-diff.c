/*
 * git fixture-diff: which sched2tlx cases' generated.py changed between two
 * revisions (or a revision and the working tree), by blob identity.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/strvec.h"
#include "util/parse-options.h"
#include "util/quote.h"
#include "util/config.h"
#include "util/repo.h"
#include "util/revision.h"
#include "util/color.h"
#include "util/pager.h"
#include "util/filter-driver.h"
#include "corpus/fixtures.h"
#include "corpus/check.h"
#include "corpus/hook.h"
#include "report/fixtures-report.h"

static const char *const usage_str[] = {
	"git fixture-diff [<options>] [<base> [<head>]]",
	"git fixture-diff [<options>] <base>..<head> | <base>...<head> | <commit>^! | <commit>^-[<n>]",
	"git fixture-diff --check [--root <dir>] [--cases <list>] [<base> [<head>]]",
	"git fixture-diff --list-cases [--root <dir>] [<rev>]",
	"git fixture-diff --install-hook",
	NULL,
};

struct opts {
	const char *root;
	int default_root;	/* --no-root: FIXTURE_DEFAULT_ROOT, not fixturediff.root */
	struct strvec cases;
	int ignore_comments;
	int json, name_only, patch, stat, color, quiet;
	int check, list_cases, install_hook, nul;
};

/* The output modes that exclude each other (--patch and --stat combine). */
static void check_modes(const struct opts *o, const struct option *options)
{
	const char *names[] = { "--json", "--name-only", "--patch", "--check", "--list-cases",
				"--install-hook" };
	int set[] = { o->json, o->name_only, o->patch || o->stat, o->check, o->list_cases,
		      o->install_hook };
	const char *first = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(set); i++) {
		const char *name = i == 2 && !o->patch ? "--stat" : names[i];

		if (!set[i])
			continue;
		if (first) {
			error("options '%s' and '%s' cannot be used together", first, name);
			usage_with_options(usage_str, options);
		}
		first = name;
	}
	if (o->nul && !o->name_only && !o->list_cases) {
		error("option '-z' needs '--name-only' or '--list-cases'");
		usage_with_options(usage_str, options);
	}
	if (o->ignore_comments && (o->check || o->list_cases || o->install_hook)) {
		error("option '--ignore-comments' cannot be used with '%s'", first);
		usage_with_options(usage_str, options);
	}
}

/* Compare and print as the options say; returns the exit code. */
static int run_diff(git_repository *repo, struct config *cfg, const struct fixture_layout *l,
		    const struct opts *o, const char **revs, int nr)
{
	struct fixture_rev base, head;
	struct fixture_diff d;
	struct fixtures_report fr;
	char *default_base = NULL;
	int ret = -1;

	if (!nr && fixture_default_base(repo, cfg, &default_base))
		return EXIT_FATAL;
	if (fixture_rev_init(&base, repo, nr ? revs[0] : default_base)) {
		free(default_base);
		return EXIT_FATAL;
	}
	free(default_base);
	if (fixture_rev_init(&head, repo, nr == 2 ? revs[1] : NULL))
		goto out_base;
	if (fixture_diff_init(&d, repo, l, &base, &head))
		goto out_head;
	if (o->cases.nr && fixture_diff_filter(&d, &o->cases))
		goto out;
	if (o->check) {
		switch (fixture_check(&d, cfg, fixtures_check_report_ops.text, stdout)) {
		case FIXTURE_CHECK_ERROR: ret = EXIT_FATAL; break;
		case FIXTURE_CHECK_CLEAN: ret = 0; break;
		case FIXTURE_CHECK_PROBLEMS: ret = 1; break;
		}
		goto out;
	}
	if ((!o->name_only || o->ignore_comments) && fixture_diff_count(&d, o->ignore_comments))
		goto out;
	fr = (struct fixtures_report){ &d, cfg, o->color, o->name_only, o->nul, o->stat, o->patch };
	ret = fixtures_report_print(&fr, o->json ? REPORT_JSON : REPORT_TEXT) ? EXIT_FATAL : 0;
out:
	fixture_diff_release(&d);
out_head:
	fixture_rev_release(&head);
out_base:
	fixture_rev_release(&base);
	return ret < 0 ? EXIT_FATAL : ret;
}

/* --list-cases at the revision name (NULL: the working tree); the exit code. */
static int list_cases(git_repository *repo, struct config *cfg, const struct fixture_layout *l,
		      const char *name, int nul)
{
	struct fixture_case_list list;
	int ret;

	if (fixture_cases_at(&list, repo, l, name))
		return EXIT_FATAL;
	ret = fixture_cases_report_print(&(struct fixture_cases_report){ &list, cfg, nul },
					 REPORT_TEXT);
	fixture_case_list_release(&list);
	return ret ? EXIT_FATAL : 0;
}

/*
 * The revisions with each X^@ replaced by X's parents (git's reading), in
 * revs; the exit code of an error, else 0.
 */
static int expand_parents(git_repository *repo, int abbrev, const char **argv, int argc,
			  struct strvec *revs)
{
	const char *parents = NULL;
	size_t nr = 0;

	for (int i = 0; i < argc; i++) {
		size_t before = revs->nr;
		int found = revision_parents(repo, argv[i], abbrev, revs);

		if (found < 0)
			return EXIT_FATAL;
		if (!found) {
			strvec_push(revs, argv[i]);
			continue;
		}
		if (revs->nr == before) {
			error("'%s' names no revision: '%.*s' is a root commit", argv[i],
			      (int)(strlen(argv[i]) - 2), argv[i]);
			return EXIT_FATAL;
		}
		parents = argv[i];
		nr = revs->nr - before;
	}
	/* git diff would print the combined diff of them all */
	if (revs->nr > 2) {
		error("'%s' names %zu parent%s, %zu revisions in all: git fixture-diff compares "
		      "two, it prints no combined diff", parents, nr, nr == 1 ? "" : "s", revs->nr);
		return EXIT_FATAL;
	}
	return 0;
}

/*
 * run_diff() on the revisions as given (X^@ standing for X's parents), or
 * on the two ends of A..B, A...B, X^! or X^-n.
 */
static int diff_revisions(git_repository *repo, struct config *cfg,
			  const struct fixture_layout *l, const struct opts *o,
			  const char **argv, int argc)
{
	struct strvec revs = STRVEC_INIT;
	char *base = NULL, *head = NULL;
	int range = -1, abbrev = revision_abbrev_len(cfg, 7), ret;

	if (abbrev < 0)
		return EXIT_FATAL;
	if ((ret = expand_parents(repo, abbrev, argv, argc, &revs)))
		goto out;
	for (size_t i = 0; i < revs.nr && range < 0; i++)
		if (revision_is_range(repo, revs.v[i]) || revision_is_parent_range(revs.v[i]))
			range = (int)i;
	if (range < 0) {
		ret = run_diff(repo, cfg, l, o, (const char **)revs.v, (int)revs.nr);
		goto out;
	}
	if (revs.nr > 1) {
		error("a range '%s' takes the place of both revisions", revs.v[range]);
		ret = EXIT_USAGE;
		goto out;
	}
	if ((ret = revision_split_range(repo, revs.v[0], abbrev, &base, &head)) == 0)
		ret = revision_split_parent(repo, revs.v[0], abbrev, &base, &head);
	ret = ret < 0 ? EXIT_FATAL : run_diff(repo, cfg, l, o, (const char *[]){ base, head }, 2);
out:
	strvec_clear(&revs);
	free(base);
	free(head);
	return ret;
}

int main(int argc, const char **argv)
{
	struct opts o = { .cases = STRVEC_INIT, .color = COLOR_UNSET };
	struct option options[] = {
		OPT_GROUP("Cases"),
		OPT_STRING_NEG(0, "root", &o.root, "dir", "the corpus directory, from the top",
			       &o.default_root),
		OPT_STRING_LIST(0, "cases", &o.cases, "list", "only these cases (comma-separated)"),
		OPT_BOOL(0, "ignore-comments", &o.ignore_comments,
			 "report comment-only changes as comment-only"),
		OPT_GROUP("Output"),
		OPT_BOOL(0, "json", &o.json, "print the comparison as JSON"),
		OPT_BOOL(0, "name-only", &o.name_only, "print the changed cases that have a spec, comma-separated"),
		OPT_BOOL('z', "null", &o.nul, "with --name-only or --list-cases: raw names, NUL-terminated"),
		OPT_BOOL('p', "patch", &o.patch, "print the patch of the changed fixtures"),
		OPT_BOOL(0, "stat", &o.stat, "print a diffstat of the changed fixtures"),
		OPT_COLOR(&o.color),
		OPT__QUIET(&o.quiet),
		OPT_GROUP("Modes"),
		OPT_BOOL(0, "check", &o.check, "pre-merge gate: exit 1 on what breaks the corpus"),
		OPT_BOOL(0, "list-cases", &o.list_cases, "print the case names and exit"),
		OPT_BOOL(0, "install-hook", &o.install_hook, "install a pre-push hook running --check"),
		OPT_END(),
	};
	struct fixture_layout layout;
	git_repository *repo;
	struct config cfg;
	struct strvec split = STRVEC_INIT;
	int ret = 0;

	atexit(close_stdout);
	argc = parse_options(argc, argv, options, usage_str, 0);
	usage_set_quiet(o.quiet);
	check_modes(&o, options);
	if (argc && o.install_hook) {
		error("--install-hook takes no revision: the hook checks each pushed commit "
		      "against what the remote has, or where it leaves the remote's HEAD");
		usage_with_options(usage_str, options);
	}
	if (argc > 2 || (argc > 1 && o.list_cases)) {
		error("too many revisions");
		usage_with_options(usage_str, options);
	}
	/* a name as --name-only and --list-cases print it: "a,b", "case2\nnl" */
	for (size_t i = 0; i < o.cases.nr; i++)
		if (strvec_split_c_quoted(&split, o.cases.v[i], ',', "--cases"))
			usage_with_options(usage_str, options);
	/* an empty $LIST in a script must not widen the gate to every case */
	if (o.cases.nr && !split.nr) {
		error("--cases names no case");
		usage_with_options(usage_str, options);
	}
	strvec_clear(&o.cases);
	o.cases = split;

	usage_hold_errors();
	repo_library_init();
	/*
	 * Every tree and blob is read once: libgit2's object cache would only
	 * cost (inserting 2,000 trees of a 1,000-case corpus, then freeing them).
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	if (repo_open(&repo))
		exit(EXIT_FATAL);
	if (config_init(&cfg, repo) || config_apply_to_repository(&cfg, repo) ||
	    color_config(&o.color, &cfg, "color.fixturediff") ||
	    filter_driver_init(&cfg))
		exit(EXIT_FATAL);
	if (o.install_hook) {
		char *path;

		if (fixture_install_hook(repo, &cfg, &path))
			exit(EXIT_FATAL);
		fixtures_report_hook_installed(path);
		free(path);
	} else if (pager_setup(&cfg, "fixture-diff", o.patch || o.stat) ||
		   fixture_layout_init(&layout, &cfg, o.default_root ? FIXTURE_DEFAULT_ROOT : o.root,
				       repo)) {
		ret = EXIT_FATAL;
	} else {
		if (o.list_cases)
			ret = list_cases(repo, &cfg, &layout, argc ? argv[0] : NULL, o.nul);
		else
			ret = diff_revisions(repo, &cfg, &layout, &o, argv, argc);
		fixture_layout_release(&layout);
	}
	strvec_clear(&o.cases);
	filter_driver_release();
	config_release(&cfg);
	git_repository_free(repo);
	git_libgit2_shutdown();
	return ret;
}
