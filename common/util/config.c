#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <unistd.h>
#include <git2/sys/repository.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/repo.h"
#include "util/config.h"
#include "util/number.h"

char *config_canonical_key(const char *key)
{
	char *out = xstrdup(key);
	char *first = strchr(out, '.');
	char *last = strrchr(out, '.');

	for (char *p = out; *p; p++)
		if (!first || p < first || p > last)
			*p = (char)tolower((unsigned char)*p);
	return out;
}

/* Values are stored as "=<value>", a bare key (no value at all) as "". */
static void add_override(struct config *cfg, const char *key, const char *value)
{
	char *canon = config_canonical_key(key);
	char *stored = value ? xstrfmt("=%s", value) : xstrdup("");

	strvec_push(&cfg->keys, canon);
	strvec_push(&cfg->values, stored);
	free(stored);
	free(canon);
}

/* Read one shell single-quoted word ('it'\''s') at *p into sb. */
static int read_sq(const char **p, struct strbuf *sb)
{
	const char *s = *p;

	if (*s != '\'')
		return -1;
	for (;;) {
		s++;
		while (*s && *s != '\'')
			strbuf_addch(sb, *s++);
		if (!*s)
			return -1;
		s++;
		if (s[0] == '\\' && s[1] == '\'' && s[2] == '\'') {
			strbuf_addch(sb, '\'');
			s += 2;
			continue;
		}
		break;
	}
	*p = s;
	return 0;
}

int config_parse_parameters(struct config *cfg, const char *text)
{
	const char *p = text;
	struct strbuf key = STRBUF_INIT, value = STRBUF_INIT;
	int ret = 0;

	while (*p) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		strbuf_reset(&key);
		strbuf_reset(&value);
		if (read_sq(&p, &key)) {
			ret = -1;
			break;
		}
		if (*p == '=') {	/* new style: 'key'='value', or 'key'= for a bare key */
			p++;
			if (!*p || isspace((unsigned char)*p)) {
				add_override(cfg, key.buf, NULL);
				continue;
			}
			if (read_sq(&p, &value)) {
				ret = -1;
				break;
			}
			add_override(cfg, key.buf, value.buf);
		} else {		/* old style: 'key=value' */
			char *eq = strchr(key.buf, '=');

			if (eq)
				*eq = '\0';
			add_override(cfg, key.buf, eq ? eq + 1 : NULL);
		}
	}
	strbuf_release(&key);
	strbuf_release(&value);
	return ret;
}

static int read_env_overrides(struct config *cfg)
{
	const char *params = getenv("GIT_CONFIG_PARAMETERS");
	const char *count = getenv("GIT_CONFIG_COUNT");

	if (params && config_parse_parameters(cfg, params))
		return error("bogus format in 'GIT_CONFIG_PARAMETERS'");
	if (count && *count) {
		char *end;
		long n = strtol(count, &end, 10);

		if (*end || n < 0)
			return error("bogus count in 'GIT_CONFIG_COUNT'");
		for (long i = 0; i < n; i++) {
			char name[64];
			const char *k, *v;

			snprintf(name, sizeof(name), "GIT_CONFIG_KEY_%ld", i);
			k = getenv(name);
			snprintf(name, sizeof(name), "GIT_CONFIG_VALUE_%ld", i);
			v = getenv(name);
			if (!k || !v)
				return error("missing config key or value for 'GIT_CONFIG_KEY_%ld'", i);
			add_override(cfg, k, v);
		}
	}
	return 0;
}

static char *worktree_config_path(git_repository *repo)
{
	return xstrfmt("%sconfig.worktree", git_repository_path(repo));
}

/*
 * With extensions.worktreeConfig, git reads the work tree's own
 * config.worktree over the repository's: `git sparse-checkout` writes
 * core.sparseCheckout there. A missing file is no configuration.
 */
static int read_worktree_config(struct config *cfg, git_repository *repo)
{
	git_config *file = NULL;
	char *path;
	int on = 0, ret = 0;

	if (git_config_get_bool(&on, cfg->snapshot, "extensions.worktreeconfig"))
		git_error_clear();
	if (!on)
		return 0;
	path = worktree_config_path(repo);
	if (!access(path, F_OK) &&
	    (git_config_open_ondisk(&file, path) || git_config_snapshot(&cfg->worktree, file)))
		ret = repo_error("cannot read '%s'", path);
	git_config_free(file);
	free(path);
	return ret;
}

