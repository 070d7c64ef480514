/*
 * write.c — the write stage: all or nothing.
 *
 * Pages and files go into a temporary directory beside the output
 * (".site.tmp-PID" for "site"), which then takes the output's place: with
 * renameat2(RENAME_EXCHANGE) where the kernel has it, else with two
 * renames.  A failed build never touches the last good site.  A build
 * that is killed cannot clean up after itself: the next build of the same
 * output does (remove_leftovers()).
 */
#define _GNU_SOURCE
#include "site.h"
#include "alloc.h"
#include "buffer.h"
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/* Splits out into its parent directory and base name (in the arena). */
static void split_path(struct arena *a, const char *out, const char **dir, const char **base)
{
	const char *slash = strrchr(out, '/');
	if (!slash) {
		*dir = ".";
		*base = out;
	} else {
		*dir = slash == out ? "/" : arena_strndup(a, out, (size_t)(slash - out));
		*base = slash + 1;
	}
}

static int exchange(const char *a, const char *b)
{
#ifdef SYS_renameat2
	return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#else
	(void)a, (void)b;
	errno = ENOSYS;
	return -1;
#endif
}

/* Returns 1 if dir is empty or holds an index.html: a directory the build
 * may replace.  Anything else could be someone's files. */
static int looks_like_site(struct arena *a, const char *dir)
{
	size_t n;
	files_list(a, dir, "", &n);
	return n == 0 || files_exists(arena_printf(a, "%s/index.html", dir));
}

/* Returns the PID that digits spells as getpid() is printed (no sign, no
 * leading zero), or 0 if it is anything else. */
static pid_t pid_parse(const char *digits)
{
	if (*digits < '1' || *digits > '9')
		return 0;
	long pid = 0;
	for (const char *p = digits; *p; p++) {
		if (*p < '0' || *p > '9' || pid > (INT_MAX - 9) / 10)
			return 0;
		pid = pid * 10 + (*p - '0');
	}
	return (pid_t)pid;
}

/* Removes the entries of dir named prefix and a PID whose process is gone
 * (kill() finds no such process).  A failure is said and the build goes
 * on: a leftover costs space, not the site. */
static void remove_dead(struct site *s, const char *dir, const char *prefix)
{
	size_t n;
	char **names = files_list_prefix(s->a, dir, prefix, &n);
	for (size_t i = 0; i < n; i++) {
		pid_t pid = pid_parse(names[i] + strlen(prefix));
		if (!pid || kill(pid, 0) == 0 || errno != ESRCH)
			continue;
		const char *path = strcmp(dir, ".") ? arena_printf(s->a, "%s/%s", dir, names[i]) : names[i];
		if (files_remove_tree(path) == 0) {
			if (s->verbose)
				fprintf(stderr, "specbook: removed '%s', left by a build that did not finish\n",
					path);
			continue;
		}
		int err = errno;
		if (files_exists(path))   /* else a build running beside this one removed it */
			fprintf(stderr, "specbook: cannot remove '%s', left by a build that did not "
				"finish: %s\n", path, strerror(err));
	}
}

/*
 * Removes what builds of the same output that were killed or crashed left
 * beside it: ".BASE.tmp-PID" and ".BASE.old-PID" whose process is gone.
 * Anything else is left alone: a live PID may be a build running now (or a
 * PID used again since, which only costs the space), and another name is
 * not ours.  An .old directory is kept while the output is missing: its
 * build was killed between its two renames, and it holds the last site.
 */
static void remove_leftovers(struct site *s, const char *dir, const char *base)
{
	remove_dead(s, dir, arena_printf(s->a, ".%s.tmp-", base));
	if (files_exists(s->out))
		remove_dead(s, dir, arena_printf(s->a, ".%s.old-", base));
}

