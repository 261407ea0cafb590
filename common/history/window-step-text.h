#ifndef HISTORY_WINDOW_STEP_TEXT_H
#define HISTORY_WINDOW_STEP_TEXT_H

#include "history/window.h"

/* How the Markdown report and the chart word the window's step. */

/*
 * The days of the step's last good and first bad nightlies into d1, d2;
 * 0 when the window has no step boundary (nothing is written then).
 */
int window_step_days(const struct window *w, char d1[16], char d2[16]);

/* "persistent", "reverts" or why it cannot tell, as the terminal report says it. */
const char *window_step_persistence(const struct step *st);

#endif