int config_init(struct config *cfg, git_repository *repo)
{
	git_config *cfg_all = NULL;

	strvec_init(&cfg->keys);
	strvec_init(&cfg->values);
	cfg->snapshot = NULL;
	cfg->worktree = NULL;
	cfg->last = NULL;
	if (repo) {
		if (git_repository_config_snapshot(&cfg->snapshot, repo))
			return repo_error("cannot read the repository configuration");
		if (read_worktree_config(cfg, repo))
			return -1;
	} else if (!git_config_open_default(&cfg_all)) {
		/* No configuration files at all is not an error. */
		if (git_config_snapshot(&cfg->snapshot, cfg_all))
			cfg->snapshot = NULL;
		git_config_free(cfg_all);
	}
	return read_env_overrides(cfg);
}

/* Remove the directory of overrides_dir() and what it holds, and free dir. */
static void remove_overrides(char *dir)
{
	char *path = xstrfmt("%s/config", dir);

	unlink(path);
	free(path);
	rmdir(dir);
	free(dir);
}

/*
 * Whether the override at i is one libgit2 reads itself: core.* (its
 * filters, attributes and index). The others are read through cfg alone.
 */
static int libgit2_reads(struct config *cfg, size_t i)
{
	return !strncmp(cfg->keys.v[i], "core.", 5);
}

/*
 * Those overrides as a configuration file at path, in their order (the
 * last of a key wins). A key git itself would refuse is left out, as
 * config_get_string() never finds it.
 */
static int write_overrides(struct config *cfg, const char *path)
{
	git_config *file = NULL;
	int ret = git_config_open_ondisk(&file, path);

	for (size_t i = 0; !ret && i < cfg->keys.nr; i++) {
		const char *v = cfg->values.v[i];

		if (!libgit2_reads(cfg, i))
			continue;
		ret = git_config_set_string(file, cfg->keys.v[i], *v ? v + 1 : "true");
		if (ret == GIT_EINVALIDSPEC) {
			git_error_clear();
			ret = 0;
		}
	}
	git_config_free(file);
	return ret;
}

/*
 * The overrides libgit2 reads in <dir>/config, dir a new directory in
 * $TMPDIR (or /tmp) that only we can read: libgit2 writes the file through
 * a lock file of the default mode.
 * Returns dir, or NULL with an error printed.
 */
static char *overrides_dir(struct config *cfg)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xstrfmt("%s/git-config-XXXXXX", tmp && *tmp ? tmp : "/tmp"), *path;

	if (!mkdtemp(dir)) {
		error("cannot create '%s': %s", dir, strerror(errno));
		free(dir);
		return NULL;
	}
	path = xstrfmt("%s/config", dir);
	if (write_overrides(cfg, path)) {
		repo_error("cannot write '%s'", path);
		remove_overrides(dir);
		dir = NULL;
	}
	free(path);
	return dir;
}

int config_apply_to_repository(struct config *cfg, git_repository *repo)
{
	git_config *live = NULL, *snapshot = NULL;
	char *worktree = cfg->worktree ? worktree_config_path(repo) : NULL;
	char *dir = NULL, *overrides = NULL;
	int ret = 0, any = 0;

	for (size_t i = 0; i < cfg->keys.nr; i++)
		any |= libgit2_reads(cfg, i);
	if (!worktree && !any)
		return 0;
	if (git_repository_config(&live, repo) ||
	    (worktree && git_config_add_file_ondisk(live, worktree, GIT_CONFIG_LEVEL_APP, repo, 0)))
		ret = repo_error("cannot read the repository configuration");
	else if (any && !(dir = overrides_dir(cfg)))
		ret = -1;
	else if (dir && git_config_add_file_ondisk(live, overrides = xstrfmt("%s/config", dir),
						   GIT_CONFIG_LEVEL_APP + 1, repo, 0))
		ret = repo_error("cannot read '%s'", overrides);
	/* Read-only, and in memory: the overrides' file is removed below. */
	else if (git_config_snapshot(&snapshot, live) || git_repository_set_config(repo, snapshot))
		ret = repo_error("cannot pass the configuration to libgit2");
	if (dir)
		remove_overrides(dir);
	free(overrides);
	free(worktree);
	git_config_free(snapshot);
	git_config_free(live);
	return ret;
}

void config_release(struct config *cfg)
{
	git_config_free(cfg->snapshot);
	git_config_free(cfg->worktree);
	strvec_clear(&cfg->keys);
	strvec_clear(&cfg->values);
	free(cfg->last);
	cfg->snapshot = NULL;
	cfg->worktree = NULL;
	cfg->last = NULL;
}

/* The override for key (*bare set for a key without a value), or NULL. Later ones win. */
static const char *find_override(struct config *cfg, const char *key, int *bare)
{
	char *canon = config_canonical_key(key);
	const char *found = NULL;

	for (size_t i = cfg->keys.nr; i-- > 0;) {
		if (!strcmp(cfg->keys.v[i], canon)) {
			found = cfg->values.v[i];
			break;
		}
	}
	free(canon);
	*bare = found && !*found;
	return found && !*bare ? found + 1 : found;
}

