/* git benchbisect --scan's outputs: text, JSON, Markdown. */
#include <stdlib.h>
#include "util/date.h"
#include "util/markup.h"
#include "report/window-markdown.h"
#include "report/scan-json.h"
#include "classify/classify-markdown.h"
#include "classify/classify-scan.h"

/* "<n> moves: 1 real regression, 2 noise" (causes in the rules' order), or that none moved. */
static void summary(struct strbuf *sb, const struct classify_scan *cs)
{
	const char *sep = ": ";

	if (!cs->nr) {
		strbuf_addstr(sb, "no step beyond the noise");
		return;
	}
	strbuf_addf(sb, "%zu move%s", cs->nr, cs->nr == 1 ? "" : "s");
	for (int c = 0; c < CAUSE_NR; c++) {
		if (!cs->nr_cause[c])
			continue;
		strbuf_addf(sb, "%s%zu %s", sep, cs->nr_cause[c], cause_titles[c]);
		sep = ", ";
	}
}

/* "<n> platform(s), <since> .. <until>: <summary>" */
static void title(struct strbuf *sb, const struct classify_scan *cs)
{
	const struct scan *sc = &cs->scan;
	size_t nr_platforms = scan_nr_platforms(sc);
	char d1[16], d2[16];

	strbuf_addf(sb, "%zu platform%s, %s .. %s: ", nr_platforms,
		    nr_platforms == 1 ? "" : "s", format_day(d1, sc->since),
		    format_day(d2, sc->until - 1));
	summary(sb, cs);
}

void classify_scan_print(FILE *fp, const struct classify_scan *cs, int color)
{
	struct strbuf sb = STRBUF_INIT;

	title(&sb, cs);
	fprintf(fp, "classified scan of %s\n", sb.buf);
	strbuf_release(&sb);
	for (size_t i = 0; i < cs->nr; i++) {
		const struct classify_scan_step *st = &cs->steps[i];

		fputc('\n', fp);
		classify_print(fp, &st->res, &st->w, &st->wo, color);
	}
}

cJSON *classify_scan_json(const struct classify_scan *cs)
{
	cJSON *steps, *root = scan_json_envelope(&cs->scan, &steps);

	for (size_t i = 0; i < cs->nr; i++)
		cJSON_AddItemToArray(steps, classify_json(&cs->steps[i].res, &cs->steps[i].w,
							  &cs->steps[i].wo));
	return root;
}

/* One row of the summary table: day, platform, change, cause, culprit (or how many candidates). */
static void table_row(struct strbuf *sb, const struct classify_scan_step *st, const char *link_base)
{
	const struct scan_entry *e = st->entry;
	char day[16];

	strbuf_addf(sb, "| %s | ", format_day(day, e->series->points[e->index].run->time));
	markdown_escape(sb, e->series->platform);
	strbuf_addf(sb, " | %+.1f%% | %s | ", (e->kind == SCAN_STEP ? e->step.change_pct :
					       e->set_change.plain_change_pct) + 0.0,
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
	title(&sb, cs);
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
