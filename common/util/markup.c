#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include "util/usage.h"
#include "util/term-escape.h"
#include "util/markup.h"

#define REPLACEMENT "\xef\xbf\xbd"	/* U+FFFD */

/*
 * The length of the GitHub mention ("@user", "@org/team") at s, or 0: an
 * @ that follows no word character and comes before a letter or digit,
 * with the name characters after it.
 */
static size_t mention_len(const char *start, const char *s)
{
	size_t n = 1;

	if (*s != '@' || !isalnum((unsigned char)s[1]) ||
	    (s > start && (isalnum((unsigned char)s[-1]) || s[-1] == '_')))
		return 0;
	while (isalnum((unsigned char)s[n]) || (s[n] && strchr("-_/", s[n])))
		n++;
	return n;
}

/*
 * U+FFFE or U+FFFF at p: valid UTF-8, which a terminal may show, but no
 * character of XML 1.0 (its Char ends at U+FFFD), so an SVG holding one
 * does not parse. The other code points XML refuses are C0 controls and
 * surrogates, which term_printable_len() refuses already.
 */
static int is_xml_nonchar(const unsigned char *p)
{
	return p[0] == 0xef && p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf);
}

/*
 * The character at p that no report may hold (util/term-escape.h: a
 * control, a bidirectional control, a byte that is not UTF-8; or U+FFFE,
 * U+FFFF) as U+FFFD; returns its length, or 0 when it is none of those.
 */
static size_t add_replacement(struct strbuf *sb, const unsigned char *p)
{
	int nonchar = is_xml_nonchar(p);

	if (!nonchar && term_printable_len(p))
		return 0;
	strbuf_addstr(sb, REPLACEMENT);
	return nonchar ? 3 : term_unprintable_len(p);
}

/*
 * Whether the character at s starts a GFM extended autolink, as GitHub's
 * parser (cmark-gfm's autolink extension) finds one: the ':' of
 * "<scheme>://", the '.' of "www.". That extension reads the text as
 * written, backslash escapes included, so a URL holding an escaped '_'
 * was linked to another address with its backslashes shown; escaped,
 * these start no link and the text shows as it is.
 */
static int opens_autolink(const char *start, const char *s)
{
	return (*s == ':' && s[1] == '/' && s[2] == '/') ||
	       (*s == '.' && s - start >= 3 && !strncmp(s - 3, "www", 3));
}

void markdown_escape(struct strbuf *sb, const char *s)
{
	/* CommonMark lets any ASCII punctuation be escaped; these can start markup. */
	static const char special[] = "\\`*_[]<>|~&!$";
	const char *start = s;

	while (*s) {
		size_t n = mention_len(start, s);

		if (n) {
			/*
			 * A mention notifies its user or team, and a backslash
			 * does not stop it; in a code span it is text
			 * (GitHub: "The text within the backticks will not be
			 * formatted").
			 */
			strbuf_addch(sb, '`');
			strbuf_add(sb, s, n);
			strbuf_addch(sb, '`');
		} else if (!(n = add_replacement(sb, (const unsigned char *)s))) {
			n = term_printable_len((const unsigned char *)s);
			if (strchr(special, *s) || opens_autolink(start, s))
				strbuf_addch(sb, '\\');
			strbuf_add(sb, s, n);
		}
		s += n;
	}
}

void markdown_code(struct strbuf *sb, const char *s)
{
	size_t longest = 0, run = 0;
	int pad;

	for (const char *p = s; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		longest = run > longest ? run : longest;
	}
	/* A span that starts or ends with a backtick needs a space inside the fence. */
	pad = *s == '`' || (*s && s[strlen(s) - 1] == '`');
	for (size_t i = 0; i <= longest; i++)
		strbuf_addch(sb, '`');
	if (pad)
		strbuf_addch(sb, ' ');
	while (*s) {
		size_t n = add_replacement(sb, (const unsigned char *)s);

		if (!n) {
			n = term_printable_len((const unsigned char *)s);
			strbuf_add(sb, s, n);
		}
		s += n;
	}
	if (pad)
		strbuf_addch(sb, ' ');
	for (size_t i = 0; i <= longest; i++)
		strbuf_addch(sb, '`');
}

void xml_escape_cut(struct strbuf *sb, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;

	/* Each turn adds one character as drawn: a U+FFFD, an entity or a character kept. */
	for (; *p && max; max--) {
		size_t n = add_replacement(sb, p);

		if (n) {
			p += n;
			continue;
		}
		n = term_printable_len(p);
		switch (*p) {
		case '&': strbuf_addstr(sb, "&amp;"); break;
		case '<': strbuf_addstr(sb, "&lt;"); break;
		case '>': strbuf_addstr(sb, "&gt;"); break;
		case '"': strbuf_addstr(sb, "&quot;"); break;
		case '\'': strbuf_addstr(sb, "&apos;"); break;
		default: strbuf_add(sb, p, n); break;
		}
		p += n;
	}
}

