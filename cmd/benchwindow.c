/*
 * git-benchwindow: from a dashboard move to the commit window.
 *
 *   git benchwindow [<options>] <platform> <date>
 *   git benchwindow --scan [--since <date>] [--until <date>] [<platform>...]
 *
 * Exit status: 0 the window was listed; 1 a nightly's commit is not in
 * this repository (everything else is printed, with a `git fetch` hint);
 * with --scan: 0 no step or kernel-list change (undecided moves are only listed), 1 one; 128 fatal error (every library error is one: "fatal: ..."); 129 usage
 * error.
 */
#include <stdio.h>
#include <stdlib.h>
#include "util/usage.h"
#include "util/parse-options.h"
#include "util/color.h"
#include "util/repo.h"
#include "util/pager.h"
#include "util/json.h"
#include "history/series.h"
#include "history/window.h"
#include "history/options-check.h"
#include "report/report-options.h"
#include "report/window-report.h"

static const char *const benchwindow_usage[] = {
	"git benchwindow [<options>] <platform> <date>",
	"git benchwindow --scan [--since <date>] [--until <date>] [<options>] [<platform>...]",
	NULL
};

/*
 * The names the dashboard at o's source holds, for completion. With
 * --file or --url no configuration is read, so libgit2 is not even
 * started: its start-up decodes the whole CA bundle (mbedTLS), three
 * quarters of what TAB would wait for. Otherwise the configuration names
 * the dashboard; a repository only adds to it, and none is needed.
 */
static void load_names(struct dashboard *d, struct window_options *o)
{
	git_repository *repo = NULL;
	struct config cfg;

	o->source.filter.names_only = 1;
	if (o->source.file || o->source.url) {
		json_library_init();
		if (dashboard_load(d, &o->source, NULL))
			exit(EXIT_FATAL);
		return;
	}
	repo_library_init();
	if (git_repository_open_ext(&repo, ".", 0, getenv("GIT_CEILING_DIRECTORIES")))
		repo = NULL;
	if (config_init(&cfg, repo) || window_source_check_config(o, &cfg) ||
	    dashboard_load(d, &o->source, &cfg))
		exit(EXIT_FATAL);
	config_release(&cfg);
	git_repository_free(repo);
	git_libgit2_shutdown();
}

static int list_names(struct window_options *o, const char *platform, enum report_format kind)
{
	struct dashboard d;
	const char **names;
	size_t nr;

	usage_hold_errors();
	dashboard_init(&d);
	load_names(&d, o);
	if (platform && series_check_platform(&d, platform))
		exit(EXIT_FATAL);
	nr = dashboard_names(&d, platform, &names);
	names_report_print(&(struct names_report){ names, nr }, kind);
	free(names);
	dashboard_release(&d);
	return 0;
}

struct scan_args {
	int scan, kernels;
	const char *since, *until;
};

/*
 * Scan as so says, dying on an error. A repository is optional: without
 * one (or when count is 0) the windows stay uncounted, but the one found
 * still adds its configuration (which may name the dashboard).
 */
static void scan_or_die(struct scan *sc, git_repository **repo, struct config *cfg,
			const struct scan_options *so, int count)
{
	usage_hold_errors();
	repo_library_init();
	if (git_repository_open_ext(repo, ".", 0, getenv("GIT_CEILING_DIRECTORIES")))
		*repo = NULL;
	git_error_clear();
	if (config_init(cfg, *repo) || window_source_check_config(so->window, cfg) ||
	    scan_compute(sc, count ? *repo : NULL, cfg, so))
		exit(EXIT_FATAL);
}

/*
 * The hidden --list-dates <platform>: the days of the platform's moves
 * over its whole series, for completion to offer in the <date> slot
 * (today and yesterday are often outside the series). No commit is
 * counted. Printed as the names of --list-platforms are.
 */
static int list_dates(struct window_options *o, const char *platform, enum report_format kind)
{
	struct scan_options so = { "1970-01-01", NULL, &platform, 1, 0, o, .list_only = 1 };
	git_repository *repo = NULL;
	struct config cfg;
	struct scan sc;
	struct strvec days = STRVEC_INIT;

	scan_or_die(&sc, &repo, &cfg, &so, 0);
	scan_move_days(&sc, &days);
	names_report_print(&(struct names_report){ (const char **)days.v, days.nr }, kind);
	strvec_clear(&days);
	scan_release(&sc);
	config_release(&cfg);
	git_repository_free(repo);
	window_options_release(o);
	git_libgit2_shutdown();
	return 0;
}

/*
 * --scan: every platform's steps in the range. Exit 1 when anything
 * moved, so a nightly job can act on it.
 */
static int run_scan(const struct scan_args *a, struct window_options *o, int argc,
		    const char **argv, enum report_format kind)
{
	struct scan_options so = { a->since, a->until, argv, (size_t)argc, a->kernels, o };
	git_repository *repo = NULL;
	struct config cfg;
	struct scan sc;
	struct scan_report sr = { &sc, &cfg };
	int ret;

	scan_or_die(&sc, &repo, &cfg, &so, 1);
	/* an undecided move is listed, but no step: the next nightlies decide it */
	ret = sc.nr_entries > sc.nr_undecided ? 1 : 0;
	if (pager_setup(&cfg, "benchwindow", kind != REPORT_JSON))
		exit(EXIT_FATAL);
	if (scan_report_print(&sr, kind))
		ret = EXIT_FATAL;
	scan_release(&sc);
	config_release(&cfg);
	git_repository_free(repo);
	window_options_release(o);
	git_libgit2_shutdown();
	return ret;
}

