#include <stdlib.h>
#include "util/markup.h"
#include "report/window-markdown.h"
#include "report/window-wording.h"
#include "report/classify-text.h"
#include "report/classify-markdown.h"

static void heading(FILE *fp, const struct classify_result *r, const struct window *w,
		    const struct window_options *wo, int level)
{
	char date[32];

	fprintf(fp, "%.*s ", level, "######");
	markup_fputs(fp, wo->platform, markdown_escape);
	if (wo->kernel) {
		fputs(" (kernel ", fp);
		markup_fputs(fp, wo->kernel, markdown_escape);
		fputc(')', fp);
	}
	fprintf(fp, " on %s: %s\n\n", window_date_text(w, date), cause_titles[r->cause]);
}

static void verdict(FILE *fp, const struct classify_result *r, const struct window *w,
		    const char *link_base)
{
	fprintf(fp, "- **cause**: %s\n", cause_titles[r->cause]);
	if (r->culprit) {
		struct strbuf sb = STRBUF_INIT;

		window_markdown_sha(&sb, r->culprit->sha, link_base);
		fprintf(fp, "- **culprit**: %s ", sb.buf);
		markup_fputs(fp, r->culprit->subject, markdown_escape);
		fputs("\n  - ", fp);
		markup_fputs(fp, r->culprit_why.text, markdown_escape);
		fputc('\n', fp);
		strbuf_release(&sb);
	} else if (r->culprit_why.rule) {
		fputs("- **culprit**: none: ", fp);
		markup_fputs(fp, r->culprit_why.text, markdown_escape);
		fputc('\n', fp);
	}
	window_markdown_ends(fp, w, link_base);
	fputs("- **speedup**: ", fp);
	classify_print_speedups(fp, r, "–", "; ");
	markup_fputs(fp, r->truth_reason, markdown_escape);
	fputs("\n\nEvidence:\n\n", fp);
	for (size_t i = 0; i < r->evidence.nr; i++) {
		fputs("- ", fp);
		markup_fputs(fp, r->evidence.v[i], markdown_escape);
		fputc('\n', fp);
	}
	fputc('\n', fp);
}

void classify_markdown(FILE *fp, const struct classify_result *r, const struct window *w,
		       const struct window_options *wo, struct config *cfg)
{
	char *link_base = config_github_base_url(cfg);

	classify_markdown_report(fp, r, w, wo, link_base, 3);
	free(link_base);
}

void classify_markdown_report(FILE *fp, const struct classify_result *r, const struct window *w,
			      const struct window_options *wo, const char *link_base, int level)
{
	heading(fp, r, w, wo, level);
	verdict(fp, r, w, link_base);
	window_markdown_series(fp, w);
	if (r->nr_candidates) {
		fprintf(fp, "%s:\n\n", r->cause == CAUSE_METHOD_CHANGE ?
			"Commits that change the measurement" : "Candidates, ranked");
		for (size_t i = 0; i < r->nr_candidates; i++)
			window_markdown_commit(fp, r->candidates[i].commit, link_base,
					       r->candidates[i].why);
		fputc('\n', fp);
	}
	/* A real regression's candidates are the whole window already. */
	if (r->cause != CAUSE_REAL_REGRESSION || !r->nr_candidates)
		window_markdown_commits(fp, w, link_base, 0);
}
