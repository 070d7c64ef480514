/*
 * table.c — a pipe table read as an implicit spec table (issue 37, part
 * 1): each header's unit (in parentheses, or a unit word: "BF16 TFLOPS",
 * "Memory (GB)", "带宽 (TB/s)") and kinds ("dense", "with sparsity",
 * "双向"), its name without them ("bf16"); each cell's figure in the
 * header's unit unless it writes its own, two figures labelled sparse and
 * dense in one cell told apart; the key column, the first whose values
 * are all there, all different and not numbers.
 */
#include "audit/table.h"
#include "audit/figure.h"
#include "audit/hints.h"
#include "audit/named.h"
#include "core/diag.h"
#include "numbers/literal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_alnum(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Reads s[0..len) as a whole unit (muted); 1 and *out when it is one with
 * a dimension or a percentage. */
static int whole_unit(const struct audit *au, const char *s, size_t len, struct unit *out)
{
	while (len && (s[0] == ' ' || s[0] == '\t')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (!len || len > 40)
		return 0;
	struct srcloc none = { "", 0, 0 };
	diag_mute(1);
	int rc = units_parse(au->u, au->a, s, len, none, out);
	diag_mute(-1);
	return rc == 0 && !dim_is_none(&out->dim);
}

/* Finds the header's unit: the inside of a parenthesis or bracket that is
 * one (or its part before a comma), else the last unit word of two
 * letters or more (or W).  Sets *from, *to to the bytes it took. */
static int header_unit(const struct audit *au, const char *s, size_t len, struct unit *out,
		       size_t *from, size_t *to)
{
	for (size_t i = 0; i < len; i++) {
		size_t open = 0;
		const char *close = NULL;
		if (s[i] == '(' || s[i] == '[') {
			open = 1;
			close = s[i] == '(' ? ")" : "]";
		} else if (len - i >= 3 && !memcmp(s + i, "\xef\xbc\x88", 3)) {   /* （ */
			open = 3;
			close = "\xef\xbc\x89";
		}
		if (!open)
			continue;
		const char *end = strstr(s + i + open, close);
		if (!end || (size_t)(end - s) > len)
			continue;
		size_t inner = (size_t)(end - (s + i + open));
		size_t part = inner;
		for (size_t k = 0; k < inner; k++)
			if (s[i + open + k] == ',' || s[i + open + k] == ';') {
				part = k;
				break;
			}
		if (whole_unit(au, s + i + open, part, out)) {
			*from = i;
			*to = (size_t)(end - s) + strlen(close);
			return 1;
		}
	}
	int found = 0;
	for (size_t i = 0; i < len; i++) {
		if (i > 0 && (is_alnum((unsigned char)s[i - 1]) || s[i - 1] == '-' || s[i - 1] == '_'))
			continue;
		if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || s[i] == '%' ||
		      (unsigned char)s[i] >= 0x80))
			continue;
		struct unit un;
		struct srcloc none = { "", 0, 0 };
		diag_mute(1);
		int n = units_match(au->u, au->a, s + i, len - i, none, UNITS_INLINE, &un);
		diag_mute(-1);
		/* a word joined by '_' is a name ("W_INT8+A_INT8": weights), no unit */
		if (n <= 0 || (i + (size_t)n < len && (is_alnum((unsigned char)s[i + n]) || s[i + n] == '_')))
			continue;
		if ((n < 2 && s[i] != 'W') || dim_is_none(&un.dim))
			continue;
		*out = un;
		*from = i;
		*to = i + (size_t)n;
		found = 1;
		i += (size_t)n - 1;
	}
	return found;
}

/* Words of a header that say a kind or nothing: left out of its name. */
static const char *const header_stop[] = {
	"with", "without", "w", "o", "per", "direction", "directions", "both", "dense", "sparse",
	"sparsity", "bidirectional", "unidirectional", "bi", "uni", "directional", "total", "peak",
	"max", "maximum", "theoretical", "稠密", "稀疏", "双向", "单向", "峰值", NULL,
};

static const char *header_name(struct audit *au, const char *s, size_t len)
{
	const char *n = name_normalise(au->a, s, len);
	size_t nl = strlen(n);
	char *out = arena_alloc(au->a, nl + 1);
	size_t o = 0;
	for (size_t i = 0; i < nl;) {
		size_t w = i;
		while (i < nl && n[i] != ' ')
			i++;
		int stop = 0;
		for (size_t k = 0; header_stop[k]; k++)
			if (strlen(header_stop[k]) == i - w && !memcmp(n + w, header_stop[k], i - w))
				stop = 1;
		if (!stop) {
			if (o)
				out[o++] = ' ';
			memcpy(out + o, n + w, i - w);
			o += i - w;
		}
		while (i < nl && n[i] == ' ')
			i++;
	}
	out[o] = '\0';
	return out;
}

static void read_column(struct audit *au, struct acolumn *col)
{
	const char *s = col->src.text;
	size_t len = col->src.len;
	col->header = arena_strndup(au->a, s, len);
	size_t rl;
	const char *r = figure_respell(au->a, s, len, &rl);
	size_t from = 0, to = 0;
	col->has_unit = header_unit(au, r, rl, &col->unit, &from, &to);
	figure_kinds(au, r, rl, col->kind);
	/* the name: the header without its unit */
	char *rest = arena_alloc(au->a, rl + 2);
	memcpy(rest, r, from);
	rest[from] = ' ';
	memcpy(rest + from + 1, r + to, rl - to);
	rest[from + 1 + rl - to] = '\0';
	col->name = header_name(au, rest, strlen(rest));
}

/* Is a column's name one of those that hold no figure of the row
 * (footnote numbers, references, years)? */
