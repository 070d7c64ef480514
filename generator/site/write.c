/*
 * write.c — the write stage: all or nothing, and nothing but its own.
 *
 * Pages and files go into a temporary directory beside the output, made
 * with mkdtemp() (".site.tmp-PID-XXXXXX" for "site", mode 0700 until it
 * is published).  A full build's directory then takes the output's place
 * at once: with renameat2(RENAME_EXCHANGE) where the kernel has it, else
 * with two renames.  An incremental build (s->in_place) holds only what
 * changed: each file is renamed over the old one, then files the site no
 * longer has are removed; each file changes atomically, the site as a
 * whole does not (finish_in_place()).  A failed build never touches the
 * last good site.  A build
 * that is killed cannot clean up after itself: the next build of the same
 * output does (remove_leftovers()), for its own user's folders only.
 *
 * What the build replaces or updates must be a site it wrote: the output
 * holds SITE_MARKER (every build writes it), or is empty, or is a site of
 * a version before the marker (looks_like_site()).  An output that is a
 * symbolic link is refused (output_path()); below the output no link is
 * followed, when writing, moving or removing.
 */
#define _GNU_SOURCE
#include "site/write.h"
#include "render/typeset.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/files.h"
#include "core/pack.h"
#include "core/work.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/* The file that says a folder is a site this tool wrote, and may be
 * replaced by the next build.  Its bytes never change (output is the same
 * from run to run, and from version to version). */
#define SITE_MARKER ".specbook-site"
static const char site_marker_text[] =
	"specbook: this folder is a site that specbook wrote; each build replaces what is in it\n";

/* What the write stage keeps from write_begin() to its end (s->write). */
struct write_state {
	const char *old;             /* mkdtemp()'s template for the old site, set aside */
	unsigned dir_mode;           /* a new folder's mode: 0777 less the umask */
	int out_linked;              /* the output holds a link (write_output_linked()) */
	struct out_dir *out_seen;    /* what write_output_linked() found in the output, when
					it holds no link: what finish_in_place() prunes */
	struct out_scan *out_scan;   /* its walk begun before the build, or NULL */
};

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

/* Returns 1 if path is a regular file (a link to one is not). */
static int is_file(const char *path)
{
	struct stat st;
	return !lstat(path, &st) && S_ISREG(st.st_mode);
}

/*
 * Returns 1 if dir is a directory the build may replace: empty (dot files
 * count), holding SITE_MARKER, or a site of a version before the marker,
 * told by the pages every such site has (index.html, search.html,
 * claims.html and specs/index.html; a web root with an index.html of its
 * own has not all four).  Anything else could be someone's files.
 */
static int looks_like_site(struct arena *a, const char *dir)
{
	/* the marker first: every site a build wrote has it, and listing
	 * the output (a thousand pages, sorted, twice) only to learn whether
	 * it is empty was a tenth of the time a one-chapter rebuild of 1000
	 * chapters spent reading folders */
	if (is_file(arena_printf(a, "%s/%s", dir, SITE_MARKER)))
		return 1;
	size_t n, dots;
	files_list(a, dir, "", &n);
	files_list_prefix(a, dir, ".", &dots);
	if (n + dots == 0)
		return 1;
	static const char *const pages[] = { "index.html", "search.html", "claims.html",
					     "specs/index.html" };
	for (size_t i = 0; i < sizeof pages / sizeof *pages; i++)
		if (!is_file(arena_printf(a, "%s/%s", dir, pages[i])))
			return 0;
	return 1;
}

/* Returns the PID in a leftover's name after its prefix: "PID-XXXXXX"
 * (mkdtemp()'s six characters) or, from versions before it, "PID"; the
 * PID as getpid() is printed (no sign, no leading zero).  0 for any other
 * name. */
