/*
 * model.h — the audit's own model of a book: tables as implicit spec
 * tables, figures read from cells and prose, and what the checks share
 * (the slip hints, the places of figures).  Private to generator/audit/.
 */
#ifndef SPECBOOK_AUDIT_MODEL_H
#define SPECBOOK_AUDIT_MODEL_H

#include <stddef.h>

#include "audit/input.h"
#include "core/arena.h"
#include "numbers/quantity.h"
#include "numbers/units.h"

/* Columns a table is read with: wider tables keep their first ones (the
 * derived-column search is cubic in them). */
#define AUDIT_MAX_COLUMNS 64
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
	int integer;            /* written without a decimal point (a count is exact) */
	int has_unit;           /* a unit of its own, %, × */
	int approx;             /* written "about" (~, ≈, 约, about, nearly…) */
	int bound;              /* an inequality (over, up to, 超过…): no equality check */
	int upper;              /* of which an upper one vendors write their figures with
				   ("up to", "at most", 高达, 最多): the figure itself */
};

struct acell {
	struct audit_text src;
	const char *plain;      /* NUL-terminated copy of the text, for names */
	int nfig;               /* figures read (up to AUDIT_CELL_FIGURES) */
	struct figure fig;      /* the cell's value: its one figure, or the one
				   of its column's kind in a labelled pair */
	int has;                /* fig is set */
	int several;            /* several figures that are no labelled pair */
	struct figure *alt;     /* the other of a labelled pair (sparse beside dense),
				   allocated only then: most cells have none */
	int has_alt;
	int starred;            /* its figure has a star after it ("1979 TFLOPS*"): NVIDIA's mark of sparsity */
	int alternatives;       /* another figure of its unit follows after a '/' ("32GB /16GB"): variants */
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
	int mined;              /* numeric, or more figures than texts (a
				   comparison table's column of a part, with a
				   row or two of words): mine.c's relations */
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
	int transposed;         /* written with parts as columns: turned round */
	const char *caption;    /* its caption's number ("1.5.1": "表 1.5.1 …" beside it), or NULL */
	long key;               /* the key column, or -1 */
	const char **keys;      /* per row: its key normalised (name_normalise), or NULL */
	long *ref;              /* per row: its reference row, or -1 */
	unsigned char *flagged; /* per cell: reported already (one finding a cell) */
	unsigned char *vouched; /* per cell: the reference data gives the same figure */
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
	size_t *named_by_model;    /* prose.c: indices of named[] with a model word, sorted by it */
	size_t nby_model;
	struct figure *prose_figs;   /* prose.c's buffer for one block's figures */
	const char *file_name;     /* the file whose rows file_from..file_to are */
	size_t file_from, file_to;
	int indexed;
	/* audit.c: a caption waiting for the table under it */
	const char *caption_next, *caption_file;
	int caption_end;
	struct audit_summary sum;
	int kind_dense, kind_sparse, kind_perdir, kind_bidir;   /* kind numbers, 0: none */
};

#endif
