/*
 * mine.c — consistency inside a table (issue 37, part 2).  For every pair
 * of numeric columns the rows' ratios are mined: when most rows share a
 * simple ratio (½, 1, 2, 4 … 128, 1000, 1024 and their inverses), or
 * the rows of a group do (rows with the same text in another column, such
 * as the architecture), the relation holds for the table.  Derived
 * columns are found the same way (one column the sum, product or ratio of
 * two others).  A row off a relation beyond its digits' precision breaks
 * it; in each row the cell that breaks relations and keeps none is the
 * finding (a warning: the table against itself, by the majority's word),
 * with the figure the relation gives, and the slip that explains it.
 */
#include "audit/mine.h"
#include "audit/table.h"
#include "audit/hints.h"
#include "audit/figure.h"
#include "audit/reference.h"
#include "numbers/format.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rows a relation needs before it says anything of the others. */
#define MINE_MIN_ROWS 5
/* Rounding of vendors' figures a relation forgives (989.4 × 2 = 1979,
 * 1307.4 written 1300 beside 653.7). */
#define MINE_SLACK 0.01

/* No fourth column in a relation. */
#define NO_COLUMN ((size_t)-1)

static const double simple[] = {
	1, 2, 4, 8, 16, 32, 64, 128, 0.5, 0.25, 0.125, 1.0 / 16, 1.0 / 32, 1.0 / 64, 1.0 / 128, 1000, 0.001, 1024,
	1.0 / 1024,
};

/* What one relation says of one row. */
struct verdict {
	size_t row;
	int broken;
};

/* A relation found in the table, and the cell it expects for one row. */
struct relation {
	size_t a, b, c, d;     /* columns: b/a = s; or c = a op b (× d) */
	int op;                /* 0: ratio b/a = value; '+', '*', '/': derived c */
	double value;
	const char *group;     /* the group's text, for a group's ratio */
	size_t group_col;
	int members, rows;     /* rows that keep it, rows it was tried on */
};

struct mine {
	struct audit *au;
	struct atable *t;
	int *broken;           /* per cell: relations it breaks */
	int *intact;           /* per cell: relations it keeps */
	struct relation *rel;  /* per cell: a relation it breaks (the first), for the message */
	double *expect;        /* per cell: what that relation gives it, in base units */
	size_t *other;         /* per cell: the other column of that relation */
	size_t base_row;       /* try_base()'s row of 1 (one per table) */
};

static const struct figure *value(const struct atable *t, size_t r, size_t c)
{
	const struct acell *cell = table_cell(t, r, c);
	if (!cell->has || cell->several || cell->fig.range || cell->fig.bound ||
	    cell->fig.q.v.lo <= 0)
		return NULL;
	return &cell->fig;
}

/* What a figure is in a relation: an integer is exact as written (8
 * GPUs, 989 TFLOPS; MINE_SLACK forgives a vendor's rounding), a decimal
 * keeps the precision of its digits (3.35 is [3.345, 3.355]). */
static struct interval operand(const struct figure *f)
{
	return f->integer ? f->q.nominal : f->q.v;
}

/* The ratio b/a as an interval: in base units when the two have one
 * dimension, else in the units they are written in. */
static struct interval ratio(const struct figure *a, const struct figure *b)
{
	double sa = 1, sb = 1;
	if (!dim_equal(&a->q.dim, &b->q.dim)) {
		sa = a->q.scale > 0 ? a->q.scale : 1;
		sb = b->q.scale > 0 ? b->q.scale : 1;
	}
	struct interval va = operand(a), vb = operand(b);
	struct interval r = { (vb.lo / sb) / (va.hi / sa), (vb.hi / sb) / (va.lo / sa) };
	return r;
}

static int holds(struct interval r, double s)
{
	return r.lo <= s * (1 + MINE_SLACK) && r.hi >= s * (1 - MINE_SLACK);
}

static void mark(struct mine *m, size_t r, size_t c, int broken, struct relation *rel,
		 double expect, size_t other)
{
	size_t i = r * m->t->ncols + c;
	if (broken) {
		/* the message tells of the strongest relation the cell breaks */
		if (!m->broken[i]++ || rel->members * m->rel[i].rows > m->rel[i].members * rel->rows) {
			m->rel[i] = *rel;
			m->expect[i] = expect;
			m->other[i] = other;
		}
	} else {
		m->intact[i]++;
	}
}

/* Do columns a and b hold figures of one dimension (the first row that
 * has both says)? */
static int same_dimension(const struct atable *t, size_t a, size_t b)
{
	for (size_t r = 0; r < t->nrows; r++) {
		const struct figure *fa = value(t, r, a), *fb = value(t, r, b);
		if (fa && fb)
			return dim_equal(&fa->q.dim, &fb->q.dim);
	}
	return 0;
}

/* The first of rows[0..n) whose ratio b/a is off s, or -1. */
static long off_first(struct mine *m, size_t a, size_t b, const size_t *rows, size_t n, double s)
{
	for (size_t i = 0; i < n; i++)
		if (!holds(ratio(value(m->t, rows[i], a), value(m->t, rows[i], b)), s))
			return (long)i;
	return -1;
}

/* When two rows or more are off the ratio s and all of them have the same
 * text in a column of words (their chip, GA100, where the others are
 * GA102s), or one row is off whose text differs where all the others
 * say one, that column; else -1. */
static long group_apart(struct mine *m, size_t a, size_t b, const size_t *rows, size_t n, double s)
{
	const struct atable *t = m->t;
	long first = off_first(m, a, b, rows, n, s);
	if (first < 0)
		return -1;
	for (size_t g = 0; g < t->ncols; g++) {
		if (t->cols[g].mined || (long)g == t->key || t->cols[g].distinct_texts < 2)
			continue;
		const char *text = table_cell(t, rows[first], g)->plain;
		if (!text || !text[0] || table_cell(t, rows[first], g)->has)
			continue;
		size_t off = 0, same = 0, kept = 0, kept_same = 0;
		const char *kept_text = NULL;
		for (size_t i = 0; i < n; i++) {
			const char *p = table_cell(t, rows[i], g)->plain;
			if (!holds(ratio(value(t, rows[i], a), value(t, rows[i], b)), s)) {
				off++;
				same += !strcmp(p, text);
			} else {
				kept++;
				if (!kept_text)
					kept_text = p;
				kept_same += p && !strcmp(p, kept_text);
			}
		}
		if (off >= 2 && same == off)
			return (long)g;
		/* one row off, the only one whose text differs where the four
		 * or more that keep it say one thing (`DLO+AG+USP4` among `DLO+AG
		 * DP4`: the column says why, s44-eval, vllm-blog) */
		if (off == 1 && kept >= 4 && kept_same == kept && kept_text && strcmp(kept_text, text))
			return (long)g;
	}
	return -1;
}

