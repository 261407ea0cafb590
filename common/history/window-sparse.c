#include "util/usage.h"
#include "util/date.h"
#include "util/quote.h"
#include "history/window.h"

/*
 * Only kernels whose move clears their own noise and the step's
 * thresholds are warned about (--json lists every one).
 * The listed window stays the nightly pair's, and the wider one is named:
 * the pair's commits hold the move of the kernels measured on both
 * nightlies; a sparse kernel's move needs its own window, and which of
 * the two the user asked about only they know.
 */
void window_warn_sparse(const struct window *w, const struct window_options *o)
{
	const struct series *s = &w->series;
	struct strbuf common = STRBUF_INIT;
	char since[16], good[16];

	if (o->good || !w->nr_sparse)
		return;
	quote_shell(&common, o->platform);
	strbuf_addch(&common, ' ');
	quote_shell(&common, o->date);
	format_day(good, s->points[w->step.last_good].run->time);
	for (size_t i = 0; i < w->nr_sparse; i++) {
		const struct sparse_kernel *k = &w->sparse[i];
		struct strbuf kernel = STRBUF_INIT, from = STRBUF_INIT, to = STRBUF_INIT;

		/* a move within the kernel's own noise distorts no window */
		if (!sparse_kernel_matters(k, w->step.noise_multiple, w->step.min_change))
			continue;

		quote_shell(&kernel, k->kernel);
		quote_shell(&from, s->points[k->since].run->sha);
		quote_shell(&to, s->points[w->step.first_bad].run->sha);
		warning("kernel '%s' was not measured on the last good nightly (%s): its %+.1f%% since its last measurement on %s belongs to a wider window",
			k->kernel, good, k->change_pct, format_day(since, s->points[k->since].run->time));
		advise("git benchwindow --kernel %s %s", kernel.buf, common.buf);
		advise("git benchwindow --good %s --bad %s %s", from.buf, to.buf, common.buf);
		strbuf_release(&kernel);
		strbuf_release(&from);
		strbuf_release(&to);
	}
	strbuf_release(&common);
}
