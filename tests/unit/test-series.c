#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tap.h"
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/date.h"
#include "dashboard/dashboard.h"
#include "history/step.h"
#include "history/set-change.h"
#include "util/stats.h"
#include "history/slice.h"
#include "history/sparse.h"
#include "history/noise.h"

/* A one-platform dashboard: values[k][n] for kernel k on night n (NAN: absent). */
static void make_dashboard(struct dashboard *d, size_t kernels, size_t nights, const double *values)
{
	struct strbuf sb = STRBUF_INIT;
	time_t sept1;

	parse_iso_time("2026-09-01T08:20:00Z", &sept1);
	strbuf_addstr(&sb, "{\"summary\": [");
	for (size_t k = 0; k < kernels; k++) {
		int first = 1;

		strbuf_addf(&sb, "%s{\"kernel\": \"k%zu\", \"platform_short\": \"b200_cute\", \"history\": [",
			    k ? "," : "", k);
		for (size_t n = 0; n < nights; n++) {
			double v = values[k * nights + n];
			time_t t = sept1 + (time_t)n * DAY_SECONDS;
			char day[16];

			if (isnan(v))
				continue;
			strftime(day, sizeof(day), "%Y-%m-%d", gmtime(&t));
			strbuf_addf(&sb, "%s{\"run_id\": \"%zu\", \"sha\": \"abcdef%02zu\", "
				    "\"date\": \"%sT08:20:00Z\", \"branch\": \"main\", "
				    "\"is_nightly\": true, \"helion_speedup_geomean\": %g, "
				    "\"helion_latency_avg_ms\": null}",
				    first ? "" : ",", n, n, day, v);
			first = 0;
		}
		strbuf_addstr(&sb, "]}");
	}
	strbuf_addstr(&sb, "]}");
	dashboard_init(d);
	if (dashboard_parse(d, sb.buf, sb.len, "test"))
		exit(1);
	strbuf_release(&sb);
}

static void test_chain_linking(void)
{
	/* Kernel 1 (speedup 4) leaves on night 2: no kernel moved. */
	double v[] = { 1.0, 1.0, 1.0, 1.0,
		       4.0, 4.0, NAN, NAN };
	struct series_options so = { "b200_cute", NULL, 0 };
	struct dashboard d;
	struct series s;

	make_dashboard(&d, 2, 4, v);
	ok(!series_build(&s, &d, &so), "series builds");
	is_int(s.nr, 4, "four nightlies");
	is_num(s.points[1].raw_helion, 2.0, 1e-9, "naive geomean of 1 and 4 is 2");
	is_num(s.points[2].raw_helion, 1.0, 1e-9, "naive geomean jumps to 1 when kernel 1 leaves");
	is_num(s.points[1].value[METRIC_HELION], s.points[2].value[METRIC_HELION], 1e-9,
	       "the chained index does not move");
	is_num(s.points[3].value[METRIC_HELION], 1.0, 1e-9, "anchored at the newest plain geomean");
	ok(s.points[2].kernel_set_changed && !s.points[1].kernel_set_changed,
	   "the set change is flagged on its night");
	ok(isnan(s.points[0].value[METRIC_LATENCY]), "null latency stays missing");
	series_release(&s);
	dashboard_release(&d);
}

static void test_step(void)
{
	/* 14 nights, a 10% drop from night 7 (2026-09-08), an outlier on night 3. */
	double v[14] = { 1.50, 1.51, 1.50, 1.20, 1.50, 1.51, 1.50,
			 1.35, 1.36, 1.35, 1.35, 1.36, 1.35, 1.35 };
	struct series_options so = { "b200_cute", NULL, 0 };
	struct step_options st = { 0, 7 };
	struct dashboard d;
	struct series s;
	struct step step;

	make_dashboard(&d, 1, 14, v);
	series_build(&s, &d, &so);
	parse_iso_time("2026-09-06", &st.date);
	ok(!series_find_step(&s, &st, &step), "step search succeeds");
	ok(step.found, "a step is found");
	is_int(step.index, 7, "at the first night of the new level");
	ok(step.last_good == 6 && step.first_bad == 7, "its window is the nightly pair");
	is_num(step.change_pct, -10.0, 0.5, "about -10%");
	ok(step.persistent, "it persists");
	ok(step.score > 10, "far outside the noise");
	st.span_days = 1;
	parse_iso_time("2026-09-02", &st.date);
	ok(!series_find_step(&s, &st, &step), "a narrow span around the outlier");
	ok(!step.persistent, "an outlier alone is not a persistent step");
	parse_iso_time("2026-12-01", &st.date);
	ok(series_find_step(&s, &st, &step) < 0, "a date outside the series is an error");
	series_release(&s);
	dashboard_release(&d);

	/* The drop again, night 7 halfway between the levels: it could be on either side. */
	v[7] = 1.425;
	make_dashboard(&d, 1, 14, v);
	series_build(&s, &d, &so);
	st.span_days = 7;
	parse_iso_time("2026-09-08", &st.date);
	ok(!series_find_step(&s, &st, &step) && step.found, "the step beside a halfway night is found");
	ok(step.index == 7 || step.index == 8, "at night 7 or 8");
	ok(step.last_good == 6 && step.first_bad == 8, "its window holds both nights");
	series_release(&s);
	dashboard_release(&d);
}

