#ifndef FUZZ_H
#define FUZZ_H

/*
 * Shared by the libFuzzer harnesses (tests/fuzz/fuzz-*.c): the input as a
 * NUL-terminated string, and messages the code under test prints to
 * stderr sent to /dev/null while it runs (sanitizer reports and libFuzzer's
 * own output still reach the real stderr).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/usage.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1);

	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* The input read a byte at a time, in order. */
struct fuzz_bytes {
	const uint8_t *p;
	size_t left;
};

/* The next byte in *out and 1, or 0 in *out and 0 once they run out. */
static inline int fuzz_byte(struct fuzz_bytes *b, unsigned *out)
{
	*out = 0;
	if (!b->left)
		return 0;
	b->left--;
	*out = *b->p++;
	return 1;
}

static FILE *fuzz_saved_stderr, *fuzz_saved_stdout;

static inline void fuzz_quiet(void)
{
	static FILE *devnull;

	if (!devnull && !(devnull = fopen("/dev/null", "w")))
		abort();
	fuzz_saved_stderr = stderr;
	fuzz_saved_stdout = stdout;
	stderr = devnull;
	stdout = devnull;
}

static inline void fuzz_loud(void)
{
	stderr = fuzz_saved_stderr;
	stdout = fuzz_saved_stdout;
}

#endif
