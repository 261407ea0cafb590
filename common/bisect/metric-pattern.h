#ifndef BISECT_METRIC_PATTERN_H
#define BISECT_METRIC_PATTERN_H

#include "util/regex.h"
#include "util/strbuf.h"

/*
 * --metric-pattern (benchbisect.metricPattern): where the number is in a
 * run's output that says more than a number ("softmax latency: 0.9943
 * ms"): the first capture group of the last line that matches a PCRE2
 * pattern.
 */
struct metric_pattern {
	char *pattern;		/* owned */
	struct regex re;	/* owned */
};

/*
 * Compile pattern. Returns 0, or -1 with the reason in err: PCRE2's
 * message and offset, or that it has no capture group.
 */
int metric_pattern_init(struct metric_pattern *mp, const char *pattern, struct strbuf *err);
void metric_pattern_release(struct metric_pattern *mp);

/* What metric_pattern_find() found. */
enum metric_pattern_found {
	PATTERN_ERROR = -1,	/* matching failed (a match limit): the reason in err */
	PATTERN_NO_LINE,	/* no line matches */
	PATTERN_GROUP,		/* the first group of the last matching line, in value */
	PATTERN_NO_GROUP	/* the last matching line, in value: its first group took
				 * no part in the match ("x (\d+)|y (\d+)" on "y 5") */
};

/* The first capture group of the last line of out[0..len) that matches, appended to value. */
enum metric_pattern_found metric_pattern_find(struct metric_pattern *mp, const char *out, size_t len,
					      struct strbuf *value, struct strbuf *err);

#endif
