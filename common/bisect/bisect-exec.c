/*
 * Running the user's command for `git benchbisect run`: fork/execvp in
 * the scratch tree, no shell; its own process group so an interrupt can
 * stop all of it; SIGINT/SIGTERM/SIGHUP/SIGPIPE only set a flag here so the
 * caller can remove the scratch tree before it dies of the signal.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "bisect/bisect-exec.h"

/* SIGPIPE too: `benchbisect run ... 2>&1 | head` must still clean up. */
static const int caught_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
static struct sigaction saved[ARRAY_SIZE(caught_signals)];
static volatile sig_atomic_t caught;
static volatile pid_t running;

static void on_signal(int sig)
{
	caught = sig;
	if (running > 0)
		kill(-running, sig);
}

void exec_signals_catch(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	caught = 0;
	for (size_t i = 0; i < ARRAY_SIZE(caught_signals); i++) {
		/*
		 * A signal ignored when we started stays ignored (nohup's
		 * SIGHUP, SIGINT of a background job): the user asked for it.
		 */
		sigaction(caught_signals[i], NULL, &saved[i]);
		if (saved[i].sa_handler != SIG_IGN)
			sigaction(caught_signals[i], &sa, NULL);
	}
}

void exec_signals_restore(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(caught_signals); i++)
		sigaction(caught_signals[i], &saved[i], NULL);
}

int exec_signal_caught(void)
{
	return caught;
}

static void child(const char **argv, const char *dir, int out_fd, int report_fd)
{
	int err;

	setpgid(0, 0);
	if (chdir(dir) || dup2(out_fd, STDOUT_FILENO) < 0) {
		err = errno;
	} else {
		execvp(argv[0], (char *const *)argv);
		err = errno;
	}
	if (write(report_fd, &err, sizeof(err)) < 0)
		_exit(127);
	_exit(127);
}

/* Read fd to its end into out (out may be NULL: discard). */
static void drain(int fd, struct strbuf *out)
{
	char buf[4096];
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (out)
			strbuf_add(out, buf, (size_t)n);
	}
}

int exec_command(const char **argv, const char *dir, struct strbuf *out, int *code,
		 struct strbuf *err)
{
	int out_pipe[2] = { -1, -1 }, report[2];
	int status, child_err = 0;
	ssize_t n;
	pid_t pid;

	if (pipe2(report, O_CLOEXEC) || (out && pipe2(out_pipe, O_CLOEXEC)))
		return strbuf_addf(err, "cannot create a pipe: %s", strerror(errno)), -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return strbuf_addf(err, "cannot fork: %s", strerror(errno)), -1;
	if (!pid)
		child(argv, dir, out ? out_pipe[1] : STDERR_FILENO, report[1]);
	/* Also here: the child may not have reached setpgid when a signal comes. */
	setpgid(pid, pid);
	running = pid;
	if (caught)
		kill(-pid, caught);
	close(report[1]);
	if (out) {
		close(out_pipe[1]);
		drain(out_pipe[0], out);
		close(out_pipe[0]);
	}
	while ((n = read(report[0], &child_err, sizeof(child_err))) < 0 && errno == EINTR)
		;
	close(report[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return strbuf_addf(err, "cannot wait for '%s': %s", argv[0], strerror(errno)), -1;
	running = 0;
	if (n == (ssize_t)sizeof(child_err))
		return strbuf_addf(err, "cannot run '%s': %s", argv[0], strerror(child_err)), -1;
	*code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	return 0;
}
