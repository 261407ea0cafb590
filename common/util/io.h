#ifndef UTIL_IO_H
#define UTIL_IO_H

#include <stdint.h>
#include <sys/types.h>
#include "util/strbuf.h"

/*
 * Append everything readable from fd to sb (retrying on EINTR), or stop
 * once sb holds more than max bytes (SIZE_MAX: no limit). Returns 0, 1
 * when it stopped past max, or -1 with errno set.
 */
int read_fd(int fd, struct strbuf *sb, size_t max);

/*
 * Write all len bytes of data to fd: at offset at (pwrite(), the file
 * position stays), or at the file position with at -1; a short write is
 * carried on and EINTR retried. Returns 0, or -1 with errno set.
 */
int write_fd(int fd, const void *data, size_t len, off_t at);

/*
 * Create dir and the directories above it that are missing (mkdir -p).
 * Returns 0, or -1 with errno set; prints nothing.
 */
int mkdir_p(const char *dir);

/* Progress lines go to stderr only when it is a terminal, and not with -q. */
int progress_wanted(void);

#endif
