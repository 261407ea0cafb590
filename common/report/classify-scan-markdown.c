#include <stdlib.h>
#include "util/date.h"
#include "util/markup.h"
#include "util/number.h"
#include "report/window-markdown.h"
#include "report/scan-markdown.h"
#include "report/classify-markdown.h"
#include "report/classify-scan-text.h"
#include "report/classify-scan-markdown.h"

/* One row of the summary table: day, platform, change, cause, culprit (or how many candidates). */
static void table_row(struct strbuf *sb, const struct classify_scan_step *st, const char *link_base)
{
	const struct scan_entry *e = st->entry;
	char day[16];

	strbuf_addf(sb, "| %s | ", format_day(day, e->series->points[e->bad].run->time));
	scan_markdown_series(sb, e->series);
	strbuf_addf(sb, " | %+.1f%% | %s | ", number_tidy(e->kind != SCAN_KERNEL_SET ? e->step.change_pct :
						     e->set_change.plain_change_pct, 1),
		    cause_titles[st->res.cause]);
	if (st->res.culprit) {
		window_markdown_sha(sb, st->res.culprit->sha, link_base);
		strbuf_addch(sb, ' ');
		markdown_escape(sb, st->res.culprit->subject);
	} else if (st->res.nr_candidates) {
		/* no single commit: say how many the report below ranks */
		strbuf_addf(sb, "%zu candidate%s", st->res.nr_candidates,
			    st->res.nr_candidates == 1 ? "" : "s");
	}
	strbuf_addstr(sb, " |\n");
}

void classify_scan_markdown(FILE *fp, const struct classify_scan *cs, struct config *cfg)
{
	char *link_base = config_github_base_url(cfg);
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "### Benchmark scan, classified: ");
	classify_scan_title(&sb, cs);
	strbuf_addstr(&sb, "\n");
	if (cs->nr)
		strbuf_addstr(&sb, "\n| first bad | platform | change | cause | culprit |\n"
			      "| --- | --- | ---: | --- | --- |\n");
	for (size_t i = 0; i < cs->nr; i++)
		table_row(&sb, &cs->steps[i], link_base);
	fputs(sb.buf, fp);
	/* each report ends with a blank line */
	for (size_t i = 0; i < cs->nr; i++) {
		if (!i)
			fputc('\n', fp);
		classify_markdown_report(fp, &cs->steps[i].res, &cs->steps[i].w, &cs->steps[i].wo,
					 link_base, 4);
	}
	strbuf_release(&sb);
	free(link_base);
}