const char *config_get_string(struct config *cfg, const char *key)
{
	const char *v;
	int bare;

	free(cfg->last);
	cfg->last = NULL;
	v = find_override(cfg, key, &bare);
	if (v)
		return cfg->last = xstrdup(bare ? "true" : v);
	if (cfg->worktree && !git_config_get_string(&v, cfg->worktree, key))
		return cfg->last = xstrdup(v);
	git_error_clear();
	if (cfg->snapshot && !git_config_get_string(&v, cfg->snapshot, key))
		return cfg->last = xstrdup(v);
	git_error_clear();
	return NULL;
}

static int push_value(const git_config_entry *e, void *payload)
{
	strvec_push(payload, e->value ? e->value : "true");
	return 0;
}

void config_get_all(struct config *cfg, const char *key, struct strvec *out)
{
	char *canon = config_canonical_key(key);

	/* No value pattern: libgit2 1.5 with PCRE2 leaks the match data of one. */
	if (cfg->snapshot && git_config_get_multivar_foreach(cfg->snapshot, key, NULL, push_value, out))
		git_error_clear();
	if (cfg->worktree && git_config_get_multivar_foreach(cfg->worktree, key, NULL, push_value, out))
		git_error_clear();
	for (size_t i = 0; i < cfg->keys.nr; i++)
		if (!strcmp(cfg->keys.v[i], canon))
			strvec_push(out, *cfg->values.v[i] ? cfg->values.v[i] + 1 : "true");
	free(canon);
}

enum config_lookup config_get_value(struct config *cfg, const char *key, const char **out)
{
	int bare;

	*out = NULL;
	if (find_override(cfg, key, &bare) && bare)
		return error("missing value for '%s'", key);
	*out = config_get_string(cfg, key);
	return *out ? CONFIG_FOUND : CONFIG_UNSET;
}

enum config_lookup config_get_bool(struct config *cfg, const char *key, int *out)
{
	const char *v = config_get_string(cfg, key);
	int b;

	if (!v)
		return CONFIG_UNSET;
	if (git_config_parse_bool(&b, v)) {
		git_error_clear();
		error("bad boolean config value '%s' for '%s'", v, key);
		return CONFIG_INVALID;
	}
	*out = b;
	return CONFIG_FOUND;
}

/*
 * The value of key as a whole number (strtol, base 10) where integral,
 * else as a finite decimal number (number_parse_decimal(): no hex), from
 * min to max; out of range or not a number is an error naming the range.
 */
static enum config_lookup config_get_number(struct config *cfg, const char *key, int integral,
					    double min, double max, double *out)
{
	const char *v = config_get_string(cfg, key);
	char *end;
	double d = 0;
	int bad;

	if (!v)
		return CONFIG_UNSET;
	if (integral) {
		errno = 0;
		d = (double)strtol(v, &end, 10);
		bad = !*v || *end || errno;
	} else {
		bad = number_parse_decimal(v, &d);
	}
	if (bad || d < min || d > max) {
		error("bad numeric config value '%s' for '%s': not %s from %.15g to %.15g", v, key,
		      integral ? "an integer" : "a number", min, max);
		return CONFIG_INVALID;
	}
	*out = d;
	return CONFIG_FOUND;
}

int config_quote_path(struct config *cfg)
{
	int on = 1;

	/* the key as git's error names it */
	return config_get_bool(cfg, "core.quotepath", &on) == CONFIG_INVALID ? -1 : on;
}

enum config_lookup config_get_int(struct config *cfg, const char *key, int min, int max, int *out)
{
	double d;
	enum config_lookup found = config_get_number(cfg, key, 1, min, max, &d);

	if (found == CONFIG_FOUND)
		*out = (int)d;
	return found;
}

enum config_lookup config_get_double(struct config *cfg, const char *key, double min, double max, double *out)
{
	return config_get_number(cfg, key, 0, min, max, out);
}

char *config_promisor_remote(git_repository *repo)
{
	git_strarray remotes = { 0 };
	struct config cfg;
	char *out = NULL;
	const char *v;

	if (config_init(&cfg, repo))
		return NULL;
	if (!git_remote_list(&remotes, repo)) {
		for (size_t i = 0; !out && i < remotes.count; i++) {
			char *key = xstrfmt("remote.%s.promisor", remotes.strings[i]);
			int on = 0;

			if (config_get_bool(&cfg, key, &on) == CONFIG_FOUND && on)
				out = xstrdup(remotes.strings[i]);
			free(key);
		}
		git_strarray_dispose(&remotes);
	}
	git_error_clear();
	if (!out && config_get_value(&cfg, "extensions.partialclone", &v) == CONFIG_FOUND)
		out = xstrdup(v);
	config_release(&cfg);
	return out;
}
