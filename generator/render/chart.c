/*
 * chart.c — bar and roofline charts as inline SVG (see chart.h).
 *
 * Coordinates are written with one decimal so output is byte-stable;
 * every number drawn is a value the spec table already holds.
 */
#include "render/chart.h"
#include "render/lang.h"
#include "core/buffer.h"
#include "numbers/format.h"

#include <math.h>
#include <string.h>

/* Charts are drawn in a coordinate space about as wide as a phone's text
 * column, with text of CHART_FONT units, and the CSS caps how far they
 * grow: on a 360 px column the text is still 10.8 px (issue 24: 6.3 px
 * before, and 4.8 px on the roofline, whose legend is now HTML beside it). */
#define CHART_WIDTH 400
#define CHART_FONT 12
#define BAR_HEIGHT 14
#define BAR_LABEL 16       /* the row's name, above its bar */
#define BAR_GAP 10
#define VALUE_ROOM 60      /* right of the longest bar, for its value, at least */
/* Width of a character of chart text, in viewBox units, erring wide: a
 * value after its bar must not run past the chart's right edge. */
#define CHAR_WIDE 7.2      /* a Latin letter or digit at CHART_FONT */
#define CHAR_CJK 12.5      /* a Chinese character, an em */

static const char *palette[] = {
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
	"#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
};
#define NPALETTE (sizeof palette / sizeof *palette)

/* Returns the <svg> of a new chart figure in parent (*figure gets the
 * <figure> when figure is not NULL). */
static struct dom_node *svg_open(struct dom_node *parent, struct arena *a, int w, int h,
				 const char *title, const char *desc, struct dom_node **figure)
{
	struct dom_node *fig = dom_elem_class(parent, "figure", "chart-figure");
	if (figure)
		*figure = fig;
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
	dom_attr(t, "font-size", arena_printf(a, "%d", CHART_FONT));
	if (anchor)
		dom_attr(t, "text-anchor", anchor);
	dom_texts(t, text);
	return t;
}

/* Appends a <text> in both languages, marked up as the site's other
 * bilingual text (class "bi", a tspan a language) so that the reading mode
 * shows one or both; one language alone is plain text. */
static struct dom_node *svg_bitext(struct dom_node *svg, struct arena *a, double x, double y,
				   const char *anchor, const char *zh, const char *en)
{
	if (!zh || !en)
		return svg_text(svg, a, x, y, anchor, en ? en : zh);
	struct dom_node *t = svg_text(svg, a, x, y, anchor, "");
	dom_attr(t, "class", "bi");
	struct dom_node *z = dom_elem(t, "tspan");
	dom_attr(z, "lang", "zh-Hans");
	dom_texts(z, zh);
	/* a separator only the "both" mode shows (site.css) */
	dom_texts(dom_elem_class(t, "tspan", "bi-sep"), " \xc2\xb7 ");
	struct dom_node *e = dom_elem(t, "tspan");
	dom_attr(e, "lang", "en");
	dom_texts(e, en);
	return t;
}

/* Returns how wide text is likely drawn at CHART_FONT (see CHAR_WIDE). */
static double text_width(const char *text)
{
	double w = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if (*p < 0x80)
			w += CHAR_WIDE;
		else if (*p >= 0xc0)   /* the lead byte of a multi-byte character */
			w += *p >= 0xe0 ? CHAR_CJK : CHAR_WIDE;
	return w;
}

/* Sets the label of a bar's value: a big count in the form each language
 * takes in ("1.91 亿 USD", "191 million USD"; typeset.c does the same on
 * pages), else the value as written (*zh NULL: one text for both). */
static void value_label(struct arena *a, const struct spec_cell *cell, const char *unit,
			const char **zh, const char **en)
{
	char *z, *e;
	size_t len = strlen(cell->text);
	if (format_count_compact(a, cell->text, len, 0, &z, &e) == len) {
		*zh = arena_printf(a, "%s %s", z, unit);
		*en = arena_printf(a, "%s %s", e, unit);
	} else {
		*zh = NULL;
		*en = arena_printf(a, "%s %s", cell->text, unit);
	}
}

