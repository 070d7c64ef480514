/*
 * reference.h — the reference data an audit holds known parts against:
 * the guide's spec tables built into the binary (reference.c).
 */
#ifndef SPECBOOK_AUDIT_REFERENCE_H
#define SPECBOOK_AUDIT_REFERENCE_H

#include <stddef.h>

#include "audit/input.h"
#include "core/arena.h"
#include "numbers/units.h"

/* How the built-in reference files are named in findings: "(specbook)/
 * specs/accelerators.yaml:243:3", never a book's own specs/ (a path no
 * book writes: its first segment in parentheses). */
#define AUDIT_REFERENCE_PLACE "(specbook)/"

/*
 * Returns the reference tables built into the binary (the guide's spec
 * tables of accelerators, HBM, interconnects and systems, each row with
 * its sources), read once with units u, or NULL when the binary carries
 * none.  Problems in the built-in data are reported (they are bugs).
 */
const struct audit_reference *audit_reference_builtin(struct arena *a, const struct units *u);

/* The same from YAML texts in memory: tables[0..n) spec tables and one
 * sources table (for tests). */
const struct audit_reference *audit_reference_load(struct arena *a, const struct units *u,
						   const struct audit_text *tables, size_t n,
						   struct audit_text sources);

/* How many parts (rows) and columns with figures the reference has. */
void audit_reference_size(const struct audit_reference *r, size_t *rows, size_t *columns,
			  size_t *sources);

struct atable;
struct figure;

/* The id of the reference column ("mem_bw", "fp32") column c of table t
 * names ("显存带宽", "FP32算力", "FP32 浮点运算能力"), or NULL: what two
 * tables' columns are compared by. */
const char *reference_column_id(const struct audit *au, const struct atable *t, size_t c);

/* Holds the rows of table t that name a reference row against it (audit.c
 * calls it before the other checks, so a cell is reported once). */
void reference_check(struct audit *au, struct atable *t);

/*
 * Holds figure f of a sentence (s[0..len), f at byte at; sw its words as
 * name_words() gives them) against the reference row of the chip the
 * sentence names and the column a word of it names.  Returns 1 when it
 * was compared (and reported if it disagrees), 0 when the sentence names
 * no known chip or column for it.
 */
int reference_prose(struct audit *au, const char *s, size_t len, size_t at, const char *sw,
		    const struct figure *f);

/*
 * The figures of column ("memory", "mem_bw") of every known chip one of
 * whose names is the word word[0..wl) ("a100"), or with exact 0 also
 * starts with it (the A100's SXM and PCIe rows, 80 and 40 GB; "a800" is
 * read as "a100" but for NVLink): up to max into out.  Returns how many
 * (0 with no reference data); *source (may be NULL) gets the first one's
 * source title.
 */
struct quantity;
size_t reference_part_figures(const struct audit_reference *ref, const char *word, size_t wl, const char *column,
			      int exact, struct quantity *out, size_t max, const char **source);

/*
 * The link (the interconnects table: NVLink 4, PCIe 5.0 x16) one of whose
 * names stands in s[0..len), the nearest its end (none when two are as
 * near): its bandwidth for both directions (both) or per direction into
 * *q, its row's name and its source's title.  Returns 1 when found.
 */
int reference_link_figure(struct audit *au, const char *s, size_t len, int both, struct quantity *q,
			  const char **name, const char **source);

#endif
