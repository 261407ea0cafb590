/*
 * The Python comment stripper behind "comment-only" fixtures. The input
 * is two sources split at the first NUL (or halves): comparing is
 * reflexive and symmetric, and a source always matches itself with a
 * comment line added at the top.
 */
#include "corpus/comments.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *a = (const char *)data, *nul = memchr(a, '\0', size);
	size_t alen = nul ? (size_t)(nul - a) : size / 2;
	const char *b = a + alen + (nul ? 1 : 0);
	size_t blen = size - (size_t)(b - a);
	char *prefixed;

	if (!fixture_py_same_but_comments(a, alen, a, alen) ||
	    !fixture_py_same_but_comments(b, blen, b, blen))
		abort();
	if (fixture_py_same_but_comments(a, alen, b, blen) !=
	    fixture_py_same_but_comments(b, blen, a, alen))
		abort();
	prefixed = xmalloc(alen + 12);
	memcpy(prefixed, "# generated\n", 12);
	memcpy(prefixed + 12, a, alen);
	if (!fixture_py_same_but_comments(prefixed, alen + 12, a, alen))
		abort();
	free(prefixed);
	return 0;
}
