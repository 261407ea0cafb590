/*
 * git-benchbisect: what a dashboard move is, and which commit made it.
 *
 *   git benchbisect [<options>] <platform> <date>
 *   git benchbisect run [<options>] [<platform> <date> | --good <rev> --bad <rev>] -- <cmd> [<args>...]
 *
 * Exit status: classify 0 whatever the cause; run 0 when a first bad
 * commit was found, 1 when none was; 128 fatal error; 129 usage error.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/parse-options.h"
#include "util/color.h"
#include "util/repo.h"
#include "history/window.h"
#include "history/window-json.h"
#include "classify/classify.h"
#include "bisect/bisect.h"

static const char *const benchbisect_usage[] = {
	"git benchbisect [<options>] <platform> <date>",
	"git benchbisect run [<options>] [<platform> <date> | --good <rev> --bad <rev>] -- <cmd> [<args>...]",
	NULL
};

/* Options of either mode; unset ones keep these markers so a misplaced one is caught. */
#define UNSET_INT (-1)
#define UNSET_COLOR (-2)

struct cli {
	struct window_options o;
	struct classify_options co;
	struct bisect_options bo;
	struct strvec method;
	int json, color;
	const struct option *options;
};

static void usage_error(const struct cli *c, const char *msg)
{
	error("%s", msg);
	usage_with_options(benchbisect_usage, c->options);
}

/* Open the repository and its configuration, or die. */
static git_repository *open_repo(struct config *cfg)
{
	git_repository *repo = NULL;

	repo_library_init();
	if (repo_open(&repo) || config_init(cfg, repo))
		exit(EXIT_FATAL);
	return repo;
}

static void check_ratio(const struct cli *c, const char *name, double v, double lo, double hi)
{
	if (isnan(v) || v <= lo || v > hi) {
		error("--%s must be above %g and at most %g, not %g", name, lo, hi, v);
		usage_with_options(benchbisect_usage, c->options);
	}
}

static int cmd_classify(struct cli *c, int argc, const char **argv)
{
	struct classify_signals sig;
	struct classify_result res;
	git_repository *repo;
	struct config cfg;
	const char *paths;
	struct window w;

	if (c->bo.metric || c->bo.slice_first || c->bo.repeat != UNSET_INT ||
	    c->bo.max_runs != UNSET_INT)
		usage_error(c, "--metric, --repeat, --max-runs and --slice-first need 'run'");
	if (argc != 2)
		usage_error(c, argc < 2 ? "need a <platform> and a <date>" : "too many arguments");
	check_ratio(c, "noise-multiple", c->co.noise_multiple, 0, INFINITY);
	check_ratio(c, "min-change", c->co.min_change + 1, 0, INFINITY);
	check_ratio(c, "shared-ratio", c->co.shared_ratio, 0, 1);
	check_ratio(c, "agree-ratio", c->co.agree_ratio, 0, 1);
	check_ratio(c, "flat-ratio", c->co.flat_ratio, 0, 1);
	c->o.platform = argv[0];
	c->o.date = argv[1];
	c->co.span = c->o.span;
	c->co.all_runs = c->o.all_runs;

	repo = open_repo(&cfg);
	if ((paths = config_get_string(&cfg, "benchbisect.methodpaths")))
		classify_set_method_paths(&c->co, paths);
	for (size_t i = 0; i < c->method.nr; i++)
		strvec_push(&c->co.method_paths, c->method.v[i]);
	if (window_compute(&w, repo, &cfg, &c->o) < 0)
		exit(EXIT_FATAL);
	classify_signals_init(&sig);
	classify_result_init(&res);
	if (classify_gather(&sig, &w, repo, &c->co))
		exit(EXIT_FATAL);
	classify_explain(&res, &sig, &w, &c->co);
	for (size_t i = 0; i < res.warnings.nr; i++)
		warning("%s", res.warnings.v[i]);
	if (c->json)
		json_print_and_free(classify_json(&res, &w, &c->o));
	else
		classify_print(stdout, &res, &w, &c->o,
			       want_color(c->color == UNSET_COLOR ? COLOR_AUTO : c->color, &cfg,
					  "color.benchbisect"));
	classify_result_release(&res);
	classify_signals_release(&sig);
	window_release(&w);
	config_release(&cfg);
	git_repository_free(repo);
	return 0;
}

