#ifndef UTIL_THREAD_H
#define UTIL_THREAD_H

#include <pthread.h>

/*
 * Start fn(arg) on a thread of its own, with every signal blocked on it:
 * signals stay with the main thread (its handlers, SIGPIPE, ^C). Returns
 * 0, or -1 when no thread could be made (the caller then runs fn itself).
 */
int thread_start(pthread_t *thread, void *(*fn)(void *), void *arg);

#endif
