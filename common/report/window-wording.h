#ifndef REPORT_WINDOW_WORDING_H
#define REPORT_WINDOW_WORDING_H

#include "util/strbuf.h"
#include "history/window.h"

/*
 * How the reports word the window, its date and its step: the
 * terminal's text, the Markdown report and the chart say the same
 * sentences (rich: "×" and "→" for the Markdown and the chart, "x" and
 * "->" for a terminal).
 */

/*
 * The date asked (w->date) into buf, as the reports print it: its day
 * when it named a whole day, else its time (ISO 8601, UTC). Returns buf.
 */
char *window_date_text(const struct window *w, char buf[32]);

/*
 * The days of the step's last good and first bad nightlies into d1, d2;
 * 0 when the window has no step boundary (nothing is written then).
 */
int window_step_days(const struct window *w, char d1[16], char d2[16]);

/*
 * The window with no nightly pair near its date (window_step_days() 0),
 * into sb: "no nightly boundary near 2026-09-02: no nightly pair, so no
 * level was measured", its first words between mark and unmark.
 */
void window_no_boundary_text(struct strbuf *sb, const struct window *w, const char *mark,
			     const char *unmark);

/* "persistent", "reverts" or why it cannot tell, as the terminal report says it. */
const char *window_step_persistence(const struct step *st);

/* "step", "drift", "undecided" or "no step": what the window's answer is. */
const char *window_step_kind(const struct step *st);

/*
 * The step after its nightly pair, into sb, the change between mark and
 * unmark (colour or emphasis; "" for none):
 * a step: "helion 1.503 -> 1.323 (-12.0% ± 0.3%; levels of 5 and 6
 * nightlies), 42.2x its standard error (noise 0.5% a night), persistent";
 * a step whose window holds a nightly that could be on either side of it
 * (a spike left out, or one near both levels) ends "...; 1 nightly
 * between could be on either side";
 * a drift: "over 19 nightlies, helion ...";
 * none: "moves +0.7% ± 0.5%, 1.4x its standard error (noise 0.8% a night),
 * within --min-change (a step needs 3.0x and 2.0%)"; a pair starting a dip
 * that reverts: "moves -15.1% ± 0.4%, ..., a dip that reverts: back at the
 * level before after 2 nightlies" (step_dip_text()).
 */
void window_step_text(struct strbuf *sb, const struct step *st, const char *mark,
		      const char *unmark, int rich);

/*
 * The date's own nightly pair that the step set aside (w->date_pair), into
 * sb: "2026-09-04 -> 2026-09-05 moves -4.4% ± 0.5%, 8.3x its standard error
 * (noise 0.5% a night), a one-night spike: back at the level before after
 * 1 nightly". Returns 0, writing nothing, when there is none.
 */
int window_date_pair_text(struct strbuf *sb, const struct window *w, int rich);

/*
 * The kernels that step on their own, into sb: "kernel_b -7.5% ± 0.6%
 * (12.0x its standard error, its noise 0.8% a night) 2026-02-25 ->
 * 2026-02-26, ..." (the move of the kernel's levels, as the platform's
 * step line gives its own),
 * each name through escape (the dashboard's names are untrusted).
 */
void window_kernel_steps_text(struct strbuf *sb, const struct window *w, int rich,
			      void (*escape)(struct strbuf *, const char *));

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
