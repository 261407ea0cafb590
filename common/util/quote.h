#ifndef UTIL_QUOTE_H
#define UTIL_QUOTE_H

#include "util/strbuf.h"
#include "util/strvec.h"

/*
 * Quoting of untrusted text (dashboard fields, commit subjects, case
 * names) for the places it is printed.
 */

/*
 * For a terminal: append s to sb with every control character escaped so
 * that it cannot move the cursor, retitle the window, ring the bell or
 * reorder the line, as util/term-escape.h says (\e, \a, \r, \xNN,
 * \u202e...). Everything else,
 * backslashes and valid UTF-8 included, is kept. error(), warning() and
 * die() escape their messages the same way.
 */
void strbuf_add_term(struct strbuf *sb, const char *s);

/*
 * The same for len bytes that may hold a NUL (a command's output), each
 * NUL as \x00; s[len] must be a NUL, as a strbuf's is, so that no
 * character is read past it.
 */
void strbuf_add_term_len(struct strbuf *sb, const char *s, size_t len);

/*
 * As strbuf_add_term(), cut to at most columns columns (as
 * term_columns() counts them) at a whole character or escape, never
 * inside one: a dashboard sha cut to a hash's width. Returns the columns
 * appended.
 */
size_t strbuf_add_term_cut(struct strbuf *sb, const char *s, size_t columns);

/*
 * The same as a string for a printf argument: s itself when nothing needs
 * escaping, else the escaped copy in one of 8 rotating buffers owned by
 * quote.c (valid until 8 further calls), so a print site needs only
 * printf("%s", quote_term(name)).
 */
const char *quote_term(const char *s);

/* 1 when quote_term(s) would change s. */
int term_needs_quoting(const char *s);

/*
 * A path (a case name) for a terminal, as git shows quoted paths: s as it
 * is when quote_term() would keep it and it holds no '"' or '\'; else
 * double-quoted with \" and \\ and quote_term()'s escapes, so that a
 * name holding a backslash and "n" and one holding a newline ("a\\nb" and
 * "a\nb") never look the same. Valid UTF-8 is kept, as git does with
 * core.quotePath=false.
 */
void quote_term_path(struct strbuf *sb, const char *s);

/*
 * The columns a terminal gives s, which holds no control character (a
 * quote_term() result): one per UTF-8 character, so that a table of names
 * lines up (a wide East Asian character counts one).
 */
size_t term_columns(const char *s);

/*
 * git's quote_c_style: when s holds a control character (DEL included), a
 * double quote, a backslash, one of the extra characters (may be NULL)
 * or, with high (git's core.quotePath, config_quote_path()), a byte >= 0x80,
 * append it double-quoted with \" \\ \a \b \t \n \v \f \r and octal
 * \NNN escapes (bytes >= 0x80 raw inside the quotes without high); else
 * append it as is.
 */
void quote_c_style(struct strbuf *sb, const char *s, const char *extra, int high);

/*
 * The inverse of quote_c_style(), as git's unquote_c_style(): quoted
 * starts with '"'; append the bytes it quotes to sb and point *endp just
 * past its closing quote. -1 (sb then holds a part) when it is no such
 * form: an escape quote_c_style() does not write, an octal one above
 * \377 or of a NUL, or no closing quote.
 */
int unquote_c_style(struct strbuf *sb, const char *quoted, const char **endp);

/*
 * Append the items of a list separated by sep, as a list quote_c_style()
 * wrote with sep among its extra characters: an item that starts with
 * '"' is unquoted (sep inside the quotes included) and must end at its
 * closing quote; empty items are skipped. -1 with an error naming
 * what (an option) when an item is quoted wrongly.
 */
int strvec_split_c_quoted(struct strvec *sv, const char *s, int sep, const char *what);

/*
 * Append s quoted for a shell: as is when it holds only characters no
 * shell treats specially; with a character quote_term() would escape, as
 * bash's and zsh's $'...' with those escapes (and \' and \\), so that
 * the command still names s once printed, a bidirectional control as its
 * UTF-8 bytes (\xe2\x80\xae), which every locale decodes; else in
 * single quotes with each ' as '\''.
 */
void quote_shell(struct strbuf *sb, const char *s);

/*
 * Append s in single quotes for any POSIX sh (each ' as '\'', git's
 * sq_quote_buf()), bytes as they are: for sh -c, which knows no $'...'.
 */
void quote_sq(struct strbuf *sb, const char *s);

#endif
