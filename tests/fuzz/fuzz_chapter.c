/*
 * fuzz_chapter.c — libFuzzer target: any bytes as a chapter body, through
 * span extraction, cmark, pairing, headings, links, compare blocks and
 * spans against the real book.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "render/render.h"
#include "core/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct book *b = fuzz_load_book();
	if (memchr(data, 0, size) || utf8_validate((const char *)data, size) != size)
		return 0;
	struct arena a = ARENA_INIT;
	struct chapter c;
	memset(&c, 0, sizeof c);
	c.path = "content/99-fuzz.md";
	c.source = "99-fuzz.md";
	c.page = "99-fuzz.html";
	c.title.en = "Fuzz";
	c.text = c.body = arena_strndup(&a, (const char *)data, size);
	c.len = c.body_len = size;
	c.body_line = 1;
	struct rendered r;
	render_chapter(b, &c, &a, NULL, &r);
	dom_free(r.content);
	dom_free(r.toc);
	arena_free(&a);
	diag_reset();
	return 0;
}
