/*
 * The dashboard loader, both schemas, through its public entry points:
 * whatever the bytes, dashboard_parse() and dashboard_parse_filtered()
 * return 0 or -1 (never crash, leak or read out of bounds), and a parsed
 * dashboard's rows hold what the header promises.
 */
#include <math.h>
#include <stdlib.h>
#include "dashboard/dashboard.h"
#include "report/dashboard-text.h"
#include "fuzz.h"

/* What --list-platforms and --list-kernels print. */
static void print_names(const struct dashboard *d, const char *platform)
{
	const char **names;
	size_t nr = dashboard_names(d, platform, &names);

	dashboard_print_names(stdout, names, nr);
	free(names);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dashboard d;
	const char *platform;
	int ret;

	dashboard_init(&d);
	fuzz_quiet();
	ret = dashboard_parse(&d, (const char *)data, size, "fuzz.json");
	if (!ret) {
		for (size_t i = 0; i < d.nr_rows; i++) {
			const struct dash_row *r = &d.rows[i];

			if (!r->kernel || !r->platform_short || !r->platform)
				abort();
			for (size_t j = 0; j < r->nr_history; j++) {
				const struct dash_entry *e = &r->history[j];

				if (!e->run_id || !e->sha || !e->date || !e->branch)
					abort();
				if (e->helion_wins > DASH_MAX_COUNT || e->total > DASH_MAX_COUNT ||
				    (e->total >= 0 && e->helion_wins > e->total))
					abort();	/* counts are validated at the edge */
				if (e->helion < DASH_METRIC_MIN || e->helion > DASH_METRIC_MAX ||
				    e->latency < DASH_METRIC_MIN || e->latency > DASH_METRIC_MAX)
					abort();	/* metrics: in range, or NAN (!(NAN < x)) */
				if (j && e->time < r->history[j - 1].time)
					abort();	/* promised ascending */
			}
		}
		print_names(&d, NULL);
		if (d.nr_rows)
			print_names(&d, d.rows[0].platform_short);
	} else if (ret != -1) {
		abort();
	}
	/*
	 * The filtered loads walk the document their own ways (a platform
	 * whole, the others placed by date or only delimited, names only,
	 * helion only): each must fail or succeed as cleanly.
	 */
	platform = ret || !d.nr_rows ? "h100" : d.rows[0].platform_short;
	for (int i = 0; i < 4; i++) {
		struct dashboard_filter f = DASHBOARD_FILTER_INIT;
		struct dashboard fd;
		int r;

		f.platform = i < 3 ? platform : NULL;
		f.others_window = i == 0;
		f.others_from = 1788000000;	/* 2026-08 */
		f.others_to = 1790000000;
		f.helion_only = i == 1 || i == 3;
		f.names_only = i == 2;
		f.keep_going = i == 3;	/* a --scan's: a row that fails keeps its names */
		dashboard_init(&fd);
		r = dashboard_parse_filtered(&fd, (const char *)data, size, "fuzz.json", &f);
		if (r != 0 && r != -1)
			abort();
		for (size_t k = 0; !r && k < fd.nr_rows; k++)
			if (fd.rows[k].error && (fd.rows[k].nr_history || fd.rows[k].history_loaded))
				abort();
		if (i == 3 && !ret && !r)
			for (size_t k = 0; k < fd.nr_rows; k++)
				if (fd.rows[k].error)
					abort();	/* what loads whole has no row to fail */
		dashboard_release(&fd);
	}
	fuzz_loud();
	dashboard_release(&d);
	return 0;
}
