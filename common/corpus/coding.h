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

#endif
