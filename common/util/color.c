#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/parse-options.h"
#include "util/color.h"
#include "util/pager.h"

static int parse_color_word(const char *s)
{
	if (!strcasecmp(s, "always") || !strcasecmp(s, "true") || !strcasecmp(s, "yes") ||
	    !strcasecmp(s, "on"))
		return COLOR_ALWAYS;
	if (!strcasecmp(s, "never") || !strcasecmp(s, "false") || !strcasecmp(s, "no") ||
	    !strcasecmp(s, "off"))
		return COLOR_NEVER;
	if (!strcasecmp(s, "auto"))
		return COLOR_AUTO;
	return -2;
}

int parse_opt_color(const struct option *opt, const char *arg, int unset)
{
	int mode = unset ? COLOR_NEVER : arg ? parse_color_word(arg) : COLOR_ALWAYS;

	if (mode == -2)
		return error("option `color' expects \"always\", \"auto\", or \"never\", not '%s'", arg);
	*(int *)opt->value = mode;
	return 0;
}

int want_color(int mode, struct config *cfg, const char *cmd_key)
{
	if (mode == COLOR_AUTO && cfg) {
		const char *v = cmd_key ? config_get_string(cfg, cmd_key) : NULL;

		if (!v)
			v = config_get_string(cfg, "color.ui");
		if (v && parse_color_word(v) != -2)
			mode = parse_color_word(v);
	}
	if (mode == COLOR_AUTO) {
		const char *term = getenv("TERM");
		int pager_color = 1;

		/* As in git: a pager shows colour unless color.pager says no. */
		if (pager_in_use() && cfg && config_get_bool(cfg, "color.pager", &pager_color) < 0)
			pager_color = 1;
		return (isatty(1) || (pager_in_use() && pager_color)) &&
		       (!term || strcmp(term, "dumb"));
	}
	return mode == COLOR_ALWAYS;
}

const char *color_on(int on, const char *color)
{
	return on ? color : "";
}

const char *color_off(int on)
{
	return on ? COLOR_RESET : "";
}

int locale_is_utf8(void)
{
	static int cached = -1;

	if (cached < 0) {
		const char *cs;

		setlocale(LC_CTYPE, "");
		cs = nl_langinfo(CODESET);
		cached = cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "utf8"));
	}
	return cached;
}
