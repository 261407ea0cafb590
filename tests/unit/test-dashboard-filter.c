/*
 * dashboard_parse_filtered(): which history a filter keeps. One platform
 * whole, the others' names only, or their entries within a time window,
 * exactly, whether or not a row's dates ascend.
 */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "util/strbuf.h"
#include "util/date.h"
#include "dashboard/dashboard.h"

/*
 * A row of entries on the given days of September 2026 (in that order);
 * with names_last its history comes before its names (the loader walks
 * that row twice).
 */
static void add_row(struct strbuf *sb, const char *platform, const int *days, int n, int names_last)
{
	strbuf_addf(sb, "%s{", sb->len > 13 ? ", " : "");
	if (!names_last)
		strbuf_addf(sb, "\"kernel\": \"k\", \"platform_short\": \"%s\", ", platform);
	strbuf_addstr(sb, "\"history\": [");
	for (int i = 0; i < n; i++)
		strbuf_addf(sb, "%s{\"run_id\": \"%d\", \"sha\": \"0000000%d\", "
			    "\"date\": \"2026-09-%02dT08:20:00Z\", \"helion_speedup_geomean\": 1.5, "
			    "\"triton_speedup_geomean\": 1.25}",
			    i ? ", " : "", days[i], i % 10, days[i]);
	strbuf_addstr(sb, "]");
	if (names_last)
		strbuf_addf(sb, ", \"kernel\": \"k\", \"platform_short\": \"%s\"", platform);
	strbuf_addstr(sb, "}");
}

static time_t day(int d)
{
	char iso[32];
	time_t t;

	snprintf(iso, sizeof(iso), "2026-09-%02dT00:00:00Z", d);
	parse_iso_time(iso, &t);
	return t;
}

/* The filters on a dashboard of three rows, their names first or last. */
static void filters(int names_last)
{
	static const int ascending[] = { 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 };
	static const int shuffled[] = { 9, 1, 3, 19, 5, 7 };
	const char *how = names_last ? "names last" : "names first";
	struct dashboard_filter f = DASHBOARD_FILTER_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct dashboard d;
	char *last_date;

	strbuf_addstr(&sb, "{\"summary\": [");
	add_row(&sb, "h100", ascending, 10, names_last);
	add_row(&sb, "b200", ascending, 10, names_last);
	add_row(&sb, "mi350x", shuffled, 6, names_last);
	strbuf_addstr(&sb, "]}");
	dashboard_init(&d);

	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && d.nr_rows == 3 &&
	   d.rows[0].nr_history == 10 && d.rows[1].nr_history == 10 && d.rows[2].nr_history == 6,
	   "%s, no filter: every entry of every row", how);

	f.platform = "h100";
	ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) && d.nr_rows == 3 &&
	   d.rows[0].history_loaded && d.rows[0].nr_history == 10 &&
	   !d.rows[1].history_loaded && !d.rows[1].nr_history && !strcmp(d.rows[1].platform_short, "b200"),
	   "%s, one platform: its history whole, the others' names only", how);

	f.others_window = 1;
	f.others_from = day(6);
	f.others_to = day(12);
	ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) && d.rows[0].nr_history == 10 &&
	   d.rows[1].nr_history == 3 && !strcmp(d.rows[1].history[0].run_id, "7") &&
	   !strcmp(d.rows[1].history[2].run_id, "11"),
	   "%s, the others' entries within the window: days 7, 9 and 11", how);
	ok(d.rows[0].history[0].triton == 1.25 && isnan(d.rows[1].history[0].triton) &&
	   d.rows[1].history[0].helion == 1.5,
	   "%s, the others' entries hold only the Helion speedup", how);
	ok(d.rows[2].nr_history == 2 && !strcmp(d.rows[2].history[0].run_id, "7") &&
	   !strcmp(d.rows[2].history[1].run_id, "9") && d.rows[2].history[0].index == 5,
	   "%s, a row whose dates do not ascend gives exactly the window's entries, sorted", how);

	f.others_from = day(20);
	f.others_to = day(30);
	ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) && d.rows[1].nr_history == 0 &&
	   d.rows[1].history_loaded, "%s, a window after the last entry keeps none", how);

	f.platform = NULL;
	f.others_window = 0;
	f.helion_only = 1;
	ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) && d.rows[2].nr_history == 6 &&
	   d.rows[2].history[0].helion == 1.5 && isnan(d.rows[2].history[0].triton) &&
	   d.rows[2].history[0].total == -1, "%s, helion only: every entry, the speedup alone", how);
	f.helion_only = 0;
	f.platform = "h100";
	f.others_window = 1;

	f.names_only = 1;
	ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) && !d.rows[0].nr_history &&
	   !d.rows[0].history_loaded && !strcmp(d.rows[2].platform_short, "mi350x"),
	   "%s, names only: no history at all", how);

	/* An other platform's entry without a date: the window cannot place it. */
	f.names_only = 0;
	strbuf_reset(&sb);
	strbuf_addstr(&sb, "{\"summary\": [");
	add_row(&sb, "h100", ascending, 2, names_last);
	add_row(&sb, "b200", ascending, 3, names_last);
	strbuf_addstr(&sb, "]}");
	last_date = NULL;
	for (char *at = sb.buf; (at = strstr(at, "\"date\"")); at++)
		last_date = at;
	last_date[1] = 'D';	/* the last row's last entry */
	ok(dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) < 0,
	   "%s, an other platform's entry without a date is an error", how);

	dashboard_release(&d);
	strbuf_release(&sb);
}