static int not_data(const char *name)
{
	static const char *const names[] = {
		"notes", "note", "ref", "refs", "reference", "references", "footnote", "footnotes",
		"source", "sources", "year", "date", "release", "released", "launch", "#", "no", "id",
		"index", "rank", "step", "steps", "version", "序号", "年份", "备注", "参考", "来源", "出处",
		"链接", "日期", "编号", "发布时间", "发布日期", "发布年份", "上市时间", "release year", NULL,
	};
	for (size_t k = 0; names[k]; k++)
		if (!strcmp(name, names[k]))
			return 1;
	/* a version written as a number: CUDA's compute capability (8.9) */
	return strstr(name, "capability") || strstr(name, "版本") || !strcmp(name, "cc") ||
	       !strcmp(name, "sm version");
}

/* Cells that stand for no value: empty, a dash, n/a, TBD. */
static int is_blank(const char *s)
{
	static const char *const blanks[] = { "", "-", "--", "—", "–", "n/a", "N/A", "NA", "?", "TBD",
					      "tbd", "x", "✗", "✘", "/", "无", "不支持", NULL };
	while (*s == ' ')
		s++;
	for (size_t k = 0; blanks[k]; k++)
		if (!strcmp(s, blanks[k]))
			return 1;
	return 0;
}

/* Gives figure f the column's unit when it has none of its own, and the
 * column's kinds where it has none. */
static void fit_to_column(const struct audit *au, const struct acolumn *col, struct figure *f)
{
	(void)au;
	if (col->has_unit && !f->has_unit && dim_is_none(&f->q.dim)) {
		struct interval v, nom;
		interval_scale(f->q.v, col->unit.scale, &v);
		interval_scale(f->q.nominal, col->unit.scale, &nom);
		f->q.v = v;
		f->q.nominal = nom;
		f->q.dim = col->unit.dim;
		f->q.unit = col->unit.name;
		f->q.scale = col->unit.scale;
	}
	for (int fam = 0; fam < KIND_FAMILIES; fam++)
		if (col->kind[fam] && !f->q.kind[fam])
			f->q.kind[fam] = col->kind[fam];
}

/* Does a cell say its figure is without sparsity ("不开启稀疏计算",
 * "w/o sparsity")?  Its sparsity word is then no sparse kind. */
static int says_not_sparse(const char *s)
{
	static const char *const words[] = { "不开启稀疏", "不使用稀疏", "未开启稀疏", "关闭稀疏", "非稀疏", "无稀疏",
					     "不含稀疏", "without sparsity", "w/o sparsity", "no sparsity",
					     "non-sparse", "Without Sparsity", "Without sparsity", NULL };
	for (size_t k = 0; words[k]; k++)
		if (strstr(s, words[k]))
			return 1;
	return 0;
}

/* Is figure f of text written with a star after it ("756 teraFLOPS*"),
 * NVIDIA's mark of a figure with sparsity? */
static int starred_figure(const char *text, size_t len, const struct figure *f)
{
	size_t i = f->off + f->len;
	if (i > f->off && i <= len && text[i - 1] == '*')   /* the scan took the star in */
		return i < 2 || text[i - 2] != '*';
	while (i < len && text[i] == ' ')
		i++;
	/* the unit, when the scan left it out of the figure */
	while (i < len && text[i] != '*' && text[i] != ' ' && text[i] != '|' && (unsigned char)text[i] < 0x80 &&
	       !(text[i] >= '0' && text[i] <= '9'))
		i++;
	return i < len && text[i] == '*' && (i + 1 == len || text[i + 1] != '*');
}

/* Drops from figs[0..n) the numbers of labels: footnote references in
 * brackets ("INT8 [2]", "[5,6]") and a list number that begins a cell
 * ("5. 深度分析", "3、部署"); returns how many are left. */
static size_t drop_labels(const char *text, size_t len, struct figure *figs, size_t n)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		const struct figure *f = &figs[i];
		size_t b = f->off, e = f->off + f->len;
		while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == ',' || (text[b - 1] >= '0' && text[b - 1] <= '9')))
			b--;
		while (e < len && (text[e] == ' ' || text[e] == ',' || text[e] == '-' || (text[e] >= '0' && text[e] <= '9')))
			e++;
		int reference = b > 0 && text[b - 1] == '[' && e < len && text[e] == ']' && !f->has_unit;
		size_t a = f->off + f->len;
		int listed = b == 0 && !f->has_unit && a + 1 < len &&
			     ((text[a] == '.' && text[a + 1] == ' ') || (text[a] == ')' && text[a + 1] == ' ') ||
			      !strncmp(text + a, "\xe3\x80\x81", 3));   /* 、 */
		/* a year that begins a text or a date ("2024 Q3 earnings
		 * release", "2024-11-04", "2025年"): no quantity */
		int dated = !f->has_unit && f->len == 4 && a < len && f->off + 4 <= len;
		for (size_t d = 0; dated && d < 4; d++)
			dated = text[f->off + d] >= '0' && text[f->off + d] <= '9';
		if (dated) {
			int year = 0;
			for (size_t d = 0; d < 4; d++)
				year = year * 10 + (text[f->off + d] - '0');
			size_t w = a;
			while (w < len && text[w] == ' ')
				w++;
			dated = year >= 1900 && year <= 2100 &&
				((w > a && w < len && (((text[w] | 32) >= 'a' && (text[w] | 32) <= 'z') || (unsigned char)text[w] >= 0x80)) ||
				 (w == a && a + 1 < len && (text[a] == '-' || text[a] == '/' || text[a] == '.') &&
				  text[a + 1] >= '0' && text[a + 1] <= '9') ||
				 (w == a && !strncmp(text + a, "\xe5\xb9\xb4", 3)));   /* 年 */
		}
		if (!reference && !listed && !dated)
			figs[kept++] = *f;
	}
	return kept;
}

static int has_sparsity_words(const char *s)
{
	return strstr(s, "sparse") || strstr(s, "sparsity") || strstr(s, "Sparse") ||
	       strstr(s, "Sparsity") || strstr(s, "稀疏");
}

/* A cell whose one number groups its thousands with spaces, as SI
 * writes them ("14 592", "16 896 cores"): the text with commas in the
 * spaces' place (the same length, so places hold); else text itself. */
