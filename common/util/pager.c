#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/config.h"
#include "util/pager.h"

static pid_t pager_pid;
/* The pager command: kept until exit, as the pager runs as long as we do. */
static char *program;
/* The terminal that stderr was before it went to the pager too, or -1. */
static int saved_stderr = -1;

static void wait_for_pager(void)
{
	fflush(stdout);
	fflush(stderr);
	/*
	 * The pager sees end of input only when no copy of the pipe is left.
	 * stderr goes back to the terminal: what later exit handlers print
	 * (a held fatal error) shows after the pager is done.
	 */
	close(1);
	if (saved_stderr >= 0) {
		dup2(saved_stderr, 2);
		close(saved_stderr);
	}
	while (waitpid(pager_pid, NULL, 0) < 0 && errno == EINTR)
		;
}

int pager_in_use(void)
{
	const char *v = getenv("GIT_PAGER_IN_USE");

	return v && (!strcasecmp(v, "true") || !strcmp(v, "1") || !strcasecmp(v, "yes"));
}

/* The pager command for cmd (malloc'd), NULL for none; *on: page at all. */
static char *choose_pager(struct config *cfg, const char *cmd, int *on)
{
	char *key = xstrfmt("pager.%s", cmd);
	const char *v = config_get_string(cfg, key);
	const char *pager = getenv("GIT_PAGER");
	char *cmd_pager = NULL, *ret = NULL;
	int b;

	if (v && !git_config_parse_bool(&b, v)) {
		*on = b;
	} else if (v) {
		git_error_clear();
		*on = 1;
		cmd_pager = xstrdup(v);
	}
	free(key);
	if (!pager)
		pager = cmd_pager;
	if (!pager)
		pager = config_get_string(cfg, "core.pager");
	if (!pager)
		pager = getenv("PAGER");
	if (!pager)
		pager = "less";
	if (*pager && strcmp(pager, "cat"))
		ret = xstrdup(pager);
	free(cmd_pager);
	return ret;
}

int pager_setup(struct config *cfg, const char *cmd, int default_on)
{
	struct winsize ws;
	int on = default_on, fd[2];

	if (pager_pid || !isatty(1))
		return 0;
	program = choose_pager(cfg, cmd, &on);
	if (!on || !program) {
		free(program);
		program = NULL;
		return 0;
	}
	/* Once stdout is a pipe the pager's width is out of reach: pass it on. */
	if (!getenv("COLUMNS") && !ioctl(1, TIOCGWINSZ, &ws) && ws.ws_col) {
		char cols[16];

		snprintf(cols, sizeof(cols), "%d", ws.ws_col);
		setenv("COLUMNS", cols, 0);
	}
	/* Set first, so that the pager sees it too, as git does. */
	setenv("GIT_PAGER_IN_USE", "true", 1);
	if (pipe(fd))
		return error("cannot start the pager '%s': %s", program, strerror(errno));
	fflush(stdout);
	pager_pid = fork();
	if (pager_pid < 0) {
		close(fd[0]);
		close(fd[1]);
		pager_pid = 0;
		return error("cannot start the pager '%s': %s", program, strerror(errno));
	}
	if (!pager_pid) {
		dup2(fd[0], 0);
		close(fd[0]);
		close(fd[1]);
		setenv("LESS", "FRX", 0);
		setenv("LV", "-c", 0);
		execl("/bin/sh", "sh", "-c", program, (char *)NULL);
		fprintf(stderr, "error: cannot run the pager '%s': %s\n", program, strerror(errno));
		_exit(127);
	}
	close(fd[0]);
	dup2(fd[1], 1);
	if (isatty(2) && (saved_stderr = dup(2)) >= 0)
		dup2(fd[1], 2);
	close(fd[1]);
	atexit(wait_for_pager);
	return 0;
}
