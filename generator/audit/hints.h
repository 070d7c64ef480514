/*
 * hints.h — the slips that explain a wrong figure (hints.c).
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_HINTS_H
#define SPECBOOK_AUDIT_HINTS_H

#include "audit/model.h"

/*
 * Returns the hint naming the slip that turns expected into stated (both
 * of one dimension) — "a sparse figure read as dense (×2)", "a decimal/
 * binary prefix slip (×1.024)", "bits read as bytes (×8)", "a factor of
 * 1000", "two digits swapped" — or NULL when none explains it.
 * stated_text is the figure as written (for swapped digits), or NULL.
 */
const char *slip_hint(const struct audit *au, const struct quantity *stated,
		      const struct quantity *expected, const char *stated_text);

/*
 * Returns the hint naming the slip that turns the ratio got (of the two
 * figures compared) into the stated one — ×2 (sparse against dense, both
 * directions against one), ×1.024ⁿ, ×8, ×1000, two digits swapped
 * (stated_text, the comparison as written, or NULL) — within slack, or
 * NULL when none explains it.
 */
const char *ratio_hint(const struct audit *au, double stated, double got, double slack, const char *stated_text);

#endif
