/*
 * The PEP 263 reading of fixture-diff (coding.c, codec.c): a source's
 * coding line, byte-order mark and bytes settled as CPython's tokenizer
 * settles them, decoded with iconv under whatever name a coding line
 * declares. The input is two sources split at the first NUL (or halves):
 * a source has a defect or not, said in words when it has; comparing the
 * text Python reads is reflexive and symmetric.
 */
#include "corpus/coding.h"
#include "fuzz.h"

static void check_defect(const char *buf, size_t len)
{
	struct strbuf why = STRBUF_INIT;
	int ret = fixture_py_coding_defect(buf, len, &why);

	if (ret != 0 && ret != 1)
		abort();
	if (ret != !!why.len || (why.len && strlen(why.buf) != why.len))
		abort();	/* said in words when, and only when, there is one */
	strbuf_release(&why);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *a = (const char *)data, *nul = memchr(a, '\0', size);
	size_t alen = nul ? (size_t)(nul - a) : size / 2;
	const char *b = a + alen + (nul ? 1 : 0);
	size_t blen = size - (size_t)(b - a);

	check_defect(a, alen);
	check_defect(b, blen);
	if (!fixture_py_same_text_but_comments(a, alen, a, alen) ||
	    !fixture_py_same_text_but_comments(b, blen, b, blen))
		abort();
	if (fixture_py_same_text_but_comments(a, alen, b, blen) !=
	    fixture_py_same_text_but_comments(b, blen, a, alen))
		abort();
	return 0;
}
