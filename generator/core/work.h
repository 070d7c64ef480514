/*
 * work.h — the same job on every item of a list, on all cores.
 *
 * Reading ten thousand chapters, or ten thousand records of the last build,
 * is work for every core; what the items need is done by fn, one call per
 * item, in any order and on any thread.  Each thread allocates from an
 * arena of its own, given to the caller's when all are done.
 */
#ifndef SPECBOOK_WORK_H
#define SPECBOOK_WORK_H

#include <stddef.h>

#include "core/arena.h"

/* Calls fn(ctx, i, arena) for every i below n, on up to one thread per core
 * (at most 8), and on one for fewer than min_per_thread items a thread.  fn
 * allocates from the arena it is given, never from a; that memory is a's
 * when work_each() returns. */
void work_each(struct arena *a, size_t n, size_t min_per_thread,
	       void (*fn)(void *ctx, size_t i, struct arena *arena), void *ctx);

#endif
