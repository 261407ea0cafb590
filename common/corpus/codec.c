#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <string.h>
#include "corpus/codec.h"

/*
 * Python's codec names that iconv(3) (glibc) does not open as they are,
 * nor with '-' for '_': the aliases of Python 3's encodings.aliases and
 * codec modules, normalised, beside the iconv name of the same codec.
 * Other names reach iconv as Python normalises them. Codecs iconv lacks
 * (idna, punycode, the unicode_escape ones, hz, cp720, most mac_*) are
 * unknown here.
 */
static const struct {
	const char *iconv;
	const char *python;	/* space-separated */
} aliases[] = {
	{ "ASCII", "646 ansi_x3.4_1968 ansi_x3.4_1986 ansi_x3_4_1968 iso_646.irv_1991" },
	{ "BIG5", "big5_tw csbig5 x_mac_trad_chinese" },
	{ "BIG5HKSCS", "hkscs" },
	{ "CP037", "037 ibm039" },
	{ "CP1125", "1125 cp866u ibm1125" },
	{ "CP1140", "1140" },
	{ "CP1250", "1250" },
	{ "CP1251", "1251" },
	{ "CP1252", "1252" },
	{ "CP1253", "1253" },
	{ "CP1254", "1254" },
	{ "CP1255", "1255" },
	{ "CP1256", "1256" },
	{ "CP1257", "1257" },
	{ "CP1258", "1258" },
	{ "CP273", "273" },
	{ "CP424", "424" },
	{ "CP775", "775" },
	{ "CP858", "csibm858" },
	{ "CP861", "cp_is csibm861" },
	{ "CP932", "932 mskanji" },
	{ "CP949", "949 ms949" },
	{ "CP950", "950 ms950" },
	{ "EUC-JISX0213", "euc_jis2004 euc_jis_2004 eucjis2004 eucjisx0213 jisx0213" },
	{ "EUC-JP", "u_jis" },
	{ "EUC-KR", "korean ks_c_5601 ks_c_5601_1987 ks_x_1001 ksc5601 ksx1001 x_mac_korean" },
	{ "GB18030", "gb18030_2000" },
	{ "GB2312", "chinese csiso58gb231280 eucgb2312_cn gb2312_1980 gb2312_80 iso_ir_58 "
		    "x_mac_simp_chinese" },
	{ "GBK", "936" },
	{ "HP-ROMAN8", "cp1051 ibm1051" },
	{ "ISO-2022-JP", "iso2022_jp" },
	{ "ISO-2022-JP-2", "iso2022_jp_2 iso2022jp_2" },
	{ "ISO-2022-JP-3", "iso2022_jp_3 iso2022jp_3" },
	{ "ISO-2022-KR", "iso2022_kr" },
	{ "ISO8859-2", "iso_8859_2_1987" },
	{ "ISO8859-3", "iso_8859_3_1988" },
	{ "ISO8859-4", "iso_8859_4_1988" },
	{ "ISO8859-5", "iso_8859_5_1988" },
	{ "ISO8859-6", "iso_8859_6_1987" },
	{ "ISO8859-7", "iso_8859_7_1987" },
	{ "ISO8859-8", "iso_8859_8_1988" },
	{ "ISO8859-9", "iso_8859_9_1989" },
	{ "ISO8859-10", "iso_8859_10_1992" },
	{ "ISO8859-11", "iso_8859_11_2001 thai" },
	{ "ISO8859-14", "iso_8859_14_1998" },
	{ "ISO8859-15", "l9" },
	{ "ISO8859-16", "iso_8859_16_2001" },
	{ "JOHAB", "ms1361" },
	{ "LATIN1", "8859 iso8859 iso_8859_1_1987 latin latin_1" },
	{ "MAC-CENTRALEUROPE", "mac_centeuro mac_latin2 maccentraleurope maclatin2" },
	{ "MACINTOSH", "mac_roman macroman" },
	{ "PT154", "cp154 csptcp154 cyrillic_asian ptcp154" },
	{ "RK1048", "kz1048 kz_1048" },
	{ "SHIFT_JIS", "s_jis shiftjis x_mac_japanese" },
	{ "SHIFT_JISX0213", "s_jis_2004 s_jisx0213 shift_jis_2004 shiftjis2004 sjis_2004 sjisx0213" },
	{ "TIS-620", "tis_620_0 tis_620_2529_0 tis_620_2529_1" },
	{ "UTF-16", "u16" },
	{ "UTF-16BE", "unicodebigunmarked utf_16_be" },
	{ "UTF-16LE", "unicodelittleunmarked utf_16_le" },
	{ "UTF-32", "u32" },
	{ "UTF-32BE", "utf_32_be" },
	{ "UTF-32LE", "utf_32_le" },
	{ "UTF-7", "u7 unicode_1_1_utf_7" },
	{ "UTF-8", "cp65001 u8 utf utf8_ucs2 utf8_ucs4" },
};

/* The longest name worth a look: Python's longest alias is 22 characters. */
#define NAME_MAX_LEN 63

/*
 * name as Python's registry looks it up (lower case, then
 * encodings.normalize_encoding(): a run of other characters than letters,
 * digits and '.' is one '_', none at either end) into out, which has
 * NAME_MAX_LEN + 1 bytes.
 */
static void normalise(const char *name, size_t len, char *out)
{
	size_t n = 0;
	int punct = 0;

	for (size_t i = 0; i < len; i++) {
		if (!isalnum((unsigned char)name[i]) && name[i] != '.') {
			punct = 1;
			continue;
		}
		if (punct && n)
			out[n++] = '_';
		out[n++] = (char)tolower((unsigned char)name[i]);
		punct = 0;
	}
	out[n] = '\0';
}

/* Whether the space-separated list holds word. */
static int has_word(const char *list, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += len)
		if ((p == list || p[-1] == ' ') && (p[len] == ' ' || !p[len]))
			return 1;
	return 0;
}

/* An iconv descriptor that decodes the normalised name's codec, or (iconv_t)-1. */
static iconv_t open_codec(char *name)
{
	iconv_t cd;

	for (size_t i = 0; i < sizeof(aliases) / sizeof(*aliases); i++)
		if (has_word(aliases[i].python, name))
			return iconv_open("UTF-8", aliases[i].iconv);
	cd = iconv_open("UTF-8", name);
	if (cd != (iconv_t)-1)
		return cd;
	for (char *p = name; (p = strchr(p, '_')); p++)
		*p = '-';
	return iconv_open("UTF-8", name);
}

int fixture_py_decode(const char *name, size_t namelen, const char *buf, size_t len,
		      size_t *bad, struct strbuf *text)
{
	char norm[NAME_MAX_LEN + 1], out[1024];
	char *in = (char *)buf;
	size_t left = len;
	iconv_t cd;
	int ret = 0;

	if (namelen > NAME_MAX_LEN)
		return -1;
	normalise(name, namelen, norm);
	/* iconv_open() takes "" for the locale's encoding; Python knows no such name */
	if (!*norm || (cd = open_codec(norm)) == (iconv_t)-1)
		return -1;
	while (left) {
		char *o = out;
		size_t room = sizeof(out);
		int failed = iconv(cd, &in, &left, &o, &room) == (size_t)-1 && errno != E2BIG;

		if (text)
			strbuf_add(text, out, (size_t)(o - out));
		if (failed) {
			/* EILSEQ: no character; EINVAL: one cut short by the end */
			*bad = (size_t)(in - buf);
			ret = 1;
			break;
		}
	}
	iconv_close(cd);
	return ret;
}
