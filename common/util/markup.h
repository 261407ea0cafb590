#ifndef UTIL_MARKUP_H
#define UTIL_MARKUP_H

#include <stdio.h>
#include "util/strbuf.h"
#include "util/config.h"

/*
 * Escaping untrusted text (commit subjects, dashboard strings) for the
 * report formats, and the commit links of the Markdown report.
 */

/*
 * Append s to sb as Markdown inline text: every character that could open
 * markup (emphasis, code, links, autolinks, HTML, tables, strikethrough,
 * math) is backslash-escaped, and so are the ':' of "http://" and the '.'
 * of "www.", which would start GFM's extended autolinks; control
 * characters (newlines included, which would end a list item or a table
 * row), bidirectional controls, U+FFFE, U+FFFF and bytes that are not
 * UTF-8 (util/term-escape.h) become U+FFFD, and a GitHub @mention
 * ("@user", "@org/team" after no word character) becomes a code span,
 * which notifies nobody.
 */
void markdown_escape(struct strbuf *sb, const char *s);

/*
 * Append s to sb as a Markdown code span: a backtick fence longer than any
 * run of backticks in s, control characters, bidirectional controls,
 * U+FFFE, U+FFFF and bytes that are not UTF-8 as U+FFFD.
 */
void markdown_code(struct strbuf *sb, const char *s);

/*
 * Append s to sb as XML character data or attribute value: & < > " '
 * become entities; control characters (C0, which XML 1.0 forbids, DEL and
 * C1), bidirectional controls (which would reorder a <title> as shown),
 * U+FFFE and U+FFFF (no characters of XML 1.0 either) and bytes that are
 * not UTF-8 (surrogates among them) become U+FFFD, one for each.
 */
void xml_escape(struct strbuf *sb, const char *s);

/*
 * xml_escape() of s cut to at most max characters as they are drawn:
 * an entity, a U+FFFD (a C1 control, two bytes, is two of them) and any
 * other character count one each, so a label cut so shows no more than
 * max, and never a part of an entity.
 */
void xml_escape_cut(struct strbuf *sb, const char *s, size_t max);

/* Print s on fp through one of the escapes above. */
void markup_fputs(FILE *fp, const char *s, void (*escape)(struct strbuf *, const char *));

/*
 * The https://github.com/<owner>/<repo> base of a remote URL in https,
 * http, ssh (ssh://git@github.com/o/r.git) or scp form (git@github.com:o/r),
 * with or without ".git", the host in any case, with the scheme's default
 * port or none; never the URL's userinfo (https://user:token@github.com/...).
 * NULL for any other host or port, or a malformed path. The caller frees
 * the result.
 */
char *github_base_url(const char *remote_url);

/*
 * github_base_url() of remote.origin.url, or NULL when it is not set or
 * not on GitHub. The caller frees the result. (Read from the configuration
 * rather than with git_remote_lookup(), which leaks a PCRE2 match block
 * per configuration entry in libgit2 1.5.1.)
 */
char *config_github_base_url(struct config *cfg);

#endif