/* Deterministic noise: about N(0, sigma), from a fixed LCG (sum of 4 uniforms). */
static double noise(unsigned *state, double sigma)
{
	double sum = 0;

	for (int i = 0; i < 4; i++) {
		*state = *state * 1103515245u + 12345u;
		sum += (double)((*state >> 8) & 0xffff) / 65536.0 - 0.5;
	}
	return sigma * sum * sqrt(3.0);
}

/* One kernel over 28 nights: level * exp(noise) * shape[n]. */
static void one_kernel(struct dashboard *d, struct series *s, const double *shape, unsigned seed)
{
	struct series_options so = { "b200_cute", NULL, 0 };
	double v[28];

	for (size_t n = 0; n < 28; n++)
		v[n] = 1.5 * exp(noise(&seed, 0.01)) * shape[n];
	make_dashboard(d, 1, 28, v);
	if (series_build(s, d, &so))
		exit(1);
}

static int find_at(const struct series *s, const char *day, int span, struct step *out)
{
	struct step_options o = { 0, span, STEP_NOISE_MULTIPLE, STEP_MIN_CHANGE, 0 };

	parse_iso_time(day, &o.date);
	return series_find_step(s, &o, out);
}

static void test_decision(void)
{
	const char *why;

	ok(step_significant(-6.0, 1.0, 3, 2, &why) && !why, "6x the noise and over 2%% is a step");
	ok(!step_significant(-2.3, 1.0, 3, 2, &why), "2.3x the noise is not");
	is_str(why, "under the noise multiple", "and says why");
	ok(!step_significant(-1.8, 0.5, 3, 2, &why), "3.6x the noise but under 2%% is not");
	is_str(why, "under --min-change", "and says why");
	ok(!step_significant(NAN, 0.5, 3, 2, &why), "no level on one side is not");
}

/* step_levels_range(): the sides around a boundary at 10, from [2, 20). */
static void levels_range_is(size_t nr_before, size_t nr_after, int drift, size_t dip_nights,
			    size_t want_lo, size_t want_hi, const char *title)
{
	struct step st = { 0 };
	size_t lo = 2, hi = 20;

	st.index = 10;
	st.nr_before = nr_before;
	st.nr_after = nr_after;
	st.drift = drift;
	st.dip_nights = dip_nights;
	step_levels_range(&st, &lo, &hi);
	ok(lo == want_lo && hi == want_hi, "%s", title);
}

static void test_levels_range(void)
{
	levels_range_is(3, 4, 0, 0, 7, 14, "each side narrowed to the step's levels");
	levels_range_is(9, 12, 0, 0, 2, 20, "a level longer than the side leaves it");
	levels_range_is(12, 4, 0, 0, 2, 14, "a level longer than the index, no wrap");
	levels_range_is(0, 4, 0, 0, 2, 14, "no level before: that side stays whole");
	levels_range_is(3, 0, 0, 0, 7, 20, "no level after: that side stays whole");
	levels_range_is(3, 4, 1, 0, 2, 20, "a drift is left as it is");
	levels_range_is(3, 4, 0, 2, 2, 20, "a dip is left as it is");
}

