/*
 * Running the user's commands for `git benchbisect run`: each through a
 * keeper (job-keeper.c) that forks and execs it in a scratch tree, in its
 * own process group, and stops everything of the run when it ends or is
 * stopped. SIGINT/SIGTERM/SIGHUP/SIGPIPE only set a flag here (and ask
 * every keeper to stop) so the caller can remove the scratch trees before
 * it dies of the signal.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strbuf.h"
#include "util/strvec.h"
#include "util/proc.h"
#include "util/clock.h"
#include "bisect/bisect-exec.h"

/* SIGPIPE too: `benchbisect run ... 2>&1 | head` must still clean up. */
static const int caught_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
static struct sigaction saved[ARRAY_SIZE(caught_signals)];
static volatile sig_atomic_t caught, nr_caught;
/* Our ends of the running keepers' control sockets (-1: none), for the handler. */
static volatile int controls[EXEC_MAX_JOBS];

/* Ask a keeper to stop (a second signal: to kill); never SIGPIPE, never blocks. */
static void send_control(int fd, char what)
{
	ssize_t n = send(fd, &what, 1, MSG_NOSIGNAL | MSG_DONTWAIT);

	(void)n;	/* a keeper that is gone has nothing left to stop */
}

static void on_signal(int sig)
{
	int saved_errno = errno;

	caught = sig;
	nr_caught++;
	for (size_t i = 0; i < EXEC_MAX_JOBS; i++)
		if (controls[i] >= 0)
			send_control(controls[i], nr_caught > 1 ? KEEPER_KILL : KEEPER_STOP);
	errno = saved_errno;
}

void exec_signals_catch(void)
{
	struct sigaction sa;
	pid_t probe;

	for (size_t i = 0; i < EXEC_MAX_JOBS; i++)
		controls[i] = -1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	caught = nr_caught = 0;
	for (size_t i = 0; i < ARRAY_SIZE(caught_signals); i++) {
		/*
		 * A signal ignored when we started stays ignored (nohup's
		 * SIGHUP, SIGINT of a background job): the user asked for it.
		 */
		sigaction(caught_signals[i], NULL, &saved[i]);
		if (saved[i].sa_handler != SIG_IGN)
			sigaction(caught_signals[i], &sa, NULL);
	}
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	if (proc_children(getpid(), &probe, 1) < 0)
		warning("cannot list child processes (/proc/%d/task/%d/children: %s): "
			"only the process group of a run is stopped, not what left it",
			(int)getpid(), (int)getpid(), strerror(errno));
}

void exec_signals_restore(void)
{
	prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
	for (size_t i = 0; i < ARRAY_SIZE(caught_signals); i++)
		sigaction(caught_signals[i], &saved[i], NULL);
}

int exec_signal_caught(void)
{
	return caught;
}

/* Replace one entry of controls[] (-1: a free one) by fd. */
static void track(int fd, int replace)
{
	for (size_t i = 0; i < EXEC_MAX_JOBS; i++)
		if (controls[i] == replace) {
			controls[i] = fd;
			return;
		}
}

