#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/json.h"
#include "util/quote.h"
#include "util/repo.h"
#include "util/candidates.h"

void repo_library_init(void)
{
	git_libgit2_init();
	/*
	 * libgit2 hashes every object it reads again to check its name; git
	 * does not (fsck does). It was a fifth of fixture-diff's instructions
	 * on a 1,000-case corpus. The commands only read.
	 */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	json_library_init();
}

/*
 * Append "<what>: <libgit2's last error>" to sb, what from fmt and ap.
 * libgit2 ends an OS error with ": " and strerror(errno), which is empty
 * when errno was not set (a lock file that exists): that colon goes.
 */
static void add_git_error(struct strbuf *sb, const char *fmt, va_list ap)
{
	const git_error *e = git_error_last();
	char *what = xstrvfmt(fmt, ap);

	strbuf_addstr(sb, what);
	free(what);
	if (e && e->message) {
		strbuf_addstr(sb, ": ");
		strbuf_addstr(sb, e->message);
		strbuf_rtrim(sb);
		if (sb->len && sb->buf[sb->len - 1] == ':')
			sb->buf[--sb->len] = '\0';
	}
}

int repo_error_add(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_git_error(sb, fmt, ap);
	va_end(ap);
	return -1;
}

int repo_error(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	add_git_error(&sb, fmt, ap);
	va_end(ap);
	error("%s", sb.buf);
	strbuf_release(&sb);
	return -1;
}

/*
 * Whether git_repository_open_ext() refused a repository another user
 * owns (rc its result). libgit2 1.5.1 answers GIT_EOWNER ("repository
 * path '...' is not owned by current user") only when some
 * safe.directory is configured; with none, its ownership check fails on
 * the lookup of safe.directory itself and leaves that error instead.
 */
static int not_owned(int rc)
{
	const git_error *e = git_error_last();
	const char *msg = e && e->message ? e->message : "";

	return rc == GIT_EOWNER || strstr(msg, "not owned by current user") ||
	       (e && e->klass == GIT_ERROR_CONFIG &&
		!strcmp(msg, "config value 'safe.directory' was not found"));
}

/*
 * The directory git's safe.directory names for the repository found from
 * where: its work tree, or the repository itself when bare. The caller
 * frees it.
 */
static char *owned_path(const char *where, const char *ceiling)
{
	git_buf found = GIT_BUF_INIT;
	char *path = NULL;
	size_t n;

	if (!git_repository_discover(&found, where, 0, ceiling)) {
		n = strlen(found.ptr);
		if (n > 1 && found.ptr[n - 1] == '/')
			n--;
		if (n >= 5 && !strncmp(found.ptr + n - 5, "/.git", 5))
			n -= 5;
		path = xstrndup(found.ptr, n);
	}
	git_buf_dispose(&found);
	git_error_clear();
	if (!path)
		path = realpath(where, NULL);
	return path ? path : xstrdup(where);
}

static int open_failed(int rc, const char *where, const char *ceiling)
{
	struct strbuf cmd = STRBUF_INIT;
	char *path;

	if (!not_owned(rc)) {
		if (rc != GIT_ENOTFOUND || strcmp(where, "."))
			return repo_error("not a git repository: '%s'", where);
		/* git's own words where it searched and found none */
		git_error_clear();
		return error("not a git repository (or any of the parent directories): .git");
	}
	path = owned_path(where, ceiling);
	/* quoted for a shell as git quotes it; advise() escapes control characters */
	quote_shell(&cmd, path);
	error("repository at '%s' is owned by another user", path);
	advise("to trust it, run: git config --global --add safe.directory %s", cmd.buf);
	strbuf_release(&cmd);
	free(path);
	return -1;
}

/*
 * libgit2 1.5 leaks a buffer when set_workdir is handed the work tree the
 * repository already has, which `git --work-tree` often does: skip that.
 */
static int same_workdir(git_repository *repo, const char *work_tree)
{
	const char *current = git_repository_workdir(repo);
	char *real = realpath(work_tree, NULL);
	int same = 0;

	if (current && real) {
		size_t n = strlen(real);

		same = !strncmp(current, real, n) && (!current[n] || !strcmp(current + n, "/"));
	}
	free(real);
	return same;
}

/* Whether the repository's configuration sets core.worktree. */
static int has_core_worktree(git_repository *repo)
{
	git_config *cfg = NULL;
	git_config_entry *e = NULL;
	int found = !git_repository_config_snapshot(&cfg, repo) &&
		    !git_config_get_entry(&e, cfg, "core.worktree");

	git_config_entry_free(e);
	git_config_free(cfg);
	git_error_clear();
	return found;
}

