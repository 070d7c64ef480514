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

/* A kernel placed on a roofline: its name, its spec row's id and its
 * arithmetic intensity (the row's intensity cell in FLOP/B, and as shown). */
struct chart_point {
	const char *name;
	const char *href;        /* its row on its table's page (/specs/kernels.html#gemm_512) */
	double intensity;
	const char *text;
};

/* Appends a log–log roofline chart (attainable TFLOPS against arithmetic
 * intensity in FLOP/B) of rows that have both a peak column in TFLOPS and a
 * bandwidth column in TB/s, and the npoints kernels of points (may be 0),
 * each a numbered vertical mark at its intensity, listed under the chart.
 * Returns 0, or -1 if the table has no such columns (nothing appended). */
int chart_roofline(struct dom_node *parent, struct arena *a, const struct spec_table *t,
		   const char *peak_col, const char *bw_col, const struct chart_point *points,
		   size_t npoints);

#endif
