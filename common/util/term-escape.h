#ifndef UTIL_TERM_ESCAPE_H
#define UTIL_TERM_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * The escaping of control characters for a terminal, on its own (no
 * allocation, no other module file) so that usage.c's messages and
 * quote.c's strings share it. What is escaped: C0 controls as \a \b \t \n
 * \v \f \r \e or \xNN, DEL as \x7f, the UTF-8 C1 controls (U+0080..U+009F)
 * and bytes that are not UTF-8 as \xNN per byte.
 */

/*
 * How many bytes at p to copy as they are (one character: ASCII or a
 * valid UTF-8 sequence above the C1 block), or 0 when *p is to be escaped.
 * keep_newlines lets '\n' through (messages of several lines).
 */
size_t term_printable_len(const unsigned char *p, int keep_newlines);

/* The escape for the byte c: "\e", "\a"... or "\xNN", in buf. */
const char *term_escape_byte(unsigned char c, char buf[5]);

/* The C escape of \a \b \t \n \v \f \r, or NULL for other bytes. */
const char *term_c_escape(unsigned char c);

/* Write s to fp escaped as above. */
void term_escape_write(FILE *fp, const char *s, int keep_newlines);

#endif