static pid_t pid_parse(const char *digits)
{
	if (*digits < '1' || *digits > '9')
		return 0;
	long pid = 0;
	const char *p = digits;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (pid > (INT_MAX - 9) / 10)
			return 0;
		pid = pid * 10 + (*p - '0');
	}
	if (*p == '-' && strlen(p + 1) == 6)
		return (pid_t)pid;
	return *p ? 0 : (pid_t)pid;
}

/* Returns 1 if path is a directory (not a link) of this build's user. */
static int own_dir(const char *path)
{
	struct stat st;
	return !lstat(path, &st) && S_ISDIR(st.st_mode) && st.st_uid == geteuid();
}

/* Removes the entries of dir named prefix and a PID whose process is gone
 * (kill() finds no such process) that are directories of this user: in a
 * shared folder, another user's are not ours to judge, and a link is not
 * a leftover.  A failure is said (without --quiet) and the build goes on:
 * a leftover costs space, not the site. */
static void remove_dead(struct site *s, const char *dir, const char *prefix)
{
	size_t n;
	char **names = files_list_prefix(s->a, dir, prefix, &n);
	for (size_t i = 0; i < n; i++) {
		pid_t pid = pid_parse(names[i] + strlen(prefix));
		if (!pid || kill(pid, 0) == 0 || errno != ESRCH)
			continue;
		const char *path = strcmp(dir, ".") ? arena_printf(s->a, "%s/%s", dir, names[i]) : names[i];
		if (!own_dir(path))
			continue;
		if (files_remove_tree(path) == 0) {
			if (s->verbose)
				fprintf(stderr, "specbook: removed '%s', left by a build that did not finish\n",
					path);
			continue;
		}
		int err = errno;
		if (files_exists(path) && s->verbose)   /* else a build running beside this one removed it */
			fprintf(stderr, "specbook: cannot remove '%s', left by a build that did not "
				"finish: %s\n", path, strerror(err));
	}
}

/*
 * Removes what builds of the same output that were killed or crashed left
 * beside it: ".BASE.tmp-PID-XXXXXX" and ".BASE.old-PID-XXXXXX" whose
 * process is gone.  Anything else is left alone: a live PID may be a build
 * running now (or a PID used again since, which only costs the space), and
 * another name is not ours.  An .old directory is kept while the output is
 * missing: its build was killed between its two renames, and it holds the
 * last site.
 */
static void remove_leftovers(struct site *s, const char *dir, const char *base)
{
	remove_dead(s, dir, arena_printf(s->a, ".%s.tmp-", base));
	if (files_exists(s->out))
		remove_dead(s, dir, arena_printf(s->a, ".%s.old-", base));
}

/*
 * Returns out without trailing slashes, or NULL after reporting that it is
 * a symbolic link.  A linked output is refused, by full and incremental
 * builds alike: the folder it leads to (a web root, say) is not the one
 * the user named, and replacing or pruning it would remove files there
 * that no build wrote; the link itself is not the site's to drop either.
 * Given by its real path, that folder is judged as any other output.
 */
static const char *output_path(struct site *s, const char *out)
{
	size_t olen = strlen(out);
	while (olen > 1 && out[olen - 1] == '/')
		olen--;
	const char *path = arena_strndup(s->a, out, olen);
	struct stat st;
	if (lstat(path, &st) || !S_ISLNK(st.st_mode))
		return path;
	struct srcloc loc = { path, 0, 0 };
	char *real = realpath(path, NULL);
	if (real)
		diag_error(loc, "the output is a symbolic link to '%s', which the build does not "
			   "follow: give that folder itself (-o %s) or remove the link", real, real);
	else
		diag_error(loc, "the output is a symbolic link that leads nowhere, which the build "
			   "does not follow: remove the link or choose another -o");
	free(real);
	return NULL;
}

/* Returns 0 if the output may be written: missing, or a directory that
 * looks_like_site().  Else -1 after reporting. */