/* The last occurrence of s in sb. */
static char *last_of(struct strbuf *sb, const char *s)
{
	char *last = NULL;

	for (char *at = sb->buf; (at = strstr(at, s)); at++)
		last = at;
	return last;
}

/*
 * Rows whose entries start with the same bytes (the same nightlies):
 * the date of an entry is taken from the same position of the row
 * before only when its bytes up to the end of the date are the same, and
 * what follows them is still checked.
 */
static void shared_prefixes(void)
{
	static const int ascending[] = { 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 };
	struct dashboard_filter f = DASHBOARD_FILTER_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct dashboard d;
	char *at;

	f.platform = "h100";
	f.others_window = 1;
	f.others_from = day(6);
	f.others_to = day(12);
	strbuf_addstr(&sb, "{\"summary\": [");
	add_row(&sb, "h100", ascending, 2, 0);
	add_row(&sb, "b200", ascending, 10, 0);
	add_row(&sb, "tpu", ascending, 10, 0);
	strbuf_addstr(&sb, "]}");
	dashboard_init(&d);
	ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) && d.rows[2].nr_history == 3 &&
	   !strcmp(d.rows[2].history[0].run_id, "7") && !strcmp(d.rows[2].history[2].run_id, "11"),
	   "a row repeating the nightlies of the one before: the same window");

	/* run 7 of the last row on day 13: the same run_id and shas, another date */
	at = last_of(&sb, "2026-09-07T");
	memcpy(at, "2026-09-13T", 11);
	ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) && d.rows[2].nr_history == 2 &&
	   !strcmp(d.rows[2].history[0].run_id, "9") && !strcmp(d.rows[2].history[1].run_id, "11") &&
	   d.rows[1].nr_history == 3, "the same run on another date is read again");
	memcpy(at, "2026-09-07T", 11);

	/* the same bytes up to the date, then no comma */
	at = last_of(&sb, "08:20:00Z\", ");
	at[10] = ' ';
	ok(dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) < 0,
	   "what follows the same bytes is still checked");

	dashboard_release(&d);
	strbuf_release(&sb);
}

/*
 * Three rows of the same three nightlies, each with its own speedups; the
 * last entry of the last row has is_nightly last_nightly and ends with
 * last_tail (NULL: its speedup and the closing brace).
 */
static void run_rows(struct strbuf *sb, const char *last_nightly, const char *last_tail)
{
	strbuf_reset(sb);
	strbuf_addstr(sb, "{\"summary\": [");
	for (int r = 0; r < 3; r++) {
		strbuf_addf(sb, "%s{\"kernel\": \"k\", \"platform_short\": \"p%d\", \"history\": [",
			    r ? ", " : "", r);
		for (int i = 0; i < 3; i++) {
			int last = r == 2 && i == 2;

			strbuf_addf(sb, "%s{\"run_id\": \"%d\", \"sha\": \"0000000%d\", "
				    "\"date\": \"2026-09-%02dT00:00:00Z\", \"branch\": \"main\", "
				    "\"is_nightly\": %s", i ? ", " : "", 10 + i, i, 1 + i,
				    last ? last_nightly : "true");
			if (last && last_tail)
				strbuf_addstr(sb, last_tail);
			else
				strbuf_addf(sb, ", \"helion_speedup_geomean\": %.2f}", 1 + r / 10.0 + i / 100.0);
		}
		strbuf_addstr(sb, "]}");
	}
	strbuf_addstr(sb, "]}");
}

