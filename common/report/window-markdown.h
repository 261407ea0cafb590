#ifndef REPORT_WINDOW_MARKDOWN_H
#define REPORT_WINDOW_MARKDOWN_H

#include <stdio.h>
#include "util/strbuf.h"
#include "history/window.h"

/*
 * The --format=markdown report of git-benchwindow, and the pieces of it
 * git-benchbisect's report shares: ready to paste into a GitHub issue or
 * pull-request comment (GitHub Flavored Markdown: lists, one table). Every
 * string from outside (commit subjects, dashboard fields, the slice
 * pattern) is escaped. link_base is "https://github.com/<owner>/<repo>"
 * (config_github_base_url()) or NULL for no commit links.
 */

/*
 * The whole report: a heading, the step, both ends and the window as a
 * list, the series table, the commits, linked when remote.origin.url in
 * cfg is on GitHub.
 */
void window_markdown(FILE *fp, const struct window *w, struct config *cfg, int only_slice);

/* "`abcd1234`" for a sha, linked to link_base/commit/<sha> when there is a base. */
void window_markdown_sha(struct strbuf *sb, const char *sha, const char *link_base);

/* The "last good" and "first bad" list items. */
void window_markdown_ends(FILE *fp, const struct window *w, const char *link_base);

/* The nightlies shown, as a table with the step's ends and kernel-set changes noted. */
void window_markdown_series(FILE *fp, const struct window *w);

/*
 * One commit as a list item: "- **<label>** <sha> <day> <subject>"; a NULL
 * label is "slice" for the slice's commits and nothing for the others.
 */
void window_markdown_commit(FILE *fp, const struct window_commit *c, const char *link_base,
			    const char *label);

/* "Commits in the window" and its list, or why there is none. */
void window_markdown_commits(FILE *fp, const struct window *w, const char *link_base,
			     int only_slice);

/*
 * Sparse kernel k of series s at the window last_good .. index, into sb:
 * its name, the last good nightly it missed, its move since its last
 * measurement and the wider window that move belongs to.
 */
void window_markdown_sparse(struct strbuf *sb, const struct series *s, size_t last_good, size_t index,
			    const struct sparse_kernel *k);

/* Kernel names from the dashboard, Markdown-escaped, joined by ", " into sb. */
void window_markdown_names(struct strbuf *sb, const char **names, size_t nr);

#endif
