/*
 * claim.c — spans and claims (see claim.h).
 *
 * A claim is cut into its parts by a scan at parenthesis depth 0: an
 * optional `!`, the stated side, an optional `|` (what comes before it is
 * all the reader sees), one relation, the derivation and an optional
 * trailing `± tolerance`.  Each side is then an expression (expr.c): the
 * stated side read as STATED, the derivation with exact integers.  Whether
 * the claim holds is DESIGN §6 "When a claim holds", written out in
 * claim_holds(); when it does not, claim_hints() looks for the slips that
 * explain most wrong numbers in the notes.
 */
#include "numbers/claim.h"
#include "numbers/format.h"
#include "core/buffer.h"
#include "numbers/literal.h"
#include "core/utf8.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* How close a stated value must come to computed × factor for a hint to
 * name that factor: tighter than the 2.4% between 1000 and 1024, so that a
 * prefix slip is not mistaken for a rounding. */
#define CLAIM_HINT_SLACK 0.005

/* 1.024^n for n = 1 … 6, the steps between a decimal and a binary prefix
 * (prefix_slip(), fill_grade()): the doubles pow(1.024, n) gives, written
 * out so that no claim calls pow() twelve times (test_claim checks them
 * against pow()). */
static const double prefix_step[7] = {
	1, 0x1.0624dd2f1a9fcp+0, 0x1.0c6f7a0b5ed8dp+0, 0x1.12e0be826d695p+0,
	0x1.19799812dea12p+0, 0x1.203af9ee75616p+0, 0x1.2725dd1d243acp+0,
};

enum relation { REL_NONE, REL_EQ, REL_APPROX, REL_LT, REL_GT, REL_LE, REL_GE };

static const char *const relation_text[] = {
	[REL_NONE] = "", [REL_EQ] = "=", [REL_APPROX] = "\xe2\x89\x88", [REL_LT] = "<",
	[REL_GT] = ">", [REL_LE] = "\xe2\x89\xa4", [REL_GE] = "\xe2\x89\xa5",
};

/* The parts of a claim, as byte ranges of the text. */
struct parts {
	int disputed;
	int counterexample;           /* {wrong: …}: disputed, kept off the errata */
	size_t start;                 /* after the `!` */
	enum relation rel;
	size_t rel_off, rel_len;
	size_t bar_off;               /* where `|` stands; 0 when there is none */
	int has_bar;
	size_t stated_off, stated_len;
	size_t deriv_off, deriv_len;
	size_t tol_off, tol_len;      /* after `±`; tol_len 0 when none */
	size_t pm_off;                /* the `±` itself */
};

struct ctx {
	const struct units *u;
	const struct expr_scope *scope;
	double approx;
	struct arena *a;
	const char *text;
	size_t len;
	struct srcloc loc;            /* place of text[0] */
	struct srcloc whole;          /* place of the whole claim, for its verdict */
	int whole_braces;             /* columns its width adds to the text's: 2 for "{}" */
	const struct claim_subject *subject;   /* a rule's row: where a failed verdict goes */
	/* EXPR_PROSE for a span in prose: a syntax error or an unknown name
	 * says how to write a literal brace (EXPR_BRACE_HINT) */
	unsigned prose;
};

/* The width of the whole claim in columns, for a report: counted only
 * when one is made (every span counted it before). */
static int whole_width(const struct ctx *c)
{
	return (int)utf8_length(c->text, c->len) + c->whole_braces;
}

/* Reports a failed verdict: at the claim, or, for a rule checked on a row,
 * once at the row, under the subject's message, the verdict leading the
 * working. */
static void verdict(struct ctx *c, const char *detail, const char *msg)
{
	if (!c->subject) {
		diag_report(DIAG_ERROR, c->whole, whole_width(c), detail, "%s", msg);
		return;
	}
	if (c->subject->quiet)
		return;
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s\n%s", msg, detail ? detail : "");
	diag_report(DIAG_ERROR, c->subject->at, c->subject->width, b.data, "%s",
		    c->subject->message);
	buf_release(&b);
}

static int starts(const char *s, size_t len, size_t i, const char *lit)
{
	size_t n = strlen(lit);
	return len - i >= n && !memcmp(s + i, lit, n);
}

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static void trim(const char *s, size_t *off, size_t *len)
{
	while (*len && is_space(s[*off])) {
		(*off)++;
		(*len)--;
	}
	while (*len && is_space(s[*off + *len - 1]))
		(*len)--;
}

/* Reports at text[off, off+n); syntax: the text does not read as a span
 * (a second relation, a full-width comma), which in prose may mean braces
 * not meant as one ({1, 2, 3}, {甲，乙}): the way out is added. */
static void vreport(struct ctx *c, size_t off, size_t n, const char *detail, int syntax,
		    const char *fmt, va_list ap)
{
	char msg[512];
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (off > c->len)
		off = c->len;
	if (n > c->len - off)
		n = c->len - off;
	struct srcloc loc = units_loc_at(c->loc, c->text, off);
	char both[512];
	if (syntax && c->prose) {
		snprintf(both, sizeof both, "%s%s" EXPR_BRACE_HINT, detail ? detail : "",
			 detail ? "\n" : "");
		detail = both;
	}
	diag_report(DIAG_ERROR, loc, (int)utf8_length(c->text + off, n), detail, "%s", msg);
}

