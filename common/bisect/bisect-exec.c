/*
 * Running the user's commands for `git benchbisect run`: fork/execvp in a
 * scratch tree, no shell; each in its own process group so an interrupt
 * can stop all of it; SIGINT/SIGTERM/SIGHUP/SIGPIPE only set a flag here
 * (and are passed on) so the caller can remove the scratch trees before
 * it dies of the signal.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "bisect/bisect-exec.h"

/* SIGPIPE too: `benchbisect run ... 2>&1 | head` must still clean up. */
static const int caught_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
static struct sigaction saved[ARRAY_SIZE(caught_signals)];
static volatile sig_atomic_t caught;
/* The process groups running now, for the handler. */
static volatile pid_t running[EXEC_MAX_JOBS];

static void on_signal(int sig)
{
	caught = sig;
	for (size_t i = 0; i < EXEC_MAX_JOBS; i++)
		if (running[i] > 0)
			kill(-running[i], sig);
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

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void track(pid_t pid, pid_t replace)
{
	for (size_t i = 0; i < EXEC_MAX_JOBS; i++)
		if (running[i] == replace) {
			running[i] = pid;
			return;
		}
}

void exec_job_init(struct exec_job *j)
{
	memset(j, 0, sizeof(*j));
	j->out_fd = j->report_fd = j->exit_fd = -1;
	strbuf_init(&j->out, 0);
}

void exec_job_release(struct exec_job *j)
{
	if (j->out_fd >= 0)
		close(j->out_fd);
	if (j->report_fd >= 0)
		close(j->report_fd);
	if (j->exit_fd >= 0)
		close(j->exit_fd);
	strbuf_release(&j->out);
	exec_job_init(j);
}

/*
 * The job's environment: ours, with env's "NAME=value" in place of the
 * same names. Made before the fork: the child of a process with threads
 * (a round's checkouts may still run) must not allocate, so it only
 * calls what is async-signal-safe, and execvpe, which searches PATH on
 * the stack. The strings are borrowed; free the array alone.
 */
static char **job_environ(const char **env)
{
	extern char **environ;
	size_t nr = 0, nr_env = 0;
	char **out;

	while (environ[nr])
		nr++;
	while (env && env[nr_env])
		nr_env++;
	out = xcalloc(nr + nr_env + 1, sizeof(*out));
	nr = 0;
	for (char **e = environ; *e; e++) {
		size_t k = 0;

		for (; k < nr_env; k++) {
			size_t len = strcspn(env[k], "=") + 1;

			if (!strncmp(*e, env[k], len))
				break;
		}
		if (k == nr_env)
			out[nr++] = *e;
	}
	for (size_t k = 0; k < nr_env; k++)
		out[nr++] = (char *)env[k];
	return out;
}

static void child(const char **argv, const char *dir, char **envp, int out_fd, int report_fd)
{
	int err;

	setpgid(0, 0);
	/* The handlers are reset by exec; the mask is not. */
	if (chdir(dir) || dup2(out_fd, STDOUT_FILENO) < 0) {
		err = errno;
	} else {
		execvpe(argv[0], (char *const *)argv, envp);
		err = errno;
	}
	if (write(report_fd, &err, sizeof(err)) < 0)
		_exit(127);
	_exit(127);
}

int exec_start(struct exec_job *j, const char **argv, const char *dir, const char **env,
	       int capture, int timeout, struct strbuf *err)
{
	int out_pipe[2] = { -1, -1 }, report[2];
	char **envp;
	pid_t pid;

	strbuf_reset(&j->out);
	j->timed_out = 0;
	j->code = 0;
	if (pipe2(report, O_CLOEXEC))
		return strbuf_addf(err, "cannot create a pipe: %s", strerror(errno)), -1;
	if (capture && pipe2(out_pipe, O_CLOEXEC)) {
		close(report[0]);
		close(report[1]);
		return strbuf_addf(err, "cannot create a pipe: %s", strerror(errno)), -1;
	}
	envp = job_environ(env);
	fflush(NULL);
	pid = fork();
	if (pid)
		free(envp);
	if (pid < 0) {
		strbuf_addf(err, "cannot fork: %s", strerror(errno));
		close(report[0]);
		close(report[1]);
		if (capture) {
			close(out_pipe[0]);
			close(out_pipe[1]);
		}
		return -1;
	}
	if (!pid)
		child(argv, dir, envp, capture ? out_pipe[1] : STDERR_FILENO, report[1]);
	/* Also here: the child may not have reached setpgid when a signal comes. */
	setpgid(pid, pid);
	track(pid, 0);
	if (caught)
		kill(-pid, caught);
	j->pid = pid;
	j->name = argv[0];
	/* Readable when the child exits (Linux 5.3); without it, a look every 20 ms. */
	j->exit_fd = (int)syscall(SYS_pidfd_open, pid, 0);
	close(report[1]);
	j->report_fd = report[0];
	if (capture) {
		close(out_pipe[1]);
		j->out_fd = out_pipe[0];
		fcntl(j->out_fd, F_SETFL, fcntl(j->out_fd, F_GETFL) | O_NONBLOCK);
	}
	j->deadline = timeout > 0 ? now() + timeout : 0;
	j->kill_at = 0;
	return 0;
}

/* Read what the job printed so far; at its end, up to EOF or what is there. */
static void drain(struct exec_job *j)
{
	char buf[4096];
	ssize_t n;

	while (j->out_fd >= 0) {
		n = read(j->out_fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		strbuf_add(&j->out, buf, (size_t)n);
	}
}

/* The job has exited: its status, and whether it could be started at all. */
static int finish(struct exec_job *j, int status, struct strbuf *err)
{
	int child_err = 0;
	ssize_t n;

	track(0, j->pid);
	j->pid = 0;
	drain(j);
	if (j->out_fd >= 0) {
		close(j->out_fd);
		j->out_fd = -1;
	}
	while ((n = read(j->report_fd, &child_err, sizeof(child_err))) < 0 && errno == EINTR)
		;
	close(j->report_fd);
	j->report_fd = -1;
	if (j->exit_fd >= 0)
		close(j->exit_fd);
	j->exit_fd = -1;
	if (n == (ssize_t)sizeof(child_err))
		return strbuf_addf(err, "cannot run '%s': %s", j->name, strerror(child_err)), -1;
	j->code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	return 0;
}

/* Stop jobs past their deadline: SIGTERM to the group, SIGKILL later. */
static void enforce_deadlines(struct exec_job *jobs, size_t nr)
{
	double t = now();

	for (size_t i = 0; i < nr; i++) {
		struct exec_job *j = &jobs[i];

		if (!j->pid || !j->deadline)
			continue;
		if (!j->timed_out && t >= j->deadline) {
			j->timed_out = 1;
			j->kill_at = t + 5;
			kill(-j->pid, SIGTERM);
		} else if (j->timed_out && t >= j->kill_at) {
			kill(-j->pid, SIGKILL);
			j->kill_at = t + 5;
		}
	}
}

int exec_wait_any(struct exec_job *jobs, size_t nr, struct strbuf *err)
{
	struct pollfd fds[2 * EXEC_MAX_JOBS];

	for (;;) {
		size_t nr_fds = 0, nr_running = 0;
		int status;

		/* First: a job the signal just ended must not read as a failure. */
		if (caught)
			return -1;
		for (size_t i = 0; i < nr; i++) {
			siginfo_t info;
			pid_t got;

			if (!jobs[i].pid)
				continue;
			nr_running++;
			/*
			 * A stopped job's leader has exited: before it is
			 * reaped (its pid still names the group), kill what is
			 * left of the group.
			 */
			info.si_pid = 0;
			if (jobs[i].timed_out &&
			    !waitid(P_PID, (id_t)jobs[i].pid, &info, WEXITED | WNOHANG | WNOWAIT) &&
			    info.si_pid == jobs[i].pid)
				kill(-jobs[i].pid, SIGKILL);
			got = waitpid(jobs[i].pid, &status, WNOHANG);
			if (got == jobs[i].pid)
				return finish(&jobs[i], status, err) ? -1 : (int)i;
			if (got < 0 && errno != EINTR)
				return strbuf_addf(err, "cannot wait for a command: %s", strerror(errno)), -1;
		}
		if (!nr_running)
			return strbuf_addstr(err, "no command is running"), -1;
		enforce_deadlines(jobs, nr);
		for (size_t i = 0; i < nr; i++) {
			if (!jobs[i].pid)
				continue;
			if (jobs[i].out_fd >= 0) {
				fds[nr_fds].fd = jobs[i].out_fd;
				fds[nr_fds++].events = POLLIN;
			}
			if (jobs[i].exit_fd >= 0) {
				fds[nr_fds].fd = jobs[i].exit_fd;
				fds[nr_fds++].events = POLLIN;
			}
		}
		/*
		 * A job's end wakes us through its pidfd; the timeout is for
		 * the deadlines, and for a kernel without pidfds.
		 */
		if (poll(fds, nr_fds, 20) > 0)
			for (size_t i = 0; i < nr; i++)
				if (jobs[i].pid)
					drain(&jobs[i]);
	}
}

void exec_stop_all(struct exec_job *jobs, size_t nr, int sig)
{
	struct strbuf ignored = STRBUF_INIT;
	double kill_at = now() + 5;
	size_t left;

	for (size_t i = 0; i < nr; i++)
		if (jobs[i].pid)
			kill(-jobs[i].pid, sig);
	do {
		left = 0;
		for (size_t i = 0; i < nr; i++) {
			int status;

			if (!jobs[i].pid)
				continue;
			if (waitpid(jobs[i].pid, &status, WNOHANG) == jobs[i].pid) {
				finish(&jobs[i], status, &ignored);
				continue;
			}
			left++;
			/* A command that ignores the signal gets SIGKILL after 5 s. */
			if (now() >= kill_at)
				kill(-jobs[i].pid, SIGKILL);
		}
		if (left)
			poll(NULL, 0, 20);
	} while (left);
	strbuf_release(&ignored);
}
