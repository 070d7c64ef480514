/*
 * work.c — the same job on every item of a list, on all cores (see work.h).
 */
#include "core/work.h"
#include "core/alloc.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

struct work {
	pthread_mutex_t lock;
	size_t next, n;
	void (*fn)(void *ctx, size_t i, struct arena *arena);
	void *ctx;
};

struct worker {
	struct work *work;
	struct arena arena;
};

static void *worker(void *arg)
{
	struct worker *w = arg;
	struct work *job = w->work;
	for (;;) {
		pthread_mutex_lock(&job->lock);
		size_t i = job->next++;
		pthread_mutex_unlock(&job->lock);
		if (i >= job->n)
			return NULL;
		job->fn(job->ctx, i, &w->arena);
	}
}

void work_each(struct arena *a, size_t n, size_t min_per_thread,
	       void (*fn)(void *ctx, size_t i, struct arena *arena), void *ctx)
{
	struct work job = { PTHREAD_MUTEX_INITIALIZER, 0, n, fn, ctx };
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	size_t nthreads = cores < 1 ? 1 : cores > 8 ? 8 : (size_t)cores;
	if (min_per_thread && nthreads > n / min_per_thread + 1)
		nthreads = n / min_per_thread + 1;
	struct worker *workers = xcalloc(nthreads, sizeof *workers);
	pthread_t *threads = xcalloc(nthreads, sizeof *threads);
	int *running = xcalloc(nthreads, sizeof *running);
	for (size_t t = 0; t < nthreads; t++)
		workers[t].work = &job;
	for (size_t t = 1; t < nthreads; t++)
		running[t] = !pthread_create(&threads[t], NULL, worker, &workers[t]);
	worker(&workers[0]);   /* and any a thread could not be made for */
	for (size_t t = 0; t < nthreads; t++) {
		if (running[t])
			pthread_join(threads[t], NULL);
		arena_absorb(a, &workers[t].arena);
	}
	free(running);
	free(threads);
	free(workers);
	pthread_mutex_destroy(&job.lock);
}