static const char *thin_grouped(struct arena *a, const char *text, size_t len)
{
	size_t i = 0;
	while (i < len && !(text[i] >= '0' && text[i] <= '9'))
		i++;
	size_t from = i;
	while (i < len && text[i] >= '0' && text[i] <= '9')
		i++;
	if (i == from || i - from > 3 || (from > 0 && (text[from - 1] == '.' || text[from - 1] == ',')))
		return text;
	int groups = 0;
	while (i + 4 <= len && text[i] == ' ' && text[i + 1] >= '0' && text[i + 1] <= '9' && text[i + 2] >= '0' &&
	       text[i + 2] <= '9' && text[i + 3] >= '0' && text[i + 3] <= '9' &&
	       (i + 4 == len || !(text[i + 4] >= '0' && text[i + 4] <= '9'))) {
		i += 4;
		groups++;
	}
	if (!groups || (i < len && (text[i] == '.' || text[i] == ',')))
		return text;
	for (size_t k = i; k < len; k++)
		if (text[k] >= '0' && text[k] <= '9')
			return text;   /* another number: "8 128" may be two */
	char *s = arena_strndup(a, text, len);
	for (size_t k = from; k < i; k++)
		if (s[k] == ' ')
			s[k] = ',';
	return s;
}

/* Does another figure of f's own unit follow f after a '/' ("32GB
 * /16GB")? */
static int alternative_after(const char *text, size_t len, const struct figure *f)
{
	if (!f->has_unit || !f->q.unit)
		return 0;
	size_t i = f->off + f->len;
	while (i < len && text[i] == ' ')
		i++;
	if (i >= len || text[i] != '/')
		return 0;
	i++;
	while (i < len && text[i] == ' ')
		i++;
	size_t d = i;
	while (i < len && ((text[i] >= '0' && text[i] <= '9') || text[i] == '.' || text[i] == ','))
		i++;
	if (i == d)
		return 0;
	while (i < len && text[i] == ' ')
		i++;
	size_t ul = strlen(f->q.unit);
	return len - i >= ul && !strncmp(text + i, f->q.unit, ul);
}

/* Is b the restatement of a in parentheses right after it ("2,000 GB/s
 * (2.0 TB/s)"): both with units of one dimension, in other units? */
static int restated(const struct acell *cell, const struct figure *a, const struct figure *b)
{
	if (!a->has_unit || !b->has_unit || !dim_equal(&a->q.dim, &b->q.dim) || dim_is_none(&a->q.dim) ||
	    a->q.scale == b->q.scale ||
	    a->range || b->range || a->bound || b->bound || b->off < a->off + a->len)
		return 0;
	size_t from = a->off + a->len, to = b->off;
	const char *t = cell->src.text;
	while (from < to && t[from] == ' ')
		from++;
	if (to - from == 1 && t[from] == '(')
		return 1;
	return to - from == 3 && !memcmp(t + from, "\xef\xbc\x88", 3);   /* （ */
}

/* Is s[0..len) dimensions, two or three bare whole numbers joined by
 * `x` or `×` (`256 x 1 x 1`, `16×16`)?  Their product into *product. */
static int dimensions(const char *s, size_t len, long long *product)
{
	size_t i = 0, n = 0;
	long long p = 1;
	for (;;) {
		while (i < len && s[i] == ' ')
			i++;
		if (i >= len || s[i] < '0' || s[i] > '9')
			return 0;
		long long v = 0;
		size_t d = 0;
		while (i < len && s[i] >= '0' && s[i] <= '9' && d < 9) {
			v = 10 * v + (s[i++] - '0');
			d++;
		}
		if (i < len && s[i] >= '0' && s[i] <= '9')
			return 0;
		p *= v;
		n++;
		while (i < len && s[i] == ' ')
			i++;
		if (i == len)
			break;
		if (n == 3)
			return 0;
		if (s[i] == 'x' || s[i] == 'X' || s[i] == '*')
			i++;
		else if (len - i >= 2 && !memcmp(s + i, "\xc3\x97", 2))
			i += 2;
		else
			return 0;
	}
	if (n < 2 || p <= 0)
		return 0;
	*product = p;
	return 1;
}

