#include "util/strbuf.h"
#include "dashboard/cache.h"
#include "dashboard/parsed-format.h"

/*
 * The parts of the parsed cache's format that both its reader (parsed.c)
 * and its writer (parsed-write.c) compute: the key a file records, the
 * payload's hash and the header's seal.
 */

void parsed_filter_key(struct strbuf *sb, const struct dashboard_filter *f)
{
	if (f && f->names_only)
		strbuf_addstr(sb, "names");
	else if (f && f->platform)
		strbuf_addf(sb, "platform=%s", f->platform);
	if (f && !f->names_only && f->platform && f->others_window)
		strbuf_addf(sb, " others=%lld..%lld", (long long)f->others_from, (long long)f->others_to);
	else
		strbuf_addstr(sb, "all");
	if (f && !f->names_only && f->helion_only)
		strbuf_addstr(sb, " helion");
	if (f && !f->names_only && f->keep_going)
		strbuf_addstr(sb, " keep-going");
}

void parsed_cache_key(struct strbuf *sb, const char *source, const struct dashboard_filter *f)
{
	strbuf_addstr(sb, source);
	strbuf_addch(sb, '\0');
	parsed_filter_key(sb, f);
}

uint64_t parsed_payload_hash_end(uint64_t h, const struct parsed_counts *c, uint64_t len,
				 const struct cache_key *key)
{
	h = cache_text_hash_add_keyed(h, c, sizeof(*c), key);
	return cache_text_hash_add_keyed(h, &len, sizeof(len), key);
}

uint64_t parsed_payload_hash(const void *payload, size_t len, const struct cache_key *key)
{
	const char *p = payload;
	uint64_t h = 0;

	if (len < sizeof(struct parsed_counts))
		return cache_hash_keyed(p, len, key);	/* no payload: any value does */
	for (size_t at = sizeof(struct parsed_counts), n; at < len; at += n) {
		n = len - at < PARSED_CHUNK ? len - at : PARSED_CHUNK;
		h = cache_text_hash_add_keyed(h, p + at, n, key);
	}
	return parsed_payload_hash_end(h, payload, len, key);
}

uint64_t parsed_seal(const struct parsed_header *h, uint64_t payload_hash,
		     const struct cache_key *key)
{
	struct parsed_header sealed = *h;

	sealed.seal = payload_hash;
	return cache_hash_keyed(&sealed, sizeof(sealed), key);
}
