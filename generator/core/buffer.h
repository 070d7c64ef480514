/*
 * buffer.h — a growable byte string.
 *
 * Invariants (after git's strbuf): data is never NULL and always
 * NUL-terminated at data[len]; a buffer initialised with BUF_INIT holds ""
 * without having allocated.  buf_detach() hands ownership of the bytes to
 * the caller (free() them) and leaves the buffer empty.
 */
#ifndef SPECBOOK_BUFFER_H
#define SPECBOOK_BUFFER_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

struct buf {
	char *data;
	size_t len;
	size_t cap;     /* 0: data points at a shared "" */
};

extern char buf_empty[1];
#define BUF_INIT { buf_empty, 0, 0 }

void buf_init(struct buf *b);
void buf_release(struct buf *b);                 /* frees, back to "" */
void buf_reset(struct buf *b);                   /* len = 0, keeps memory */
void buf_grow(struct buf *b, size_t extra);      /* room for extra more bytes */
void buf_add_grow(struct buf *b, const void *data, size_t len);   /* buf_add()'s slow path */
/* Appends len bytes.  Inline, like buf_addch(): most appends are a few
 * bytes into a buffer with room, where the call cost about as much as the
 * copy.  A buffer still at "" (cap 0) always takes the slow path. */
static inline void buf_add(struct buf *b, const void *data, size_t len)
{
	if (len && len < b->cap - b->len) {   /* room for len bytes and the NUL */
		memcpy(b->data + b->len, data, len);
		b->len += len;
		b->data[b->len] = '\0';
		return;
	}
	buf_add_grow(b, data, len);
}
static inline void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}
/* Appends one byte.  Inline because the serializer, JSON escaping and
 * whitespace collapsing call it per character, where the call cost as much
 * as the append (the function was 2.6% of a 1000-chapter build). */
static inline void buf_addch(struct buf *b, int c)
{
	if (b->len + 2 > b->cap)   /* the common case skips buf_grow's checked arithmetic */
		buf_grow(b, 1);
	b->data[b->len++] = (char)c;
	b->data[b->len] = '\0';
}
void buf_addf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_vaddf(struct buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void buf_truncate(struct buf *b, size_t len);
/* Returns the bytes (malloc'd, NUL-terminated; caller frees); b is reset to "". */
char *buf_detach(struct buf *b, size_t *len);
/* Appends the whole file at path (opened as fopen() does: no check of what
 * it is; files.h reads a book's files with those checks).  Returns 0, or -1
 * with errno set and b as it was. */
int buf_read_file(struct buf *b, const char *path);

#endif
