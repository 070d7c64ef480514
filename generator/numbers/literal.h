/*
 * literal.h — written numbers, with the interval their digits imply.
 *
 * A literal is what an author types for a number (DESIGN §6 "Quantities"):
 *
 *   13.5   200   13,824   1.2e29   1.2 × 10^29   −3
 *   37B  $6M  100T  1.6 million  6800亿  995.7万元  100万亿
 *   150–200  120 to 132  10~12          (ranges)
 *   83.3%  2.4×  192 GB  2 B  3.35 TB/s  (units: `2 B` is two bytes, `2B` two billion)
 *
 * Read as STATED (the default) a number means every value its digits could
 * have been rounded from: half a unit of the last written digit either way
 * (`13.5` is [13.45, 13.55], `200` is [199.5, 200.5], `13,824` is
 * [13823.5, 13824.5], `37B` is [36.5, 37.5]×10^9).  Read as EXACT, as in a
 * derivation, an integer mantissa is exact (72 GPUs, 8 bits, `6800亿`) while
 * a decimal one keeps its precision (`3.35` is still [3.345, 3.355]).
 * Ranges are the hull of their two ends either way.
 */
#ifndef SPECBOOK_LITERAL_H
#define SPECBOOK_LITERAL_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"
#include "numbers/quantity.h"
#include "numbers/units.h"

/* Flags for literal_parse(). */
enum {
	LITERAL_EXACT = 1,    /* integers are exact (derivations) */
	LITERAL_UNIT = 2,     /* read a unit after the number too (inline grammar, see
				 UNITS_INLINE); without it the literal stops at the number */
	LITERAL_NO_RANGE = 4, /* do not read `–`, `~`, `to` as a range */
	LITERAL_KIND = 8,     /* read a kind word after the number and its unit
				 (`1979 TFLOPS sparse`, `900 GB/s 双向`; units.h "Kinds") */
};

struct literal {
	struct quantity q;    /* value in base units; display unit as written, if any */
	size_t len;           /* bytes of text the literal used */
	int range;            /* written as a range */
	int integer;          /* the mantissa had no decimal point */
	int has_unit;         /* a unit (or %, ×, a currency sign) was read */
};

/*
 * Reads the number at the start of text (len bytes); loc is where text[0]
 * stands.  Returns 1 and fills *out (out->len says how far it read: `13,82`
 * is 13, the comma being no thousands separator); 0 when text does not start
 * with a number (nothing reported); -1 after reporting a range that runs
 * backwards, more than 40 digits, a number too large, or an ambiguous unit
 * spelling ("3 KB").
 */
int literal_parse(const struct units *u, struct arena *a, const char *text, size_t len,
		  struct srcloc loc, unsigned flags, struct literal *out);

/* What a spec table cell holds. */
enum literal_value_kind {
	LITERAL_VALUE,        /* a number (or range), in *q */
	LITERAL_NA,           /* `n/a`: not supported (shown —) */
	LITERAL_UNKNOWN,      /* `unknown` (shown ?) */
	LITERAL_UNPUBLISHED,  /* `unpublished` (shown ✓) */
	LITERAL_TEXT,         /* not a number; only when the column has no unit */
};

/*
 * Reads a spec cell (DESIGN §5): text is the YAML scalar (len bytes), loc
 * its place (the first character of its text: add 1 for a quote).  A plain
 * number is in the column's unit column (NULL: a plain number); a string may
 * carry its own unit ("141 GB", of the column's dimension) or be a range
 * ("120–132 kW") or a marker, and a kind word after the number ("1979
 * sparse").  A value is exact as written (`2` TB is 2 TB, `989.4` is
 * 989.4) unless marked approximate with a leading `~` or `≈` ("~2 TB" is
 * read as STATED: 1.5–2.5 TB); a range is its two ends.  Returns 0 and
 * sets *kind (and *q for LITERAL_VALUE: its display unit is the cell's own,
 * else the column's); -1 after reporting (not a number in a column with a
 * unit, wrong dimension, trailing text, unknown unit).
 */
int literal_parse_value(const struct units *u, struct arena *a, const char *text, size_t len,
			struct srcloc loc, const struct unit *column,
			enum literal_value_kind *kind, struct quantity *q);

#endif
