/*
 * claim.h — spans and claims: the numbers written in prose and in rules.
 *
 * A span is the text between braces in a chapter (DESIGN §6 "In prose"):
 *
 *   {h100_sxm.mem_bw}                       a value: shows 3.35 TB/s, linked
 *   {nvl72.gpus × b200.memory -> TB}        a value: shows 13.8 TB
 *   {192 GB = 8 × 24 GB}                    a claim: shows itself, checks it
 *   {13.8 TB | ≈ nvl72.gpus × b200.memory}  a claim: shows only 13.8 TB
 *   {!182 TB = 100万亿 × 2 B}                disputed: must NOT hold
 *   {wrong: 24 GB = 24 Gib}                 a counterexample: must NOT hold,
 *                                           shown whole, not on the errata
 *   {88 h ≈ 180,000 h / 2048 ± 5%}          a claim with its own tolerance
 *
 * A claim is: stated relation derivation [± tolerance].  The relations are
 * =, ≈ (or ~=), <, >, ≤ (or <=), ≥ (or >=); `~` alone is a range, `->` a
 * conversion.  When a claim holds is DESIGN §6 "When a claim holds": the
 * stated side is read as STATED (its digits imply an interval), the
 * derivation with exact integers; = needs the intervals to overlap, ≈ first
 * widens the stated one by the tolerance (approx, or the claim's own ±),
 * the inequalities compare the stated value with every computed value.  A
 * claim that fails is reported with both sides and, where a well-known slip
 * explains the gap (decimal/binary prefix, bits/bytes, ×2, 10^3), a hint.
 */
#ifndef SPECBOOK_CLAIM_H
#define SPECBOOK_CLAIM_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"
#include "numbers/expr.h"
#include "numbers/span.h"
#include "numbers/units.h"

/*
 * Evaluates one span: text is what stood between the braces (len bytes),
 * loc the place of the opening brace (so text[0] is at loc.col + 1).  approx
 * is the book's tolerance as a fraction (0.02).  Returns 0 and fills *out
 * (all strings in arena a), or -1 after reporting.
 */
int claim_span(const struct units *u, const struct expr_scope *scope, double approx,
	       struct arena *a, const char *text, size_t len, struct srcloc loc,
	       struct span *out);

/*
 * Checks a claim written without braces (a table's `rules:` or a row's
 * `checks:`, e.g. `fp8 = 2 × bf16`); loc is the place of text[0].  The
 * stated side may be a name or an expression as well as a number.  Returns
 * 0 when it holds (or, written with a leading !, when it does not), or -1
 * after reporting.  Missing values are the scope's business: a lookup that
 * returns 1 is reported as an unknown name.
 */
int claim_check(const struct units *u, const struct expr_scope *scope, double approx,
		struct arena *a, const char *text, size_t len, struct srcloc loc);

/*
 * Fills *out with what grading a typed answer needs when the answer is the
 * value v as written in its unit (a spec field a drill asks for): its
 * interval in v's display unit, no tolerance (an `=` claim), and the slips
 * a wrong answer may show.  Strings and arrays in arena a.
 */
void claim_grade(const struct units *u, struct arena *a, const struct quantity *v,
		 struct span_grade *out);

/* What a claim is checked on: a table's rule on one of its rows. */
struct claim_subject {
	struct srcloc at;          /* the row's id */
	int width;
	const char *message;       /* "row 'mi300x' breaks the rule '…' (line 7)" */
	int quiet;                 /* the row is an exception: report no verdict */
};

/*
 * As claim_check(), but a verdict that fails is reported once, at
 * subject->at with subject->message, the verdict and its working (stated,
 * computed, hints) as the detail.  Errors in the claim's text itself stay
 * at loc.
 */
int claim_check_on(const struct units *u, const struct expr_scope *scope, double approx,
		   struct arena *a, const char *text, size_t len, struct srcloc loc,
		   const struct claim_subject *subject);

#endif
