/*
 * chart.c — bar and roofline charts as inline SVG (see chart.h).
 *
 * Coordinates are written with one decimal so output is byte-stable;
 * every number drawn is a value the spec table already holds.
 */
#include "site/chart.h"
#include "core/buffer.h"

#include <math.h>
#include <string.h>

#define CHART_WIDTH 680
#define BAR_HEIGHT 22
#define LABEL_WIDTH 200

static const char *palette[] = {
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
	"#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
};
#define NPALETTE (sizeof palette / sizeof *palette)

static struct dom_node *svg_open(struct dom_node *parent, struct arena *a, int w, int h,
				 const char *title, const char *desc)
{
	struct dom_node *fig = dom_elem_class(parent, "figure", "chart-figure");
	struct dom_node *svg = dom_elem_class(fig, "svg", "chart");
	dom_attr(svg, "xmlns", "http://www.w3.org/2000/svg");
	dom_attr(svg, "viewBox", arena_printf(a, "0 0 %d %d", w, h));
	dom_attr(svg, "role", "img");
	dom_attr(svg, "aria-label", title);
	dom_texts(dom_elem(svg, "title"), title);
	dom_texts(dom_elem(svg, "desc"), desc);
	return svg;
}

static struct dom_node *svg_text(struct dom_node *svg, struct arena *a, double x, double y,
				 const char *anchor, const char *text)
{
	struct dom_node *t = dom_elem(svg, "text");
	dom_attr(t, "x", arena_printf(a, "%.1f", x));
	dom_attr(t, "y", arena_printf(a, "%.1f", y));
	dom_attr(t, "fill", "currentColor");
	dom_attr(t, "font-size", "12");
	if (anchor)
		dom_attr(t, "text-anchor", anchor);
	dom_texts(t, text);
	return t;
}

static void svg_line(struct dom_node *svg, struct arena *a, double x1, double y1, double x2,
		     double y2, const char *cls)
{
	struct dom_node *l = dom_elem(svg, "line");
	dom_attr(l, "x1", arena_printf(a, "%.1f", x1));
	dom_attr(l, "y1", arena_printf(a, "%.1f", y1));
	dom_attr(l, "x2", arena_printf(a, "%.1f", x2));
	dom_attr(l, "y2", arena_printf(a, "%.1f", y2));
	dom_attr(l, "stroke", "currentColor");
	dom_attr(l, "stroke-opacity", cls && !strcmp(cls, "grid") ? "0.15" : "0.6");
	dom_attr(l, "class", cls);
}

static const char *column_label(const struct spec_column *c)
{
	return c->name.en ? c->name.en : c->name.zh ? c->name.zh : c->id;
}

void chart_bars(struct dom_node *parent, struct arena *a, const struct spec_table *t,
		const struct spec_row *const *rows, size_t nrows, size_t col)
{
	const struct spec_column *c = &t->columns[col];
	double max = 0;
	size_t n = 0;
	for (size_t i = 0; i < nrows; i++)
		if (rows[i]->cells[col].kind == CELL_VALUE) {
			n++;
			if (rows[i]->cells[col].sort_key > max)
				max = rows[i]->cells[col].sort_key;
		}
	if (n == 0 || max <= 0)
		return;
	int h = (int)n * (BAR_HEIGHT + 6) + 30;
	const char *unit = c->unit ? c->unit : "";
	const char *title = arena_printf(a, "%s (%s) by model", column_label(c), unit);
	struct buf desc = BUF_INIT;
	buf_addf(&desc, "Bar chart of %s:", column_label(c));
	for (size_t i = 0; i < nrows; i++)
		if (rows[i]->cells[col].kind == CELL_VALUE)
			buf_addf(&desc, " %s %s %s;", rows[i]->name ? rows[i]->name : rows[i]->id,
				 rows[i]->cells[col].text, unit);
	struct dom_node *svg = svg_open(parent, a, CHART_WIDTH, h, title, desc.data);
	buf_release(&desc);
	double span = CHART_WIDTH - LABEL_WIDTH - 90;
	double y = 10;
	size_t k = 0;
	for (size_t i = 0; i < nrows; i++) {
		const struct spec_cell *cell = &rows[i]->cells[col];
		if (cell->kind != CELL_VALUE)
			continue;
		svg_text(svg, a, LABEL_WIDTH - 8, y + 15, "end", rows[i]->name ? rows[i]->name : rows[i]->id);
		double w = span * cell->sort_key / max;
		struct dom_node *r = dom_elem(svg, "rect");
		dom_attr(r, "x", arena_printf(a, "%d", LABEL_WIDTH));
		dom_attr(r, "y", arena_printf(a, "%.1f", y));
		dom_attr(r, "width", arena_printf(a, "%.1f", w < 1 ? 1 : w));
		dom_attr(r, "height", arena_printf(a, "%d", BAR_HEIGHT));
		dom_attr(r, "fill", palette[k++ % NPALETTE]);
		svg_text(svg, a, LABEL_WIDTH + w + 6, y + 15, NULL,
			 arena_printf(a, "%s %s", cell->text, unit));
		y += BAR_HEIGHT + 6;
	}
	svg_line(svg, a, LABEL_WIDTH, 4, LABEL_WIDTH, y, "axis");
	svg_text(svg, a, LABEL_WIDTH, y + 16, NULL, arena_printf(a, "%s, %s", column_label(c), unit));
}

