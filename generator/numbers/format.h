/*
 * format.h — quantities and numbers as text, in the book's style.
 *
 * Above quantity.h (what is printed) and units.h (the unit a quantity
 * without a display unit of its own is shown in).
 */
#ifndef SPECBOOK_FORMAT_H
#define SPECBOOK_FORMAT_H

#include "core/arena.h"
#include "numbers/quantity.h"
#include "numbers/units.h"

/* Flags for format_quantity(). */
enum {
	FORMAT_BARE = 1,       /* the number only, no unit ("3.35") */
	FORMAT_INTERVAL = 2,   /* v as "[13.45, 13.55] TB" (or one number if a point) */
	FORMAT_PRECISE = 4,    /* more digits: at least 4 significant (for hints) */
};

/*
 * Returns the quantity as text, in the arena, in its display unit (or, when
 * it has none, in a unit units_display() picks for its dimension and size):
 *   "13,824 GB"    an exact integer keeps every digit, with thousands separators
 *   "13.8 TB"      other exact values: 3 significant digits, at least 1 decimal
 *   "3.35 TB/s"    a value known to its digits: as many decimals as they carry
 *   "150–200 L/min" a range: its nominal ends
 * Separators are commas from 1,000 up (never in decimals).  A negative number
 * gets U+2212.  units may be NULL when q has a display unit or no dimension.
 */
/* Writes v in decimal to out (room for 21 bytes) with a NUL, as "%lld"
 * does, without printf's cost; returns the length. */
size_t format_integer(char *out, long long v);

char *format_quantity(struct arena *a, const struct units *units, const struct quantity *q,
		      unsigned flags);

/* Formats x and y as format_quantity() does, into *sx and *sy, but with as
 * many more decimals as it takes for two different exact values not to read
 * the same (`1,070.535` against `1,070.530`, not `1,070.5` twice). */
void format_apart(struct arena *a, const struct units *units, const struct quantity *x,
		  const struct quantity *y, unsigned flags, char **sx, char **sy);

/* Returns a number alone in the style above (no unit): x in its own right,
 * with decimals decimals (-1: choose as for an exact value). */
char *format_number(struct arena *a, double x, int decimals);

/* Returns the unit q is shown in as a word for messages: its display unit,
 * a unit named after its dimension ("B/s"), or "a plain number". */
const char *format_unit_name(struct arena *a, const struct units *units,
			       const struct quantity *q);

/*
 * Text for places without markup (the search index, the flashcards): every
 * power written "b^n" after a digit ("1.2 × 10^29", "2^-14") as "b" and n in
 * Unicode superscripts, and "m × 10^n" closed up as "m×10ⁿ" ("1.2×10²⁹").
 * Returns text itself when it has no such power, else a copy in the arena.
 * The checker's own messages keep "10^29", which every terminal shows.
 */
const char *format_superscripts(struct arena *a, const char *text);

/* Longest power format_power_at() reads, in digits: beyond it "^" is not
 * an exponent the book wrote. */
#define FORMAT_POWER_DIGITS 4

/*
 * Reads a power at text[i] == '^' (after a digit): returns the length of
 * "^n" from i (0: none there) and sets *exp_from and *exp_len to its exponent
 * ("-14" as written; a minus may be '-' or U+2212).
 */
size_t format_power_at(const char *text, size_t len, size_t i, size_t *exp_from, size_t *exp_len);

/*
 * A count written in full with separators ("671,000,000,000") in a form a
 * reader takes in: *zh gets "6710 亿", *en "671 billion" (in the arena).
 * Returns the length of the count at text (0 when there is none: fewer than
 * seven digits, more than 18, more than four significant ones, a decimal
 * part, or digits or separators glued on before it), so the compact form is
 * always the exact value.
 */
size_t format_count_compact(struct arena *a, const char *text, size_t len, size_t at,
			    char **zh, char **en);

#endif
