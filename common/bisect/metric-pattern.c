#include <string.h>
#include "util/usage.h"
#include "bisect/metric-pattern.h"

static void add_pcre2_message(struct strbuf *sb, int code)
{
	PCRE2_UCHAR msg[256];

	pcre2_get_error_message(code, msg, sizeof(msg));
	strbuf_addstr(sb, (const char *)msg);
}

int metric_pattern_init(struct metric_pattern *mp, const char *pattern, struct strbuf *err)
{
	uint32_t groups = 0;
	PCRE2_SIZE offset;
	int code;

	memset(mp, 0, sizeof(*mp));
	mp->pattern = xstrdup(pattern);
	/* PCRE2_MATCH_INVALID_UTF: output that is not UTF-8 is still searched. */
	mp->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
				 PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code, &offset, NULL);
	if (!mp->code) {
		strbuf_addf(err, "invalid metric pattern '%s': ", pattern);
		add_pcre2_message(err, code);
		strbuf_addf(err, " at offset %zu", (size_t)offset);
		return -1;
	}
	pcre2_pattern_info(mp->code, PCRE2_INFO_CAPTURECOUNT, &groups);
	if (!groups) {
		strbuf_addf(err, "metric pattern '%s' has no capture group: put the number in "
			    "parentheses, as in 'latency: ([0-9.]+) ms'", pattern);
		return -1;
	}
	/* JIT is an optimisation: when it is unavailable, matching still works. */
	pcre2_jit_compile(mp->code, PCRE2_JIT_COMPLETE);
	mp->match = pcre2_match_data_create_from_pattern(mp->code, NULL);
	return 0;
}

void metric_pattern_release(struct metric_pattern *mp)
{
	pcre2_match_data_free(mp->match);
	pcre2_code_free(mp->code);
	free(mp->pattern);
	memset(mp, 0, sizeof(*mp));
}

int metric_pattern_find(struct metric_pattern *mp, const char *out, size_t len,
			struct strbuf *value, struct strbuf *err)
{
	size_t end = len;

	/* Line by line from the last one; a line ends before its "\n" (and "\r"). */
	for (;;) {
		size_t start = end, n;
		PCRE2_SIZE *ov;
		int rc;

		while (start > 0 && out[start - 1] != '\n')
			start--;
		n = end - start;
		if (n && out[start + n - 1] == '\r')
			n--;
		rc = pcre2_match(mp->code, (PCRE2_SPTR)(out + start), n, 0, 0, mp->match, NULL);
		if (rc >= 0) {
			/* The last matching line decides, with its group or without. */
			ov = pcre2_get_ovector_pointer(mp->match);
			if (rc < 2 || ov[2] == PCRE2_UNSET)
				return 0;
			strbuf_add(value, out + start + ov[2], ov[3] - ov[2]);
			return 1;
		}
		if (rc != PCRE2_ERROR_NOMATCH) {
			strbuf_addf(err, "cannot match the metric pattern '%s': ", mp->pattern);
			add_pcre2_message(err, rc);
			return -1;
		}
		if (!start)
			return 0;
		end = start - 1;
	}
}