static void report(struct ctx *c, size_t off, size_t n, const char *detail, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void report(struct ctx *c, size_t off, size_t n, const char *detail, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(c, off, n, detail, 0, fmt, ap);
	va_end(ap);
}

static void syntax_error(struct ctx *c, size_t off, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void syntax_error(struct ctx *c, size_t off, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(c, off, n, NULL, 1, fmt, ap);
	va_end(ap);
}

static int rel_is_order(enum relation r)
{
	return r == REL_LT || r == REL_GT || r == REL_LE || r == REL_GE;
}

/* Returns the relation at i (and its length), or REL_NONE. */
static enum relation relation_at(const char *s, size_t len, size_t i, size_t *n)
{
	*n = 3;
	if (starts(s, len, i, "\xe2\x89\x88"))
		return REL_APPROX;
	if (starts(s, len, i, "\xe2\x89\xa4"))
		return REL_LE;
	if (starts(s, len, i, "\xe2\x89\xa5"))
		return REL_GE;
	*n = 2;
	if (starts(s, len, i, "~="))
		return REL_APPROX;
	if (starts(s, len, i, "<="))
		return REL_LE;
	if (starts(s, len, i, ">="))
		return REL_GE;
	*n = 1;
	if (s[i] == '<')
		return REL_LT;
	if (s[i] == '>' && !(i > 0 && s[i - 1] == '-'))
		return REL_GT;
	if (s[i] == '=')
		return REL_EQ;
	return REL_NONE;
}

/* The bytes a relation (relation_at()) or a `±` starts with.  The other
 * bytes of a claim, its names, digits and units, are passed over without
 * relation_at()'s six comparisons each. */
static const unsigned char relation_initial[256] = {
	['='] = 1, ['<'] = 1, ['>'] = 1, ['~'] = 1, [0xe2] = 1, [0xc2] = 1,
};

/* Cuts the text into parts.  Returns 0, or -1 after reporting. */
static int split(struct ctx *c, struct parts *p)
{
	const char *s = c->text;
	size_t len = c->len, i = 0;
	memset(p, 0, sizeof *p);
	while (i < len && is_space(s[i]))
		i++;
	if (i < len && s[i] == '!') {
		p->disputed = 1;
		i++;
	} else if (len - i >= 6 && !memcmp(s + i, "wrong:", 6)) {
		/* a deliberate counterexample: checked NOT to hold, as a disputed
		 * claim is, but the book's own teaching, not a source's slip */
		p->disputed = p->counterexample = 1;
		i += 6;
		while (i < len && is_space(s[i]))
			i++;
	}
	p->start = i;
	int depth = 0;
	for (; i < len; i++) {
		char ch = s[i];
		if (ch == '(') {
			depth++;
			continue;
		}
		if (ch == ')') {
			depth--;
			continue;
		}
		if (depth)
			continue;
		if (ch == '|' && !p->has_bar && p->rel == REL_NONE) {
			p->has_bar = 1;
			p->bar_off = i;
			continue;
		}
		if (!relation_initial[(unsigned char)ch])
			continue;
		size_t n;
		enum relation r = relation_at(s, len, i, &n);
		if (r == REL_NONE) {
			if (starts(s, len, i, "\xc2\xb1") && p->rel != REL_NONE && !p->pm_off) {
				p->pm_off = i;
				p->tol_off = i + 2;
				p->tol_len = len - p->tol_off;
			}
			continue;
		}
		if (p->rel != REL_NONE) {
			syntax_error(c, i, n, "a claim has one relation; '%s' is a second one",
			             arena_strndup(c->a, s + i, n));
			return -1;
		}
		p->rel = r;
		p->rel_off = i;
		p->rel_len = n;
		i += n - 1;
	}
	if (p->has_bar && p->rel == REL_NONE) {
		syntax_error(c, p->bar_off, 1, "expected a relation (=, \xe2\x89\x88, <, >, "
		             "\xe2\x89\xa4, \xe2\x89\xa5) after '|'");
		return -1;
	}
	if (p->has_bar) {
		size_t between = p->bar_off + 1;
		while (between < p->rel_off && is_space(s[between]))
			between++;
		if (between != p->rel_off) {
			syntax_error(c, between, p->rel_off - between,
			             "after '|' comes the relation, then the derivation");
			return -1;
		}
	}
	if (p->rel == REL_NONE) {
		p->stated_off = p->start;
		p->stated_len = len - p->start;
		trim(s, &p->stated_off, &p->stated_len);
		return 0;
	}
	p->stated_off = p->start;
	p->stated_len = (p->has_bar ? p->bar_off : p->rel_off) - p->start;
	trim(s, &p->stated_off, &p->stated_len);
	p->deriv_off = p->rel_off + p->rel_len;
	p->deriv_len = (p->pm_off ? p->pm_off : len) - p->deriv_off;
	trim(s, &p->deriv_off, &p->deriv_len);
	trim(s, &p->tol_off, &p->tol_len);
	if (!p->stated_len) {
		syntax_error(c, p->rel_off, p->rel_len, "expected a stated value before '%s'",
		             relation_text[p->rel]);
		return -1;
	}
	if (!p->deriv_len) {
		syntax_error(c, p->rel_off, p->rel_len, "expected a derivation after '%s'",
		             relation_text[p->rel]);
		return -1;
	}
	if (p->pm_off && !p->tol_len) {
		syntax_error(c, p->pm_off, 2, "expected a tolerance after '\xc2\xb1'");
		return -1;
	}
	return 0;
}

/* Parses and evaluates text[off, off+len) as an expression. */
static struct expr *side(struct ctx *c, size_t off, size_t len, unsigned flags,
			 struct quantity *q)
{
	struct srcloc loc = units_loc_at(c->loc, c->text, off);
	struct expr *e = expr_parse(c->u, c->a, c->text + off, len, loc, flags | c->prose);
	if (!e || expr_eval(e, c->scope, q) < 0)
		return NULL;
	return e;
}

/* The tolerance of a claim: relative (5% → 0.05) or absolute (0.1 TB). */
struct tolerance {
	int absolute;
	double relative;
	struct quantity amount;
};

static int read_tolerance(struct ctx *c, const struct parts *p, struct tolerance *t)
{
	struct literal lit;
	struct srcloc loc = units_loc_at(c->loc, c->text, p->tol_off);
	int rc = literal_parse(c->u, c->a, c->text + p->tol_off, p->tol_len, loc,
			       LITERAL_UNIT | LITERAL_EXACT | LITERAL_NO_RANGE, &lit);
	if (rc < 0)
		return -1;
	if (rc == 0 || lit.len != p->tol_len || lit.q.v.lo < 0) {
		syntax_error(c, p->tol_off, p->tol_len,
		             "expected a tolerance like 5%% or 0.1 TB after '\xc2\xb1', not '%s'",
		             arena_strndup(c->a, c->text + p->tol_off, p->tol_len));
		return -1;
	}
	memset(t, 0, sizeof *t);
	if (dim_is_none(&lit.q.dim)) {
		t->relative = interval_mid(lit.q.nominal);
	} else {
		t->absolute = 1;
		t->amount = lit.q;
	}
	return 0;
}

/* Widens x by a relative fraction f of its own ends, rounding outward. */
static struct interval widen_rel(struct interval x, double f)
{
	struct interval r;
	r.lo = nextafter(x.lo - fabs(x.lo) * f, -INFINITY);
	r.hi = nextafter(x.hi + fabs(x.hi) * f, INFINITY);
	return r;
}

/* The stated interval a claim compares with: widened for ≈ and for ±. */
static struct interval stated_interval(const struct ctx *c, enum relation rel,
				       const struct quantity *s, const struct tolerance *t,
				       int has_tol)
{
	if (has_tol && t->absolute) {
		struct interval r = { nextafter(s->v.lo - t->amount.v.hi, -INFINITY),
				      nextafter(s->v.hi + t->amount.v.hi, INFINITY) };
		return r;
	}
	if (has_tol)
		return widen_rel(s->v, t->relative);
	if (rel == REL_APPROX)
		return widen_rel(s->v, c->approx);
	return s->v;
}

/* DESIGN §6 "When a claim holds". */
static int claim_holds(enum relation rel, struct interval stated, const struct quantity *s,
		       const struct quantity *computed)
{
	struct interval cv = computed->v;
	switch (rel) {
	case REL_EQ:
	case REL_APPROX:
		return interval_overlaps(stated, cv);
	case REL_LT:
		return s->nominal.hi < cv.lo;
	case REL_LE:
		return s->nominal.hi <= cv.lo;
	case REL_GT:
		return s->nominal.lo > cv.hi;
	case REL_GE:
		return s->nominal.lo >= cv.hi;
	case REL_NONE:
		break;
	}
	return 0;
}

/* The computed value shown in the stated side's unit. */
static struct quantity in_stated_unit(const struct quantity *s, const struct quantity *computed)
{
	struct quantity r = *computed;
	if (s->unit)
		quantity_set_unit(&r, s->unit, s->scale);
	return r;
}

/* Does q's dimension use the unit symbol's (with sign > 0: in its
 * numerator, sign < 0: in its denominator, 0: either)?  Asked of every
 * claim (fill_grade()): the symbol is looked up as one atom, not parsed. */
static int dim_uses(const struct units *u, const struct quantity *q, const char *symbol,
		    int sign)
{
	struct dim d;
	if (!units_symbol_dim(u, symbol, &d))
		return 0;
	for (int i = 0; i < DIM_MAX; i++)
		if (d.e[i] && q->dim.e[i] && (sign == 0 || (q->dim.e[i] > 0) == (sign > 0)))
			return 1;
	return 0;
}

static int has_information(const struct units *u, const struct quantity *q)
{
	/* the information dimension is the one whose symbol is B */
	return dim_uses(u, q, "B", 0);
}

/* Does stated overlap computed × f? */
static int matches_factor(struct interval stated, const struct quantity *computed, double f)
{
	struct interval x;
	if (interval_scale(computed->v, f, &x))
		return 0;
	return interval_overlaps(widen_rel(stated, CLAIM_HINT_SLACK), x);
}

/*
 * Returns n in 1..6 when the stated interval matches computed × 1.024^±n
 * (the sign in *dir): a decimal prefix read as a binary one, or back.
 */
static int prefix_slip(struct interval stated, const struct quantity *computed, int *dir)
{
	/* The steps of 1.024^n lie 2.4% apart, so a coarse stated value (7 GB
	 * is 6.5–7.5) overlaps some step by chance: the stated midpoint must
	 * also be within a quarter step of it (real slips land within 0.1%). */
	double mid = (stated.lo + stated.hi) / 2;
	double cmid = (computed->v.lo + computed->v.hi) / 2;
	for (int n = 1; n <= 6; n++) {
		double f = prefix_step[n];
		for (*dir = -1; *dir <= 1; *dir += 2) {
			double g = *dir > 0 ? f : 1 / f;
			if (matches_factor(stated, computed, g) && cmid != 0 &&
			    fabs(mid / (cmid * g) - 1) < 0.006)
				return n;
		}
	}
	return 0;
}

/* With kinds: the stated kind or the computed one may be the other kind of
 * a relation, its value times the relation's factor (a sparse figure
 * written as dense).  Appends a hint naming the slip (to b unless NULL);
 * returns how many it found, and sets *first (unless NULL) to the slip of
 * the first (or "the stated value is the sparse figure" without one). */
static int kind_hints(struct ctx *c, struct buf *b, struct interval stated,
		      const struct quantity *s, const struct quantity *computed, const char **first)
{
	int found = 0;
	for (int f = 0; f < KIND_FAMILIES; f++) {
		int k = computed->kind[f] ? computed->kind[f] : s->kind[f];
		if (!k)
			continue;
		for (int other = 1; other <= units_kind_count(c->u); other++) {
			if (other == k || units_kind_family(c->u, other) != f)
				continue;
			double g = units_kind_factor(c->u, k, other);
			if (g == 0)
				continue;
			if (!matches_factor(stated, computed, g))
				continue;
			found++;
			const char *slip = units_kind_slip(c->u, k, other);
			if (first && found == 1)
				*first = slip ? slip : arena_printf(c->a, "the stated value is the %s "
								    "figure", units_kind_name(c->u, other));
			if (!b)
				continue;
			buf_addf(b, "\nhint: the stated value is the %s figure (%g\xc3\x97 %s)%s%s%s",
				 units_kind_name(c->u, other), g, units_kind_name(c->u, k),
				 slip ? " \xe2\x80\x94 " : "", slip ? slip : "", slip ? "?" : "");
		}
	}
	return found;
}

/*
 * Appends "hint: …" lines for the well-known slips that explain the gap.
 * Returns the binary-twin text for a correction ("181.9 TiB") or NULL.
 */
static const char *claim_hints(struct ctx *c, struct buf *b, struct interval stated,
			       const struct quantity *s, const struct quantity *computed)
{
	const char *twin_text = NULL;
	struct quantity shown = in_stated_unit(s, computed);
	const char *cv = format_quantity(c->a, c->u, &shown, 0);
	int info = has_information(c->u, computed);
	int dir, n = info ? prefix_slip(stated, computed, &dir) : 0;
	double tscale;
	const char *twin = n && shown.unit ?
		units_binary_twin(c->u, c->a, shown.unit, &tscale) : NULL;
	if (twin) {
		struct quantity t = *computed;
		quantity_set_unit(&t, twin, tscale);
		twin_text = format_quantity(c->a, c->u, &t, 0);
		buf_addf(b, "\nhint: %s is %s \xe2\x80\x94 a decimal/binary prefix slip?", cv,
			 twin_text);
	} else if (n) {
		buf_addf(b, "\nhint: the %s value is 1.024^%d\xc3\x97 the %s one "
			 "\xe2\x80\x94 a decimal/binary prefix slip?",
			 dir > 0 ? "stated" : "computed", n, dir > 0 ? "computed" : "stated");
	}
	struct {
		double f;
		const char *ratio;
		const char *why;
	} factors[] = {
		{ 8, "8\xc3\x97 the computed one", "bits vs bytes (\xc3\x97" "8)" },
		{ 1.0 / 8, "1/8 of the computed one", "bits vs bytes (\xc3\x97" "8)" },
		{ 2, "2\xc3\x97 the computed one", NULL },
		{ 0.5, "half the computed one", NULL },
		{ 1000, "1000\xc3\x97 the computed one",
			"a factor of 10^3 (a prefix off by one step)" },
		{ 0.001, "1/1000 of the computed one",
			"a factor of 10^3 (a prefix off by one step)" },
	};
	for (size_t k = 0; k < sizeof factors / sizeof *factors; k++) {
		if (k < 2 && !info)
			continue;
		if (!matches_factor(stated, computed, factors[k].f))
			continue;
		const char *why = factors[k].why;
		/* a ×2 the kinds explain by name (kind_hints()) needs no guess */
		if (!why && kind_hints(c, NULL, stated, s, computed, NULL))
			continue;
		if (!why) {
			if (dim_uses(c->u, computed, "FLOP", 1))
				why = "dense vs sparse (\xc3\x97" "2)";
			else if (info && dim_uses(c->u, computed, "s", -1))
				why = "per direction vs both directions (\xc3\x97" "2)";
			else
				why = "a factor of 2";
		}
		buf_addf(b, "\nhint: the stated value is %s \xe2\x80\x94 %s?",
			 factors[k].ratio, why);
	}
	return twin_text;
}

/* Display width of s in terminal columns (CJK takes two). */
static int text_width(const char *s)
{
	int w = 0;
	size_t len = strlen(s);
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);
		w += utf8_width(cp);
		i += (size_t)(n > 0 ? n : 1);
	}
	return w;
}

