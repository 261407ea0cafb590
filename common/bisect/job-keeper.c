/*
 * The keeper of one run (job-keeper.h). Only async-signal-safe calls:
 * it is a fork of a process with threads, and never execs.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "util/proc.h"
#include "util/clock.h"
#include "bisect/job-keeper.h"

/* Processes told apart, for counting each once: more are still stopped, not counted. */
#define MAX_SEEN 256
#define MAX_CHILDREN 1024

struct keeper {
	const struct keeper_args *a;
	pid_t self, leader;
	int ended;		/* the main process has exited (it is not reaped) */
	int stopping;		/* stopping it all: the grace period runs */
	int group_termed;	/* SIGTERM went to the process group */
	int asked;		/* the stop was asked for, not the command's own end */
	double kill_at;		/* then SIGKILL */
	pid_t termed[MAX_SEEN], killed[MAX_SEEN];
	int nr_termed, nr_killed;
	int nr_left;
};

static volatile sig_atomic_t nr_signals;

static void on_signal(int sig)
{
	if (sig != SIGCHLD && sig != SIGPIPE)
		nr_signals++;
}

/*
 * The keeper and the command it failed to exec end without any library's
 * exit work: a thread sanitizer would otherwise report the threads of the
 * process they were forked from, which that process joins itself.
 */
__attribute__((noreturn)) static void end(int code)
{
	syscall(SYS_exit_group, code);
	for (;;)
		;
}

static void put_record(const struct keeper *k, int kind, pid_t pid, int value)
{
	struct keeper_record r;
	ssize_t n;

	memset(&r, 0, sizeof(r));
	r.kind = kind;
	r.pid = pid;
	r.value = value;
	r.nr_left = k->nr_left;
	r.nr_killed = k->nr_killed;
	if (pid > 0 && kind != KEEPER_DONE)
		proc_command(pid, r.command, sizeof(r.command));
	/* Smaller than PIPE_BUF: written whole, never interleaved with the command's. */
	while ((n = write(k->a->report_fd, &r, sizeof(r))) < 0 && errno == EINTR)
		;
}

/* The caught signals: a flag, and a wake-up from ppoll; ignored ones stay ignored (nohup). */
static void catch_signals(sigset_t *blocked, sigset_t *orig)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD };
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_NOCLDSTOP;
	sigemptyset(blocked);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		sigaction(sigs[i], NULL, &old);
		if (old.sa_handler != SIG_IGN || sigs[i] == SIGCHLD)
			sigaction(sigs[i], &sa, NULL);
		sigaddset(blocked, sigs[i]);
	}
	sigprocmask(SIG_BLOCK, blocked, orig);
}

static void command(const struct keeper *k, const sigset_t *orig)
{
	const struct keeper_args *a = k->a;

	setpgid(0, 0);
	/* Caught signals go back to their defaults at exec; the mask must be put back. */
	sigprocmask(SIG_SETMASK, orig, NULL);
	if (!fchdir(a->dir_fd) && dup2(a->out_fd, STDOUT_FILENO) >= 0 &&
	    (a->err_fd < 0 || dup2(a->err_fd, STDERR_FILENO) >= 0))
		execvpe(a->argv[0], a->argv, a->envp);
	put_record(k, KEEPER_EXEC_FAILED, 0, errno);
	end(127);
}

static int in(const pid_t *set, int nr, pid_t pid)
{
	for (int i = 0; i < nr; i++)
		if (set[i] == pid)
			return 1;
	return 0;
}

/* Add pid to a set; 1 when it is new (and there was room to remember it). */
static int add(pid_t *set, int *nr, pid_t pid)
{
	if (in(set, *nr, pid) || *nr == MAX_SEEN)
		return 0;
	set[(*nr)++] = pid;
	return 1;
}

/* Stop it all: SIGTERM (sweep() sends it), the grace period, then SIGKILL. */
static void start_stop(struct keeper *k, int asked)
{
	if (k->stopping)
		return;
	k->stopping = 1;
	k->asked = asked;
	k->kill_at = clock_seconds() + k->a->grace;
}

/* The command's process group, and its main process if it left the group. */
static void signal_group(const struct keeper *k, int sig)
{
	kill(-k->leader, sig);
	if (!k->ended && getpgid(k->leader) != k->leader)
		kill(k->leader, sig);
}

/*
 * Before the SIGKILL of the process group: name what it is about to kill
 * beyond the keeper's own children (sweep() names those): the main
 * process while it runs, and every process below it and them that still
 * runs (the group's, and any that left it, which become the keeper's
 * children, and get its SIGKILL, once their parents are gone). Only
 * named here, never signalled: they are not our children, and a pid read
 * from /proc could be another process's by the time of a kill().
 */
static void name_descendants(struct keeper *k)
{
	pid_t tree[MAX_CHILDREN];
	int nr = proc_children(k->self, tree, MAX_CHILDREN);

	for (int i = 0; i < nr; i++) {
		pid_t p = tree[i];
		int more = proc_children(p, tree + nr, MAX_CHILDREN - nr);

		if (more > 0)
			nr += more;
		if ((p == k->leader && k->ended) || !proc_running(p))
			continue;
		if (add(k->killed, &k->nr_killed, p) && k->nr_killed <= KEEPER_DETAILS)
			put_record(k, KEEPER_KILLED, p, 0);
	}
}

