/*
 * units.h — the unit table: base dimensions, prefixes, units and aliases.
 *
 * Units are data.  specs/units.yaml declares the base dimensions (each with
 * the symbol shown for it), the prefix families (SI k M G T P E, small m µ n
 * p, IEC Ki Mi Gi Ti Pi Ei), the units (each either a base or defined as a
 * quantity of earlier ones: `W: {is: J/s, prefixes: [si]}`), aliases (千瓦,
 * 美元, $), magnitude words and suffixes for literals (million, 亿, 37B) and
 * spellings that are refused because they are ambiguous (KB: 1000 or 1024?),
 * each with the suggestion to print.  Adding a unit needs no C change.
 *
 * A unit expression is atoms joined by `/`, `·`, `×`, `*` or a space, with
 * parentheses and integer powers (`^2`, `²`, `³`): `TB/s`, `kJ/(kg × K)`,
 * `FLOP/B`, `L/min`, `升/分钟`.  An atom is a unit name or alias, optionally
 * after a prefix its unit accepts (`GiB`, `ms`, `TFLOPS`).  `°C` is a
 * temperature difference (same size as K).  Currencies are dimensions of
 * their own and are never converted into each other.
 *
 * The table is read-only once loaded and safe to share between threads.
 */
#ifndef SPECBOOK_UNITS_H
#define SPECBOOK_UNITS_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"
#include "numbers/quantity.h"

/* Nesting of parentheses in one unit expression; no real unit needs 3. */
#define UNITS_MAX_DEPTH 8

struct units;

/* A parsed unit: how many base units one of it is, and its dimension. */
struct unit {
	const char *name;    /* as written, trimmed ("kJ/(kg × K)"), in the arena */
	double scale;        /* base units per unit: 1e12 for TB, 2^40 for TiB */
	struct dim dim;
};

/*
 * Loads the unit table from path (shown in diagnostics as shown).  Returns
 * the table, or NULL after reporting every error at its YAML line:col.
 */
struct units *units_load(struct arena *a, const char *path, const char *shown);
/* The same from text in memory (len bytes, UTF-8 already checked), such as
 * the built-in table (core/builtin.h). */
struct units *units_load_text(struct arena *a, const char *text, size_t len, const char *shown);

/* Flags for units_match(). */
enum {
	/*
	 * The unit follows a number inside an expression.  A space, `×` or `*`
	 * then ends it (`72 × 192 GB`: the 72 has no unit), and so does a `/`
	 * with a space before it (`126 MB / 50 MB`); inside parentheses the full
	 * grammar holds (`4.186 kJ/(kg × K)`).  Without the flag the whole text
	 * is read as a unit expression (a column's `unit:`).
	 */
	UNITS_INLINE = 1,
};

/*
 * Reads the longest unit expression at the start of text (len bytes); loc is
 * the place of text[0] (diagnostics add the offset).  Returns the bytes
 * consumed and fills *out (name in arena a; a may be NULL when the name is
 * not wanted); returns 0 when text does not start with a unit.  Under
 * UNITS_INLINE nothing unknown is reported (`GB/gpus` reads `GB` and leaves
 * `/gpus` to the expression); -1 means a refused spelling ("KB") was
 * reported.  Without the flag, -1 also follows an unknown unit after an
 * operator, a bad power, an unbalanced parenthesis or too deep nesting.
 */
int units_match(const struct units *u, struct arena *a, const char *text, size_t len,
		struct srcloc loc, unsigned flags, struct unit *out);

/*
 * Reads text (len bytes) as one unit expression, all of it.  Returns 0, or -1
 * after reporting at loc plus the offset ("unknown unit 'Gbit/sec'", with a
 * suggestion when one is close).
 */
int units_parse(const struct units *u, struct arena *a, const char *text, size_t len,
		struct srcloc loc, struct unit *out);

/* Returns 1 if the NUL-terminated name is a unit (possibly prefixed), 0 if not. */
int units_is_unit(const struct units *u, const char *name);
/* units_is_unit() that also sets *dim to the unit's dimension: what
 * units_match() finds for one symbol ("B", "s"), without its parser. */
int units_symbol_dim(const struct units *u, const char *name, struct dim *dim);

/* Returns the closest unit spelling to name, prefixed or not (for "did you
 * mean"), in arena a, or NULL when nothing is close. */
const char *units_suggest(const struct units *u, struct arena *a, const char *name);

/* Returns the unit a word after a number is one slip from ("TFOPS":
 * TFLOPS), in arena a, or NULL: a word of at least four letters, two of
 * them capitals (as unit symbols are written; "hrs", "mins" are words),
 * that is no unit and is one letter added, dropped, changed or swapped
 * away from the closest spelling units_suggest() finds, itself of four
 * letters or more ("FMA" is no slip of "MA", "TBs" a plural of TB). */
const char *units_near(const struct units *u, struct arena *a, const char *word);

/* Returns 1 if the unit spelled name is printed without a space (`%`, `×`). */
int units_tight(const struct units *u, const char *name);

/*
 * Converts q to unit un: same dimension required.  Returns 0 and sets the
 * display unit of *q, or QUANTITY_EDIM leaving *q alone.
 */
int units_convert(struct quantity *q, const struct unit *un);

/*
 * Magnitude at text (len bytes): a suffix glued to the digits just before it
 * (glued = 1: `B` in `37B`, `M` in `$6M`, `万亿` in `100万亿`), or a word after
 * a space (glued = 0: `million`).  A glued Latin suffix counts only when no
 * letter or digit follows it (`37B` is 37×10^9, `37GB` is gigabytes).
 * Returns the bytes used (0: none) and stores the factor in *factor.
 */
