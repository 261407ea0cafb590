#include "util/date.h"
#include "report/classify-text.h"
#include "report/classify-scan-text.h"

/* cause_titles[] counted more than once */
static const char *const cause_plurals[CAUSE_NR] = {
	"real regressions", "benchmark method changes", "hardware issues", "noise", "undecided"
};

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
		strbuf_addf(sb, "%s%zu %s", sep, cs->nr_cause[c],
			    (cs->nr_cause[c] == 1 ? cause_titles : cause_plurals)[c]);
		sep = ", ";
	}
}

void classify_scan_title(struct strbuf *sb, const struct classify_scan *cs)
{
	const struct scan *sc = &cs->scan;
	size_t nr_platforms = scan_nr_platforms(sc);
	char d1[32], d2[32];

	strbuf_addf(sb, "%zu platform%s, %s .. %s: ", nr_platforms,
		    nr_platforms == 1 ? "" : "s", format_range_start(d1, sc->since),
		    format_range_end(d2, sc->until));
	summary(sb, cs);
}

void classify_scan_print(FILE *fp, const struct classify_scan *cs, int color)
{
	struct strbuf sb = STRBUF_INIT;

	classify_scan_title(&sb, cs);
	fprintf(fp, "classified scan of %s\n", sb.buf);
	strbuf_release(&sb);
	for (size_t i = 0; i < cs->nr; i++) {
		const struct classify_scan_step *st = &cs->steps[i];

		fputc('\n', fp);
		classify_print(fp, &st->res, &st->w, &st->wo, color);
	}
}
