/*
 * distance.c — edit distance for suggestions (see distance.h).
 *
 * Three rows of the table: the one being filled and the two above (the
 * second one only for transpositions).
 */
#include "core/distance.h"

#include <string.h>

static int same(char x, char y, int flags)
{
	if (x == y)
		return 1;
	/* the bit that separates ASCII upper and lower case */
	return (flags & DISTANCE_FOLD_CASE) && (x | 0x20) == (y | 0x20);
}

size_t edit_distance(const char *a, const char *b, size_t max_len, int flags)
{
	size_t la = strlen(a), lb = strlen(b);
	if (max_len > DISTANCE_MAX_LEN)
		max_len = DISTANCE_MAX_LEN;
	if (la > max_len || lb > max_len)
		return (size_t)-1;
	size_t rows[3][DISTANCE_MAX_LEN + 1];
	size_t *above2 = rows[0], *above = rows[1], *row = rows[2];
	for (size_t j = 0; j <= lb; j++)
		above[j] = j;
	for (size_t i = 1; i <= la; i++) {
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t best = above[j - 1] + !same(a[i - 1], b[j - 1], flags);
			if (above[j] + 1 < best)
				best = above[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			if ((flags & DISTANCE_TRANSPOSE) && i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && above2[j - 2] + 1 < best)
				best = above2[j - 2] + 1;
			row[j] = best;
		}
		size_t *spare = above2;
		above2 = above;
		above = row;
		row = spare;
	}
	return above[lb];
}
