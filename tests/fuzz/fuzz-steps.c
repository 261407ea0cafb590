/*
 * The step decision on nightlies the bytes choose: every value, gap and
 * missing night of a dashboard is outside input, and the decision
 * (levels, drifts, machine states, kernel steps, dips) runs on whatever
 * comes. The bytes choose the kernels (1-6), the nightlies (2-91, each
 * 1-4 days after the last, some with a manual run beside them), the
 * query day (3 before the first nightly to 3 after the last), --span,
 * --all-runs, --kernel, the thresholds, the noise (0.1% to 6.4% a night),
 * the distance of two machine states (0 to 4.8%), the other timers
 * (triton's and torch.compile's speedups: none, flat, with the platform's
 * moves or half of them; Helion's latency: none, agreeing, flat or
 * against) and a second platform that moves with the first; then each
 * night its move (none, or a step of up to 15% either way, which a run
 * of them makes a drift), its state, and each kernel's value about the
 * level (within 4 noise units; 255: missing; 254: an outlier half again
 * as high; 253 and 252: the kernel's own step of +10% or -10%).
 *
 * Whatever the nightlies, the window must build (or fail with -1), its
 * ends and the kernels' windows must lie in the series in order, its
 * numbers must be finite where a step is said, and every printer must
 * print it; a flat series (no move, state, noise or stray) holds no step.
 * A bit of the bytes asks git benchbisect's cause of the window too (no
 * repository: no culprit; a flat series is noise), another --scan over
 * every nightly instead (--kernels too with a third): each entry's
 * window in its series, the entries newest first, every printer.
 */
#include <math.h>
#include <stdlib.h>
#include <time.h>
#include <sys/mman.h>
#include <unistd.h>
#include <git2.h>
#include "util/config.h"
#include "util/date.h"
#include "util/strbuf.h"
#include "dashboard/dashboard.h"
#include "history/scan.h"
#include "history/series.h"
#include "history/window.h"
#include "classify/classify.h"
#include "report/classify-report.h"
#include "report/window-report.h"
#include "fuzz.h"

#define START 1767225600	/* 2026-01-01T00:00:00Z */
#define DAY 86400

/* The next byte of the input; 0 once they run out. */
static unsigned next(struct fuzz_bytes *b)
{
	unsigned x;

	fuzz_byte(b, &x);
	return x;
}

/* A nightly's (or manual run's) values; NAN leaves a field out. */
struct values {
	double helion, triton, compile, latency;
};

static void add_field(struct strbuf *sb, const char *name, double v)
{
	if (!isnan(v))
		strbuf_addf(sb, ", \"%s\": %.9g", name, v);
}

