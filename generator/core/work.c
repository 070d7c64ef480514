/*
 * work.c — the pool of workers: the same job on every item of a list, in
 * the foreground or the background; and jobs in the background, in order
 * (see work.h).
 */
#include "core/work.h"
#include "core/alloc.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

/* ---- the pool ---- */

struct work_task {
	void (*fn)(void *ctx, size_t i, int slot);
	void *ctx;
	size_t next, n;              /* items handed out, items */
	size_t done;                 /* items finished */
	int helpers, max_helpers;    /* workers on it now, at most */
	int queued;                  /* in the pool's queue (items left to hand out) */
	struct work_task *later;     /* the next in the queue */
};

static struct {
	pthread_mutex_t lock;
	pthread_cond_t work;         /* a task queued */
	pthread_cond_t done;         /* a task's item done, or a worker left it */
	struct work_task *head, *tail;
	int jobs;                    /* 0: not set, one per core */
	int started, nthreads;
	pthread_t *threads;
} pool = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
	   NULL, NULL, 0, 0, 0, NULL };

static int clamp_jobs(long jobs)
{
	return jobs < 1 ? 1 : jobs > WORK_JOBS_MAX ? WORK_JOBS_MAX : (int)jobs;
}

int work_setup(int jobs)
{
	pthread_mutex_lock(&pool.lock);
	int rc = pool.started && pool.jobs != clamp_jobs(jobs) ? -1 : 0;
	if (!pool.started)
		pool.jobs = clamp_jobs(jobs);
	pthread_mutex_unlock(&pool.lock);
	return rc;
}

/* (the lock held) */
static int jobs_locked(void)
{
	if (!pool.jobs)
		pool.jobs = clamp_jobs(sysconf(_SC_NPROCESSORS_ONLN));
	return pool.jobs;
}

int work_jobs(void)
{
	pthread_mutex_lock(&pool.lock);
	int jobs = jobs_locked();
	pthread_mutex_unlock(&pool.lock);
	return jobs;
}

/* Takes t out of the queue (the lock held). */
static void unqueue(struct work_task *t)
{
	struct work_task **p = &pool.head, *prev = NULL;
	while (*p && *p != t) {
		prev = *p;
		p = &(*p)->later;
	}
	if (!*p)
		return;
	*p = t->later;
	if (pool.tail == t)
		pool.tail = prev;
	t->queued = 0;
}

/* Does items of t until none is left to hand out, with slot (the lock
 * held, and held again on return). */
static void do_items(struct work_task *t, int slot)
{
	while (t->next < t->n) {
		size_t i = t->next++;
		if (t->next == t->n)
			unqueue(t);
		pthread_mutex_unlock(&pool.lock);
		t->fn(t->ctx, i, slot);
		pthread_mutex_lock(&pool.lock);
		t->done++;
	}
}

static void *pool_worker(void *arg)
{
	int slot = (int)(size_t)arg;
	pthread_mutex_lock(&pool.lock);
	for (;;) {
		struct work_task *t = pool.head;
		while (t && t->helpers >= t->max_helpers)
			t = t->later;
		if (!t) {
			pthread_cond_wait(&pool.work, &pool.lock);
			continue;
		}
		t->helpers++;
		do_items(t, slot);
		t->helpers--;
		pthread_cond_broadcast(&pool.done);
		if (t->queued)   /* (capped: another may take the place) */
			pthread_cond_broadcast(&pool.work);
	}
	return NULL;   /* (never: the workers end with the process) */
}

/* Makes the workers when work first comes (the lock held); those that
 * cannot be made are not waited for: work is then done by who waits.
 * They are made with the signals that end a process blocked, so that
 * these go to the thread that gave the work, and a thread that blocks
 * them blocks them for the process (write_finish(), site/write.c). */
static void start_locked(void)
{
	if (pool.started)
		return;
	pool.started = 1;
	int jobs = jobs_locked();
	pool.threads = xcalloc((size_t)jobs, sizeof *pool.threads);
	sigset_t block, saved;
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGQUIT);
	pthread_sigmask(SIG_BLOCK, &block, &saved);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	for (int k = 0; k < jobs; k++)
		if (!pthread_create(&pool.threads[pool.nthreads], &attr, pool_worker, (void *)(size_t)k))
			pool.nthreads++;
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

/* Queues t (the lock held). */
static void enqueue(struct work_task *t)
{
	start_locked();
	if (t->next >= t->n || !pool.nthreads)
		return;
	t->queued = 1;
	t->later = NULL;
	if (pool.tail)
		pool.tail->later = t;
	else
		pool.head = t;
	pool.tail = t;
	pthread_cond_broadcast(&pool.work);
}

/* Does what is left of t on this thread, with slot, then waits for the
 * workers on it (the lock held). */
static void finish_locked(struct work_task *t, int slot)
{
	do_items(t, slot);
	while (t->done < t->n || t->helpers)
		pthread_cond_wait(&pool.done, &pool.lock);
}

struct work_task *work_start(size_t n, void (*fn)(void *ctx, size_t i, int slot), void *ctx)
{
	struct work_task *t = xcalloc(1, sizeof *t);
	*t = (struct work_task){ .fn = fn, .ctx = ctx, .n = n, .max_helpers = WORK_JOBS_MAX };
	pthread_mutex_lock(&pool.lock);
	enqueue(t);
	pthread_mutex_unlock(&pool.lock);
	return t;
}

void work_wait(struct work_task *t)
{
	if (!t)
		return;
	pthread_mutex_lock(&pool.lock);
	finish_locked(t, jobs_locked());
	pthread_mutex_unlock(&pool.lock);
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

void work_each(struct arena *a, size_t n, size_t min_per_thread,
	       void (*fn)(void *ctx, size_t i, struct arena *arena), void *ctx)
{
	pthread_mutex_lock(&pool.lock);
	int jobs = jobs_locked();
	size_t helpers = jobs > 8 ? 7 : (size_t)jobs - 1;
	if (min_per_thread && helpers > n / min_per_thread)
		helpers = n / min_per_thread;
	struct each e = { fn, ctx, xcalloc((size_t)jobs + 1, sizeof *e.arenas) };
	struct work_task t = { .fn = each_item, .ctx = &e, .n = n, .max_helpers = (int)helpers };
	if (helpers)
		enqueue(&t);
	finish_locked(&t, jobs);
	pthread_mutex_unlock(&pool.lock);
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
