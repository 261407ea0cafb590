#ifndef CORPUS_CODING_H
#define CORPUS_CODING_H

#include <stddef.h>
#include "util/strbuf.h"

/*
 * Whether a Python source's bytes are not in its encoding, as CPython's
 * tokenizer settles it (PEP 263): 1 with why appended, as what follows
 * the file's name ("is not UTF-8 (byte 0xe9 on line 2) and declares no
 * encoding", "is not 'ascii' (byte 0xe9 on line 2), the encoding it
 * declares", "declares an unknown encoding 'nosuch' (line 1)", "starts
 * with a UTF-8 byte-order mark but declares 'latin-1' (line 1)"), 0 when
 * they are.
 */
int fixture_py_coding_defect(const char *buf, size_t len, struct strbuf *why);

/*
 * fixture_py_same_but_comments() (comments.h) on the text Python reads:
 * each source decoded in its own encoding, as settled above. A coding
 * line (a comment) that changes what the code's bytes mean, or makes
 * them undecodable, is a change; one under which the code reads the
 * same (an ASCII file's latin-1 become utf-8) is not, nor a re-encoding
 * along with its declaration. Where neither side decodes, their bytes
 * are compared; where only one does, they differ.
 */
int fixture_py_same_text_but_comments(const char *a, size_t alen, const char *b, size_t blen);

#endif
