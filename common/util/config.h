#ifndef UTIL_CONFIG_H
#define UTIL_CONFIG_H

#include <git2.h>
#include "util/strvec.h"

/*
 * Configuration as git sees it: a snapshot of the repository's (or, with
 * no repository, the global and system) configuration, overridden by the
 * work tree's config.worktree (which libgit2 1.5 does not read), then by
 * `git -c key=value` (GIT_CONFIG_PARAMETERS, which libgit2 1.5 ignores) and
 * GIT_CONFIG_COUNT/GIT_CONFIG_KEY_<n>/GIT_CONFIG_VALUE_<n>.
 */
struct config {
	git_config *snapshot;
	git_config *worktree;	/* config.worktree under extensions.worktreeConfig, or NULL */
	struct strvec keys;	/* canonical keys of the overrides */
	struct strvec values;	/* "=<value>", or "" for a key given without a value */
	char *last;		/* the string config_get_string() returned last */
};

/* repo may be NULL. Returns -1 with an error printed on failure. */
int config_init(struct config *cfg, git_repository *repo);
void config_release(struct config *cfg);

/*
 * Make repo's own configuration, which libgit2 reads where it filters a
 * working-tree file (core.autocrlf, core.eol, core.safecrlf) or finds its
 * attributes (core.attributesFile), the one cfg sees: config.worktree and
 * the core.* overrides of `git -c` over it, read-only (through a private
 * temporary file). Returns -1 with an error printed on failure.
 */
int config_apply_to_repository(struct config *cfg, git_repository *repo);

/*
 * The value of key, or NULL when it is not set. The string is owned by
 * cfg and valid until the next config_get_string() call or release.
 */
const char *config_get_string(struct config *cfg, const char *key);

/*
 * Every value of a multi-valued key (remote.<name>.fetch), appended to
 * out in git's order: the configuration files', then `git -c`'s (a key
 * given there without a value counts as "true").
 */
void config_get_all(struct config *cfg, const char *key, struct strvec *out);

enum config_lookup {
	CONFIG_INVALID = -1,	/* set, but not to a valid value (error printed, naming the key) */
	CONFIG_UNSET = 0,	/* not set: *out is left alone */
	CONFIG_FOUND = 1,	/* set: *out holds the value */
};

/*
 * For keys that need a value (a URL, a path): as config_get_string(), but
 * a key given without one (`git -c bench.url`) is CONFIG_INVALID with an
 * error naming the key, not "true". *out is NULL unless CONFIG_FOUND.
 */
enum config_lookup config_get_value(struct config *cfg, const char *key, const char **out);

/* Look key up as a boolean (true/false/yes/no/on/off/1/0, or a bare key). */
enum config_lookup config_get_bool(struct config *cfg, const char *key, int *out);

/* Look key up as a decimal integer from min to max (no unit suffixes). */
enum config_lookup config_get_int(struct config *cfg, const char *key, int min, int max, int *out);

/* Look key up as a finite decimal number from min to max. */
enum config_lookup config_get_double(struct config *cfg, const char *key, double min, double max, double *out);

/*
 * core.quotePath as git reads it: 1 (the default) or 0; -1 with git's
 * error when it is no boolean.
 */
int config_quote_path(struct config *cfg);

/* Parse GIT_CONFIG_PARAMETERS-style text into the overrides; -1 if malformed. */
int config_parse_parameters(struct config *cfg, const char *text);

/* Lowercase the section and the variable name, keep the subsection. */
char *config_canonical_key(const char *key);

/*
 * The promisor remote of a partial clone (git clone --filter), which
 * libgit2 does not know: the first remote with remote.<name>.promisor
 * set, else extensions.partialClone, read as config_init() reads (`git -c`
 * included). NULL when repo is no partial clone; else the caller frees it.
 */
char *config_promisor_remote(git_repository *repo);

#endif
