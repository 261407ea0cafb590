#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "util/clock.h"
#include "util/quote.h"
#include "dashboard/curl-lib.h"
#include "dashboard/http.h"

#ifndef BENCHTRIAGE_VERSION
#define BENCHTRIAGE_VERSION "0.1"
#endif

#define FETCH_RETRIES 2
#define FETCH_FIRST_BACKOFF_MS 200
#define FETCH_CONNECT_TIMEOUT 10L
#define FETCH_MAX_REDIRS 5L

/* libcurl, loaded by the first fetch_url() (dashboard/curl-lib.h says why). */
static const struct curl_lib *lc;

struct transfer {
	const struct fetch_request *req;
	char *shown_url;	/* req->url without credentials */
	struct strbuf *body;
	int too_large;
	int shown;		/* a progress line is on stderr */
	long long last_key;	/* what the progress line last showed */
};

static void add_size(struct strbuf *sb, long long n)
{
	if (n >= 1 << 20 && !(n & ((1 << 20) - 1)))
		strbuf_addf(sb, "%lld MiB", n >> 20);
	else if (n >= 1 << 20)
		strbuf_addf(sb, "%.1f MiB", n / 1048576.0);
	else if (n >= 1 << 10)
		strbuf_addf(sb, "%.1f KiB", n / 1024.0);
	else
		strbuf_addf(sb, "%lld bytes", n);
}

static size_t on_data(char *ptr, size_t size, size_t nmemb, void *data)
{
	struct transfer *t = data;
	size_t n = size * nmemb;

	if (t->body->len + n > t->req->max_size) {
		t->too_large = 1;
		return 0;	/* aborts the transfer with CURLE_WRITE_ERROR */
	}
	strbuf_add(t->body, ptr, n);
	return n;
}

/* "downloading 'url': 45% (1.2 MiB of 2.6 MiB)", redrawn when the percentage moves. */
static int on_progress(void *data, curl_off_t dltotal, curl_off_t dlnow,
		       curl_off_t ultotal, curl_off_t ulnow)
{
	struct transfer *t = data;
	struct strbuf line = STRBUF_INIT;
	long long key = dltotal > 0 ? dlnow * 100 / dltotal : dlnow >> 17;

	(void)ultotal;
	(void)ulnow;
	if (!dlnow || key == t->last_key)
		return 0;
	t->last_key = key;
	strbuf_addf(&line, "\rdownloading '%s': ", quote_term(t->shown_url));
	if (dltotal > 0) {
		strbuf_addf(&line, "%3lld%% (", key);
		add_size(&line, dlnow);
		strbuf_addstr(&line, " of ");
		add_size(&line, dltotal);
		strbuf_addch(&line, ')');
	} else {
		add_size(&line, dlnow);
	}
	fputs(line.buf, stderr);
	t->shown = 1;
	strbuf_release(&line);
	return 0;
}

static CURL *setup(const struct fetch_request *req, struct transfer *t,
		   struct curl_slist **headers, char *errbuf)
{
	CURL *curl;

	curl = lc->easy_init();
	if (!curl)
		return NULL;
	lc->easy_setopt(curl, CURLOPT_URL, req->url);
	lc->easy_setopt(curl, CURLOPT_ERRORBUFFER, errbuf);
	lc->easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
#if LIBCURL_VERSION_NUM >= 0x075500
	lc->easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
	lc->easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
	lc->easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	lc->easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	lc->easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
	lc->easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
	/* Credentials come from ~/.netrc, so that no URL shown or stored carries them. */
	lc->easy_setopt(curl, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
	lc->easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
	lc->easy_setopt(curl, CURLOPT_MAXREDIRS, FETCH_MAX_REDIRS);
	lc->easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, FETCH_CONNECT_TIMEOUT);
	lc->easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)req->max_size);
	lc->easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
	lc->easy_setopt(curl, CURLOPT_USERAGENT, "benchtriage/" BENCHTRIAGE_VERSION);
	lc->easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_data);
	lc->easy_setopt(curl, CURLOPT_WRITEDATA, t);
	if (req->progress) {
		lc->easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
		lc->easy_setopt(curl, CURLOPT_XFERINFODATA, t);
		lc->easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
	}
	if (req->etag) {
		char *h = xstrfmt("If-None-Match: %s", req->etag);

		*headers = lc->slist_append(*headers, h);
		free(h);
	}
	if (req->last_modified) {
		char *h = xstrfmt("If-Modified-Since: %s", req->last_modified);

		*headers = lc->slist_append(*headers, h);
		free(h);
	}
	lc->easy_setopt(curl, CURLOPT_HTTPHEADER, *headers);
	return curl;
}

/* Worth another attempt: the server or the path to it may recover. */
static int transient(CURLcode code, long status)
{
	switch (code) {
	case CURLE_OK:
		return status >= 500;
	case CURLE_COULDNT_CONNECT:
	case CURLE_OPERATION_TIMEDOUT:
	case CURLE_GOT_NOTHING:
	case CURLE_SEND_ERROR:
	case CURLE_RECV_ERROR:
	case CURLE_PARTIAL_FILE:
		return 1;
	default:
		return 0;
	}
}