static void add_entry(struct strbuf *sb, long t, int run_id, int nightly, const struct values *v)
{
	struct tm tm;
	time_t tt = (time_t)t;
	char date[32];

	gmtime_r(&tt, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	strbuf_addf(sb, "%s{\"run_id\": \"%d\", \"sha\": \"%08x\", \"date\": \"%s\", \"branch\": \"%s\", "
		    "\"is_nightly\": %s", sb->buf[sb->len - 1] == '[' ? "" : ",", run_id, 0x10000000 + run_id,
		    date, nightly ? "main" : "feature", nightly ? "true" : "false");
	add_field(sb, "helion_speedup_geomean", v->helion);
	add_field(sb, "triton_speedup_geomean", v->triton);
	add_field(sb, "torch_compile_speedup_geomean", v->compile);
	add_field(sb, "helion_latency_avg_ms", v->latency);
	strbuf_addch(sb, '}');
}

/* What the bytes chose of the dashboard. */
struct model {
	size_t nr_kernels, nr_nights;
	long *time;		/* each nightly's */
	double *level;		/* the platform's log level each night: its moves, its state */
	unsigned char *manual;	/* a manual run beside the nightly */
	uint8_t *bytes;		/* [night * nr_kernels + kernel]: each kernel's value (the file's comment) */
	double sigma;		/* the noise, a fraction */
	unsigned metrics;	/* the other timers (bits 1-6) and a second platform (bit 7) */
};

/* Noise of its own for another timer, from a kernel's byte: within 4 noise units. */
static double other_noise(const struct model *m, unsigned byte, unsigned salt)
{
	return m->sigma * ((double)((byte * 37 + salt) % 251) - 125) / 32;
}

/* A timer's speedup: absent (mode 0), flat, the platform's moves, or half of them. */
static double other_speedup(const struct model *m, unsigned mode, size_t n, unsigned byte, unsigned salt)
{
	static const double share[4] = { 0, 0, 1, 0.5 };

	return mode ? exp(0.1 + share[mode] * m->level[n] + other_noise(m, byte, salt)) : NAN;
}

/* Platform's rows (kernel_a...) into sb, each entry with the timers metrics asks for. */
static void add_platform(struct strbuf *sb, const struct model *m, const char *platform)
{
	unsigned triton = m->metrics >> 1 & 3, compile = m->metrics >> 3 & 3, latency = m->metrics >> 5 & 3;

	for (size_t k = 0; k < m->nr_kernels; k++) {
		double own = 0;	/* the kernel's own steps so far */

		strbuf_addf(sb, "%s{\"kernel\": \"kernel_%c\", \"platform_short\": \"%s\", \"history\": [",
			    sb->buf[sb->len - 1] == '[' ? "" : ",", (char)('a' + k), platform);
		for (size_t n = 0; n < m->nr_nights; n++) {
			unsigned byte = m->bytes[n * m->nr_kernels + k];
			double x;
			struct values v;

			own += byte == 253 ? 0.1 : byte == 252 ? -0.1 : 0;
			x = 0.2 * (double)k + own + m->level[n] + m->sigma * ((double)byte - 127) / 32;
			v.helion = exp(x) * (byte == 254 ? 1.5 : 1);
			v.triton = other_speedup(m, triton, n, byte, 11);
			v.compile = other_speedup(m, compile, n, byte, 23);
			/* Helion's latency: its speedup's inverse (the timers agree), flat, or moving with it */
			v.latency = !latency ? NAN : exp((latency == 1 ? -x : latency == 3 ? x : 0) +
							 other_noise(m, byte, 41));
			if (byte != 255)
				add_entry(sb, m->time[n], 50000 + (int)n, 1, &v);
			v.helion *= 0.7;
			if (m->manual[n])
				add_entry(sb, m->time[n] + 7 * 3600, 60000 + (int)n, 0, &v);
		}
		strbuf_addstr(sb, "]}");
	}
}

/* A window's ends: nightlies of s, the last good before the first bad. */
static void check_ends(const struct series *s, size_t last_good, size_t first_bad)
{
	if (last_good >= first_bad || first_bad >= s->nr)
		abort();
}

/*
 * Every nightly at its kernel's level, exactly (the bytes: no move, no
 * state, no noise, no kernel step or stray; missing nightlies allowed):
 * a step, an undecided move, a kernel step or a step outside the span
 * said there is nonsense.
 */
static void check_flat(const struct window *w)
{
	if (w->step.found || w->step.undecided || w->nr_kernel_steps || w->step.outside.first_bad)
		abort();
}

static void check_window(const struct window *w, int span_days)
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
	/* the nearest step outside the span: only beside no step, at most 2 * span + 1 days off */
	if (st->outside.first_bad) {
		check_ends(s, st->outside.last_good, st->outside.first_bad);
		if (st->found || st->undecided || !isfinite(st->outside.change_pct) ||
		    labs(st->outside.days) > 2L * span_days + 1 ||
		    (st->outside.days < 0) != (s->points[st->outside.first_bad].run->time < w->date))
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
static int scan_fd = -1;	/* the dashboard --scan reads (run_scan()): a file in memory */
static char scan_path[64];

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
	scan_fd = memfd_create("fuzz-steps.json", 0);
	if (scan_fd < 0)
		abort();
	snprintf(scan_path, sizeof(scan_path), "/proc/self/fd/%d", scan_fd);
	return 0;
}

/*
 * What git benchbisect says of the window w (of o's date): the cause,
 * from the dashboard alone (no repository, so no commit to name), and
 * its three printers. A flat series with every kernel on every nightly
 * is noise (or, under a --min-change of less than 1%, undecided: the
 * noise's floor leaves room for such a move).
 */
static void run_classify(const struct window *w, struct window_options *o, int flat)
{
	struct classify_options co;
	struct classify_signals sig;
	struct classify_result res;
	struct classify_report cr = { &res, w, o, &cfg, 0 };

	classify_options_init(&co);
	co.noise_multiple = o->noise_multiple;
	co.min_change = o->min_change;
	co.span = o->span;
	co.all_runs = o->all_runs;
	classify_signals_init(&sig);
	classify_result_init(&res);
	if (classify_gather(&sig, w, NULL, &co))
		abort();	/* only a repository can fail it */
	classify_explain(&res, &sig, w, &co);
	if ((unsigned)res.cause >= CAUSE_NR || res.culprit || res.nr_candidates)
		abort();
	/* flat: the noise floor (0.5% a night) may leave room for a --min-change under 1% */
	if (flat && res.cause != CAUSE_NOISE && !(res.cause == CAUSE_UNDECIDED && co.min_change < 1))
		abort();
	if (classify_report_print(&cr, REPORT_TEXT) || classify_report_print(&cr, REPORT_JSON) ||
	    classify_report_print(&cr, REPORT_MARKDOWN))
		abort();
	classify_result_release(&res);
	classify_signals_release(&sig);
	classify_options_release(&co);
}

/*
 * One query: the window of o's date, checked (check_flat() where flat)
 * and printed three ways; with classify, its cause too, checked as flat
 * only where every kernel ran every nightly too (complete: a kernel-set
 * change of a flat series may be a method change).
 */
static void run_window(const struct strbuf *sb, struct window_options *o, const struct series_options *so,
		       int flat, int classify, int complete)
{
	struct dashboard d;
	struct series s;
	struct window w;

	dashboard_init(&d);
	if (!dashboard_parse(&d, sb->buf, sb->len, "fuzz.json") && !series_build(&s, &d, so)) {
		if (window_compute_loaded(&w, NULL, &cfg, o, &d, &s) != WINDOW_ERROR) {
			struct window_report wr = { &w, o, NULL, &cfg, 0, 0 };

			check_window(&w, o->span);
			if (flat)
				check_flat(&w);
			if (window_report_print(&wr, REPORT_TEXT) || window_report_print(&wr, REPORT_JSON) ||
			    window_report_print(&wr, REPORT_MARKDOWN))
				abort();
			if (classify)
				run_classify(&w, o, flat && complete);
		}
		window_release(&w);
		series_release(&s);
	}
	dashboard_release(&d);
}

/*
 * --scan from the first nightly's day to the last's (--kernels too with
 * kernels), the dashboard read from the file scan_path: each entry's
 * window lies in its series, newest first, and every printer prints it.
 */
static void run_scan(const struct strbuf *sb, struct window_options *o, long first, long last, int kernels,
		     int flat)
{
	struct scan_options so = { 0 };
	struct scan sc;
	char since[16], until[16];
	time_t newest = 0;

	if (ftruncate(scan_fd, 0) || pwrite(scan_fd, sb->buf, sb->len, 0) != (ssize_t)sb->len)
		abort();
	o->source.file = scan_path;
	format_day(since, (time_t)first);
	format_day(until, (time_t)last);
	so.since = since;
	so.until = until;
	so.kernels = kernels;
	so.window = o;
	if (!scan_compute(&sc, NULL, &cfg, &so)) {
		struct scan_report sr = { &sc, &cfg };

		for (size_t i = 0; i < sc.nr_entries; i++) {
			const struct scan_entry *e = &sc.entries[i];
			time_t t = e->series->points[e->index].run->time;

			if (e->kind != SCAN_KERNEL_SET &&
			    (e->good >= e->bad || e->bad >= e->series->nr || e->index <= e->good || e->index > e->bad))
				abort();
			if ((i && t > newest) || (flat && e->kind != SCAN_KERNEL_SET))
				abort();
			newest = t;
		}
		if (scan_report_print(&sr, REPORT_TEXT) || scan_report_print(&sr, REPORT_JSON) ||
		    scan_report_print(&sr, REPORT_MARKDOWN))
			abort();
	}
	scan_release(&sc);
	o->source.file = NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_bytes b = { data, size };
	struct model m = { 1 + next(&b) % 6, 2 + next(&b) % 90, NULL, NULL, NULL, NULL, 0, 0 };
	unsigned flags = next(&b), query = next(&b), limits = next(&b), noise = next(&b);
	double level = 0, state = 0.002 * (double)(noise >> 6 << 3);
	struct strbuf sb = STRBUF_INIT;
	struct series_options so = { "h100", NULL, 0, 0 };
	struct window_options o;
	long days;
	int flat = 1;	/* check_flat() */
	int missing = 0;	/* a kernel left out of a nightly: a kernel-set change, which classify weighs */
	char date[32];
	time_t q;
	struct tm tm;

	m.metrics = next(&b);
	m.sigma = 0.001 * (1 + noise % 64);
	m.time = xcalloc(m.nr_nights, sizeof(long));
	m.level = xcalloc(m.nr_nights, sizeof(double));
	m.manual = xcalloc(m.nr_nights, 1);
	m.bytes = xcalloc(m.nr_nights * m.nr_kernels, 1);
	m.time[0] = START + 8 * 3600 + 20 * 60;
	for (size_t n = 0; n < m.nr_nights; n++) {
		unsigned gap = next(&b), move = next(&b);

		if (n)
			m.time[n] = m.time[n - 1] + (long)(1 + gap % 4) * DAY;
		m.manual[n] = gap >= 240;
		if (move >= 224)
			level += ((double)move - 239.5) / 100;
		m.level[n] = level + (move & 1 ? state : 0);
		flat &= m.level[n] == 0;
		for (size_t k = 0; k < m.nr_kernels; k++) {
			unsigned byte = next(&b);

			m.bytes[n * m.nr_kernels + k] = (uint8_t)byte;
			flat &= byte == 127 || byte == 255;
			missing |= byte == 255;
		}
	}
	strbuf_addstr(&sb, "{\"summary\": [");
	add_platform(&sb, &m, "h100");
	if (m.metrics & 128)
		add_platform(&sb, &m, "b200");	/* a second platform that moves with it */
	strbuf_addstr(&sb, "]}");

	/* the query: any day from 3 before the first nightly to 3 after the last */
	days = (m.time[m.nr_nights - 1] - m.time[0]) / DAY + 7;
	q = (time_t)(m.time[0] - 8 * 3600 - 20 * 60) + (time_t)((long)(query % days) - 3) * DAY;
	gmtime_r(&q, &tm);
	strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	window_options_init(&o);
	o.platform = "h100";
	o.date = date;
	o.span = 1 + (flags & 15);
	o.all_runs = so.all_runs = !!(flags & 16);
	for (size_t n = 0; o.all_runs && n < m.nr_nights; n++)
		flat &= !m.manual[n];
	if (flags & 32)
		o.kernel = so.kernel = m.nr_kernels > 1 ? "kernel_b" : "kernel_a";
	if (limits & 1)
		o.noise_multiple = 1.5 + (double)(limits >> 1 & 7);
	if (limits & 16)
		o.min_change = 0.5 * (double)(limits >> 5 & 7);

	fuzz_quiet();
	if (flags & 64)
		run_scan(&sb, &o, m.time[0], m.time[m.nr_nights - 1], flags & 128, flat);
	else
		run_window(&sb, &o, &so, flat, m.metrics & 1, !missing);
	fuzz_loud();
	window_options_release(&o);
	strbuf_release(&sb);
	free(m.time);
	free(m.level);
	free(m.manual);
	free(m.bytes);
	return 0;
}
