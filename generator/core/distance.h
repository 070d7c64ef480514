/*
 * distance.h — how far apart two words are, for "did you mean" hints.
 *
 * Units, spec names and the examples' test scope each suggest the nearest
 * known word; they differ only in what counts as close, chosen by flags.
 */
#ifndef SPECBOOK_DISTANCE_H
#define SPECBOOK_DISTANCE_H

#include <stddef.h>

/* The longest word edit_distance() measures, in bytes. */
#define DISTANCE_MAX_LEN 200

enum {
	DISTANCE_FOLD_CASE = 1,      /* ASCII letters differing only in case match */
	DISTANCE_TRANSPOSE = 2,      /* swapping two neighbours costs one (restricted Damerau) */
};

/* Returns the Levenshtein distance between a and b (bytes), with the flags'
 * variations, or (size_t)-1 when either is longer than max_len (at most
 * DISTANCE_MAX_LEN): the callers bound the work they are willing to do. */
size_t edit_distance(const char *a, const char *b, size_t max_len, int flags);

#endif
