#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/date.h"
#include "util/quote.h"
#include "util/number.h"
#include "report/window-text.h"
#include "report/scan-text.h"

/* "platform" or "platform:kernel", escaped for the terminal; the caller frees it. */
static char *series_name(const struct series *s)
{
	char *platform = xstrdup(quote_term(s->platform)), *name;

	if (!s->kernel)
		return platform;
	name = xstrfmt("%s:%s", platform, quote_term(s->kernel));
	free(platform);
	return name;
}

static void print_names(FILE *fp, const char *what, const char **names, size_t nr)
{
	if (!nr)
		return;
	fprintf(fp, "; %s ", what);
	window_print_names(fp, names, nr);
}

/*
 * A note under entry i's row for each sparse kernel whose move distorts
 * its window (once for a step and a kernel-list change on one night).
 */
static void print_sparse(FILE *fp, const struct scan *sc, size_t entry)
{
	const struct scan_entry *e = &sc->entries[entry];
	char good[16], since[16];

	for (size_t i = 0; !scan_entry_repeats(sc, entry) && i < e->nr_sparse; i++) {
		const struct sparse_kernel *k = &e->sparse[i];

		if (!sparse_kernel_matters(k, sc->noise_multiple, sc->min_change))
			continue;
		fprintf(fp, "%12snote: kernel '%s' was not measured on %s: its %+.1f%% since %s belongs to a wider window\n",
			"", quote_term(k->kernel),
			format_day(good, e->series->points[e->good].run->time), number_tidy(k->change_pct, 1),
			format_day(since, e->series->points[k->since].run->time));
	}
}

static void print_count(FILE *fp, const struct scan_entry *e, size_t n, int width)
{
	if (e->counted)
		fprintf(fp, "  %*zu", width, n);
	else
		fprintf(fp, "  %*s", width, "?");
}

/*
 * An entry's change and its multiple of the standard error ("-" for a
 * kernel-list change), as the columns print them; each buffer holds 64.
 */
static void format_change_z(const struct scan_entry *e, char *change, char *z)
{
	if (e->kind != SCAN_KERNEL_SET) {
		snprintf(change, 64, "%+.1f%%", number_tidy(e->step.change_pct, 1));
		snprintf(z, 64, "%.1fx", e->step.z);
	} else {
		snprintf(change, 64, "%+.1f%%", number_tidy(e->set_change.plain_change_pct, 1));
		strcpy(z, "-");
	}
}

void scan_print_counts(FILE *fp, const struct scan *sc)
{
	size_t nr_sets = sc->nr_entries - sc->nr_steps - sc->nr_undecided;

	fprintf(fp, "%zu step%s, %zu kernel-list change%s", sc->nr_steps,
		sc->nr_steps == 1 ? "" : "s", nr_sets, nr_sets == 1 ? "" : "s");
	if (sc->nr_undecided)
		fprintf(fp, ", %zu undecided", sc->nr_undecided);
}

void scan_print(FILE *fp, const struct scan *sc)
{
	int width = 8, change_width = 7, z_width = 6;
	char d1[32], d2[32], change[64], z[64];

	size_t nr_platforms = scan_nr_platforms(sc), nr_kernels = scan_nr_kernel_series(sc);

	for (size_t i = 0; i < sc->nr_series; i++) {
		char *name = series_name(&sc->series[i]);

		if ((int)strlen(name) > width && !scan_skipped(sc, sc->series[i].platform))
			width = (int)strlen(name);
		free(name);
	}
	fprintf(fp, "scan of %zu platform%s", nr_platforms, nr_platforms == 1 ? "" : "s");
	if (nr_kernels)
		fprintf(fp, " and %zu kernel series", nr_kernels);
	fprintf(fp, ", %s .. %s: ", format_range_start(d1, sc->since),
		format_range_end(d2, sc->until));
	if (!sc->nr_entries) {
		fputs("no step beyond the noise\n", fp);
		return;
	}
	for (size_t i = 0; i < sc->nr_entries; i++) {
		format_change_z(&sc->entries[i], change, z);
		if ((int)strlen(change) > change_width)
			change_width = (int)strlen(change);
		if ((int)strlen(z) > z_width)
			z_width = (int)strlen(z);
	}
	scan_print_counts(fp, sc);
	fputs("\n\n", fp);
	/* "x se": the change in its standard errors, the decision's z (see step.h) */
	fprintf(fp, "%-10s  %-*s  %*s  %*s  %7s  %5s  %s\n", "first bad", width, "platform",
		change_width, "change", z_width, "x se", "commits", "slice", "what");
	for (size_t i = 0; i < sc->nr_entries; i++) {
		const struct scan_entry *e = &sc->entries[i];

		char *name = series_name(e->series);

		fprintf(fp, "%-10s  %-*s", format_day(d1, e->series->points[e->bad].run->time),
			width, name);
		free(name);
		format_change_z(e, change, z);
		fprintf(fp, "  %*s  %*s", change_width, change, z_width, z);
		print_count(fp, e, e->nr_commits, 7);
		print_count(fp, e, e->nr_slice, 5);
		if (e->kind == SCAN_STEP && e->step.drift) {
			fprintf(fp, "  drift since %s over %zu nightlies\n",
				format_day(d2, e->series->points[e->good].run->time), e->index - e->good);
		} else if (e->kind != SCAN_KERNEL_SET) {
			fprintf(fp, "  %s since %s\n", e->kind == SCAN_STEP ? "step" : "undecided",
				format_day(d2, e->series->points[e->good].run->time));
		} else {
			fputs("  kernel list", fp);
			print_names(fp, "gone", e->set_change.gone, e->set_change.nr_gone);
			print_names(fp, "added", e->set_change.added, e->set_change.nr_added);
			fputc('\n', fp);
		}
		print_sparse(fp, sc, i);
	}
}