int write_begin(struct site *s, const char *out)
{
	const char *dir, *base;
	size_t olen = strlen(out);
	while (olen > 1 && out[olen - 1] == '/')
		olen--;
	s->out = arena_strndup(s->a, out, olen);
	split_path(s->a, s->out, &dir, &base);
	s->tmp = arena_printf(s->a, "%s/.%s.tmp-%ld", dir, base, (long)getpid());
	s->old = arena_printf(s->a, "%s/.%s.old-%ld", dir, base, (long)getpid());
	struct srcloc loc = { s->out, 0, 0 };
	if (files_exists(s->out) && !files_is_dir(s->out)) {
		diag_error(loc, "the output '%s' exists and is not a directory", s->out);
		s->tmp = NULL;
		return -1;
	}
	if (files_exists(s->out) && !looks_like_site(s->a, s->out)) {
		diag_error(loc, "'%s' is not empty and holds no index.html: it does not look like a "
			   "site this tool wrote, so it is not replaced (remove it or choose another -o)", s->out);
		s->tmp = NULL;
		return -1;
	}
	remove_leftovers(s, dir, base);
	files_remove_tree(s->tmp);
	if (files_mkdirs(s->tmp)) {
		diag_error((struct srcloc){ s->out, 0, 0 },
			   "cannot create a directory beside the output: %s", strerror(errno));
		s->tmp = NULL;
		return -1;
	}
	return 0;
}

/* Returns 1 if the output already holds these bytes at path (a page an
 * incremental build made again, the same as before). */
static int unchanged(const struct site *s, struct arena *ar, const char *path, const char *html,
		     size_t len)
{
	char *old;
	size_t olen;
	if (!s->in_place || files_read_bytes(arena_printf(ar, "%s/%s", s->out, path), &old, &olen))
		return 0;
	int same = olen == len && !memcmp(old, html, len);
	free(old);
	return same;
}

