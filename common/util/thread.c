#include <signal.h>
#include "util/thread.h"

int thread_start(pthread_t *thread, void *(*fn)(void *), void *arg)
{
	sigset_t all, old;
	int ret;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ret = pthread_create(thread, NULL, fn, arg) ? -1 : 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ret;
}
