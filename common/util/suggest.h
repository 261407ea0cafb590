#ifndef UTIL_SUGGEST_H
#define UTIL_SUGGEST_H

#include <stddef.h>

/*
 * "Did you mean" for a mistyped name, as git suggests the nearest command:
 * the candidates nearest to what was typed, by edit distance, and only
 * when they are close enough to be a typo of it.
 */

/*
 * The optimal-string-alignment distance of a and b: the fewest
 * insertions, deletions, substitutions and swaps of two adjacent bytes
 * that turn one into the other.
 */
size_t edit_distance(const char *a, const char *b);

/*
 * advise() "did you mean '<prefix>x'?" for the candidates nearest to
 * typed ("'x' or 'y'" for ties, each once, sorted): at most 2 edits away
 * and fewer than half its length, so that a short name is not matched to
 * an unrelated one; a name that differs only in case is one edit away.
 * Nothing when none is that close. prefix goes before each name ("--"
 * for options); advise() escapes the names for the terminal.
 */
void advise_did_you_mean(const char *typed, const char *const *candidates, size_t nr,
			 const char *prefix);

#endif
