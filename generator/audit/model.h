/*
 * model.h — the audit's own model of a book: tables as implicit spec
 * tables, figures read from cells and prose, and what the checks share
 * (the slip hints, the places of figures).  Private to generator/audit/.
 */
#ifndef SPECBOOK_AUDIT_MODEL_H
#define SPECBOOK_AUDIT_MODEL_H

#include <stddef.h>

#include "audit/audit.h"
#include "numbers/quantity.h"
#include "numbers/units.h"

/* Columns a table is read with: wider tables keep their first ones (the
 * derived-column search is cubic in them). */
#define AUDIT_MAX_COLUMNS 24
/* Figures read from one cell: a cell with more is prose, not a value. */
#define AUDIT_CELL_FIGURES 4
/* A name longer than this is a sentence, not a part's or a column's name. */
#define AUDIT_NAME_MAX 120

/* A number read from the book: its quantity as STATED (the digits'
 * half-unit in q.v), where it stands and how wide it is. */
struct figure {
	struct quantity q;
	struct srcloc loc;
	int width;              /* code points, for the caret */
	size_t off, len;        /* bytes in the text it was read from */
	int range;              /* written as a range */
	int has_unit;           /* a unit of its own, %, × */
	int approx;             /* written "about" (~, ≈, 约, about, nearly…) */
	int bound;              /* an inequality (over, up to, 超过…): no equality check */
};

struct acell {
	struct audit_text src;
	const char *plain;      /* NUL-terminated copy of the text, for names */
	int nfig;               /* figures read (up to AUDIT_CELL_FIGURES) */
	struct figure fig;      /* the cell's value: its one figure, or the one
				   of its column's kind in a labelled pair */
	int has;                /* fig is set */
	int several;            /* several figures that are no labelled pair */
	struct figure alt;      /* the other of a labelled pair (sparse beside dense) */
	int has_alt;
};

struct acolumn {
	struct audit_text src;
	const char *header;     /* NUL-terminated header as written */
	const char *name;       /* its words without unit and kinds, lower case,
				   one space between ("fp16 tensor"), "" if none */
	struct unit unit;       /* from the header; has_unit */
	int has_unit;
	unsigned char kind[KIND_FAMILIES];   /* from the header's words */
	int numeric;            /* most of its filled cells are figures */
	int figures;            /* cells with a figure */
	int texts;              /* filled cells without one */
	int distinct_texts;     /* of which different ones */
};

struct atable {
	size_t index;
	const char *section;
	struct srcloc loc;      /* its header's first cell */
	struct acolumn *cols;
	size_t ncols;
	struct acell *cells;    /* nrows × ncols */
	size_t nrows;
	long key;               /* the key column, or -1 */
	const char **keys;      /* per row: its key normalised (name_normalise), or NULL */
	long *ref;              /* per row: its reference row, or -1 */
	unsigned char *flagged; /* per cell: reported already (one finding a cell) */
};

static inline struct acell *table_cell(const struct atable *t, size_t row, size_t col)
{
	return &t->cells[row * t->ncols + col];
}

struct named_row;

struct prose {
	struct audit_text src;
	const char *section;
};

struct audit {
	struct arena *a;
	const struct units *u;
	const struct audit_reference *ref;
	double approx;
	struct atable *tables;
	size_t ntables, cap_tables;
	struct prose *prose;
	size_t nprose, cap_prose;
	struct named_row *named;   /* prose.c: the keyed rows, for naming in sentences */
	size_t nnamed;
	int indexed;
	struct audit_summary sum;
	int kind_dense, kind_sparse, kind_perdir, kind_bidir;   /* kind numbers, 0: none */
};

/* ---- figure.c: numbers in text ---- */

/*
 * Reads the figures of text[0..len) (cells and prose: Markdown as written;
 * names like H100, FP16 or HBM3 are not figures, vendor spellings such as
 * teraFLOPS and `2x` are read).  Fills figs[0..max) and returns how many
 * there are (more than max: the count, the first max kept).  loc is the
 * place of text[0]; text may span lines.
 */
size_t figure_scan(const struct audit *au, const char *text, size_t len, struct srcloc loc,
		   struct figure *figs, size_t max);

/* Compares n bytes without ASCII case (0: equal), as strncasecmp() in
 * the C locale, whatever the locale. */
int audit_casecmp(const char *a, const char *b, size_t n);

/* Returns text[0..len) with the vendor spellings rewritten as figures
 * are read (teraFLOPS as TFLOPS, GB/sec as GB/s), in the arena; *out_len
 * gets its length. */
const char *figure_respell(struct arena *a, const char *text, size_t len, size_t *out_len);

/* Returns the place of byte off of text, which starts at loc (lines counted). */
struct srcloc figure_loc(struct srcloc loc, const char *text, size_t off);

/* Reads the kind words of text[0..len) (`dense`, `with sparsity`, `双向`,
 * `per GPU`…) into kind[] (units.h "Kinds"); returns how many were read. */
int figure_kinds(const struct audit *au, const char *text, size_t len,
		 unsigned char kind[KIND_FAMILIES]);

/* Writes a name in the form names are compared in: lower case, letters
 * and digits, one space between words, vendor words and the ® of brands
 * dropped, `SXM5` as `sxm`.  Returns it in the arena ("" for none). */
const char *name_normalise(struct arena *a, const char *text, size_t len);

/* The words of text (lower case, ASCII letters and digits, and each Han
 * character on its own) as one string with a space before and after each:
 * " h100 sxm "; a word is found in it by strstr(" word "). */
const char *name_words(struct arena *a, const char *text, size_t len);

/* ---- the slips (hints.c) ---- */

/*
 * Returns the hint naming the slip that turns expected into stated (both
 * of one dimension) — "a sparse figure read as dense (×2)", "a decimal/
 * binary prefix slip (×1.024)", "bits read as bytes (×8)", "a factor of
 * 1000", "two digits swapped" — or NULL when none explains it.
 * stated_text is the figure as written (for swapped digits), or NULL.
 */
const char *slip_hint(const struct audit *au, const struct quantity *stated,
		      const struct quantity *expected, const char *stated_text);

/* A quantity as text for a message ("989.4 TFLOPS"). */
const char *figure_text(const struct audit *au, const struct quantity *q);

/* ---- table.c ---- */

/* Reads table t's columns, key and cells (after audit_add_table()). */
void table_read(struct audit *au, struct atable *t);

/* Returns 1 when cells a and b (same dimension) agree: their intervals
 * overlap once each is converted by kinds (dense against sparse ×2). */
int figures_agree(const struct audit *au, const struct figure *a, const struct figure *b,
		  double widen);

/* ---- the checks ---- */

void mine_table(struct audit *au, struct atable *t);       /* mine.c */
void cross_tables(struct audit *au);                        /* cross.c */
void prose_check(struct audit *au, struct prose *p);       /* prose.c */
void reference_check(struct audit *au, struct atable *t);  /* reference.c */

#endif