static int find_column(const struct spec_table *t, const char *id, const char *unit)
{
	for (size_t i = 0; i < t->ncolumns; i++)
		if (!strcmp(t->columns[i].id, id) && t->columns[i].unit &&
		    !strcmp(t->columns[i].unit, unit))
			return (int)i;
	return -1;
}

int chart_roofline(struct dom_node *parent, struct arena *a, const struct spec_table *t,
		   const char *peak_col, const char *bw_col)
{
	int pc = find_column(t, peak_col, "TFLOPS"), bc = find_column(t, bw_col, "TB/s");
	if (pc < 0 || bc < 0)
		return -1;
	double xmin = 1e9, xmax = 0, ymax = 0;
	size_t n = 0;
	for (size_t i = 0; i < t->nrows; i++) {
		const struct spec_cell *p = &t->rows[i].cells[pc], *b = &t->rows[i].cells[bc];
		if (p->kind != CELL_VALUE || b->kind != CELL_VALUE || p->sort_key <= 0 || b->sort_key <= 0)
			continue;
		double ridge = p->sort_key / b->sort_key;   /* TFLOPS / (TB/s) = FLOP/B */
		if (ridge < xmin)
			xmin = ridge;
		if (ridge > xmax)
			xmax = ridge;
		if (p->sort_key > ymax)
			ymax = p->sort_key;
		n++;
	}
	if (n == 0)
		return -1;
	/* whole decades around the ridge points */
	double lx0 = floor(log10(xmin)) - 1, lx1 = ceil(log10(xmax)) + 1;
	double ly1 = ceil(log10(ymax * 1.5)), ly0 = ly1 - 3;
	/* the legend column is wide: accelerator names are long */
	const int W = 900, H = 420, L = 60, R = 330, T = 16, B = 46;
	double pw = W - L - R, ph = H - T - B;
	#define X(v) (L + pw * (log10(v) - lx0) / (lx1 - lx0))
	#define Y(v) (T + ph * (1 - (log10(v) - ly0) / (ly1 - ly0)))

	struct buf desc = BUF_INIT;
	buf_addf(&desc, "Roofline of %s: attainable %s TFLOPS against arithmetic intensity; ridge points:",
		 t->title.en ? t->title.en : t->id, peak_col);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct spec_cell *p = &t->rows[i].cells[pc], *b = &t->rows[i].cells[bc];
		if (p->kind == CELL_VALUE && b->kind == CELL_VALUE && p->sort_key > 0 && b->sort_key > 0)
			buf_addf(&desc, " %s %.0f FLOP/B;", t->rows[i].name ? t->rows[i].name : t->rows[i].id,
				 p->sort_key / b->sort_key);
	}
	struct dom_node *svg = svg_open(parent, a, W, H,
					arena_printf(a, "Roofline: %s", t->title.en ? t->title.en : t->id),
					desc.data);
	buf_release(&desc);
	/* grid and ticks at decades */
	for (double d = lx0; d <= lx1 + 1e-9; d++) {
		double x = L + pw * (d - lx0) / (lx1 - lx0);
		svg_line(svg, a, x, T, x, T + ph, "grid");
		svg_text(svg, a, x, T + ph + 16, "middle", arena_printf(a, "%g", pow(10, d)));
	}
	for (double d = ly0; d <= ly1 + 1e-9; d++) {
		double y = T + ph * (1 - (d - ly0) / (ly1 - ly0));
		svg_line(svg, a, L, y, L + pw, y, "grid");
		svg_text(svg, a, L - 6, y + 4, "end", arena_printf(a, "%g", pow(10, d)));
	}
	svg_line(svg, a, L, T + ph, L + pw, T + ph, "axis");
	svg_line(svg, a, L, T, L, T + ph, "axis");
	svg_text(svg, a, L + pw / 2, H - 8, "middle", "Arithmetic intensity (FLOP/B), log scale");
	struct dom_node *yl = svg_text(svg, a, 14, T + ph / 2, "middle",
				       arena_printf(a, "Attainable %s TFLOPS, log scale", peak_col));
	dom_attr(yl, "transform", arena_printf(a, "rotate(-90 14 %.1f)", T + ph / 2));

	size_t k = 0;
	double ly = T + 4;
	for (size_t i = 0; i < t->nrows; i++) {
		const struct spec_row *row = &t->rows[i];
		const struct spec_cell *p = &row->cells[pc], *b = &row->cells[bc];
		if (p->kind != CELL_VALUE || b->kind != CELL_VALUE || p->sort_key <= 0 || b->sort_key <= 0)
			continue;
		double peak = p->sort_key, bw = b->sort_key, ridge = peak / bw;
		double x0 = pow(10, lx0), y0 = x0 * bw;
		if (y0 < pow(10, ly0)) {   /* enter the plot at its floor */
			y0 = pow(10, ly0);
			x0 = y0 / bw;
		}
		const char *colour = palette[k % NPALETTE];
		/* past the palette, the same colours come back dashed, then dotted */
		const char *dash = k >= 2 * NPALETTE ? "2 3" : k >= NPALETTE ? "7 4" : NULL;
		k++;
		struct dom_node *pl = dom_elem(svg, "polyline");
		dom_attr(pl, "points", arena_printf(a, "%.1f,%.1f %.1f,%.1f %.1f,%.1f", X(x0), Y(y0),
						    X(ridge), Y(peak), X(pow(10, lx1)), Y(peak)));
		dom_attr(pl, "fill", "none");
		dom_attr(pl, "stroke", colour);
		dom_attr(pl, "stroke-width", "2");
		if (dash)
			dom_attr(pl, "stroke-dasharray", dash);
		struct dom_node *dot = dom_elem(svg, "circle");
		dom_attr(dot, "cx", arena_printf(a, "%.1f", X(ridge)));
		dom_attr(dot, "cy", arena_printf(a, "%.1f", Y(peak)));
		dom_attr(dot, "r", "4");
		dom_attr(dot, "fill", colour);
		dom_texts(dom_elem(dot, "title"), arena_printf(a, "%s: ridge at %.0f FLOP/B, peak %s TFLOPS",
								 row->name ? row->name : row->id, ridge, p->text));
		/* legend */
		struct dom_node *sw = dom_elem(svg, "line");
		dom_attr(sw, "x1", arena_printf(a, "%.1f", L + pw + 10));
		dom_attr(sw, "y1", arena_printf(a, "%.1f", ly + 5));
		dom_attr(sw, "x2", arena_printf(a, "%.1f", L + pw + 32));
		dom_attr(sw, "y2", arena_printf(a, "%.1f", ly + 5));
		dom_attr(sw, "stroke", colour);
		dom_attr(sw, "stroke-width", "3");
		if (dash)
			dom_attr(sw, "stroke-dasharray", dash);
		svg_text(svg, a, L + pw + 38, ly + 9, NULL, row->name ? row->name : row->id);
		ly += 16;
	}
	#undef X
	#undef Y
	return 0;
}
