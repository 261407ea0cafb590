#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/usage.h"
#include "util/strvec.h"
#include "util/dir-at.h"
#include "util/io.h"
#include "bisect/scratch-owner.h"

#define OWNER_FILE "owner"
#define OWNER_HEAD "benchbisect-scratch v1 pid="
#define OWNER_MAX (sizeof(OWNER_HEAD) + 32 + HOST_NAME_MAX)

/* This host's name, NUL-terminated, into buf (HOST_NAME_MAX + 1 bytes). Returns 0 or -1. */
static int host_name(char *buf)
{
	if (gethostname(buf, HOST_NAME_MAX))
		return -1;
	buf[HOST_NAME_MAX] = '\0';
	return 0;
}

/* The owner file's line, into buf (OWNER_MAX bytes). Returns its length. */
static int owner_line(char *buf, long pid, const char *host)
{
	return snprintf(buf, OWNER_MAX, OWNER_HEAD "%ld host=%s\n", pid, host);
}

int scratch_owner_claim(int dir_fd)
{
	char host[HOST_NAME_MAX + 1] = "", line[OWNER_MAX];
	int len, err, fd = openat(dir_fd, OWNER_FILE, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	/* No name: the line names none, and no sweep takes it for its own host's. */
	host_name(host);
	len = owner_line(line, (long)getpid(), host);
	/*
	 * The line needs no single write: a sweep reads a file that is
	 * locked until it is whole, and takes nothing but a whole line for
	 * dead, so one left cut short by a crash is left alone.
	 */
	if (!flock(fd, LOCK_EX) && !write_fd(fd, line, len, -1))
		return fd;
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

/* Whether name is one mkdtemp made from SCRATCH_PREFIX "XXXXXX". */
static int scratch_name(const char *name)
{
	size_t len = strlen(SCRATCH_PREFIX);

	if (strncmp(name, SCRATCH_PREFIX, len) || strlen(name) != len + 6)
		return 0;
	for (name += len; *name; name++)
		if (!isalnum((unsigned char)*name))
			return 0;
	return 1;
}

/* Whether fd, an owner file, says host and a pid that is gone, and is locked by nobody. */
static int owner_gone(int fd, const char *host)
{
	char buf[OWNER_MAX], want[OWNER_MAX];
	struct stat st;
	ssize_t len;
	long pid;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || (len = read(fd, buf, sizeof(buf) - 1)) <= 0)
		return 0;
	buf[len] = '\0';
	if (strncmp(buf, OWNER_HEAD, strlen(OWNER_HEAD)))
		return 0;
	pid = strtol(buf + strlen(OWNER_HEAD), NULL, 10);
	if (pid <= 0 || pid > INT_MAX || owner_line(want, pid, host) != len || strcmp(buf, want))
		return 0;
	return kill((pid_t)pid, 0) && errno == ESRCH && !flock(fd, LOCK_EX | LOCK_NB);
}

/* Whether name in base_fd is a scratch directory of ours whose run is over, on this host. */
static int dead(int base_fd, const char *name, const char *host)
{
	struct stat st;
	int owner = -1, ret = 0, dir = openat(base_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (dir < 0)
		return 0;
	if (!fstat(dir, &st) && st.st_uid == geteuid() &&
	    (owner = openat(dir, OWNER_FILE, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) >= 0) {
		ret = owner_gone(owner, host);
		close(owner);
	}
	close(dir);
	return ret;
}

void scratch_owner_sweep(const char *base)
{
	char host[HOST_NAME_MAX + 1];
	struct strvec names;
	struct dirent *de;
	int base_fd;
	DIR *d;

	if (host_name(host) || !*host || (base_fd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return;
	strvec_init(&names);
	/* Listed first: what is removed meanwhile must not disturb the listing. */
	if ((d = opendir(base))) {
		while ((de = readdir(d)))
			if (scratch_name(de->d_name))
				strvec_push(&names, de->d_name);
		closedir(d);
	}
	for (size_t i = 0; i < names.nr; i++)
		if (dead(base_fd, names.v[i], host) && dir_remove_at(base_fd, names.v[i]))
			warning("cannot remove the stale scratch tree '%s/%s': %s", base, names.v[i], strerror(errno));
	strvec_clear(&names);
	close(base_fd);
}
