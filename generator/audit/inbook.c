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
#include "core/builtin.h"
#include "core/files.h"

#include <string.h>

void audit_book_tables(const struct book *b, struct arena *a, struct audit_summary *sum)
{
	if (sum)
		memset(sum, 0, sizeof *sum);
	const struct builtin_file *uf = builtin_find("default/specs/units.yaml");
	const struct units *u = uf ? units_load_text(a, uf->data, uf->len, "(built-in) specs/units.yaml") : NULL;
	if (!u || !b->nchapters)
		return;
	const struct audit_reference *ref = audit_reference_off(a, b->root) ? NULL : audit_reference_builtin(a, u);
	struct audit *au = audit_new(a, u, ref, b->approx > 0 ? b->approx : 0.02);
	int tables = 0;
	for (size_t i = 0; i < b->nchapters; i++) {
		const struct chapter *c = &b->chapters[i];
		char *text;
		size_t len;
		/* unreadable: the book's load said so already */
		diag_mute(1);
		int rc = files_read_text(a, arena_printf(a, "%s/%s", b->root, c->path), c->path, &text, &len);
		diag_mute(-1);
		if (rc == 0 && memchr(text, '|', len)) {
			audit_read_tables(au, a, c->path, text, len);
			tables = 1;
		}
	}
	if (tables)
		audit_run(au, sum);
}
