#ifndef UTIL_IO_H
#define UTIL_IO_H

#include "util/strbuf.h"

/*
 * Append everything readable from fd to sb (retrying on EINTR). Returns 0,
 * or -1 with errno set.
 */
int read_fd(int fd, struct strbuf *sb);

/*
 * Create dir and the directories above it that are missing (mkdir -p).
 * Returns 0, or -1 with errno set; prints nothing.
 */
int mkdir_p(const char *dir);

/* Progress lines go to stderr only when it is a terminal, and not with -q. */
int progress_wanted(void);

#endif
