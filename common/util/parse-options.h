#ifndef UTIL_PARSE_OPTIONS_H
#define UTIL_PARSE_OPTIONS_H

#include <stdint.h>

/*
 * Declarative option tables, after git's parse-options. Each command has
 * one table; the same table prints -h, answers --git-completion-helper
 * (so shell completion and the tests that hold the man pages to the code
 * read the options from the binary), and drives parsing.
 *
 * Supported: --long, --long=value, --long value, -s, -svalue, -s value,
 * bundled short booleans (-qv), --no-long (unless PARSE_OPT_NONEG; see
 * OPT_STRING_NEG below for an option a configuration key backs), "--"
 * to end options, -h (usage on stdout, exit 129), --help (the man page),
 * --git-completion-helper (the long options on stdout, exit 0),
 * --git-completion-table (every option with its value and help, for zsh
 * and fish; see parse-options.c).
 * Unknown options and bad values print an error and the usage on stderr,
 * then exit 129.
 */

enum parse_opt_type {
	OPTION_END,
	OPTION_GROUP,
	OPTION_BOOL,		/* int *: 1, --no- sets 0 */
	OPTION_STRING,		/* const char **: points into argv; --no- sets NULL */
	OPTION_INTEGER,		/* int * */
	OPTION_DOUBLE,		/* double * */
	OPTION_STRING_LIST,	/* struct strvec *: appends; --no- clears */
	OPTION_CALLBACK,
};

enum parse_opt_flags {
	PARSE_OPT_NONEG = 1,
	PARSE_OPT_HIDDEN = 2,
	PARSE_OPT_OPTARG = 4,	/* the value is optional and only taken as --long=value */
	PARSE_OPT_RANGE = 8,	/* OPTION_DOUBLE: the value must lie in [min, max] */
	PARSE_OPT_ABOVE_MIN = 16,	/* with PARSE_OPT_RANGE: min itself is excluded */
};

/* Flags for parse_options() itself. */
#define PARSE_OPT_STOP_AT_NON_OPTION 1
#define PARSE_OPT_KEEP_DASHDASH 2

struct option;
typedef int parse_opt_cb(const struct option *opt, const char *arg, int unset);

struct option {
	enum parse_opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh;
	const char *help;
	int flags;
	parse_opt_cb *callback;
	double min, max;	/* PARSE_OPT_RANGE bounds; max may be INFINITY */
	int *negated;		/* the _NEG variants': set by --no-<option> */
};

#define OPT_END() { OPTION_END, 0, NULL, NULL, NULL, NULL, 0, NULL }
#define OPT_GROUP(h) { OPTION_GROUP, 0, NULL, NULL, NULL, (h), 0, NULL }
#define OPT_BOOL(s, l, v, h) { OPTION_BOOL, (s), (l), (v), NULL, (h), 0, NULL }
#define OPT_STRING(s, l, v, a, h) { OPTION_STRING, (s), (l), (v), (a), (h), 0, NULL }
#define OPT_INTEGER(s, l, v, h) { OPTION_INTEGER, (s), (l), (v), "n", (h), PARSE_OPT_NONEG, NULL }
#define OPT_DOUBLE(s, l, v, a, h) { OPTION_DOUBLE, (s), (l), (v), (a), (h), PARSE_OPT_NONEG, NULL }
/*
 * A number checked against its range as it is parsed, so the error names
 * the value the user gave: OPT_DOUBLE_RANGE(..., 0, INFINITY, 0) is "at
 * least 0", OPT_DOUBLE_RANGE(..., 0, 1, PARSE_OPT_ABOVE_MIN) "above 0 and
 * at most 1".
 */
#define OPT_DOUBLE_RANGE(s, l, v, a, h, lo, hi, f) { OPTION_DOUBLE, (s), (l), (v), (a), (h), \
	PARSE_OPT_NONEG | PARSE_OPT_RANGE | (f), NULL, (lo), (hi) }
#define OPT_STRING_LIST(s, l, v, a, h) { OPTION_STRING_LIST, (s), (l), (v), (a), (h), 0, NULL }
/*
 * An option that a configuration key backs is applied after parsing, the
 * key only where the option is not given. As in git, --no-<option> must
 * override the key too, meaning the built-in default: the _NEG variants
 * record it in *neg (an int), set to 1 by --no-<option>, which also drops
 * what was given before it (a string becomes NULL, a list empty; a number
 * is the caller's to ignore). A later value of a single-valued option sets
 * *neg back to 0; a list's later values add to the built-in default. So
 * the caller reads the key only when the option is not given and *neg is 0.
 */
#define OPT_STRING_NEG(s, l, v, a, h, neg) \
	{ OPTION_STRING, (s), (l), (v), (a), (h), 0, NULL, 0, 0, (neg) }
#define OPT_STRING_LIST_NEG(s, l, v, a, h, neg) \
	{ OPTION_STRING_LIST, (s), (l), (v), (a), (h), 0, NULL, 0, 0, (neg) }
#define OPT_INTEGER_NEG(s, l, v, h, neg) \
	{ OPTION_INTEGER, (s), (l), (v), "n", (h), 0, NULL, 0, 0, (neg) }
#define OPT_DOUBLE_RANGE_NEG(s, l, v, a, h, lo, hi, f, neg) \
	{ OPTION_DOUBLE, (s), (l), (v), (a), (h), PARSE_OPT_RANGE | (f), NULL, (lo), (hi), (neg) }
/* -q/--quiet: pass the flag to usage_set_quiet() after parsing. */
#define OPT__QUIET(v) OPT_BOOL('q', "quiet", (v), "no progress, no warnings")
/* argh NULL: a flag that takes no value. */
#define OPT_CALLBACK(s, l, v, a, h, cb) { OPTION_CALLBACK, (s), (l), (v), (a), (h), 0, (cb) }

/*
 * Parse argv[1..argc-1] against options. On return argv[0..n-1] hold the
 * arguments that are not options, in order, and n is returned. usagestr
 * is NULL-terminated; its first line ("git foo [<options>] ...") also
 * names the man page --help opens.
 */
int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const *usagestr, int flags);

/* Print the usage and the option table on stderr and exit 129. */
void usage_with_options(const char *const *usagestr, const struct option *options)
	__attribute__((noreturn));

#endif
