#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/strvec.h"
#include "util/parse-options.h"
#include "util/number.h"
#include "util/suggest.h"

static int takes_value(const struct option *o)
{
	switch (o->type) {
	case OPTION_STRING:
	case OPTION_INTEGER:
	case OPTION_DOUBLE:
	case OPTION_STRING_LIST:
		return 1;
	case OPTION_CALLBACK:
		return o->argh != NULL;
	default:
		return 0;
	}
}

static void print_option_help(FILE *fp, const struct option *o)
{
	char head[128];
	int n = 0;

	if (o->short_name && o->long_name)
		n = snprintf(head, sizeof(head), "    -%c, --%s", o->short_name, o->long_name);
	else if (o->short_name)
		n = snprintf(head, sizeof(head), "    -%c", o->short_name);
	else
		n = snprintf(head, sizeof(head), "    --%s", o->long_name);
	if (takes_value(o) && n > 0 && (size_t)n < sizeof(head)) {
		if (o->flags & PARSE_OPT_OPTARG)
			snprintf(head + n, sizeof(head) - n, "[=<%s>]", o->argh);
		else
			snprintf(head + n, sizeof(head) - n, " <%s>", o->argh);
	}
	if (strlen(head) <= 28)
		fprintf(fp, "%-29s %s\n", head, o->help);
	else
		fprintf(fp, "%s\n%30s%s\n", head, "", o->help);
}

static void print_usage(FILE *fp, const char *const *usagestr, const struct option *options)
{
	fprintf(fp, "usage: %s\n", usagestr[0]);
	for (size_t i = 1; usagestr[i]; i++)
		fprintf(fp, "   or: %s\n", usagestr[i]);
	/* as git: a group's heading brings its own blank line */
	if (options->type != OPTION_GROUP)
		fputc('\n', fp);
	for (const struct option *o = options; o->type != OPTION_END; o++) {
		if (o->flags & PARSE_OPT_HIDDEN)
			continue;
		if (o->type == OPTION_GROUP) {
			fprintf(fp, "\n%s\n", o->help);
			continue;
		}
		print_option_help(fp, o);
	}
	fputc('\n', fp);
}

void usage_with_options(const char *const *usagestr, const struct option *options)
{
	print_usage(stderr, usagestr, options);
	exit(EXIT_USAGE);
}

static void completion_helper(const struct option *options)
{
	const char *sep = "";

	for (const struct option *o = options; o->type != OPTION_END; o++) {
		if (!o->long_name || (o->flags & PARSE_OPT_HIDDEN))
			continue;
		printf("%s--%s%s", sep, o->long_name,
		       takes_value(o) && !(o->flags & PARSE_OPT_OPTARG) ? "=" : "");
		sep = " ";
	}
	printf("%s--", sep);
	for (const struct option *o = options; o->type != OPTION_END; o++) {
		if (!o->long_name || (o->flags & (PARSE_OPT_HIDDEN | PARSE_OPT_NONEG)) ||
		    o->type == OPTION_GROUP)
			continue;
		printf(" --no-%s", o->long_name);
	}
	putchar('\n');
	exit(0);
}

/*
 * --git-completion-table: the option table for zsh and fish, one option a
 * line, five tab-separated fields: the long name, the short one (either
 * may be empty), how it takes a value ("flag": none, "value": required,
 * "optional": only as --long=value, "list": required and repeatable), the
 * value's placeholder ("" for a flag) and the help text.
 */
static void completion_table(const struct option *options)
{
	for (const struct option *o = options; o->type != OPTION_END; o++) {
		const char *kind = "flag";
		char short_name[2] = { (char)o->short_name, 0 };

		if (o->type == OPTION_GROUP || (o->flags & PARSE_OPT_HIDDEN))
			continue;
		if (takes_value(o))
			kind = o->flags & PARSE_OPT_OPTARG ? "optional" :
			       o->type == OPTION_STRING_LIST ? "list" : "value";
		printf("%s\t%.1s\t%s\t%s\t%s\n", o->long_name ? o->long_name : "",
		       short_name, kind, takes_value(o) ? o->argh : "", o->help);
	}
	exit(0);
}