static int output_check(struct site *s)
{
	struct srcloc loc = { s->out, 0, 0 };
	if (!files_exists(s->out))
		return 0;
	if (!files_is_real_dir(s->out)) {
		diag_error(loc, "the output '%s' exists and is not a directory", s->out);
		return -1;
	}
	if (!looks_like_site(s->a, s->out)) {
		diag_error(loc, "'%s' is not empty and holds no %s: it does not look like a site this "
			   "tool wrote, so it is not replaced (remove it or choose another -o)",
			   s->out, SITE_MARKER);
		return -1;
	}
	return 0;
}

int write_begin(struct site *s, const char *out, struct out_scan *scan)
{
	const char *dir, *base;
	s->tmp = NULL;
	struct write_state *w = s->write = arena_alloc(s->a, sizeof *w);
	*w = (struct write_state){ .out_scan = scan };
	if (!(s->out = output_path(s, out)) || output_check(s))
		return -1;
	mode_t mask = umask(0);   /* no thread runs yet */
	umask(mask);
	w->dir_mode = 0777u & ~(unsigned)mask;
	split_path(s->a, s->out, &dir, &base);
	remove_leftovers(s, dir, base);
	/* a name no one can have made before: in a shared folder, a directory
	 * or link planted under a name the build would use is never used */
	char *tmp = arena_printf(s->a, "%s/.%s.tmp-%ld-XXXXXX", dir, base, (long)getpid());
	if (!mkdtemp(tmp)) {
		diag_error((struct srcloc){ s->out, 0, 0 },
			   "cannot create a directory beside the output: %s", strerror(errno));
		return -1;
	}
	s->tmp = tmp;
	w->old = arena_printf(s->a, "%s/.%s.old-%ld-XXXXXX", dir, base, (long)getpid());
	return 0;
}

/* Returns 1 if the output already holds these bytes at path (a page an
 * incremental build made again, the same as before). */
static int unchanged(const struct site *s, struct arena *ar, const char *path, const char *html,
		     size_t len)
{
	char *old;
	size_t olen;
	const char *prev = arena_printf(ar, "%s/%s", s->out, path);
	if (!s->in_place || !is_file(prev) || files_read_bytes(prev, &old, &olen))
		return 0;
	int same = olen == len && !memcmp(old, html, len);
	free(old);
	return same;
}

/* files_create() for a file of the temporary directory, whose folder is
 * mostly made already: the file is opened first, and only when its folder
 * is missing does files_create() make the folders.  files_create() makes
 * each folder of the whole path (a mkdir() per level that fails with
 * EEXIST: five system calls a page, four times the opens of a build).
 * Same flags, same result.  Returns 0 or -1 (errno set). */
static int create_file(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0)
		return errno == ENOENT ? files_create(path, data, len) : -1;
	return files_write_fd(fd, data, len);
}

