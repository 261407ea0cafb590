#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include "util/usage.h"
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

/* Shared by the threads of thread_for_each(). */
struct for_each {
	void (*fn)(void *data, size_t i);
	void *data;
	size_t nr;
	size_t next;		/* the next i to take, under lock */
	pthread_mutex_t lock;
};

static void *take_each(void *arg)
{
	struct for_each *fe = arg;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&fe->lock);
		i = fe->next++;
		pthread_mutex_unlock(&fe->lock);
		if (i >= fe->nr)
			return NULL;
		fe->fn(fe->data, i);
	}
}

void thread_for_each(size_t nr, size_t most, void (*fn)(void *data, size_t i), void *data)
{
	struct for_each fe = { fn, data, nr, 0, PTHREAD_MUTEX_INITIALIZER };
	size_t nr_threads = thread_cpus(), started = 0;
	pthread_t *threads;

	if (nr_threads > most)
		nr_threads = most;
	if (nr_threads > nr)
		nr_threads = nr;
	/* the calling thread is one of them */
	threads = xcalloc(nr_threads + 1, sizeof(*threads));
	while (started + 1 < nr_threads && !thread_start(&threads[started], take_each, &fe))
		started++;
	take_each(&fe);
	for (size_t t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	free(threads);
	pthread_mutex_destroy(&fe.lock);
}
