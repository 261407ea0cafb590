/*
 * git-benchbisect: what a dashboard move is, and which commit made it.
 *
 *   git benchbisect [<options>] <platform> <date>
 *   git benchbisect --scan [--since <date>] [--until <date>] [<options>] [<platform>...]
 *   git benchbisect run [<options>] [<platform> <date> | --good <rev> --bad <rev>] -- <cmd> [<args>...]
 *   git benchbisect log [<options>] [<range>]
 *
 * Each form has its own option table, as git's subcommands do.
 * Exit status: classify 0 whatever the cause; --scan 1 when a move is a
 * real regression, else 0; run 0 when a first bad
 * commit was found, 1 when none was; log 0; 128 fatal error (every library error
 * is one: "fatal: ..."); 129 usage error.
 */
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/parse-options.h"
#include "util/color.h"
#include "util/repo.h"
#include "util/date.h"
#include "util/pager.h"
#include "util/revision.h"
#include "history/window.h"
#include "history/options-check.h"
#include "classify/classify.h"
#include "classify/classify-scan.h"
#include "bisect/bisect-run.h"
#include "bisect/run-log.h"
#include "bisect/run-notes.h"
#include "report/report-options.h"
#include "report/classify-report.h"
#include "report/bisect-report.h"

static const char *const classify_usage[] = {
	"git benchbisect [<options>] <platform> <date>",
	"git benchbisect run [<options>] [<platform> <date> | --good <rev> --bad <rev>] -- <cmd> [<args>...]",
	"git benchbisect --scan [--since <date>] [--until <date>] [<options>] [<platform>...]",
	"git benchbisect log [<options>] [<range>]",
	NULL
};

static const char *const log_usage[] = {
	"git benchbisect log [<options>] [<range>]",
	NULL
};

static const char *const run_usage[] = {
	"git benchbisect run [<options>] [<platform> <date> | --good <rev> --bad <rev>] -- <cmd> [<args>...]",
	NULL
};

static void usage_error(const char *const *usagestr, const struct option *options, const char *msg)
{
	error("%s", msg);
	usage_with_options(usagestr, options);
}

/*
 * Open the repository and its configuration, or die. The colour keys are
 * read by every form, so that a bad color.ui or color.benchbisect is
 * fatal whether or not the form colours, as in git; color (NULL where the
 * form does not colour) is resolved from them unless --color set it.
 */
static git_repository *open_repo(const struct window_options *o, struct config *cfg, int *color)
{
	git_repository *repo = NULL;
	int unused = COLOR_UNSET;

	repo_library_init();
	if (repo_open(&repo) || config_init(cfg, repo) || window_source_check_config(o, cfg) ||
	    color_config(color ? color : &unused, cfg, "color.benchbisect"))
		exit(EXIT_FATAL);
	return repo;
}

/* The classify form: its options, then the cause of the move. */
struct classify_cli {
	struct window_options o;
	struct classify_options co;
	struct strvec method;
	int default_method;	/* --no-method-path: the default paths, not benchbisect.methodPaths */
	struct report_options ro;
	int json, color;
	int scan, kernels;
	const char *since, *until;
};

/* Open the repository, read the colour, the method paths and the abbreviation, or die. */
static git_repository *classify_setup(struct classify_cli *c, struct config *cfg)
{
	git_repository *repo = open_repo(&c->o, cfg, &c->color);
	const char *paths;

	if (!c->default_method && (paths = config_get_string(cfg, "benchbisect.methodpaths")))
		classify_set_method_paths(&c->co, paths);
	for (size_t i = 0; i < c->method.nr; i++)
		strvec_push(&c->co.method_paths, c->method.v[i]);
	/* 8 hex digits as benchwindow's report, or core.abbrev; unique. */
	if ((c->co.abbrev = revision_abbrev_len(cfg, 8)) < 0)
		exit(EXIT_FATAL);
	return repo;
}

/*
 * --scan: classify every move the benchwindow scan finds. Exit 1 when one
 * is a real regression (a commit here made Helion slower), so a nightly
 * job acts on what needs a code fix; the other causes are printed too.
 */
