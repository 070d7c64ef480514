/*
 * fuzz_yaml.c — libFuzzer target: any bytes as a YAML document.
 * Must report or parse, never crash, leak or hang (aliases, deep nesting).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/yamltree.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a = ARENA_INIT;
	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	ytree_parse(&a, "fuzz.yaml", text, size, 1);
	free(text);
	arena_free(&a);
	diag_reset();
	return 0;
}
