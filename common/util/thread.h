#ifndef UTIL_THREAD_H
#define UTIL_THREAD_H

#include <pthread.h>
#include <stddef.h>

/*
 * Start fn(arg) on a thread of its own, with every signal blocked on it:
 * signals stay with the main thread (its handlers, SIGPIPE, ^C). Returns
 * 0, or -1 when no thread could be made (the caller then runs fn itself).
 */
int thread_start(pthread_t *thread, void *(*fn)(void *), void *arg);

/*
 * How many processors this process may run on: its affinity mask's
 * (taskset, a Slurm job's cpuset), else the online ones; at least 1.
 */
size_t thread_cpus(void);

/*
 * Call fn(data, i) for every i in [0, nr), on up to one thread a
 * processor (thread_cpus(), most at most), the calling thread one of
 * them; returns when every call has returned. Each i is taken once, in
 * no set order and on no set thread: fn must touch only what i owns, or
 * what no call writes.
 */
void thread_for_each(size_t nr, size_t most, void (*fn)(void *data, size_t i), void *data);

#endif
