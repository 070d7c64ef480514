/*
 * inbook.h — the audit inside `specbook check` and `build` (inbook.c):
 * a specbook book's pipe tables that no spec table covers, read as data
 * and checked as `specbook audit` checks any book's (row ratios, derived
 * columns, the same cell in two tables, known parts against the reference
 * data), with the same severities.
 */
#ifndef SPECBOOK_AUDIT_INBOOK_H
#define SPECBOOK_AUDIT_INBOOK_H

#include "audit/input.h"
#include "book/book.h"
#include "core/arena.h"

/*
 * Audits the pipe tables of book b's chapters that hold no span (a table
 * with one is a spec table's, which the build checks itself); prose is
 * left to the build's own scan.  book.yaml's `audit: {reference: false}`
 * leaves the reference data out.  Findings go through core/diag.h; *sum
 * (may be NULL) gets what was counted.  Memory in a.
 */
void audit_book_tables(const struct book *b, struct arena *a, struct audit_summary *sum);

#endif
