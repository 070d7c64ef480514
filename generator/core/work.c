/*
 * work.c — the same job on every item of a list, on all cores; jobs in the
 * background, in order (see work.h).
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

/* ---- a work line ---- */

struct line_job {
	void (*fn)(void *arg);
	void *arg;
};

struct work_line {
	pthread_mutex_t lock;
	pthread_cond_t changed;      /* a job added or done, or the end asked */
	/* a ring of the jobs not done, from head: jobs[head] is the one
	 * running, and stays counted in pending until it is done */
	struct line_job jobs[WORK_LINE_MAX];
	size_t head, pending;
	int ending;
	pthread_t thread;
};

static void *line_thread(void *arg)
{
	struct work_line *l = arg;
	pthread_mutex_lock(&l->lock);
	for (;;) {
		while (!l->pending && !l->ending)
			pthread_cond_wait(&l->changed, &l->lock);
		if (!l->pending)
			break;
		struct line_job job = l->jobs[l->head];
		pthread_mutex_unlock(&l->lock);
		job.fn(job.arg);
		pthread_mutex_lock(&l->lock);
		l->head = (l->head + 1) % WORK_LINE_MAX;
		l->pending--;
		pthread_cond_broadcast(&l->changed);
	}
	pthread_mutex_unlock(&l->lock);
	return NULL;
}

struct work_line *work_line_start(void)
{
	struct work_line *l = xcalloc(1, sizeof *l);
	pthread_mutex_init(&l->lock, NULL);
	pthread_cond_init(&l->changed, NULL);
	if (pthread_create(&l->thread, NULL, line_thread, l)) {
		pthread_cond_destroy(&l->changed);
		pthread_mutex_destroy(&l->lock);
		free(l);
		return NULL;
	}
	return l;
}

void work_line_add(struct work_line *l, void (*fn)(void *arg), void *arg)
{
	if (!l) {
		fn(arg);
		return;
	}
	pthread_mutex_lock(&l->lock);
	while (l->pending == WORK_LINE_MAX)
		pthread_cond_wait(&l->changed, &l->lock);
	l->jobs[(l->head + l->pending) % WORK_LINE_MAX] = (struct line_job){ fn, arg };
	l->pending++;
	pthread_cond_broadcast(&l->changed);
	pthread_mutex_unlock(&l->lock);
}

void work_line_finish(struct work_line *l)
{
	if (!l)
		return;
	pthread_mutex_lock(&l->lock);
	l->ending = 1;
	pthread_cond_broadcast(&l->changed);
	pthread_mutex_unlock(&l->lock);
	pthread_join(l->thread, NULL);
	pthread_cond_destroy(&l->changed);
	pthread_mutex_destroy(&l->lock);
	free(l);
}
