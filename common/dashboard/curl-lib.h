#ifndef DASHBOARD_CURL_LIB_H
#define DASHBOARD_CURL_LIB_H

#include <curl/curl.h>
#include "util/strbuf.h"

/*
 * libcurl's entry points, looked up with dlopen() on the first download
 * instead of linked: libcurl and the libraries it pulls in (TLS, Kerberos,
 * LDAP, IDN, ...) cost every process about 5 ms to map and relocate, and
 * most runs (the parsed cache, --file, --offline, TAB completion) never
 * download. Only the functions http.c calls are here.
 */
struct curl_lib {
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *curl, CURLoption option, ...);
	CURLcode (*easy_getinfo)(CURL *curl, CURLINFO info, ...);
	CURLcode (*easy_perform)(CURL *curl);
	void (*easy_cleanup)(CURL *curl);
	const char *(*easy_strerror)(CURLcode code);
	CURLHcode (*easy_header)(CURL *curl, const char *name, size_t index,
				 unsigned int origin, int request, struct curl_header **hout);
	struct curl_slist *(*slist_append)(struct curl_slist *list, const char *s);
	void (*slist_free_all)(struct curl_slist *list);
};

/*
 * The table, with curl_global_init() done, loaded on the first call; NULL
 * with the reason appended to why when the library or one of its functions
 * cannot be found or initialised. The table is static: never freed.
 */
const struct curl_lib *curl_lib_load(struct strbuf *why);

#endif