static void add_padded(struct buf *b, const char *s, int width)
{
	buf_adds(b, s);
	for (int w = text_width(s); w < width; w++)
		buf_addch(b, ' ');
}

/* Writes the "stated … / computed …" lines of a verdict. */
static void describe(struct ctx *c, struct buf *b, enum relation rel, const char *stated_text,
		     const char *deriv_text, const struct quantity *s, struct interval sw,
		     const struct quantity *computed, const struct tolerance *t, int has_tol)
{
	int w = text_width(stated_text), w2 = text_width(deriv_text);
	if (w2 > w)
		w = w2;
	int ineq = rel != REL_EQ && rel != REL_APPROX;
	struct quantity shown = in_stated_unit(s, computed);
	char *sv, *cv;
	/* two different values never read the same: as many digits as show the gap */
	format_apart(c->a, c->u, s, &shown, FORMAT_INTERVAL, &sv, &cv);
	if (ineq)
		sv = format_quantity(c->a, c->u, s, 0);
	int widened_too = !ineq && (rel == REL_APPROX || has_tol);
	buf_adds(b, "stated   ");
	if (strcmp(sv, stated_text)) {
		add_padded(b, stated_text, w);
		buf_adds(b, " = ");
		buf_adds(b, sv);
	} else {
		buf_adds(b, stated_text);
	}
	if (widened_too) {
		struct quantity widened = *s;
		widened.v = sw;
		if (has_tol && t->absolute)
			buf_addf(b, ", \xc2\xb1 %s: ", format_quantity(c->a, c->u, &t->amount, 0));
		else
			buf_addf(b, ", within %g%%: ", (has_tol ? t->relative : c->approx) * 100);
		buf_adds(b, format_quantity(c->a, c->u, &widened, FORMAT_INTERVAL));
	}
	buf_adds(b, "\ncomputed ");
	if (strcmp(cv, deriv_text)) {
		add_padded(b, deriv_text, w);
		buf_adds(b, " = ");
		buf_adds(b, cv);
	} else {
		buf_adds(b, deriv_text);
	}
	if (ineq)
		buf_addf(b, "\nbut      %s is not %s %s", format_quantity(c->a, c->u, s, 0),
			 relation_text[rel], interval_is_point(computed->v) ?
			 cv : arena_printf(c->a, "every value in %s", cv));
}

