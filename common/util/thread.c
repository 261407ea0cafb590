#include <sched.h>
#include <signal.h>
#include <unistd.h>
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

size_t thread_cpus(void)
{
	cpu_set_t set;
	long online;

	if (!sched_getaffinity(0, sizeof(set), &set) && CPU_COUNT(&set) > 0)
		return (size_t)CPU_COUNT(&set);
	online = sysconf(_SC_NPROCESSORS_ONLN);
	return online > 0 ? (size_t)online : 1;
}