int write_html(const struct site *s, struct arena *ar, const char *path, const char *html,
	       size_t len)
{
	if (unchanged(s, ar, path, html, len))
		return 0;
	if (create_file(arena_printf(ar, "%s/%s", s->tmp, path), html, len)) {
		diag_error((struct srcloc){ s->out, 0, 0 }, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

int write_take_last(struct site *s, const char *path)
{
	if (s->in_place)
		return 0;   /* it stays where it is */
	const char *from = arena_printf(s->a, "%s/%s", s->out, path);
	const char *to = arena_printf(s->a, "%s/%s", s->tmp, path);
	const char *slash = strrchr(to, '/');
	if (files_mkdirs(arena_strndup(s->a, to, (size_t)(slash - to))) || link(from, to))
		return -1;
	return 0;
}

int write_stat_made(struct site *s, const char *path, struct file_stat *st)
{
	return files_stat(arena_printf(s->a, "%s/%s", s->tmp, path), st) == 0 ||
	       (s->in_place && files_stat(arena_printf(s->a, "%s/%s", s->out, path), st) == 0) ? 0 : -1;
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
	if (site_writing(s) && create_file(arena_printf(s->a, "%s/%s", s->tmp, path), data, len))
		diag_error((struct srcloc){ s->out, 0, 0 }, "cannot write '%s': %s", path, strerror(errno));
	free(data);
}

void write_abort(struct site *s)
{
	if (s->tmp)
		files_remove_tree(s->tmp);
	s->tmp = NULL;
}

/* ---- updating a site in place (incremental builds) ---- */

/* A folder of the output as write_output_linked() found it: its entries
 * (dot files left out) and, for each folder among them, what it holds. */
struct out_dir {
	const char **names;
	struct out_dir **subs;       /* NULL for an entry that is not a folder */
	size_t n, cap;
};

/* Returns 1 if the directory open at fd (which it closes) holds a
 * symbolic link at any depth, else 0 with its entries in *seen (from a).
 * d_type spares a stat per file. */
static int linked_at(struct arena *a, int fd, struct out_dir *seen)
{
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return 1;   /* unreadable: not known to be plain */
	}
	int linked = 0;
	struct dirent *e;
	while (!linked && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		unsigned char type = e->d_type;
		struct stat st;
		if (type == DT_UNKNOWN) {
			if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW))
				continue;
			type = S_ISLNK(st.st_mode) ? DT_LNK : S_ISDIR(st.st_mode) ? DT_DIR : DT_REG;
		}
		struct out_dir *sub = NULL;
		if (type == DT_LNK)
			linked = 1;
		else if (type == DT_DIR) {
			int subfd = openat(fd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			sub = arena_alloc(a, sizeof *sub);   /* zeroed: empty */
			linked = subfd < 0 || linked_at(a, subfd, sub);
		}
		if (linked || e->d_name[0] == '.')
			continue;   /* dot files are not pruned */
		if (seen->n == seen->cap) {
			size_t cap = seen->cap ? 2 * seen->cap : 16;
			const char **names = arena_array(a, cap, sizeof *names);
			struct out_dir **subs = arena_array(a, cap, sizeof *subs);
			if (seen->n) {
				memcpy(names, seen->names, seen->n * sizeof *names);
				memcpy(subs, seen->subs, seen->n * sizeof *subs);
			}
			seen->names = names;
			seen->subs = subs;
			seen->cap = cap;
		}
		seen->names[seen->n] = arena_strdup(a, e->d_name);
		seen->subs[seen->n++] = sub;
	}
	closedir(d);
	return linked;
}

/* Walks the output out (never through a link): returns 1 if it holds a
 * link, else 0 with what it holds in *seen (from a; NULL: no output). */
static int output_walk(struct arena *a, const char *out, struct out_dir **seen)
{
	int fd = open(out, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct out_dir *dir = arena_alloc(a, sizeof *dir);   /* zeroed: empty */
	int linked = fd >= 0 && linked_at(a, fd, dir);
	*seen = fd >= 0 && !linked ? dir : NULL;
	return linked;
}

/* The walk begun in the background, by the pool (core/work.h), while the
 * book loads (write_output_scan_start()). */
struct out_scan {
	char *out;
	struct work_task *task;      /* the walk, to be waited for */
	struct arena a;              /* the entries, until a build takes them */
	int linked;
	struct out_dir *seen;
};

static void scan_walk(void *ctx, size_t i, int slot)
{
	(void)i;
	(void)slot;
	struct out_scan *sc = ctx;
	sc->linked = output_walk(&sc->a, sc->out, &sc->seen);
}

struct out_scan *write_output_scan_start(struct work_pool *pool, const char *out)
{
	struct out_scan *sc = xcalloc(1, sizeof *sc);
	sc->out = xstrdup(out);
	sc->task = work_start(pool, 1, scan_walk, sc);
	return sc;
}

/* Waits for the walk; returns 1 if it was made (and what it found is in sc). */
static int scan_join(struct out_scan *sc)
{
	if (sc->task) {
		work_wait(sc->task);
		sc->task = NULL;
		return 1;
	}
	return 0;
}

void write_output_scan_free(struct out_scan *sc)
{
	if (!sc)
		return;
	scan_join(sc);
	arena_free(&sc->a);
	free(sc->out);
	free(sc);
}

int write_output_linked(struct site *s)
{
	struct write_state *w = s->write;
	struct out_scan *sc = w->out_scan;
	w->out_scan = NULL;   /* taken once: a second call walks the output as it is then */
	if (sc && scan_join(sc)) {
		arena_absorb(s->a, &sc->a);
		w->out_linked = sc->linked;
		w->out_seen = sc->seen;
	} else {
		w->out_linked = output_walk(s->a, s->out, &w->out_seen);
	}
	return w->out_linked;
}

/* Makes sure path (in the output) is a directory, not a link to one: a
 * link or file where the site has a folder is removed (not followed) and
 * the folder made.  Returns 0 or -1 (errno set). */
static int real_dir(const struct site *s, const char *path)
{
	if (files_is_real_dir(path))
		return 0;
	if (unlink(path) && errno != ENOENT)
		return -1;
	return mkdir(path, (mode_t)s->write->dir_mode);
}

/* Moves every file under dir (rel below the temporary directory) into the
 * output at the same place, entering no link in the output.  Returns 0 or
 * -1. */
static int move_into(struct site *s, const char *rel)
{
	const char *dir = *rel ? arena_printf(s->a, "%s/%s", s->tmp, rel) : s->tmp;
	size_t n;
	char **names = files_list(s->a, dir, "", &n);
	for (size_t i = 0; i < n; i++) {
		const char *r = *rel ? arena_printf(s->a, "%s/%s", rel, names[i]) : names[i];
		const char *from = arena_printf(s->a, "%s/%s", s->tmp, r);
		const char *to = arena_printf(s->a, "%s/%s", s->out, r);
		if (files_is_real_dir(from)) {
			if (real_dir(s, to) || move_into(s, r))
				return -1;
		} else if (rename(from, to)) {
			return -1;
		}
	}
	return 0;
}

/* The paths of the new site (its pages and files, a file standing for
 * the copied tree under it too), as a set for remove_stale(): open
 * addressing, at most half full.  A sorted array searched once for each
 * file of the output and once for each of its folders, and a path made
 * with printf for each, were a tenth of a one-chapter rebuild of 1000
 * chapters. */
struct path_set {
	const char **slot;
	size_t mask;
};

static uint64_t path_hash(const char *p, size_t len)
{
	return pack_hash(PACK_HASH_INIT, p, len);
}

static void path_set_add(struct path_set *set, const char *path)
{
	size_t i = (size_t)path_hash(path, strlen(path)) & set->mask;
	while (set->slot[i] && strcmp(set->slot[i], path))
		i = (i + 1) & set->mask;
	set->slot[i] = path;
}

static int path_set_has(const struct path_set *set, const char *path, size_t len)
{
	for (size_t i = (size_t)path_hash(path, len) & set->mask; set->slot[i]; i = (i + 1) & set->mask)
		if (!strncmp(set->slot[i], path, len) && !set->slot[i][len])
			return 1;
	return 0;
}

/* Removes what the output's folder open at fd (rel[0..len) below the
 * output, "" or ending in '/'; fd closed here) holds that the new site
 * does not: its files, and its folders once emptied (a folder of files
 * beside the chapters that are gone), or they stay.  Dot files stay (the
 * site's marker).  A link is removed, never followed: what it points to
 * is not the site's; a folder is opened as one, never through a link.
 *
 * The entries are those write_output_linked() found (seen), not read
 * again: walking a site of 1000 chapters twice, its 7000 files, was a
 * sixth of a one-chapter rebuild's time.  What the build moved in since is
 * the new site's; a file someone put there meanwhile stays until the next
 * build, and one that has gone, or is now another kind of entry, is
 * passed over. */
static void remove_stale(const struct path_set *set, int fd, struct buf *rel,
			 const struct out_dir *seen)
{
	size_t len = rel->len;
	for (size_t k = 0; k < seen->n; k++) {
		const char *name = seen->names[k];
		buf_truncate(rel, len);
		buf_adds(rel, name);
		if (path_set_has(set, rel->data, rel->len))
			continue;   /* most are: not even a stat for them */
		if (!seen->subs[k]) {
			unlinkat(fd, name, 0);
			continue;
		}
		int sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0)
			continue;
		buf_addch(rel, '/');
		remove_stale(set, sub, rel, seen->subs[k]);
		unlinkat(fd, name, AT_REMOVEDIR);
	}
	buf_truncate(rel, len);
	close(fd);
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
	size_t n = s->npages + s->nfiles, size = 16;
	while (size < 2 * n)
		size *= 2;
	struct path_set set = { xcalloc(size, sizeof *set.slot), size - 1 };
	for (size_t i = 0; i < s->npages; i++)
		path_set_add(&set, s->pages[i].path);
	for (size_t i = 0; i < s->nfiles; i++)
		path_set_add(&set, s->files[i].path);
	/* an output not read at the start (never so far: the build is then
	 * not in place) is read now; one with a link in it is not pruned */
	if (!s->write->out_seen)
		write_output_linked(s);
	int fd = s->write->out_seen ? open(s->out, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
	if (fd >= 0) {
		struct buf rel = BUF_INIT;
		buf_grow(&rel, 256);
		rel.data[0] = '\0';
		remove_stale(&set, fd, &rel, s->write->out_seen);
		buf_release(&rel);
	}
	free(set.slot);
	files_remove_tree(s->tmp);
	s->tmp = NULL;
	return 0;
}

static int finish(struct site *s)
{
	struct srcloc loc = { s->out, 0, 0 };
	const char *out = s->out, *tmp = s->tmp;
	if (write_html(s, s->a, SITE_MARKER, site_marker_text, sizeof site_marker_text - 1))
		goto fail;
	for (size_t i = 0; i < s->nfiles; i++) {
		const struct site_file *f = &s->files[i];
		if (f->written || site_file_kept(s, f))
			continue;
		if (f->data) {
			if (write_html(s, s->a, f->path, f->data, f->len))
				goto fail;
			continue;
		}
		const char *path = arena_printf(s->a, "%s/%s", tmp, f->path);
		/* an unchanged file is linked from the old site, never through a link in it */
		const char *prev = s->reuse_state && !s->write->out_linked ? arena_printf(s->a, "%s/%s", out, f->path)
							     : NULL;
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
	/* checked again: the output may have changed while the build ran */
	if (output_check(s))
		goto fail;
	if (chmod(tmp, (mode_t)s->write->dir_mode)) {   /* mkdtemp() made it 0700 */
		diag_error(loc, "cannot publish the new site: %s", strerror(errno));
		goto fail;
	}
	const char *old = NULL;
	if (files_exists(out)) {
		if (exchange(tmp, out) == 0) {
			files_remove_tree(tmp);   /* now holds the old site */
			s->tmp = NULL;
			return 0;
		}
		/* the old site goes over an empty directory of ours, made
		 * under a name no one could have planted */
		if (!(old = mkdtemp(arena_strdup(s->a, s->write->old))) || rename(out, old)) {
			diag_error(loc, "cannot move the old site aside: %s", strerror(errno));
			if (old)
				rmdir(old);
			goto fail;
		}
	}
	if (rename(tmp, out)) {
		diag_error(loc, "cannot move the new site into place: %s", strerror(errno));
		if (old)
			rename(old, out);
		goto fail;
	}
	s->tmp = NULL;
	if (old)
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
 * work line has ended by now, and the pool's workers never take these
 * signals (core/work.c), so the main thread's mask is the process's; a
 * signal that came meanwhile ends the build once it is done.
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