/* Adds pieces for text[from, to) with the resolved names of the expressions
 * (whose texts start at the given offsets) replaced by their values. */
struct pieces {
	struct span_piece *items;
	size_t n, cap;
};

static void piece_add(struct ctx *c, struct pieces *ps, const char *text, size_t len,
		      const char *table, const char *row)
{
	if (!len)
		return;
	if (!table && ps->n && !ps->items[ps->n - 1].table) {
		struct span_piece *last = &ps->items[ps->n - 1];
		last->text = arena_printf(c->a, "%s%.*s", last->text, (int)len, text);
		return;
	}
	if (ps->n == ps->cap) {
		size_t ncap = ps->cap ? 2 * ps->cap : 8;
		struct span_piece *ni = arena_array(c->a, ncap, sizeof *ni);
		if (ps->n)
			memcpy(ni, ps->items, ps->n * sizeof *ni);
		ps->items = ni;
		ps->cap = ncap;
	}
	struct span_piece *p = &ps->items[ps->n++];
	p->text = arena_strndup(c->a, text, len);
	p->table = table;
	p->row = row;
}

static void pieces_of(struct ctx *c, struct pieces *ps, size_t from, size_t to,
		      struct expr *const *exprs, const size_t *offs, int nexprs)
{
	size_t pos = from;
	for (int k = 0; k < nexprs; k++) {
		if (!exprs[k])
			continue;
		size_t n;
		struct expr_node **names = expr_resolved(exprs[k], c->a, &n);
		for (size_t i = 0; i < n; i++) {
			size_t off = offs[k] + names[i]->off;
			if (off < pos || off + names[i]->len > to)
				continue;
			piece_add(c, ps, c->text + pos, off - pos, NULL, NULL);
			const char *v = expr_shown(exprs[k], names[i]);
			const char *table = names[i]->ref.table ? names[i]->ref.table : "";
			piece_add(c, ps, v, strlen(v), table, names[i]->ref.row);
			pos = off + names[i]->len;
		}
	}
	piece_add(c, ps, c->text + pos, to - pos, NULL, NULL);
}

