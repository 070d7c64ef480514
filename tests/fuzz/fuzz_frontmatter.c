/*
 * fuzz_frontmatter.c — libFuzzer target: any bytes as a chapter file, split
 * into front matter and body.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "book/book.h"
#include "core/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the load stage only ever passes valid UTF-8 without NUL bytes */
	if (memchr(data, 0, size) || utf8_validate((const char *)data, size) != size)
		return 0;
	struct arena a = ARENA_INIT;
	struct chapter c;
	memset(&c, 0, sizeof c);
	char *text = arena_strndup(&a, (const char *)data, size);
	c.path = "content/01-fuzz.md";
	c.text = text;
	c.len = size;
	book_chapter_parse(&a, &c);
	arena_free(&a);
	diag_reset();
	return 0;
}
