#ifndef HISTORY_SLICE_H
#define HISTORY_SLICE_H

#include "util/regex.h"
#include "util/strvec.h"

/*
 * A platform's slice of the history: commits whose subject matches a PCRE2
 * pattern (bracket tags such as [cute]/[cutedsl], also inside stacked tags
 * like "[cute] [reland]") or that touch one of a list of path prefixes.
 * Its regex holds the last match: a thread that matches needs its own.
 */
struct slice {
	char *pattern;		/* owned */
	struct regex re;	/* owned; empty when the pattern did not compile */
	struct strvec paths;	/* path prefixes; may be empty */
};

/*
 * The default pattern for a platform_short: the backend suffix decides
 * (b200_cute -> [cute] or [cutedsl], any case; another suffix is taken
 * literally, its metacharacters escaped); platforms without one map
 * by hardware (mi* -> [rocm]/[amd], tpu* -> [pallas]/[tpu], else [triton]).
 * Returns a malloc'd string.
 */
char *slice_default_pattern(const char *platform);

/* Default path prefixes for a platform's backend (helion/_compiler/cute/ ...), appended to paths. */
void slice_default_paths(const char *platform, struct strvec *paths);

/*
 * Compile pattern (JIT where available). An invalid pattern prints PCRE2's
 * message with the offset, after "<key>: " when key (the configuration
 * key it came from) is not NULL, and returns -1.
 */
int slice_init(struct slice *s, const char *pattern, const char *key);
void slice_release(struct slice *s);

/*
 * 1 when subject matches the pattern, 0 when it does not; -1 with an error
 * printed when PCRE2 cannot tell (match or depth limit, JIT stack).
 */
int slice_match_subject(struct slice *s, const char *subject);

#endif