size_t units_magnitude(const struct units *u, const char *text, size_t len, int glued,
		       double *factor);

/*
 * Unit symbol written before the number at text (`$` in `$6M`): returns its
 * bytes (0: none) and stores the unit's name in *unit.
 */
size_t units_before(const struct units *u, const char *text, size_t len, const char **unit);

/*
 * Picks a unit to show a quantity of dimension d and base-unit size x: a
 * unit units.yaml marks `show: true` for that dimension (W, J, FLOPS), or
 * one composed of the base symbols ("FLOP/B"), with the SI prefix that puts
 * x in [1, 1000) when the first symbol accepts prefixes.  Returns the name
 * (in arena a) and stores the scale; dimensionless: NULL and *scale = 1.
 */
const char *units_display(const struct units *u, struct arena *a, const struct dim *d,
			  double x, double *scale);

/*
 * Returns the name of unit written as name with its first decimal prefix
 * swapped for the binary one (TB → TiB, GB/s → GiB/s) or back (TiB → TB),
 * in arena a, and its scale in *scale; NULL when name has no such prefix.
 */
const char *units_binary_twin(const struct units *u, struct arena *a, const char *name,
			      double *scale);

/* Returns the base dimensions' names, for messages: "information/time". */
const char *units_dim_name(const struct units *u, struct arena *a, const struct dim *d);

/*
 * Kinds.  Quantities of one unit may be of different kinds: dense or sparse
 * FLOPS, a link rate per direction or both directions, a figure per GPU or
 * per rack, the bandwidth of HBM or of a host link.  units.yaml declares them
 * under `kinds:` in families; a quantity has at most one kind per family
 * (struct quantity's kind[], indexed by family, holding the kind's number,
 * 1-based; 0 is none).  A kind may be a fixed multiple of an earlier kind
 * of its family (`sparse: {is: 2 dense}`), and names the slip that confuses
 * the two.
 */

/* Reads a kind word at text (its name or one of its `words`, ending where
 * no letter, digit, '-' or '_' follows).  Returns the bytes used and sets
 * *kind, or 0 when there is none. */
size_t units_kind_match(const struct units *u, const char *text, size_t len, int *kind);

/* Reads what a figure is per after its slash (`GPU` of `80 GB/GPU`: a
 * kind's `per:` word, ending where no letter, digit, '-' or '_' follows).
 * Returns the bytes used and sets *kind, or 0 when there is none. */
size_t units_kind_per_match(const struct units *u, const char *text, size_t len, int *kind);

/* Returns how many kinds the table declares (kind numbers are 1..count). */
int units_kind_count(const struct units *u);

/* The kind's name ("sparse") and family index, for kind numbers from the table. */
const char *units_kind_name(const struct units *u, int kind);
int units_kind_family(const struct units *u, int kind);
/* The name of family number f ("scope"). */
const char *units_kind_family_name(const struct units *u, int family);

/* Sets kind on q (in its family); returns the kind q had there before (0: none). */
int units_kind_set(const struct units *u, struct quantity *q, int kind);

/* Returns f > 0 with a value of kind `to` = f × the same value of kind `from`
 * (2 from dense to sparse, 0.5 back, 1 for a kind to itself), or 0 when no
 * relation of units.yaml links them. */
double units_kind_factor(const struct units *u, int from, int to);

/* A relation whose factor is a row's column (`per-superchip: {is: gpus
 * per-gpu}`: a superchip's figure is its row's gpus × the per-GPU one) has
 * no fixed factor: units_kind_factor() gives 0 for it.  Returns the column
 * when such a relation links from and to directly (*inverse 0: a value of
 * `to` is column × the `from` one; 1: it is the `from` one / column), else
 * NULL. */
const char *units_kind_column(const struct units *u, int from, int to, int *inverse);

/* The column that converts to kind through a row (`as per-superchip of
 * gb200` reads gb200.gpus): kind's own `is:` column, else the one column
 * of the kinds whose `is:` names kind (NULL when none, or several). */
const char *units_kind_row_column(const struct units *u, int kind);

/* The slip named for confusing kinds a and b (either order), or NULL. */
const char *units_kind_slip(const struct units *u, int a, int b);

/* The kinds of q as text for messages ("sparse, per-gpu"), in arena a, or
 * NULL when q has none. */
const char *units_kinds_text(const struct units *u, struct arena *a, const struct quantity *q);

/* Operations for units_kind_combine(). */
enum kind_op { KIND_SUM, KIND_PRODUCT, KIND_QUOTIENT };

/*
 * Sets out's kinds from operands a and b (out may alias neither's kinds
 * being needed afterwards: they are read first).  A sum (+, −, min, max)
 * takes the kind either has, and fails when they have different kinds of one
 * family: returns the family + 1 (0 when it is fine).  A product or quotient
 * keeps a kind only one operand has, or that both share (a quotient of two
 * of one kind is a plain ratio and has none); in a family declared
 * `products: drop` a plain number on the other side drops it.
 */
int units_kind_combine(const struct units *u, enum kind_op op, const struct quantity *a,
		       const struct quantity *b, struct quantity *out);

/* Returns loc moved off bytes into text (counting code points, as columns do).
 * text must not contain a line break before off. */
struct srcloc units_loc_at(struct srcloc loc, const char *text, size_t off);

#endif
