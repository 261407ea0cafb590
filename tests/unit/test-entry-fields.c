/*
 * entry.h's lists of an entry's fields drive both ends: an entry whose
 * members are written from the lists (each field under the member name
 * its list gives, with a value of its own) is read into every field, and
 * the parsed cache's record carries every field back. A field added to a
 * list is tested here without a line of this file changing.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tap.h"
#include "util/strbuf.h"
#include "dashboard/dashboard.h"
#include "dashboard/parsed.h"
#include "dashboard/cache.h"

/* A string field's value: its name (date: an ISO time, as it must be). */
static const char *string_value(const char *name)
{
	return strcmp(name, "date") ? name : "2026-09-01T08:20:00Z";
}

/* The k-th metric's value: 1.5, 2.5, ... (in range, not 0). */
static double metric_value(int k)
{
	return 1.5 + k;
}

/* The k-th count's value: 1, 2, ... (helion_wins, first, under total). */
static int count_value(int k)
{
	return 1 + k;
}

/* A one-row dashboard whose single entry has each listed field, into sb. */
static void dashboard_of_lists(struct strbuf *sb)
{
	int metric = 0, count = 0;

	strbuf_addstr(sb, "{\"summary\": [{\"kernel\": \"k\", \"platform_short\": \"p\", "
		      "\"history\": [{\"is_nightly\": true");
#define ADD_STRING(name, ...) strbuf_addf(sb, ", \"%s\": \"%s\"", #name, string_value(#name));
#define ADD_METRIC(name, member, ...) strbuf_addf(sb, ", \"%s\": %g", #member, metric_value(metric++));
#define ADD_COUNT(name) strbuf_addf(sb, ", \"%s\": %d", #name, count_value(count++));
	DASH_ENTRY_STRINGS(ADD_STRING)
	DASH_ENTRY_METRICS(ADD_METRIC)
	DASH_ENTRY_COUNTS(ADD_COUNT)
	strbuf_addstr(sb, "}]}]}");
}

/* Whether every listed field of e holds its value; *nr: how many were checked. */
static int entry_has_values(const struct dash_entry *e, int *nr)
{
	int metric = 0, count = 0, bad = 0;

	*nr = 0;
#define CHECK_STRING(name, ...) bad += !e->name || strcmp(e->name, string_value(#name)), ++*nr;
#define CHECK_METRIC(name, ...) bad += e->name != metric_value(metric++), ++*nr;
#define CHECK_COUNT(name) bad += e->name != count_value(count++), ++*nr;
	DASH_ENTRY_STRINGS(CHECK_STRING)
	DASH_ENTRY_METRICS(CHECK_METRIC)
	DASH_ENTRY_COUNTS(CHECK_COUNT)
	return !bad;
}

int main(void)
{
#define ONE(...) + 1
	const int nr_fields = 0 DASH_ENTRY_STRINGS(ONE) DASH_ENTRY_METRICS(ONE) DASH_ENTRY_COUNTS(ONE);
	char dir[] = "/tmp/bt-test-entry-fields.XXXXXX";
	struct dashboard_filter f = DASHBOARD_FILTER_INIT;
	struct strbuf sb = STRBUF_INIT, json = STRBUF_INIT, cached = STRBUF_INIT;
	struct dashboard d, back;
	struct cache_key key;
	struct stat st;
	uint64_t hash = 42;
	int nr;

	dashboard_of_lists(&sb);
	dashboard_init(&d);
	dashboard_init(&back);
	ok(!dashboard_parse(&d, sb.buf, sb.len, "t") && d.nr_rows == 1 && d.rows[0].nr_history == 1,
	   "an entry written from the lists parses");
	ok(entry_has_values(&d.rows[0].history[0], &nr) && nr == nr_fields,
	   "each of the lists' %d fields is read from the member its list names", nr_fields);

	if (!mkdtemp(dir))
		return 1;
	strbuf_addf(&json, "%s/d.json", dir);
	strbuf_addf(&cached, "%s/d.parsed", dir);
	ok(!cache_write_atomic(json.buf, sb.buf, sb.len) && !stat(json.buf, &st) && !cache_key(&key),
	   "the dashboard written to a file");
	parsed_cache_write(&d, cached.buf, json.buf, &st, &f, hash, &key);
	ok(!parsed_cache_read(&back, cached.buf, json.buf, &st, &f, &hash, &key) &&
	   back.nr_rows == 1 && back.rows[0].nr_history == 1, "its parsed cache is read back");
	ok(entry_has_values(&back.rows[0].history[0], &nr) && nr == nr_fields,
	   "and the cache's record carries each of the %d fields", nr_fields);

	unlink(cached.buf);
	unlink(json.buf);
	rmdir(dir);
	dashboard_release(&d);
	dashboard_release(&back);
	strbuf_release(&sb);
	strbuf_release(&json);
	strbuf_release(&cached);
	return done_testing();
}