/*
 * Signal every child but the main process as the stop has it (each is
 * our child: its pid cannot be reused before we reap it), reap those that
 * ended; then the process group. A process left running is reported
 * before the group's SIGTERM can end it, one still running at the SIGKILL
 * before it is killed. Returns how many children are left, or -1 when
 * they cannot be listed.
 */
static int sweep(struct keeper *k)
{
	pid_t children[MAX_CHILDREN];
	int nr = proc_children(k->self, children, MAX_CHILDREN), left = 0;
	/* SIGTERM first, even with no grace: what was left running is reported as such. */
	int killing = k->group_termed && clock_seconds() >= k->kill_at;

	for (int i = 0; i < nr; i++) {
		pid_t c = children[i];

		if (c == k->leader)
			continue;
		if (waitpid(c, NULL, WNOHANG) == c)
			continue;
		left++;
		if (killing) {
			if (add(k->killed, &k->nr_killed, c) && k->nr_killed <= KEEPER_DETAILS)
				put_record(k, KEEPER_KILLED, c, 0);
			kill(c, SIGKILL);
		} else if (add(k->termed, &k->nr_termed, c)) {
			if (!k->asked && ++k->nr_left <= KEEPER_DETAILS)
				put_record(k, KEEPER_LEFT, c, 0);
			kill(c, SIGTERM);
			kill(c, SIGCONT);
		}
	}
	if (killing) {
		name_descendants(k);
		signal_group(k, SIGKILL);
	} else if (!k->group_termed) {
		k->group_termed = 1;
		signal_group(k, SIGTERM);
		/* A stopped process ends on SIGTERM only once it runs again. */
		signal_group(k, SIGCONT);
	}
	return nr < 0 ? -1 : left;
}

/* Reap the children (orphans of the run) that ended while the main process runs. */
static void reap_orphans(struct keeper *k)
{
	for (;;) {
		siginfo_t si;

		si.si_pid = 0;
		if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) || !si.si_pid)
			return;
		if (si.si_pid == k->leader) {
			k->ended = 1;
			return;
		}
		waitpid(si.si_pid, NULL, WNOHANG);
	}
}

/* What came on the control socket; its end (benchbisect is gone) asks to stop. */
static void read_control(struct keeper *k, struct pollfd *pfd)
{
	char buf[16];
	ssize_t n = read(pfd->fd, buf, sizeof(buf));

	if (n < 0)
		return;
	if (!n)
		pfd->fd = -1;	/* no more to read: poll it no more */
	start_stop(k, 1);
	for (ssize_t i = 0; i < n; i++)
		if (buf[i] == KEEPER_KILL)
			k->kill_at = 0;
}

static void keep(struct keeper *k, const sigset_t *orig)
{
	struct pollfd pfd = { k->a->control_fd, POLLIN, 0 };
	int left = 0;

	for (;;) {
		siginfo_t si;

		if (nr_signals)
			start_stop(k, 1);
		if (nr_signals > 1)
			k->kill_at = 0;	/* a second signal: no more grace */
		si.si_pid = 0;
		if (!k->ended && !waitid(P_PID, (id_t)k->leader, &si, WEXITED | WNOHANG | WNOWAIT) &&
		    si.si_pid == k->leader)
			k->ended = 1;
		if (!k->ended)
			reap_orphans(k);
		if (k->ended)
			start_stop(k, 0);
		if (k->stopping && (left = sweep(k)) < 0)
			left = 0;	/* no /proc: only the process group could be stopped */
		if (k->ended && !left)
			return;
		{
			double wait = k->kill_at - clock_seconds();
			struct timespec ts = { 0, 20 * 1000 * 1000 };

			if (wait > 0 && wait < 0.02)
				ts.tv_nsec = (long)(wait * 1e9);
			/* Woken by SIGCHLD, a signal, or the control socket; every 20 ms while stopping. */
			if (ppoll(&pfd, 1, k->stopping ? &ts : NULL, orig) > 0 && pfd.revents)
				read_control(k, &pfd);
		}
	}
}

void keeper_run(const struct keeper_args *a)
{
	struct keeper k;
	sigset_t blocked, orig;
	int status = 0;

	memset(&k, 0, sizeof(k));
	k.a = a;
	k.self = getpid();
	catch_signals(&blocked, &orig);
	/* Otherwise one keeper holds another's socket open, and it never sees benchbisect go. */
	for (size_t i = 0; i < a->nr_close; i++)
		close(a->close_fds[i]);
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	k.leader = fork();
	if (!k.leader)
		command(&k, &orig);
	if (k.leader < 0) {
		put_record(&k, KEEPER_EXEC_FAILED, 0, errno);
		end(127);
	}
	/* Also here: the command may not have reached its setpgid when a signal comes. */
	setpgid(k.leader, k.leader);
	if (a->out_fd > STDERR_FILENO)
		close(a->out_fd);
	if (a->err_fd > STDERR_FILENO)
		close(a->err_fd);
	keep(&k, &orig);
	while (waitpid(k.leader, &status, 0) < 0 && errno == EINTR)
		;
	put_record(&k, KEEPER_DONE, k.leader, status);
	end(0);
}
