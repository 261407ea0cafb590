/*
 * The step decision on nightlies the bytes choose: every value, gap and
 * missing night of a dashboard is outside input, and the decision
 * (levels, drifts, machine states, kernel steps, dips) runs on whatever
 * comes. The bytes choose the kernels (1-6), the nightlies (2-91, each
 * 1-4 days after the last, some with a manual run beside them), the
 * query day (3 before the first nightly to 3 after the last), --span,
 * --all-runs, --kernel, the thresholds, the noise (0.1% to 6.4% a night)
 * and the distance of two machine states (0 to 4.8%); then each night
 * its move (none, or a step of up to 15% either way, which a run of them
 * makes a drift), its state, and each kernel's value about the level
 * (within 4 noise units; 255: missing; 254: an outlier half again as
 * high; 253 and 252: the kernel's own step of +10% or -10%).
 * Whatever the nightlies, the window must build (or fail with -1), its
 * ends and the kernels' windows must lie in the series in order, its
 * numbers must be finite where a step is said, and every printer must
 * print it.
 */
#include <math.h>
#include <time.h>
#include <git2.h>
#include "util/strbuf.h"
#include "util/config.h"
#include "dashboard/dashboard.h"
#include "history/series.h"
#include "history/window.h"
#include "report/window-report.h"
#include "fuzz.h"

#define START 1767225600	/* 2026-01-01T00:00:00Z */
#define DAY 86400

/* The bytes read in order; 0 once they run out. */
struct bytes {
	const uint8_t *p;
	size_t left;
};

static unsigned next(struct bytes *b)
{
	if (!b->left)
		return 0;
	b->left--;
	return *b->p++;
}