static void read_cell(struct audit *au, const struct acolumn *col, struct acell *cell, struct arena *scratch)
{
	cell->plain = arena_strndup(au->a, cell->src.text, cell->src.len);
	if (is_blank(cell->plain))
		return;
	struct figure figs[AUDIT_CELL_FIGURES];
	/* the scan's own buffers in scratch (freed with the table's read):
	 * a figure keeps only its unit's name, copied */
	struct arena *keep = au->a;
	au->a = scratch;
	const char *text = thin_grouped(au->a, cell->src.text, cell->src.len);
	size_t tlen = cell->src.len;
	/* a block's or a grid's dimensions, bare whole numbers (`256 x 1 x
	 * 1`): their product, the threads (s45 measure, rocm-blogs'
	 * laplacian: launch bounds = the block's threads) */
	long long product;
	if (dimensions(text, tlen, &product)) {
		text = arena_printf(au->a, "%lld", product);
		tlen = strlen(text);
	}
	size_t n = figure_scan(au, text, tlen, cell->src.loc, figs, AUDIT_CELL_FIGURES);
	au->a = keep;
	for (size_t i = 0; i < n && i < AUDIT_CELL_FIGURES; i++)
		if (figs[i].q.unit)
			figs[i].q.unit = arena_strdup(au->a, figs[i].q.unit);
	if (n <= AUDIT_CELL_FIGURES)
		n = drop_labels(text, tlen, figs, n);
	cell->nfig = (int)(n > AUDIT_CELL_FIGURES ? AUDIT_CELL_FIGURES + 1 : n);
	if (n == 0)
		return;
	int fam = au->kind_sparse ? units_kind_family(au->u, au->kind_sparse) : -1;
	for (size_t i = 0; i < n && i < AUDIT_CELL_FIGURES; i++) {
		fit_to_column(au, col, &figs[i]);
		/* "989 TFLOPS(不开启稀疏计算)", "without sparsity": dense */
		if (fam >= 0 && says_not_sparse(cell->plain))
			figs[i].q.kind[fam] = (unsigned char)au->kind_dense;
	}
	cell->starred = starred_figure(text, tlen, &figs[0]);
	cell->fig = figs[0];
	cell->has = 1;
	if (n == 1) {
		/* "32GB /16GB HBM2": two variants' figures (the scan passes over
		 * digits after a '/'): the first, for no other table to contradict */
		cell->alternatives = alternative_after(text, tlen, &figs[0]);
		return;
	}
	if (n == 2 && fam >= 0 && dim_equal(&figs[0].q.dim, &figs[1].q.dim) &&
	    has_sparsity_words(cell->plain)) {
		/* a labelled pair: the sparse one is the one said to be, else the larger */
		int sp;
		if (figs[0].q.kind[fam] == au->kind_sparse && figs[1].q.kind[fam] != au->kind_sparse)
			sp = 0;
		else if (figs[1].q.kind[fam] == au->kind_sparse && figs[0].q.kind[fam] != au->kind_sparse)
			sp = 1;
		else
			sp = figs[1].q.v.lo > figs[0].q.v.hi ? 1 : 0;
		figs[sp].q.kind[fam] = (unsigned char)au->kind_sparse;
		figs[!sp].q.kind[fam] = (unsigned char)au->kind_dense;
		int want_sparse = col->kind[fam] == au->kind_sparse;
		cell->fig = figs[want_sparse ? sp : !sp];
		cell->alt = arena_alloc(au->a, sizeof *cell->alt);
		*cell->alt = figs[want_sparse ? !sp : sp];
		cell->has_alt = 1;
		return;
	}
	/* "2,000 GB/s (2.0 TB/s)": the figure restated in other units in
	 * parentheses; the first is the value, and the two must agree */
	if (n == 2 && restated(cell, &figs[0], &figs[1])) {
		/* within 0.1%: a conversion cut short (63.66GiB(68.34GB), 68.354) */
		if (!figures_agree(au, &figs[0], &figs[1], 0.001) && !figures_agree(au, &figs[1], &figs[0], 0.001)) {
			const char *hint = slip_hint(au, &figs[0].q, &figs[1].q, cell->plain);
			au->sum.findings_table++;
			diag_report(DIAG_ERROR, figs[0].loc, figs[0].width,
				    arena_printf(au->a, "the cell restates it in parentheses: %s at %s:%d:%d\nwrite the "
						 "two as one figure%s%s", figure_text(au, &figs[1].q), figs[1].loc.file,
						 figs[1].loc.line, figs[1].loc.col, hint ? "\n" : "", hint ? hint : ""),
				    "'%s' is %s in a cell that also says %s", col->header, figure_text(au, &figs[0].q),
				    figure_text(au, &figs[1].q));
		}
		return;
	}
	/* "384 张 A100 80GB", "8 块 H100": a count, then what is counted */
	static const char *const counters[] = { "张", "块", "台", "颗", "卡", NULL };
	size_t at = figs[0].off + figs[0].len;
	while (at < cell->src.len && cell->src.text[at] == ' ')
		at++;
	for (size_t k = 0; counters[k]; k++)
		if (cell->src.len - at >= strlen(counters[k]) && !memcmp(cell->src.text + at, counters[k], strlen(counters[k])))
			return;
	cell->several = 1;
}

/* Is every cell of row r blank? */
static int row_blank(const struct atable *t, size_t r)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (!is_blank(table_cell(t, r, c)->plain))
			return 0;
	return 1;
}

/* A row's name as rows are compared: without the footnote marks a
 * table hangs on it ("GH200 SXM (1)", "H100[2]", "A100*", "H800†") and
 * the joining word of "H200 for SXM5", then normalised (name_normalise). */