static void test_step_rules(void)
{
	double shape[28];
	struct dashboard d;
	struct series s;
	struct step st;

	/* Pure noise: no step anywhere. */
	for (size_t n = 0; n < 28; n++)
		shape[n] = 1;
	one_kernel(&d, &s, shape, 1);
	for (int day = 5; day <= 24; day += 3) {
		char date[32];

		snprintf(date, sizeof(date), "2026-09-%02d", day);
		ok(!find_at(&s, date, 7, &st) && !st.found, "no step in pure noise");
	}
	series_release(&s);
	dashboard_release(&d);

	/* A one-night outlier of -40%: no step, on its night or beside it. */
	shape[14] = 0.6;
	one_kernel(&d, &s, shape, 2);
	ok(!find_at(&s, "2026-09-15", 7, &st) && !st.found, "a one-night outlier is no step");
	ok(st.index == 14 && st.reason, "the pair at the date is shown, with the reason");
	series_release(&s);
	dashboard_release(&d);

	/* A three-night dip of -10% that reverts: no step. */
	shape[14] = 1;
	shape[12] = shape[13] = shape[14] = 0.9;
	one_kernel(&d, &s, shape, 3);
	ok(!find_at(&s, "2026-09-13", 7, &st) && !st.found, "a dip that reverts is no step");
	series_release(&s);
	dashboard_release(&d);

	/* Two steps, -10% on night 10 and -8% on night 15: the nearer one wins. */
	for (size_t n = 0; n < 28; n++)
		shape[n] = n < 10 ? 1 : n < 15 ? 0.9 : 0.9 * 0.92;
	one_kernel(&d, &s, shape, 4);
	ok(!find_at(&s, "2026-09-12", 7, &st) && st.found && st.index == 10, "query nearer the first");
	is_num(st.change_pct, -10, 1.5, "its own size, not the two summed");
	ok(st.nr_other == 1 && st.other[0].index == 15, "the other step is listed");
	is_num(st.other[0].change_pct, -8, 1.5, "with its size");
	ok(!find_at(&s, "2026-09-15", 7, &st) && st.found && st.index == 15, "query nearer the second");
	series_release(&s);
	dashboard_release(&d);

	/* A step on night 14 with a +30% spike on its last good night: the step stays. */
	for (size_t n = 0; n < 28; n++)
		shape[n] = n < 14 ? 1 : 0.88;
	shape[13] = 1.3;
	one_kernel(&d, &s, shape, 5);
	ok(!find_at(&s, "2026-09-14", 7, &st) && st.found && st.index == 14, "a spike beside a step does not move it");
	series_release(&s);
	dashboard_release(&d);

	/* A 5% move with 1% noise is a step; with --min-change 6 it is not. */
	for (size_t n = 0; n < 28; n++)
		shape[n] = n < 14 ? 1 : 0.95;
	one_kernel(&d, &s, shape, 6);
	ok(!find_at(&s, "2026-09-15", 7, &st) && st.found && st.index == 14, "a 5%% step with 1%% noise");
	{
		struct step_options o = { 0, 7, 3, 6, 0 };

		parse_iso_time("2026-09-15", &o.date);
		ok(!series_find_step(&s, &o, &st) && !st.found, "under --min-change it is not a step");
	}
	series_release(&s);
	dashboard_release(&d);
}

/*
 * Machine states without a step: every third night 5% faster. The
 * series' noise counts every jump between the states; once they are
 * folded, the room a move has is measured in the noise within a state,
 * and that rules out a move of --min-change that the states' noise
 * leaves room for (step_states_rule_out()). Without states, the room is
 * the step's own standard error.
 */
static void test_state_room(void)
{
	double shape[28];
	struct dashboard d;
	struct series s;
	struct step st;

	for (size_t n = 0; n < 28; n++)
		shape[n] = n % 3 == 0 ? 1.05 : 1;
	one_kernel(&d, &s, shape, 13);
	ok(!find_at(&s, "2026-09-15", 7, &st) && !st.found && !st.undecided, "no step under machine states");
	ok(!isnan(st.state_noise_pct) && st.state_noise_pct < st.noise_pct / 2,
	   "the noise within a state is under half the series' noise");
	ok(st.room_se_pct < st.se_pct / 2, "the room is measured in it");
	ok(step_states_rule_out(&st) && !step_leaves_room(&st) && step_bound_pct(&st) < st.min_change,
	   "it rules out a move of --min-change that the states' noise leaves room for");
	series_release(&s);
	dashboard_release(&d);

	for (size_t n = 0; n < 28; n++)
		shape[n] = 1;
	one_kernel(&d, &s, shape, 13);
	ok(!find_at(&s, "2026-09-15", 7, &st) && !st.found, "no step in plain noise");
	ok(isnan(st.state_noise_pct) && st.room_se_pct == st.se_pct && !step_states_rule_out(&st),
	   "without states the room is the step's standard error");
	series_release(&s);
	dashboard_release(&d);
}

