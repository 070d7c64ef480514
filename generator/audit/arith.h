/*
 * arith.h — arithmetic a sentence writes out, and changes it states
 * (arith.c).  Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_ARITH_H
#define SPECBOOK_AUDIT_ARITH_H

#include "audit/model.h"

/*
 * Judges the sentence text[soff..send) (text starts at loc): each sum it
 * writes out (`18 links at 53.125GBps = 956.25GBps`, `1745/794.5 =
 * 2.20×`, `64*7=448`, a figure and the sum in its parenthesis) must give
 * its result within the result's digits, and each change with its
 * percent (`+19% (117.8 → 140.2TFLOPS)`, `from 600GB/s to 400GB/s, 33%
 * less`) must hold; an error for each that does not.
 */
void arith_check(struct audit *au, const char *text, struct srcloc loc, size_t soff, size_t send);

#endif