static int run_scan(struct classify_cli *c, int argc, const char **argv)
{
	struct scan_options so = { c->since, c->until, argv, (size_t)argc, c->kernels, &c->o };
	struct classify_scan cs;
	git_repository *repo;
	struct config cfg;
	struct classify_scan_report sr = { &cs, &cfg, c->color };
	int ret;

	usage_hold_errors();
	repo = classify_setup(c, &cfg);
	if (classify_scan(&cs, repo, &cfg, &so, &c->co))
		exit(EXIT_FATAL);
	ret = cs.nr_cause[CAUSE_REAL_REGRESSION] ? 1 : 0;
	if (pager_setup(&cfg, "benchbisect", !c->json))
		exit(EXIT_FATAL);
	if (classify_scan_report_print(&sr, c->ro.kind))
		ret = EXIT_FATAL;
	classify_scan_release(&cs);
	config_release(&cfg);
	git_repository_free(repo);
	return ret;
}

/*
 * The platform's history is needed whole; the other platforms' only near
 * the date (the step is within --span days of it, and the cross-platform
 * check looks --span nightlies either side of the step).
 */
static void limit_load(struct window_options *o)
{
	time_t when, again;
	int is_day;

	/*
	 * Only for an absolute date (the same whatever "now" is); a relative
	 * or wrong one loads everything, and window_compute() reads it.
	 */
	if (parse_user_date(o->date, 0, &when, &is_day) ||
	    parse_user_date(o->date, 400 * DAY_SECONDS, &again, &is_day) || when != again)
		return;
	o->source.filter.platform = o->platform;
	o->source.filter.others_window = 1;
	classify_others_range(when, o->span, &o->source.filter.others_from,
			      &o->source.filter.others_to);
}

static int cmd_classify(int argc, const char **argv)
{
	struct classify_cli c;
	struct classify_signals sig;
	struct classify_result res;
	git_repository *repo;
	struct config cfg;
	struct window w;
	struct classify_report cr;
	int ret;
	int quiet = 0;
	struct option options[] = {
		OPT_WINDOW(&c.o),
		OPT_GROUP("Rules"),
		OPT_DOUBLE_RANGE(0, "noise-multiple", &c.co.noise_multiple, "x",
				 "a step under <x> times the series noise is noise (3)",
				 0, INFINITY, PARSE_OPT_ABOVE_MIN),
		OPT_DOUBLE_RANGE(0, "min-change", &c.co.min_change, "pct",
				 "a step under <pct> percent is noise (2)", 0, INFINITY, 0),
		OPT_DOUBLE_RANGE(0, "shared-ratio", &c.co.shared_ratio, "r",
				 "others moved with Helion: at least <r> of its move (0.5)",
				 0, 1, PARSE_OPT_ABOVE_MIN),
		OPT_STRING_LIST_NEG(0, "method-path", &c.method, "pathspec",
				    "also count commits touching <pathspec> as measurement changes",
				    &c.default_method),
		OPT_GROUP("Scan"),
		OPT_BOOL(0, "scan", &c.scan, "classify every platform's steps in a range"),
		OPT_SCAN_RANGE(&c.since, &c.until),
		OPT_BOOL(0, "kernels", &c.kernels, "with --scan: also classify each kernel's own steps"),
		OPT_GROUP("Output"),
		OPT_BOOL(0, "json", &c.json, "print one JSON object (see the man page)"),
		OPT_COLOR(&c.color),
		OPT__QUIET(&quiet),
		OPT_REPORT(&c.ro),
		OPT_END(),
	};

	memset(&c, 0, sizeof(c));
	window_options_init(&c.o);
	classify_options_init(&c.co);
	strvec_init(&c.method);
	c.color = COLOR_UNSET;
	argc = parse_options(argc, argv, options, classify_usage, 0);
	if (window_options_check(&c.o))
		usage_with_options(classify_usage, options);
	usage_set_quiet(quiet);
	if ((c.since || c.until || c.kernels) && !c.scan)
		usage_error(classify_usage, options, "--since, --until and --kernels need --scan");
	if (c.scan && (c.o.kernel || c.o.good || c.o.bad || c.ro.svg))
		usage_error(classify_usage, options, "--scan does not take --kernel, --good, --bad or --svg");
	if (!c.scan && argc != 2)
		usage_error(classify_usage, options,
			    argc < 2 ? "need a <platform> and a <date>" : "too many arguments");
	if (report_options_check(&c.ro, c.json))
		usage_with_options(classify_usage, options);
	c.co.span = c.o.span;
	/* one step decision: the window applies benchbisect's thresholds */
	c.o.noise_multiple = c.co.noise_multiple;
	c.o.min_change = c.co.min_change;
	c.co.all_runs = c.o.all_runs;
	if (c.scan) {
		ret = run_scan(&c, argc, argv);
		goto out;
	}
	c.o.platform = argv[0];
	c.o.date = argv[1];
	limit_load(&c.o);

	usage_hold_errors();
	repo = classify_setup(&c, &cfg);
	if (window_compute(&w, repo, &cfg, &c.o) == WINDOW_ERROR)
		exit(EXIT_FATAL);
	ret = w.not_ancestor;	/* exit 1, like git bisect with swapped ends */
	c.co.abbrev = window_abbrev_len(&w, repo, c.co.abbrev);
	classify_signals_init(&sig);
	classify_result_init(&res);
	if (classify_gather(&sig, &w, repo, &c.co))
		exit(EXIT_FATAL);
	classify_explain(&res, &sig, &w, &c.co);
	/* A short report: paged only when pager.benchbisect asks for it. */
	if (pager_setup(&cfg, "benchbisect", 0))
		exit(EXIT_FATAL);
	for (size_t i = 0; i < res.warnings.nr; i++)
		warning("%s", res.warnings.v[i]);
	/* As benchwindow says it: the sparse kernel's own window, to paste. */
	window_warn_sparse(&w, &c.o);
	cr = (struct classify_report){ &res, &w, &c.o, &cfg, c.color };
	if (c.ro.svg && classify_report_ops.svg(&cr, c.ro.svg))
		exit(EXIT_FATAL);
	(void)classify_report_print(&cr, c.ro.kind);
	classify_result_release(&res);
	classify_signals_release(&sig);
	window_release(&w);
	config_release(&cfg);
	git_repository_free(repo);
out:
	classify_options_release(&c.co);
	strvec_clear(&c.method);
	window_options_release(&c.o);
	return ret;
}

