#ifndef UTIL_JSON_H
#define UTIL_JSON_H

#include <cjson/cJSON.h>

/*
 * The one place the --json printers share: cJSON set up on the checked
 * allocator, the number and null conventions of the contracts, and the
 * printer. Every function returning a cJSON item gives the caller a new
 * item it owns (usually by adding it to an object).
 */

/*
 * Make cJSON allocate through xmalloc()/free(), so that it never returns
 * NULL for lack of memory (out of memory ends the program, as it does
 * everywhere else). repo_library_init() calls it; calling it again is
 * harmless.
 */
void json_library_init(void);

/* A number rounded to `digits` decimals (0 never "-0"), or null when NAN or infinite. */
cJSON *json_number(double v, int digits);

/* A measurement rounded to 6 significant digits, or null when NAN or infinite. */
cJSON *json_metric(double v);

/* A string, or null when s is NULL. */
cJSON *json_string_or_null(const char *s);

/*
 * Printed JSON text s as it goes out: each byte that is not UTF-8
 * (util/term-escape.h, utf8_len()) as U+FFFD, one for each, and DEL and
 * the C1 controls (U+0080..U+009F, a CSI among them), which cJSON writes
 * raw, as \u007f and \u0080..\u009f, as it writes the C0 ones; other
 * valid characters, the bidirectional controls included, are kept. Such
 * bytes occur only inside strings, so the escapes are the strings' own.
 * The caller frees it.
 */
char *json_output_text(const char *s);

/* 1 when json_output_text() would change s. */
int json_text_needs_fixing(const char *s);

/*
 * Print item (tab-indented, as cJSON_Print does) and a newline on stdout,
 * then free it. -1 with an error when cJSON cannot format it. A JSON
 * document is UTF-8 (RFC 8259): text from outside (a commit subject, a
 * case name, a dashboard field) that is not is printed with U+FFFD for
 * each byte that is not, and its DEL and C1 controls escaped
 * (json_output_text()); only strings can hold such bytes, so the
 * document's structure is as cJSON printed it.
 */
int json_print_and_free(cJSON *item);

#endif
