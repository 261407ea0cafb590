#ifndef HISTORY_WINDOW_STEP_TEXT_H
#define HISTORY_WINDOW_STEP_TEXT_H

#include "history/window.h"

/* How the text and Markdown reports and the chart word the window's step. */

/*
 * The days of the step's last good and first bad nightlies into d1, d2;
 * 0 when the window has no step boundary (nothing is written then).
 */
int window_step_days(const struct window *w, char d1[16], char d2[16]);

/* "persistent", "reverts" or why it cannot tell, as the terminal report says it. */
const char *window_step_persistence(const struct step *st);

/*
 * The fewest and most kernels of the nightlies the outputs show
 * (first_shown .. end_shown): the one source of the kernel count in every
 * caption and title, so they agree with the rows beneath them.
 */
void window_kernels_shown(const struct window *w, size_t *lo, size_t *hi);

/*
 * "geomean over 3 kernels", or "geomean over 3-5 kernels" when the list
 * changed within the nightlies shown; with note, that case adds
 * " (chain-linked: a kernel joining or leaving does not move it)". A
 * static buffer, overwritten by the next call.
 */
const char *window_kernels_caption(const struct window *w, int note);

#endif
