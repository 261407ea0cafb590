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

/* The words of --color and of a color.* value: always, never or auto (any case, as git). */
static int parse_color_word(const char *s, int *mode)
{
	if (!strcasecmp(s, "always"))
		*mode = COLOR_ALWAYS;
	else if (!strcasecmp(s, "never"))
		*mode = COLOR_NEVER;
	else if (!strcasecmp(s, "auto"))
		*mode = COLOR_AUTO;
	else
		return -1;
	return 0;
}

int parse_opt_color(const struct option *opt, const char *arg, int unset)
{
	int mode = unset ? COLOR_NEVER : COLOR_ALWAYS;

	/* As git's --color: only the three words; a boolean is for the configuration. */
	if (arg && parse_color_word(arg, &mode))
		return error("option `color' expects \"always\", \"auto\", or \"never\", not '%s'", arg);
	*(int *)opt->value = mode;
	return 0;
}

/*
 * git's colorbool: one of the three words, or a boolean where true means
 * auto (so `color.ui=true` colours a terminal only, never a pipe).
 */
static enum config_lookup config_get_colorbool(struct config *cfg, const char *key, int *mode)
{
	const char *v = config_get_string(cfg, key);
	enum config_lookup found;
	int b;

	if (!v)
		return CONFIG_UNSET;
	if (!parse_color_word(v, mode))
		return CONFIG_FOUND;
	found = config_get_bool(cfg, key, &b);
	if (found == CONFIG_FOUND)
		*mode = b ? COLOR_AUTO : COLOR_NEVER;
	return found;
}

int color_config(int *mode, struct config *cfg, const char *cmd_key)
{
	int from_ui = COLOR_AUTO, from_cmd = COLOR_UNSET, pager_color;

	/*
	 * Every key is checked whatever --color says, as git reads them all;
	 * color.pager is used by want_color() only under a pager.
	 */
	if (config_get_colorbool(cfg, "color.ui", &from_ui) == CONFIG_INVALID ||
	    config_get_colorbool(cfg, cmd_key, &from_cmd) == CONFIG_INVALID ||
	    config_get_bool(cfg, "color.pager", &pager_color) == CONFIG_INVALID)
		return -1;
	if (*mode == COLOR_UNSET)
		*mode = from_cmd != COLOR_UNSET ? from_cmd : from_ui;
	return 0;
}

int want_color(int mode, struct config *cfg)
{
	if (mode == COLOR_AUTO) {
		const char *term = getenv("TERM");
		int pager_color = 1;

		/* As in git: a pager shows colour unless color.pager says no. */
		if (pager_in_use() && cfg)
			config_get_bool(cfg, "color.pager", &pager_color);
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