int write_html(const struct site *s, struct arena *ar, const char *path, const char *html,
	       size_t len)
{
	if (unchanged(s, ar, path, html, len))
		return 0;
	if (files_write(arena_printf(ar, "%s/%s", s->tmp, path), html, len)) {
		diag_error((struct srcloc){ s->out, 0, 0 }, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

int write_page(struct site *s, struct page *p)
{
	struct buf html = BUF_INIT;
	dom_page_serialize(p->dom, &html);
	dom_page_free(p->dom);
	p->dom = NULL;
	int r = write_html(s, s->a, p->path, html.data ? html.data : "", html.len);
	buf_release(&html);
	return r;
}

void write_file_done(struct site *s, const char *path)
{
	struct site_file *f = ARRAY_PUSH(s->files, s->nfiles, s->capfiles);
	memset(f, 0, sizeof *f);
	f->path = path;
	f->written = 1;
}

void write_file(struct site *s, const char *path, char *data, size_t len)
{
	write_file_done(s, path);
	if (s->writing && files_write(arena_printf(s->a, "%s/%s", s->tmp, path), data, len)) {
		diag_error((struct srcloc){ s->out, 0, 0 }, "cannot write '%s': %s", path, strerror(errno));
		s->writing = 0;
	}
	free(data);
}

void write_abort(struct site *s)
{
	if (s->tmp)
		files_remove_tree(s->tmp);
	s->tmp = NULL;
}

/* ---- updating a site in place (incremental builds) ---- */

static int path_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Moves every file under dir (rel below the temporary directory) into the
 * output at the same place.  Returns 0 or -1. */
static int move_into(struct site *s, const char *rel)
{
	const char *dir = *rel ? arena_printf(s->a, "%s/%s", s->tmp, rel) : s->tmp;
	size_t n;
	char **names = files_list(s->a, dir, "", &n);
	for (size_t i = 0; i < n; i++) {
		const char *r = *rel ? arena_printf(s->a, "%s/%s", rel, names[i]) : names[i];
		const char *from = arena_printf(s->a, "%s/%s", s->tmp, r);
		const char *to = arena_printf(s->a, "%s/%s", s->out, r);
		if (files_is_dir(from)) {
			if (files_mkdirs(to) || move_into(s, r))
				return -1;
		} else if (rename(from, to)) {
			return -1;
		}
	}
	return 0;
}

/* Returns 1 if rel is a file of the new site or lies in one of its
 * directories (copied asset trees). */
static int in_site(const char **paths, size_t n, const char *rel, struct arena *a)
{
	if (bsearch(&rel, paths, n, sizeof *paths, path_cmp))
		return 1;
	for (const char *slash = strchr(rel, '/'); slash; slash = strchr(slash + 1, '/')) {
		const char *prefix = arena_strndup(a, rel, (size_t)(slash - rel));
		if (bsearch(&prefix, paths, n, sizeof *paths, path_cmp))
			return 1;
	}
	return 0;
}

/* Removes the files under the output's rel that the new site does not have. */
static void remove_stale(struct site *s, const char **paths, size_t n, const char *rel)
{
	const char *dir = *rel ? arena_printf(s->a, "%s/%s", s->out, rel) : s->out;
	size_t count;
	char **names = files_list(s->a, dir, "", &count);
	for (size_t i = 0; i < count; i++) {
		const char *r = *rel ? arena_printf(s->a, "%s/%s", rel, names[i]) : names[i];
		if (in_site(paths, n, r, s->a))
			continue;   /* most are: not even a stat for them */
		const char *path = arena_printf(s->a, "%s/%s", s->out, r);
		if (files_is_dir(path))
			remove_stale(s, paths, n, r);
		else
			unlink(path);
	}
}

/*
 * An incremental build wrote only what changed into the temporary
 * directory: those files are renamed over the old ones and the old files
 * the site no longer has are removed.  Each file changes atomically; the
 * site as a whole does not, as it does with the exchange below, which
 * would cost a link and an unlink for every unchanged file.
 */
static int finish_in_place(struct site *s)
{
	if (move_into(s, "")) {
		diag_error((struct srcloc){ s->out, 0, 0 }, "cannot move the new pages into place: %s "
			   "(build again with --no-cache)", strerror(errno));
		return -1;
	}
	size_t n = s->npages + s->nfiles;
	const char **paths = xcalloc(n ? n : 1, sizeof *paths);
	for (size_t i = 0; i < s->npages; i++)
		paths[i] = s->pages[i].path;
	for (size_t i = 0; i < s->nfiles; i++)
		paths[s->npages + i] = s->files[i].path;
	qsort(paths, n, sizeof *paths, path_cmp);
	remove_stale(s, paths, n, "");
	free(paths);
	files_remove_tree(s->tmp);
	s->tmp = NULL;
	return 0;
}

static int finish(struct site *s)
{
	struct srcloc loc = { s->out, 0, 0 };
	const char *out = s->out, *tmp = s->tmp, *old = s->old;
	for (size_t i = 0; i < s->nfiles; i++) {
		const struct site_file *f = &s->files[i];
		if (f->written)
			continue;
		const char *path = arena_printf(s->a, "%s/%s", tmp, f->path);
		const char *prev = s->incr ? arena_printf(s->a, "%s/%s", out, f->path) : NULL;
		if (files_copy_tree(f->disk_path, path, prev)) {
			diag_error(loc, "cannot write '%s': %s", f->path, strerror(errno));
			goto fail;
		}
	}

	if (s->in_place) {
		if (finish_in_place(s))
			goto fail;
		return 0;
	}
	if (files_exists(out)) {
		if (!files_is_dir(out)) {
			diag_error(loc, "the output '%s' exists and is not a directory", out);
			goto fail;
		}
		if (!looks_like_site(s->a, out)) {
			diag_error(loc, "'%s' is not empty and holds no index.html: it does not look like a "
				   "site this tool wrote, so it is not replaced (remove it or choose another -o)", out);
			goto fail;
		}
		if (exchange(tmp, out) == 0) {
			files_remove_tree(tmp);   /* now holds the old site */
			s->tmp = NULL;
			return 0;
		}
		if (rename(out, old)) {
			diag_error(loc, "cannot move the old site aside: %s", strerror(errno));
			goto fail;
		}
	}
	if (rename(tmp, out)) {
		diag_error(loc, "cannot move the new site into place: %s", strerror(errno));
		if (files_exists(old))
			rename(old, out);
		goto fail;
	}
	s->tmp = NULL;
	files_remove_tree(old);
	return 0;
fail:
	write_abort(s);
	return -1;
}

/*
 * SIGTERM, SIGINT and SIGHUP wait until the swap is over: killed between
 * its two renames, or halfway through an update in place, a build would
 * leave no site or half of one (`specbook serve` stops a build that a
 * newer save supersedes this way, and anyone may Ctrl-C a build).  The
 * rendering threads have ended by now, so the main thread's mask is the
 * process's; a signal that came meanwhile ends the build once it is done.
 */
int write_finish(struct site *s)
{
	sigset_t stop, saved;
	sigemptyset(&stop);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &stop, &saved);
	int rc = finish(s);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	return rc;
}

void write_remove_leftovers(const char *out)
{
	struct arena a = ARENA_INIT;
	struct site s;
	memset(&s, 0, sizeof s);
	s.a = &a;
	size_t olen = strlen(out);
	while (olen > 1 && out[olen - 1] == '/')
		olen--;
	s.out = arena_strndup(&a, out, olen);
	const char *dir, *base;
	split_path(&a, s.out, &dir, &base);
	remove_leftovers(&s, dir, base);
	arena_free(&a);
}
