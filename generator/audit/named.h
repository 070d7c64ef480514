/*
 * named.h — the keyed rows of a book's tables as sentences name them
 * (built by prose.c, read by cells.c).  Private to audit/.
 */
#ifndef SPECBOOK_AUDIT_NAMED_H
#define SPECBOOK_AUDIT_NAMED_H

#include <stddef.h>

struct named_row {
	const char *model;     /* " h100 " (with spaces), or NULL: all words needed */
	const char *words;     /* name_words of the key */
	size_t table, row;
};

#endif