/* The run form: the window before "--", the command after it. */
static void split_command(const struct option *options, struct window_options *wo,
			  struct bisect_options *bo, int argc, const char **argv)
{
	int dashdash;

	for (dashdash = 0; dashdash < argc && strcmp(argv[dashdash], "--"); dashdash++)
		;
	if (dashdash == argc)
		usage_error(run_usage, options, "need '--' and the command to run");
	if (dashdash + 1 == argc)
		usage_error(run_usage, options, "need a command after '--'");
	if (dashdash == 2) {
		wo->platform = argv[0];
		wo->date = argv[1];
	} else if (dashdash) {
		usage_error(run_usage, options,
			    "need a <platform> and a <date>, or --good and --bad, before '--'");
	} else if (!wo->good || !wo->bad) {
		usage_error(run_usage, options,
			    "without a <platform> and a <date>, give both --good and --bad");
	}
	bo->argv = argv + dashdash + 1;
}

/*
 * The pattern of --metric-pattern or benchbisect.metricPattern (from)
 * compiled into mp; -1 with an error when it is no good.
 */
static int use_metric_pattern(struct bisect_options *bo, struct metric_pattern *mp,
			      const char *from, const char *pattern)
{
	struct strbuf err = STRBUF_INIT;
	int ret = 0;

	if (metric_pattern_init(mp, pattern, &err))
		ret = error("%s: %s", from, err.buf);
	strbuf_release(&err);
	bo->metric = 1;
	bo->metric_pattern = mp;
	return ret;
}

