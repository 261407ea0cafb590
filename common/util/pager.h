#ifndef UTIL_PAGER_H
#define UTIL_PAGER_H

#include "util/config.h"

/*
 * A pager for long output, by git's rules. Only when standard output is a
 * terminal (so not under `git -p`, whose pager reads our output): the pager is $GIT_PAGER, else the string value of
 * pager.<cmd>, else core.pager, else $PAGER, else "less"; "" or "cat"
 * means none. It runs through sh with LESS=FRX and LV=-c unless those are
 * set; `git --no-pager` reaches the commands as GIT_PAGER=cat.
 *
 * pager.<cmd> as a boolean turns the pager on or off for cmd; unset,
 * default_on decides. Standard output (and standard error, if it is a
 * terminal) then go to the pager, which is waited for at exit.
 * Returns 0 (started or not needed) or -1 with an error printed.
 */
int pager_setup(struct config *cfg, const char *cmd, int default_on);

/* 1 when our output goes to a pager: ours, or git's (GIT_PAGER_IN_USE). */
int pager_in_use(void);

#endif
