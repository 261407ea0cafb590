#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tap.h"
#include "util/usage.h"
#include "util/strvec.h"
#include "util/parse-options.h"
#include "util/config.h"

static const char *const usage_str[] = { "git test [<options>] <arg>", NULL };

static void test_parse(void)
{
	int flag = 0, num = 3;
	double thr = 1.5;
	const char *str = NULL;
	struct strvec list = STRVEC_INIT;
	struct option opts[] = {
		OPT_BOOL('q', "quiet", &flag, "be quiet"),
		OPT_INTEGER(0, "span", &num, "days"),
		OPT_DOUBLE(0, "threshold", &thr, "x", "noise multiples"),
		OPT_STRING(0, "file", &str, "path", "read from path"),
		OPT_STRING_LIST(0, "path", &list, "prefix", "paths"),
		OPT_END(),
	};
	const char *argv[] = { "git-test", "-q", "one", "--span=9", "--file", "x.json",
			       "--path", "a/", "--path=b/", "--threshold", "2.5", "--",
			       "--not-an-option", NULL };
	int argc = parse_options(13, argv, opts, usage_str, 0);

	is_int(argc, 2, "two arguments remain");
	is_str(argv[0], "one", "first argument kept in order");
	is_str(argv[1], "--not-an-option", "arguments after -- are not options");
	is_int(flag, 1, "short boolean");
	is_int(num, 9, "--span=9");
	is_num(thr, 2.5, 1e-12, "--threshold 2.5");
	is_str(str, "x.json", "--file takes the next argument");
	is_int(list.nr, 2, "string list collects both");
	is_str(list.v[1], "b/", "string list keeps order");

	{
		const char *argv2[] = { "git-test", "--no-quiet", "--no-path", "--no-file", NULL };

		argc = parse_options(4, argv2, opts, usage_str, 0);
		is_int(argc, 0, "only options");
		is_int(flag, 0, "--no-quiet clears");
		is_int(list.nr, 0, "--no-path clears the list");
		ok(str == NULL, "--no-file unsets the string");
	}
	{
		const char *argv3[] = { "git-test", "run", "--span", "2", NULL };

		argc = parse_options(4, argv3, opts, usage_str, PARSE_OPT_STOP_AT_NON_OPTION);
		is_int(argc, 3, "stops at the first non-option");
		is_str(argv3[0], "run", "subcommand first");
	}
	strvec_clear(&list);
}

static void test_config_parameters(void)
{
	struct config cfg;

	config_init(&cfg, NULL);
	ok(!config_parse_parameters(&cfg, "'bench.url=http://a/x.json' 'Bench.b200_cute.SLICE'='\\[cute\\]' 'color.ui'"),
	   "old and new GIT_CONFIG_PARAMETERS forms parse");
	is_str(config_get_string(&cfg, "bench.url"), "http://a/x.json", "old form key=value");
	is_str(config_get_string(&cfg, "bench.b200_cute.slice"), "\\[cute\\]",
	       "section and name case-insensitive, subsection kept");
	ok(config_get_string(&cfg, "bench.B200_CUTE.slice") == NULL, "subsection is case-sensitive");
	is_str(config_get_string(&cfg, "color.ui"), "true", "bare key means true");
	ok(!config_parse_parameters(&cfg, "'bench.url'='it'\\''s'"), "quoted quote parses");
	is_str(config_get_string(&cfg, "bench.url"), "it's", "later override wins, quote kept");
	ok(config_parse_parameters(&cfg, "'unterminated") < 0, "unterminated quote is rejected");
	ok(!config_parse_parameters(&cfg, "'bench.url'=''"), "git -c key= (empty value) parses");
	is_str(config_get_string(&cfg, "bench.url"), "", "an empty value stays empty, not true");
	ok(!config_parse_parameters(&cfg, "'bench.url'= 'color.ui'='auto'"),
	   "git -c key (no value: 'key'=) parses");
	is_str(config_get_string(&cfg, "bench.url"), "true", "a key without a value reads as true");
	{
		const char *v = "unset";

		ok(config_get_value(&cfg, "bench.url", &v) == CONFIG_INVALID && !v,
		   "but is an error where a value is needed");
		ok(config_get_value(&cfg, "color.ui", &v) == CONFIG_FOUND && !strcmp(v, "auto"),
		   "the next parameter still parsed");
		ok(config_get_value(&cfg, "bench.pretunedUrl", &v) == CONFIG_UNSET && !v,
		   "unset: CONFIG_UNSET and NULL");
	}
	config_release(&cfg);
}

/*
 * Parse one argument in a child (a bad value exits 129 after the usage);
 * returns its exit code and leaves its first stderr line in err.
 */
