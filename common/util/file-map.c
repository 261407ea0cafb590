#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "util/file-map.h"

#define SLOTS 4

/*
 * The maps open, as the SIGBUS handler sees them: it reads start and len
 * and sets faulted. start is set last when a map opens and cleared first
 * when it is released, so the handler never sees half a slot.
 */
static struct {
	char *volatile start;
	size_t len;	/* whole pages */
	volatile sig_atomic_t faulted;
} slots[SLOTS];
static int nr_open;
static struct sigaction before;	/* SIGBUS's action when the first map opened */
static size_t page_size;

/*
 * A SIGBUS on an open map (the file ended before the page): zeros from
 * that page to the end of the map, which is marked, and the read goes
 * on. Any other: the action there was before, as if none were open (a
 * fault repeats once this returns; a signal sent is raised again).
 */
static void on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	char *at = si->si_addr;

	(void)ctx;
	for (int i = 0; si->si_code > 0 && i < SLOTS; i++) {
		char *start = slots[i].start, *page;

		if (!start || at < start || at >= start + slots[i].len)
			continue;
		page = start + (size_t)(at - start) / page_size * page_size;
		if (mmap(page, (size_t)(start + slots[i].len - page), PROT_READ,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
			break;
		slots[i].faulted = 1;
		return;
	}
	sigaction(SIGBUS, &before, NULL);
	if (si->si_code <= 0)
		raise(sig);
}

int file_map_open(struct file_map *m, int fd, const struct stat *st)
{
	size_t len = (size_t)st->st_size;
	void *map;
	int slot = -1;

	memset(m, 0, sizeof(*m));
	for (int i = 0; slot < 0 && i < SLOTS; i++)
		if (!slots[i].start)
			slot = i;
	if (slot < 0) {
		errno = EMFILE;
		return -1;
	}
	if (!page_size)
		page_size = (size_t)sysconf(_SC_PAGESIZE);
	map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		return -1;
	if (!nr_open++) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGBUS, &sa, &before);
	}
	slots[slot].len = (len + page_size - 1) / page_size * page_size;
	slots[slot].faulted = 0;
	slots[slot].start = map;
	m->fd = fd;
	m->st = *st;
	m->buf = map;
	m->len = len;
	m->slot = slot;
	return 0;
}

static int same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

int file_map_changed(const struct file_map *m)
{
	struct stat now;

	if (slots[m->slot].faulted)
		return 1;
	if (fstat(m->fd, &now))
		return 1;
	return now.st_size != m->st.st_size || now.st_ino != m->st.st_ino ||
	       now.st_dev != m->st.st_dev || !same_time(&now.st_mtim, &m->st.st_mtim) ||
	       !same_time(&now.st_ctim, &m->st.st_ctim);
}

void file_map_release(struct file_map *m)
{
	if (!m->buf)
		return;
	slots[m->slot].start = NULL;
	munmap((void *)m->buf, m->len);
	if (!--nr_open)
		sigaction(SIGBUS, &before, NULL);
	close(m->fd);
	memset(m, 0, sizeof(*m));
}
