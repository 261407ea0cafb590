#include <string.h>
#include "util/usage.h"
#include "bisect/metric-pattern.h"

int metric_pattern_init(struct metric_pattern *mp, const char *pattern, struct strbuf *err)
{
	struct strbuf why = STRBUF_INIT;
	uint32_t groups = 0;

	memset(mp, 0, sizeof(*mp));
	regex_init(&mp->re);
	mp->pattern = xstrdup(pattern);
	/* PCRE2_MATCH_INVALID_UTF: output that is not UTF-8 is still searched. */
	if (regex_compile(&mp->re, pattern, PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &why)) {
		strbuf_addf(err, "invalid metric pattern '%s': %s", pattern, why.buf);
		strbuf_release(&why);
		return -1;
	}
	pcre2_pattern_info(mp->re.code, PCRE2_INFO_CAPTURECOUNT, &groups);
	if (!groups) {
		strbuf_addf(err, "metric pattern '%s' has no capture group: put the number in "
			    "parentheses, as in 'latency: ([0-9.]+) ms'", pattern);
		return -1;
	}
	return 0;
}

void metric_pattern_release(struct metric_pattern *mp)
{
	regex_release(&mp->re);
	free(mp->pattern);
	memset(mp, 0, sizeof(*mp));
}

enum metric_pattern_found metric_pattern_find(struct metric_pattern *mp, const char *out, size_t len,
					      struct strbuf *value, struct strbuf *err)
{
	size_t end = len;

	/* Line by line from the last one; a line ends before its "\n" (and "\r"). */
	for (;;) {
		struct strbuf why = STRBUF_INIT;
		size_t start = end, n, from, to;
		int rc;

		while (start > 0 && out[start - 1] != '\n')
			start--;
		n = end - start;
		if (n && out[start + n - 1] == '\r')
			n--;
		rc = regex_match(&mp->re, out + start, n, &why);
		/* The last matching line decides, with its group or without. */
		if (rc > 0) {
			if (!regex_group(&mp->re, 1, &from, &to)) {
				strbuf_add(value, out + start, n);
				return PATTERN_NO_GROUP;
			}
			strbuf_add(value, out + start + from, to - from);
			return PATTERN_GROUP;
		}
		if (rc < 0) {
			strbuf_addf(err, "cannot match the metric pattern '%s': %s", mp->pattern,
				    why.buf);
			strbuf_release(&why);
			return PATTERN_ERROR;
		}
		if (!start)
			return PATTERN_NO_LINE;
		end = start - 1;
	}
}
