#ifndef UTIL_FILE_MAP_H
#define UTIL_FILE_MAP_H

#include <stddef.h>
#include <sys/stat.h>

/*
 * A read-only mapping of a regular file that another process may
 * truncate or rewrite while it is read (curl -o, a shell's >, cp): a
 * page past the file's new end would raise SIGBUS and kill the process.
 * While a file_map is open, a SIGBUS on one of its pages maps zeros over
 * the rest of it instead, and the map counts as changed; so does a file
 * whose size, modification or change time or inode differ at the end
 * from what they were when it was mapped (a rewrite that never faulted).
 * What was read from a changed map is to be thrown away. Any other
 * SIGBUS is left to the action there was before.
 *
 * For the main thread: maps are opened, checked and released there, and
 * only that thread may read them.
 */
struct file_map {
	const char *buf;	/* len bytes; NULL: empty (all zeros) */
	size_t len;
	int fd;			/* kept open, to compare its stat data at the end */
	struct stat st;		/* when it was mapped */
	int slot;		/* in the handler's table */
};

/*
 * Map the regular file open on fd (st: its fstat, st_size > 0). Returns
 * 0, m then owning fd, or -1 with errno set (too many maps open, mmap()
 * failed), fd still the caller's and m empty.
 */
int file_map_open(struct file_map *m, int fd, const struct stat *st);

/* 1 when what was read from m (mapped) may not be the file as it was mapped. */
int file_map_changed(const struct file_map *m);

/* Unmap and close (nothing when m is empty); m is empty again. */
void file_map_release(struct file_map *m);

#endif
