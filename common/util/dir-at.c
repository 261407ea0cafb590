#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/dir-at.h"

/*
 * A directory we may not open for reading: an O_PATH descriptor needs no
 * permission on it; chmod through /proc/self/fd reaches that very inode
 * (never a path that could be swapped meanwhile), and so does the open.
 */
static int open_unreadable(int dirfd, const char *name)
{
	char path[64];
	struct stat st;
	int fd = -1, err, p = openat(dirfd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (p < 0)
		return -1;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", p);
	if (!fstat(p, &st) && !chmod(path, (st.st_mode & 07777) | S_IRWXU))
		fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	err = errno;
	close(p);
	errno = err;
	return fd;
}

int dir_open_path_at(int dirfd, const char *path)
{
	char name[NAME_MAX + 1];
	int fd = dirfd;

	while (*path) {
		size_t len = strcspn(path, "/");
		int next, err;

		if (len > NAME_MAX) {
			errno = ENAMETOOLONG;
			next = -1;
		} else if (len == 2 && !strncmp(path, "..", 2)) {
			errno = EINVAL;
			next = -1;
		} else if (!len || (len == 1 && *path == '.')) {
			path += len + (path[len] == '/');
			continue;
		} else {
			memcpy(name, path, len);
			name[len] = '\0';
			next = openat(fd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		}
		err = errno;
		if (fd != dirfd)
			close(fd);
		if (next < 0) {
			errno = err;
			return -1;
		}
		fd = next;
		path += len + (path[len] == '/');
	}
	return fd == dirfd ? openat(dirfd, ".", O_PATH | O_DIRECTORY | O_CLOEXEC) : fd;
}

int dir_open_at(int dirfd, const char *name)
{
	struct stat st;
	int err, fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return errno == EACCES ? open_unreadable(dirfd, name) : -1;
	if (!fstat(fd, &st) && ((st.st_mode & S_IRWXU) == S_IRWXU ||
				!fchmod(fd, (st.st_mode & 07777) | S_IRWXU)))
		return fd;
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

/* Remove everything in the directory fd (fd stays open). Returns as dir_remove_at(). */
static int dir_empty(int fd)
{
	int err = 0, sub = dup(fd);
	DIR *d = sub < 0 ? NULL : fdopendir(sub);
	struct dirent *de;

	if (!d) {
		err = errno;
		if (sub >= 0)
			close(sub);
		errno = err;
		return -1;
	}
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
		    dir_remove_at(fd, de->d_name) && !err)
			err = errno;
	closedir(d);
	errno = err;
	return err ? -1 : 0;
}

int dir_remove_at(int dirfd, const char *name)
{
	struct stat st;
	int sub, err;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW))
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlinkat(dirfd, name, 0) && errno != ENOENT ? -1 : 0;
	if ((sub = dir_open_at(dirfd, name)) < 0 && (errno == ENOTDIR || errno == ELOOP))
		return unlinkat(dirfd, name, 0) && errno != ENOENT ? -1 : 0;	/* swapped meanwhile */
	if (sub < 0)
		return errno == ENOENT ? 0 : -1;
	err = dir_empty(sub) ? errno : 0;
	close(sub);
	if (unlinkat(dirfd, name, AT_REMOVEDIR) && errno != ENOENT && !err)
		err = errno;
	errno = err;
	return err ? -1 : 0;
}
