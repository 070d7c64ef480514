/*
 * work.c — a pool of workers: the same job on every item of a list, in
 * the foreground or the background; and jobs in the background, in order
 * (see work.h).
 */
#include "core/work.h"
#include "core/alloc.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

/* ---- the pool ---- */

struct work_task {
	struct work_pool *pool;      /* NULL: its items are done by work_wait() */
	void (*fn)(void *ctx, size_t i, int slot);
	void *ctx;
	size_t next, n;              /* items handed out, items */
	size_t done;                 /* items finished */
	int helpers, max_helpers;    /* workers on it now, at most */
	int queued;                  /* in the pool's queue (items left to hand out) */
	struct work_task *later;     /* the next in the queue */
};

struct work_pool {
	pthread_mutex_t lock;
	pthread_cond_t work;         /* a task queued, or the end asked */
	pthread_cond_t done;         /* a task's item done, or a worker left it */
	struct work_task *head, *tail;
	int jobs;
	int started, nthreads;
	int ending;                  /* work_pool_free(): the workers leave */
	pthread_t *threads;
};

/* a worker's pool and slot */
struct worker {
	struct work_pool *pool;
	int slot;
};

static int clamp_jobs(long jobs)
{
	return jobs < 1 ? 1 : jobs > WORK_JOBS_MAX ? WORK_JOBS_MAX : (int)jobs;
}

struct work_pool *work_pool_new(int jobs)
{
	struct work_pool *p = xcalloc(1, sizeof *p);
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	p->jobs = clamp_jobs(jobs);
	return p;
}

int work_jobs(const struct work_pool *p)
{
	return p ? p->jobs : 0;   /* (set once, when made) */
}

/* Takes t out of its pool's queue (the lock held). */
static void unqueue(struct work_task *t)
{
	struct work_pool *pool = t->pool;
	struct work_task **p = &pool->head, *prev = NULL;
	while (*p && *p != t) {
		prev = *p;
		p = &(*p)->later;
	}
	if (!*p)
		return;
	*p = t->later;
	if (pool->tail == t)
		pool->tail = prev;
	t->queued = 0;
}

/* Does items of t until none is left to hand out, with slot (the pool's
 * lock held, and held again on return; no lock for a task without a
 * pool). */
static void do_items(struct work_task *t, int slot)
{
	while (t->next < t->n) {
		size_t i = t->next++;
		if (t->pool && t->next == t->n)
			unqueue(t);
		if (t->pool)
			pthread_mutex_unlock(&t->pool->lock);
		t->fn(t->ctx, i, slot);
		if (t->pool)
			pthread_mutex_lock(&t->pool->lock);
		t->done++;
	}
}

static void *pool_worker(void *arg)
{
	struct worker *w = arg;
	struct work_pool *pool = w->pool;
	int slot = w->slot;
	free(w);
	pthread_mutex_lock(&pool->lock);
	while (!pool->ending) {
		struct work_task *t = pool->head;
		while (t && t->helpers >= t->max_helpers)
			t = t->later;
		if (!t) {
			pthread_cond_wait(&pool->work, &pool->lock);
			continue;
		}
		t->helpers++;
		do_items(t, slot);
		t->helpers--;
		pthread_cond_broadcast(&pool->done);
		if (t->queued)   /* (capped: another may take the place) */
			pthread_cond_broadcast(&pool->work);
	}
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

/* Makes the workers when work first comes (the lock held); those that
 * cannot be made are not waited for: work is then done by who waits.
 * They are made with the signals that end a process blocked, so that
 * these go to the thread that gave the work, and a thread that blocks
 * them blocks them for the process (write_finish(), site/write.c). */
static void start_locked(struct work_pool *pool)
{
	if (pool->started)
		return;
	pool->started = 1;
	pool->threads = xcalloc((size_t)pool->jobs, sizeof *pool->threads);
	sigset_t block, saved;
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGQUIT);
	pthread_sigmask(SIG_BLOCK, &block, &saved);
	for (int k = 0; k < pool->jobs; k++) {
		struct worker *w = xmalloc(sizeof *w);
		*w = (struct worker){ pool, k };
		if (!pthread_create(&pool->threads[pool->nthreads], NULL, pool_worker, w))
			pool->nthreads++;
		else
			free(w);
	}
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

void work_pool_free(struct work_pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->ending = 1;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->lock);
	for (int k = 0; k < p->nthreads; k++)
		pthread_join(p->threads[k], NULL);
	free(p->threads);
	pthread_cond_destroy(&p->done);
	pthread_cond_destroy(&p->work);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

/* Queues t (its pool's lock held). */
static void enqueue(struct work_task *t)
{
	struct work_pool *pool = t->pool;
	start_locked(pool);
	if (t->next >= t->n || !pool->nthreads)
		return;
	t->queued = 1;
	t->later = NULL;
	if (pool->tail)
		pool->tail->later = t;
	else
		pool->head = t;
	pool->tail = t;
	pthread_cond_broadcast(&pool->work);
}

/* Does what is left of t on this thread, with slot, then waits for the
 * workers on it (its pool's lock held). */
static void finish_locked(struct work_task *t, int slot)
{
	do_items(t, slot);
	while (t->pool && (t->done < t->n || t->helpers))
		pthread_cond_wait(&t->pool->done, &t->pool->lock);
}

struct work_task *work_start(struct work_pool *p, size_t n, void (*fn)(void *ctx, size_t i, int slot),
			     void *ctx)
{
	struct work_task *t = xcalloc(1, sizeof *t);
	*t = (struct work_task){ .pool = p, .fn = fn, .ctx = ctx, .n = n, .max_helpers = WORK_JOBS_MAX };
	if (p) {
		pthread_mutex_lock(&p->lock);
		enqueue(t);
		pthread_mutex_unlock(&p->lock);
	}
	return t;
}

void work_wait(struct work_task *t)
{
	if (!t)
		return;
	if (t->pool)
		pthread_mutex_lock(&t->pool->lock);
	finish_locked(t, work_jobs(t->pool));
	if (t->pool)
		pthread_mutex_unlock(&t->pool->lock);
	free(t);
}

/* work_each()'s items, each thread with an arena of its own (by slot) */
struct each {
	void (*fn)(void *ctx, size_t i, struct arena *arena);
	void *ctx;
	struct arena *arenas;
};

static void each_item(void *ctx, size_t i, int slot)
{
	struct each *e = ctx;
	e->fn(e->ctx, i, &e->arenas[slot]);
}

void work_each(struct work_pool *p, struct arena *a, size_t n, size_t min_per_thread,
	       void (*fn)(void *ctx, size_t i, struct arena *arena), void *ctx)
{
	int jobs = work_jobs(p);
	size_t helpers = jobs > 8 ? 7 : jobs > 1 ? (size_t)jobs - 1 : 0;
	if (min_per_thread && helpers > n / min_per_thread)
		helpers = n / min_per_thread;
	struct each e = { fn, ctx, xcalloc((size_t)jobs + 1, sizeof *e.arenas) };
	/* no helper: a task without a pool, done here without its lock */
	struct work_task t = { .pool = helpers ? p : NULL, .fn = each_item, .ctx = &e, .n = n,
			       .max_helpers = (int)helpers };
	if (t.pool) {
		pthread_mutex_lock(&p->lock);
		enqueue(&t);
	}
	finish_locked(&t, jobs);
	if (t.pool)
		pthread_mutex_unlock(&p->lock);
	for (int k = 0; k <= jobs; k++)
		arena_absorb(a, &e.arenas[k]);
	free(e.arenas);
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
