/*
 * An LD_PRELOAD shim for the tests of files that change while they are
 * read: with BT_SHIM_TRUNCATE=<path>:<bytes>, the file at <path> is cut
 * to <bytes> right after the process maps it (mmap), or right after its
 * first read() from it, which is then cut short to half of what it asked
 * for: what another process (curl -o, a shell's >) would do at the worst
 * moment, every time. Built by the test that uses it:
 * cc -shared -fPIC -o shim.so truncate-shim.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The size to cut the file open on fd to when it is the one BT_SHIM_TRUNCATE names, else -1. */
static long long target_size(int fd, char *path, size_t size)
{
	const char *spec = getenv("BT_SHIM_TRUNCATE"), *colon;
	char link[64];
	ssize_t n;

	if (!spec || fd < 0 || !(colon = strrchr(spec, ':')))
		return -1;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, path, size - 1);
	if (n <= 0)
		return -1;
	path[n] = '\0';
	if ((size_t)(colon - spec) != (size_t)n || strncmp(path, spec, (size_t)n))
		return -1;
	return atoll(colon + 1);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	static void *(*real)(void *, size_t, int, int, int, off_t);
	char path[4096];
	long long cut;
	void *p;

	if (!real)
		real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
	p = real(addr, len, prot, flags, fd, off);
	if (p != MAP_FAILED && (cut = target_size(fd, path, sizeof(path))) >= 0)
		truncate(path, cut);
	return p;
}

ssize_t read(int fd, void *buf, size_t count)
{
	static ssize_t (*real)(int, void *, size_t);
	static int done;
	char path[4096];
	long long cut;
	ssize_t n;

	if (!real)
		real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
	if (done || (cut = target_size(fd, path, sizeof(path))) < 0)
		return real(fd, buf, count);
	done = 1;
	n = real(fd, buf, count > 1 ? count / 2 : count);
	truncate(path, cut);
	return n;
}
