#ifndef HISTORY_OPTIONS_CHECK_H
#define HISTORY_OPTIONS_CHECK_H

#include "util/config.h"
#include "history/window.h"

/* The widest --span: ten years either side is already more than any dashboard holds. */
#define WINDOW_MAX_SPAN 3650
/* The longest --timeout, in seconds. */
#define WINDOW_MAX_TIMEOUT 3600

/*
 * The window options checked where they enter, before anything runs:
 * --file with --url, --offline with --refresh, a --timeout or --span out
 * of range. Returns -1 with an error printed (the caller shows the usage
 * and exits 129), else 0.
 */
int window_options_check(const struct window_options *o);

/*
 * The configured dashboard URL, when the options leave it to the
 * configuration: bench.url (and bench.pretunedUrl with --pretuned) given
 * without a value or empty is an error naming the key, not the URL
 * "true" or "". Returns -1 with the error printed, else 0.
 */
int window_source_check_config(const struct window_options *o, struct config *cfg);

#endif