/*
 * Rows whose entries start with the same run members (run_id, sha, date,
 * branch, is_nightly): an entry takes them from the same position of the
 * row before only when its bytes are the same up to the end of one of
 * them, and what follows is still walked and checked.
 */
static void shared_run_members(void)
{
	struct dashboard_filter f = DASHBOARD_FILTER_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct dashboard d;
	const struct dash_entry *e;

	dashboard_init(&d);
	for (f.helion_only = 0; f.helion_only < 2; f.helion_only++) {
		run_rows(&sb, "true", NULL);
		ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) &&
		   d.rows[2].nr_history == 3 && (e = &d.rows[2].history[2]) &&
		   !strcmp(e->run_id, "12") && !strcmp(e->sha, "00000002") && e->time == day(3) &&
		   e->is_nightly && !strcmp(e->branch, "main") && e->helion == 1.22 &&
		   d.rows[1].history[1].helion == 1.11 && d.rows[0].history[0].helion == 1,
		   "helion only %d: the same run members, each row's own speedup", f.helion_only);
		memcpy(last_of(&sb, "2026-09-03T"), "2026-09-09T", 11);
		ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) &&
		   d.rows[2].history[2].time == day(9) && d.rows[1].history[2].time == day(3),
		   "helion only %d: another date at the same position is read", f.helion_only);
	}
	run_rows(&sb, "false", NULL);
	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && !d.rows[2].history[2].is_nightly &&
	   d.rows[2].history[2].helion == 1.22, "the same bytes up to is_nightly, then another value");
	run_rows(&sb, "true", ", \"run_id\": \"99\", \"helion_speedup_geomean\": 2}");
	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && !strcmp(d.rows[2].history[2].run_id, "99") &&
	   d.rows[2].history[2].helion == 2, "a key repeated after the same run members: the last counts");
	/* the next parse finds those run members remembered: the repeat still counts */
	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && !strcmp(d.rows[2].history[2].run_id, "99"),
	   "a key repeated after the same run members, parsed again: the last counts");
	run_rows(&sb, "true", " }");
	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && isnan(d.rows[2].history[2].helion),
	   "the same run members and nothing after them");
	run_rows(&sb, "true", ",}");
	ok(dashboard_parse(&d, sb.buf, sb.len, "t") < 0,
	   "a comma and the end after the same run members is not an empty object");
	run_rows(&sb, "true", " \"helion_speedup_geomean\": 2}");
	ok(dashboard_parse(&d, sb.buf, sb.len, "t") < 0,
	   "no comma after the same run members is an error");
	dashboard_release(&d);
	strbuf_release(&sb);
}

/* s inserted into sb before at (a pointer into sb). */
static void insert_before(struct strbuf *sb, const char *at, const char *s)
{
	struct strbuf out = STRBUF_INIT;

	strbuf_add(&out, sb->buf, (size_t)(at - sb->buf));
	strbuf_addstr(&out, s);
	strbuf_addstr(&out, at);
	strbuf_reset(sb);
	strbuf_add(sb, out.buf, out.len);
	strbuf_release(&out);
}

/*
 * Of equal keys the last counts, as JavaScript and Python (the
 * dashboard's page) read them: at the top level, in a row, in an entry,
 * and in an other platform's entry that a window only dates.
 */
