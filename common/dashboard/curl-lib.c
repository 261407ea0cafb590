#include <dlfcn.h>
#include <string.h>
#include "dashboard/curl-lib.h"

/* libcurl's soname has been libcurl.so.4 since 2006 (curl 7.16). */
#define CURL_SONAME "libcurl.so.4"

static struct curl_lib lib;

/* Look name up into *fn; dlsym gives an object pointer, so copy its bytes (POSIX's idiom). */
static int find(void *handle, const char *name, void *fn, struct strbuf *why)
{
	void *sym = dlsym(handle, name);

	if (!sym) {
		strbuf_addf(why, "'%s' has no '%s'", CURL_SONAME, name);
		return -1;
	}
	memcpy(fn, &sym, sizeof(sym));
	return 0;
}

const struct curl_lib *curl_lib_load(struct strbuf *why)
{
	static int loaded;
	CURLcode (*global_init)(long flags);
	void *handle;

	if (loaded)
		return &lib;
	handle = dlopen(CURL_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		strbuf_addf(why, "cannot load libcurl: %s", dlerror());
		return NULL;
	}
	if (find(handle, "curl_global_init", &global_init, why) ||
	    find(handle, "curl_easy_init", &lib.easy_init, why) ||
	    find(handle, "curl_easy_setopt", &lib.easy_setopt, why) ||
	    find(handle, "curl_easy_getinfo", &lib.easy_getinfo, why) ||
	    find(handle, "curl_easy_perform", &lib.easy_perform, why) ||
	    find(handle, "curl_easy_cleanup", &lib.easy_cleanup, why) ||
	    find(handle, "curl_easy_strerror", &lib.easy_strerror, why) ||
	    find(handle, "curl_easy_header", &lib.easy_header, why) ||
	    find(handle, "curl_slist_append", &lib.slist_append, why) ||
	    find(handle, "curl_slist_free_all", &lib.slist_free_all, why)) {
		dlclose(handle);
		return NULL;
	}
	if (global_init(CURL_GLOBAL_DEFAULT)) {
		strbuf_addstr(why, "cannot initialise libcurl");
		return NULL;
	}
	loaded = 1;
	return &lib;
}
