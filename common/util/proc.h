#ifndef UTIL_PROC_H
#define UTIL_PROC_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Linux's /proc, read with nothing but open, read and close: these are
 * async-signal-safe, for a process forked from one with threads (which
 * must not allocate before it execs, or at all when it never does).
 */

/*
 * The children of pid (a single-threaded process, or the main thread of
 * one: /proc/<pid>/task/<pid>/children), at most max of them into out.
 * Returns how many were read, or -1 with errno set (ENOENT where the
 * kernel lacks CONFIG_PROC_CHILDREN).
 */
int proc_children(pid_t pid, pid_t *out, int max);

/*
 * pid's command line, its arguments joined by spaces and cut to size - 1
 * bytes, into buf (NUL-terminated); "[name]" from /proc/<pid>/comm once it
 * has none (a zombie), "" when neither can be read.
 */
void proc_command(pid_t pid, char *buf, size_t size);

/*
 * Whether pid still runs: its /proc/<pid>/stat can be read and its state
 * is no zombie's (Z) or dead one's (X).
 */
int proc_running(pid_t pid);

#endif