static const char *key_normalise(struct arena *a, const char *s)
{
	size_t len = strlen(s);
	for (;;) {
		while (len && (s[len - 1] == ' ' || s[len - 1] == '*'))
			len--;
		size_t l = len;
		if (l >= 2 && (s[l - 1] == ')' || s[l - 1] == ']')) {
			char open = s[l - 1] == ')' ? '(' : '[';
			size_t k = l - 1;
			while (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9')
				k--;
			if (k < l - 1 && k > 0 && s[k - 1] == open && l - 1 - k <= 2) {
				len = k - 1;
				continue;
			}
		}
		/* † ‡ ¹ ² ³ */
		static const char *const marks[] = { "\xe2\x80\xa0", "\xe2\x80\xa1", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3", NULL };
		int cut = 0;
		for (size_t m = 0; marks[m]; m++) {
			size_t ml = strlen(marks[m]);
			if (len >= ml && !memcmp(s + len - ml, marks[m], ml)) {
				len -= ml;
				cut = 1;
			}
		}
		if (!cut)
			break;
	}
	const char *n = name_normalise(a, s, len);
	const char *f = strstr(n, " for ");
	if (!f)
		return n;
	return arena_printf(a, "%.*s%s", (int)(f - n), n, f + 4);
}

/* Is column c all there (spacer rows aside), all different, and no
 * numbers: a key? */
static int key_candidate(struct audit *au, struct atable *t, size_t c, int allow_numbers)
{
	if (!allow_numbers && t->cols[c].numeric)
		return 0;
	const char **names = arena_array(au->a, t->nrows, sizeof *names);
	for (size_t r = 0; r < t->nrows; r++) {
		struct acell *cell = table_cell(t, r, c);
		names[r] = "";
		if (row_blank(t, r))
			continue;   /* a spacer row */
		if (is_blank(cell->plain) || strlen(cell->plain) > AUDIT_NAME_MAX)
			return 0;
		names[r] = name_normalise(au->a, cell->plain, strlen(cell->plain));
		if (!names[r][0])
			return 0;
	}
	/* all different: sorted, no two neighbours alike (a table of 20,000
	 * rows is no 200,000,000 comparisons) */
	struct name_at *by = arena_array(au->a, t->nrows ? t->nrows : 1, sizeof *by);
	for (size_t r = 0; r < t->nrows; r++)
		by[r] = (struct name_at){ names[r], r };
	qsort(by, t->nrows, sizeof *by, name_at_cmp);
	for (size_t i = 1; i < t->nrows; i++)
		if (by[i].name[0] && !strcmp(by[i - 1].name, by[i].name))
			return 0;
	/* unique as written; compared without footnote marks */
	for (size_t r = 0; r < t->nrows; r++)
		if (names[r][0])
			names[r] = key_normalise(au->a, table_cell(t, r, c)->plain);
	t->keys = names;
	return 1;
}

static int has_model_word(const char *s, size_t len);

int table_has_model_word(const char *s)
{
	return has_model_word(s, strlen(s));
}

/* The memory size of row r as a size word ("40gb"): its one cell in GB
 * or GiB, a whole number; else NULL. */
static const char *row_size(struct audit *au, const struct atable *t, size_t r)
{
	const char *found = NULL;
	for (size_t c = 0; c < t->ncols; c++) {
		const struct acell *cell = table_cell(t, r, c);
		if (!cell->has || cell->several || !cell->fig.q.unit ||
		    (strcmp(cell->fig.q.unit, "GB") && strcmp(cell->fig.q.unit, "GiB")))
			continue;
		double gb = interval_mid(cell->fig.q.nominal) / cell->fig.q.scale;
		if (found || gb < 1 || gb != floor(gb))
			return NULL;   /* two sizes, or none a part's name gives */
		found = arena_printf(au->a, "%.0fgb", gb);
	}
	return found;
}

/* No column is unique, but column c of part names repeats a name only on
 * rows whose memory sizes differ ("A100 | 40 GB", "A100 | 80 GB"): a key,
 * each repeated name with its size, as "A100 40GB" is read. */
static int sized_key_candidate(struct audit *au, struct atable *t, size_t c)
{
	if (t->cols[c].numeric)
		return 0;
	const char **names = arena_array(au->a, t->nrows, sizeof *names);
	int repeated = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *plain = table_cell(t, r, c)->plain;
		if (is_blank(plain) || strlen(plain) > AUDIT_NAME_MAX || !has_model_word(plain, strlen(plain)))
			return 0;
		names[r] = key_normalise(au->a, plain);
	}
	/* the rows whose name another row has too, found by sorting (a
	 * table of 20,000 rows is no 400,000,000 comparisons): each gets its
	 * size, and then every name must be unique */
	struct name_at *by = arena_array(au->a, t->nrows, sizeof *by);
	for (size_t r = 0; r < t->nrows; r++)
		by[r] = (struct name_at){ names[r], r };
	qsort(by, t->nrows, sizeof *by, name_at_cmp);
	for (size_t i = 0; i < t->nrows;) {
		size_t j = i + 1;
		while (j < t->nrows && !strcmp(by[i].name, by[j].name))
			j++;
		for (size_t k = i; j - i > 1 && k < j; k++) {
			size_t r = by[k].row;
			const char *size = row_size(au, t, r);
			if (!size)
				return 0;
			names[r] = arena_printf(au->a, "%s %s", names[r], size);
			repeated = 1;
		}
		i = j;
	}
	if (!repeated)
		return 0;
	for (size_t r = 0; r < t->nrows; r++)
		by[r] = (struct name_at){ names[r], r };
	qsort(by, t->nrows, sizeof *by, name_at_cmp);
	for (size_t i = 1; i < t->nrows; i++)
		if (!strcmp(by[i - 1].name, by[i].name))
			return 0;
	t->keys = names;
	return 1;
}

/* No column is unique, but column c of part names repeats a name only on
 * rows that another column of words tells apart (`GeForce RTX 4090 |
 * GeForce 和 TITAN 产品` and `| GeForce 笔记本产品`: a desktop and a
 * laptop card, the BBuf cuda book's compute-capability table): a key, its
 * repeated names two variants of one part. */
static size_t model_words(const struct audit *au, const struct atable *t, size_t c);

/* Do rows a and b differ in a column of words or in their names as
 * written, or agree in every cell (a row written twice)? */
static int told_apart(const struct atable *t, size_t c, size_t a, size_t b)
{
	int same = 1;
	for (size_t g = 0; g < t->ncols; g++) {
		const char *ta = table_cell(t, a, g)->plain, *tb = table_cell(t, b, g)->plain;
		int differ = strcmp(ta ? ta : "", tb ? tb : "") != 0;
		same &= !differ;
		/* (the names as written count: `GTS 450` and `GTS 450*`) */
		if (differ && (g == c || (!t->cols[g].numeric && !t->cols[g].mined)) && !is_blank(ta) && !is_blank(tb))
			return 1;
	}
	return same;
}

static int variant_key_candidate(struct audit *au, struct atable *t, size_t c)
{
	if (t->cols[c].numeric || t->nrows < 3 || model_words(au, t, c) * 2 <= t->nrows)
		return 0;
	const char **names = arena_array(au->a, t->nrows, sizeof *names);
	struct name_at *by = arena_array(au->a, t->nrows, sizeof *by);
	for (size_t r = 0; r < t->nrows; r++) {
		const char *plain = table_cell(t, r, c)->plain;
		if (is_blank(plain) || strlen(plain) > AUDIT_NAME_MAX)
			return 0;
		names[r] = key_normalise(au->a, plain);
		by[r] = (struct name_at){ names[r], r };
	}
	qsort(by, t->nrows, sizeof *by, name_at_cmp);
	int repeated = 0;
	for (size_t i = 0; i < t->nrows;) {
		size_t j = i + 1;
		while (j < t->nrows && !strcmp(by[i].name, by[j].name))
			j++;
		if (j - i > 4)
			return 0;
		/* each two of these rows told apart by a column of words, or
		 * one row written twice */
		for (size_t a = i; a < j; a++)
			for (size_t b = a + 1; b < j; b++)
				if (!told_apart(t, c, by[a].row, by[b].row))
					return 0;
		repeated |= j - i > 1;
		i = j;
	}
	if (!repeated)
		return 0;
	t->keys = names;
	return 1;
}

/* Does cell text[0..len) name a part before its figure at off: a model
 * word there that is no memory, link or data type ("A100 80GB", "H200
 * 141GB", not "HBM3 80GB", "FP16 312")? */
static int part_before(const char *text, size_t len, size_t off)
{
	static const char *const types[] = { "hbm", "gddr", "lpddr", "ddr", "fp", "bf", "tf", "int", "pcie",
					     "gen", "nvlink", "sxm", "x", NULL };
	if (off > len)
		return 0;
	for (size_t i = 0; i < off;) {
		size_t w = i;
		int digit = 0, alpha = 0;
		while (i < off && is_alnum((unsigned char)text[i])) {
			digit |= text[i] >= '0' && text[i] <= '9';
			alpha |= !(text[i] >= '0' && text[i] <= '9');
			i++;
		}
		if (digit && alpha && i - w >= 2) {
			int type = 0;
			for (size_t k = 0; types[k] && !type; k++)
				type = !audit_casecmp(text + w, types[k], strlen(types[k])) &&
				       text[w + strlen(types[k])] >= '0' && text[w + strlen(types[k])] <= '9';
			if (!type)
				return 1;
		}
		if (i == w)
			i++;
	}
	return 0;
}

int table_sized_name(const struct acell *cell)
{
	if (!cell->has || cell->several || !cell->fig.has_unit || cell->fig.q.dim.e[0] != 1 ||
	    !part_before(cell->src.text, cell->src.len, cell->fig.off))
		return 0;
	for (int d = 1; d < DIM_MAX; d++)
		if (cell->fig.q.dim.e[d])
			return 0;   /* a size, not "NVLink 3" or "A100 @ 300GBps" */
	return 1;
}

/* Is a cell's figure the number of a series' name ("RTX 3090", "Gaudi
 * 3", "Quadro RTX 6000"): no unit, after a capitalised word and a space? */
static int series_number(const struct acell *cell)
{
	const char *s = cell->src.text;
	size_t off = cell->fig.off;
	if (cell->fig.has_unit || cell->several || off < 3 || off > cell->src.len || s[off - 1] != ' ')
		return 0;
	size_t w = off - 1;
	while (w > 0 && ((s[w - 1] | 32) >= 'a' && (s[w - 1] | 32) <= 'z'))
		w--;
	if (off - 1 - w < 2 || s[w] < 'A' || s[w] > 'Z' || (w > 0 && is_alnum((unsigned char)s[w - 1])))
		return 0;
	/* a link's or a memory's generation is no part ("NVLink 3", "PCIe 5") */
	static const char *const not_parts[] = { "nvlink", "pcie", "gen", "nvswitch", "hbm", "gddr", "ddr", "lpddr",
						 "version", "infiniband", "ethernet", "ib", "cuda", "sm", NULL };
	for (size_t k = 0; not_parts[k]; k++)
		if (strlen(not_parts[k]) == off - 1 - w && !audit_casecmp(s + w, not_parts[k], off - 1 - w))
			return 0;
	return 1;
}

/* Is column c one of part names, some of which carry a size or a
 * series' number ("A100 80GB", "H200 141GB", "RTX 4090", beside "H100
 * SXM"): every filled cell a part's model word, its figure one of those? */
static int sized_names(const struct atable *t, size_t c)
{
	size_t named = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct acell *cell = table_cell(t, r, c);
		if (is_blank(cell->plain))
			continue;
		if (!has_model_word(cell->plain, strlen(cell->plain)) ||
		    (cell->has && !table_sized_name(cell) && !series_number(cell)))
			return 0;
		named += cell->has;
	}
	return named >= 1;
}

