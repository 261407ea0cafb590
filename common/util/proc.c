#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "util/proc.h"

/* Append pid's digits and then s at p, without printf (not async-signal-safe); returns the end. */
static char *put(char *p, pid_t pid, const char *s)
{
	char digits[24];
	size_t n = 0;

	do {
		digits[n++] = (char)('0' + pid % 10);
		pid /= 10;
	} while (pid > 0);
	while (n)
		*p++ = digits[--n];
	strcpy(p, s);
	return p + strlen(s);
}

/* "/proc/<pid>/<rest>" into buf (64 bytes). */
static void proc_path(char *buf, pid_t pid, const char *rest)
{
	strcpy(buf, "/proc/");
	put(buf + 6, pid, "/");
	strcat(buf, rest);
}

/* Up to size bytes of a /proc file; returns the count, or -1 with errno set. */
static ssize_t read_proc(const char *path, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while (len < size && (n = read(fd, buf + len, size - len)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			errno = e;
			return -1;
		}
		len += (size_t)n;
	}
	close(fd);
	return (ssize_t)len;
}

int proc_children(pid_t pid, pid_t *out, int max)
{
	char path[64], buf[4096];
	ssize_t len;
	int nr = 0;
	pid_t v = -1;

	strcpy(path, "/proc/");
	put(put(path + 6, pid, "/task/"), pid, "/children");
	if ((len = read_proc(path, buf, sizeof(buf))) < 0)
		return -1;
	/* Each pid is followed by a space: one cut off by a full buffer is left out. */
	for (ssize_t i = 0; i < len && nr < max; i++) {
		if (buf[i] >= '0' && buf[i] <= '9') {
			v = (v < 0 ? 0 : v * 10) + (buf[i] - '0');
		} else if (v >= 0) {
			out[nr++] = v;
			v = -1;
		}
	}
	return nr;
}

void proc_command(pid_t pid, char *buf, size_t size)
{
	char path[64];
	ssize_t len;

	buf[0] = '\0';
	if (size < 4)
		return;
	proc_path(path, pid, "cmdline");
	len = read_proc(path, buf, size - 1);
	if (len > 0) {
		while (len > 0 && buf[len - 1] == '\0')
			len--;
		for (ssize_t i = 0; i < len; i++)
			if (buf[i] == '\0')
				buf[i] = ' ';
		buf[len] = '\0';
		return;
	}
	proc_path(path, pid, "comm");
	len = read_proc(path, buf + 1, size - 3);
	if (len <= 0) {
		buf[0] = '\0';
		return;
	}
	if (buf[len] == '\n')
		len--;
	buf[0] = '[';
	buf[len + 1] = ']';
	buf[len + 2] = '\0';
}

int proc_running(pid_t pid)
{
	char path[64], buf[512], *state;
	ssize_t len;

	proc_path(path, pid, "stat");
	if ((len = read_proc(path, buf, sizeof(buf) - 1)) <= 0)
		return 0;
	buf[len] = '\0';
	/* "pid (comm) S ...": comm may hold a ')', the state follows the last one. */
	state = strrchr(buf, ')');
	return state && state[1] == ' ' && state[2] != 'Z' && state[2] != 'X';
}