static void keep_ratio(struct mine *m, size_t a, size_t b, const size_t *rows, size_t n, double best,
		       size_t best_count, const char *group, size_t group_col);
static double best_simple(const struct atable *t, size_t a, size_t b, const size_t *rows, size_t n, size_t *count);

/* Tries the ratio of columns a and b over rows[0..n); returns 1 when a
 * relation was found (and marked). */
static int try_ratio(struct mine *m, size_t a, size_t b, const size_t *rows, size_t n,
		     const char *group, size_t group_col)
{
	struct atable *t = m->t;
	if (n < MINE_MIN_ROWS)
		return 0;
	double best = 0;
	size_t best_count = 0;
	if (!group) {
		best = best_simple(t, a, b, rows, n, &best_count);
	} else {
		/* a group's own ratio: the point most rows' intervals hold */
		for (size_t j = 0; j < n; j++) {
			struct interval rj = ratio(value(t, rows[j], a), value(t, rows[j], b));
			double s = (rj.lo + rj.hi) / 2;
			size_t count = 0;
			for (size_t i = 0; i < n; i++)
				if (holds(ratio(value(t, rows[i], a), value(t, rows[i], b)), s))
					count++;
			if (count > best_count) {
				best_count = count;
				best = s;
			}
		}
	}
	/* most rows: all but one in six, all but two in ten, at most a fifth
	 * off (a relation that four rows in six keep is no relation); in a
	 * table of twelve rows or more, at most a quarter (a vendor or two
	 * with its own ratio: TPU v6e's FP8 at its BF16 rate) */
	size_t off = n - best_count;
	if (best_count < (group ? 4u : 3u) || (5 * off > (n > 5 ? n : 5) && !(n >= 12 && 4 * off <= n)))
		return 0;
	keep_ratio(m, a, b, rows, n, best, best_count, group, group_col);
	return 1;
}

/* The simple ratio most of rows[0..n) keep (its count in *count), or 0. */
static double best_simple(const struct atable *t, size_t a, size_t b, const size_t *rows, size_t n, size_t *count)
{
	double best = 0;
	*count = 0;
	for (size_t k = 0; k < sizeof simple / sizeof simple[0]; k++) {
		size_t c = 0;
		for (size_t i = 0; i < n; i++)
			if (holds(ratio(value(t, rows[i], a), value(t, rows[i], b)), simple[k]))
				c++;
		if (c > *count) {
			*count = c;
			best = simple[k];
		}
	}
	return best;
}

/* A group too small for a ratio of its own (three or four rows: the
 * Voltas of a table) keeps the simple ratio s that rows of the whole
 * table keep too (but too few of them for a relation of the table: the
 * other architectures have their own): when all its rows but one keep s,
 * s holds for the group and the one is off it. */
static void try_group_simple(struct mine *m, size_t a, size_t b, const size_t *members, size_t k, double s,
			     const char *group, size_t group_col)
{
	size_t keep = 0, off = 0;
	for (size_t i = 0; i < k; i++) {
		int ok = holds(ratio(value(m->t, members[i], a), value(m->t, members[i], b)), s);
		keep += ok;
		if (!ok)
			off = members[i];
	}
	if (k < 3 || keep + 1 < k)
		return;
	/* the one off set apart by another column where the others agree
	 * (a Turing card among two Voltas of one interconnect) */
	const struct atable *t = m->t;
	for (size_t g = 0; keep < k && g < t->ncols; g++) {
		if (g == group_col || (long)g == t->key || t->cols[g].mined || t->cols[g].distinct_texts < 2)
			continue;
		const char *mine_text = table_cell(t, off, g)->plain, *theirs = NULL;
		int agree = mine_text && mine_text[0] && !table_cell(t, off, g)->has;
		for (size_t i = 0; agree && i < k; i++) {
			if (members[i] == off)
				continue;
			const char *p = table_cell(t, members[i], g)->plain;
			if (!theirs)
				theirs = p;
			agree = p && p[0] && !strcmp(p, theirs);
		}
		if (agree && theirs && strcmp(theirs, mine_text))
			return;
	}
	keep_ratio(m, a, b, members, k, s, keep, group, group_col);
}

/* Marks the relation b/a = best over rows[0..n): the rows that keep it
 * and the cells of those that break it. */
static void keep_ratio(struct mine *m, size_t a, size_t b, const size_t *rows, size_t n, double best,
		       size_t best_count, const char *group, size_t group_col)
{
	struct atable *t = m->t;
	struct relation rel = { a, b, 0, NO_COLUMN, 0, best, group, group_col, (int)best_count, (int)n };
	m->au->sum.relations++;
	long apart = group ? -1 : group_apart(m, a, b, rows, n, best);
	for (size_t i = 0; i < n; i++) {
		const struct figure *fa = value(t, rows[i], a), *fb = value(t, rows[i], b);
		int ok = holds(ratio(fa, fb), best);
		/* the rows off it that are one group of their own (GA100 among
		 * GA102s) keep their own ratio: neither broken nor kept */
		if (!ok && apart >= 0 && !strcmp(table_cell(t, rows[i], (size_t)apart)->plain,
						 table_cell(t, rows[(size_t)off_first(m, a, b, rows, n, best)], (size_t)apart)->plain))
			continue;
		double sa = 1, sb = 1;
		if (!dim_equal(&fa->q.dim, &fb->q.dim)) {
			sa = fa->q.scale > 0 ? fa->q.scale : 1;
			sb = fb->q.scale > 0 ? fb->q.scale : 1;
		}
		double mida = interval_mid(fa->q.nominal) / sa, midb = interval_mid(fb->q.nominal) / sb;
		mark(m, rows[i], b, !ok, &rel, mida * best * sb, a);
		mark(m, rows[i], a, !ok, &rel, midb / best * sa, b);
	}
}

static int ratio_unit(const char *unit)
{
	return unit && (!strcmp(unit, "%") || !strcmp(unit, "\xc3\x97"));
}

/* Are column c's figures percentages or ratios (80.3%, 1.87×): what a
 * table derives from its other columns? */
