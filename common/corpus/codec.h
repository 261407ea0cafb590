#ifndef CORPUS_CODEC_H
#define CORPUS_CODEC_H

#include <stddef.h>
#include "util/strbuf.h"

/*
 * Whether buf (len bytes) decodes in the codec Python's registry finds
 * for name (namelen bytes, a PEP 263 name as declared), with iconv(3):
 * 0 when it does, 1 when it does not (*bad then the offset of the first
 * byte that does not), -1 when neither Python's aliases nor iconv know
 * the name. Unless text is NULL, what it decodes to, as UTF-8, is
 * appended to it (the whole text only when 0 is returned).
 */
int fixture_py_decode(const char *name, size_t namelen, const char *buf, size_t len,
		      size_t *bad, struct strbuf *text);

#endif