static struct dom_node *svg_line(struct dom_node *svg, struct arena *a, double x1, double y1,
				  double x2, double y2, const char *cls)
{
	struct dom_node *l = dom_elem(svg, "line");
	dom_attr(l, "x1", arena_printf(a, "%.1f", x1));
	dom_attr(l, "y1", arena_printf(a, "%.1f", y1));
	dom_attr(l, "x2", arena_printf(a, "%.1f", x2));
	dom_attr(l, "y2", arena_printf(a, "%.1f", y2));
	dom_attr(l, "stroke", "currentColor");
	dom_attr(l, "stroke-opacity", cls && !strcmp(cls, "grid") ? "0.15" : "0.6");
	dom_attr(l, "class", cls);
	return l;
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
	int h = (int)n * (BAR_LABEL + BAR_HEIGHT + BAR_GAP) + 24;
	const char *unit = c->unit ? c->unit : "";
	const char *title = arena_printf(a, "%s (%s) by model", column_label(c), unit);
	struct buf desc = BUF_INIT;
	buf_addf(&desc, "Bar chart of %s:", column_label(c));
	for (size_t i = 0; i < nrows; i++)
		if (rows[i]->cells[col].kind == CELL_VALUE)
			buf_addf(&desc, " %s %s %s;", rows[i]->name ? rows[i]->name : rows[i]->id,
				 rows[i]->cells[col].text, unit);
	struct dom_node *svg = svg_open(parent, a, CHART_WIDTH, h, title, desc.data, NULL);
	dom_attr(svg, "class", "chart bars");
	buf_release(&desc);
	/* each row: its name on a line, its bar under it, the value after the
	 * bar; the bars leave room for the longest value after them */
	double room = VALUE_ROOM;
	for (size_t i = 0; i < nrows; i++)
		if (rows[i]->cells[col].kind == CELL_VALUE) {
			const char *zh, *en;
			value_label(a, &rows[i]->cells[col], unit, &zh, &en);
			/* as wide as the "both" mode draws it */
			double tw = (zh ? text_width(zh) + text_width(" \xc2\xb7 ") : 0) + text_width(en) + 8;
			if (tw > room)
				room = tw;
		}
	if (room > CHART_WIDTH / 2)
		room = CHART_WIDTH / 2;
	double span = CHART_WIDTH - 2 - room;
	double y = 4;
	size_t k = 0;
	for (size_t i = 0; i < nrows; i++) {
		const struct spec_cell *cell = &rows[i]->cells[col];
		if (cell->kind != CELL_VALUE)
			continue;
		svg_text(svg, a, 2, y + BAR_LABEL - 4, NULL, rows[i]->name ? rows[i]->name : rows[i]->id);
		y += BAR_LABEL;
		double w = span * cell->sort_key / max;
		struct dom_node *r = dom_elem(svg, "rect");
		dom_attr(r, "x", "2");
		dom_attr(r, "y", arena_printf(a, "%.1f", y));
		dom_attr(r, "width", arena_printf(a, "%.1f", w < 1 ? 1 : w));
		dom_attr(r, "height", arena_printf(a, "%d", BAR_HEIGHT));
		dom_attr(r, "fill", palette[k++ % NPALETTE]);
		const char *zh, *en;
		value_label(a, cell, unit, &zh, &en);
		svg_bitext(svg, a, 2 + w + 6, y + BAR_HEIGHT - 2, NULL, zh, en);
		y += BAR_HEIGHT + BAR_GAP;
	}
	svg_line(svg, a, 2, 2, 2, y, "axis");
	svg_bitext(svg, a, 2, y + 14, NULL,
		   c->name.zh ? arena_printf(a, "%s，%s", c->name.zh, unit) : NULL,
		   arena_printf(a, "%s, %s", column_label(c), unit));
}

static int find_column(const struct spec_table *t, const char *id, const char *unit)
{
	for (size_t i = 0; i < t->ncolumns; i++)
		if (!strcmp(t->columns[i].id, id) && t->columns[i].unit &&
		    !strcmp(t->columns[i].unit, unit))
			return (int)i;
	return -1;
}

/* Appends the kernels of a roofline: a dashed vertical line at each one's
 * intensity x(), numbered at its top (numbers staggered on three rows, so
 * that kernels close together stay readable), and a list under the chart
 * saying what each number is. */
