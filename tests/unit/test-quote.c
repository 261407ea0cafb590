#include <stdlib.h>
#include "tap.h"
#include "util/quote.h"
#include "util/strbuf.h"
#include "util/term-escape.h"

static void c_style_is(const char *s, const char *extra, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	quote_c_style(&sb, s, extra, 1);
	is_str(sb.buf, want, want);
	strbuf_release(&sb);
}

/* core.quotePath=false: bytes above ASCII stay raw, inside quotes too */
static void c_style_raw_is(const char *s, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	quote_c_style(&sb, s, ",", 0);
	is_str(sb.buf, want, want);
	strbuf_release(&sb);
}

static void shell_is(const char *s, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	quote_shell(&sb, s);
	is_str(sb.buf, want, want);
	strbuf_release(&sb);
}

static void path_is(const char *s, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	quote_term_path(&sb, s);
	is_str(sb.buf, want, want);
	strbuf_release(&sb);
}

int main(void)
{
	const char *plain = "case1_simple_gemm [cute] \\d+ caf\xc3\xa9";

	ok(quote_term(plain) == plain, "nothing to escape: the string itself, no copy");
	ok(quote_term(NULL) == NULL, "NULL stays NULL");
	is_str(quote_term("a\x1b]0;pwned\a\x1b[2Jb\rc"), "a\\e]0;pwned\\a\\e[2Jb\\rc",
	       "ESC, BEL and CR escaped");
	is_str(quote_term("t\tn\nv\vf\fb\bz\x01\x7f"), "t\\tn\\nv\\vf\\fb\\bz\\x01\\x7f",
	       "every other C0 control and DEL");
	is_str(quote_term("csi\xc2\x9b" "31m"), "csi\\xc2\\x9b31m", "a UTF-8 C1 control (CSI)");
	is_str(quote_term("raw\x9b" "31m"), "raw\\x9b31m", "a lone C1 byte");
	is_str(quote_term("\xe2\x94\x82 \xf0\x9f\x93\x88 \xc2\xa0"), "\xe2\x94\x82 \xf0\x9f\x93\x88 \xc2\xa0",
	       "valid UTF-8 above the C1 block is kept");
	is_str(quote_term("bad\xc0\xaf\xed\xa0\x80"), "bad\\xc0\\xaf\\xed\\xa0\\x80",
	       "overlong and surrogate sequences are escaped byte by byte");
	is_str(quote_term("cut\xe2\x94"), "cut\\xe2\\x94", "a truncated sequence at the end");
	is_str(quote_term("b200\xe2\x80\xae" "etuc_\xe2\x81\xa6x\xe2\x81\xa9"),
	       "b200\\u202eetuc_\\u2066x\\u2069", "bidirectional overrides and isolates as \\uNNNN");
	is_str(quote_term("\xd8\x9c\xe2\x80\x8e\xe2\x80\x8f\xe2\x80\xaa\xe2\x80\xad"),
	       "\\u061c\\u200e\\u200f\\u202a\\u202d", "the marks and embeddings too");
	is_str(quote_term("\xe2\x80\xaf\xe2\x80\x8d\xe2\x81\xaa"), "\xe2\x80\xaf\xe2\x80\x8d\xe2\x81\xaa",
	       "their neighbours (U+202F, U+200D, U+206A) are kept");
	{
		const char *a = quote_term("\x1b" "1"), *b = quote_term("\x1b" "2");

		ok(strcmp(a, b) && !strcmp(a, "\\e1"), "two results live at once");
	}
	{
		char *msg = NULL;
		size_t len = 0;
		FILE *fp = open_memstream(&msg, &len);

		term_escape_write(fp, "line\x1b[1m\nfatal: forged\r");
		fclose(fp);
		is_str(msg, "line\\e[1m\\nfatal: forged\\r", "a message is one line: its newlines escaped");
		free(msg);
	}
	{
		struct strbuf sb = STRBUF_INIT;

		strbuf_add_term_len(&sb, "5\0junk\x1b", 7);
		is_str(sb.buf, "5\\x00junk\\e", "a NUL within the length is escaped, not an end");
		strbuf_release(&sb);
	}

	c_style_is("case1_simple_gemm", ",", "case1_simple_gemm");
	c_style_is("a,b", ",", "\"a,b\"");
	c_style_is("a,b", NULL, "a,b");
	c_style_is("new\nline", NULL, "\"new\\nline\"");
	c_style_is("q\"b\\", NULL, "\"q\\\"b\\\\\"");
	c_style_is("esc\x1b" "caf\xc3\xa9", NULL, "\"esc\\033caf\\303\\251\"");
	c_style_raw_is("caf\xc3\xa9", "caf\xc3\xa9");
	c_style_raw_is("esc\x1b" "caf\xc3\xa9,", "\"esc\\033caf\xc3\xa9,\"");
	c_style_raw_is("del\x7f", "\"del\\177\"");

	path_is("case1_simple_gemm caf\xc3\xa9", "case1_simple_gemm caf\xc3\xa9");
	path_is("case4_a\\nb", "\"case4_a\\\\nb\"");
	path_is("case5_a\nb", "\"case5_a\\nb\"");
	path_is("q\"\x1b\xe2\x80\xae\xff", "\"q\\\"\\e\\u202e\\xff\"");
	ok(term_columns("case3_\xc3\xa9") == 7, "columns: one per UTF-8 character");
	ok(term_columns("\xf0\x9f\x93\x88|") == 2, "a four-byte character is one column");

	shell_is("examples/case1_simple_gemm", "examples/case1_simple_gemm");
	shell_is("$(touch pwned)", "'$(touch pwned)'");
	shell_is("it's `x`", "'it'\\''s `x`'");
	shell_is("", "''");
	/* printed, '...' would show \n for the newline and name another file */
	shell_is("a\nb's\\c\x1b", "$'a\\nb\\'s\\\\c\\e'");
	/* $'\u202e' is decoded only in a UTF-8 locale; the bytes in any (LC_ALL=C) */
	shell_is("rlo\xe2\x80\xae" "x", "$'rlo\\xe2\\x80\\xaex'");
	shell_is("caf\xc3\xa9 \xff\xd8\x9c\t", "$'caf\xc3\xa9 \\xff\\xd8\\x9c\\t'");
	return done_testing();
}