static int ratio_column(const struct atable *t, size_t c)
{
	if (t->cols[c].has_unit)
		return ratio_unit(t->cols[c].unit.name);
	int pct = 0, other = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct figure *f = value(t, r, c);
		if (f && ratio_unit(f->q.unit))
			pct++;
		else if (f)
			other++;
	}
	return pct && !other;
}

/* a op b into *q; 0, or -1 when they do not combine.  A ratio of a
 * figure with a unit to one a header left without ("MAMF (TFLOPS)" over
 * "Theoretical") is taken as written. */
static int derive(struct mine *m, const struct figure *fa, const struct figure *fb, int op,
		  struct quantity *q)
{
	struct quantity qa = fa->q, qb = fb->q;
	qa.v = operand(fa);
	qb.v = operand(fb);
	if (op == '/' && !dim_equal(&qa.dim, &qb.dim) && dim_is_none(&qa.dim) != dim_is_none(&qb.dim)) {
		double sa = qa.scale > 0 ? qa.scale : 1, sb = qb.scale > 0 ? qb.scale : 1;
		memset(q, 0, sizeof *q);
		q->v.lo = (qa.v.lo / sa) / (qb.v.hi / sb);
		q->v.hi = (qa.v.hi / sa) / (qb.v.lo / sb);
		q->nominal = interval_point(interval_mid(qa.nominal) / sa / (interval_mid(qb.nominal) / sb));
		q->scale = 1;
		return qb.v.lo > 0 ? 0 : -1;
	}
	return op == '+' ? quantity_add(qa, qb, q)
	       : op == '*' ? quantity_mul(m->au->a, qa, qb, q)
			   : quantity_div(m->au->a, qa, qb, q);
}

/* a op b (op d, when d is a column: a product of three) for row r, into
 * *q; 1 when the row has every figure and they combine, *fc its c. */
static int row_derive(struct mine *m, size_t r, const struct relation *rel, struct quantity *q,
		      const struct figure **fc)
{
	const struct atable *t = m->t;
	const struct figure *fa = value(t, r, rel->a), *fb = value(t, r, rel->b);
	const struct figure *fd = rel->d != NO_COLUMN ? value(t, r, rel->d) : NULL;
	*fc = value(t, r, rel->c);
	if (!fa || !fb || !*fc || (rel->d != NO_COLUMN && !fd) || derive(m, fa, fb, rel->op, q))
		return 0;
	if (fd) {
		struct quantity qd = fd->q, ab = *q;
		qd.v = operand(fd);
		if (quantity_mul(m->au->a, ab, qd, q))
			return 0;
	}
	return 1;
}

/* The constants a product may carry: both directions or two FLOPs an
 * FMA (2 × per-link rate × links), bits and bytes (8). */
static const double product_constant[] = { 1, 2, 0.5, 8, 0.125 };

/* Does c keep rel in a row whose a op b (× d) is q: within the slack,
 * times the relation's constant (rel->value; 0 is none)? */
static int keeps(const struct relation *rel, const struct quantity *q, const struct figure *fc)
{
	double k = rel->value > 0 ? rel->value : 1;
	struct interval w = { q->v.lo * k * (1 - MINE_SLACK), q->v.hi * k * (1 + MINE_SLACK) };
	return interval_overlaps(w, operand(fc));
}

/* Tries c = a op b (× d) over the rows that have them all; a product
 * also with a constant (2 × rate × links). */
static void try_derived(struct mine *m, size_t a, size_t b, size_t c, size_t d, int op)
{
	struct atable *t = m->t;
	struct relation rel = { a, b, c, d, op, 0, NULL, 0, 0, 0 };
	size_t n = 0, count = 0;
	/* a product of three columns has freedom enough to meet a constant
	 * by chance (DeepSpeed's 'GPUs' = 0.5 × bsz × tokens × SP in 4 of 5
	 * rows): a constant only for a product of two */
	size_t nk = op == '*' && d == NO_COLUMN ? sizeof product_constant / sizeof product_constant[0] : 1;
	size_t counts[sizeof product_constant / sizeof product_constant[0]] = { 0 };
	for (size_t r = 0; r < t->nrows; r++) {
		struct quantity q;
		const struct figure *fc;
		if (!value(t, r, a) || !value(t, r, b) || !value(t, r, c) || (d != NO_COLUMN && !value(t, r, d)))
			continue;
		if (!row_derive(m, r, &rel, &q, &fc) || !dim_equal(&q.dim, &fc->q.dim))
			return;
		/* a sum with an addend within the rounding of the total holds
		 * by itself (billions of parameters + a context of 131K) */
		if (op == '+' && (fabs(interval_mid(operand(value(t, r, a)))) < 2 * MINE_SLACK * fabs(interval_mid(operand(fc))) ||
				  fabs(interval_mid(operand(value(t, r, b)))) < 2 * MINE_SLACK * fabs(interval_mid(operand(fc)))))
			return;
		n++;
		for (size_t k = 0; k < nk; k++) {
			rel.value = product_constant[k];
			counts[k] += keeps(&rel, &q, fc);
		}
	}
	size_t best = 0;
	for (size_t k = 1; k < nk; k++)
		if (counts[k] > counts[best])
			best = k;
	count = counts[best];
	rel.value = best ? product_constant[best] : 0;
	/* a constant only where every row keeps it: no rounding forgiven
	 * twice, no pattern of a few rows */
	if (best && count + 1 < n)
		return;
	/* a short table: all its rows but one, and a column of percentages or
	 * ratios (an efficiency, a speed-up: 80.3% = 794.5 / 989) that two
	 * rows keep, or three rows that keep it; the one row off is the
	 * finding (what one row of two keeps is a coincidence: s45-eval W7,
	 * FlagPerf's monitoring tables, 'CPU占用' = 2 × '内存占用' × '显存占用') */
	int short_table = n >= 3 && n < MINE_MIN_ROWS && count + 1 >= n &&
			  (count >= 3 || (count >= 2 && ratio_column(t, c)));
	if (!short_table && (n < MINE_MIN_ROWS || 3 * count < 2 * n || n - count > 1 + n / 8))
		return;
	rel.members = (int)count;
	rel.rows = (int)n;
	m->au->sum.relations++;
	for (size_t r = 0; r < t->nrows; r++) {
		struct quantity q;
		const struct figure *fc;
		if (!row_derive(m, r, &rel, &q, &fc))
			continue;
		int ok = keeps(&rel, &q, fc);
		mark(m, r, c, !ok, &rel, interval_mid(q.nominal) * (rel.value > 0 ? rel.value : 1), a);
		mark(m, r, a, !ok, &rel, 0, c);
		mark(m, r, b, !ok, &rel, 0, c);
		if (d != NO_COLUMN)
			mark(m, r, d, !ok, &rel, 0, c);
	}
}

