/*
 * An LD_PRELOAD shim for a file system without hard links (vfat, some
 * network and FUSE mounts): link() and linkat() fail with EPERM, as
 * link(2) says they do there. Built by the test that uses it:
 * cc -shared -fPIC -o nolink.so nolink-shim.c
 */
#include <errno.h>

int link(const char *from, const char *to)
{
	(void)from;
	(void)to;
	errno = EPERM;
	return -1;
}

int linkat(int from_dir, const char *from, int to_dir, const char *to, int flags)
{
	(void)from_dir;
	(void)from;
	(void)to_dir;
	(void)to;
	(void)flags;
	errno = EPERM;
	return -1;
}
