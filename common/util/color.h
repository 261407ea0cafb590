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

enum color_mode { COLOR_AUTO = -1, COLOR_NEVER = 0, COLOR_ALWAYS = 1 };

struct option;
/* parse-options callback for --color[=<when>]; value is an int * (enum color_mode). */
int parse_opt_color(const struct option *opt, const char *arg, int unset);

/* The --color[=<when>] entry of an option table (needs parse-options.h). */
#define OPT_COLOR(v) { OPTION_CALLBACK, 0, "color", (v), "when", \
	"colour the output: always, never or auto (default)", PARSE_OPT_OPTARG, parse_opt_color }

/*
 * Decide whether to colour stdout: --color wins, then color.<cmd> and
 * color.ui from cfg (cfg may be NULL), then "auto": colour only on a tty
 * with TERM not "dumb".
 */
int want_color(int mode, struct config *cfg, const char *cmd_key);

/* Wrap s in color when on is set; returns s or the colour code. */
const char *color_on(int on, const char *color);
const char *color_off(int on);


/* 1 when the locale's character set is UTF-8 (for sparklines). */
int locale_is_utf8(void);

#endif
