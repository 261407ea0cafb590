#ifndef DASHBOARD_HTTP_H
#define DASHBOARD_HTTP_H

#include <stddef.h>
#include "util/strbuf.h"

/*
 * One HTTP(S) GET with libcurl, hardened for a static JSON file: TLS
 * verification on, http and https only (redirects too, at most 5), a 10 s
 * connect timeout, gzip accepted, a size cap, and up to two retries
 * (0.2 s, then 0.4 s apart) on 5xx, refused and dropped connections, all
 * within one deadline (req->timeout). Credentials come from ~/.netrc
 * (CURLOPT_NETRC, optional) or the URL; messages never show the latter.
 */

#define FETCH_MAX_SIZE ((size_t)512 << 20)
/* Validators (ETag, Last-Modified) longer than this are ignored, never sent back. */
#define FETCH_MAX_VALIDATOR 1024

struct fetch_request {
	const char *url;
	const char *etag;		/* sent as If-None-Match, or NULL */
	const char *last_modified;	/* sent as If-Modified-Since, or NULL */
	long timeout;			/* seconds for the whole fetch, retries included */
	size_t max_size;		/* bytes of (decoded) body */
	int progress;			/* show a progress meter on stderr */
};

struct fetch_result {
	long status;		/* the final HTTP status, 0 when there was no response */
	struct strbuf body;	/* the body of a 2xx response */
	char *etag;		/* validators of a 2xx or 304 response, or NULL */
	char *last_modified;
	char *error;		/* why FETCH_FAILED, e.g. "HTTP 404" */
};

#define FETCH_RESULT_INIT { 0, STRBUF_INIT, NULL, NULL, NULL }

enum fetch_outcome {
	FETCH_FAILED = -1,
	FETCH_OK = 0,		/* a 2xx response, the whole body in res->body */
	FETCH_NOT_MODIFIED = 1,	/* 304: the validators still hold */
};

/* Perform req into res (initialised by the caller, released with fetch_result_release()). */
enum fetch_outcome fetch_url(const struct fetch_request *req, struct fetch_result *res);

void fetch_result_release(struct fetch_result *res);

/* url without its userinfo ("user:token@"), for messages and storage; the caller frees it. */
char *fetch_public_url(const char *url);

#endif
