/*
 * cells.c — a comparison that names two parts instead of stating their
 * figures (issue 37, part 5): "the H100's memory bandwidth is 1.6× the
 * A100's", "H100 的 BF16 算力是 A100 的 3 倍".  The two figures are the
 * cells of the column the sentence names, in the rows of the two parts
 * it names: the book's own tables first (a comparison that does not hold
 * is then an error: the book against itself), else the reference data (a
 * warning naming its source).
 *
 * Only a sentence that states no figure of its own, names exactly two
 * parts (model words: letters and digits, `H100`, `MI300X`) and one
 * column (bandwidth, memory, power, NVLink or a data type) is judged; a
 * part with several rows of different figures (`H100`: SXM and PCIe) is
 * passed over unless the sentence says which.
 */
#include "audit/cells.h"
#include "audit/figure.h"
#include "audit/hints.h"
#include "audit/named.h"
#include "audit/reference.h"
#include "numbers/format.h"

#include <math.h>
#include <string.h>

/* The columns a comparison may name, by the words that name them. */
static const struct concept {
	const char *id;                  /* the reference column */
	const char *words[6];            /* words of the sentence (name_words form) */
	const char *not[4];              /* words that make it another column */
} concepts[] = {
	{ "mem_bw", { "bandwidth", "带 宽", NULL }, { "nvlink", "link", "interconnect", "互 连" } },
	{ "memory", { "memory", "hbm", "capacity", "显 存", NULL }, { "bandwidth", "带 宽", NULL } },
	{ "tdp", { "tdp", "power", "功 耗", NULL }, { NULL } },
	{ "nvlink", { "nvlink", NULL }, { NULL } },
	{ "bf16", { "bf16", NULL }, { "fp16", "fp8", "int8", "tf32" } },
	{ "fp16", { "fp16", NULL }, { "bf16", "fp8", "int8", "tf32" } },
	{ "fp8", { "fp8", NULL }, { "bf16", "fp16", "int8", "fp4" } },
	{ "int8", { "int8", NULL }, { "bf16", "fp16", "fp8", NULL } },
	{ "tf32", { "tf32", NULL }, { "bf16", "fp16", "fp8", "fp32" } },
	{ "fp32", { "fp32", NULL }, { "bf16", "fp16", "fp8", "tf32" } },
	{ "fp64", { "fp64", NULL }, { "bf16", "fp16", "fp8", "fp32" } },
};

#define NCONCEPTS (sizeof concepts / sizeof concepts[0])

static int has(const char *sw, const char *w)
{
	return strstr(sw, w) && words_have(sw, w, strlen(w));
}

/* The one column the sentence names, or -1. */
static long named_concept(const char *sw)
{
	long found = -1;
	for (size_t c = 0; c < NCONCEPTS; c++) {
		int in = 0;
		for (size_t k = 0; k < 6 && concepts[c].words[k] && !in; k++) {
			const char *w = concepts[c].words[k];
			in = (unsigned char)w[0] >= 0x80 ? strstr(sw, w) != NULL : has(sw, w);
		}
		for (size_t k = 0; k < 4 && concepts[c].not[k] && in; k++) {
			const char *w = concepts[c].not[k];
			if ((unsigned char)w[0] >= 0x80 ? strstr(sw, w) != NULL : has(sw, w))
				in = 0;
		}
		if (!in)
			continue;
		if (found >= 0)
			return -1;
		found = (long)c;
	}
	return found;
}

/* Is w[0..n) a part's model word (letters and digits, three or more),
 * not a data type, a memory or a link generation? */
static int part_word(const char *w, size_t n)
{
	int digit = 0, alpha = 0;
	for (size_t i = 0; i < n; i++) {
		digit |= w[i] >= '0' && w[i] <= '9';
		alpha |= w[i] >= 'a' && w[i] <= 'z';
	}
	if (n < 3 || !digit || !alpha)
		return 0;
	static const char *const not[] = { "fp", "bf", "int", "tf", "hbm", "nvlink", "pcie", "gen", "ddr",
					   "gddr", "lpddr", "e4m", "e5m", "mxfp", "nvfp", "sxm", "cuda", "rocm",
					   "v1", "v2", NULL };
	for (size_t k = 0; not[k]; k++)
		if (!strncmp(w, not[k], strlen(not[k])))
			return 0;
	/* sizes and counts: 80gb, 8x, 4k */
	size_t d = 0;
	while (d < n && w[d] >= '0' && w[d] <= '9')
		d++;
	return d == 0;
}

/* A part's figure for the concept: its table rows' (all of one value),
 * else the reference's exact row.  Returns 1 (table), 2 (reference), 0. */
