#ifndef UTIL_TERM_ESCAPE_H
#define UTIL_TERM_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * The escaping of control characters for a terminal, on its own (no
 * allocation, no other module file) so that usage.c's messages and
 * quote.c's strings share it. What is escaped: C0 controls (newlines
 * included: a message is one line, whatever its arguments hold) as \a \b
 * \t \n \v \f \r \e or \xNN, DEL as \x7f, the UTF-8 C1 controls
 * (U+0080..U+009F) and bytes that are not UTF-8 as \xNN per byte, and the
 * bidirectional controls that reorder what a terminal, a browser or an
 * editor shows (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069:
 * "Trojan Source") as \uNNNN.
 */

/*
 * The length of the valid UTF-8 character at p, which has avail bytes
 * (SIZE_MAX in a NUL-terminated string), or 0 where a byte is no
 * character: a stray continuation byte, an overlong form, a surrogate,
 * above U+10FFFF, cut short. ASCII, controls and NUL included, is 1.
 */
size_t utf8_len(const unsigned char *p, size_t avail);

/*
 * How many bytes at p to copy as they are (one character: ASCII or a
 * valid UTF-8 sequence above the C1 block that is no bidirectional
 * control), or 0 when the character at p is to be escaped.
 */
size_t term_printable_len(const unsigned char *p);

/*
 * The character at p that term_printable_len() refuses: its length in
 * bytes (2 or 3 for a bidirectional control, else 1: bytes that are no
 * character are escaped one by one).
 */
size_t term_unprintable_len(const unsigned char *p);

/*
 * The escape of that character in buf ("\e", "\a", "\xNN", "\u202e");
 * *n is set to its length in bytes.
 */
const char *term_escape_char(const unsigned char *p, size_t *n, char buf[8]);

/* The C escape of \a \b \t \n \v \f \r, or NULL for other bytes. */
const char *term_c_escape(unsigned char c);

/* Write s to fp escaped as above. */
void term_escape_write(FILE *fp, const char *s);

#endif
