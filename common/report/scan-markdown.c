#include <stdlib.h>
#include "util/date.h"
#include "util/markup.h"
#include "util/strbuf.h"
#include "util/number.h"
#include "report/window-markdown.h"
#include "report/scan-text.h"
#include "report/scan-markdown.h"

static void add_count(struct strbuf *sb, const struct scan_entry *e, size_t n)
{
	if (e->counted)
		strbuf_addf(sb, " %zu |", n);
	else
		strbuf_addstr(sb, " ? |");
}

static void add_names(struct strbuf *sb, const char *what, const char **names, size_t nr)
{
	if (!nr)
		return;
	strbuf_addf(sb, "; %s ", what);
	window_markdown_names(sb, names, nr);
}

void scan_markdown_series(struct strbuf *sb, const struct series *s)
{
	markdown_escape(sb, s->platform);
	if (s->kernel) {
		strbuf_addch(sb, ':');
		markdown_escape(sb, s->kernel);
	}
}

static void add_row(struct strbuf *sb, const struct scan_entry *e, const char *link_base)
{
	const struct series *s = e->series;
	char d1[16], d2[16];

	strbuf_addf(sb, "| %s | ", format_day(d1, s->points[e->bad].run->time));
	scan_markdown_series(sb, s);
	if (e->kind != SCAN_KERNEL_SET)
		strbuf_addf(sb, " | %+.1f%% | %.1fx |", number_tidy(e->step.change_pct, 1), e->step.z);
	else
		strbuf_addf(sb, " | %+.1f%% | - |", number_tidy(e->set_change.plain_change_pct, 1));
	add_count(sb, e, e->nr_commits);
	add_count(sb, e, e->nr_slice);
	strbuf_addch(sb, ' ');
	window_markdown_sha(sb, e->last_good.resolved ? e->last_good.sha : s->points[e->good].run->sha,
			    e->last_good.resolved ? link_base : NULL);
	strbuf_addstr(sb, "..");
	window_markdown_sha(sb, e->first_bad.resolved ? e->first_bad.sha : s->points[e->bad].run->sha,
			    e->first_bad.resolved ? link_base : NULL);
	if (e->kind != SCAN_KERNEL_SET) {
		strbuf_addf(sb, " | %s since %s",
			    e->kind == SCAN_UNDECIDED ? "undecided" : e->step.drift ? "drift" : "step",
			    format_day(d2, s->points[e->good].run->time));
		if (e->step.drift)
			strbuf_addf(sb, " over %zu nightlies", e->index - e->good);
		strbuf_addstr(sb, " |\n");
		return;
	}
	strbuf_addstr(sb, " | kernel list");
	add_names(sb, "gone", e->set_change.gone, e->set_change.nr_gone);
	add_names(sb, "added", e->set_change.added, e->set_change.nr_added);
	strbuf_addstr(sb, " |\n");
}

/*
 * Under the table, a list item for each sparse kernel whose move distorts
 * its window (once for a step and a kernel-list change on one night).
 */
static void add_sparse(struct strbuf *sb, const struct scan *sc)
{
	const char *sep = "\n";
	char day[16];

	for (size_t i = 0; i < sc->nr_entries; i++) {
		const struct scan_entry *e = &sc->entries[i];

		for (size_t j = 0; !scan_entry_repeats(sc, i) && j < e->nr_sparse; j++) {
			if (!sparse_kernel_matters(&e->sparse[j], sc->noise_multiple, sc->min_change))
				continue;
			strbuf_addf(sb, "%s- **sparse kernel**, ", sep);
			sep = "";
			markdown_escape(sb, e->series->platform);
			strbuf_addf(sb, " on %s: ", format_day(day, e->series->points[e->bad].run->time));
			window_markdown_sparse(sb, e->series, e->good, e->bad, &e->sparse[j]);
			strbuf_addch(sb, '\n');
		}
	}
}

void scan_markdown(FILE *fp, const struct scan *sc, struct config *cfg)
{
	size_t nr_platforms = scan_nr_platforms(sc);
	char *link_base = config_github_base_url(cfg);
	struct strbuf sb = STRBUF_INIT;
	char d1[32], d2[32];

	fprintf(fp, "### Benchmark scan, %s .. %s: ", format_range_start(d1, sc->since),
		format_range_end(d2, sc->until));
	if (!sc->nr_entries) {
		fprintf(fp, "no step beyond the noise on %zu platform%s\n", nr_platforms,
			nr_platforms == 1 ? "" : "s");
		free(link_base);
		return;
	}
	scan_print_counts(fp, sc);
	fprintf(fp, " on %zu platform%s\n\n", nr_platforms, nr_platforms == 1 ? "" : "s");
	fputs("| first bad | platform | change | x se | commits | slice | window | what |\n"
	      "| --- | --- | ---: | ---: | ---: | ---: | --- | --- |\n", fp);
	for (size_t i = 0; i < sc->nr_entries; i++)
		add_row(&sb, &sc->entries[i], link_base);
	add_sparse(&sb, sc);
	fputs(sb.buf, fp);
	strbuf_release(&sb);
	free(link_base);
}