/* Tries s = a / a(base row) (a speed-up against the first generation:
 * 1, 2.5, 8, 18 beside 125, 312, 989, 2250): s a column without unit
 * that is 1 in one row; the others keep it within s's digits. */
static void try_base(struct mine *m, size_t a, size_t sc)
{
	struct atable *t = m->t;
	if (t->cols[sc].has_unit && !ratio_unit(t->cols[sc].unit.name))
		return;
	long base = -1;
	size_t n = 0, count = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct figure *fa = value(t, r, a), *fs = value(t, r, sc);
		if (!fa || !fs)
			continue;
		if (!dim_is_none(&fs->q.dim) || (fs->q.unit && !ratio_unit(fs->q.unit)))
			return;
		n++;
		if (fs->q.v.lo <= 1 && fs->q.v.hi >= 1) {
			if (base >= 0)
				return;
			base = (long)r;
		}
	}
	if (base < 0 || n < 5)
		return;
	const struct figure *fb = value(t, (size_t)base, a);
	for (size_t r = 0; r < t->nrows; r++) {
		const struct figure *fa = value(t, r, a), *fs = value(t, r, sc);
		if (!fa || !fs || (long)r == base)
			continue;
		struct interval x = ratio(fb, fa);
		count += interval_overlaps((struct interval){ x.lo * (1 - 2 * MINE_SLACK), x.hi * (1 + 2 * MINE_SLACK) }, fs->q.v);
	}
	if (count < 3 || count + 1 < n - 1)
		return;
	struct relation rel = { a, sc, sc, NO_COLUMN, 'B', 0, NULL, 0, (int)count, (int)n - 1 };
	m->au->sum.relations++;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct figure *fa = value(t, r, a), *fs = value(t, r, sc);
		if (!fa || !fs || (long)r == base)
			continue;
		struct interval x = ratio(fb, fa);
		int ok = interval_overlaps((struct interval){ x.lo * (1 - 2 * MINE_SLACK), x.hi * (1 + 2 * MINE_SLACK) }, fs->q.v);
		mark(m, r, sc, !ok, &rel, interval_mid(x), a);
		mark(m, r, a, !ok, &rel, 0, sc);
	}
	m->base_row = (size_t)base;
}

/* The row's name for messages: its key, or its first cell. */
static const char *row_name(const struct atable *t, size_t r)
{
	const struct acell *cell = table_cell(t, r, t->key >= 0 ? (size_t)t->key : 0);
	return cell->plain && cell->plain[0] ? cell->plain : "(unnamed row)";
}

static const char *relation_text(struct mine *m, const struct relation *rel)
{
	struct atable *t = m->t;
	const char *ha = t->cols[rel->a].header, *hb = t->cols[rel->b].header;
	if (rel->op == 'C')
		return arena_printf(m->au->a, "'%s' is %s in %d of the %d rows whose '%s' is '%s' (one chip)", ha,
				    format_number(m->au->a, rel->value, -1), rel->members, rel->rows,
				    t->cols[rel->group_col].header, rel->group);
	if (rel->op == 'P')
		return arena_printf(m->au->a, "'%s' × '%s' is one amount in %d of %d rows", ha, hb, rel->members,
				    rel->rows);
	if (rel->op == 'B')
		return arena_printf(m->au->a, "'%s' = '%s' / its value in '%s' in %d of %d rows", hb, ha,
				    row_name(t, m->base_row), rel->members, rel->rows);
	const char *k = rel->op == '*' && rel->value > 0 ? arena_printf(m->au->a, "%s × ", format_number(m->au->a, rel->value, -1))
						       : "";
	if (rel->op && rel->d != NO_COLUMN)
		return arena_printf(m->au->a, "'%s' = %s'%s' × '%s' × '%s' in %d of %d rows", t->cols[rel->c].header, k, ha,
				    hb, t->cols[rel->d].header, rel->members, rel->rows);
	if (rel->op) {
		const char *hc = t->cols[rel->c].header;
		return arena_printf(m->au->a, "'%s' = %s'%s' %s '%s' in %d of %d rows", hc, k, ha,
				    rel->op == '+' ? "+" : rel->op == '*' ? "×" : "/", hb, rel->members, rel->rows);
	}
	const char *v = format_number(m->au->a, rel->value, rel->value >= 1 ? -1 : 4);
	if (rel->group)
		return arena_printf(m->au->a, "'%s' / '%s' = %s in %d of the %d rows whose '%s' is '%s'",
				    hb, ha, v, rel->members, rel->rows, t->cols[rel->group_col].header, rel->group);
	return arena_printf(m->au->a, "'%s' / '%s' = %s in %d of %d rows", hb, ha, v, rel->members, rel->rows);
}

static void report(struct mine *m, size_t r, size_t c)
{
	struct atable *t = m->t;
	size_t i = r * t->ncols + c;
	if (t->flagged[i])
		return;
	t->flagged[i] = 1;
	struct acell *cell = table_cell(t, r, c);
	const struct relation *rel = &m->rel[i];
	struct quantity expected = cell->fig.q;
	const char *instead = "";
	const char *hint = NULL;
	if (m->expect[i] > 0) {
		expected.v = expected.nominal = interval_point(m->expect[i]);
		expected.written = 0;
		hint = slip_hint(m->au, &cell->fig.q, &expected, cell->plain);
		instead = arena_printf(m->au->a, "\nthe relation gives %s: write that, or say why this row differs",
				       figure_text(m->au, &expected));
	}
	const struct acell *ev = table_cell(t, r, m->other[i]);
	const char *detail = arena_printf(m->au->a, "the table: %s\nthe other figure: '%s' = %s at %s:%d:%d%s%s%s",
					  relation_text(m, rel), t->cols[m->other[i]].header, ev->plain,
					  ev->src.loc.file, ev->src.loc.line, ev->src.loc.col, instead,
					  hint ? "\n" : "", hint ? hint : "");
	m->au->sum.findings_table++;
	/* off the table's pattern, but what the vendor publishes: a note */
	if (t->vouched[i]) {
		diag_report(DIAG_NOTE, cell->fig.loc, cell->fig.width, detail,
			    "'%s' of '%s' is off the pattern of its table's other rows, as the vendor's own figure is",
			    t->cols[c].header, row_name(t, r));
		return;
	}
	diag_report(DIAG_WARNING, cell->fig.loc, cell->fig.width, detail,
		    "'%s' of '%s' is off the pattern of its table's other rows", t->cols[c].header,
		    row_name(t, r));
}

