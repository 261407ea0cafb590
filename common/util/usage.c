#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"

static void report(const char *prefix, const char *fmt, va_list ap)
{
	fflush(stdout);
	fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("fatal: ", fmt, ap);
	va_end(ap);
	exit(EXIT_FATAL);
}

static const char *error_prefix = "error: ";

void usage_errors_are_fatal(void)
{
	error_prefix = "fatal: ";
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(error_prefix, fmt, ap);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("warning: ", fmt, ap);
	va_end(ap);
}

void advise(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("hint: ", fmt, ap);
	va_end(ap);
}

static void *check_alloc(void *p)
{
	if (!p) {
		fputs("fatal: out of memory\n", stderr);
		exit(EXIT_FATAL);
	}
	return p;
}

void *xmalloc(size_t size)
{
	return check_alloc(malloc(size ? size : 1));
}

void *xcalloc(size_t nmemb, size_t size)
{
	return check_alloc(calloc(nmemb ? nmemb : 1, size ? size : 1));
}

void *xrealloc(void *ptr, size_t size)
{
	return check_alloc(realloc(ptr, size ? size : 1));
}

char *xstrdup(const char *s)
{
	return check_alloc(strdup(s));
}

char *xstrndup(const char *s, size_t n)
{
	return check_alloc(strndup(s, n));
}

char *xstrvfmt(const char *fmt, va_list ap)
{
	char *out;

	if (vasprintf(&out, fmt, ap) < 0)
		out = NULL;
	return check_alloc(out);
}

char *xstrfmt(const char *fmt, ...)
{
	va_list ap;
	char *out;

	va_start(ap, fmt);
	out = xstrvfmt(fmt, ap);
	va_end(ap);
	return out;
}
