#ifndef REPORT_FIXTURES_PATCH_H
#define REPORT_FIXTURES_PATCH_H

#include "corpus/fixtures.h"

/*
 * -p: the patch of every fixture whose bytes differ, in case order, byte
 * for byte as git diff prints it, in git's default colours when color is
 * 1: the header bold, hunk headers cyan with the function context after
 * them, removed lines red, added lines green with git's default
 * whitespace errors (core.whitespace unset: blank-at-eol, space-before-tab,
 * blank-at-eof) on a red background, each line ending in a reset.
 */
int fixture_print_patch(const struct fixture_diff *d, int color);

#endif
