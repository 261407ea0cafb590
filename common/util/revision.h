#ifndef UTIL_REVISION_H
#define UTIL_REVISION_H

#include <git2.h>
#include "util/config.h"
#include "util/strvec.h"

/* Revisions as git's commands take and print them: ranges, abbreviations. */

/*
 * Whether arg is a range as git reads one (revision.c, handle_dotdot()):
 * it holds ".." and both sides name objects, an empty side standing for
 * HEAD; else git takes all of it for one revision (":/fix x..y", a search
 * of the commit messages). When neither reading names anything, it is a
 * range, for the error to name the side that is wrong.
 */
int revision_is_range(git_repository *repo, const char *arg);

/*
 * "A..B" and "A...B" (revision_is_range()) as `git diff` takes them: *base and *head become A
 * and B, or for A...B the merge base of A and B (abbreviated to at least
 * abbrev hex digits, see revision_abbrev()) and B; an empty side stands
 * for HEAD. Returns 1 for a range (the caller frees both strings), 0 when
 * arg is no range (both NULL), -1 with an error printed.
 */
int revision_split_range(git_repository *repo, const char *arg, int abbrev,
			 char **base, char **head);

/*
 * git's parent shorthands as git diff reads them (revision.c,
 * handle_revision_arg()): X^! is X's parent against X, X^-<n> its nth
 * parent against X (X^- the first). revision_is_parent_range() says
 * whether arg has either form. revision_split_parent(): 1 with *base the
 * parent (abbreviated to at least abbrev hex digits; the empty tree for
 * X^! of a root commit) and *head X (the caller frees both), 0 when arg
 * has neither form, -1 with an error: X no commit, no nth parent, n no
 * number from 1, or X^! of a merge, whose git diff is a combined diff.
 */
int revision_is_parent_range(const char *arg);
int revision_split_parent(git_repository *repo, const char *arg, int abbrev,
			  char **base, char **head);

/*
 * X^@, git's shorthand for X's parents: 1 with their names (abbreviated
 * to at least abbrev) appended to out, none for a root commit; 0 when arg
 * has no such form; -1 with an error when X names no commit.
 */
int revision_parents(git_repository *repo, const char *arg, int abbrev, struct strvec *out);

/*
 * 1 when arg has a form that git reads as several commits, which
 * `git rev-parse --verify` refuses where one commit is wanted (libgit2
 * would take X^@ for X): a range (revision_is_range()), X^!, X^-<n> or
 * X^@; else 0.
 */
int revision_names_several(git_repository *repo, const char *arg);

/*
 * Abbreviated object names as git prints them. revision_abbrev_len(): the
 * minimum length for a command whose own default is default_len: core.abbrev
 * when it is a number (4 to 40), 40 when it is false or "no", default_len
 * when unset or "auto"; -1 with an error naming a bad value.
 */
int revision_abbrev_len(struct config *cfg, int default_len);

/*
 * The shortest prefix of oid, at least min_len hex digits, that names no
 * other object in repo (git_odb_exists_prefix); an object missing from
 * repo keeps min_len. revision_abbrev() writes it into buf and returns buf.
 */
int revision_abbrev_unique(git_repository *repo, const git_oid *oid, int min_len);
char *revision_abbrev(git_repository *repo, const git_oid *oid, int min_len,
		      char buf[GIT_OID_HEXSZ + 1]);
/*
 * revision_abbrev_unique() of the object hex names (a dashboard's short
 * sha, or a full one; revision_expand_hex()): min_len when it names none.
 */
int revision_abbrev_hex(git_repository *repo, const char *hex, int min_len);

/*
 * The full hex name of the one object in repo that hex (a dashboard's
 * short sha, or a full one) names, written into buf; hex itself when repo
 * is NULL, hex is no name, or it names no object or several.
 */
const char *revision_expand_hex(git_repository *repo, const char *hex,
				char buf[GIT_OID_HEXSZ + 1]);

/* 1 when s is nothing but hex digits, from min to max of them. */
int revision_is_hex(const char *s, size_t min, size_t max);

#endif
