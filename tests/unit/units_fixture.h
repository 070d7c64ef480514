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

#include "core/arena.h"
#include "core/diag.h"
#include "core/files.h"
#include "numbers/units.h"

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

/* ---- the tiny scope shared by test_claim and test_expr ---- */
#ifdef UNITS_FIXTURE_SCOPE
#include "numbers/expr.h"
#include "numbers/literal.h"

struct fake {
	const char *row, *field, *value;
};

static const struct fake fakes[] = {
	{ "h100_sxm", "mem_bw", "3.35 TB/s" },
	{ "h100_sxm", "bf16", "989 TFLOPS" },
	{ "h100_sxm", "fp8", "1979 TFLOPS" },
	{ "nvl72", "gpus", "72" },
	{ "b200", "memory", "192 GB" },
};

FIXTURE_MAYBE_UNUSED static int lookup(void *ctx, const char *name, struct quantity *q, struct expr_ref *ref)
{
	(void)ctx;
	for (size_t i = 0; i < sizeof fakes / sizeof *fakes; i++) {
		char full[128];
		snprintf(full, sizeof full, "%s.%s", fakes[i].row, fakes[i].field);
		int bare = !strcmp(fakes[i].row, "h100_sxm") && !strcmp(name, fakes[i].field);
		if (strcmp(name, full) && !bare)
			continue;
		struct literal l;
		if (literal_parse(units, &arena, fakes[i].value, strlen(fakes[i].value), here,
				  LITERAL_UNIT, &l) != 1)
			return -1;
		*q = l.q;
		ref->table = "t";
		ref->row = fakes[i].row;
		ref->field = fakes[i].field;
		return 0;
	}
	if (!strcmp(name, "broken")) {
		diag_report(DIAG_ERROR, here, 0, NULL, "broken reported itself");
		return -1;
	}
	return 1;
}

FIXTURE_MAYBE_UNUSED static const char *suggest(void *ctx, const char *name)
{
	(void)ctx;
	return !strcmp(name, "h100.mem_bw") ? "h100_sxm.mem_bw" : NULL;
}

FIXTURE_MAYBE_UNUSED static const struct expr_scope scope = { lookup, suggest, NULL };
#endif

#endif