/* Does a name hold a part's model word (letters and digits: H100, RTX5090,
 * MI300X), or a data type's (FP32)? */
static int has_model_word(const char *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		int digit = 0, alpha = 0;
		size_t w = i;
		while (i < len && is_alnum((unsigned char)s[i])) {
			if (s[i] >= '0' && s[i] <= '9')
				digit = 1;
			else
				alpha = 1;
			i++;
		}
		if (digit && alpha && i - w >= 2)
			return 1;
		/* a series and its number: "RTX 6000 Ada", "Gaudi 3" */
		if (alpha && !digit && i - w >= 2 && i + 1 < len && s[i] == ' ' && s[i + 1] >= '0' && s[i + 1] <= '9')
			return 1;
		if (i == w)
			i++;
	}
	return 0;
}

/* Does every cell of column c with a figure say it in parentheses after
 * words of two letters or more (`平台化定位（10）`; not `~10`, `约 10`, nor
 * `A100, NVLink 3`, a name)? */
static int labels(const struct atable *t, size_t c)
{
	for (size_t r = 0; r < t->nrows; r++) {
		const struct acell *cell = table_cell(t, r, c);
		if (!cell->has)
			continue;
		size_t letters = 0;
		for (size_t i = 0; i < cell->fig.off && i < cell->src.len; i++) {
			unsigned char ch = (unsigned char)cell->src.text[i];
			letters += (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= 0xe4 && ch <= 0xe9);
		}
		size_t o = cell->fig.off;
		int paren = (o >= 1 && cell->src.text[o - 1] == '(') ||
			    (o >= 3 && !memcmp(cell->src.text + o - 3, "\xef\xbc\x88", 3));   /* （ */
		if (letters < 2 || !paren)
			return 0;
	}
	return 1;
}

/* Does a header name a property: a unit, or a data type (FP32, BF16, INT8)? */
static int is_property(const struct audit *au, const char *s, size_t len)
{
	size_t rl, from, to;
	const char *rs = figure_respell(au->a, s, len, &rl);
	struct unit un;
	if (header_unit(au, rs, rl, &un, &from, &to))
		return 1;
	static const char *const dtypes[] = { "fp", "bf", "tf", "int", "bfloat", NULL };
	for (size_t i = 0; i < len; i++) {
		if (i > 0 && is_alnum((unsigned char)s[i - 1]))
			continue;
		for (size_t k = 0; dtypes[k]; k++) {
			size_t dl = strlen(dtypes[k]);
			if (len - i > dl && !audit_casecmp(s + i, dtypes[k], dl) && s[i + dl] >= '0' && s[i + dl] <= '9')
				return 1;
		}
	}
	return 0;
}