static void roofline_points(struct dom_node *svg, struct dom_node *fig, struct arena *a,
			    const struct chart_point *points, size_t npoints, double lx0, double lx1,
			    double left, double width, double top, double height)
{
	if (!npoints)
		return;
	struct dom_node *list = dom_elem_class(fig, "ol", "chart-kernels");
	dom_attr(list, "aria-label", "Kernels marked on the roofline");
	for (size_t i = 0; i < npoints; i++) {
		const struct chart_point *p = &points[i];
		double x = left + width * (log10(p->intensity) - lx0) / (lx1 - lx0);
		struct dom_node *g = dom_elem_class(svg, "g", "kernel");
		dom_texts(dom_elem(g, "title"), arena_printf(a, "%s: %s FLOP/B", p->name, p->text));
		dom_attr(svg_line(g, a, x, top, x, top + height, "kernel"), "stroke-dasharray", "3 3");
		svg_text(g, a, x + 3, top + 11 + 11 * (double)(i % 3), NULL, arena_printf(a, "%zu", i + 1));
		struct dom_node *li = dom_elem(list, "li");
		struct dom_node *link = dom_elem(li, "a");
		dom_attr(link, "href", p->href);
		dom_texts(link, p->name);
		dom_texts(li, arena_printf(a, ": %s FLOP/B", p->text));
	}
}

/* The roofline draws this many accelerators (one of each maker first), each in a
 * colour and a marker of its own; the rest are in the legend, under "more",
 * and drawn when picked there (site.js), and all are in its data table. */
#define ROOF_SHOWN 8

/* Appends marker k (circle, square, triangle, diamond) of colour at x, y
 * to parent. */
static struct dom_node *roof_marker(struct dom_node *parent, struct arena *a, size_t k, double x,
				    double y, const char *colour)
{
	struct dom_node *m;
	switch (k % 4) {
	case 0:
		m = dom_elem(parent, "circle");
		dom_attr(m, "cx", arena_printf(a, "%.1f", x));
		dom_attr(m, "cy", arena_printf(a, "%.1f", y));
		dom_attr(m, "r", "4");
		break;
	case 1:
		m = dom_elem(parent, "rect");
		dom_attr(m, "x", arena_printf(a, "%.1f", x - 3.5));
		dom_attr(m, "y", arena_printf(a, "%.1f", y - 3.5));
		dom_attr(m, "width", "7");
		dom_attr(m, "height", "7");
		break;
	case 2:
		m = dom_elem(parent, "polygon");
		dom_attr(m, "points", arena_printf(a, "%.1f,%.1f %.1f,%.1f %.1f,%.1f", x, y - 5, x + 4.5, y + 3.5,
						   x - 4.5, y + 3.5));
		break;
	default:
		m = dom_elem(parent, "polygon");
		dom_attr(m, "points", arena_printf(a, "%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f", x, y - 5, x + 5, y,
						   x, y + 5, x - 5, y));
	}
	dom_attr(m, "fill", colour);
	return m;
}

/* The roofline's numbers as a table, folded under the chart: each
 * accelerator's peak and bandwidth as the spec table states them
 * (checked), and its ridge point. */
static void roof_table(struct dom_node *fig, struct arena *a, const struct spec_table *t, int pc, int bc,
		       const char *peak_col)
{
	struct dom_node *det = dom_elem_class(fig, "details", "chart-data");
	struct dom_node *sum = dom_elem(det, "summary");
	lang_bitext(sum, (struct bitext){ "数据表", "Data table" });
	struct dom_node *wrap = dom_elem_class(det, "div", "table-wrap");
	struct dom_node *table = dom_elem(wrap, "table");
	struct dom_node *tr = dom_elem(dom_elem(table, "thead"), "tr");
	struct bitext head[4] = {
		{ "加速器", "Accelerator" },
		{ arena_printf(a, "%s 峰值（TFLOPS）", peak_col), arena_printf(a, "Peak %s (TFLOPS)", peak_col) },
		{ "显存带宽（TB/s）", "Memory bandwidth (TB/s)" },
		{ "拐点（FLOP/B）", "Ridge point (FLOP/B)" },
	};
	for (int i = 0; i < 4; i++) {
		struct dom_node *th = dom_elem(tr, "th");
		dom_attr(th, "scope", "col");
		lang_bitext(th, head[i]);
	}
	struct dom_node *body = dom_elem(table, "tbody");
	for (size_t i = 0; i < t->nrows; i++) {
		const struct spec_row *row = &t->rows[i];
		const struct spec_cell *p = &row->cells[pc], *b = &row->cells[bc];
		if (p->kind != CELL_VALUE || b->kind != CELL_VALUE || p->sort_key <= 0 || b->sort_key <= 0)
			continue;
		tr = dom_elem(body, "tr");
		struct dom_node *th = dom_elem(tr, "th");
		dom_attr(th, "scope", "row");
		dom_texts(th, row->name ? row->name : row->id);
		dom_texts(dom_elem_class(tr, "td", "num"), p->text);
		dom_texts(dom_elem_class(tr, "td", "num"), b->text);
		dom_texts(dom_elem_class(tr, "td", "num"), arena_printf(a, "%.0f", p->sort_key / b->sort_key));
	}
}

