/*
 * The util module (common/util/) owns what every command needs and nothing
 * specific to dashboards, history or fixtures: diagnostics and the checked
 * allocator (this header), strbuf, strvec, parse-options, config, repo,
 * date, natsort, color, stats, io and json. It includes no other module.
 * See docs/architecture.md.
 */
#ifndef UTIL_USAGE_H
#define UTIL_USAGE_H

#include <stdarg.h>
#include <stddef.h>

/*
 * Git-style diagnostics. die() prints "fatal: ..." and exits 128; only
 * code under cmd/ may call it. error() prints "error: ..." and returns -1
 * so library code can write "return error(...)". warning() prints
 * "warning: ...". Messages are lowercase, without a full stop, with the
 * subject quoted.
 */

#define EXIT_FATAL 128
#define EXIT_USAGE 129

void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * Library code reports an error where it finds it and returns -1; only
 * the command knows whether the error ends the run. A command calls
 * usage_hold_errors() once its usage is checked (usage errors, exit 129,
 * stay "error: ..."): from then on error() holds its message, with the
 * hints that follow it, until the outcome is known. If the program then
 * exits with EXIT_FATAL, it prints as "fatal: ..." (as die() would);
 * if the command goes on instead (the next warning or error, or any other
 * exit code), as "error: ...".
 */
void usage_hold_errors(void);
/*
 * For a step the caller recovers from (a --scan skipping one platform
 * with a warning that says why): from usage_catch_begin() on, error()
 * prints nothing and keeps its first message (unescaped) and advise()
 * drops its hints, until usage_catch_end() returns that message (the
 * caller frees it; NULL when there was no error). Catches nest: begin
 * saves the catch around it in *outer, end puts it back. For the main
 * thread.
 */
struct usage_catch {
	int catching;
	char *caught;
};

void usage_catch_begin(struct usage_catch *outer);
char *usage_catch_end(struct usage_catch *outer);
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "note: ...": something done on the user's behalf that they should know of; quiet as warnings are. */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "hint: ..." lines that follow an error or a warning. */
void advise(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Every command registers this with atexit() first thing in main(), as
 * git checks stdout after a builtin: output that could not be written
 * (a full disk, a closed pipe with SIGPIPE ignored, a failed close) must
 * not end in exit 0. It flushes and closes stdout and, on any error,
 * prints "fatal: unable to write to standard output: <reason>" and exits
 * 128 (_exit: it runs inside exit()). A stdout the caller closed is fine.
 */
void close_stdout(void);

/*
 * -q/--quiet, as in git: warnings (and the hints that follow them) and
 * progress are not shown; errors are.
 */
void usage_set_quiet(int on);
int usage_quiet(void);

/* Abort-on-OOM allocators: library code treats allocation as infallible. */
void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);

/*
 * xmalloc() for a large array written once and read whole: from 4 MiB
 * on, aligned to and rounded up to 2 MiB and advised to the kernel as
 * transparent huge pages (where THP is on for madvise or always), so that
 * its first touch costs a fault per 2 MiB, not per 4 KiB page. Freed
 * with free().
 */
void *xmalloc_huge(size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Returns a malloc'd string the caller frees. */
char *xstrfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xstrvfmt(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Grow *array (of *alloc elements) so that it can hold nr elements. */
#define ALLOC_GROW(array, nr, alloc) do { \
	if ((size_t)(nr) > (size_t)(alloc)) { \
		(alloc) = (alloc) * 2 + 16 > (size_t)(nr) ? (alloc) * 2 + 16 : (size_t)(nr); \
		(array) = xrealloc((array), (alloc) * sizeof(*(array))); \
	} \
} while (0)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
