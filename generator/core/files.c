/*
 * files.c — reading, listing and writing files (see files.h).
 */
#include "core/files.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/diag.h"
#include "core/utf8.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Opens path for reading as files_read_bytes() does: the file itself,
 * never what a link in its place points to, and never a FIFO or device to
 * wait on.  Returns the descriptor with its size in *size, or -1 (errno
 * set). */
static int open_plain(const char *path, size_t *size)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	*size = (size_t)st.st_size;
	return fd;
}

/* Reads at most n bytes from fd into p, retrying short reads.  Returns the
 * bytes read (fewer than n at the end of the file), or -1. */
static ssize_t read_full(int fd, char *p, size_t n)
{
	size_t got = 0;
	while (got < n) {
		ssize_t r = read(fd, p + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

int files_read_bytes(const char *path, char **data, size_t *len)
{
	/* what is read here (the cache's records, a site's files) may be a
	 * stranger's: see open_plain() */
	size_t size;
	int fd = open_plain(path, &size);
	if (fd < 0)
		return -1;
	/* room for the size fstat() gave, read in place (read 64 KB at a
	 * time and grown by doubling, the 850 KB of highlight.min.js was
	 * copied three times over); a file that grows meanwhile is read to
	 * its end all the same */
	struct buf b = BUF_INIT;
	buf_grow(&b, size);
	for (;;) {
		if (b.cap - b.len < 2)
			buf_grow(&b, 65536);
		size_t room = b.cap - b.len - 1;
		ssize_t n = read_full(fd, b.data + b.len, room);
		if (n < 0) {
			int err = errno;
			close(fd);
			buf_release(&b);
			errno = err;
			return -1;
		}
		b.len += (size_t)n;
		b.data[b.len] = '\0';
		if ((size_t)n < room)
			break;   /* the end of the file */
	}
	close(fd);
	*data = buf_detach(&b, len);
	return 0;
}

int files_read_raw(struct arena *a, const char *path, const char *shown, char **text, size_t *len)
{
	struct srcloc loc = { shown, 0, 0 };
	struct stat st;
	if (lstat(path, &st)) {
		diag_error(loc, "cannot read: %s", strerror(errno));
		return -1;
	}
	if (S_ISLNK(st.st_mode)) {
		diag_error(loc, "symbolic link: not followed (a book's files must be inside the book)");
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_error(loc, "not a regular file");
		return -1;
	}
	if ((unsigned long long)st.st_size > FILES_MAX_SIZE) {
		diag_error(loc, "file is %lld bytes, more than the %u MiB limit",
			   (long long)st.st_size, FILES_MAX_SIZE >> 20);
		return -1;
	}
	int fd = open(path, O_RDONLY | O_NOFOLLOW);
	if (fd < 0) {
		diag_error(loc, "cannot read: %s", strerror(errno));
		return -1;
	}
	size_t size = (size_t)st.st_size;
	char *p = arena_alloc_uninit(a, size + 1);   /* every byte is read or set */
	size_t got = 0;
	while (got < size) {
		ssize_t r = read(fd, p + got, size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	p[got] = '\0';
	if (got >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3)) {
		p += 3;
		got -= 3;
	}
	*text = p;
	*len = got;
	return 0;
}

int files_check_text(const char *shown, const char *p, size_t len)
{
	struct srcloc loc = { shown, 0, 0 };
	const char *nul = memchr(p, '\0', len);
	if (nul) {
		diag_error(loc, "binary file (NUL byte at offset %zu): not text", (size_t)(nul - p));
		return -1;
	}
	size_t bad = utf8_validate(p, len);
	if (bad < len) {
		int line = 1;
		const char *ls = p;
		for (const char *q = p; q < p + bad; q++)
			if (*q == '\n') {
				line++;
				ls = q + 1;
			}
		loc.line = line;
		loc.col = diag_column(ls, (size_t)(p + bad - ls));
		diag_error(loc, "invalid UTF-8 (byte 0x%02X): save the file as UTF-8",
			   (unsigned char)p[bad]);
		return -1;
	}
	return 0;
}

int files_read_text(struct arena *a, const char *path, const char *shown,
		    char **text, size_t *len)
{
	if (files_read_raw(a, path, shown, text, len) || files_check_text(shown, *text, *len))
		return -1;
	return 0;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Returns the sorted names (in the arena) of dir's entries that start with
 * prefix and end in suffix.  Dot files are left out unless prefix asks for
 * them by starting with a dot; "." and ".." never come back. */
static char **list_matching(struct arena *a, const char *dir, const char *prefix,
			    const char *suffix, size_t *n)
{
	*n = 0;
	DIR *d = opendir(dir);
	if (!d)
		return NULL;
	char **names = NULL;
	size_t cap = 0, count = 0, plen = strlen(prefix), slen = strlen(suffix);
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if ((e->d_name[0] == '.' && prefix[0] != '.') || !strcmp(e->d_name, ".") ||
		    !strcmp(e->d_name, "..") || len < plen + slen || strncmp(e->d_name, prefix, plen) ||
		    strcmp(e->d_name + len - slen, suffix))
			continue;
		*ARRAY_PUSH(names, count, cap) = xstrdup(e->d_name);
	}
	closedir(d);
	if (count > 1)
		qsort(names, count, sizeof *names, name_cmp);
	char **out = arena_array(a, count + 1, sizeof *out);
	for (size_t i = 0; i < count; i++) {
		out[i] = arena_strdup(a, names[i]);
		free(names[i]);
	}
	free(names);
	*n = count;
	return out;
}

char **files_list(struct arena *a, const char *dir, const char *suffix, size_t *n)
{
	return list_matching(a, dir, "", suffix, n);
}

char **files_list_prefix(struct arena *a, const char *dir, const char *prefix, size_t *n)
{
	return list_matching(a, dir, prefix, "", n);
}

int files_is_dir(const char *path)
{
	struct stat st;
	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

int files_is_real_dir(const char *path)
{
	struct stat st;
	return !lstat(path, &st) && S_ISDIR(st.st_mode);
}

int files_book_dir(const char *path, const char *shown)
{
	struct stat st;
	if (lstat(path, &st))
		return 0;
	if (S_ISLNK(st.st_mode)) {
		diag_error((struct srcloc){ shown, 0, 0 },
			   "symbolic link: not followed (a book's files must be inside the book)");
		return -1;
	}
	return S_ISDIR(st.st_mode);
}

int files_exists(const char *path)
{
	struct stat st;
	return !lstat(path, &st);
}

int files_mkdirs(const char *path)
{
	char *p = xstrdup(path);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	int r = mkdir(p, 0777);
	free(p);
	return r && errno != EEXIST ? -1 : 0;
}

/* Makes the directory path is in, if it has one.  Returns 0 or -1. */
static int mkdirs_parent(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return 0;
	char *dir = xstrndup(path, (size_t)(slash - path));
	int r = files_mkdirs(dir);
	free(dir);
	return r;
}

int files_write_fd(int fd, const void *data, size_t len)
{
	const char *p = data;
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(fd, p + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			int err = w < 0 ? errno : EIO;
			close(fd);
			errno = err;
			return -1;
		}
		done += (size_t)w;
	}
	return close(fd);
}

/* Writes data to path, opened with flags (besides O_WRONLY | O_CREAT). */
static int write_with(const char *path, int flags, const void *data, size_t len)
{
	if (mkdirs_parent(path))
		return -1;
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | flags, 0666);
	if (fd < 0)
		return -1;
	return files_write_fd(fd, data, len);
}

int files_write(const char *path, const void *data, size_t len)
{
	return write_with(path, O_TRUNC, data, len);
}

int files_create(const char *path, const void *data, size_t len)
{
	return write_with(path, O_EXCL, data, len);
}

/* Empties the directory open at fd (which it closes) without following a
 * link: each subdirectory is opened with O_NOFOLLOW below its parent's
 * descriptor, so a link put in place of one is removed, never entered.
 * Returns 0 or -1 (errno set; the rest is still removed). */
static int empty_dir(int fd)
{
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -1;
	}
	int r = 0, err = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (unlinkat(fd, e->d_name, 0) == 0)
			continue;
		if (errno == EISDIR || errno == EPERM) {   /* EPERM: what unlink() says of a directory */
			int sub = openat(fd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0 && empty_dir(sub) == 0 && unlinkat(fd, e->d_name, AT_REMOVEDIR) == 0)
				continue;
		}
		if (!r)
			err = errno;
		r = -1;
	}
	closedir(d);
	errno = err;
	return r;
}

int files_remove_tree(const char *path)
{
	struct stat st;
	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);   /* a link goes, not what it points to */
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (empty_dir(fd))
		return -1;
	return rmdir(path);
}

