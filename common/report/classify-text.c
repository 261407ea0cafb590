#include <math.h>
#include <stdio.h>
#include "util/quote.h"
#include "util/usage.h"
#include "util/color.h"
#include "report/window-text.h"
#include "report/window-wording.h"
#include "report/classify-text.h"

static const char *const cause_colors[CAUSE_NR] = {
	COLOR_RED, COLOR_YELLOW, COLOR_CYAN, COLOR_GREEN, COLOR_BOLD
};

static void print_speedup(FILE *fp, const char *label, double v, const char *dash, const char *sep)
{
	if (isnan(v))
		fprintf(fp, "%s %s%s", label, dash, sep);
	else
		fprintf(fp, "%s %.3f%s", label, v, sep);
}

void classify_print_speedups(FILE *fp, const struct classify_result *r, const char *dash,
			     const char *end)
{
	print_speedup(fp, "before", r->before, dash, ", ");
	print_speedup(fp, "after", r->after, dash, ", ");
	print_speedup(fp, "true", r->truth, dash, end);
}

void classify_print(FILE *fp, const struct classify_result *r, const struct window *w,
		    const struct window_options *wo, int color)
{
	struct window_print_options po = { color, 0, 0, r->abbrev, NULL };
	const char *list_title = r->cause == CAUSE_METHOD_CHANGE ? "measurement commits" :
		"candidates, ranked";
	char date[32];

	fprintf(fp, "%s", quote_term(wo->platform));
	if (wo->kernel)
		fprintf(fp, " (kernel %s)", quote_term(wo->kernel));
	fprintf(fp, " on %s: %s%s%s\n", window_date_text(w, date), color_on(color, cause_colors[r->cause]),
		cause_titles[r->cause], color_off(color));
	window_print_ends(fp, w, &po);
	fputs("\nevidence:\n", fp);
	for (size_t i = 0; i < r->evidence.nr; i++)
		fprintf(fp, "  %s\n", quote_term(r->evidence.v[i]));
	fputs("\nspeedup: ", fp);
	classify_print_speedups(fp, r, "-", "\n");
	fprintf(fp, "  %s\n", quote_term(r->truth_reason));
	if (r->culprit)
		fprintf(fp, "culprit: %.*s %s\n  %s\n", r->abbrev, r->culprit->sha,
			quote_term(r->culprit->subject), quote_term(r->culprit_why.text));
	else if (r->culprit_why.rule)
		fprintf(fp, "no culprit: %s\n", quote_term(r->culprit_why.text));
	if (r->nr_candidates) {
		fprintf(fp, "%s:\n", list_title);
		for (size_t i = 0; i < r->nr_candidates; i++)
			fprintf(fp, "  %.*s %-11s %s\n", r->abbrev, r->candidates[i].commit->sha,
				r->candidates[i].why, quote_term(r->candidates[i].commit->subject));
	}
}