/*
 * A table written the other way round, parts as columns and properties
 * as rows (| 型号 | RTX 5090 | RTX 5080 |, then | FP32 (TFLOPS) | 105 | 56 |),
 * is turned so that its parts are rows: when most headers after the first
 * name a part and a third of the first cells carry a unit or a data type,
 * or hardly any names a part.
 */
static void maybe_transpose(struct audit *au, struct atable *t)
{
	if (t->ncols < 2 || t->nrows < 3 || t->nrows + 1 > AUDIT_MAX_COLUMNS)
		return;
	/* one part's column ("| 参数 | H100 SXM |"): its name no property,
	 * the corner none of a part */
	if (t->ncols == 2 && (has_model_word(t->cols[0].src.text, t->cols[0].src.len) ||
			      !has_model_word(t->cols[1].src.text, t->cols[1].src.len) ||
			      is_property(au, t->cols[1].src.text, t->cols[1].src.len)))
		return;
	size_t parts = 0, props = 0, named = 0;
	for (size_t c = 1; c < t->ncols; c++)
		if (has_model_word(t->cols[c].src.text, t->cols[c].src.len) &&
		    !is_property(au, t->cols[c].src.text, t->cols[c].src.len))
			parts++;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct audit_text *x = &table_cell(t, r, 0)->src;
		int prop = is_property(au, x->text, x->len);
		props += prop;
		named += !prop && has_model_word(x->text, x->len);
	}
	/* the first cells: a third with units or data types, or hardly any
	 * part's name (芯片代号, CUDA核心数, Compute Capability) */
	if (3 * parts < 2 * (t->ncols - 1) || (3 * props < t->nrows && 4 * named >= t->nrows))
		return;
	size_t ncols = t->nrows + 1, nrows = t->ncols - 1;
	struct acolumn *cols = arena_array(au->a, ncols, sizeof *cols);
	struct acell *cells = arena_array(au->a, ncols * nrows, sizeof *cells);
	cols[0].src = t->cols[0].src;
	for (size_t r = 0; r < t->nrows; r++)
		cols[r + 1].src = table_cell(t, r, 0)->src;
	for (size_t c = 1; c < t->ncols; c++) {
		cells[(c - 1) * ncols].src = t->cols[c].src;
		for (size_t r = 0; r < t->nrows; r++)
			cells[(c - 1) * ncols + r + 1].src = table_cell(t, r, c)->src;
	}
	t->cols = cols;
	t->cells = cells;
	t->ncols = ncols;
	t->nrows = nrows;
	t->transposed = 1;
}

/* Does header a read as header b with a '*' (NVIDIA's datasheets mark
 * the figures "with sparsity" so: "FP16 Tensor Core*")? */
static int starred_twin(const char *a, const char *b)
{
	if (!strchr(a, '*') || strchr(b, '*'))
		return 0;
	/* spaces aside: "FP16 (TFLOPS)* (FP16累计)" and "FP16 (TFLOPS)(FP16累计)" */
	for (;;) {
		while (*a == ' ' || *a == '*')
			a++;
		while (*b == ' ')
			b++;
		if (!*a || !*b)
			return !*a && !*b;
		if (*a++ != *b++)
			return 0;
	}
}

/* A column whose header is another's with a '*' gives the sparse figures
 * of that one (unless its header says a kind of sparsity itself). */
static void starred_sparse(struct audit *au, struct atable *t)
{
	int fam = au->kind_sparse ? units_kind_family(au->u, au->kind_sparse) : -1;
	if (fam < 0)
		return;
	for (size_t c = 0; c < t->ncols; c++)
		for (size_t k = 0; k < t->ncols; k++)
			if (k != c && !t->cols[c].kind[fam] && !t->cols[k].kind[fam] &&
			    starred_twin(t->cols[c].header, t->cols[k].header)) {
				t->cols[c].kind[fam] = (unsigned char)au->kind_sparse;
				t->cols[k].kind[fam] = (unsigned char)au->kind_dense;
			}
	/* "FP16 Tensor Core with Sparsity" beside "FP16 Tensor Core": the
	 * one that says no sparsity is the dense one */
	for (size_t c = 0; c < t->ncols; c++)
		for (size_t k = 0; k < t->ncols; k++)
			if (k != c && t->cols[c].kind[fam] == au->kind_sparse && !t->cols[k].kind[fam] &&
			    t->cols[k].name[0] && !strcmp(t->cols[c].name, t->cols[k].name))
				t->cols[k].kind[fam] = (unsigned char)au->kind_dense;
}

int says_tensor(const char *header)
{
	for (const char *p = header; *p; p++)
		if (!audit_casecmp(p, "tensor", 6))
			return 1;
	return strstr(header, "张量") != NULL;
}

/* A column of a data type's plain (CUDA-core) figures beside one of its
 * tensor-core figures ("FP16 (TFLOPS)" and "FP16 Tensor Core (TFLOPS)")
 * is named so ("fp16 non tensor"): it is not another table's "FP16". */
static void plain_named(struct audit *au, struct atable *t)
{
	for (size_t c = 0; c < t->ncols; c++) {
		const char *n = t->cols[c].name;
		if (!n[0] || says_tensor(t->cols[c].header) || !is_property(au, n, strlen(n)))
			continue;
		for (size_t k = 0; k < t->ncols; k++)
			if (k != c && says_tensor(t->cols[k].header) && !strncmp(t->cols[k].name, n, strlen(n)) &&
			    (t->cols[k].name[strlen(n)] == ' ' || !t->cols[k].name[strlen(n)])) {
				t->cols[c].name = arena_printf(au->a, "%s non tensor", n);
				break;
			}
	}
}

/* How many of column c's cells name a part (a model word: H100, RTX
 * 4090; not a data type or a unit: FP16, INT8)? */
static size_t model_words(const struct audit *au, const struct atable *t, size_t c)
{
	size_t n = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *p = table_cell(t, r, c)->plain;
		n += has_model_word(p, strlen(p)) && !is_property(au, p, strlen(p));
	}
	return n;
}