/* "git foo [<options>]" names the man page "git-foo". */
static void show_man_page(const char *const *usagestr, const struct option *options)
{
	char page[64];
	const char *u = usagestr[0];
	size_t n = strcspn(u + 4, " ");

	if (!strncmp(u, "git ", 4) && n < sizeof(page) - 5) {
		snprintf(page, sizeof(page), "git-%.*s", (int)n, u + 4);
		fflush(stdout);
		execlp("man", "man", page, (char *)NULL);
	}
	print_usage(stdout, usagestr, options);
	exit(0);
}

static int opt_error(const struct option *o, int as_short, const char *msg)
{
	if (as_short)
		return error("switch `%c' %s", o->short_name, msg);
	return error("option `%s' %s", o->long_name, msg);
}

/* Whether v lies in the option's range; an error naming v when not. */
static int check_range(const struct option *o, int as_short, double v)
{
	int above = o->flags & PARSE_OPT_ABOVE_MIN;
	struct strbuf msg = STRBUF_INIT;
	int ret = 0;

	if (!(o->flags & PARSE_OPT_RANGE))
		return 0;
	if ((above ? v > o->min : v >= o->min) && v <= o->max)
		return 0;
	strbuf_addf(&msg, "must be %s %.15g", above ? "above" : "at least", o->min);
	if (!isinf(o->max))
		strbuf_addf(&msg, " and at most %.15g", o->max);
	strbuf_addf(&msg, ", not %.15g", v);
	ret = opt_error(o, as_short, msg.buf);
	strbuf_release(&msg);
	return ret;
}

static int set_value(const struct option *o, const char *arg, int unset, int as_short)
{
	char *end;

	if (o->type == OPTION_CALLBACK)
		return o->callback(o, arg, unset);
	if (unset) {
		switch (o->type) {
		case OPTION_BOOL: *(int *)o->value = 0; break;
		case OPTION_STRING: *(const char **)o->value = NULL; break;
		case OPTION_STRING_LIST: strvec_clear(o->value); break;
		case OPTION_INTEGER:
		case OPTION_DOUBLE:
			if (o->negated)
				break;
			/* fall through */
		default: return opt_error(o, as_short, "takes no --no- form");
		}
		if (o->negated)
			*o->negated = 1;
		return 0;
	}
	/* a list's values add to the default that --no- asked for */
	if (o->negated && o->type != OPTION_STRING_LIST)
		*o->negated = 0;
	switch (o->type) {
	case OPTION_BOOL:
		*(int *)o->value = 1;
		return 0;
	case OPTION_STRING:
		*(const char **)o->value = arg;
		return 0;
	case OPTION_STRING_LIST:
		strvec_push(o->value, arg);
		return 0;
	case OPTION_INTEGER: {
		long v;

		errno = 0;
		v = strtol(arg, &end, 10);
		if (errno || end == arg || *end || v < -2147483647L || v > 2147483647L)
			return opt_error(o, as_short, "expects an integer value");
		*(int *)o->value = (int)v;
		return 0;
	}
	case OPTION_DOUBLE: {
		double v;

		if (number_parse_decimal(arg, &v))
			return opt_error(o, as_short, "expects a numerical value");
		if (check_range(o, as_short, v))
			return -1;
		*(double *)o->value = v;
		return 0;
	}
	default:
		return opt_error(o, as_short, "is not handled");
	}
}

/* Apply the long option o (negated when unset) to argv[*i]. */
static int apply_long(int argc, const char **argv, int *i, const struct option *o,
		      int unset, const char *eq)
{
	if (unset) {
		if (o->flags & PARSE_OPT_NONEG)
			return error("option `%s' takes no --no- form", o->long_name);
		if (eq)
			return error("option `no-%s' takes no value", o->long_name);
		return set_value(o, NULL, 1, 0);
	}
	if (!takes_value(o)) {
		if (eq)
			return error("option `%s' takes no value", o->long_name);
		return set_value(o, NULL, 0, 0);
	}
	if (eq)
		return set_value(o, eq + 1, 0, 0);
	if (o->flags & PARSE_OPT_OPTARG)
		return set_value(o, NULL, 0, 0);
	if (*i + 1 >= argc)
		return error("option `%s' requires a value", o->long_name);
	return set_value(o, argv[++*i], 0, 0);
}