static void mine(struct audit *au, struct atable *t);

/* A row named with its memory size ("H200 141GB") whose memory column
 * says another ("282GB"): the row contradicts itself (an error). */
static void name_size(struct audit *au, struct atable *t)
{
	if (t->key < 0)
		return;
	size_t k = (size_t)t->key;
	for (size_t c = 0; c < t->ncols; c++) {
		const char *id = c != k ? reference_column_id(au, t, c) : NULL;
		if (!id || strcmp(id, "memory"))
			continue;
		for (size_t r = 0; r < t->nrows; r++) {
			struct acell *name = table_cell(t, r, k), *cell = table_cell(t, r, c);
			if (!table_sized_name(name) || !cell->has || cell->several || cell->alternatives ||
			    cell->has_alt || cell->fig.bound || t->flagged[r * t->ncols + c] ||
			    !dim_equal(&name->fig.q.dim, &cell->fig.q.dim) || figures_agree(au, &cell->fig, &name->fig, 0))
				continue;
			t->flagged[r * t->ncols + c] = 1;
			au->sum.findings_table++;
			if (t->vouched[r * t->ncols + c]) {
				/* the reference data gives the column's figure: the name is the slip */
				const char *hint = slip_hint(au, &name->fig.q, &cell->fig.q, name->plain);
				diag_report(DIAG_ERROR, name->fig.loc, name->fig.width,
					    arena_printf(au->a, "the row's '%s': %s at %s:%d:%d, as the reference data gives "
							 "it\nwrite %s in the name%s%s", t->cols[c].header, cell->plain,
							 cell->src.loc.file, cell->src.loc.line, cell->src.loc.col,
							 figure_text(au, &cell->fig.q), hint ? "\n" : "", hint ? hint : ""),
					    "the row's name '%s' says %s, but its '%s' is %s", name->plain,
					    figure_text(au, &name->fig.q), t->cols[c].header, figure_text(au, &cell->fig.q));
				continue;
			}
			const char *hint = slip_hint(au, &cell->fig.q, &name->fig.q, cell->plain);
			diag_report(DIAG_ERROR, cell->fig.loc, cell->fig.width,
				    arena_printf(au->a, "the row's name: '%s' at %s:%d:%d\nwrite the size its name says, or "
						 "name the row by its size%s%s", name->plain, name->src.loc.file,
						 name->src.loc.line, name->src.loc.col, hint ? "\n" : "", hint ? hint : ""),
				    "'%s' of '%s' is %s, but the row's name says %s", t->cols[c].header, name->plain,
				    figure_text(au, &cell->fig.q), figure_text(au, &name->fig.q));
		}
	}
}

/* Does a cell say the part has none (`不适用`, `N/A`, `无`, `0`)? */
static int says_none(const struct acell *cell)
{
	static const char *const none[] = { "不适用", "无", "不支持", "N/A", "n/a", "NA", "None", "none", "No", "no",
					    "0", "-", "—", NULL };
	if (!cell->plain)
		return 0;
	for (size_t k = 0; none[k]; k++)
		if (!strcmp(cell->plain, none[k]))
			return 1;
	return 0;
}

/* Is column c a count of tensor cores (`Tensor核心`, `Tensor Cores`; not
 * `FP16 Tensor Core`, a throughput), its header and figures of no unit? */
static int tensor_count(const struct atable *t, size_t c)
{
	static const char *const not_count[] = { "fp", "bf", "tf", "int", "flops", "tops", "算力", "性能", "效能",
						 "perf", "per", "每", "sparsity", "稀疏", NULL };
	const char *h = t->cols[c].header;
	if (!says_tensor(h) || t->cols[c].has_unit ||
	    (!strstr(h, "核心") && !strstr(h, "核数") && !strstr(h, "Core") && !strstr(h, "core")))
		return 0;
	for (const char *p = h; *p; p++)
		for (size_t k = 0; not_count[k]; k++)
			if (!audit_casecmp(p, not_count[k], strlen(not_count[k])))
				return 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct acell *cell = table_cell(t, r, c);
		if (cell->has && (cell->fig.q.unit || !dim_is_none(&cell->fig.q.dim)))
			return 0;
	}
	return 1;
}

/* A row that says its part has no tensor cores (`Tensor核心 | 不适用`)
 * and gives a tensor figure (`Tensor 效能 | 112 TFLOPS`): the row
 * contradicts itself (s43-eval R7, llm_note's Quadro P6000), an error. */
static void no_tensor_cores(struct audit *au, struct atable *t)
{
	for (size_t n = 0; n < t->ncols; n++) {
		if (!tensor_count(t, n))
			continue;
		for (size_t c = 0; c < t->ncols; c++) {
			if (c == n || !says_tensor(t->cols[c].header) || tensor_count(t, c))
				continue;
			for (size_t r = 0; r < t->nrows; r++) {
				const struct acell *none = table_cell(t, r, n), *cell = table_cell(t, r, c);
				if (!says_none(none) || !cell->has || cell->fig.q.v.hi <= 0 || dim_is_none(&cell->fig.q.dim) ||
				    t->flagged[r * t->ncols + c])
					continue;
				t->flagged[r * t->ncols + c] = 1;
				au->sum.findings_table++;
				diag_report(DIAG_ERROR, cell->fig.loc, cell->fig.width,
					    arena_printf(au->a, "the row's '%s': '%s' at %s:%d:%d\na part with no tensor "
							 "cores has no tensor figure: write its '%s' as '%s', or its "
							 "tensor cores", t->cols[n].header, none->plain, none->src.loc.file,
							 none->src.loc.line, none->src.loc.col, t->cols[c].header, none->plain),
					    "'%s' of '%s' is %s, but the row says it has no tensor cores ('%s')",
					    t->cols[c].header, row_name(t, r), figure_text(au, &cell->fig.q), none->plain);
			}
		}
	}
}