void table_read(struct audit *au, struct atable *t)
{
	maybe_transpose(au, t);
	for (size_t c = 0; c < t->ncols; c++)
		read_column(au, &t->cols[c]);
	/* a unit in the corner ("Accelerator \ TFLOPS") is every column's
	 * that names none */
	if (t->cols[0].has_unit)
		for (size_t c = 1; c < t->ncols; c++)
			if (!t->cols[c].has_unit) {
				t->cols[c].unit = t->cols[0].unit;
				t->cols[c].has_unit = 1;
			}
	starred_sparse(au, t);
	plain_named(au, t);
	struct arena scratch = ARENA_INIT;
	for (size_t c = 0; c < t->ncols; c++) {
		struct acolumn *col = &t->cols[c];
		struct name_at *seen = arena_array(&scratch, t->nrows ? t->nrows : 1, sizeof *seen);
		for (size_t r = 0; r < t->nrows; r++) {
			struct acell *cell = table_cell(t, r, c);
			read_cell(au, col, cell, &scratch);
			if (cell->has) {
				col->figures++;
				au->sum.figures++;
			} else if (!is_blank(cell->plain)) {
				seen[col->texts] = (struct name_at){ cell->plain, (size_t)col->texts };
				col->texts++;
			}
		}
		/* its different texts, counted sorted */
		qsort(seen, (size_t)col->texts, sizeof *seen, name_at_cmp);
		for (int k = 0; k < col->texts; k++)
			col->distinct_texts += !k || strcmp(seen[k - 1].name, seen[k].name);
		col->numeric = col->figures >= 2 && col->figures >= 2 * col->texts && !not_data(col->name) &&
			       !(c == 0 && t->cols[0].has_unit && t->ncols > 1);
		col->mined = col->numeric || (c > 0 && col->figures >= 4 && col->figures > col->texts && !not_data(col->name));
	}
	arena_free(&scratch);
	/* a first column of labels that end in a figure (`开发者产品化（15）`,
	 * a score's maximum, AIInfraWiki): names, not figures */
	if (t->ncols > 1 && t->cols[0].numeric && labels(t, 0))
		t->cols[0].numeric = t->cols[0].mined = 0;
	/* part names with their sizes ("A100 80GB") are names, not figures */
	for (size_t c = 0; c < t->ncols; c++)
		if (t->cols[c].numeric && sized_names(t, c))
			t->cols[c].numeric = t->cols[c].mined = 0;
	t->key = -1;
	/* one row that names a part (a table of one part, or one written
	 * sideways with one part's column): held against the reference */
	if (t->nrows == 1 && t->ncols >= 2 && !t->cols[0].numeric && model_words(au, t, 0) == 1 &&
	    key_candidate(au, t, 0, 0))
		t->key = 0;
	if (t->nrows >= 2) {
		/* the first column of unique names; but one that names parts
		 * before one that does not ("| Volta | Tesla V100 |": the
		 * architecture is unique too) */
		for (size_t c = 0; c < t->ncols && t->key < 0; c++)
			if (!t->cols[c].numeric && model_words(au, t, c) * 2 > t->nrows && key_candidate(au, t, c, 0))
				t->key = (long)c;
		for (size_t c = 0; c < t->ncols && t->key < 0; c++)
			if (key_candidate(au, t, c, 0))
				t->key = (long)c;
		for (size_t c = 0; c < t->ncols && t->key < 0; c++)
			if (sized_key_candidate(au, t, c))
				t->key = (long)c;
		for (size_t c = 0; c < t->ncols && t->key < 0; c++)
			if (variant_key_candidate(au, t, c))
				t->key = (long)c;
	}
	t->ref = arena_array(au->a, t->nrows ? t->nrows : 1, sizeof *t->ref);
	for (size_t r = 0; r < t->nrows; r++)
		t->ref[r] = -1;
	t->flagged = arena_array(au->a, t->nrows * t->ncols + 1, 1);
	t->vouched = arena_array(au->a, t->nrows * t->ncols + 1, 1);
}

int figures_agree(const struct audit *au, const struct figure *a, const struct figure *b,
		  double widen)
{
	if (!dim_equal(&a->q.dim, &b->q.dim))
		return 0;
	struct interval bv = b->q.v;
	for (int fam = 0; fam < KIND_FAMILIES; fam++) {
		int ka = a->q.kind[fam], kb = b->q.kind[fam];
		if (ka && kb && ka != kb) {
			double f = units_kind_factor(au->u, kb, ka);
			if (f > 0) {
				/* the vendor doubles its own rounded figure (989.4 → 1979) */
				struct interval s;
				interval_scale(bv, f, &s);
				s.lo -= fabs(s.lo) * 0.003;
				s.hi += fabs(s.hi) * 0.003;
				bv = s;
			}
		}
	}
	struct interval av = a->q.v;
	if (widen > 0) {
		av.lo -= fabs(av.lo) * widen;
		av.hi += fabs(av.hi) * widen;
	}
	if (interval_overlaps(av, bv))
		return 1;
	/* a capacity: vendors print GB on binary sizes, authors GiB or GB
	 * (80 GB and 80 GiB are one HBM): the numbers as written agree */
	int information = 0, other = 0;
	for (int d = 0; d < DIM_MAX; d++) {
		if (d == 0 && a->q.dim.e[d] == 1)
			information = 1;
		else if (a->q.dim.e[d])
			other = 1;
	}
	if (information && !other && a->q.scale > 0 && b->q.scale > 0 && a->q.scale != b->q.scale) {
		struct interval an = { av.lo / a->q.scale, av.hi / a->q.scale };
		struct interval bn = { bv.lo / b->q.scale, bv.hi / b->q.scale };
		double ratio = a->q.scale / b->q.scale;
		/* the two prefixes must be one step's twins (G and Gi), not G and T */
		if (ratio > 0.9 && ratio < 1.12)
			return interval_overlaps(an, bn);
	}
	return 0;
}