static void test_set_change(void)
{
	/* k1 (speedup 4) and k2 (2) leave on night 3; k0 moves +1%. */
	double v[] = { 1.0, 1.0, 1.0, 1.01, 1.01,
		       4.0, 4.0, 4.0, NAN, NAN,
		       2.0, 2.0, 2.0, NAN, NAN };
	struct series_options so = { "b200_cute", NULL, 0 };
	struct kernel_set_change c;
	struct dashboard d;
	struct series s;
	time_t date;

	make_dashboard(&d, 3, 5, v);
	series_build(&s, &d, &so);
	parse_iso_time("2026-09-05", &date);
	series_find_set_change(&s, date, 3, &c);
	is_int(c.index, 3, "the first night of the new list");
	ok(c.nr_gone == 2 && !strcmp(c.gone[0], "k1") && !strcmp(c.gone[1], "k2") && !c.nr_added,
	   "k1 and k2 left");
	is_num(c.plain_change_pct, 100 * (1.01 / 2.0 - 1), 1e-6, "the plain geomean halves");
	is_num(c.common_change_pct, 1.0, 1e-6, "the kernel on both nights moved +1%%");
	kernel_set_change_release(&c);
	parse_iso_time("2026-09-01", &date);
	series_find_set_change(&s, date, 1, &c);
	is_int(c.index, 0, "none within a day of the first night");
	kernel_set_change_release(&c);
	series_release(&s);
	dashboard_release(&d);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void test_noise_and_median(void)
{
	double v[] = { 3, NAN, 1, 2 }, w[] = { 5, INFINITY, 5, -1, 5, 0 }, sorted[] = { 1, 2, 4, 8 };
	double x[64], ref[64];
	unsigned int seed = 12345;
	int same = 1;

	is_num(stats_median(v, 4), 2, 1e-12, "median skips NAN");
	is_num(stats_median(w, 6), 5, 0, "median of ties and an infinity");
	is_num(stats_median_sorted(sorted, 4), 3, 0, "median of a sorted run of even length");
	is_num(stats_median_sorted(sorted, 3), 2, 0, "median of a sorted run of odd length");
	/*
	 * Selection picks exactly the values a sort would: runs of every
	 * length up to 64, with few distinct values (ties) or many.
	 */
	for (size_t n = 1; n <= 64; n++) {
		for (int distinct = 3; distinct <= 3000; distinct *= 1000) {
			double got, want;

			for (size_t i = 0; i < n; i++) {
				seed = seed * 1103515245u + 12345u;
				x[i] = ref[i] = (double)((seed >> 16) % distinct) / 7;
			}
			qsort(ref, n, sizeof(double), cmp_double);
			want = n % 2 ? ref[n / 2] : (ref[n / 2 - 1] + ref[n / 2]) / 2;
			got = stats_median(x, n);
			same &= got == want;
		}
	}
	ok(same, "the median by selection is the median of the sorted values");
}

/*
 * A weekend offset moves every Saturday and Sunday; machine states that
 * fell on weekends by chance move about half of them by the states'
 * distance and leave the rest. Both make the weekend's mean residual
 * -3%; only the first is a weekly pattern (series_noise_model()).
 */
static void test_weekly_pattern(void)
{
	struct series_options so = { "b200_cute", NULL, 0 };
	struct noise_model nm;
	struct dashboard d;
	struct series s;
	double v[91];
	unsigned seed = 777;
	int sat = 0, sun = 0;

	for (size_t n = 0; n < 91; n++) {
		/* 2026-09-05 (night 4) is a Saturday */
		int weekend = n % 7 == 4 || n % 7 == 5;

		v[n] = 1.5 * exp(noise(&seed, 0.005)) * (weekend ? 0.97 : 1);
	}
	make_dashboard(&d, 1, 91, v);
	if (series_build(&s, &d, &so))
		exit(1);
	series_noise_model(&s, METRIC_HELION, &nm);
	ok(nm.weekly, "a weekend offset on every weekend is a weekly pattern");
	series_release(&s);
	dashboard_release(&d);

	seed = 777;
	for (size_t n = 0; n < 91; n++) {
		/* 7 of 13 Saturdays and 6 of 13 Sundays in the lower state */
		int low = (n % 7 == 4 && sat++ % 2 == 0) || (n % 7 == 5 && sun++ % 2 == 1);

		v[n] = 1.5 * exp(noise(&seed, 0.005)) * (low ? 0.94 : 1);
	}
	make_dashboard(&d, 1, 91, v);
	if (series_build(&s, &d, &so))
		exit(1);
	series_noise_model(&s, METRIC_HELION, &nm);
	ok(!nm.weekly, "states that fell on half the weekends are no weekly pattern");
	series_release(&s);
	dashboard_release(&d);
}

static void test_dates(void)
{
	time_t t, now;
	int day;

	ok(!parse_iso_time("2026-09-10T08:20:00+02:00", &t), "ISO time with offset");
	is_int(t, 1789021200, "offset applied");
	ok(!parse_iso_time("2026-09-10T06:20:00.123Z", &t) && t == 1789021200, "fractional seconds");
	ok(parse_iso_time("2026-09-10T25:00:00Z", &t) < 0, "hour 25 rejected");
	parse_iso_time("2026-09-10T12:00:00Z", &now);
	ok(!parse_user_date("3 days ago", now, &t, &day) && day, "N days ago");
	is_int(t, 1788998400 - 3 * 86400, "three UTC days before");
	ok(!parse_user_date("yesterday", now, &t, &day) && t == 1788998400 - 86400, "yesterday");
	ok(parse_user_date("last tuesday", now, &t, &day) < 0, "unknown words rejected");
}

static void test_slices(void)
{
	const char *cases[][3] = {
		{ "b200_cute", "[cute] [reland] Fix (#1)", "1" },
		{ "b200_cute", "[CuTeDSL] Tune (#2)", "1" },
		{ "b200_cute", "[cuteish] Not it (#3)", "0" },
		{ "tpu", "[Pallas] Pad (#4)", "1" },
		{ "mi350x", "[ROCm][CI] Pin (#5)", "1" },
		{ "h100", "[Triton] Bump (#6)", "1" },
		{ "h100", "Untagged change (#7)", "0" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *pattern = slice_default_pattern(cases[i][0]);
		struct slice s;

		slice_init(&s, pattern, NULL);
		is_int(slice_match_subject(&s, cases[i][1]), atoi(cases[i][2]), cases[i][1]);
		slice_release(&s);
		free(pattern);
	}
	{
		struct slice s;

		slice_init(&s, "x", NULL);
		ok(!slice_match_subject(&s, "\xff\xfe bad utf-8") && slice_match_subject(&s, "\xffx"),
		   "subjects that are not UTF-8 still match");
		slice_release(&s);
	}
}

static void test_sparse(void)
{
	/*
	 * k0 every night; k1 on nights 0-1 and 4 (back 20% slower); k2 new on
	 * night 4; k3 on nights 0 and 3-4 (sparse on night 3, not on 4).
	 */
	double v[] = { 1.0, 1.0, 1.0, 1.0, 1.01,
		       2.0, 2.0, NAN, NAN, 1.6,
		       NAN, NAN, NAN, NAN, 3.0,
		       1.5, NAN, NAN, 1.5, 1.2 };
	struct series_options so = { "b200_cute", NULL, 0 };
	struct series_options one = { "b200_cute", "k1", 0 };
	struct sparse_kernel *k;
	struct dashboard d;
	struct series s;

	make_dashboard(&d, 4, 5, v);
	series_build(&s, &d, &so);
	is_int(series_sparse_kernels(&s, 3, 4, &k), 1, "one kernel missed last good and came back");
	is_str(k[0].kernel, "k1", "the one measured before, not the new one");
	is_int(k[0].since, 1, "its last measurement before");
	is_num(k[0].change_pct, -20, 1e-9, "its move since then");
	free(k);
	is_int(series_sparse_kernels(&s, 2, 3, &k), 1, "k3 back on night 3");
	ok(!strcmp(k[0].kernel, "k3") && k[0].since == 0 && fabs(k[0].change_pct) < 1e-9,
	   "since night 0, unmoved");
	free(k);
	is_int(series_sparse_kernels(&s, 1, 2, &k), 0, "none where no kernel came back");
	ok(!k, "and no list");
	is_int(series_sparse_kernels(&s, 0, 0, &k), 0, "none without a last good");
	series_release(&s);
	series_build(&s, &d, &one);
	is_int(series_sparse_kernels(&s, 1, 2, &k), 0, "a one-kernel series has none");
	series_release(&s);
	dashboard_release(&d);
}

int main(void)
{
	test_chain_linking();
	test_step();
	test_decision();
	test_levels_range();
	test_step_rules();
	test_state_room();
	test_set_change();
	test_noise_and_median();
	test_weekly_pattern();
	test_dates();
	test_slices();
	test_sparse();
	return done_testing();
}