/* Which rows of t the roofline draws (1 in the array returned): the first
 * of each maker (the name's first word), then the next rows in the
 * table's order, ROOF_SHOWN at most; *ndrawn says how many. */
static char *roof_pick(struct arena *a, const struct spec_table *t, int pc, int bc, size_t *ndrawn_out)
{
	char *drawn = arena_alloc(a, t->nrows + 1);
	memset(drawn, 0, t->nrows + 1);
	size_t ndrawn = 0, picked[ROOF_SHOWN];
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < t->nrows && ndrawn < ROOF_SHOWN; i++) {
			const struct spec_cell *p = &t->rows[i].cells[pc], *b = &t->rows[i].cells[bc];
			if (drawn[i] || p->kind != CELL_VALUE || b->kind != CELL_VALUE || p->sort_key <= 0 ||
			    b->sort_key <= 0)
				continue;
			const char *name = t->rows[i].name ? t->rows[i].name : t->rows[i].id;
			size_t w = strcspn(name, " ");
			int seen = 0;
			for (size_t j = 0; pass == 0 && j < ndrawn && !seen; j++) {
				const struct spec_row *o = &t->rows[picked[j]];
				const char *on = o->name ? o->name : o->id;
				seen = strcspn(on, " ") == w && !strncmp(on, name, w);
			}
			if (!seen) {
				drawn[i] = 1;
				picked[ndrawn++] = i;
			}
		}
	}
	*ndrawn_out = ndrawn;
	return drawn;
}

/* Appends the legend's entry of line k: a button with a swatch of the
 * line and its marker, the name and the ridge point. */
static void roof_legend_item(struct dom_node *list, struct arena *a, size_t k, const char *colour,
			     const char *dash, const char *name, double ridge)
{
	struct dom_node *li = dom_elem(list, "li");
	struct dom_node *btn = dom_elem(li, "button");
	dom_attr(btn, "type", "button");
	dom_attr(btn, "data-series", arena_printf(a, "%zu", k));
	dom_attr(btn, "aria-pressed", "false");
	struct dom_node *sw = dom_elem_class(btn, "svg", "swatch");
	dom_attr(sw, "xmlns", "http://www.w3.org/2000/svg");
	dom_attr(sw, "width", "26");
	dom_attr(sw, "height", "10");
	dom_attr(sw, "aria-hidden", "true");
	struct dom_node *ln = dom_elem(sw, "line");
	dom_attr(ln, "x1", "1");
	dom_attr(ln, "y1", "5");
	dom_attr(ln, "x2", "25");
	dom_attr(ln, "y2", "5");
	dom_attr(ln, "stroke", colour);
	dom_attr(ln, "stroke-width", "3");
	if (dash)
		dom_attr(ln, "stroke-dasharray", dash);
	roof_marker(sw, a, k, 13, 5, colour);
	dom_texts(btn, " ");
	dom_texts(btn, name);
	dom_texts(dom_elem_class(btn, "span", "legend-ridge"), arena_printf(a, " %.0f FLOP/B", ridge));
}