static int cmd_run(int argc, const char **argv)
{
	struct window_options wo;
	struct bisect_options bo;
	struct bisect_result res;
	git_repository *repo;
	struct config cfg;
	int json = 0, quiet = 0, ret;
	int kill_grace = INT_MIN, queue_timeout = INT_MIN;	/* INT_MIN: not given */
	char *launcher, *scratch_dir = NULL, *prefix;
	const char *pattern = NULL;
	struct metric_pattern mp = { 0 };
	/* --no-<option>: the built-in default, whatever the configuration says */
	struct {
		int pattern, confidence, launcher, queue_timeout, scratch_dir, kill_grace;
	} no = { 0 };
	struct option options[] = {
		OPT_WINDOW(&wo),
		OPT_GROUP("Bisect"),
		OPT_BOOL(0, "metric", &bo.metric, "the command prints a number: find the commit its level steps at, weighing every run"),
		OPT_STRING_NEG(0, "metric-pattern", &pattern, "pcre2",
			       "the number is the first group of the last output line matching <pcre2> (implies --metric)",
			       &no.pattern),
		OPT_INTEGER(0, "repeat", &bo.repeat,
			    "run the command at most <n> times a commit, while unclear (1); --metric: <n> times a bisection's runs (5)"),
		OPT_DOUBLE_RANGE(0, "min-change", &bo.min_change, "pct",
				 "--metric: the ends alike within <pct> percent are no step (2, or half the dashboard's step)",
				 0, INFINITY, 0),
		OPT_DOUBLE_RANGE_NEG(0, "confidence", &bo.confidence, "pct",
				     "--metric: stop when one answer holds <pct> percent (benchbisect.confidence, else 99.99)",
				     BISECT_MIN_CONFIDENCE, BISECT_MAX_CONFIDENCE, 0, &no.confidence),
		OPT_BOOL(0, "slice-first", &bo.slice_first, "test the commits in the slice first"),
		OPT_INTEGER('j', "jobs", &bo.jobs, "test <n> commits at once (1)"),
		OPT_STRING_NEG(0, "launcher", &bo.launcher, "cmd",
			       "run the command under <cmd> (shell words), e.g. 'srun -G1 --'", &no.launcher),
		OPT_INTEGER(0, "step-timeout", &bo.step_timeout,
			    "a run taking over <n> seconds once started is stopped and retried once, then skipped"),
		OPT_INTEGER_NEG(0, "queue-timeout", &queue_timeout,
				"the launcher must start the command within <n> seconds, else it failed",
				&no.queue_timeout),
		OPT_STRING_NEG(0, "scratch-dir", &bo.scratch_dir, "dir",
			       "make the scratch trees in <dir>, a path the launcher's nodes share ($TMPDIR)",
			       &no.scratch_dir),
		OPT_INTEGER_NEG(0, "kill-grace", &kill_grace,
				"a run stopped gets SIGKILL <n> seconds after SIGTERM (60)", &no.kill_grace),
		OPT_GROUP("Recorded runs"),
		OPT_STRING_NEG(0, "machine", &bo.machine, "name",
			       "the machine the runs are recorded for (benchbisect.machine, else the host name)",
			       &bo.host_machine),
		OPT_BOOL(0, "fresh", &bo.fresh, "use no recorded run: run everything again (still record)"),
		OPT_GROUP("Output"),
		OPT_BOOL(0, "json", &json, "print one JSON object (see the man page)"),
		OPT__QUIET(&quiet),
		OPT_END(),
	};

	window_options_init(&wo);
	bisect_options_init(&bo);
	/* Told apart from any value given: 0 means "not given" below. */
	bo.repeat = bo.jobs = INT_MIN;
	bo.metric = -1;		/* told apart from --no-metric, which the pattern contradicts */
	argc = parse_options(argc, argv, options, run_usage, PARSE_OPT_KEEP_DASHDASH);
	usage_set_quiet(quiet);
	/* a number given before its --no- form is dropped, as a string is */
	if (no.confidence)
		bo.confidence = -1;
	if (no.queue_timeout)
		queue_timeout = INT_MIN;
	if (no.kill_grace)
		kill_grace = INT_MIN;
	split_command(options, &wo, &bo, argc, argv);
	if (window_options_check(&wo))
		usage_with_options(run_usage, options);
	if (bo.repeat != INT_MIN && (bo.repeat < 1 || bo.repeat > BISECT_MAX_REPEAT))
		usage_error(run_usage, options, "--repeat must be between 1 and " BISECT_MAX_REPEAT_STR);
	if (bo.step_timeout < 0)
		usage_error(run_usage, options, "--step-timeout must not be negative");
	if (bo.scratch_dir && !*bo.scratch_dir)
		usage_error(run_usage, options, "--scratch-dir needs a directory");
	/* whether or not benchbisect.notes will record the runs under it */
	if (bo.machine && run_machine_check(bo.machine, "--machine"))
		usage_with_options(run_usage, options);
	if (pattern && !bo.metric)
		usage_error(run_usage, options, "--metric-pattern implies --metric: not with --no-metric");
	bo.metric = bo.metric > 0;
	/* before the checks of what needs --metric: the pattern implies it */
	if (pattern && use_metric_pattern(&bo, &mp, "--metric-pattern", pattern))
		usage_with_options(run_usage, options);
	if (bo.min_change >= 0 && !bo.metric)
		usage_error(run_usage, options, "--min-change needs --metric");
	if (bo.confidence >= 0 && !bo.metric)
		usage_error(run_usage, options, "--confidence needs --metric");
	if (bo.jobs != INT_MIN && (bo.jobs < 1 || bo.jobs > BISECT_MAX_JOBS))
		usage_error(run_usage, options, "--jobs must be between 1 and " BISECT_MAX_JOBS_STR);
	if (queue_timeout != INT_MIN && queue_timeout < 0)
		usage_error(run_usage, options, "--queue-timeout must not be negative");
	if (kill_grace != INT_MIN && (kill_grace < 0 || kill_grace > BISECT_MAX_KILL_GRACE))
		usage_error(run_usage, options, "--kill-grace must be between 0 and " BISECT_MAX_KILL_GRACE_STR);
	bo.repeat = bo.repeat == INT_MIN ? 0 : bo.repeat;
	bo.jobs = bo.jobs == INT_MIN ? 0 : bo.jobs;

	usage_hold_errors();
	repo = open_repo(&wo, &cfg, NULL);
	/* The configured pattern says where the number is when --metric asks for one. */
	if (bo.metric && !pattern && !no.pattern &&
	    (pattern = config_get_string(&cfg, "benchbisect.metricPattern")) &&
	    use_metric_pattern(&bo, &mp, "benchbisect.metricPattern", pattern))
		exit(EXIT_FATAL);
	/* The configured bar, when --metric is given without --confidence. */
	if (bo.metric && bo.confidence < 0 && !no.confidence &&
	    config_get_double(&cfg, "benchbisect.confidence", BISECT_MIN_CONFIDENCE, BISECT_MAX_CONFIDENCE,
			      &bo.confidence) == CONFIG_INVALID)
		exit(EXIT_FATAL);
	/* A copy: the next config lookup (the window's) reuses the string. */
	if (!bo.launcher && !no.launcher)
		bo.launcher = config_get_string(&cfg, "benchbisect.launcher");
	bo.launcher = launcher = bo.launcher && *bo.launcher ? xstrdup(bo.launcher) : NULL;
	if (!bo.scratch_dir && !no.scratch_dir) {
		if (config_get_value(&cfg, "benchbisect.scratchDir", &bo.scratch_dir) == CONFIG_INVALID)
			exit(EXIT_FATAL);
		if (bo.scratch_dir && !*bo.scratch_dir)
			die("empty value for 'benchbisect.scratchDir': give a directory or unset it");
	}
	bo.scratch_dir = scratch_dir = bo.scratch_dir ? xstrdup(bo.scratch_dir) : NULL;
	if (queue_timeout != INT_MIN)
		bo.queue_timeout = queue_timeout;
	else if (!no.queue_timeout && config_get_int(&cfg, "benchbisect.queueTimeout", 0, INT_MAX, &bo.queue_timeout) ==
		 CONFIG_INVALID)
		exit(EXIT_FATAL);
	if (kill_grace != INT_MIN)
		bo.kill_grace = kill_grace;
	else if (!no.kill_grace && config_get_int(&cfg, "benchbisect.killGrace", 0, BISECT_MAX_KILL_GRACE,
				&bo.kill_grace) == CONFIG_INVALID)
		exit(EXIT_FATAL);
	bo.prefix = prefix = repo_prefix(repo);
	bisect_result_init(&res);
	ret = bisect_run(repo, &cfg, &wo, &bo, &res);
	if (ret && res.signal) {
		signal(res.signal, SIG_DFL);
		raise(res.signal);
	}
	if (ret && res.error.len)
		die("%s", res.error.buf);
	if (ret)
		exit(EXIT_FATAL);	/* the library's error, held, prints as fatal: */
	(void)bisect_report_print(&(struct bisect_report){ &res }, json ? REPORT_JSON : REPORT_TEXT);
	ret = res.outcome == BISECT_FOUND ? 0 : 1;
	bisect_result_release(&res);
	metric_pattern_release(&mp);
	free(launcher);
	free(scratch_dir);
	free(prefix);
	config_release(&cfg);
	git_repository_free(repo);
	window_options_release(&wo);
	return ret;
}