/* A claim comparing two kinds of one family.  Reports it; returns -1. */
static int kind_mismatch(struct ctx *c, const struct parts *p, struct expr *se, struct expr *de,
			 const struct quantity *s, const struct quantity *computed, int ks, int kc)
{
	const char *sk = units_kind_name(c->u, ks), *ck = units_kind_name(c->u, kc);
	struct buf b = BUF_INIT;
	struct quantity shown = in_stated_unit(s, computed);
	/* the kind in parentheses, unless the stated text ends with its name */
	const char *st = expr_show(se, c->a);
	size_t stn = strlen(st), skn = strlen(sk);
	int named = stn > skn && st[stn - skn - 1] == ' ' && !strcmp(st + stn - skn, sk);
	buf_addf(&b, "stated   %s%s%s%s\ncomputed %s = %s (%s)", st, named ? "" : " (",
		 named ? "" : sk, named ? "" : ")", expr_show(de, c->a),
		 format_quantity(c->a, c->u, &shown, 0), ck);
	double g = units_kind_factor(c->u, kc, ks);
	const char *slip = units_kind_slip(c->u, ks, kc);
	if (g != 0) {
		struct quantity conv = shown;
		struct quantity k = quantity_number(g);
		if (!quantity_mul(c->a, shown, k, &conv))
			buf_addf(&b, "\nhint: as %s, the computed value is %s: write '%.*s as %s' "
				 "if the relation applies", sk, format_quantity(c->a, c->u, &conv, 0),
				 (int)p->deriv_len, c->text + p->deriv_off, sk);
		if (slip)
			buf_addf(&b, "\nhint: %s?", slip);
	} else {
		int inverse;
		const char *column = units_kind_column(c->u, kc, ks, &inverse);
		if (column)
		{
			/* `(x as per-superchip of gb200) as per-gpu of ROW`: one 'as' a side */
			const char *d = expr_show(de, c->a);
			int wrap = strstr(d, " as ") != NULL;
			buf_addf(&b, "\nhint: %s is %s %s %s, and %s is a row's: write '%s%.*s%s as %s "
				 "of ROW' with the row whose %s applies", inverse ? ck : sk, column,
				 "\xc3\x97", inverse ? sk : ck, column, wrap ? "(" : "",
				 (int)p->deriv_len, c->text + p->deriv_off, wrap ? ")" : "", sk, column);
		}
		else
			buf_addf(&b, "\nhint: no relation links %s to %s", sk, ck);
		if (slip)
			buf_addf(&b, "\nhint: %s?", slip);
	}
	verdict(c, b.data, arena_printf(c->a, "claim compares a %s value with a %s one", sk, ck));
	buf_release(&b);
	return -1;
}

/* Significant digits of the first number at text (`0.50` has 2, `2×` 1). */
static int sig_digits(const char *t, size_t len)
{
	int n = 0, lead = 1;
	for (size_t i = 0; i < len; i++) {
		char ch = t[i];
		if (ch == ',' || ch == '.')
			continue;
		if (ch < '0' || ch > '9')
			break;
		if (ch == '0' && lead)
			continue;
		lead = 0;
		n++;
	}
	return n;
}

/* The first number of e written with one or two significant digits whose
 * value is not exact (its digits' rounding counts), or NULL. */
static const struct expr_node *short_operand(const struct expr *e, const struct expr_node *n)
{
	if (!n)
		return NULL;
	if (n->kind == EXPR_NUMBER && !interval_is_point(n->value.v) &&
	    sig_digits(e->text + n->off, n->len) <= 2)
		return n;
	const struct expr_node *r = short_operand(e, n->lhs);
	for (size_t i = 0; !r && i < n->nargs; i++)
		r = short_operand(e, n->args[i]);
	return r ? r : short_operand(e, n->rhs);
}