void exec_job_init(struct exec_job *j)
{
	memset(j, 0, sizeof(*j));
	j->out_fd = j->err_fd = j->report_fd = j->control_fd = j->exit_fd = j->record_dir_fd = -1;
	strbuf_init(&j->out, 0);
	strbuf_init(&j->err_tail, 0);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

void exec_job_release(struct exec_job *j)
{
	close_fd(&j->out_fd);
	close_fd(&j->err_fd);
	close_fd(&j->report_fd);
	close_fd(&j->exit_fd);
	if (j->control_fd >= 0)
		track(-1, j->control_fd);
	close_fd(&j->control_fd);
	strbuf_release(&j->out);
	strbuf_release(&j->err_tail);
	exec_job_init(j);
}

/*
 * The variables that make git use a repository other than the one it
 * finds from its working directory: those git itself clears for a
 * submodule's commands (local_repo_env in git's environment.c), and the
 * numbered GIT_CONFIG_KEY_<n>/GIT_CONFIG_VALUE_<n> of GIT_CONFIG_COUNT.
 * With GIT_DIR set, a job's `git stash` stashed the user's work.
 */
static const char *const local_repo_env[] = {
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS",
	"GIT_CONFIG_COUNT", "GIT_OBJECT_DIRECTORY", "GIT_DIR", "GIT_WORK_TREE",
	"GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_INDEX_FILE", "GIT_NO_REPLACE_OBJECTS",
	"GIT_NO_LAZY_FETCH", "GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_SHALLOW_FILE",
	"GIT_COMMON_DIR",
};

/* "NAME=value" names one of local_repo_env, or is a numbered config variable. */
static int names_repository(const char *var)
{
	size_t len = strcspn(var, "=");

	for (size_t i = 0; i < ARRAY_SIZE(local_repo_env); i++)
		if (strlen(local_repo_env[i]) == len && !strncmp(var, local_repo_env[i], len))
			return 1;
	return !strncmp(var, "GIT_CONFIG_KEY_", 15) || !strncmp(var, "GIT_CONFIG_VALUE_", 17);
}

/*
 * The job's environment: ours without the variables that name a
 * repository, with env's "NAME=value" in place of the same names, and
 * pwd ("PWD=<its working directory>") in place of ours. Our PWD and
 * OLDPWD name the user's directories: a Makefile's $(PWD)/build wrote
 * into the user's work tree while the command ran in the scratch tree.
 * Made before the fork: the keeper, a child of a process with threads,
 * must not allocate (execvpe searches PATH on the stack). The strings
 * are borrowed; free the array alone.
 */
static char **job_environ(const char **env, const char *pwd)
{
	extern char **environ;
	size_t nr = 0, nr_env = 0;
	char **out;

	while (environ[nr])
		nr++;
	while (env && env[nr_env])
		nr_env++;
	out = xcalloc(nr + nr_env + 2, sizeof(*out));
	nr = 0;
	for (char **e = environ; *e; e++) {
		size_t k = 0;

		if (names_repository(*e) || !strncmp(*e, "PWD=", 4) || !strncmp(*e, "OLDPWD=", 7))
			continue;
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
	out[nr] = (char *)pwd;
	return out;
}

static void close_pair(int fds[2])
{
	close_fd(&fds[0]);
	close_fd(&fds[1]);
}

static int nonblocking(int fd)
{
	return fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

int exec_start(struct exec_job *j, const struct exec_cmd *cmd, struct strbuf *err)
{
	int out[2] = { -1, -1 }, errp[2] = { -1, -1 }, report[2] = { -1, -1 }, ctl[2] = { -1, -1 };
	int close_fds[EXEC_MAX_JOBS + 1];
	struct keeper_args ka;
	struct strvec argv;
	size_t nr_close = 0;
	char **envp, *pwd;
	pid_t pid;

	strbuf_reset(&j->out);
	strbuf_reset(&j->err_tail);
	j->timed_out = j->queue_timed_out = 0;
	j->code = j->launcher_code = 0;
	j->launch = LAUNCH_NONE;
	j->nr_strays = j->nr_left = j->nr_killed = 0;
	if (pipe2(report, O_CLOEXEC) || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ctl) ||
	    (cmd->capture && pipe2(out, O_CLOEXEC)) || (cmd->launcher && pipe2(errp, O_CLOEXEC))) {
		strbuf_addf(err, "cannot create a pipe: %s", strerror(errno));
		close_pair(report);
		close_pair(ctl);
		close_pair(out);
		close_pair(errp);
		return -1;
	}
	if (cmd->launcher && launch_clear_record(cmd->record_dir_fd))
		warning("cannot remove '%s': %s", cmd->record, strerror(errno));
	launch_argv(&argv, cmd->argv, cmd->launcher, cmd->record, cmd->dir);
	pwd = xstrfmt("PWD=%s", cmd->dir);
	envp = job_environ(cmd->env, pwd);
	for (size_t i = 0; i < EXEC_MAX_JOBS; i++)
		if (controls[i] >= 0)
			close_fds[nr_close++] = controls[i];
	close_fds[nr_close++] = ctl[0];
	ka = (struct keeper_args){ (char *const *)argv.v, envp, cmd->dir_fd,
				   cmd->capture ? out[1] : STDERR_FILENO, errp[1], ctl[1], report[1],
				   cmd->grace, close_fds, nr_close };
	fflush(NULL);
	pid = fork();
	if (!pid)
		keeper_run(&ka);
	free(envp);
	free(pwd);
	strvec_clear(&argv);
	close_fd(&report[1]);
	close_fd(&ctl[1]);
	close_fd(&out[1]);
	close_fd(&errp[1]);
	if (pid < 0) {
		strbuf_addf(err, "cannot fork: %s", strerror(errno));
		close_fd(&report[0]);
		close_fd(&ctl[0]);
		close_fd(&out[0]);
		close_fd(&errp[0]);
		return -1;
	}
	j->pid = pid;
	j->name = cmd->argv[0];
	j->record_dir_fd = cmd->launcher ? cmd->record_dir_fd : -1;
	j->report_fd = report[0];
	j->control_fd = ctl[0];
	j->out_fd = out[0];
	j->err_fd = errp[0];
	track(j->control_fd, -1);
	if (caught)
		send_control(j->control_fd, KEEPER_STOP);
	/* Readable when the keeper exits (Linux 5.3); without it, a look every 20 ms. */
	j->exit_fd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (j->out_fd >= 0)
		nonblocking(j->out_fd);
	if (j->err_fd >= 0)
		nonblocking(j->err_fd);
	j->timeout = cmd->timeout;
	j->queued = cmd->launcher != NULL;
	j->deadline = j->queued ? (cmd->queue_timeout > 0 ? clock_seconds() + cmd->queue_timeout : 0)
				: (j->timeout > 0 ? clock_seconds() + j->timeout : 0);
	return 0;
}

/* Keep the end of the launcher's standard error, for its last line. */
static void keep_tail(struct strbuf *tail, const char *buf, size_t n)
{
	enum { KEEP = 2048 };

	strbuf_add(tail, buf, n);
	if (tail->len > 2 * KEEP) {
		memmove(tail->buf, tail->buf + tail->len - KEEP, KEEP);
		tail->len = KEEP;
		tail->buf[KEEP] = '\0';
	}
}

/* Read what the job printed so far: its output, and the launcher's standard error (passed on). */
static void drain(struct exec_job *j)
{
	char buf[4096];
	ssize_t n;

	while (j->out_fd >= 0 && ((n = read(j->out_fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR)))
		if (n > 0)
			strbuf_add(&j->out, buf, (size_t)n);
	while (j->err_fd >= 0 && ((n = read(j->err_fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))) {
		ssize_t written;

		if (n <= 0)
			continue;
		/* When our standard error is gone, the tail is still kept. */
		written = write(STDERR_FILENO, buf, (size_t)n);
		(void)written;
		keep_tail(&j->err_tail, buf, (size_t)n);
	}
}

const char *exec_stderr_last_line(struct exec_job *j)
{
	const char *last;

	strbuf_rtrim(&j->err_tail);
	last = strrchr(j->err_tail.buf, '\n');
	return last ? last + 1 : j->err_tail.buf;
}

/*
 * Kill our children but the running keepers, until none is left: what a
 * keeper that died (killed from outside) left, which came to us as the
 * subreaper. Each is our child, so its pid cannot be reused before we
 * reap it.
 */
static void end_orphans(const struct exec_job *jobs, size_t nr)
{
	pid_t children[256];
	int n, found;

	do {
		found = 0;
		n = proc_children(getpid(), children, (int)ARRAY_SIZE(children));
		for (int i = 0; i < n; i++) {
			size_t k = 0;

			while (k < nr && jobs[k].pid != children[i])
				k++;
			if (k < nr)
				continue;
			found = 1;
			kill(children[i], SIGKILL);
			while (waitpid(children[i], NULL, 0) < 0 && errno == EINTR)
				;
		}
	} while (found);
}

/* One of the keeper's records. */
static void take_record(struct exec_job *j, const struct keeper_record *r, int *exec_errno,
			int *done, int *status)
{
	switch (r->kind) {
	case KEEPER_EXEC_FAILED:
		*exec_errno = r->value;
		break;
	case KEEPER_LEFT:
	case KEEPER_KILLED:
		if (j->nr_strays < (int)ARRAY_SIZE(j->strays)) {
			struct exec_stray *s = &j->strays[j->nr_strays++];

			s->pid = r->pid;
			memcpy(s->command, r->command, sizeof(s->command));
			s->command[sizeof(s->command) - 1] = '\0';
			s->killed = r->kind == KEEPER_KILLED;
		}
		break;
	case KEEPER_DONE:
		*done = 1;
		*status = r->value;
		j->nr_left = r->nr_left;
		j->nr_killed = r->nr_killed;
		break;
	}
}

/* The keeper has exited: the command's status, and whether it could be started at all. */
static int finish(struct exec_job *j, int keeper_status, struct strbuf *err)
{
	struct keeper_record r;
	int exec_errno = 0, done = 0, status = 0;
	ssize_t n;

	track(-1, j->control_fd);
	close_fd(&j->control_fd);
	/*
	 * Everything of the run has ended, so what it wrote is all in the
	 * pipes (were a writer left somewhere, a blocking read would wait
	 * for it).
	 */
	drain(j);
	close_fd(&j->out_fd);
	close_fd(&j->err_fd);
	while ((n = read(j->report_fd, &r, sizeof(r))) == (ssize_t)sizeof(r) || (n < 0 && errno == EINTR))
		if (n > 0)
			take_record(j, &r, &exec_errno, &done, &status);
	close_fd(&j->report_fd);
	close_fd(&j->exit_fd);
	j->pid = 0;
	if (!done) {
		strbuf_addf(err, "the process watching '%s' ended unexpectedly (%s %d)", j->name,
			    WIFSIGNALED(keeper_status) ? "signal" : "exit",
			    WIFSIGNALED(keeper_status) ? WTERMSIG(keeper_status) : WEXITSTATUS(keeper_status));
		return -1;
	}
	j->exec_errno = exec_errno;
	if (exec_errno)
		return strbuf_addf(err, "cannot run '%s': %s", j->name, strerror(exec_errno)), -1;
	j->code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	j->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	if (j->record_dir_fd >= 0) {
		j->signal = 0;
		j->launcher_code = j->code;
		j->launch = launch_read_record(j->record_dir_fd, &j->code);
		if (j->launch == LAUNCH_FAILED && launch_no_tree(j->err_tail.buf))
			j->launch = LAUNCH_NO_TREE;
	}
	return 0;
}

/* Reap the job's keeper if it has exited: 1 when it has, -1 on an error. */
static int reap(struct exec_job *jobs, size_t nr, size_t i, struct strbuf *err)
{
	int status;
	pid_t got = waitpid(jobs[i].pid, &status, WNOHANG);

	if (!got || (got < 0 && errno == EINTR))
		return 0;
	if (got < 0)
		return strbuf_addf(err, "cannot wait for a command: %s", strerror(errno)), -1;
	if (finish(&jobs[i], status, err)) {
		end_orphans(jobs, nr);
		return -1;
	}
	return 1;
}

/*
 * Ask the jobs past their deadline to stop. A job under a launcher gets
 * its timeout when the wrapper's record appears: the command started.
 */
static void enforce_deadlines(struct exec_job *jobs, size_t nr)
{
	double t = clock_seconds();

	for (size_t i = 0; i < nr; i++) {
		struct exec_job *j = &jobs[i];

		if (!j->pid || j->timed_out)
			continue;
		if (j->queued && launch_started(j->record_dir_fd)) {
			j->queued = 0;
			j->deadline = j->timeout > 0 ? t + j->timeout : 0;
		}
		if (j->deadline && t >= j->deadline) {
			j->timed_out = 1;
			j->queue_timed_out = j->queued;
			send_control(j->control_fd, KEEPER_STOP);
		}
	}
}

/* Wait up to 20 ms for a job to print or end. */
static void wait_a_little(struct exec_job *jobs, size_t nr)
{
	struct pollfd fds[3 * EXEC_MAX_JOBS];
	size_t nr_fds = 0;

	for (size_t i = 0; i < nr; i++) {
		int fd[3] = { jobs[i].out_fd, jobs[i].err_fd, jobs[i].exit_fd };

		for (size_t k = 0; jobs[i].pid && k < 3; k++)
			if (fd[k] >= 0) {
				fds[nr_fds].fd = fd[k];
				fds[nr_fds++].events = POLLIN;
			}
	}
	/*
	 * A keeper's end wakes us through its pidfd; the timeout is for the
	 * deadlines, and for a kernel without pidfds.
	 */
	if (poll(fds, nr_fds, 20) > 0)
		for (size_t i = 0; i < nr; i++)
			if (jobs[i].pid)
				drain(&jobs[i]);
}

int exec_wait_any(struct exec_job *jobs, size_t nr, struct strbuf *err)
{
	for (;;) {
		size_t nr_running = 0;

		/* First: a job the signal just ended must not read as a failure. */
		if (caught)
			return -1;
		for (size_t i = 0; i < nr; i++) {
			int ret;

			if (!jobs[i].pid)
				continue;
			nr_running++;
			if ((ret = reap(jobs, nr, i, err)))
				return ret < 0 ? -1 : (int)i;
		}
		if (!nr_running)
			return strbuf_addstr(err, "no command is running"), -1;
		enforce_deadlines(jobs, nr);
		wait_a_little(jobs, nr);
	}
}

void exec_stop_all(struct exec_job *jobs, size_t nr)
{
	struct strbuf ignored = STRBUF_INIT;
	size_t left;

	for (size_t i = 0; i < nr; i++)
		if (jobs[i].pid)
			send_control(jobs[i].control_fd, KEEPER_STOP);
	/* Each keeper ends within its grace period (a second signal: at once). */
	do {
		left = 0;
		for (size_t i = 0; i < nr; i++)
			if (jobs[i].pid && !reap(jobs, nr, i, &ignored))
				left++;
		if (left)
			wait_a_little(jobs, nr);
	} while (left);
	end_orphans(jobs, nr);
	strbuf_release(&ignored);
}
