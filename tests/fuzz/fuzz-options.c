/*
 * Option parsing: the input is an argv, one argument per line. Every
 * option type is in the table. parse_options() exits on -h and on usage
 * errors, so the harness is linked with --wrap=exit (and --wrap=execlp,
 * which --help would run): the wrapper jumps back here, and the property
 * checked is that it exits only with 0 or 129 and otherwise returns the
 * non-option arguments in order, NULL-terminated.
 */
#include <setjmp.h>
#include "util/strvec.h"
#include "util/parse-options.h"
#include "fuzz.h"

static jmp_buf fuzz_exit_jump;
static int fuzz_in_parse;

void __real_exit(int status) __attribute__((noreturn));
void __wrap_exit(int status) __attribute__((noreturn));
int __wrap_execlp(const char *file, const char *arg, ...);

void __wrap_exit(int status)
{
	if (!fuzz_in_parse)
		__real_exit(status);
	if (status != 0 && status != EXIT_USAGE)
		abort();
	longjmp(fuzz_exit_jump, 1);
}

int __wrap_execlp(const char *file, const char *arg, ...)
{
	(void)file;
	(void)arg;
	return -1;
}

static int count_cb(const struct option *opt, const char *arg, int unset)
{
	int *n = opt->value;

	if (arg && !strcmp(arg, "bad"))
		return error("option '%s' does not take 'bad'", opt->long_name);
	*n += unset ? -1 : 1;
	return 0;
}

static const char *const usage_str[] = { "git fuzz [<options>] <arg>...", NULL };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int flag, num, count;
	static double thr;
	static const char *str, *opt;
	static struct strvec list;
	static const struct option opts[] = {
		OPT_BOOL('q', "quiet", &flag, "be quiet"),
		OPT_BOOL('v', "verbose", &flag, "be loud"),
		OPT_INTEGER('n', "span", &num, "days"),
		OPT_DOUBLE('t', "threshold", &thr, "x", "noise multiples"),
		OPT_STRING('f', "file", &str, "path", "read from path"),
		OPT_STRING_LIST(0, "path", &list, "prefix", "paths"),
		OPT_CALLBACK(0, "count", &count, NULL, "count up", count_cb),
		OPT_CALLBACK('c', "config", &count, "value", "a value", count_cb),
		{ OPTION_STRING, 0, "color", &opt, "when", "optional value", PARSE_OPT_OPTARG, NULL },
		{ OPTION_BOOL, 0, "secret", &flag, NULL, "hidden", PARSE_OPT_HIDDEN, NULL },
		OPT_END(),
	};
	char *s = fuzz_string(data, size);
	struct strvec args = STRVEC_INIT;
	const char **argv, **copy;
	volatile int argc;

	strvec_push(&args, "git-fuzz");
	for (char *p = s, *nl; p; p = nl ? nl + 1 : NULL) {
		if ((nl = strchr(p, '\n')))
			*nl = '\0';
		strvec_push(&args, p);
	}
	argc = (int)args.nr;
	argv = xcalloc(args.nr + 1, sizeof(*argv));
	copy = xcalloc(args.nr + 1, sizeof(*copy));
	memcpy(argv, args.v, args.nr * sizeof(*argv));
	memcpy(copy, args.v, args.nr * sizeof(*copy));
	fuzz_quiet();
	fuzz_in_parse = 1;
	if (!setjmp(fuzz_exit_jump)) {
		int n = parse_options(argc, argv, opts, usage_str, 0);

		if (n < 0 || n >= argc || argv[n])
			abort();
		/* The arguments left are a subsequence of the input, in order. */
		for (int i = 0, j = 1; i < n; i++, j++) {
			while (j < argc && copy[j] != argv[i])
				j++;
			if (j == argc)
				abort();
		}
	}
	fuzz_in_parse = 0;
	fuzz_loud();
	strvec_clear(&list);
	strvec_clear(&args);
	free(argv);
	free(copy);
	free(s);
	return 0;
}
