/*
 * fuzz_span.c — libFuzzer target: any bytes between the braces of a span,
 * evaluated against the real book's spec tables (literals, units,
 * expressions, claims).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "book/numbers.h"
#include "core/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct book *b = fuzz_load_book();
	if (memchr(data, 0, size) || memchr(data, '\n', size) ||
	    utf8_validate((const char *)data, size) != size)
		return 0;
	struct arena a = ARENA_INIT;
	struct span sp;
	memset(&sp, 0, sizeof sp);
	char *text = arena_strndup(&a, (const char *)data, size);
	numbers_span(b->numbers, &a, text, size, (struct srcloc){ "fuzz.md", 1, 1 }, &sp);
	arena_free(&a);
	diag_reset();
	return 0;
}
