/*
 * check.h — the claims a spec table makes about itself (DESIGN §5–6).
 *
 * check_tables() runs after resolve_tables() and checks, reporting each
 * failure where it was written:
 *   - a derived field a row also states: the stated value must agree with
 *     the derivation (their intervals overlap, as `=` in a claim);
 *   - a row's `checks:`, with bare names meaning that row's fields;
 *   - a table's `rules:`, once for every row that has all the fields the
 *     rule names (a row without fp8 is not held to `fp8 = 2 × bf16`).
 * A rule that fails says so at the rule, and again at the row that breaks
 * it, so that the row can be found.
 */
#ifndef SPECBOOK_CHECK_H
#define SPECBOOK_CHECK_H

#include "book/resolve.h"

/* Returns 0 when everything holds, or -1 when anything was reported. */
int check_tables(struct resolve *rs);

#endif