/*
 * Whether the current directory is the repository's git directory or
 * below it, where git has no work tree ("this operation must be run in
 * a work tree"); libgit2 would take the directory above .git.
 */
/* The part of path below dir ("" at dir itself), or NULL when path is neither; either may be NULL. */
static const char *path_below(const char *path, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	if (!path || !dir || strncmp(path, dir, n) || (path[n] && path[n] != '/'))
		return NULL;
	return path[n] ? path + n + 1 : path + n;
}

static int inside_git_dir(git_repository *repo)
{
	char *gitdir = realpath(git_repository_path(repo), NULL), *cwd = getcwd(NULL, 0);
	int inside = path_below(cwd, gitdir) != NULL;

	free(gitdir);
	free(cwd);
	return inside;
}

char *repo_prefix(git_repository *repo)
{
	const char *wd = git_repository_workdir(repo), *below;
	char *top = wd ? realpath(wd, NULL) : NULL, *cwd = getcwd(NULL, 0), *prefix = NULL;

	if ((below = path_below(cwd, top)))
		prefix = *below ? xstrfmt("%s/", below) : xstrdup("");
	free(top);
	free(cwd);
	return prefix;
}

int literal_pathspecs(void)
{
	const char *v = getenv("GIT_LITERAL_PATHSPECS");
	int on;

	if (!v)
		return 0;
	/* as git's git_env_bool(): true, yes, on or a non-zero number; "" is false */
	if (git_config_parse_bool(&on, v)) {
		git_error_clear();
		return error("bad boolean environment value '%s' for 'GIT_LITERAL_PATHSPECS'", quote_term(v));
	}
	return on;
}

int repo_open(git_repository **out)
{
	const char *git_dir = getenv("GIT_DIR");
	const char *work_tree = getenv("GIT_WORK_TREE");
	const char *ceiling = getenv("GIT_CEILING_DIRECTORIES");
	int rc;

	*out = NULL;
	if (git_dir && *git_dir) {
		if ((rc = git_repository_open_ext(out, git_dir, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL)))
			return open_failed(rc, git_dir, NULL);
		/*
		 * GIT_DIR with neither GIT_WORK_TREE nor core.worktree: git takes
		 * the current directory as the top of the work tree, where
		 * libgit2 takes the directory above the git directory.
		 */
		if (!(work_tree && *work_tree) && !git_repository_is_bare(*out) &&
		    !has_core_worktree(*out))
			work_tree = ".";
	} else if ((rc = git_repository_open_ext(out, ".", 0, ceiling))) {
		return open_failed(rc, ".", ceiling);
	} else if (!(work_tree && *work_tree) && !git_repository_is_bare(*out) &&
		   inside_git_dir(*out)) {
		char *path = xstrdup(git_repository_path(*out));

		git_repository_free(*out);
		rc = git_repository_open_ext(out, path, GIT_REPOSITORY_OPEN_NO_SEARCH |
					     GIT_REPOSITORY_OPEN_BARE, NULL);
		free(path);
		if (rc)
			return open_failed(rc, ".", ceiling);
	}
	if (work_tree && *work_tree && !same_workdir(*out, work_tree) &&
	    git_repository_set_workdir(*out, work_tree, 0)) {
		git_repository_free(*out);
		*out = NULL;
		return repo_error("cannot use work tree '%s'", work_tree);
	}
	return 0;
}

/*
 * git_revparse_single(), but "HEAD@{n}" (and what follows it) from HEAD's
 * own reflog, as git reads it: libgit2 resolves HEAD to its branch first
 * and reads the branch's reflog, another commit once HEAD has moved
 * between branches. And "@" before a suffix ("@~2", "@^") is HEAD, as in
 * git: libgit2 takes "@" only alone. Returns 0 or libgit2's error code,
 * quiet.
 */