static void repeated_keys(void)
{
	static const int ascending[] = { 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 };
	struct dashboard_filter f = DASHBOARD_FILTER_INIT;
	struct strbuf sb = STRBUF_INIT, row = STRBUF_INIT;
	struct dashboard d;
	char *at;

	dashboard_init(&d);
	strbuf_addstr(&sb, "{\"summary\": [");
	add_row(&sb, "h100", ascending, 2, 0);
	strbuf_addstr(&sb, "]}");
	insert_before(&sb, sb.buf + 1, "\"summary\": [], ");
	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && d.nr_rows == 1 &&
	   !strcmp(d.rows[0].platform_short, "h100"), "a summary given twice: the last");
	at = strstr(sb.buf, "[]");
	memcpy(at, "{}", 2);
	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && d.nr_rows == 1,
	   "a summary that is not an array, then one that is: the last");

	strbuf_reset(&sb);
	strbuf_addstr(&sb, "{\"summary\": [");
	add_row(&sb, "h100", ascending, 2, 0);
	strbuf_addstr(&sb, "]}");
	at = strstr(sb.buf, "\"helion_speedup_geomean\": 1.5");
	insert_before(&sb, at, "\"helion_speedup_geomean\": 9.5, ");
	at = last_of(&sb, "\"helion_speedup_geomean\": 1.5");
	insert_before(&sb, at, "\"date\": \"2026-09-13T00:00:00Z\", ");
	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && d.rows[0].history[0].helion == 1.5 &&
	   d.rows[0].history[1].time == day(13), "a metric or a date given twice: the last");
	at = strstr(sb.buf, "\"helion_speedup_geomean\": 9.5");
	insert_before(&sb, at, "\"baselines\": {\"torch\": {\"geomean\": 1, \"geomean\": 2}, "
		      "\"vllm\": {\"geomean\": 3}, \"torch\": {\"geomean\": 4, \"geomean\": 5}}, ");
	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && d.rows[0].history[0].nr_baselines == 2 &&
	   !strcmp(d.rows[0].history[0].baselines[0].name, "vllm") &&
	   d.rows[0].history[0].baselines[1].geomean == 5, "a baseline given twice: the last");

	/* a row whose names and history are each given twice */
	strbuf_reset(&row);
	add_row(&row, "b200", ascending, 10, 0);
	row.buf[--row.len] = '\0';	/* the closing brace */
	strbuf_addstr(&row, ", \"platform_short\": \"tpu\", \"history\": []}");
	for (int names_first = 0; names_first < 2; names_first++) {
		strbuf_reset(&sb);
		strbuf_addstr(&sb, "{\"summary\": [");
		add_row(&sb, "h100", ascending, 10, !names_first);
		strbuf_addf(&sb, ", %s]}", row.buf);
		f.platform = "b200";
		ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) &&
		   !strcmp(d.rows[1].platform_short, "tpu") && !d.rows[1].history_loaded,
		   "%s: a row's names given twice: the last",
		   names_first ? "names first" : "names last");
		f.platform = "tpu";
		ok(!dashboard_parse_filtered(&d, sb.buf, sb.len, "t", &f) &&
		   d.rows[1].history_loaded && !d.rows[1].nr_history,
		   "%s: a row's history given twice: the last",
		   names_first ? "names first" : "names last");
	}

	/* an other platform's entry, only dated by a window, with two dates */
	f.platform = "h100";
	f.others_window = 1;
	f.others_from = day(6);
	f.others_to = day(12);
	strbuf_reset(&sb);
	strbuf_addstr(&sb, "{\"summary\": [");
	add_row(&sb, "h100", ascending, 2, 0);
	add_row(&sb, "b200", ascending, 10, 0);
	add_row(&sb, "mi350x", ascending, 10, 0);
	strbuf_addstr(&sb, "]}");
	for (int escaped = 0; escaped < 2; escaped++) {
		struct strbuf dup = STRBUF_INIT;

		strbuf_add(&dup, sb.buf, sb.len);
		at = last_of(&dup, "\"helion_speedup_geomean\": 1.5");
		insert_before(&dup, at, escaped ? "\"d\\u0061te\": \"2026-09-08T00:00:00Z\", " :
				       "\"date\": \"2026-09-08T00:00:00Z\", ");
		ok(!dashboard_parse_filtered(&d, dup.buf, dup.len, "t", &f) &&
		   d.rows[1].nr_history == 3 && d.rows[2].nr_history == 4 &&
		   !strcmp(d.rows[2].history[1].run_id, "19"),
		   "an other platform's entry with two dates%s: the last places it",
		   escaped ? ", the last spelt with an escape" : "");
		strbuf_release(&dup);
	}

	dashboard_release(&d);
	strbuf_release(&sb);
	strbuf_release(&row);
}

int main(void)
{
	repeated_keys();
	filters(0);
	filters(1);
	shared_prefixes();
	shared_run_members();
	return done_testing();
}
