#ifndef UTIL_STRVEC_H
#define UTIL_STRVEC_H

#include <stddef.h>

/*
 * A NULL-terminated array of owned strings. strvec_push() copies its
 * argument; strvec_clear() frees every string and the array.
 */
struct strvec {
	char **v;
	size_t nr;
	size_t alloc;
};

#define STRVEC_INIT { NULL, 0, 0 }

void strvec_init(struct strvec *sv);
const char *strvec_push(struct strvec *sv, const char *s);
/* Append the comma-separated items of s, skipping empty ones. */
void strvec_split(struct strvec *sv, const char *s, int sep);
void strvec_clear(struct strvec *sv);

#endif
