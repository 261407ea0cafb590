#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <git2/sys/filter.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/io.h"
#include "util/filter-driver.h"
#include "util/quote.h"

#define FILTER_NAME "benchtriage-driver"

/* libgit2 hands the callbacks the git_filter: the config comes with it. */
struct driver_filter {
	git_filter filter;
	struct config *cfg;
	char *warned;	/* the path of the last warning: a file is read twice */
};

static struct driver_filter the_filter;
static int registered;

/* One file's driver, from check to cleanup. */
struct driver {
	char *name;
	char *clean;
	int required;
};

static char *driver_config(struct config *cfg, const char *driver, const char *var)
{
	char *key = xstrfmt("filter.%s.%s", driver, var);
	const char *v = config_get_string(cfg, key);

	free(key);
	return v && *v ? xstrdup(v) : NULL;
}

static int check(git_filter *self, void **payload, const git_filter_source *src,
		 const char **attr_values)
{
	struct config *cfg = ((struct driver_filter *)self)->cfg;
	const char *name = attr_values[0];
	struct driver *d;
	char *process, *key;
	int required = 0;

	if (git_filter_source_mode(src) != GIT_FILTER_TO_ODB ||
	    git_attr_value(name) != GIT_ATTR_VALUE_STRING)
		return GIT_PASSTHROUGH;
	process = driver_config(cfg, name, "process");
	if (process) {
		free(process);
		git_error_set(GIT_ERROR_FILTER, "filter '%s': long-running process filters "
			      "(filter.%s.process) are not supported", name, name);
		return -1;
	}
	key = xstrfmt("filter.%s.required", name);
	if (config_get_bool(cfg, key, &required) == CONFIG_INVALID) {
		free(key);
		git_error_set(GIT_ERROR_FILTER, "bad value of filter.%s.required", name);
		return -1;
	}
	free(key);
	d = xcalloc(1, sizeof(*d));
	d->name = xstrdup(name);
	d->clean = driver_config(cfg, name, "clean");
	d->required = required;
	if (!d->clean && !required) {
		free(d->name);
		free(d);
		return GIT_PASSTHROUGH;
	}
	*payload = d;
	return 0;
}

/* The command with %f as the quoted path and %% as %, as git expands it. */
static char *expand(const char *cmd, const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	for (; *cmd; cmd++) {
		if (cmd[0] == '%' && cmd[1] == 'f') {
			quote_sq(&sb, path);
			cmd++;
		} else if (cmd[0] == '%' && cmd[1] == '%') {
			strbuf_addch(&sb, '%');
			cmd++;
		} else {
			strbuf_addch(&sb, *cmd);
		}
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * Run cmd through sh in dir, in on its standard input, its standard
 * output into out. The input comes from a memory file, not a pipe: no
 * deadlock against the output, and no SIGPIPE when cmd does not read it
 * all. Returns 0, or -1 with the reason in why.
 */
static int run_filter(const char *cmd, const char *dir, const char *in, size_t len,
		      struct strbuf *out, struct strbuf *why)
{
	int input = memfd_create("filter-input", MFD_CLOEXEC), output[2] = { -1, -1 };
	int status, err = 0;
	pid_t pid = -1;

	if (input < 0 || (len && write(input, in, len) != (ssize_t)len) ||
	    lseek(input, 0, SEEK_SET) || pipe2(output, O_CLOEXEC) ||
	    (pid = fork()) < 0) {
		strbuf_addf(why, "cannot run it: %s", strerror(errno));
		goto out;
	}
	if (!pid) {
		/* Only async-signal-safe calls between fork and exec. */
		if (dup2(input, 0) < 0 || dup2(output[1], 1) < 0 || chdir(dir))
			_exit(127);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(output[1]);
	output[1] = -1;
	if (read_fd(output[0], out, SIZE_MAX))
		err = errno;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			strbuf_addf(why, "cannot wait for it: %s", strerror(errno));
			goto out;
		}
	if (err)
		strbuf_addf(why, "cannot read its output: %s", strerror(err));
	else if (WIFSIGNALED(status))
		strbuf_addf(why, "killed by signal %d", WTERMSIG(status));
	else if (WEXITSTATUS(status))
		strbuf_addf(why, "exit status %d", WEXITSTATUS(status));
out:
	if (input >= 0)
		close(input);
	if (output[0] >= 0)
		close(output[0]);
	if (output[1] >= 0)
		close(output[1]);
	return why->len ? -1 : 0;
}

static int apply(git_filter *self, void **payload, git_buf *to, const git_buf *from,
		 const git_filter_source *src)
{
	struct driver *d = *payload;
	const char *path = git_filter_source_path(src);
	const char *dir = git_repository_workdir(git_filter_source_repo(src));
	struct strbuf out = STRBUF_INIT, why = STRBUF_INIT;
	char *cmd;
	int ret = 0;

	(void)self;
	if (!d->clean) {
		git_error_set(GIT_ERROR_FILTER, "filter '%s' is required but has no "
			      "filter.%s.clean", d->name, d->name);
		return -1;
	}
	cmd = expand(d->clean, path);
	if (!run_filter(cmd, dir ? dir : ".", from->ptr, from->size, &out, &why)) {
		ret = git_buf_set(to, out.buf, out.len);
	} else if (d->required) {
		git_error_set(GIT_ERROR_FILTER, "clean filter '%s' failed: %s", d->name, why.buf);
		ret = -1;
	} else {
		if (!the_filter.warned || strcmp(the_filter.warned, path)) {
			warning("clean filter '%s' failed on '%s' (%s): its bytes are used unfiltered",
				d->name, path, why.buf);
			free(the_filter.warned);
			the_filter.warned = xstrdup(path);
		}
		ret = GIT_PASSTHROUGH;
	}
	free(cmd);
	strbuf_release(&out);
	strbuf_release(&why);
	return ret;
}

static void cleanup(git_filter *self, void *payload)
{
	struct driver *d = payload;

	(void)self;
	free(d->name);
	free(d->clean);
	free(d);
}

int filter_driver_init(struct config *cfg)
{
	if (git_filter_init(&the_filter.filter, GIT_FILTER_VERSION))
		return error("cannot set up the clean filters");
	the_filter.filter.attributes = "filter=*";
	the_filter.filter.check = check;
	the_filter.filter.apply = apply;
	the_filter.filter.cleanup = cleanup;
	the_filter.cfg = cfg;
	/* After the driver on clean, as git runs ident and eol conversion. */
	if (git_filter_register(FILTER_NAME, &the_filter.filter, GIT_FILTER_DRIVER_PRIORITY))
		return error("cannot register the clean filters");
	registered = 1;
	return 0;
}

void filter_driver_release(void)
{
	if (registered)
		git_filter_unregister(FILTER_NAME);
	registered = 0;
	the_filter.cfg = NULL;
	free(the_filter.warned);
	the_filter.warned = NULL;
}
