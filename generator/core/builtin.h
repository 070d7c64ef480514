/*
 * builtin.h — files the specbook binary carries: the default units table
 * and templates ("default/specs/units.yaml", "default/templates/page.html",
 * "default/templates/assets/site.css", …) and the starter book that
 * `specbook new` writes ("new/content/book.yaml", …).
 *
 * The table is generated at build time by tools/embed.c from specs/units.yaml,
 * templates/ and tools/new-book/ (Makefile), sorted by path.  Everything
 * is static, read-only data: no one frees it.
 */
#ifndef SPECBOOK_BUILTIN_H
#define SPECBOOK_BUILTIN_H

#include <stddef.h>

struct builtin_file {
	const char *path;   /* "default/templates/page.html" */
	const char *data;   /* len bytes, then a NUL */
	size_t len;
};

/* The generated table (build/gen/builtin_data.c), sorted by path. */
extern const struct builtin_file builtin_files[];
extern const size_t builtin_nfiles;

/* Returns the built-in file at path, or NULL. */
const struct builtin_file *builtin_find(const char *path);

/* Returns the first built-in file whose path starts with prefix and sets *n
 * to how many do (they are adjacent: the table is sorted), or NULL. */
const struct builtin_file *builtin_under(const char *prefix, size_t *n);

#endif
