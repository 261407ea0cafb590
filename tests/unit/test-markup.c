#include <stdlib.h>
#include "tap.h"
#include "util/strbuf.h"
#include "util/markup.h"

static void check_md(const char *in, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	markdown_escape(&sb, in);
	is_str(sb.buf, want, want);
	strbuf_release(&sb);
}

static void check_code(const char *in, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	markdown_code(&sb, in);
	is_str(sb.buf, want, want);
	strbuf_release(&sb);
}

static void check_xml(const char *in, const char *want, const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	xml_escape(&sb, in);
	is_str(sb.buf, want, name);
	strbuf_release(&sb);
}

static void check_xml_cut(const char *in, size_t max, const char *want, const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	xml_escape_cut(&sb, in, max);
	is_str(sb.buf, want, name);
	strbuf_release(&sb);
}

static void check_github(const char *url, const char *want)
{
	char *got = github_base_url(url);

	is_str(got, want, url);
	free(got);
}

int main(void)
{
	check_md("[cute] Use tcgen05 MMA (#2871)", "\\[cute\\] Use tcgen05 MMA (#2871)");
	check_md("*a* _b_ `c` <d> e|f ~~g~~ h & i ![j] $k$ \\",
		 "\\*a\\* \\_b\\_ \\`c\\` \\<d\\> e\\|f \\~\\~g\\~\\~ h \\& i \\!\\[j\\] \\$k\\$ \\\\");
	check_md("line\nbreak\ttab\x1b[31m", "line\xef\xbf\xbd" "break\xef\xbf\xbd" "tab\xef\xbf\xbd\\[31m");
	check_md("caf\xc3\xa9 #12 1. - +", "caf\xc3\xa9 #12 1. - +");
	check_md("Fix @octocat's bug, thanks @helion/perf-team and ada@example.com (#3311)",
		 "Fix `@octocat`'s bug, thanks `@helion/perf-team` and ada@example.com (#3311)");
	check_md("(@a-b) [@c] @@d @-e @ f_@g", "(`@a-b`) \\[`@c`\\] @`@d` @-e @ f\\_@g");
	check_md("Fix https://x.io/a_b, www.x.io/c_d and HTTP://Y.IO", "Fix https\\://x.io/a\\_b, www\\.x.io/c\\_d and HTTP\\://Y.IO");
	check_md("report: fix mailto:a wwwx.io www", "report: fix mailto:a wwwx.io www");
	check_md("Fix \xe2\x80\xae[x]\xe2\x81\xa6y \xc2\x9b \xff", "Fix \xef\xbf\xbd\\[x\\]\xef\xbf\xbdy \xef\xbf\xbd\xef\xbf\xbd \xef\xbf\xbd");

	check_code("(?i)\\[(?:cute|cutedsl)\\]", "`(?i)\\[(?:cute|cutedsl)\\]`");
	check_code("a`b``c", "```a`b``c```");
	check_code("`x", "`` `x ``");
	check_code("a\xe2\x80\xae" "b\nc", "`a\xef\xbf\xbd" "b\xef\xbf\xbd" "c`");

	check_xml("<a href=\"x\">&'</a>", "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;", "markup");
	check_xml("bell\x07 esc\x1b caf\xc3\xa9 \xe2\x86\x92", "bell\xef\xbf\xbd esc\xef\xbf\xbd caf\xc3\xa9 \xe2\x86\x92",
		  "control characters, UTF-8 kept");
	check_xml("bad \xff \xc3( \xed\xa0\x80 \xc0\xaf end",
		  "bad \xef\xbf\xbd \xef\xbf\xbd( \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd end",
		  "invalid UTF-8, surrogates and overlong forms");
	check_xml("main\xe2\x80\xae<fed \xd8\x9c\xe2\x81\xa9", "main\xef\xbf\xbd&lt;fed \xef\xbf\xbd\xef\xbf\xbd",
		  "bidirectional controls, one U+FFFD each");
	check_xml("a\xef\xbf\xbe" "b\xef\xbf\xbf" "c\xef\xbf\xbd" "d\xee\x80\x80" "e\xf0\x90\x80\x80" "f\t\n\r",
		  "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd" "d\xee\x80\x80" "e\xf0\x90\x80\x80"
		  "f\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd",
		  "U+FFFE and U+FFFF, no XML characters, one U+FFFD each; U+FFFD, U+E000 and U+10000 kept");
	check_md("a\xef\xbf\xbf" "b", "a\xef\xbf\xbd" "b");
	check_xml_cut("abcdefg\xc3\xbc" "123", 8, "abcdefg\xc3\xbc", "a cut ends after a whole character");
	check_xml_cut("abcdefg\xc2\x85" "1", 8, "abcdefg\xef\xbf\xbd",
		      "a C1 control is two characters drawn, cut between them");
	check_xml_cut("a&<\xff\xe2\x80\xae" "bcdef", 6, "a&amp;&lt;\xef\xbf\xbd\xef\xbf\xbd" "b",
		      "an entity and a U+FFFD count one each");
	check_xml_cut("ab", 8, "ab", "a shorter string is whole");

	check_github("https://github.com/pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("https://github.com/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("https://github.com/pytorch/helion/", "https://github.com/pytorch/helion");
	check_github("git@github.com:pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("ssh://git@github.com/pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("git://github.com/pytorch-labs/helion.git", "https://github.com/pytorch-labs/helion");
	check_github("https://gitlab.com/pytorch/helion.git", NULL);
	check_github("https://github.com.evil.example/pytorch/helion", NULL);
	check_github("https://github.com/pytorch", NULL);
	check_github("https://github.com/pytorch/helion/tree/main", NULL);
	check_github("https://github.com/pytorch/he\"lion", NULL);
	check_github("https://github.com/../helion", NULL);
	check_github("/srv/git/helion.git", NULL);
	/* hosts are case-insensitive; the link never carries the URL's userinfo */
	check_github("https://GitHub.com/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("git@GITHUB.COM:pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("ssh://git@GitHub.com/pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("https://www.GitHub.com/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("https://user:tok@github.com/pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("https://tok@GitHub.com/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("https://github.com@evil.example/pytorch/helion", NULL);
	check_github("https://user@github.com.evil.example/pytorch/helion", NULL);
	check_github("evil.example/x@github.com:pytorch/helion", NULL);
	check_github("https://user@/pytorch/helion", NULL);
	/* a port: the scheme's default is github.com itself, any other is not GitHub's */
	check_github("https://github.com:443/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("ssh://git@github.com:22/pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("http://github.com:80/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("git://github.com:9418/pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("HTTPS://GitHub.com:0443/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("https://github.com:/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("https://user:tok@github.com:443/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("https://github.com:8443/pytorch/helion", NULL);
	check_github("https://github.com:22/pytorch/helion", NULL);
	check_github("ssh://git@github.com:443/pytorch/helion.git", NULL);
	check_github("https://github.com:443x/pytorch/helion", NULL);
	check_github("https://github.com:-443/pytorch/helion", NULL);
	check_github("https://github.com:+443/pytorch/helion", NULL);
	check_github("https://github.com:99999999999999999999443/pytorch/helion", NULL);
	check_github("https://github.com:443@evil.example/pytorch/helion", NULL);
	/* GitHub's SSH host on the HTTPS port, or its own; for SSH only */
	check_github("ssh://git@ssh.github.com:443/pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("ssh://git@SSH.GitHub.com:443/pytorch/helion", "https://github.com/pytorch/helion");
	check_github("ssh://git@ssh.github.com/pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("git@ssh.github.com:pytorch/helion.git", "https://github.com/pytorch/helion");
	check_github("ssh://git@ssh.github.com:8443/pytorch/helion.git", NULL);
	check_github("https://ssh.github.com/pytorch/helion", NULL);
	check_github("ssh://git@ssh.github.com.evil.example:443/pytorch/helion", NULL);
	return done_testing();
}
