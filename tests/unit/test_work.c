/*
 * test_work.c — the pool of core/work.h: work_pool_new(N) (--jobs N)
 * bounds every stage's threads, work_each() runs on the caller and up to
 * N - 1 workers, work_start()'s slots are never used by two threads at
 * once, work given from a worker is done (no deadlock), the process has
 * at most N threads beside the main one, and work_pool_free() ends them.
 * Each case runs in a child of its own, which counts its threads; a NULL
 * pool does every item on the caller.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/work.h"

#include <dirent.h>
#include <pthread.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_SEEN 64

/* the threads that did items, and the slots in use now */
static struct {
	pthread_mutex_t lock;
	pthread_t seen[MAX_SEEN];
	int nseen;
	int in_use[WORK_JOBS_MAX + 1];
	int clash, bad_slot, most_threads;
	struct work_pool *pool;
} st = { .lock = PTHREAD_MUTEX_INITIALIZER };

static int threads_now(void)
{
	DIR *d = opendir("/proc/self/task");
	if (!d)
		return 0;
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void note_thread(void)
{
	pthread_mutex_lock(&st.lock);
	int known = 0;
	for (int k = 0; k < st.nseen && !known; k++)
		known = pthread_equal(st.seen[k], pthread_self());
	if (!known && st.nseen < MAX_SEEN)
		st.seen[st.nseen++] = pthread_self();
	int n = threads_now();
	if (n > st.most_threads)
		st.most_threads = n;
	pthread_mutex_unlock(&st.lock);
}

static void nap(void)
{
	struct timespec ts = { 0, 1000000 };   /* 1 ms: every worker gets items */
	nanosleep(&ts, NULL);
}

static void each_item(void *ctx, size_t i, struct arena *arena)
{
	(void)ctx;
	(void)i;
	arena_alloc(arena, 16);
	note_thread();
	nap();
}

static void slot_item(void *ctx, size_t i, int slot)
{
	(void)ctx;
	(void)i;
	pthread_mutex_lock(&st.lock);
	if (slot < 0 || slot > work_jobs(st.pool))
		st.bad_slot = 1;
	else if (st.in_use[slot]++)
		st.clash = 1;
	pthread_mutex_unlock(&st.lock);
	note_thread();
	nap();
	pthread_mutex_lock(&st.lock);
	if (slot >= 0 && slot <= work_jobs(st.pool))
		st.in_use[slot]--;
	pthread_mutex_unlock(&st.lock);
}

static void nested_item(void *ctx, size_t i, int slot)
{
	(void)slot;
	struct arena a = ARENA_INIT;
	work_each(st.pool, &a, 8, 1, each_item, ctx);   /* from a worker: done, never stuck */
	arena_free(&a);
	(void)i;
}

/* In a child with a pool of jobs workers (0: no pool, NULL): work_each()
 * over 200 items, then work_start() (slots checked), then work given from
 * the workers; then the pool is freed, which leaves the main thread alone.
 * Exits with (threads that did work_each's items) * 16 + (most threads
 * alive) when all went well, 255 otherwise. */
static void run_child(int jobs)
{
	st.pool = jobs ? work_pool_new(jobs) : NULL;
	if (work_jobs(st.pool) != jobs)
		_exit(255);
	struct arena a = ARENA_INIT;
	work_each(st.pool, &a, 200, 1, each_item, NULL);
	int each_threads = st.nseen;
	struct work_task *t = work_start(st.pool, 100, slot_item, NULL);
	work_wait(t);
	struct work_task *n = work_start(st.pool, (size_t)(jobs ? jobs : 1) * 2, nested_item, NULL);
	work_wait(n);
	arena_free(&a);
	work_pool_free(st.pool);
	if (threads_now() != 1)
		_exit(255);   /* a worker outlived its pool */
	if (st.clash || st.bad_slot || each_threads > 15 || st.most_threads > 15)
		_exit(255);
	_exit(each_threads * 16 + st.most_threads);
}

static int child(int jobs, int *each_threads, int *most)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0)
		run_child(jobs);
	int status = 0;
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) == 255)
		return -1;
	*each_threads = WEXITSTATUS(status) / 16;
	*most = WEXITSTATUS(status) % 16;
	return 0;
}

/* No pool: every item on the caller, no thread made. */
static void test_no_pool(void **state)
{
	(void)state;
	int each = 0, most = 0;
	assert_int_equal(child(0, &each, &most), 0);
	assert_int_equal(each, 1);
	assert_int_equal(most, 1);
}

/* --jobs 1: work_each() on the caller alone, one worker beside it. */
static void test_jobs_1(void **state)
{
	(void)state;
	int each = 0, most = 0;
	assert_int_equal(child(1, &each, &most), 0);
	assert_int_equal(each, 1);
	assert_true(most <= 2);
}

/* --jobs 4: the caller and three workers share work_each()'s items, and
 * no more than four threads are alive beside the main one, whatever the
 * machine's cores. */
static void test_jobs_4(void **state)
{
	(void)state;
	int each = 0, most = 0;
	assert_int_equal(child(4, &each, &most), 0);
	assert_true(each >= 3);   /* (200 naps of 1 ms: each thread gets some) */
	assert_true(each <= 4);
	assert_true(most <= 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_pool),
		cmocka_unit_test(test_jobs_1),
		cmocka_unit_test(test_jobs_4),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