int chart_roofline(struct dom_node *parent, struct arena *a, const struct spec_table *t,
		   const char *peak_col, const char *bw_col, const struct chart_point *points,
		   size_t npoints)
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
	/* whole decades around the ridge points, a decade of room either
	 * side; then wide enough for the kernels (without the room: a decade
	 * more would squeeze the roofs) */
	double lx0 = floor(log10(xmin)) - 1, lx1 = ceil(log10(xmax)) + 1;
	for (size_t i = 0; i < npoints; i++) {
		double d = log10(points[i].intensity);
		if (floor(d) < lx0)
			lx0 = floor(d);
		if (ceil(d) > lx1)
			lx1 = ceil(d);
	}
	double ly1 = ceil(log10(ymax * 1.5)), ly0 = ly1 - 3;
	/* the legend is an HTML list after the chart (names are long, and a
	   list reflows on a phone) */
	/* the y axis is named above the plot, across: a name turned on its
	 * side would not have room for both languages */
	const int W = CHART_WIDTH, H = 300, L = 50, R = 22, T = 28, B = 40;
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
	struct dom_node *fig;
	struct dom_node *svg = svg_open(parent, a, W, H,
					arena_printf(a, "Roofline: %s", t->title.en ? t->title.en : t->id),
					desc.data, &fig);
	dom_attr(svg, "class", "chart roofline");
	buf_release(&desc);
	/* grid and ticks at decades */
	for (double d = lx0; d <= lx1 + 1e-9; d++) {
		double x = L + pw * (d - lx0) / (lx1 - lx0);
		svg_line(svg, a, x, T, x, T + ph, "grid");
		/* the last decade's label ends at its line: centred, a long one
		 * ("100000") would run past the chart's right edge */
		svg_text(svg, a, x, T + ph + 16, d + 0.5 > lx1 ? "end" : "middle", arena_printf(a, "%g", pow(10, d)));
	}
	for (double d = ly0; d <= ly1 + 1e-9; d++) {
		double y = T + ph * (1 - (d - ly0) / (ly1 - ly0));
		svg_line(svg, a, L, y, L + pw, y, "grid");
		svg_text(svg, a, L - 6, y + 4, "end", arena_printf(a, "%g", pow(10, d)));
	}
	svg_line(svg, a, L, T + ph, L + pw, T + ph, "axis");
	svg_line(svg, a, L, T, L, T + ph, "axis");
	svg_bitext(svg, a, L + pw / 2, H - 6, "middle", "算术强度（FLOP/B）", "Arithmetic intensity (FLOP/B)");
	svg_bitext(svg, a, 2, 14, NULL, arena_printf(a, "可达 %s TFLOPS", peak_col),
		   arena_printf(a, "Attainable %s TFLOPS", peak_col));
	roofline_points(svg, fig, a, points, npoints, lx0, lx1, L, pw, T, ph);
	struct dom_node *legend = dom_elem_class(fig, "ul", "chart-legend");
	dom_attr(legend, "aria-label", "Legend: show one accelerator's roof");
	struct dom_node *shown = legend, *more = NULL;

	size_t ndrawn;
	char *drawn = roof_pick(a, t, pc, bc, &ndrawn);
	size_t k = 0;
	for (size_t step = 0; step < 2 * t->nrows; step++) {
		size_t i = step % t->nrows;
		if (drawn[i] != (step < t->nrows))
			continue;   /* the drawn ones first, then the rest */
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
		int extra = !drawn[i];
		k++;
		if (extra && !more) {
			struct dom_node *li = dom_elem_class(legend, "li", "legend-more");
			struct dom_node *det = dom_elem(li, "details");
			struct dom_node *sum = dom_elem(det, "summary");
			size_t rest = n - ndrawn;
			lang_bitext(sum, (struct bitext){ arena_printf(a, "另外 %zu 种（选中才画出）", rest),
							  arena_printf(a, "%zu more (drawn when picked)", rest) });
			more = dom_elem(det, "ul");
		}
		/* one group a line, its name drawn beside the ridge point when
		 * it is picked in the legend (site.js) */
		struct dom_node *g = dom_elem_class(svg, "g", extra ? "series extra" : "series");
		dom_attr(g, "data-series", arena_printf(a, "%zu", k - 1));
		struct dom_node *pl = dom_elem(g, "polyline");
		dom_attr(pl, "points", arena_printf(a, "%.1f,%.1f %.1f,%.1f %.1f,%.1f", X(x0), Y(y0),
						    X(ridge), Y(peak), X(pow(10, lx1)), Y(peak)));
		dom_attr(pl, "fill", "none");
		dom_attr(pl, "stroke", colour);
		dom_attr(pl, "stroke-width", "2");
		if (dash)
			dom_attr(pl, "stroke-dasharray", dash);
		struct dom_node *dot = roof_marker(g, a, k - 1, X(ridge), Y(peak), colour);
		const char *name = row->name ? row->name : row->id;
		const char *what = arena_printf(a, "%s: ridge at %.0f FLOP/B, peak %s TFLOPS", name, ridge, p->text);
		dom_texts(dom_elem(dot, "title"), what);
		int right = X(ridge) > L + pw / 2;
		struct dom_node *label = svg_text(g, a, X(ridge) + (right ? -8 : 8), Y(peak) + (Y(peak) < T + 20 ? 18 : -8),
						  right ? "end" : NULL, name);
		dom_attr(label, "class", "series-label");
		roof_legend_item(extra ? more : shown, a, k - 1, colour, dash, name, ridge);
	}
	#undef X
	#undef Y
	roof_table(fig, a, t, pc, bc, peak_col);
	return 0;
}
