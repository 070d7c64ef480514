/*
 * files.h — the file system, as the build needs it.
 *
 * Reading reports problems (missing, unreadable, too big, binary, invalid
 * UTF-8) through diag and returns -1.  Directory listings come back sorted
 * by name so that every run visits files in the same order.
 */
#ifndef SPECBOOK_FILES_H
#define SPECBOOK_FILES_H

#include <stddef.h>
#include <stdint.h>

#include "core/arena.h"

/* A chapter or spec file larger than this is refused: notes are kilobytes,
 * and the limit bounds the time and memory one file can take. */
#define FILES_MAX_SIZE (16u * 1024 * 1024)

/*
 * Reads the whole file at path into the arena (NUL-terminated) after
 * checking it is a regular file, not a symbolic link (a book's files stay
 * inside the book), of at most FILES_MAX_SIZE bytes, holds no NUL
 * byte and is valid UTF-8 (a leading BOM is skipped).  shown is the name used
 * in diagnostics.  Returns 0, or -1 after reporting.
 */
int files_read_text(struct arena *a, const char *path, const char *shown,
		    char **text, size_t *len);

/* files_read_text() in its two steps: the file's bytes (a regular file,
 * not a link, within FILES_MAX_SIZE; BOM dropped; NUL-terminated), and
 * the check that they are text (no NUL, valid UTF-8).  Each returns 0 or
 * -1 after reporting. */
int files_read_raw(struct arena *a, const char *path, const char *shown, char **text, size_t *len);
int files_check_text(const char *shown, const char *text, size_t len);

/* Reads a regular file as bytes (malloc'd; caller frees), never through a
 * symbolic link in its place, never a FIFO or device.  Returns 0 or -1
 * (errno set: EINVAL for what is not a regular file). */
int files_read_bytes(const char *path, char **data, size_t *len);

/* Returns the sorted names (in the arena) of entries of dir ending in suffix
 * ("" for all, dot files excluded), or NULL with *n = 0 if dir cannot be read. */
char **files_list(struct arena *a, const char *dir, const char *suffix, size_t *n);
/* The same for the entries whose names start with prefix; dot files are
 * included when prefix starts with a dot (".site.tmp-"). */
char **files_list_prefix(struct arena *a, const char *dir, const char *prefix, size_t *n);

/* files_is_dir() follows a link; files_is_real_dir() does not (a link to a
 * directory is not one). */
int files_is_dir(const char *path);
int files_is_real_dir(const char *path);
int files_exists(const char *path);
/* A folder of the book (content/, specs/, templates/) at path, shown as
 * shown: 1 if it is a directory, 0 if it is missing or something else,
 * -1 after reporting that it is a symbolic link, which is refused as a
 * linked file is (its files would come from outside the book). */
int files_book_dir(const char *path, const char *shown);

/* Writes data[0..len) to the open file fd, again after EINTR and after a
 * short write, and closes fd.  Returns 0, or -1 with errno set (fd closed
 * all the same). */
int files_write_fd(int fd, const void *data, size_t len);

/* mkdir -p.  Returns 0 or -1 (errno set). */
int files_mkdirs(const char *path);
/* Writes data to path, creating parent directories; a link at path is
 * not followed (the write fails).  Returns 0 or -1 (errno set). */
int files_write(const char *path, const void *data, size_t len);
/* The same for a file that must be new (O_EXCL | O_NOFOLLOW), as every
 * file of a site is: a name planted in its place makes this fail, never
 * write elsewhere.  Returns 0 or -1 (errno set). */
int files_create(const char *path, const void *data, size_t len);
/* rm -rf that never follows a link: a link is removed, not what it points
 * to, at the top as below.  Returns 0 or -1 (errno set). */
int files_remove_tree(const char *path);
/* Copies the tree src to dst (regular files and directories only; new
 * files, as files_create()).  prev,
 * when not NULL, is the tree's last copy: a file whose bytes are unchanged
 * there is hard-linked instead of written again.  Returns 0 or -1. */
int files_copy_tree(const char *src, const char *dst, const char *prev);

/* A file's identity: if all four are unchanged, so are its bytes. */
struct file_stat {
	uint64_t size, mtime_ns, ctime_ns, ino;
};

/* Returns 0 and fills *st, or -1 (errno set). */
int files_stat(const char *path, struct file_stat *st);
/* The same for path relative to the directory open as dirfd (AT_FDCWD:
 * the working directory): a rebuild checks ten thousand pages of one
 * directory, and looking its path up again for each was half the cost. */
int files_statat(int dirfd, const char *path, struct file_stat *st);
/* The same from what stat() or fstat() filled. */
struct stat;
void files_stat_of(const struct stat *sb, struct file_stat *st);
/* Returns 1 if a and b are the same identity: size, times and inode. */
int files_stat_same(const struct file_stat *a, const struct file_stat *b);

#endif
