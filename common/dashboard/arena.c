#include <stdlib.h>
#include <string.h>
#include "util/usage.h"
#include "dashboard/arena.h"

#define ARENA_BLOCK (64 << 10)

struct dash_arena_block {
	struct dash_arena_block *next;
	size_t used, size;
	max_align_t data[];
};

void *dash_arena_alloc(struct dash_arena *a, size_t size)
{
	struct dash_arena_block *b = a->blocks;
	size_t align = sizeof(max_align_t);
	void *p;

	size = (size + align - 1) / align * align;
	if (!b || b->size - b->used < size) {
		size_t want = size > ARENA_BLOCK ? size : ARENA_BLOCK;

		b = xmalloc(sizeof(*b) + want);
		b->size = want;
		b->used = 0;
		b->next = a->blocks;
		a->blocks = b;
	}
	p = (char *)b->data + b->used;
	b->used += size;
	a->bytes += size;
	memset(p, 0, size);
	return p;
}

char *dash_arena_strndup(struct dash_arena *a, const char *s, size_t len)
{
	char *p = dash_arena_alloc(a, len + 1);

	memcpy(p, s, len);
	return p;
}

void dash_arena_release(struct dash_arena *a)
{
	while (a->blocks) {
		struct dash_arena_block *next = a->blocks->next;

		free(a->blocks);
		a->blocks = next;
	}
	a->bytes = 0;
}
