#ifndef DASHBOARD_ARENA_H
#define DASHBOARD_ARENA_H

#include <stddef.h>

/* Memory for a dashboard's strings and small arrays, freed at once. */
struct dash_arena {
	struct dash_arena_block *blocks;
	size_t bytes;		/* allocated so far */
};

/* size bytes from the arena, aligned for any type, zeroed; freed by dash_arena_release(). */
void *dash_arena_alloc(struct dash_arena *a, size_t size);

/* A copy of s (len bytes, then a NUL) in the arena. */
char *dash_arena_strndup(struct dash_arena *a, const char *s, size_t len);

/* Free everything allocated from a; it is empty (and usable) again. */
void dash_arena_release(struct dash_arena *a);

#endif