/* The data type a text names (`FP8 GEMM 8192³`: "fp8"), or NULL. */
static const char *names_type(const char *h)
{
	static const char *const types[] = { "fp8", "fp16", "bf16", "tf32", "fp32", "fp64", "int8", "fp4", NULL };
	for (const char *p = h; *p; p++) {
		if (p > h && ((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z')))
			continue;
		for (size_t k = 0; types[k]; k++) {
			size_t n = strlen(types[k]);
			if (!audit_casecmp(p, types[k], n) && !(p[n] >= '0' && p[n] <= '9'))
				return types[k];
		}
	}
	return NULL;
}

/* The one known part a text names in parentheses (`FP8 GEMM 8192³
 * (H800)`: "h800"), as reference_part_figures() reads it, or NULL. */
static const char *paren_part(struct audit *au, const char *s)
{
	const char *o = strchr(s, '(');
	size_t open = 1;
	const char *w = strstr(s, "\xef\xbc\x88");
	if (w && (!o || w < o)) {
		o = w;
		open = 3;
	}
	if (!o)
		return NULL;
	o += open;
	size_t n = 0;
	while (o[n] && o[n] != ')' && (unsigned char)o[n] != 0xef && n < 16)
		n++;
	if (!n || n >= 16 || (o[n] != ')' && (unsigned char)o[n] != 0xef))
		return NULL;
	char *k = arena_alloc(au->a, n + 1);
	for (size_t i = 0; i < n; i++)
		k[i] = (char)(o[i] >= 'A' && o[i] <= 'Z' ? o[i] - 'A' + 'a' : o[i]);
	k[n] = '\0';
	struct quantity q;
	return reference_part_figures(au->ref, k, n, "memory", 0, &q, 1, NULL) ? k : NULL;
}

/* A cell of a part's compute with its share of the part's peak in
 * parentheses (`1550 TFLOPS (78.3%)` in the row `FP8 GEMM 8192³ (H800)`,
 * s45-eval S3, ai-infra-notes deepgemm/day7.md:614): the figure over the
 * reference's dense peak of the type the row names must give the share
 * (what a run's share counts against); a warning naming the source. */
static void share_cells(struct audit *au, struct atable *t)
{
	if (!au->ref || t->ncols < 2)
		return;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *label = table_cell(t, r, 0)->plain;
		const char *type = label ? names_type(label) : NULL;
		const char *part = type ? paren_part(au, label) : NULL;
		if (!part)
			continue;
		for (size_t c = 1; c < t->ncols; c++) {
			struct acell *cell = table_cell(t, r, c);
			if (!cell->several || cell->nfig != 2 || t->flagged[r * t->ncols + c])
				continue;
			struct figure f[AUDIT_CELL_FIGURES];
			if (figure_scan(au, cell->src.text, cell->src.len, cell->src.loc, f, AUDIT_CELL_FIGURES) != 2 ||
			    dim_is_none(&f[0].q.dim) || !f[1].q.unit || strcmp(f[1].q.unit, "%"))
				continue;
			struct quantity peak[4];
			const char *source = NULL;
			size_t n = reference_part_figures(au->ref, part, strlen(part), type, 0, peak, 4, &source);
			double share = interval_mid(f[1].q.nominal) / (f[1].q.scale > 0 ? f[1].q.scale : 1);
			int held = 0, agrees = 0;
			for (size_t i = 0; i < n; i++) {
				if (!dim_equal(&peak[i].dim, &f[0].q.dim))
					continue;
				held = 1;
				double got = 100 * interval_mid(f[0].q.nominal) / interval_mid(peak[i].nominal);
				agrees |= fabs(got - share) <= 0.5 + 0.02 * share;
			}
			if (!held || agrees)
				continue;
			t->flagged[r * t->ncols + c] = 1;
			au->sum.findings_reference++;
			struct quantity want = peak[0];
			want.v = want.nominal = interval_point(interval_mid(peak[0].nominal) * share / 100);
			want.written = 0;
			diag_report(DIAG_WARNING, f[0].loc, f[0].width,
				    arena_printf(au->a, "reference data gives the %s's %s as %s (%s)\n%s of it is %s: write "
						 "that, or the share", part, type, figure_text(au, &peak[0]),
						 source ? source : "specbook's built-in reference", figure_text(au, &f[1].q),
						 figure_text(au, &want)),
				    "'%s' of '%s' is %s, which is not %s of the %s's %s peak", t->cols[c].header, label,
				    figure_text(au, &f[0].q), figure_text(au, &f[1].q), part, type);
		}
	}
}

void mine_table(struct audit *au, struct atable *t)
{
	/* the relations of one table and their marks go with it (the
	 * findings are diag's copies): a book of 10,000 tables keeps none */
	struct arena scratch = ARENA_INIT, *keep = au->a;
	au->a = &scratch;
	name_size(au, t);
	no_tensor_cores(au, t);
	share_cells(au, t);
	mine(au, t);
	au->a = keep;
	arena_free(&scratch);
}

/* Is column c a property of the chip itself (its transistors, its die,
 * its compute capability), the same on every card made of one chip? */
static int chip_property(const struct acolumn *col)
{
	static const char *const words[] = { "晶体管", "transistor", "Transistor", "die size", "Die Size", "Die size",
					     "die area", "芯片面积", "核心面积", "compute capability", "Compute Capability",
					     "Compute capability", "计算能力", NULL };
	for (size_t k = 0; words[k]; k++)
		if (strstr(col->header, words[k]))
			return 1;
	return 0;
}

/* Is column g one of chip codes (GH100, GA102, AD104): texts with a
 * model word, some of them repeated? */
static int chip_column(const struct atable *t, size_t g)
{
	const struct acolumn *col = &t->cols[g];
	if (col->mined || (long)g == t->key || col->texts < 3 || col->distinct_texts < 1 ||
	    col->distinct_texts >= col->texts)
		return 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct acell *cell = table_cell(t, r, g);
		if (cell->plain && cell->plain[0] && !cell->has && !table_has_model_word(cell->plain))
			return 0;
	}
	return 1;
}

/* Column c, a chip's property, in the rows of one chip code (column g):
 * when all of a group of three or more rows but one give one figure, the
 * one is off it. */
static void try_chip_constant(struct mine *m, size_t c, size_t g)
{
	struct atable *t = m->t;
	unsigned char *done = arena_array(m->au->a, t->nrows + 1, 1);
	size_t *rows = arena_array(m->au->a, t->nrows + 1, sizeof *rows);
	for (size_t i = 0; i < t->nrows; i++) {
		const char *text = table_cell(t, i, g)->plain;
		if (done[i] || !text || !text[0] || !value(t, i, c))
			continue;
		size_t n = 0;
		for (size_t j = i; j < t->nrows; j++)
			if (!done[j] && value(t, j, c) && !strcmp(table_cell(t, j, g)->plain, text)) {
				rows[n++] = j;
				done[j] = 1;
			}
		if (n < 3)
			continue;
		for (size_t k = 0; k < n; k++) {
			const struct figure *fk = value(t, rows[k], c);
			size_t same = 0;
			for (size_t j = 0; j < n; j++)
				same += figures_agree(m->au, value(t, rows[j], c), fk, 0);
			if (same + 1 < n || same < 2)
				continue;
			struct relation rel = { c, c, c, NO_COLUMN, 'C', interval_mid(fk->q.nominal) / (fk->q.scale > 0 ? fk->q.scale : 1),
						text, g, (int)same, (int)n };
			m->au->sum.relations++;
			for (size_t j = 0; j < n; j++) {
				int ok = figures_agree(m->au, value(t, rows[j], c), fk, 0);
				mark(m, rows[j], c, !ok, &rel, interval_mid(fk->q.nominal), g);
			}
			break;
		}
	}
}

static int double_cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

/* How many of v[0..n) (sorted) are at most s; below s. */
static size_t at_most(const double *v, size_t n, double s)
{
	size_t a = 0, b = n;
	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if (v[mid] <= s)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

static size_t below(const double *v, size_t n, double s)
{
	size_t a = 0, b = n;
	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if (v[mid] < s)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

/* Is a × b an amount of one base dimension, a rate's own dimension
 * cancelled (a time × bytes per second: bytes; not MB × TFLOPS)? */
static int amount(const struct dim *a, const struct dim *b)
{
	int ones = 0, other = 0, cancelled = 0;
	for (int d = 0; d < DIM_MAX; d++) {
		int e = a->e[d] + b->e[d];
		ones += e == 1;
		other += e != 0 && e != 1;
		cancelled += a->e[d] && b->e[d] && !e;
	}
	return ones == 1 && !other && cancelled;
}

/* Tries a × b = one amount in every row but one, of columns of two
 * dimensions with units (a kernel's time × the bandwidth it reached = the
 * bytes it moved, the same for every GPU: 925.027 us × 1741.15 GB/s); the
 * amount the one most rows' products hold, within their digits. */
static void try_product(struct mine *m, size_t a, size_t b)
{
	struct atable *t = m->t;
	size_t n = 0, best_count = 0;
	double best = 0;
	size_t *rows = arena_array(m->au->a, t->nrows, sizeof *rows);
	struct interval *p = arena_array(m->au->a, t->nrows, sizeof *p);
	for (size_t r = 0; r < t->nrows; r++) {
		const struct figure *fa = value(t, r, a), *fb = value(t, r, b);
		if (!fa || !fb)
			continue;
		if (dim_is_none(&fa->q.dim) || dim_is_none(&fb->q.dim) || !fa->q.unit || !fb->q.unit ||
		    !amount(&fa->q.dim, &fb->q.dim))
			return;
		struct interval va = operand(fa), vb = operand(fb);
		p[n] = (struct interval){ va.lo * vb.lo * (1 - MINE_SLACK / 2), va.hi * vb.hi * (1 + MINE_SLACK / 2) };
		rows[n++] = r;
	}
	if (n < 4)
		return;
	/* how many intervals hold each one's middle: the ends sorted, two
	 * binary searches a row (a table of 20,000 rows stays n log n) */
	double *lo = arena_array(m->au->a, n, sizeof *lo), *hi = arena_array(m->au->a, n, sizeof *hi);
	for (size_t i = 0; i < n; i++) {
		lo[i] = p[i].lo;
		hi[i] = p[i].hi;
	}
	qsort(lo, n, sizeof *lo, double_cmp);
	qsort(hi, n, sizeof *hi, double_cmp);
	for (size_t j = 0; j < n; j++) {
		double s = interval_mid(p[j]);
		size_t count = at_most(lo, n, s) - below(hi, n, s);
		if (count > best_count) {
			best_count = count;
			best = s;
		}
	}
	if (best_count < 3 || best_count + 1 < n)
		return;
	struct relation rel = { a, b, a, NO_COLUMN, 'P', best, NULL, 0, (int)best_count, (int)n };
	m->au->sum.relations++;
	for (size_t i = 0; i < n; i++) {
		const struct figure *fa = value(t, rows[i], a), *fb = value(t, rows[i], b);
		int ok = p[i].lo <= best && p[i].hi >= best;
		mark(m, rows[i], a, !ok, &rel, best / interval_mid(operand(fb)), b);
		mark(m, rows[i], b, !ok, &rel, best / interval_mid(operand(fa)), a);
	}
}

/* Is a header a period (`2025`, `2025年`, `FY2024`, `2024 Q3`): its
 * column one step of a series, whose figures change from one to the next
 * (a company's funding by year: `2025` = the total in the rows that raised
 * nothing in 2026 is no pattern, AIInfraWiki)? */
static int period_header(const char *h)
{
	while (*h == ' ' || *h == '*')
		h++;
	if (!strncmp(h, "FY", 2))
		h += 2;
	if (!((h[0] == '1' && h[1] == '9') || (h[0] == '2' && h[1] == '0')) || !(h[2] >= '0' && h[2] <= '9') ||
	    !(h[3] >= '0' && h[3] <= '9'))
		return 0;
	h += 4;
	if (!strncmp(h, "\xe5\xb9\xb4", 3))   /* 年 */
		h += 3;
	while (*h == ' ')
		h++;
	if ((h[0] == 'Q' || h[0] == 'H') && h[1] >= '1' && h[1] <= '4')
		h += 2;
	while (*h == ' ' || *h == '*')
		h++;
	return !*h;
}

/* Does a text name a benchmark or a score (`MMLU`, `HumanEval (0-shot)`,
 * `Pass@1`, `准确率`)?  A model's scores are measured: no ratio or sum
 * ties them (s45-eval, ziliangpeng/world's model cards). */
static int names_score(const char *s)
{
	static const char *const words[] = { "mmlu", "gsm8k", "humaneval", "human-eval", "aime", "math", "hellaswag",
					     "winogrande", "bbh", "mbpp", "truthfulqa", "gpqa", "mt-bench", "ifeval",
					     "livecodebench", "swe-bench", "piqa", "boolq", "lambada", "triviaqa",
					     "c-eval", "ceval", "agieval", "mmmu", "chartqa", "docvqa", "textvqa",
					     "pass@", "score", "accuracy", "arc-c", "arc-e", "arc challenge",
					     "arc-challenge", "准确率", "得分", "评分", "bleu", "rouge", "elo", NULL };
	for (const char *p = s; *p; p++)
		for (size_t k = 0; words[k]; k++)
			if (!audit_casecmp(p, words[k], strlen(words[k])))
				return 1;
	return 0;
}

/* Are most of the table's row names benchmarks (a table of scores
 * written with the models as columns)? */
static int rows_of_scores(const struct atable *t)
{
	size_t k = t->key >= 0 ? (size_t)t->key : 0, n = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *p = table_cell(t, r, k)->plain;
		n += p && names_score(p);
	}
	return t->nrows && 2 * n >= t->nrows;
}

static void mine(struct audit *au, struct atable *t)
{
	size_t numeric[AUDIT_MAX_COLUMNS];
	size_t nn = 0;
	if (rows_of_scores(t))
		return;
	for (size_t c = 0; c < t->ncols && nn < AUDIT_MAX_COLUMNS; c++)
		if (t->cols[c].mined && (long)c != t->key && !period_header(t->cols[c].header) &&
		    !names_score(t->cols[c].header))
			numeric[nn++] = c;
	if (nn < 2 || t->nrows < 2)
		return;
	size_t cells = t->nrows * t->ncols;
	struct mine m = { au, t, arena_array(au->a, cells, sizeof(int)), arena_array(au->a, cells, sizeof(int)),
			  arena_array(au->a, cells, sizeof(struct relation)), arena_array(au->a, cells, sizeof(double)),
			  arena_array(au->a, cells, sizeof(size_t)), 0 };
	size_t *rows = arena_array(au->a, t->nrows, sizeof *rows);
	unsigned char *pair_found = arena_array(au->a, nn * nn, 1);
	for (size_t x = 0; x < nn; x++)
		for (size_t y = x + 1; y < nn; y++) {
			size_t a = numeric[x], b = numeric[y], n = 0;
			/* a ratio between two columns of one dimension (FP8 and
			 * FP16, cores and cores); across dimensions only a derived
			 * column says something */
			if (!same_dimension(t, a, b)) {
				try_product(&m, a, b);
				continue;
			}
			for (size_t r = 0; r < t->nrows; r++)
				if (value(t, r, a) && value(t, r, b))
					rows[n++] = r;
			int found = try_ratio(&m, a, b, rows, n, NULL, 0);
			if (found)
				pair_found[x * nn + y] = pair_found[y * nn + x] = 1;
			if (found || n < 3)
				continue;
			/* no ratio for the whole table: one for each group of rows
			 * with the same text in another column; a small group by
			 * the simple ratio that rows of the table keep */
			size_t simple_count;
			double s = best_simple(t, a, b, rows, n, &simple_count);
			/* figures with units (TFLOPS and TFLOPS), not counts of
			 * two things (slots and pins) that meet by chance */
			int simple_ok = simple_count >= 4 && 2 * simple_count >= n && t->cols[a].has_unit && t->cols[b].has_unit;
			for (size_t g = 0; g < t->ncols; g++) {
				if (t->cols[g].numeric || (long)g == t->key || t->cols[g].distinct_texts < 2 ||
				    t->cols[g].distinct_texts * 2 > t->cols[g].texts)
					continue;
				unsigned char *done = arena_array(au->a, t->nrows, 1);
				for (size_t i = 0; i < n; i++) {
					const char *text = table_cell(t, rows[i], g)->plain;
					if (done[rows[i]] || !text || !text[0] || table_cell(t, rows[i], g)->has)
						continue;
					size_t *members = arena_array(au->a, n, sizeof *members);
					size_t k = 0;
					for (size_t j = i; j < n; j++)
						if (!strcmp(table_cell(t, rows[j], g)->plain, text)) {
							members[k++] = rows[j];
							done[rows[j]] = 1;
						}
					if (k >= MINE_MIN_ROWS)
						try_ratio(&m, a, b, members, k, text, g);
					else if (simple_ok)
						try_group_simple(&m, a, b, members, k, s, text, g);
				}
			}
		}
	/* a chip's own figures on the cards of one chip */
	for (size_t x = 0; x < nn; x++)
		if (chip_property(&t->cols[numeric[x]]))
			for (size_t g = 0; g < t->ncols; g++)
				if (chip_column(t, g))
					try_chip_constant(&m, numeric[x], g);
	/* speed-ups against a row */
	for (size_t x = 0; x < nn; x++)
		for (size_t y = 0; y < nn; y++)
			if (x != y && !pair_found[x * nn + y])
				try_base(&m, numeric[x], numeric[y]);
	/* derived columns among pairs no ratio ties */
	if (nn >= 3 && nn <= 12)
		for (size_t x = 0; x < nn; x++)
			for (size_t y = 0; y < nn; y++)
				for (size_t z = 0; z < nn; z++) {
					if (x == y || y == z || x == z)
						continue;
					size_t a = numeric[x], b = numeric[y], c = numeric[z];
					if (x < y)
						try_derived(&m, a, b, c, NO_COLUMN, '+');
					if (x < y)
						try_derived(&m, a, b, c, NO_COLUMN, '*');
					try_derived(&m, a, b, c, NO_COLUMN, '/');
					/* a product of three: lanes × rate × links */
					for (size_t w = y + 1; nn <= 8 && x < y && w < nn; w++)
						if (w != z)
							try_derived(&m, a, b, c, numeric[w], '*');
				}
	for (size_t r = 0; r < t->nrows; r++) {
		long worst = -1;
		/* the cell that breaks most and keeps none; of those, one the
		 * reference data does not back (a link count seeded beside the
		 * NVLink total the reference gives) */
		for (size_t x = 0; x < nn; x++) {
			size_t i = r * t->ncols + numeric[x];
			if (!m.broken[i] || m.intact[i])
				continue;
			size_t w = worst < 0 ? 0 : r * t->ncols + (size_t)worst;
			if (worst < 0 || (t->vouched[w] && !t->vouched[i]) ||
			    (t->vouched[w] == t->vouched[i] && m.broken[i] >= m.broken[w]))
				worst = (long)numeric[x];
		}
		if (worst >= 0)
			report(&m, r, (size_t)worst);
		/* a second cell of the row that breaks three relations or more and
		 * keeps none is wrong on its own (a row with an odd vendor figure
		 * can hold a slip too) */
		for (size_t x = 0; worst >= 0 && x < nn; x++) {
			size_t i = r * t->ncols + numeric[x];
			if ((long)numeric[x] != worst && m.broken[i] >= 3 && !m.intact[i])
				report(&m, r, numeric[x]);
		}
	}
}
