/*
 * fuzz_specs.c — libFuzzer target: any bytes as a spec table file
 * (specs/fuzz.yaml beside the real units), loaded, resolved and checked.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/files.h"
#include "book/numbers.h"

static char dir[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[128];
	if (!dir[0]) {
		const char *root = getenv("SPECBOOK_ROOT");
		char units[512];
		strcpy(dir, "/tmp/specbook-fuzz-XXXXXX");
		if (!mkdtemp(dir))
			abort();
		snprintf(units, sizeof units, "%s/specs/units.yaml", root ? root : ".");
		char *u;
		size_t ulen;
		if (files_read_bytes(units, &u, &ulen))
			abort();
		snprintf(path, sizeof path, "%s/specs/units.yaml", dir);
		files_write(path, u, ulen);
		free(u);
	}
	snprintf(path, sizeof path, "%s/specs/fuzz.yaml", dir);
	files_write(path, data, size);
	struct arena a = ARENA_INIT;
	numbers_load(&a, dir, 0.02);
	arena_free(&a);
	diag_reset();
	return 0;
}