static int part_figure(struct audit *au, const char *file, const char *word, size_t wl, const struct concept *c,
		       struct quantity *q, const char **where)
{
	const char *w = arena_printf(au->a, " %.*s ", (int)wl, word);
	int found = 0;
	enum { PART_ROWS = 64 };
	size_t rows[PART_ROWS];
	size_t nrows = named_rows_of_model(au, w, rows, PART_ROWS);
	/* the sentence's own chapter's tables first, then the others' */
	for (size_t pass = 0; pass < 2 && !found; pass++)
	for (size_t k = 0; k < nrows && !found; k++) {
		const struct named_row *nr = &au->named[rows[k]];
		const struct atable *tb = &au->tables[nr->table];
		if ((pass == 0) != !strcmp(tb->loc.file, file))
			continue;
		for (size_t col = 0; col < tb->ncols; col++) {
			const struct acolumn *ac = &tb->cols[col];
			const struct acell *cell = table_cell(tb, nr->row, col);
			if (!ac->numeric || !cell->has || cell->several || !ac->name[0])
				continue;
			const char *cw = name_words(au->a, ac->name, strlen(ac->name));
			if (named_concept(cw) != (long)(c - concepts))
				continue;
			if (found && interval_mid(q->nominal) != interval_mid(cell->fig.q.nominal))
				return 0;   /* rows of one model with different figures */
			if (!found)
				*where = arena_printf(au->a, "%s:%d:%d", cell->src.loc.file, cell->src.loc.line,
						      cell->src.loc.col);
			*q = cell->fig.q;
			found = 1;
		}
	}
	if (found)
		return 1;
	struct quantity ref[4];
	const char *source = NULL;
	size_t n = reference_part_figures(au->ref, word, wl, c->id, 1, ref, 4, &source);
	if (n != 1)
		return 0;
	*q = ref[0];
	*where = arena_printf(au->a, "specbook's built-in reference data (%s)",
			      source ? source : AUDIT_REFERENCE_PLACE "specs/accelerators.yaml");
	return 2;
}

int cells_part_figure(struct audit *au, const char *file, const char *word, size_t wl, const char *column,
		      struct quantity *q, const char **where)
{
	for (size_t c = 0; c < NCONCEPTS; c++)
		if (!strcmp(concepts[c].id, column))
			return part_figure(au, file, word, wl, &concepts[c], q, where);
	return 0;
}

int cells_part_word(const char *w, size_t n)
{
	return part_word(w, n);
}

/* A model word as vendors write it: "h100" as "H100", "tpu v5p" aside. */
static const char *upper(struct audit *au, const char *w, size_t n)
{
	char *u = arena_alloc(au->a, n + 1);
	for (size_t i = 0; i < n; i++)
		u[i] = (char)(w[i] >= 'a' && w[i] <= 'z' && !(w[0] == 'v' && n <= 4) ? w[i] - 32 : w[i]);
	u[n] = '\0';
	return u;
}

int cells_compare(struct audit *au, const char *sw, const char *concept_words, const struct figure *mark, double lo,
		  double hi)
{
	long ci = named_concept(concept_words ? concept_words : sw);
	if (ci < 0)
		return 0;
	/* the two parts: distinct model words */
	const char *part[2];
	size_t pl[2], np = 0;
	for (const char *w = sw + 1; *w;) {
		const char *e = strchr(w, ' ');
		if (!e)
			break;
		size_t n = (size_t)(e - w);
		if (part_word(w, n)) {
			int seen = 0;
			for (size_t k = 0; k < np; k++)
				seen |= pl[k] == n && !memcmp(part[k], w, n);
			if (!seen) {
				if (np == 2)
					return 0;
				part[np] = w;
				pl[np++] = n;
			}
		}
		w = e + 1;
	}
	if (np != 2)
		return 0;
	struct quantity q[2];
	const char *where[2];
	int src[2];
	for (int k = 0; k < 2; k++)
		if (!(src[k] = part_figure(au, mark->loc.file, part[k], pl[k], &concepts[ci], &q[k], &where[k])))
			return 0;
	if (!dim_equal(&q[0].dim, &q[1].dim) || q[0].v.lo <= 0 || q[1].v.lo <= 0)
		return 0;
	/* a capacity as vendors print it: 192 GiB is "192GB" beside 80 GB */
	for (int k = 0; k < 2; k++)
		if (q[k].unit && strstr(q[k].unit, "iB") && q[k].scale > 0) {
			double steps = round(log(q[k].scale) / log(1024)), dec = pow(1000, steps);
			double f = dec / q[k].scale;
			interval_scale(q[k].v, f, &q[k].v);
			interval_scale(q[k].nominal, f, &q[k].nominal);
			q[k].unit = steps == 4 ? "TB" : steps == 3 ? "GB" : steps == 2 ? "MB" : "kB";
			q[k].scale = dec;
		}
	int big = interval_mid(q[0].v) >= interval_mid(q[1].v) ? 0 : 1;
	struct interval r = { q[big].v.lo / q[!big].v.hi, q[big].v.hi / q[!big].v.lo };
	if (r.lo < 1.03 && lo < 1.1)
		return 0;   /* equal figures and a small ratio: no comparison of these */
	au->sum.comparisons++;
	double widen = au->approx * (mark->approx ? 3 : 1);
	if (r.hi >= lo * (1 - widen) && r.lo <= hi * (1 + widen))
		return 1;
	double ratio = interval_mid(q[big].nominal) / interval_mid(q[!big].nominal);
	int reference = src[0] == 2 || src[1] == 2;
	const char *hint = ratio_hint(au, (lo + hi) / 2, ratio, widen, NULL);
	const char *detail = arena_printf(
		au->a, "%s: %s for the %s\n%s: %s for the %s\nthey give %s×%s%s%s", where[big],
		figure_text(au, &q[big]), upper(au, part[big], pl[big]), where[!big], figure_text(au, &q[!big]),
		upper(au, part[!big], pl[!big]), format_number(au->a, ratio, ratio < 10 ? 2 : 0),
		reference ? "; check the comparison against the source, or cite the figures it uses" : "; write that, or correct the table",
		hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_comparison++;
	diag_report(reference ? DIAG_WARNING : DIAG_ERROR, mark->loc, mark->width, detail,
		    "the comparison of the %s and the %s does not hold", upper(au, part[0], pl[0]), upper(au, part[1], pl[1]));
	return 1;
}