/* Returns 1 if the files open at fa and fb (of the same size by fstat())
 * hold the same bytes: read side by side a block at a time, neither held
 * whole (the assets of every rebuild, 1.5 MB with the vendored libraries,
 * were read into memory grown by doubling, twice, to compare them). */
static int same_bytes(int fa, int fb)
{
	enum { BLOCK = 65536 };
	char *a = xmalloc(2 * (size_t)BLOCK), *b = a + BLOCK;
	int same = 1;
	while (same) {
		ssize_t ra = read_full(fa, a, BLOCK), rb = read_full(fb, b, BLOCK);
		same = ra >= 0 && ra == rb && !memcmp(a, b, (size_t)ra);
		if (ra < BLOCK)
			break;   /* the end of both (or a failure, not the same) */
	}
	free(a);
	return same;
}

/* link(), making dst's directory first. */
static int link_into(const char *src, const char *dst)
{
	return mkdirs_parent(dst) ? -1 : link(src, dst);
}

int files_copy_tree(const char *src, const char *dst, const char *prev)
{
	struct stat st;
	if (lstat(src, &st))
		return -1;
	if (S_ISDIR(st.st_mode)) {
		if (files_mkdirs(dst))
			return -1;
		struct arena a = ARENA_INIT;
		size_t n;
		char **names = files_list(&a, src, "", &n);
		int r = 0;
		for (size_t i = 0; i < n && !r; i++) {
			struct buf s = BUF_INIT, d = BUF_INIT, p = BUF_INIT;
			buf_addf(&s, "%s/%s", src, names[i]);
			buf_addf(&d, "%s/%s", dst, names[i]);
			if (prev)
				buf_addf(&p, "%s/%s", prev, names[i]);
			r = files_copy_tree(s.data, d.data, prev ? p.data : NULL);
			buf_release(&s);
			buf_release(&d);
			buf_release(&p);
		}
		arena_free(&a);
		return r;
	}
	if (!S_ISREG(st.st_mode))
		return 0;   /* links and devices are not part of a site */
	/* the same bytes as last time: the old file is linked, not rewritten */
	if (prev) {
		size_t size, prev_size;
		int fs = open_plain(src, &size);
		int fp = fs < 0 ? -1 : open_plain(prev, &prev_size);
		int same = fp >= 0 && size == prev_size && same_bytes(fs, fp);
		if (fs >= 0)
			close(fs);
		if (fp >= 0)
			close(fp);
		if (same && link_into(prev, dst) == 0)
			return 0;
	}
	char *data;
	size_t len;
	if (files_read_bytes(src, &data, &len))
		return -1;
	int r = files_create(dst, data, len);
	free(data);
	return r;
}

int files_stat(const char *path, struct file_stat *st)
{
	return files_statat(AT_FDCWD, path, st);
}

int files_statat(int dirfd, const char *path, struct file_stat *st)
{
	struct stat sb;
	if (fstatat(dirfd, path, &sb, AT_SYMLINK_NOFOLLOW))
		return -1;
	files_stat_of(&sb, st);
	return 0;
}

int files_stat_same(const struct file_stat *a, const struct file_stat *b)
{
	return a->size == b->size && a->mtime_ns == b->mtime_ns && a->ctime_ns == b->ctime_ns &&
	       a->ino == b->ino;
}

void files_stat_of(const struct stat *sb, struct file_stat *st)
{
	st->size = (uint64_t)sb->st_size;
	st->mtime_ns = (uint64_t)sb->st_mtim.tv_sec * 1000000000u + (uint64_t)sb->st_mtim.tv_nsec;
	st->ctime_ns = (uint64_t)sb->st_ctim.tv_sec * 1000000000u + (uint64_t)sb->st_ctim.tv_nsec;
	st->ino = (uint64_t)sb->st_ino;
}
