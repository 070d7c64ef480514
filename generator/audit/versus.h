/*
 * versus.h — a comparison whose other side is a part named (versus.c).
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_VERSUS_H
#define SPECBOOK_AUDIT_VERSUS_H

#include "audit/model.h"

/*
 * Judges the comparison at mark, whose clause text[soff + cs .. soff + ce)
 * states one figure f (before it; or the clause before, from ps, when
 * this one opens with 是 or 为) and names a part right after it ("2x
 * that of H200") or right before it ("是 H100 的 2 倍"): f over that part's
 * figure of the column f's unit and the clause's words name must lie in
 * [lo, hi] (what the comparison says f / other is).  The part's figure is
 * the book's tables' (an error when it does not hold) or the reference
 * data's (a warning).  Returns 1 when it was judged.
 */
int versus_part(struct audit *au, const char *text, size_t soff, size_t ps, size_t cs, size_t ce,
		const struct figure *f, const struct figure *mark, double lo, double hi);

/*
 * Judges the comparison at mark of a clause text[soff + cs .. soff + ce)
 * that states no figure and compares two links' bandwidths, or a part's
 * NVLink with a link ("NVLink 4 带宽是 PCIe 5.0 的 7 倍", "H100 的 NVLink
 * 带宽是 PCIe 5.0 的 7 倍"): both from the reference data (a warning naming
 * its source), both directions unless the clause says one.  Returns 1
 * when it was judged.
 */
int versus_links(struct audit *au, const char *text, size_t soff, size_t cs, size_t ce, const struct figure *mark,
		 double lo, double hi);

/*
 * Judges the comparison at mark of a sentence (from soff) that states no
 * figure and opens by drawing a conclusion (也说明, 即, So, This means)
 * from the sentence before, whose last two figures a and b (of one
 * dimension, the only ones of it there) it compares ("…312 TFLOPS，而…
 * FP32 只有 19.5 TFLOPS。也说明 … 要慢 16倍"): an error when big / small is
 * not within [lo, hi].  Returns 1 when it was judged.
 */
int versus_before(struct audit *au, const char *text, size_t soff, const struct figure *a, const struct figure *b,
		  const struct figure *mark, double lo, double hi);

#endif
