#ifndef TAP_H
#define TAP_H

/*
 * A minimal TAP producer for the C unit tests: each test binary prints
 * "ok N - name" / "not ok N - name" lines and the plan at the end, and
 * exits non-zero when any check failed.
 */
#include <stdio.h>
#include <string.h>

static int tap_count, tap_failed;

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

static inline int tap_ok(int pass, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#include <stdarg.h>
static inline int tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", pass ? "" : "not ", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!pass) {
		printf("#   failed at %s:%d\n", file, line);
		tap_failed++;
	}
	return pass;
}

#define is_str(got, want, name) do { \
	const char *g_ = (got), *w_ = (want); \
	if (!tap_ok(g_ && w_ ? !strcmp(g_, w_) : g_ == w_, __FILE__, __LINE__, "%s", (name))) \
		printf("#   got: '%s'\n#   expected: '%s'\n", g_ ? g_ : "(null)", w_ ? w_ : "(null)"); \
} while (0)

#define is_int(got, want, name) do { \
	long long g_ = (got), w_ = (want); \
	if (!tap_ok(g_ == w_, __FILE__, __LINE__, "%s", (name))) \
		printf("#   got: %lld\n#   expected: %lld\n", g_, w_); \
} while (0)

#define is_num(got, want, eps, name) do { \
	double g_ = (got), w_ = (want); \
	if (!tap_ok(g_ - w_ <= (eps) && w_ - g_ <= (eps), __FILE__, __LINE__, "%s", (name))) \
		printf("#   got: %.9g\n#   expected: %.9g\n", g_, w_); \
} while (0)

static inline int done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
