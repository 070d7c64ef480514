/*
 * quantity.h — numbers with units: an interval, a dimension, a display unit.
 *
 * A quantity keeps its value in base units (byte, FLOP, second, kilogram,
 * kelvin, ampere, metre, one per currency; see specs/units.yaml), so that
 * 1.8 TB/s and 1800 GB/s are the same interval.  Beside the value it keeps
 * the unit it was written in (or converted to with `-> TiB`), only to print
 * it back the way the author thinks of it.
 *
 * Two intervals travel together:
 *   v        what the number may be: the written digits' half-unit included
 *            ("13.5" is [13.45, 13.55]), ranges as written ("150–200" is
 *            [149.5, 200.5]); this is what claims are checked with;
 *   nominal  the number as written, without the digits' uncertainty: a point
 *            for "13.5", [150, 200] for "150–200"; this is what is shown.
 * Arithmetic carries both.  The dimension is a vector of small exponents
 * over the base dimensions declared in units.yaml (at most DIM_MAX).
 *
 * Memory: unit names point into the units table or the arena of the call.
 */
#ifndef SPECBOOK_QUANTITY_H
#define SPECBOOK_QUANTITY_H

#include <stddef.h>

#include "core/arena.h"
#include "numbers/interval.h"

/* Base dimensions units.yaml may declare: information, operations, time,
 * length, mass, temperature, current, and currencies leave room to spare. */
#define DIM_MAX 16

/* Families of kinds units.yaml may declare (sparsity, direction, scope,
 * memory path...): a quantity carries at most one kind of each. */
#define KIND_FAMILIES 8

struct dim {
	signed char e[DIM_MAX];    /* exponent of each base dimension */
};

struct quantity {
	struct interval v;         /* in base units, uncertainty included */
	struct interval nominal;   /* in base units, as written */
	struct dim dim;
	const char *unit;          /* display unit as written ("TB/s"), or NULL: none */
	double scale;              /* base units per display unit (1e12 for TB/s); 1 if none */
	/* Its kind in each family of kinds (units.h "Kinds"): 0 none, else the
	 * kind's number in the units table.  Arithmetic here copies the left
	 * operand's; expr.c combines them with units_kind_combine(). */
	unsigned char kind[KIND_FAMILIES];
	/* The decimals it was written with in its display unit, plus one ("8.00"
	 * TB/s: 3), so that an exact value shows the digits its author wrote;
	 * 0 when computed.  Arithmetic and a change of unit clear it. */
	unsigned char written;
};

struct units;

/* Errors of quantity arithmetic: the interval codes, and these. */
enum {
	QUANTITY_EDIM = 100,     /* dimensions differ (or a power has one) */
	QUANTITY_EPOWER,         /* a unit to a fractional power, sqrt of an odd one */
};

/* Returns 1 if the dimensions are equal. */
int dim_equal(const struct dim *a, const struct dim *b);
/* Returns 1 if every exponent is 0 (a plain number). */
int dim_is_none(const struct dim *a);

/* Returns the exact dimensionless quantity x. */
struct quantity quantity_number(double x);

/*
 * Arithmetic.  Each returns 0 and fills *out, or an error code: QUANTITY_EDIM
 * (dimensions differ for + − min max; exponent with a dimension for ^), or
 * an INTERVAL_E* code.  The display unit of the result follows the operands:
 * a sum keeps the left one's, a product or quotient by a plain number keeps
 * the other's, equal units divide out; otherwise the result has none and
 * format_quantity() chooses one for its dimension.  a may alias out.
 */
int quantity_add(struct quantity a, struct quantity b, struct quantity *out);
int quantity_sub(struct quantity a, struct quantity b, struct quantity *out);
int quantity_mul(struct arena *ar, struct quantity a, struct quantity b, struct quantity *out);
int quantity_div(struct arena *ar, struct quantity a, struct quantity b, struct quantity *out);
int quantity_neg(struct quantity a, struct quantity *out);
/* a ^ e: e must be dimensionless; when a has a dimension, e must be an
 * exact integer (the dimension's exponents are multiplied by it). */
int quantity_pow(struct arena *ar, struct quantity a, struct quantity e, struct quantity *out);
/* sqrt: every exponent of a's dimension must be even. */
int quantity_sqrt(struct arena *ar, struct quantity a, struct quantity *out);
int quantity_abs(struct quantity a, struct quantity *out);
int quantity_min(struct quantity a, struct quantity b, struct quantity *out);
int quantity_max(struct quantity a, struct quantity b, struct quantity *out);

/* Sets the display unit (no dimension check: see units_convert()). */
void quantity_set_unit(struct quantity *q, const char *unit, double scale);

#endif
