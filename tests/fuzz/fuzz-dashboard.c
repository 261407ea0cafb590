/*
 * The dashboard loader, both schemas, through its public entry point:
 * whatever the bytes, dashboard_parse() returns 0 or -1 (never crashes,
 * leaks or reads out of bounds), and a parsed dashboard's rows hold what
 * the header promises.
 */
#include <math.h>
#include "dashboard/dashboard.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dashboard d;
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
				if (e->helion < 0 || isinf(e->helion) || e->latency < 0 || isinf(e->latency))
					abort();	/* metrics: finite, at least 0, or NAN */
				if (j && e->time < r->history[j - 1].time)
					abort();	/* promised ascending */
			}
		}
		dashboard_print_names(&d, NULL, stdout);
		if (d.nr_rows)
			dashboard_print_names(&d, d.rows[0].platform_short, stdout);
	} else if (ret != -1) {
		abort();
	}
	fuzz_loud();
	dashboard_release(&d);
	return 0;
}