static int cmd_run(struct cli *c, int argc, const char **argv)
{
	git_repository *repo;
	struct config cfg;
	int dashdash, ret;

	if (c->color != UNSET_COLOR || c->method.nr || !isnan(c->co.noise_multiple) ||
	    !isnan(c->co.min_change) || !isnan(c->co.shared_ratio) || !isnan(c->co.agree_ratio) ||
	    !isnan(c->co.flat_ratio))
		usage_error(c, "the rule and colour options do not apply to 'run'");
	for (dashdash = 0; dashdash < argc && strcmp(argv[dashdash], "--"); dashdash++)
		;
	if (dashdash == argc)
		usage_error(c, "need '--' and the command to run");
	if (dashdash + 1 == argc)
		usage_error(c, "need a command after '--'");
	if (dashdash == 2) {
		c->o.platform = argv[0];
		c->o.date = argv[1];
	} else if (dashdash) {
		usage_error(c, "need a <platform> and a <date>, or --good and --bad, before '--'");
	} else if (!c->o.good || !c->o.bad) {
		usage_error(c, "without a <platform> and a <date>, give both --good and --bad");
	}
	if (c->bo.repeat == UNSET_INT)
		c->bo.repeat = 0;
	if (c->bo.max_runs == UNSET_INT)
		c->bo.max_runs = 0;
	if (c->bo.repeat < 0 || c->bo.max_runs < 0 || (c->bo.repeat && c->bo.max_runs &&
						       c->bo.max_runs < c->bo.repeat))
		usage_error(c, "--repeat and --max-runs must be positive, and --max-runs at least --repeat");
	c->bo.argv = argv + dashdash + 1;

	repo = open_repo(&cfg);
	ret = bisect_run(repo, &cfg, &c->o, &c->bo, c->json);
	config_release(&cfg);
	git_repository_free(repo);
	if (c->bo.signal) {
		signal(c->bo.signal, SIG_DFL);
		raise(c->bo.signal);
	}
	if (ret < 0)
		exit(EXIT_FATAL);
	return ret;
}

int main(int argc, const char **argv)
{
	struct cli c;
	int ret;
	struct option options[] = {
		OPT_WINDOW(&c.o),
		OPT_GROUP("Rules (classify)"),
		OPT_DOUBLE(0, "noise-multiple", &c.co.noise_multiple, "x",
			   "a step under <x> times the series noise is noise (3)"),
		OPT_DOUBLE(0, "min-change", &c.co.min_change, "pct",
			   "a step under <pct> percent is noise (2)"),
		OPT_DOUBLE(0, "shared-ratio", &c.co.shared_ratio, "r",
			   "others moved with Helion: at least <r> of its move (0.5)"),
		OPT_DOUBLE(0, "agree-ratio", &c.co.agree_ratio, "r",
			   "latency agrees: <r> to 1/<r> of the speedup's move (0.5)"),
		OPT_DOUBLE(0, "flat-ratio", &c.co.flat_ratio, "r",
			   "latency is flat: under <r> of the speedup's move (0.25)"),
		OPT_STRING_LIST(0, "method-path", &c.method, "pathspec",
				"also count commits touching <pathspec> as measurement changes"),
		OPT_GROUP("Bisect (run)"),
		OPT_BOOL(0, "metric", &c.bo.metric, "the command prints a number: judge by the closer end"),
		OPT_INTEGER(0, "repeat", &c.bo.repeat, "run the command <n> times a round (1; 3 with --metric)"),
		OPT_INTEGER(0, "max-runs", &c.bo.max_runs, "at most <n> runs per commit (4 rounds)"),
		OPT_BOOL(0, "slice-first", &c.bo.slice_first, "test the commits in the slice first"),
		OPT_GROUP("Output"),
		OPT_BOOL(0, "json", &c.json, "print one JSON object (see the man page)"),
		OPT_COLOR(&c.color),
		OPT_END(),
	};

	memset(&c, 0, sizeof(c));
	window_options_init(&c.o);
	classify_options_init(&c.co);
	bisect_options_init(&c.bo);
	strvec_init(&c.method);
	c.options = options;
	c.color = UNSET_COLOR;
	c.bo.repeat = c.bo.max_runs = UNSET_INT;
	if (argc > 1 && !strcmp(argv[1], "run")) {
		/* Rule options must stay unset in run mode: mark them. */
		c.co.noise_multiple = c.co.min_change = c.co.shared_ratio = NAN;
		c.co.agree_ratio = c.co.flat_ratio = NAN;
		argc = parse_options(argc - 1, argv + 1, options, benchbisect_usage,
				     PARSE_OPT_KEEP_DASHDASH);
		ret = cmd_run(&c, argc, argv + 1);
	} else {
		argc = parse_options(argc, argv, options, benchbisect_usage, 0);
		ret = cmd_classify(&c, argc, argv);
	}
	classify_options_release(&c.co);
	strvec_clear(&c.method);
	window_options_release(&c.o);
	git_libgit2_shutdown();
	return ret;
}