static int parse_in_child(const struct option *opts, const char *arg, char *err, size_t len)
{
	int fds[2], status;
	size_t got = 0;
	pid_t pid;
	ssize_t n;

	fflush(stdout);	/* the child must not print our buffered TAP lines again */
	if (pipe(fds) || (pid = fork()) < 0)
		return -1;
	if (!pid) {
		const char *argv[] = { "git-test", arg, NULL };

		close(fds[0]);
		dup2(fds[1], 2);
		parse_options(2, argv, opts, usage_str, 0);
		exit(0);
	}
	close(fds[1]);
	/* Read to the end, keeping the first len - 1 bytes: the child must not hit SIGPIPE. */
	for (char scratch[256]; (n = read(fds[0], got < len - 1 ? err + got : scratch,
					   got < len - 1 ? len - 1 - got : sizeof(scratch))) > 0;)
		got += got < len - 1 ? (size_t)n : 0;
	err[got] = '\0';
	err[strcspn(err, "\n")] = '\0';
	close(fds[0]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static void test_double_range(void)
{
	double pct = 2, ratio = 0.5;
	struct option opts[] = {
		OPT_DOUBLE_RANGE(0, "min-change", &pct, "pct", "percent", 0, INFINITY, 0),
		OPT_DOUBLE_RANGE(0, "ratio", &ratio, "r", "ratio", 0, 1, PARSE_OPT_ABOVE_MIN),
		OPT_END(),
	};
	/* Each out of range: a usage error naming the value as the user gave it. */
	static const struct { const char *arg, *err; } bad[] = {
		{ "--min-change=-2", "error: option `min-change' must be at least 0, not -2" },
		{ "--min-change=-0.5", "error: option `min-change' must be at least 0, not -0.5" },
		{ "--ratio=0", "error: option `ratio' must be above 0 and at most 1, not 0" },
		{ "--ratio=1.5", "error: option `ratio' must be above 0 and at most 1, not 1.5" },
	};
	char err[256];

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		is_int(parse_in_child(opts, bad[i].arg, err, sizeof(err)), 129, bad[i].arg);
		is_str(err, bad[i].err, bad[i].arg);
	}
	{
		const char *argv[] = { "git-test", "--min-change=0", "--ratio", "1", NULL };

		is_int(parse_options(4, argv, opts, usage_str, 0), 0, "bounds in range parse");
		is_num(pct, 0, 0, "an included minimum is accepted");
		is_num(ratio, 1, 0, "the maximum is accepted");
	}
}

static void test_unique_prefix(void)
{
	const char *file = NULL, *url = NULL;
	int json = 0, fixture = 0;
	struct option opts[] = {
		OPT_BOOL(0, "fixture", &fixture, "a flag"),
		OPT_STRING(0, "file", &file, "path", "read from path"),
		OPT_STRING(0, "url", &url, "url", "fetch from url"),
		OPT_BOOL(0, "json", &json, "print JSON"),
		OPT_END(),
	};
	char err[4096];

	{
		const char *argv[] = { "git-test", "--fil", "a.json", "--u=http://x/", "--js", NULL };

		is_int(parse_options(5, argv, opts, usage_str, 0), 0, "prefixes are options");
		is_str(file, "a.json", "--fil stands for --file and takes the next argument");
		is_str(url, "http://x/", "--u=value stands for --url=value");
		is_int(json, 1, "--js stands for --json");
	}
	{
		const char *argv[] = { "git-test", "--no-js", "--no-fil", "--fix", NULL };

		parse_options(4, argv, opts, usage_str, 0);
		is_int(json, 0, "--no-js stands for --no-json");
		ok(file == NULL, "--no-fil stands for --no-file");
		is_int(fixture, 1, "--fix is unique");
	}
	{
		is_int(parse_in_child(opts, "--fi", err, sizeof(err)), 129, "an ambiguous prefix is a usage error");
		is_str(err, "error: ambiguous option: fi (could be --fixture or --file)",
		       "the error names the candidates");
	}
	{
		parse_in_child(opts, "--no-f", err, sizeof(err));
		is_str(err, "error: ambiguous option: no-f (could be --no-fixture or --no-file)",
		       "negated prefixes are ambiguous too");
	}
	{
		is_int(parse_in_child(opts, "--js=1", err, sizeof(err)), 129, "a prefix keeps the option's rules");
		is_str(err, "error: option `json' takes no value", "and its error names it");
	}
	{
		parse_in_child(opts, "--files", err, sizeof(err));
		is_str(err, "error: unknown option `files'", "a longer word is no prefix");
	}
}

/* The _NEG variants: --no- is recorded, and the last of a value and --no- wins. */
static void test_negated(void)
{
	int num = 3, no_num = 0, no_str = 0, no_list = 0;
	const char *str = NULL;
	struct strvec list = STRVEC_INIT;
	struct option opts[] = {
		OPT_INTEGER_NEG(0, "grace", &num, "seconds", &no_num),
		OPT_STRING_NEG(0, "launcher", &str, "cmd", "launcher", &no_str),
		OPT_STRING_LIST_NEG(0, "path", &list, "prefix", "paths", &no_list),
		OPT_END(),
	};
	const char *argv[] = { "git-test", "--launcher", "srun", "--no-launcher", "--grace", "5",
			       "--no-grace", "--path", "a/", "--no-path", "--path", "b/", NULL };
	const char *argv2[] = { "git-test", "--no-launcher", "--launcher", "srun", "--no-grace",
				"--grace", "7", NULL };

	is_int(parse_options(12, argv, opts, usage_str, 0), 0, "only options");
	ok(str == NULL && no_str == 1, "--no-launcher after a value: NULL, negated");
	is_int(no_num, 1, "--no-grace after a value: negated");
	is_int(no_list, 1, "--no-path: negated");
	ok(list.nr == 1 && !strcmp(list.v[0], "b/"), "--no-path drops the paths before it only");
	is_int(parse_options(7, argv2, opts, usage_str, 0), 0, "only options");
	ok(str && !strcmp(str, "srun") && no_str == 0, "a value after --no-launcher wins");
	ok(num == 7 && no_num == 0, "a number after --no-grace wins");
	strvec_clear(&list);
}

int main(void)
{
	git_libgit2_init();
	test_parse();
	test_unique_prefix();
	test_config_parameters();
	test_double_range();
	test_negated();
	git_libgit2_shutdown();
	return done_testing();
}