/*
 * A claim that holds only because a number of one or two digits may be
 * anything it rounds from: `{2× ≈ 12.4 GB/s / 7.45 GB/s}` holds with 2×
 * read as 1.5–2.5×, but the ratio is 1.66.  Warns, naming the number.
 */
static void slack_warning(struct ctx *c, const struct parts *p, struct expr *se,
			  struct expr *de, const struct quantity *s,
			  const struct quantity *computed, const struct tolerance *t, int has_tol)
{
	(void)p;
	if (c->subject && c->subject->quiet)
		return;
	/* read exactly, within the claim's tolerance (the book's for = as well:
	 * `{5.5% = 37B / 671B}` is a fair rounding of 5.51%) */
	struct quantity sn = *s, cn = *computed;
	sn.v = sn.nominal;
	cn.v = cn.nominal;
	struct interval sw = stated_interval(c, REL_APPROX, &sn, t, has_tol);
	if (claim_holds(REL_APPROX, sw, &sn, &cn))
		return;
	const struct expr *owner = se;
	const struct expr_node *n = short_operand(se, se->root);
	if (!n) {
		owner = de;
		n = short_operand(de, de->root);
	}
	if (!n)
		return;
	struct quantity shown = in_stated_unit(s, computed);
	shown.v = shown.nominal;
	char *detail = arena_printf(c->a, "'%.*s' may be %s as written; the computed value is %s\n"
				    "hint: write the figure with the digits it has (2.0, 1.66), or mark the "
				    "tolerance (\xc2\xb1 25%%)", (int)n->len, owner->text + n->off,
				    format_quantity(c->a, c->u, &n->value, FORMAT_INTERVAL),
				    format_quantity(c->a, c->u, &shown, 0));
	diag_report(DIAG_WARNING, c->whole, whole_width(c), detail,
		    "claim holds only within the rounding of a %d-digit number",
		    sig_digits(owner->text + n->off, n->len));
}

/* Appends a slip to g (the array has room: fill_grade() sizes it). */
static void add_slip(struct span_grade *g, enum span_slip_kind kind, double factor)
{
	g->slips[g->nslips].kind = kind;
	g->slips[g->nslips].factor = factor;
	g->nslips++;
}

/* The most slips fill_grade() adds: 12 prefix steps (1.024^±n, n up to 6
 * as prefix_slip() looks), 2 bits/bytes, 2 of ×2, 2 of 10^3. */
#define GRADE_MAX_SLIPS 18

/* Fills what a quiz needs to grade a typed answer to this claim (span.h):
 * the computed interval and the tolerance in the stated unit, and the
 * slips claim_hints() names, as factors of the computed value. */
static void fill_grade(struct ctx *c, enum relation rel, const struct quantity *s,
		       const struct quantity *computed, const struct tolerance *t, int has_tol,
		       struct span_grade *g)
{
	double scale = s->unit && s->scale > 0 ? s->scale : 1;
	memset(g, 0, sizeof *g);
	g->ok = 1;
	g->unit = s->unit ? s->unit : "";
	g->lo = computed->v.lo / scale;
	g->hi = computed->v.hi / scale;
	if (has_tol && t->absolute)
		g->abs_tol = t->amount.v.hi / scale;
	else if (has_tol)
		g->tol = t->relative;
	else if (rel == REL_APPROX)
		g->tol = c->approx;
	g->slips = arena_array(c->a, GRADE_MAX_SLIPS, sizeof *g->slips);
	int info = has_information(c->u, computed);
	for (int n = 1; info && n <= 6; n++) {
		double f = prefix_step[n];
		add_slip(g, SLIP_PREFIX, 1 / f);
		add_slip(g, SLIP_PREFIX, f);
	}
	if (info) {
		add_slip(g, SLIP_BITS, 8);
		add_slip(g, SLIP_BITS, 1.0 / 8);
	}
	enum span_slip_kind twice = dim_uses(c->u, computed, "FLOP", 1) ? SLIP_SPARSE
		: info && dim_uses(c->u, computed, "s", -1) ? SLIP_DIRECTION : SLIP_DOUBLE;
	add_slip(g, twice, 2);
	add_slip(g, twice, 0.5);
	add_slip(g, SLIP_THOUSAND, 1000);
	add_slip(g, SLIP_THOUSAND, 0.001);
}

/* The verdict on a parsed claim.  Returns 0 or -1 after reporting; fills the
 * claim fields of out when it is not NULL. */
