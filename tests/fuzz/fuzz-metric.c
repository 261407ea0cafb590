/*
 * A benchmark's output, the least trusted input of `run --metric`: the
 * last line that matches a metric pattern and its group
 * (metric_pattern_find()), and the number read from a line
 * (bisect_metric_parse()). A value read is finite and within the
 * metric's range, never -0, whatever the bytes; a group found lies inside the
 * output.
 */
#include <math.h>
#include "bisect/bisect.h"
#include "bisect/metric-pattern.h"
#include "fuzz.h"

static const char *const patterns[] = {
	"^latency: ([0-9.eE+-]+) ms$",
	"(\\d+(?:\\.\\d+)?)\\s*(?:us|ms)",
	"^(?:n/a|([0-9.]+))$",
};

static void check_number(const char *s, size_t len)
{
	double v;

	if (bisect_metric_parse(s, len, &v) == METRIC_VALUE &&
	    (!isfinite(v) || fabs(v) > BISECT_METRIC_MAX || (v != 0 && fabs(v) < BISECT_METRIC_MIN) ||
	     (v == 0 && signbit(v))))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct metric_pattern mp[sizeof(patterns) / sizeof(*patterns)];
	static int ready;
	struct strbuf value = STRBUF_INIT, err = STRBUF_INIT;
	char *s = fuzz_string(data, size);

	if (!ready) {
		for (size_t i = 0; i < sizeof(patterns) / sizeof(*patterns); i++)
			if (metric_pattern_init(&mp[i], patterns[i], &err))
				abort();
		ready = 1;
	}
	check_number(s, size);
	for (size_t i = 0; i < sizeof(patterns) / sizeof(*patterns); i++) {
		strbuf_reset(&value);
		strbuf_reset(&err);
		if (metric_pattern_find(&mp[i], s, size, &value, &err) == PATTERN_GROUP) {
			if (value.len > size)
				abort();
			check_number(value.buf, value.len);
		}
	}
	strbuf_release(&value);
	strbuf_release(&err);
	free(s);
	return 0;
}
