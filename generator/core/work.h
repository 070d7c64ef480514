/*
 * work.h — the same job on every item of a list, on all cores; and jobs
 * done in the background, in order, on a thread of their own.
 *
 * Reading ten thousand chapters, or ten thousand records of the last build,
 * is work for every core; what the items need is done by fn, one call per
 * item, in any order and on any thread.  Each thread allocates from an
 * arena of its own, given to the caller's when all are done.
 *
 * A work line takes what a thread that must go on in order (the build's
 * main thread, which merges and links chapters one after another) can
 * hand over: a page to serialize and write, a search part to deflate.
 * Its jobs run one at a time in the order given, beside the caller.
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

/* A thread running jobs one after another (work_line_start()). */
struct work_line;

/* Starts a work line; NULL when no thread can be made, and then
 * work_line_add() runs each job at once on the caller's thread. */
struct work_line *work_line_start(void);

/* Has fn(arg) run on the line after the jobs added before it.  fn owns
 * arg (frees it); it shares nothing with the caller that is not locked or
 * read-only until work_line_finish().  Waits while
 * WORK_LINE_MAX jobs are already pending, so that the jobs' memory (a
 * page's tree, a part of the search index) stays bounded when the line
 * falls behind. */
void work_line_add(struct work_line *l, void (*fn)(void *arg), void *arg);

/* Waits for the jobs, ends the thread and frees l (nothing for NULL). */
void work_line_finish(struct work_line *l);

/* Jobs a line holds before work_line_add() waits: a few pages or search
 * parts, so that the caller rarely waits and memory does not grow. */
#define WORK_LINE_MAX 8

#endif
