/*
 * common.h — the real book, loaded once, for the fuzz targets that need
 * spec tables (SPECBOOK_ROOT, default ".").
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdlib.h>

#include "book/book.h"
#include "render/dom.h"

static struct arena fuzz_arena;
static struct book *fuzz_book;

static struct book *fuzz_load_book(void)
{
	if (!fuzz_book) {
		const char *root = getenv("SPECBOOK_ROOT");
		dom_init();
		fuzz_book = book_load(&fuzz_arena, root ? root : ".");
		if (!fuzz_book || !fuzz_book->numbers || diag_count(DIAG_ERROR)) {
			diag_flush(stderr);
			abort();   /* the seed book must be good: fix it first */
		}
		diag_reset();
	}
	return fuzz_book;
}

#endif
