/*
 * work.h — a pool of worker threads, made once by the build with --jobs
 * workers and handed to every stage that runs work in parallel (loading,
 * rendering, the link check, the search index, the cache, the output's
 * walk): the same job on every item of a list (work_each()), or in the
 * background (work_start()); and jobs done in order on a thread of their
 * own (a work line, the writer).  The pool is an object, not process-wide
 * state: whoever makes it passes it down and frees it.
 *
 * Reading ten thousand chapters, or ten thousand records of the last build,
 * is work for every core; what the items need is done by fn, one call per
 * item, in any order and on any thread.  Each thread allocates from an
 * arena of its own, given to the caller's when all are done.
 *
 * The pool's workers are made when work first comes, and wait for more
 * until work_pool_free(): a build has the main thread, work_jobs()
 * workers, and a work line while it writes — never more.  A thread that
 * waits for work it gave (work_each(), work_wait()) does items of it that
 * no worker has taken, so that work is done even when every worker is
 * busy with something else, and a stage may give work from a worker.
 * Where a stage is given no pool (NULL: a unit test, a tool that reads one
 * book), every item is done on the caller's thread.
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

/* A pool of workers (work_pool_new()). */
struct work_pool;

/* Returns a pool of jobs workers (--jobs; below 1: 1, above WORK_JOBS_MAX:
 * that), made when work first comes.  Free it with work_pool_free(). */
struct work_pool *work_pool_new(int jobs);
#define WORK_JOBS_MAX 256

/* Ends the pool's workers (no work may be pending) and frees p (nothing
 * for NULL). */
void work_pool_free(struct work_pool *p);

/* The number of the pool's workers; 0 for NULL (no pool: the caller
 * does every item). */
int work_jobs(const struct work_pool *p);

/* Calls fn(ctx, i, arena) for every i below n: on the caller's thread and
 * up to work_jobs(p) - 1 of the pool's (at most 7), and on the caller's
 * alone for fewer than min_per_thread items a thread (or a NULL p).  fn
 * allocates from the arena it is given, never from a; that memory is a's
 * when work_each() returns. */
void work_each(struct work_pool *p, struct arena *a, size_t n, size_t min_per_thread,
	       void (*fn)(void *ctx, size_t i, struct arena *arena), void *ctx);

/* Work given to the pool's workers in the background (work_start()). */
struct work_task;

/* Has fn(ctx, i, slot) called for every i below n by p's workers, while
 * the caller goes on (a NULL p: by work_wait(), on the caller's thread).
 * slot, from 0 to work_jobs(p), says which thread calls: no two calls
 * with the same slot run at once, so that what a thread keeps between
 * items (an arena) can be indexed by it.  fn shares nothing with the
 * caller that is not locked or read-only until work_wait(). */
struct work_task *work_start(struct work_pool *p, size_t n, void (*fn)(void *ctx, size_t i, int slot),
			     void *ctx);

/* Waits until every item of t is done, doing those no worker has taken
 * (with slot work_jobs() of its pool), and frees t (nothing for NULL). */
void work_wait(struct work_task *t);

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