static void add_entry(struct strbuf *sb, long t, int run_id, int nightly, double value)
{
	struct tm tm;
	time_t tt = (time_t)t;
	char date[32];

	gmtime_r(&tt, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	strbuf_addf(sb, "%s{\"run_id\": \"%d\", \"sha\": \"%08x\", \"date\": \"%s\", \"branch\": \"%s\", "
		    "\"is_nightly\": %s, \"helion_speedup_geomean\": %.9g}",
		    sb->buf[sb->len - 1] == '[' ? "" : ",", run_id, 0x10000000 + run_id, date,
		    nightly ? "main" : "feature", nightly ? "true" : "false", value);
}

/* A window's ends: nightlies of s, the last good before the first bad. */
static void check_ends(const struct series *s, size_t last_good, size_t first_bad)
{
	if (last_good >= first_bad || first_bad >= s->nr)
		abort();
}

static void check_window(const struct window *w)
{
	const struct series *s = &w->series;
	const struct step *st = &w->step;

	if (st->found) {
		check_ends(s, st->last_good, st->first_bad);
		if (st->index > st->first_bad || st->index <= st->last_good)
			abort();
		if (!isfinite(st->change_pct) || !(st->se_pct >= 0))
			abort();
	}
	for (size_t k = 0; k < w->nr_kernel_steps; k++) {
		const struct kernel_step *ks = &w->kernel_steps[k];

		check_ends(s, ks->last_good, ks->first_bad);
		if (!isfinite(ks->change_pct))
			abort();
	}
}

static struct config cfg;

/* No configuration of the user's (bench.* keys) may steer the decision. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("HOME", "/nonexistent", 1);
	setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	git_libgit2_init();
	if (config_init(&cfg, NULL))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bytes b = { data, size };
	size_t nr_kernels = 1 + next(&b) % 6, nr_nights = 2 + next(&b) % 90;
	unsigned flags = next(&b), query = next(&b), limits = next(&b), noise = next(&b);
	double sigma = 0.001 * (1 + noise % 64), level = 0, state = 0.002 * (double)(noise >> 6 << 3);
	struct strbuf sb = STRBUF_INIT;
	struct series_options so = { "h100", NULL, 0, 0 };
	struct window_options o;
	struct dashboard d;
	struct series s;
	struct window w;
	long *night_time = xcalloc(nr_nights, sizeof(long)), days;
	double *night_level = xcalloc(nr_nights, sizeof(double));
	unsigned char *manual = xcalloc(nr_nights, 1);
	uint8_t *bytes = xcalloc(nr_nights * nr_kernels, 1);
	char date[32];
	time_t q;
	struct tm tm;

	night_time[0] = START + 8 * 3600 + 20 * 60;
	for (size_t n = 0; n < nr_nights; n++) {
		unsigned gap = next(&b), move = next(&b);

		if (n)
			night_time[n] = night_time[n - 1] + (long)(1 + gap % 4) * DAY;
		manual[n] = gap >= 240;
		if (move >= 224)
			level += ((double)move - 239.5) / 100;
		night_level[n] = level + (move & 1 ? state : 0);
		for (size_t k = 0; k < nr_kernels; k++)
			bytes[n * nr_kernels + k] = (uint8_t)next(&b);
	}
	strbuf_addstr(&sb, "{\"summary\": [");
	for (size_t k = 0; k < nr_kernels; k++) {
		strbuf_addf(&sb, "%s{\"kernel\": \"kernel_%c\", \"platform_short\": \"h100\", \"history\": [",
			    k ? "," : "", (char)('a' + k));
		double own = 0;	/* the kernel's own steps so far */

		for (size_t n = 0; n < nr_nights; n++) {
			unsigned byte = bytes[n * nr_kernels + k];
			double v;

			own += byte == 253 ? 0.1 : byte == 252 ? -0.1 : 0;
			v = exp(0.2 * (double)k + own + night_level[n] + sigma * ((double)byte - 127) / 32);

			if (byte != 255)
				add_entry(&sb, night_time[n], 50000 + (int)n, 1, byte == 254 ? 1.5 * v : v);
			if (manual[n])
				add_entry(&sb, night_time[n] + 7 * 3600, 60000 + (int)n, 0, 0.7 * v);
		}
		strbuf_addstr(&sb, "]}");
	}
	strbuf_addstr(&sb, "]}");

	/* the query: any day from 3 before the first nightly to 3 after the last */
	days = (night_time[nr_nights - 1] - night_time[0]) / DAY + 7;
	q = (time_t)(night_time[0] - 8 * 3600 - 20 * 60) + (time_t)((long)(query % days) - 3) * DAY;
	gmtime_r(&q, &tm);
	strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	window_options_init(&o);
	o.platform = "h100";
	o.date = date;
	o.span = 1 + (flags & 15);
	o.all_runs = so.all_runs = !!(flags & 16);
	if (flags & 32)
		o.kernel = so.kernel = nr_kernels > 1 ? "kernel_b" : "kernel_a";
	o.noise_multiple = limits & 1 ? 1.5 + (double)(limits >> 1 & 7) : 0;
	o.min_change = limits & 16 ? 0.5 * (double)(limits >> 5 & 7) : 0;

	fuzz_quiet();
	dashboard_init(&d);
	if (!dashboard_parse(&d, sb.buf, sb.len, "fuzz.json") && !series_build(&s, &d, &so)) {
		if (window_compute_loaded(&w, NULL, &cfg, &o, &d, &s) != WINDOW_ERROR) {
			struct window_report wr = { &w, &o, NULL, &cfg, 0, 0 };

			check_window(&w);
			if (window_report_print(&wr, REPORT_TEXT) || window_report_print(&wr, REPORT_JSON) ||
			    window_report_print(&wr, REPORT_MARKDOWN))
				abort();
		}
		window_release(&w);
		series_release(&s);
	}
	fuzz_loud();
	dashboard_release(&d);
	window_options_release(&o);
	strbuf_release(&sb);
	free(night_time);
	free(night_level);
	free(manual);
	free(bytes);
	return 0;
}