int main(int argc, const char **argv)
{
	struct window_options o;
	struct report_options ro = { 0 };
	struct scan_args sa = { 0 };
	int json = 0, color = COLOR_UNSET, list_platforms = 0, quiet = 0, only_slice = 0, ret;
	enum window_outcome outcome;
	const char *list_kernels = NULL, *list_dates_of = NULL;
	git_repository *repo = NULL;
	struct config cfg;
	struct window w;
	struct window_report wr;
	struct option options[] = {
		OPT_WINDOW(&o),
		OPT_BOOL(0, "only-slice", &only_slice, "list only the commits in the slice"),
		OPT_GROUP("Scan"),
		OPT_BOOL(0, "scan", &sa.scan, "report every platform's steps in a range"),
		OPT_SCAN_RANGE(&sa.since, &sa.until),
		OPT_BOOL(0, "kernels", &sa.kernels, "with --scan: also scan each kernel's own series"),
		OPT_GROUP("Output"),
		OPT_BOOL(0, "json", &json, "print one JSON object (see the man page)"),
		OPT_COLOR(&color),
		OPT__QUIET(&quiet),
		OPT_REPORT(&ro),
		OPT_BOOL(0, "list-platforms", &list_platforms, "print the dashboard's platforms and exit"),
		OPT_STRING(0, "list-kernels", &list_kernels, "platform", "print a platform's kernels and exit"),
		{ OPTION_STRING, 0, "list-dates", &list_dates_of, "platform",
		  "print the days of a platform's moves and exit (for completion)", PARSE_OPT_HIDDEN },
		OPT_END(),
	};

	atexit(close_stdout);
	window_options_init(&o);
	argc = parse_options(argc, argv, options, benchwindow_usage, 0);
	if (window_options_check(&o))
		usage_with_options(benchwindow_usage, options);
	usage_set_quiet(quiet);
	/* one list a call: the dates won over the platforms, unsaid */
	if (!!list_platforms + !!list_kernels + !!list_dates_of > 1) {
		error("--list-platforms, --list-kernels and --list-dates cannot be used together");
		usage_with_options(benchwindow_usage, options);
	}
	if ((list_platforms || list_kernels || list_dates_of) && argc) {
		error("--list-platforms, --list-kernels and --list-dates take no arguments");
		usage_with_options(benchwindow_usage, options);
	}
	if ((sa.since || sa.until || sa.kernels) && !sa.scan) {
		error("--since, --until and --kernels need --scan");
		usage_with_options(benchwindow_usage, options);
	}
	/* a list is of names, not of a scan's moves: the scan would be dropped unsaid */
	if ((list_platforms || list_kernels || list_dates_of) && sa.scan) {
		error("--scan cannot be used with --list-platforms, --list-kernels or --list-dates");
		usage_with_options(benchwindow_usage, options);
	}
	if (list_platforms || list_kernels || list_dates_of) {
		if (report_options_check(&ro, json))
			usage_with_options(benchwindow_usage, options);
		/* a list of names has no table to paste and no chart */
		if (ro.markdown || ro.svg) {
			error("--list-platforms, --list-kernels and --list-dates take --json, not --format=markdown or --svg");
			usage_with_options(benchwindow_usage, options);
		}
		if (list_dates_of)
			return list_dates(&o, list_dates_of, ro.kind);
		return list_names(&o, list_kernels, ro.kind);
	}
	if (sa.scan) {
		if (o.kernel || o.good || o.bad || only_slice || ro.svg) {
			error("--scan does not take --kernel, --good, --bad, --only-slice or --svg");
			usage_with_options(benchwindow_usage, options);
		}
		if (report_options_check(&ro, json))
			usage_with_options(benchwindow_usage, options);
		return run_scan(&sa, &o, argc, argv, ro.kind);
	}
	if (argc != 2) {
		error(argc < 2 ? "need a <platform> and a <date>" : "too many arguments");
		usage_with_options(benchwindow_usage, options);
	}
	if (report_options_check(&ro, json))
		usage_with_options(benchwindow_usage, options);
	o.platform = argv[0];
	o.date = argv[1];
	/* A window needs one platform's history; the others' names serve errors. */
	o.source.filter.platform = o.platform;

	usage_hold_errors();
	repo_library_init();
	if (repo_open(&repo) || config_init(&cfg, repo) || color_config(&color, &cfg, "color.benchwindow") ||
	    window_source_check_config(&o, &cfg))
		exit(EXIT_FATAL);
	outcome = window_compute(&w, repo, &cfg, &o);
	if (outcome == WINDOW_ERROR)
		exit(EXIT_FATAL);
	/* exit 1 when the commits could not be listed, as documented */
	ret = outcome == WINDOW_INCOMPLETE;
	window_warn_sparse(&w, &o);
	wr = (struct window_report){ &w, &o, repo, &cfg, color, only_slice };
	if (ro.svg && window_report_ops.svg(&wr, ro.svg))
		exit(EXIT_FATAL);
	/* The commit list can be long: page it as git log would. */
	if (pager_setup(&cfg, "benchwindow", !json))
		exit(EXIT_FATAL);
	if (window_report_print(&wr, ro.kind))
		ret = EXIT_FATAL;
	window_release(&w);
	config_release(&cfg);
	git_repository_free(repo);
	window_options_release(&o);
	git_libgit2_shutdown();
	return ret;
}
