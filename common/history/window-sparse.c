#include <stdlib.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/quote.h"
#include "util/number.h"
#include "dashboard/http.h"
#include "history/window.h"

/*
 * The options that chose the data the window was computed from, each
 * after a space: pasted without them, a hint would read another
 * dashboard, tab, span or set of runs. A URL is shown without its
 * credentials, as in every message.
 */
static void add_data_options(struct strbuf *sb, const struct window_options *o)
{
	if (o->source.file) {
		strbuf_addstr(sb, " --file ");
		quote_shell(sb, o->source.file);
	}
	if (o->source.url) {
		char *url = fetch_public_url(o->source.url);

		strbuf_addstr(sb, " --url ");
		quote_shell(sb, url);
		free(url);
	} else if (!o->source.file && o->source.default_url) {
		strbuf_addstr(sb, " --no-url");
	}
	if (o->source.pretuned)
		strbuf_addstr(sb, " --pretuned");
	if (o->span != WINDOW_DEFAULT_SPAN)
		strbuf_addf(sb, " --span %d", o->span);
	if (o->all_runs)
		strbuf_addstr(sb, " --all-runs");
}

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
	struct strbuf data = STRBUF_INIT, common = STRBUF_INIT;
	char since[16], good[16];

	if (o->good || !w->nr_sparse)
		return;
	add_data_options(&data, o);
	/* a platform named like an option is one only after "--" */
	if (*o->platform == '-')
		strbuf_addstr(&common, "-- ");
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
			k->kernel, good, number_tidy(k->change_pct, 1), format_day(since, s->points[k->since].run->time));
		advise("git benchwindow%s --kernel %s %s", data.buf, kernel.buf, common.buf);
		advise("git benchwindow%s --good %s --bad %s %s", data.buf, from.buf, to.buf, common.buf);
		strbuf_release(&kernel);
		strbuf_release(&from);
		strbuf_release(&to);
	}
	strbuf_release(&data);
	strbuf_release(&common);
}