/* The reason a transfer failed, worded for "cannot download 'url': <reason>". */
static void describe_failure(struct strbuf *sb, CURL *curl, CURLcode code, long status,
			     const struct transfer *t, const char *errbuf)
{
	curl_off_t got = 0, want = -1, connect_us = 0;
	long os_errno = 0;
	char *where = NULL;

	if (code == CURLE_OK) {
		strbuf_addf(sb, "HTTP %ld", status);
	} else if (t->too_large || code == CURLE_FILESIZE_EXCEEDED) {
		strbuf_addstr(sb, "the response is larger than ");
		add_size(sb, (long long)t->req->max_size);
	} else if (code == CURLE_OPERATION_TIMEDOUT) {
		lc->easy_getinfo(curl, CURLINFO_CONNECT_TIME_T, &connect_us);
		if (connect_us)
			strbuf_addf(sb, "timed out after %ld second%s", t->req->timeout,
				    t->req->timeout == 1 ? "" : "s");
		else
			strbuf_addf(sb, "cannot connect within %ld seconds", FETCH_CONNECT_TIMEOUT);
	} else if (code == CURLE_PARTIAL_FILE) {
		lc->easy_getinfo(curl, CURLINFO_SIZE_DOWNLOAD_T, &got);
		lc->easy_getinfo(curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &want);
		strbuf_addf(sb, "the transfer was cut short after %lld", (long long)got);
		if (want >= 0)
			strbuf_addf(sb, " of %lld", (long long)want);
		strbuf_addstr(sb, " bytes");
	} else if (code == CURLE_UNSUPPORTED_PROTOCOL &&
		   !lc->easy_getinfo(curl, CURLINFO_EFFECTIVE_URL, &where) && where) {
		/* The first URL was checked: only a redirect can get here. */
		strbuf_addf(sb, "redirected to '%s', which is not http or https", where);
	} else if (code == CURLE_COULDNT_CONNECT &&
		   !lc->easy_getinfo(curl, CURLINFO_OS_ERRNO, &os_errno) && os_errno) {
		strbuf_addf(sb, "cannot connect: %s", strerror((int)os_errno));
	} else {
		strbuf_addstr(sb, *errbuf ? errbuf : lc->easy_strerror(code));
	}
}

/* A validator, or NULL when absent or too long to send back (a server would refuse it). */
static char *header_value(CURL *curl, const char *name)
{
	struct curl_header *h;

	if (lc->easy_header(curl, name, 0, CURLH_HEADER, -1, &h) != CURLHE_OK ||
	    strlen(h->value) > FETCH_MAX_VALIDATOR)
		return NULL;
	return xstrdup(h->value);
}

char *fetch_public_url(const char *url)
{
	const char *host = strstr(url, "://");
	const char *at, *end;

	if (!host)
		return xstrdup(url);
	host += 3;
	end = host + strcspn(host, "/?#");
	at = memchr(host, '@', (size_t)(end - host));
	/* The last @ of the authority ends the userinfo. */
	while (at && memchr(at + 1, '@', (size_t)(end - at - 1)))
		at = memchr(at + 1, '@', (size_t)(end - at - 1));
	if (!at)
		return xstrdup(url);
	return xstrfmt("%.*s%s", (int)(host - url), url, at + 1);
}

enum fetch_outcome fetch_url(const struct fetch_request *req, struct fetch_result *res)
{
	struct transfer t = { req, fetch_public_url(req->url), &res->body, 0, 0, -1 };
	struct curl_slist *headers = NULL;
	char errbuf[CURL_ERROR_SIZE];
	CURLcode code;
	CURL *curl;
	int attempt;
	enum fetch_outcome outcome = FETCH_FAILED;
	/* One deadline for every attempt and the pauses between them. */
	double deadline = clock_seconds() + req->timeout, left;
	struct strbuf why = STRBUF_INIT;

	lc = curl_lib_load(&why);
	curl = lc ? setup(req, &t, &headers, errbuf) : NULL;
	if (!curl) {
		if (lc)
			lc->slist_free_all(headers);
		res->error = why.len ? strbuf_detach(&why, NULL) : xstrdup("cannot initialise libcurl");
		free(t.shown_url);
		return FETCH_FAILED;
	}
	for (attempt = 1; ; attempt++) {
		strbuf_reset(&res->body);
		t.too_large = 0;
		t.last_key = -1;
		errbuf[0] = '\0';
		left = (deadline - clock_seconds()) * 1000;
		lc->easy_setopt(curl, CURLOPT_TIMEOUT_MS, left > 1 ? (long)left : 1L);
		code = lc->easy_perform(curl);
		res->status = 0;
		lc->easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &res->status);
		if (t.shown) {
			fputs(code == CURLE_OK ? ", done.\n" : "\n", stderr);
			t.shown = 0;
		}
		if (attempt > FETCH_RETRIES || !transient(code, res->status) ||
		    code == CURLE_OPERATION_TIMEDOUT ||
		    clock_seconds() + (FETCH_FIRST_BACKOFF_MS << (attempt - 1)) / 1000.0 >= deadline)
			break;
		clock_sleep_ms((long)FETCH_FIRST_BACKOFF_MS << (attempt - 1));
	}

	if (code == CURLE_OK && res->status >= 200 && res->status < 300)
		outcome = FETCH_OK;
	else if (code == CURLE_OK && res->status == 304)
		outcome = FETCH_NOT_MODIFIED;
	if (outcome != FETCH_FAILED) {
		res->etag = header_value(curl, "ETag");
		res->last_modified = header_value(curl, "Last-Modified");
	} else {
		describe_failure(&why, curl, code, res->status, &t, errbuf);
		if (attempt > 1)
			strbuf_addf(&why, " (%d attempts)", attempt);
		res->error = strbuf_detach(&why, NULL);
	}
	if (outcome != FETCH_OK)
		strbuf_reset(&res->body);
	lc->slist_free_all(headers);
	lc->easy_cleanup(curl);
	free(t.shown_url);
	return outcome;
}

void fetch_result_release(struct fetch_result *res)
{
	strbuf_release(&res->body);
	free(res->etag);
	free(res->last_modified);
	free(res->error);
	res->etag = res->last_modified = res->error = NULL;
	res->status = 0;
}
