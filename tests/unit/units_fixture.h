/*
 * units_fixture.h — what the numbers tests share: the book's units.yaml,
 * loaded once per group, and the first diagnostic of a call.  Included by
 * one test file each, so its statics are that file's own.
 */
#ifndef UNITS_FIXTURE_H
#define UNITS_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "files.h"
#include "units.h"

#define FIXTURE_MAYBE_UNUSED __attribute__((unused))

static struct arena arena;
static const struct units *units;
FIXTURE_MAYBE_UNUSED static const struct srcloc here = { "t", 1, 1 };

/* The book's units.yaml, found from the repository root or a build dir. */
FIXTURE_MAYBE_UNUSED static int setup(void **state)
{
	(void)state;
	const char *candidates[] = { getenv("SPECBOOK_UNITS"), "specs/units.yaml",
				     "../specs/units.yaml", "../../specs/units.yaml" };
	for (size_t i = 0; i < 4 && !units; i++)
		if (candidates[i] && files_exists(candidates[i]))
			units = units_load(&arena, candidates[i], "specs/units.yaml");
	diag_flush(stderr);
	return units ? 0 : -1;
}

FIXTURE_MAYBE_UNUSED static int teardown(void **state)
{
	(void)state;
	arena_free(&arena);
	return 0;
}

/* Returns the first diagnostic line recorded since the last call, or "". */
FIXTURE_MAYBE_UNUSED static char *first_diag(void)
{
	static char line[512];
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	diag_flush(m);
	fclose(m);
	snprintf(line, sizeof line, "%.*s", (int)strcspn(text, "\n"), text);
	free(text);
	return line;
}

#endif