/* "did you mean --x?" for a mistyped long option, from the table's names. */
static void suggest_option(const char *name, size_t len, const struct option *options)
{
	char *typed = xstrndup(name, len);
	const char **names;
	size_t nr = 0;

	for (const struct option *o = options; o->type != OPTION_END; o++)
		nr++;
	names = xcalloc(nr + 1, sizeof(*names));
	nr = 0;
	for (const struct option *o = options; o->type != OPTION_END; o++)
		if (o->long_name && !(o->flags & PARSE_OPT_HIDDEN))
			names[nr++] = o->long_name;
	advise_did_you_mean(typed, names, nr, "--");
	free(names);
	free(typed);
}

/*
 * Handle argv[*i] as a long option; may consume argv[*i + 1]. As in git,
 * an exact name wins, else any unique prefix of a name (or of its --no-
 * form) stands for it; an ambiguous prefix is an error naming the
 * candidates.
 */
static int parse_long(int argc, const char **argv, int *i, const struct option *options)
{
	const char *name = argv[*i] + 2;
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct option *abbrev[8];
	int abbrev_unset[8], nr = 0;

	for (const struct option *o = options; o->type != OPTION_END; o++) {
		size_t olen;

		if (!o->long_name)
			continue;
		olen = strlen(o->long_name);
		for (int unset = 0; unset < 2; unset++) {
			const char *n = name + 3 * unset;
			size_t l = len - 3 * unset;

			if (unset && (len < 3 || strncmp(name, "no-", 3)))
				break;
			if (strncmp(o->long_name, n, l) || l > olen)
				continue;
			if (l == olen)
				return apply_long(argc, argv, i, o, unset, eq);
			if (l && nr < (int)ARRAY_SIZE(abbrev)) {
				abbrev_unset[nr] = unset;
				abbrev[nr++] = o;
			}
		}
	}
	if (nr == 1)
		return apply_long(argc, argv, i, abbrev[0], abbrev_unset[0], eq);
	if (nr > 1) {
		struct strbuf sb = STRBUF_INIT;

		for (int k = 0; k < nr; k++)
			strbuf_addf(&sb, "%s--%s%s", !k ? "" : k == nr - 1 ? " or " : ", ",
				    abbrev_unset[k] ? "no-" : "", abbrev[k]->long_name);
		error("ambiguous option: %.*s (could be %s)", (int)len, name, sb.buf);
		strbuf_release(&sb);
		return -1;
	}
	error("unknown option `%.*s'", (int)len, name);
	suggest_option(name, len, options);
	return -1;
}

/* Handle argv[*i] as one or more bundled short options. */
static int parse_short(int argc, const char **argv, int *i, const struct option *options)
{
	for (const char *p = argv[*i] + 1; *p; p++) {
		const struct option *o;

		for (o = options; o->type != OPTION_END; o++)
			if (o->short_name == *p)
				break;
		if (o->type == OPTION_END)
			return error("unknown switch `%c'", *p);
		if (!takes_value(o) || (o->flags & PARSE_OPT_OPTARG)) {
			if (set_value(o, NULL, 0, 1))
				return -1;
			continue;
		}
		if (p[1])
			return set_value(o, p + 1, 0, 1);
		if (*i + 1 >= argc)
			return opt_error(o, 1, "requires a value");
		return set_value(o, argv[++*i], 0, 1);
	}
	return 0;
}

int parse_options(int argc, const char **argv, const struct option *options,
		  const char *const *usagestr, int flags)
{
	int out = 0;
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		int ret;

		if (arg[0] != '-' || !arg[1]) {
			if (flags & PARSE_OPT_STOP_AT_NON_OPTION)
				break;
			argv[out++] = arg;
			continue;
		}
		if (!strcmp(arg, "--")) {
			if (flags & PARSE_OPT_KEEP_DASHDASH)
				argv[out++] = arg;
			i++;
			break;
		}
		if (!strcmp(arg, "-h")) {
			print_usage(stdout, usagestr, options);
			exit(EXIT_USAGE);
		}
		if (!strcmp(arg, "--help"))
			show_man_page(usagestr, options);
		if (!strcmp(arg, "--git-completion-helper"))
			completion_helper(options);
		if (!strcmp(arg, "--git-completion-table"))
			completion_table(options);
		ret = arg[1] == '-' ? parse_long(argc, argv, &i, options)
				    : parse_short(argc, argv, &i, options);
		if (ret)
			usage_with_options(usagestr, options);
	}
	while (i < argc)
		argv[out++] = argv[i++];
	argv[out] = NULL;
	return out;
}