static int judge(struct ctx *c, const struct parts *p, struct span *out)
{
	struct quantity s, computed;
	struct expr *se = side(c, p->stated_off, p->stated_len, EXPR_STATED, &s);
	if (!se)
		return -1;
	struct expr *de = side(c, p->deriv_off, p->deriv_len, 0, &computed);
	if (!de)
		return -1;
	struct tolerance t = { 0, 0, { { 0, 0 }, { 0, 0 }, { { 0 } }, NULL, 1, { 0 }, 0 } };
	int has_tol = p->tol_len > 0;
	if (has_tol && read_tolerance(c, p, &t) < 0)
		return -1;
	if (has_tol && rel_is_order(p->rel)) {
		report(c, p->pm_off, 2, NULL, "a tolerance goes with = or \xe2\x89\x88, not with "
		       "'%s'", relation_text[p->rel]);
		return -1;
	}
	if (!dim_equal(&s.dim, &computed.dim)) {
		report(c, p->rel_off, p->rel_len, NULL, "cannot compare %s with %s",
		       format_unit_name(c->a, c->u, &s),
		       format_unit_name(c->a, c->u, &computed));
		return -1;
	}
	if (has_tol && t.absolute && !dim_equal(&t.amount.dim, &s.dim)) {
		report(c, p->tol_off, p->tol_len, NULL, "a tolerance in %s for a value in %s",
		       format_unit_name(c->a, c->u, &t.amount),
		       format_unit_name(c->a, c->u, &s));
		return -1;
	}
	struct interval sw = stated_interval(c, p->rel, &s, &t, has_tol);
	int ks = 0, kc = 0;
	for (int f = 0; f < KIND_FAMILIES && !ks; f++)
		if (s.kind[f] && computed.kind[f] && s.kind[f] != computed.kind[f]) {
			ks = s.kind[f];
			kc = computed.kind[f];
		}
	if (ks && !p->disputed)
		return kind_mismatch(c, p, se, de, &s, &computed, ks, kc);
	int holds = !ks && claim_holds(p->rel, sw, &s, &computed);
	const char *stated_text = expr_show(se, c->a);
	const char *deriv_text = expr_show(de, c->a);
	struct quantity shown = in_stated_unit(&s, &computed);
	struct buf detail = BUF_INIT;
	int rc = 0;
	const char *twin = NULL, *value_slip = NULL;
	if (holds == p->disputed) {
		describe(c, &detail, p->rel, stated_text, deriv_text, &s, sw, &computed, &t,
			 has_tol);
		if (p->counterexample) {
			buf_adds(&detail, "\nhint: a counterexample must be wrong; if the statement is right "
				 "now, it is no counterexample: remove 'wrong:' or choose a wrong one");
			verdict(c, detail.data, "counterexample holds");
		} else if (p->disputed) {
			buf_adds(&detail, "\nhint: remove the '!' if the figure is right");
			verdict(c, detail.data, "disputed claim holds");
		} else {
			if (p->rel == REL_EQ || p->rel == REL_APPROX) {
				claim_hints(c, &detail, sw, &s, &computed);
				kind_hints(c, &detail, sw, &s, &computed, NULL);
			}
			verdict(c, detail.data, "claim does not hold");
		}
		rc = -1;
	} else if (p->disputed && (p->rel == REL_EQ || p->rel == REL_APPROX)) {
		struct buf scratch = BUF_INIT;
		twin = claim_hints(c, &scratch, sw, &s, &computed);
		if (!ks)
			kind_hints(c, NULL, sw, &s, &computed, &value_slip);
		buf_release(&scratch);
	} else if (!p->disputed && (p->rel == REL_EQ || p->rel == REL_APPROX)) {
		slack_warning(c, p, se, de, &s, &computed, &t, has_tol);
	}
	buf_release(&detail);
	if (rc < 0 || !out)
		return rc;
	out->kind = SPAN_CLAIM;
	out->disputed = p->disputed && !p->counterexample;
	out->counterexample = p->counterexample;
	out->relation = relation_text[p->rel];
	out->stated = stated_text;
	out->derivation = deriv_text;
	out->computed = format_quantity(c->a, c->u, &shown, 0);
	if (!p->disputed && (p->rel == REL_EQ || p->rel == REL_APPROX))
		fill_grade(c, p->rel, &s, &computed, &t, has_tol, &out->grade);
	if (p->disputed) {
		/* in the unit the derivation asks for (`-> GHz`), else the stated one */
		struct quantity cq = de->root->kind == EXPR_CONVERT ? computed : shown;
		const char *cv = format_quantity(c->a, c->u, &cq, 0);
		if (ks) {   /* a kind confusion: the kind it really is, and the slip */
			out->correction = arena_printf(c->a, "%s %s", cv, units_kind_name(c->u, kc));
			out->slip = units_kind_slip(c->u, ks, kc);
		} else if (twin) {
			out->correction = arena_printf(c->a, "%s (%s)", cv, twin);
		} else {
			out->correction = cv;
			out->slip = value_slip;   /* the stated value is another kind's */
		}
	}
	struct pieces ps = { NULL, 0, 0 };
	struct expr *exprs[2] = { se, de };
	size_t offs[2] = { p->stated_off, p->deriv_off };
	if (p->has_bar || (p->disputed && !p->counterexample)) {
		pieces_of(c, &ps, p->stated_off, p->stated_off + p->stated_len, exprs, offs, 1);
	} else {
		size_t end = c->len;
		while (end > p->stated_off && is_space(c->text[end - 1]))
			end--;
		pieces_of(c, &ps, p->stated_off, end, exprs, offs, 2);
	}
	out->pieces = ps.items;
	out->npieces = ps.n;
	return 0;
}

static int value_span(struct ctx *c, const struct parts *p, struct span *out)
{
	struct quantity q;
	struct expr *e = side(c, p->stated_off, p->stated_len, 0, &q);
	if (!e)
		return -1;
	/* {2}, {0}, {b}: braces of LaTeX or of code written in prose, not a
	 * value (x^{2} showed as x^2, {b} as "1 b") */
	const struct expr_node *bare = e->root;
	if (bare->kind == EXPR_NUMBER && !bare->value.unit) {
		diag_report(DIAG_ERROR, c->whole, whole_width(c),
			    "hint: a quantity needs a number and a unit ({96 GB}), a value a spec name "
			    "({h100_sxm.memory}); write \\{ for a literal brace",
			    "a bare number in braces is not a span");
		return -1;
	}
	if (bare->kind == EXPR_UNIT || (bare->kind == EXPR_NAME && bare->maybe_unit && !bare->resolved)) {
		diag_report(DIAG_ERROR, c->whole, whole_width(c),
			    "hint: a quantity needs a number and a unit ({96 GB}), a value a spec name "
			    "({h100_sxm.memory}); write \\{ for a literal brace",
			    "a bare unit in braces is not a span");
		return -1;
	}
	memset(out, 0, sizeof *out);
	out->kind = SPAN_VALUE;
	out->computed = format_quantity(c->a, c->u, &q, 0);
	struct expr_node *root = e->root;
	if (root->kind == EXPR_CONVERT)
		root = root->lhs;
	struct pieces ps = { NULL, 0, 0 };
	if (root->kind == EXPR_NAME && root->resolved)
		piece_add(c, &ps, out->computed, strlen(out->computed),
			  root->ref.table ? root->ref.table : "", root->ref.row);
	else
		piece_add(c, &ps, out->computed, strlen(out->computed), NULL, NULL);
	out->pieces = ps.items;
	out->npieces = ps.n;
	return 0;
}

