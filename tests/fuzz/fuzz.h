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
