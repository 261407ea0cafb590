#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/term-escape.h"
#include "util/usage.h"

/*
 * Held errors (usage_hold_errors()): the last error() and the hints after
 * it, not yet printed, because only what happens next says whether it was
 * fatal. holding is 0 while errors print at once; held is NULL when
 * nothing is held.
 */
static int holding;
static char *held;

static void flush_held(const char *prefix)
{
	if (!held)
		return;
	fflush(stdout);
	fprintf(stderr, "%s%s", prefix, held);
	free(held);
	held = NULL;
}

/*
 * Messages quote names from outside (dashboard fields, subjects, case
 * names): their control characters are escaped here, once for every
 * message printed or held, so none reaches the terminal raw. Newlines
 * too: a message is one line, so a name cannot forge a "fatal:" line of
 * its own; nor can a bidirectional control reorder what is shown.
 */
static char *escaped_vfmt(const char *fmt, va_list ap)
{
	char *raw = xstrvfmt(fmt, ap), *out = NULL;
	size_t len;
	FILE *fp = open_memstream(&out, &len);
	int failed = !fp;

	if (fp) {
		term_escape_write(fp, raw);
		failed = fclose(fp) || !out;
	}
	free(raw);
	if (failed) {
		fputs("fatal: out of memory\n", stderr);
		exit(EXIT_FATAL);
	}
	return out;
}

static int quiet;
/* The last report was a warning -q silenced: so are the hints after it. */
static int silenced;

/* usage_catch_begin(): errors are kept, not printed; caught is the first one. */
static int catching;
static char *caught;

void usage_catch_begin(struct usage_catch *outer)
{
	outer->catching = catching;
	outer->caught = caught;
	catching = 1;
	caught = NULL;
}

char *usage_catch_end(struct usage_catch *outer)
{
	char *msg = caught;

	catching = outer->catching;
	caught = outer->caught;
	silenced = 0;
	return msg;
}

void usage_set_quiet(int on)
{
	quiet = on;
}

int usage_quiet(void)
{
	return quiet;
}

static void report(const char *prefix, const char *fmt, va_list ap)
{
	char *msg = escaped_vfmt(fmt, ap);

	flush_held("error: ");
	fflush(stdout);
	fprintf(stderr, "%s%s\n", prefix, msg);
	free(msg);
}

static void hold(const char *prefix, const char *fmt, va_list ap)
{
	char *msg = escaped_vfmt(fmt, ap);
	char *text = xstrfmt("%s%s%s\n", held ? held : "", prefix, msg);

	free(msg);
	free(held);
	held = text;
}

/* The run ends: a held error ended it when the exit code says fatal. */
static void flush_at_exit(int status, void *unused)
{
	(void)unused;
	flush_held(status == EXIT_FATAL ? "fatal: " : "error: ");
}

void usage_hold_errors(void)
{
	if (holding)
		return;
	holding = 1;
	on_exit(flush_at_exit, NULL);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("fatal: ", fmt, ap);
	va_end(ap);
	exit(EXIT_FATAL);
}

int error(const char *fmt, ...)
{
	va_list ap;

	silenced = catching;
	va_start(ap, fmt);
	if (catching) {
		if (!caught)
			caught = xstrvfmt(fmt, ap);
	} else if (holding) {
		flush_held("error: ");
		hold("", fmt, ap);
	} else {
		report("error: ", fmt, ap);
	}
	va_end(ap);
	return -1;
}

/* A warning or a note: silenced, with the hints that follow it, by --quiet. */
static void report_unless_quiet(const char *prefix, const char *fmt, va_list ap)
{
	silenced = quiet;
	if (!quiet)
		report(prefix, fmt, ap);
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_unless_quiet("warning: ", fmt, ap);
	va_end(ap);
}

void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_unless_quiet("note: ", fmt, ap);
	va_end(ap);
}

void advise(const char *fmt, ...)
{
	va_list ap;

	if (silenced)
		return;
	va_start(ap, fmt);
	if (held)
		hold("hint: ", fmt, ap);	/* the hint of the held error */
	else
		report("hint: ", fmt, ap);
	va_end(ap);
}

/*
 * Why an earlier write to stdout failed: stdio keeps only a flag, and a
 * large write fails before the final flush. An empty write reports
 * /dev/full's ENOSPC and EIO; a pipe without a reader polls as POLLERR.
 */
static int stdout_write_errno(void)
{
	struct pollfd p = { STDOUT_FILENO, POLLOUT, 0 };

	if (write(STDOUT_FILENO, "", 0) < 0)
		return errno;
	if (poll(&p, 1, 0) == 1 && (p.revents & POLLERR))
		return EPIPE;
	return 0;
}

void close_stdout(void)
{
	struct stat st;
	int failed, err;

	if (fstat(STDOUT_FILENO, &st))
		return;	/* closed by whoever started us: nothing was written */
	errno = 0;
	failed = fflush(stdout) != 0 || ferror(stdout);
	err = errno ? errno : failed ? stdout_write_errno() : 0;
	if (fclose(stdout) && !failed) {
		failed = 1;
		err = errno;
	}
	if (!failed)
		return;
	if (err)
		fprintf(stderr, "fatal: unable to write to standard output: %s\n", strerror(err));
	else
		fputs("fatal: unable to write to standard output\n", stderr);
	_exit(EXIT_FATAL);
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

void *xmalloc_huge(size_t size)
{
	size_t huge = (size_t)2 << 20;
	void *p;

	if (size < 2 * huge)
		return xmalloc(size);
	size = (size + huge - 1) / huge * huge;
	p = check_alloc(aligned_alloc(huge, size));
	madvise(p, size, MADV_HUGEPAGE);	/* a hint: without THP, plain pages */
	return p;
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
