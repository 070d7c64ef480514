/*
 * buffer.c — a growable byte string (see buffer.h).
 */
#include "core/buffer.h"
#include "core/alloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char buf_empty[1];

void buf_init(struct buf *b)
{
	b->data = buf_empty;
	b->len = b->cap = 0;
}

void buf_release(struct buf *b)
{
	if (b->cap)
		free(b->data);
	buf_init(b);
}

void buf_reset(struct buf *b)
{
	buf_truncate(b, 0);
}

void buf_truncate(struct buf *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		if (b->cap)
			b->data[len] = '\0';
	}
}

void buf_grow(struct buf *b, size_t extra)
{
	size_t need = size_add(size_add(b->len, extra), 1);
	if (need <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap = size_mul(cap, 2);
	if (b->cap) {
		b->data = xrealloc(b->data, cap);
	} else {
		b->data = xmalloc(cap);
		b->data[0] = '\0';
	}
	b->cap = cap;
}

void buf_add_grow(struct buf *b, const void *data, size_t len)
{
	if (!len)
		return;
	if (len >= b->cap - b->len || b->cap == 0)   /* no room for len bytes and the NUL */
		buf_grow(b, len);
	memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = '\0';
}

void buf_vaddf(struct buf *b, const char *fmt, va_list ap)
{
	/* Format straight into the free space; only when it does not fit, grow
	 * and format again (one vsnprintf instead of two in the common case). */
	buf_grow(b, 64);
	va_list ap2;
	va_copy(ap2, ap);
	size_t room = b->cap - b->len;
	int n = vsnprintf(b->data + b->len, room, fmt, ap2);
	va_end(ap2);
	if (n <= 0) {
		b->data[b->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		buf_grow(b, (size_t)n);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

void buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(b, fmt, ap);
	va_end(ap);
}

char *buf_detach(struct buf *b, size_t *len)
{
	char *p = b->cap ? b->data : xstrdup("");
	if (len)
		*len = b->len;
	buf_init(b);
	return p;
}

int buf_read_file(struct buf *b, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	size_t start = b->len, n;
	char chunk[65536];
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(b, chunk, n);
	int err = ferror(f);
	fclose(f);
	if (err) {
		buf_truncate(b, start);
		errno = EIO;
		return -1;
	}
	return 0;
}
