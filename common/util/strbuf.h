#ifndef UTIL_STRBUF_H
#define UTIL_STRBUF_H

#include <stddef.h>

/*
 * A growable NUL-terminated byte buffer, as in git. buf is never NULL
 * after strbuf_init(); strbuf_release() frees it and re-initialises.
 * strbuf_detach() hands the malloc'd string to the caller.
 */
struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

#define STRBUF_INIT { 0, 0, strbuf_slopbuf }
extern char strbuf_slopbuf[];

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_reset(struct strbuf *sb);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_rtrim(struct strbuf *sb);

#endif
