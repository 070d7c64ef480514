/*
 * input.h — what an audit is handed (pieces of the book with their
 * places) and what it counts, as types: shared by the face (audit.h) and
 * the audit's own files (model.h).
 */
#ifndef SPECBOOK_AUDIT_INPUT_H
#define SPECBOOK_AUDIT_INPUT_H

#include <stddef.h>

#include "core/diag.h"

struct audit;
struct audit_reference;   /* reference.h */

/* A piece of the book as written: len bytes at text, text[0] standing at loc. */
struct audit_text {
	const char *text;
	size_t len;
	struct srcloc loc;
};

/* What audit_run() counted, for the terminal's summary. */
struct audit_summary {
	int tables;              /* pipe tables read */
	int data_tables;         /* of which with a key column and numeric columns */
	int rows;                /* their rows */
	int figures;             /* cells read as quantities */
	int rows_referenced;     /* rows matched to a reference row */
	int cells_referenced;    /* cells held against a reference cell */
	int prose_figures;       /* figures with a unit in prose */
	int prose_tied;          /* of which tied to a table's row and column */
	int comparisons;         /* comparisons in prose judged */
	int relations;           /* ratio clusters and derived columns found in tables */
	int findings_table;      /* table outliers */
	int findings_cross;      /* two tables disagree */
	int findings_prose;      /* prose against a table */
	int findings_comparison; /* comparisons that do not hold */
	int findings_reference;  /* against reference data */
};

#endif