static int typed_characters(struct ctx *c);

/* Returns -1 after reporting a character a span cannot hold that an
 * author types by accident, with what to type instead: a full-width form
 * (an IME left on: １２３, ＝, （ ) or a no-break or thin space inside a
 * number (1 000, as typeset); else 0. */
static int typed_by_accident(struct ctx *c)
{
	/* a number typed with the input method left on ({１２３ GB}) was meant
	 * as a span; braces around Chinese words ({甲，乙}) perhaps not */
	int has_digit = 0;
	for (size_t k = 0; k < c->len && !has_digit; k++)
		has_digit = (c->text[k] >= '0' && c->text[k] <= '9') ||
			(k + 2 < c->len && !memcmp(c->text + k, "\xef\xbc", 2) &&
			 (unsigned char)c->text[k + 2] >= 0x90 && (unsigned char)c->text[k + 2] <= 0x99);
	unsigned prose = c->prose;
	if (has_digit)
		c->prose = 0;
	int rc = typed_characters(c);
	c->prose = prose;
	return rc;
}

/* typed_by_accident() without the choice of hint */
static int typed_characters(struct ctx *c)
{
	size_t i = 0;
	while (i < c->len) {
		if ((unsigned char)c->text[i] < 0x80) {
			i++;   /* ASCII: none of the characters below */
			continue;
		}
		uint32_t cp;
		int n = utf8_decode(c->text + i, c->len - i, &cp);
		size_t step = n > 0 ? (size_t)n : 1;
		if (cp >= 0xFF01 && cp <= 0xFF5E) {
			char ascii = (char)(cp - 0xFEE0);
			syntax_error(c, i, step,
			             "full-width '%.*s' in a span: type the ASCII '%c' (switch the input method "
			             "to half-width)", (int)step, c->text + i, ascii);
			return -1;
		}
		if (cp == 0x3000) {
			syntax_error(c, i, step, "ideographic space in a span: type an ASCII space");
			return -1;
		}
		if ((cp == 0xA0 || cp == 0x2009 || cp == 0x202F || cp == 0x2007) && i > 0 &&
		    c->text[i - 1] >= '0' && c->text[i - 1] <= '9' && i + step < c->len &&
		    c->text[i + step] >= '0' && c->text[i + step] <= '9') {
			report(c, i, step, NULL, "%s space inside a number: write it without (1000) "
			       "or with commas (1,000)", cp == 0xA0 ? "a no-break" : cp == 0x2007 ?
			       "a figure" : cp == 0x202F ? "a narrow no-break" : "a thin");
			return -1;
		}
		i += step;
	}
	return 0;
}

int claim_span(const struct units *u, const struct expr_scope *scope, double approx,
	       struct arena *a, const char *text, size_t len, struct srcloc loc,
	       struct span *out)
{
	struct ctx c = { u, scope, approx, a, text, len, loc, loc, 0, NULL, EXPR_PROSE };
	c.loc.col = loc.col > 0 ? loc.col + 1 : 0;
	c.whole_braces = 2;
	memset(out, 0, sizeof *out);
	if (memchr(text, '\n', len) || memchr(text, '\r', len)) {
		diag_report(DIAG_ERROR, loc, 1, NULL,
			    "a span may not cross a line break: write it on one line");
		return -1;
	}
	if (typed_by_accident(&c) < 0)
		return -1;
	struct parts p;
	if (split(&c, &p) < 0)
		return -1;
	if (!p.stated_len && p.rel == REL_NONE) {
		diag_report(DIAG_ERROR, loc, whole_width(&c), EXPR_BRACE_HINT, "empty span");
		return -1;
	}
	if (p.rel == REL_NONE) {
		if (p.disputed) {
			diag_report(DIAG_ERROR, loc, whole_width(&c), NULL, p.counterexample
				    ? "a counterexample needs a claim that does not hold: "
				      "{wrong: stated = derivation}"
				    : "a disputed span needs a claim to dispute: "
				      "{!stated = derivation}");
			return -1;
		}
		return value_span(&c, &p, out);
	}
	return judge(&c, &p, out);
}

void claim_grade(const struct units *u, struct arena *a, const struct quantity *v,
		 struct span_grade *out)
{
	struct ctx c;
	memset(&c, 0, sizeof c);
	c.u = u;
	c.a = a;
	c.text = "";
	struct tolerance none;
	memset(&none, 0, sizeof none);
	fill_grade(&c, REL_EQ, v, v, &none, 0, out);
}

int claim_check(const struct units *u, const struct expr_scope *scope, double approx,
		struct arena *a, const char *text, size_t len, struct srcloc loc)
{
	return claim_check_on(u, scope, approx, a, text, len, loc, NULL);
}

int claim_check_on(const struct units *u, const struct expr_scope *scope, double approx,
		   struct arena *a, const char *text, size_t len, struct srcloc loc,
		   const struct claim_subject *subject)
{
	struct ctx c = { u, scope, approx, a, text, len, loc, loc, 0, subject, 0 };
	c.whole_braces = 0;
	struct parts p;
	if (split(&c, &p) < 0)
		return -1;
	if (p.rel == REL_NONE) {
		diag_report(DIAG_ERROR, loc, whole_width(&c), NULL,
			    "expected a claim with a relation "
			    "(=, \xe2\x89\x88, <, >, \xe2\x89\xa4, "
			    "\xe2\x89\xa5)");
		return -1;
	}
	return judge(&c, &p, NULL);
}
