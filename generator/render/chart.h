/*
 * chart.h — inline SVG charts built as DOM trees.
 *
 * Charts are drawn from spec table cells (their sort_key, the midpoint in
 * the column's unit).  Colours come from CSS custom properties with
 * fallbacks, text uses currentColor, so charts follow dark mode; each chart
 * has a <title> and a <desc> for screen readers.
 */
#ifndef SPECBOOK_CHART_H
#define SPECBOOK_CHART_H

#include "core/arena.h"
#include "render/dom.h"
#include "book/numbers.h"

/* Appends a horizontal bar chart of column col of the given rows. */
void chart_bars(struct dom_node *parent, struct arena *a, const struct spec_table *t,
		const struct spec_row *const *rows, size_t nrows, size_t col);

/* Appends a log–log roofline chart (attainable TFLOPS against arithmetic
 * intensity in FLOP/B) of rows that have both a peak column in TFLOPS and a
 * bandwidth column in TB/s.  Returns 0, or -1 if the table has no such
 * columns (nothing appended). */
int chart_roofline(struct dom_node *parent, struct arena *a, const struct spec_table *t,
		   const char *peak_col, const char *bw_col);

#endif
