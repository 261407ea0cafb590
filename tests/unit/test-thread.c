#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include "tap.h"
#include "util/thread.h"

#define NR 64

/* What the calls of thread_for_each() saw: how often each i came, and on which thread. */
struct seen {
	atomic_int calls[NR];
	pthread_t on[NR];
	int nap;	/* each call sleeps a millisecond, so that the other threads take some */
};

static void note(void *data, size_t i)
{
	struct seen *s = data;

	atomic_fetch_add(&s->calls[i], 1);
	s->on[i] = pthread_self();
	if (s->nap)
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
}

/* How many of s's calls came once each, and on how many threads (of the first NR). */
static void tally(struct seen *s, size_t nr, int *once, int *threads)
{
	*once = 0;
	*threads = 0;
	for (size_t i = 0; i < nr; i++) {
		int first = 1;

		*once += atomic_load(&s->calls[i]) == 1;
		for (size_t j = 0; j < i; j++)
			first &= !pthread_equal(s->on[i], s->on[j]);
		*threads += first;
	}
}

int main(void)
{
	struct seen s = { 0 };
	int once, threads;
	size_t cpus = thread_cpus();

	ok(cpus >= 1, "thread_cpus() is %zu, at least 1", cpus);

	thread_for_each(0, 16, note, &s);
	tally(&s, NR, &once, &threads);
	is_int(once, 0, "nothing to do: fn is never called");

	s.nap = 1;
	thread_for_each(NR, 16, note, &s);
	tally(&s, NR, &once, &threads);
	is_int(once, NR, "every i is taken once");
	if (cpus > 1)
		ok(threads > 1, "on more than one thread with %zu processors (%d)", cpus, threads);
	else
		ok(threads == 1, "on the calling thread alone with one processor");

	for (size_t i = 0; i < NR; i++)
		atomic_store(&s.calls[i], 0);
	thread_for_each(NR, 1, note, &s);
	tally(&s, NR, &once, &threads);
	is_int(once, NR, "most 1: every i once");
	ok(threads == 1 && pthread_equal(s.on[0], pthread_self()), "most 1: all on the calling thread");

	for (size_t i = 0; i < NR; i++)
		atomic_store(&s.calls[i], 0);
	s.nap = 0;
	thread_for_each(3, 16, note, &s);
	tally(&s, 3, &once, &threads);
	is_int(once, 3, "fewer items than threads: each once");
	is_int(atomic_load(&s.calls[3]), 0, "and no i past nr");
	return done_testing();
}
