#include "util/usage.h"
#include "history/options-check.h"

int window_options_check(const struct window_options *o)
{
	const struct dashboard_source *src = &o->source;

	if (src->file && src->url)
		return error("options '--file' and '--url' cannot be used together");
	if (src->offline && src->refresh)
		return error("options '--offline' and '--refresh' cannot be used together");
	if (src->timeout != DASHBOARD_TIMEOUT_UNSET &&
	    (src->timeout < 1 || src->timeout > WINDOW_MAX_TIMEOUT))
		return error("--timeout must be 1 to %d seconds, not %d", WINDOW_MAX_TIMEOUT,
			     src->timeout);
	if (o->span < 1 || o->span > WINDOW_MAX_SPAN)
		return error("--span must be 1 to %d days, not %d", WINDOW_MAX_SPAN, o->span);
	return 0;
}

static int check_url_key(struct config *cfg, const char *key)
{
	const char *v;

	if (config_get_value(cfg, key, &v) == CONFIG_INVALID)
		return -1;
	if (v && !*v)
		return error("empty value for '%s': give a dashboard URL or unset it", key);
	return 0;
}

int window_source_check_config(const struct window_options *o, struct config *cfg)
{
	if (o->source.file || o->source.url || o->source.default_url)
		return 0;
	if (o->source.pretuned && check_url_key(cfg, "bench.pretunedUrl"))
		return -1;
	return check_url_key(cfg, "bench.url");
}
