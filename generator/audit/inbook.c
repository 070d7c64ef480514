/*
 * inbook.c — the audit inside `specbook check` and `build` (inbook.h).
 * The chapters are read again from disk (the build frees each chapter's
 * text once it is rendered), their uncovered pipe tables handed to an
 * audit with the built-in units and reference data, as `specbook audit`
 * does: a book's own units table may lack what the reference data is
 * written in.
 */
#include "audit/inbook.h"
#include "audit/audit.h"
#include "audit/command.h"
#include "audit/read.h"
#include "audit/reference.h"
#include "book/numbers.h"
#include "core/builtin.h"
#include "core/diag.h"
#include "core/files.h"

#include <stdlib.h>
#include <string.h>

/* Does text hold a pipe table's delimiter row (a line of |, :, - and
 * blanks only, with a pipe and a dash)? */
static int has_delimiter_row(const char *text, size_t len)
{
	for (size_t i = 0; i < len;) {
		size_t e = i;
		int pipe = 0, dash = 0, other = 0;
		while (e < len && text[e] != '\n') {
			char ch = text[e++];
			pipe |= ch == '|';
			dash |= ch == '-';
			other |= !(ch == '|' || ch == '-' || ch == ':' || ch == ' ' || ch == '\t' || ch == '\r');
		}
		if (pipe && dash && !other)
			return 1;
		i = e + 1;
	}
	return 0;
}

void audit_book_tables(const struct book *b, struct arena *a, struct audit_summary *sum)
{
	if (sum)
		memset(sum, 0, sizeof *sum);
	struct audit *au = NULL;
	for (size_t i = 0; i < b->nchapters; i++) {
		const struct chapter *c = &b->chapters[i];
		char *data;
		size_t len;
		/* unreadable: the book's load said so already; a chapter with no
		 * table costs a read and nothing kept */
		if (files_read_bytes(arena_printf(a, "%s/%s", b->root, c->path), &data, &len) != 0)
			continue;
		if (has_delimiter_row(data, len)) {
			if (!au) {
				const struct builtin_file *uf = builtin_find("default/specs/units.yaml");
				const struct units *u =
					uf ? units_load_text(a, uf->data, uf->len, "(built-in) specs/units.yaml") : NULL;
				if (!u) {
					free(data);
					return;
				}
				const struct audit_reference *ref =
					audit_reference_off(a, b->root) ? NULL : audit_reference_builtin(a, u);
				au = audit_new(a, u, ref, b->approx > 0 ? b->approx : 0.02);
			}
			audit_read_tables(au, a, c->path, data, len);   /* keeps no pointer into data */
		}
		free(data);
	}
	if (!au)
		return;
	/* a book with no spec tables of its own (a repository as it is) did
	 * not ask for its numbers to fail its build: what the audit calls an
	 * error (two statements of the book that disagree) is a warning
	 * here, as `unchecked:` is off for it; `specbook audit` and --werror
	 * still fail on it */
	size_t ntables = 0;
	if (b->numbers)
		numbers_tables(b->numbers, &ntables);
	unsigned long before = diag_errors_lowered();
	if (!ntables)
		diag_lower_errors(1);
	audit_run(au, sum);
	if (!ntables)
		diag_lower_errors(-1);
	unsigned long lowered = diag_errors_lowered() - before;
	if (lowered)
		diag_report(DIAG_NOTE, (struct srcloc){ "content", 0, 0 }, 0,
			    "hint: run specbook audit for the report (it exits 1 on them), or check --werror in CI",
			    "%lu of the audit's findings are errors in specbook audit (two statements of the book "
			    "that disagree); this book has no spec tables, so here they are warnings",
			    lowered);
}