/* `log`: the recorded runs along a range's first-parent history. */
static int cmd_log(int argc, const char **argv)
{
	struct window_options wo;
	struct run_log_options lo = { NULL, NULL };
	struct run_log log;
	git_repository *repo;
	struct config cfg;
	const char *svg = NULL;
	char *ref, key[RUN_KEY_HEX + 1];
	int json = 0, keys = 0, abbrev, ret = 0;
	struct option options[] = {
		OPT_STRING(0, "key", &lo.key, "key", "only the runs of <key> (or a prefix of it)"),
		OPT_BOOL(0, "keys", &keys, "list the recorded keys: key, machine, runs"),
		OPT_GROUP("Output"),
		OPT_BOOL(0, "json", &json, "print one JSON object (see the man page)"),
		OPT_STRING(0, "svg", &svg, "file", "also write a chart of one key's runs to <file>"),
		OPT_END(),
	};

	argc = parse_options(argc, argv, options, log_usage, 0);
	if (argc > 1)
		usage_error(log_usage, options, "too many arguments");
	if (keys && (argc || lo.key || json || svg))
		usage_error(log_usage, options, "--keys takes no range, --key, --json or --svg");
	if (svg && report_svg_check(svg))
		usage_with_options(log_usage, options);
	/*
	 * A key is hex: any other --key matched nothing, an empty one every
	 * key; upper-case digits name the key as git takes an object name.
	 */
	if (lo.key) {
		if (run_key_parse(key, lo.key, "--key"))
			usage_with_options(log_usage, options);
		lo.key = key;
	}
	lo.range = argc ? argv[0] : NULL;
	window_options_init(&wo);
	usage_hold_errors();
	repo = open_repo(&wo, &cfg, NULL);
	if (!(ref = run_notes_ref(&cfg)) || (abbrev = revision_abbrev_len(&cfg, 8)) < 0)
		exit(EXIT_FATAL);
	if (keys) {
		struct run_log_keys list;

		ret = run_log_keys(&list, repo, ref) ? EXIT_FATAL : 0;
		run_log_keys_report_print(&(struct run_log_keys_report){ &list }, REPORT_TEXT);
		run_log_keys_release(&list);
	} else {
		struct run_log_report lr = { &log, lo.key };

		if (run_log_collect(&log, repo, ref, abbrev, &lo) ||
		    (svg && run_log_report_ops.svg(&lr, svg)) ||
		    run_log_report_print(&lr, json ? REPORT_JSON : REPORT_TEXT))
			ret = EXIT_FATAL;
		run_log_release(&log);
	}
	free(ref);
	config_release(&cfg);
	git_repository_free(repo);
	window_options_release(&wo);
	return ret;
}

/*
 * The subcommands, by name, as git's OPT_SUBCOMMAND table; a first word
 * that names none is the classify form's (its default, as
 * PARSE_OPT_SUBCOMMAND_OPTIONAL's).
 */
static const struct subcommand {
	const char *name;
	int (*fn)(int argc, const char **argv);
} subcommands[] = {
	{ "run", cmd_run },
	{ "log", cmd_log },
};

int main(int argc, const char **argv)
{
	int (*fn)(int argc, const char **argv) = NULL;
	int ret;

	atexit(close_stdout);
	for (size_t i = 0; argc > 1 && !fn && i < ARRAY_SIZE(subcommands); i++)
		if (!strcmp(argv[1], subcommands[i].name))
			fn = subcommands[i].fn;
	if (fn)
		ret = fn(argc - 1, argv + 1);
	else
		ret = cmd_classify(argc, argv);
	git_libgit2_shutdown();
	return ret;
}