static int revparse(git_object **out, git_repository *repo, const char *rev)
{
	const char *at, *rest;
	const git_reflog_entry *e;
	git_reflog *log = NULL;
	unsigned long n;
	char *end, *spec, hex[GIT_OID_HEXSZ + 1];
	int rc = -1;

	if (rev[0] == '@' && rev[1] && strchr("~^:", rev[1])) {
		spec = xstrfmt("HEAD%s", rev + 1);
		rc = revparse(out, repo, spec);
		free(spec);
		return rc;
	}
	if (strncmp(rev, "HEAD@{", strlen("HEAD@{")))
		return git_revparse_single(out, repo, rev);
	at = rev + strlen("HEAD@{");
	if (*at < '0' || *at > '9')
		return git_revparse_single(out, repo, rev);
	n = strtoul(at, &end, 10);
	if (*end != '}')
		return git_revparse_single(out, repo, rev);
	rest = end + 1;
	if (git_reflog_read(&log, repo, "HEAD") || !(e = git_reflog_entry_byindex(log, n))) {
		git_reflog_free(log);
		return -1;
	}
	spec = xstrfmt("%s%s", oid_hex(hex, git_reflog_entry_id_new(e)), rest);
	rc = git_revparse_single(out, repo, spec);
	free(spec);
	git_reflog_free(log);
	return rc;
}

/*
 * The length of the short object name rev begins with (hex digits that
 * a suffix such as "~2", "^{tree}" or ":path" may follow), 0 when none.
 */
static size_t short_oid(const char *rev)
{
	size_t len = strspn(rev, "0123456789abcdefABCDEF");

	if (len < GIT_OID_MINPREFIXLEN || len >= GIT_OID_HEXSZ)
		return 0;
	return !rev[len] || strchr("~^:", rev[len]) ? len : 0;
}

/*
 * rev, whose first len characters are an ambiguous short object name,
 * as git reads it where it wants an object that peels to want (a commit,
 * or a tree): rev with the one such candidate's full name in their place
 * (owned by the caller), or NULL after an error in git's words ("a6f4~2"
 * is ambiguous in its "a6f4") with those candidates, or all of them when
 * none is, as hints.
 */
static char *expand_ambiguous(git_repository *repo, const char *rev, size_t len,
			      git_object_t want)
{
	struct candidates c;
	char hex[GIT_OID_HEXSZ + 1], *spec = NULL;

	candidates_find(&c, repo, rev, len);
	if (candidates_keep(&c, want) == 1) {
		spec = xstrfmt("%s%s", oid_hex(hex, &c.v[0].oid), rev + len);
	} else {
		error("short object ID %.*s is ambiguous", (int)len, rev);
		candidates_advise(&c, repo);
	}
	candidates_release(&c);
	return spec;
}

/* The object rev names, an ambiguous short name read as one peeling to want; quiet but for errors. */
static int resolve(git_repository *repo, const char *rev, git_object_t want, git_object **out)
{
	size_t len;
	int rc;

	*out = NULL;
	rc = revparse(out, repo, rev);
	if (rc == GIT_EAMBIGUOUS && (len = short_oid(rev))) {
		char *spec = expand_ambiguous(repo, rev, len, want);

		if (!spec)
			return -1;
		rc = revparse(out, repo, spec);
		free(spec);
	}
	/* the errors name rev as typed, not its expansion, as git does */
	return rc ? error("bad revision '%s'", rev) : 0;
}

int repo_resolve_commit(git_repository *repo, const char *rev, git_commit **out)
{
	git_object *obj = NULL, *peeled = NULL;

	*out = NULL;
	if (resolve(repo, rev, GIT_OBJECT_COMMIT, &obj))
		return -1;
	if (git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT)) {
		git_object_free(obj);
		return error("revision '%s' is not a commit", rev);
	}
	git_object_free(obj);
	*out = (git_commit *)peeled;
	return 0;
}

int repo_resolve_tree(git_repository *repo, const char *rev, git_commit **commit,
		      git_tree **tree)
{
	git_object *obj = NULL, *peeled = NULL;

	*commit = NULL;
	*tree = NULL;
	if (resolve(repo, rev, GIT_OBJECT_TREE, &obj))
		return -1;
	if (git_object_peel(&peeled, obj, GIT_OBJECT_TREE)) {
		git_object_free(obj);
		return error("revision '%s' is neither a commit nor a tree", rev);
	}
	*tree = (git_tree *)peeled;
	if (!git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT))
		*commit = (git_commit *)peeled;
	git_error_clear();
	git_object_free(obj);
	return 0;
}

int repo_names_object(git_repository *repo, const char *rev)
{
	git_object *obj = NULL;
	int found = !revparse(&obj, repo, rev);

	git_object_free(obj);
	git_error_clear();
	return found;
}

char *oid_hex(char buf[GIT_OID_HEXSZ + 1], const git_oid *oid)
{
	return git_oid_tostr(buf, GIT_OID_HEXSZ + 1, oid);
}