void xml_escape(struct strbuf *sb, const char *s)
{
	xml_escape_cut(sb, s, SIZE_MAX);
}

void markup_fputs(FILE *fp, const char *s, void (*escape)(struct strbuf *, const char *))
{
	struct strbuf sb = STRBUF_INIT;

	escape(&sb, s);
	fputs(sb.buf, fp);
	strbuf_release(&sb);
}

/* GitHub owner and repository names: letters, digits, '-', '_' and '.'. */
static int github_name(const char *s, size_t len)
{
	if (!len || (len <= 2 && s[0] == '.' && (len == 1 || s[1] == '.')))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("-_.", s[i]))
			return 0;
	return 1;
}

#define GITHUB_SSH_HOST "ssh.github.com"

/* Whether the len bytes at host name GitHub's web host, in any case (hosts are case-insensitive). */
static int github_host(const char *host, size_t len)
{
	static const char *const hosts[] = { "github.com", "www.github.com" };

	for (size_t i = 0; i < ARRAY_SIZE(hosts); i++)
		if (len == strlen(hosts[i]) && !strncasecmp(host, hosts[i], len))
			return 1;
	return 0;
}

/*
 * Whether the len bytes at port (after the host's ':') are the port want:
 * digits only, an empty port standing for the scheme's default (RFC 3986).
 */
static int is_port(const char *port, size_t len, unsigned long want)
{
	unsigned long n = 0;

	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)port[i]) || n > want)
			return 0;
		n = n * 10 + (unsigned long)(port[i] - '0');
	}
	return !len || n == want;
}

char *github_base_url(const char *url)
{
	static const struct scheme {
		const char *prefix;
		unsigned long port;
	} schemes[] = { { "https://", 443 }, { "http://", 80 }, { "ssh://", 22 }, { "git://", 9418 } };
	const struct scheme *scheme = NULL;
	const char *host, *end, *path, *slash, *colon;
	size_t len;

	for (size_t i = 0; !scheme && i < ARRAY_SIZE(schemes); i++)
		if (!strncasecmp(url, schemes[i].prefix, strlen(schemes[i].prefix)))
			scheme = &schemes[i];
	if (scheme) {
		host = url + strlen(scheme->prefix);
		/* the authority runs to the first '/' */
		end = host + strcspn(host, "/");
		path = *end ? end + 1 : NULL;
	} else {
		/* scp form, [user@]host:path, with no '/' before the ':' (git's rule) */
		host = url;
		end = host + strcspn(host, ":/");
		path = *end == ':' ? end + 1 : NULL;
	}
	if (!path)
		return NULL;
	/* the userinfo (user, token) before the host's last '@': never in a link */
	for (const char *at = host; at < end; at++)
		if (*at == '@')
			host = at + 1;
	/* a port, in the URL forms: github.com on the scheme's own is github.com */
	colon = scheme ? memchr(host, ':', (size_t)(end - host)) : NULL;
	len = (size_t)((colon ? colon : end) - host);
	/*
	 * GitHub's SSH over HTTPS's port, for networks that block port 22:
	 * ssh://git@ssh.github.com:443/owner/repo.git (its own docs' form).
	 */
	if (len == strlen(GITHUB_SSH_HOST) && !strncasecmp(host, GITHUB_SSH_HOST, len) &&
	    (!scheme || !strcmp(scheme->prefix, "ssh://"))) {
		if (colon && !is_port(colon + 1, (size_t)(end - colon - 1), 443) &&
		    !is_port(colon + 1, (size_t)(end - colon - 1), scheme->port))
			return NULL;
	} else if ((colon && !is_port(colon + 1, (size_t)(end - colon - 1), scheme->port)) ||
		   !github_host(host, len)) {
		return NULL;
	}
	if (!(slash = strchr(path, '/')))
		return NULL;
	len = strlen(slash + 1);
	if (len && slash[len] == '/')
		len--;
	if (len > 4 && !strncmp(slash + 1 + len - 4, ".git", 4))
		len -= 4;
	if (!github_name(path, (size_t)(slash - path)) || !github_name(slash + 1, len))
		return NULL;
	return xstrfmt("https://github.com/%.*s/%.*s", (int)(slash - path), path, (int)len,
		       slash + 1);
}

char *config_github_base_url(struct config *cfg)
{
	const char *url = config_get_string(cfg, "remote.origin.url");

	return url ? github_base_url(url) : NULL;
}
