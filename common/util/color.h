#ifndef UTIL_COLOR_H
#define UTIL_COLOR_H

#include <stdio.h>
#include "util/config.h"

#define COLOR_RESET "\033[m"
#define COLOR_BOLD "\033[1m"
#define COLOR_RED "\033[31m"
#define COLOR_GREEN "\033[32m"
#define COLOR_YELLOW "\033[33m"
#define COLOR_CYAN "\033[36m"
#define COLOR_DIM "\033[2m"

/* COLOR_UNSET: no --color given, the configuration decides (color_config()). */
enum color_mode { COLOR_UNSET = -2, COLOR_AUTO = -1, COLOR_NEVER = 0, COLOR_ALWAYS = 1 };

struct option;
/* parse-options callback for --color[=<when>]; value is an int * (enum color_mode). */
int parse_opt_color(const struct option *opt, const char *arg, int unset);

/* The --color[=<when>] entry of an option table (needs parse-options.h). */
#define OPT_COLOR(v) { OPTION_CALLBACK, 0, "color", (v), "when", \
	"colour the output: always, never or auto (default)", PARSE_OPT_OPTARG, parse_opt_color }

/*
 * As git's colorbool: a color.* value is always, never, auto, or a boolean
 * where true means auto. Resolve *mode, --color's word or COLOR_UNSET:
 * unset, it becomes color.<cmd> (cmd_key), else color.ui, else auto.
 * Returns 0, or -1 with an error naming a key of color.ui, cmd_key and
 * color.pager that holds no such value (the caller dies, as git does).
 */
int color_config(int *mode, struct config *cfg, const char *cmd_key);

/*
 * Whether to colour stdout in mode, as color_config() resolved it: auto
 * colours a tty with TERM not "dumb", or a pager unless color.pager says
 * no (cfg may be NULL).
 */
int want_color(int mode, struct config *cfg);

/* Wrap s in color when on is set; returns s or the colour code. */
const char *color_on(int on, const char *color);
const char *color_off(int on);


/* 1 when the locale's character set is UTF-8 (for sparklines). */
int locale_is_utf8(void);

#endif
