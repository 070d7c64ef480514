/*
 * arith.c — arithmetic a sentence writes out, and the changes it states
 * (issue 37, part 5): the book against itself within one sentence, so an
 * error when they disagree.
 *
 *   - a sum written out with its result: `18 links at 53.125GBps =
 *     956.25GBps`, `(1745/794.5 = **2.20×**)`, `` `64*7=448` ``, `312*0.8
 *     =~250`: the operands (a count may carry a word or two: `4 intra-node
 *     neighbours`) give the result within its digits (a result written
 *     "about" within the book's tolerance);
 *   - a change and its percent or factor: `+19% (117.8 → 140.2TFLOPS)`,
 *     `113.8 → 117.8 (~3.5%)`, `from 600GB/s to 400GB/s (33% less)`,
 *     `从 600GB/s 降低到 400GB/s`: the second over the first.
 *
 * The text is read as written (figure.c drops `*` and backticks, which
 * here are operators and the edges of a formula).  A sum is judged only
 * where nothing but operators stands between its figures and the result
 * is the last of it (`= 2 × 3` continues; a variable before the first
 * figure, `P * 2 = 14GB`, is no sum of figures).
 */
#include "audit/arith.h"
#include "audit/figure.h"
#include "audit/hints.h"
#include "core/utf8.h"
#include "numbers/format.h"
#include "numbers/literal.h"

#include <math.h>
#include <string.h>

/* Operands of one sum, and figures of one sentence read here. */
#define ARITH_OPERANDS 12
#define ARITH_FIGURES 64
/* How far a result may be from its operands beyond its digits (relative:
 * a result rounded once more by hand). */
#define ARITH_SLACK 0.005
/* How far a stated change may be from the two figures' (relative to the
 * change: +16% for 120.5 → 140.1, which is 16.3%). */
#define CHANGE_SLACK 0.05

struct operand {
	struct quantity q;
	size_t off, end;    /* bytes of the sentence: the number and its unit */
	int has_unit;
	int integer;        /* no decimal point (a count is exact) */
	int times;          /* an `x` or `×` right after it ("8x", "2.20×") */
};

static int alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int digit(int c)
{
	return c >= '0' && c <= '9';
}

static int starts(const char *s, size_t len, size_t i, const char *w)
{
	size_t wl = strlen(w);
	return i + wl <= len && !memcmp(s + i, w, wl);
}

/* Reads the number at s[i] (it starts there) and the unit right after it;
 * 0 when it is no figure (a version 2.27.7, a number glued to a word). */
static int operand_at(struct audit *au, const char *s, size_t len, size_t i, struct operand *o)
{
	if (i >= len || !digit((unsigned char)s[i]))
		return 0;
	/* hex (0x52), binary or zero-padded (0101): no quantity */
	if (s[i] == '0' && i + 1 < len && (digit((unsigned char)s[i + 1]) || s[i + 1] == 'x' || s[i + 1] == 'X' ||
					   s[i + 1] == 'b'))
		return 0;
	size_t j = i;
	int integer = 1;
	while (j < len && (digit((unsigned char)s[j]) ||
			   (s[j] == ',' && j + 3 < len && digit((unsigned char)s[j + 1]) && digit((unsigned char)s[j + 2]) &&
			    digit((unsigned char)s[j + 3]) && !(j + 4 < len && digit((unsigned char)s[j + 4])))))
		j++;
	if (j + 1 < len && s[j] == '.' && digit((unsigned char)s[j + 1])) {
		integer = 0;
		j++;
		while (j < len && digit((unsigned char)s[j]))
			j++;
	}
	if (j + 1 < len && s[j] == '.' && digit((unsigned char)s[j + 1]))
		return 0;   /* 2.27.7 */
	/* an exponent ("52e12 * 2bytes", "1.5e-3 s"): one or two digits,
	 * then no letter or digit glued */
	if (j + 1 < len && (s[j] == 'e' || s[j] == 'E')) {
		size_t k = j + 1;
		if (k < len && (s[k] == '-' || s[k] == '+'))
			k++;
		size_t d = k;
		while (k < len && digit((unsigned char)s[k]) && k - d < 3)
			k++;
		if (k > d && k - d <= 2 && !(k < len && (digit((unsigned char)s[k]) || alpha((unsigned char)s[k]) ||
						    s[k] == '.' || s[k] == '_')))
			j = k;
	}
	if (j < len && s[j] == '_')
		return 0;
	memset(o, 0, sizeof *o);
	o->off = i;
	o->integer = integer;
	size_t u = j < len && s[j] == ' ' ? j + 1 : j, ue = u;
	while (ue < len && (alpha((unsigned char)s[ue]) || s[ue] == '/' || s[ue] == '%'))
		ue++;
	while (ue > u && s[ue - 1] == '/')
		ue--;
	if ((ue == u + 1 && (s[u] == 'x' || s[u] == 'X')) || (ue == u && starts(s, len, u, "×"))) {
		o->times = 1;
		ue = u;
	}
	struct srcloc none = { "", 0, 0 };
	struct literal lit;
	diag_mute(1);
	int rc = 0;
	if (ue > u) {
		size_t rl;
		const char *unit = figure_respell(au->a, s + u, ue - u, &rl);
		const char *buf = arena_printf(au->a, "%.*s%s", (int)(u - i), s + i, unit);
		size_t bl = strlen(buf);
		rc = literal_parse(au->u, au->a, buf, bl, none, LITERAL_UNIT | LITERAL_NO_RANGE, &lit);
		if (rc == 1 && lit.has_unit && lit.len >= bl) {
			o->q = lit.q;
			o->has_unit = 1;
			o->end = ue;
		} else {
			rc = 0;
			/* a unit we cannot read whole ("16 KiB/SM"): not a figure we
			 * know; a word ("18 links", "8960 chips") is a label */
			for (size_t k = u; k < ue && rc == 0; k++)
				if (s[k] == '/' || (s[k] >= 'A' && s[k] <= 'Z'))
					rc = -1;
		}
	}
	if (rc < 0) {
		diag_mute(-1);
		return 0;
	}
	if (!o->has_unit && !o->times) {
		/* a unit or magnitude we cannot read ("220B", "64G", "1.76万亿",
		 * "1.6 million"): not a figure we know the value of */
		if (j < len && (alpha((unsigned char)s[j]) || (unsigned char)s[j] >= 0x80))
			rc = -1;
		static const char *const magnitudes[] = { "million", "billion", "trillion", "thousand", "hundred", NULL };
		for (size_t k = 0; magnitudes[k] && j < len && s[j] == ' '; k++)
			if (!audit_casecmp(s + j + 1, magnitudes[k], strlen(magnitudes[k])))
				rc = -1;
	}
	if (rc < 0) {
		diag_mute(-1);
		return 0;
	}
	if (!o->has_unit) {
		rc = literal_parse(au->u, au->a, s + i, j - i, none, LITERAL_NO_RANGE, &lit);
		if (rc == 1 && lit.len == j - i) {
			o->q = lit.q;
			o->end = j;
		} else {
			rc = 0;
		}
	}
	diag_mute(-1);
	if (!rc)
		return 0;
	if (o->times && !o->has_unit)
		o->end = starts(s, len, u, "×") ? u + 2 : u + 1;
	if (integer && !o->has_unit)
		o->q.v = o->q.nominal;   /* a count is exact */
	return 1;
}

/* The offset after spaces, backticks and emphasis marks (`**`) from i. */
static size_t skip_marks(const char *s, size_t len, size_t i)
{
	for (;;) {
		if (i < len && (s[i] == ' ' || s[i] == '`'))
			i++;
		else if (i + 1 < len && s[i] == '*' && s[i + 1] == '*')
			i += 2;
		else if (i + 1 < len && s[i] == '_' && s[i + 1] == '_')
			i += 2;
		else
			return i;
	}
}

/* Label words after a count ("links", "intra-node neighbours"): up to
 * three words of letters and hyphens; returns the offset after them (i
 * when there are none). */
static size_t skip_label(const char *s, size_t len, size_t i)
{
	size_t at = i;
	for (int w = 0; w < 3; w++) {
		size_t k = at;
		while (k < len && s[k] == ' ')
			k++;
		size_t e = k;
		while (e < len && (alpha((unsigned char)s[e]) || (e > k && s[e] == '-')))
			e++;
		if (e == k || e - k > 20)
			break;
		if ((e - k == 2 && !memcmp(s + k, "at", 2)) || (e - k == 1 && (s[k] == 'x' || s[k] == 'X')))
			break;   /* an operator, not a label */
		at = e;
	}
	return at;
}

/* The operator at s[i] (spaces and marks before it skipped by the
 * caller): '*', '/', '+', '-', '@' ("at": times), '=' or '~' (≈, =~);
 * *after gets the offset after it.  count: the operand before is a plain
 * integer (only a count is "at" a rate). */
static int operator_at(const char *s, size_t len, size_t i, int count, int spaced, size_t *after)
{
	if (i >= len)
		return 0;
	if (s[i] == '=' && !(i + 1 < len && s[i + 1] == '=') && !(i > 0 && (s[i - 1] == '=' || s[i - 1] == '!' ||
									 s[i - 1] == '<' || s[i - 1] == '>'))) {
		size_t k = i + 1;
		while (k < len && s[k] == ' ')
			k++;
		if (k < len && s[k] == '~') {
			*after = k + 1;
			return '~';
		}
		if (starts(s, len, k, "≈")) {
			*after = k + 3;
			return '~';
		}
		*after = i + 1;
		return '=';
	}
	if (starts(s, len, i, "≈")) {
		*after = i + 3;
		return '~';
	}
	if (s[i] == '*' && !(i + 1 < len && s[i + 1] == '*')) {
		*after = i + 1;
		return '*';
	}
	if (starts(s, len, i, "×")) {
		*after = i + 2;
		return '*';
	}
	if ((s[i] == 'x' || s[i] == 'X') && i + 1 < len && (s[i + 1] == ' ' || digit((unsigned char)s[i + 1]))) {
		*after = i + 1;
		return '*';
	}
	if (s[i] == '/' || s[i] == '+') {
		*after = i + 1;
		return s[i];
	}
	/* a minus with spaces round it (1-4 is a range, 2026-08-07 a date) */
	if (spaced && (s[i] == '-' || starts(s, len, i, "−")) ) {
		size_t k = i + (s[i] == '-' ? 1 : 3);
		if (k < len && s[k] == ' ') {
			*after = k;
			return '-';
		}
	}
	if (count && starts(s, len, i, "at ")) {
		*after = i + 2;
		return '@';
	}
	return 0;
}

/* A sum with no result that fills a parenthesis (its words aside) right
 * after a figure, a few words between ("640GBps unidirectional (`128GBps
 * * 4 intra-node neighbours + 64GBps * 2 inter-node neighbours`)"): that
 * figure into *r.  The sum starts at s[i]; last is its last operand. */
static int restated(struct audit *au, const char *s, size_t len, size_t i, const struct operand *last,
		    struct operand *r)
{
	size_t e = skip_label(s, len, last->end);
	while (e < len && (s[e] == ' ' || s[e] == '`'))
		e++;
	if (e >= len || s[e] != ')')
		return 0;
	size_t b = i;
	while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '`'))
		b--;
	if (b == 0 || s[b - 1] != '(')
		return 0;
	b--;
	/* back over a few words to the figure's last byte */
	size_t k = b;
	while (k > 0 && b - k < 40 && (alpha((unsigned char)s[k - 1]) || s[k - 1] == ' ' || s[k - 1] == '-'))
		k--;
	/* k stands after the figure's number or unit; its start */
	size_t st = k;
	while (st > 0 && (digit((unsigned char)s[st - 1]) || s[st - 1] == '.' || s[st - 1] == ','))
		st--;
	if (st == k) {
		/* the unit is glued: back over it to the number */
		size_t u = k;
		while (u > 0 && (alpha((unsigned char)s[u - 1]) || s[u - 1] == '/'))
			u--;
		st = u;
		while (st > 0 && (digit((unsigned char)s[st - 1]) || s[st - 1] == '.' || s[st - 1] == ','))
			st--;
		if (st == u)
			return 0;
	}
	if (st > 0 && (alpha((unsigned char)s[st - 1]) || digit((unsigned char)s[st - 1])))
		return 0;
	return operand_at(au, s, len, st, r) && r->has_unit;
}

/* Folds operands o[0..n) with ops[0..n-1) ('*' '/' '@' before '+' '-')
 * into *out; 0 on success. */
static int evaluate(struct audit *au, const struct operand *o, const int *ops, size_t n, struct quantity *out)
{
	struct quantity sum = { 0 }, term = o[0].q;
	int pending = 0;   /* the '+' or '-' before term, 0 for the first */
	for (size_t k = 1; k <= n; k++) {
		int op = k < n ? ops[k - 1] : 0;
		if (op == '*' || op == '@' || op == '/') {
			if ((op == '/' ? quantity_div(au->a, term, o[k].q, &term) : quantity_mul(au->a, term, o[k].q, &term)))
				return 1;
			continue;
		}
		if (!pending)
			sum = term;
		else if (pending == '+' ? quantity_add(sum, term, &sum) : quantity_sub(sum, term, &sum))
			return 1;
		pending = op;
		if (k < n)
			term = o[k].q;
	}
	*out = sum;
	return 0;
}

/* The place of s[off] in the text: map gives each byte of a rewritten
 * sentence its byte in the text (NULL: the same). */
static struct srcloc loc_at(struct srcloc loc, const char *text, size_t soff, const size_t *map, size_t off)
{
	return figure_loc(loc, text, soff + (map ? map[off] : off));
}

/* The sum that starts with the figure at s[i]; returns the offset to go
 * on from. */
static int word_at(const char *s, size_t len, size_t i, const char *const *words);

static size_t sum_at(struct audit *au, const char *text, struct srcloc loc, size_t soff, const size_t *map,
		     const char *s, size_t len, size_t i)
{
	/* a variable or an operator before it: the sum is not of figures */
	size_t b = i;
	while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '`' || s[b - 1] == '(' || s[b - 1] == '~'))
		b--;
	/* ... or a TeX operator, or a code span closed right before ("`Block
	 * 100` $\\times$ 16 + 0 = 1600": the sum starts before it) */
	size_t sp = i;
	while (sp > 0 && s[sp - 1] == ' ')
		sp--;
	/* a closing backtick: one after a character, not a space */
	if (sp > 0 && (s[sp - 1] == '$' || (s[sp - 1] == '`' && sp != i && sp >= 2 && s[sp - 2] != ' ' &&
					     s[sp - 2] != '(')))
		return i + 1;
	/* "16 x 2 x 1 = 32": a standalone x before is an operator */
	if (b > 0 && (s[b - 1] == 'x' || s[b - 1] == 'X') && b != i &&
	    (b == 1 || s[b - 2] == ' ' || digit((unsigned char)s[b - 2])))
		return i + 1;
	if (b > 0 && (strchr("*/+=^.-_$", s[b - 1]) || (b == i && alpha((unsigned char)s[b - 1])) ||
		      (b >= 2 && !memcmp(s + b - 2, "×", 2))))
		return i + 1;
	/* TeX ("$$Y = 28672 \\cdot 2 / 2550$$"): a formula of symbols */
	size_t dollars = 0;
	for (size_t k = 0; k < i; k++)
		dollars += s[k] == '$' && (k == 0 || s[k - 1] != '$');   /* $ and $$ open alike */
	if (dollars % 2 || (b > 0 && alpha((unsigned char)s[b - 1]) && memchr(s, '\\', len)))
		return i + 1;
	struct operand o[ARITH_OPERANDS];
	int ops[ARITH_OPERANDS];
	size_t n = 0;
	size_t at = i;
	int eq = 0;
	while (n < ARITH_OPERANDS) {
		if (!operand_at(au, s, len, at, &o[n]))
			return n ? o[n - 1].end : i + 1;
		n++;
		size_t k = o[n - 1].end;
		/* "8x 3.84TB": the x read with the number is an operator */
		if (o[n - 1].times && !o[n - 1].has_unit) {
			k = skip_marks(s, len, k);
			if (!digit((unsigned char)s[k]))
				break;
			ops[n - 1] = '*';
			o[n - 1].times = 0;   /* an operand, the × its operator */
			at = k;
			continue;
		}
		if (!o[n - 1].has_unit)
			k = skip_label(s, len, k);
		int spaced = k < len && s[k] == ' ';
		k = skip_marks(s, len, k);
		size_t after;
		int op = operator_at(s, len, k, o[n - 1].integer && !o[n - 1].has_unit, spaced, &after);
		if (!op)
			break;
		after = skip_marks(s, len, after);
		if (op == '=' || op == '~') {
			eq = op;
			if (n < 2 || !operand_at(au, s, len, after, &o[n]))
				return after;
			break;
		}
		ops[n - 1] = op;
		at = after;
	}
	int before = 0;   /* the result stands before the sum, its parenthesis after it */
	if (!eq && n >= 2 && n < ARITH_OPERANDS && restated(au, s, len, i, &o[n - 1], &o[n]))
		eq = before = '=';
	if (!eq || n < 2 || n >= ARITH_OPERANDS)
		return n ? o[n - 1].end : i + 1;
	size_t chain_end = o[n - 1].end;
	struct operand *r = &o[n];
	size_t next = before ? chain_end : r->end;
	if (!before) {
		/* "=1 000": digits grouped by a space, a number we do not read whole */
		if (r->end + 4 <= len && s[r->end] == ' ' && digit((unsigned char)s[r->end + 1]) &&
		    digit((unsigned char)s[r->end + 2]) && digit((unsigned char)s[r->end + 3]) &&
		    !(r->end + 4 < len && digit((unsigned char)s[r->end + 4])))
			return next;
		/* the result ends the sum: "= 2 × 3" goes on */
		size_t e = skip_marks(s, len, r->end), dummy;
		if (r->times && !r->has_unit && (alpha((unsigned char)s[e]) || digit((unsigned char)s[e])))
			return next;   /* "= 8x H200", "= 8 x 4" */
		/* a result in a unit of time no unit table holds ("6.3e24 /
		 * 4.59E+14 = 435 years": seconds, said in years) is not judged */
		static const char *const untimed[] = { "years", "year", "yrs", "yr", "months", "month", "weeks", "week", NULL };
		if (!r->has_unit && e < len && word_at(s, len, e, untimed))
			return next;
		if (e < len && operator_at(s, len, e, 0, e > r->end && s[r->end] == ' ', &dummy) && dummy != e &&
		    operator_at(s, len, e, 0, 1, &dummy) != '=')
			return next;
	}
	struct quantity c;
	if (evaluate(au, o, ops, n, &c))
		return next;
	/* bare numbers and a unit on the result ("96 * 0.7 - 60 = 7.2 GB",
	 * "2 × 4 × 256 × 8 = 16 KiB"): the numbers are in the result's unit,
	 * or in its base unit (bytes); either reading may hold */
	int bare = r->has_unit && dim_is_none(&c.dim) && !before;
	for (size_t k = 0; k < n && bare; k++)
		bare = !o[k].has_unit && !o[k].times;
	struct quantity readings[2];
	int nread = 1;
	readings[0] = c;
	if (bare) {
		readings[0].dim = r->q.dim;
		interval_scale(c.v, r->q.scale, &readings[0].v);
		interval_scale(c.nominal, r->q.scale, &readings[0].nominal);
		readings[1] = c;
		readings[1].dim = r->q.dim;
		nread = 2;
	}
	if (!dim_equal(&readings[0].dim, &r->q.dim))
		return next;
	/* a result with no unit of a sum with one: its unit is not said */
	if (!r->has_unit && !dim_is_none(&c.dim))
		return next;
	int approx = eq == '~' || (r->off > 0 && s[r->off - 1] == '~');
	double slack = ARITH_SLACK + (approx ? 3 * au->approx : 0);
	/* a result cut rather than rounded ("1/132=0.7%": 0.76%) */
	struct interval got = r->q.v;
	if (got.lo >= 0)
		got.hi += got.hi - got.lo;
	au->sum.comparisons++;
	for (int k = 0; k < nread; k++) {
		struct interval want = readings[k].v;
		want.lo -= fabs(want.lo) * slack;
		want.hi += fabs(want.hi) * slack;
		if (interval_overlaps(want, got))
			return next;
	}
	c = readings[0];
	/* "4KB * 1024 = 4MB": a prefix read binary on one side, decimal on the
	 * other, is the book's convention, not a wrong sum */
	double ratio = interval_mid(c.v) / interval_mid(r->q.v);
	int crossed = 0;   /* a prefix crossed: an operand's unit is not the result's */
	for (size_t k = 0; k < n; k++)
		crossed |= o[k].has_unit && o[k].q.scale != r->q.scale;
	for (int k = 1; k <= 4 && r->has_unit && crossed; k++) {
		double step = pow(1.024, k);
		if (fabs(ratio / step - 1) < 0.005 + slack || fabs(ratio * step - 1) < 0.005 + slack)
			return next;
	}
	/* said in the result's unit and digits */
	struct quantity shown = c;
	shown.v = c.nominal;   /* what the operands as written give, not its rounding */
	shown.unit = r->q.unit;
	shown.scale = r->q.scale;
	shown.written = r->q.written;
	const char *written = arena_strndup(au->a, s + r->off, r->end - r->off);
	const char *hint = slip_hint(au, &r->q, &shown, written);
	struct srcloc where = loc_at(loc, text, soff, map, r->off);
	struct srcloc from = loc_at(loc, text, soff, map, i);
	const char *detail = arena_printf(au->a, "%s:%d:%d: %.*s\nthey give %s; write that, or correct them%s%s",
					  from.file, from.line, from.col, (int)(o[n - 1].end - i), s + i,
					  figure_text(au, &shown), hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_comparison++;
	diag_report(DIAG_ERROR, where, (int)utf8_length(s + r->off, r->end - r->off), detail,
		    "%s is not what the arithmetic %s gives", written, before ? "in its parenthesis" : "before it");
	return next;
}

/* Words that say a change goes up or down. */
static const char *const up_words[] = { "faster", "more", "higher", "larger", "gain", "increase", "up", "speedup",
					"improvement", "提升", "提高", "增加", "增长", "加速", NULL };
static const char *const down_words[] = { "less", "lower", "slower", "smaller", "drop", "decrease", "down",
					  "reduction", "降低", "下降", "减少", "节省", NULL };

static int word_at(const char *s, size_t len, size_t i, const char *const *words)
{
	for (size_t k = 0; words[k]; k++) {
		size_t wl = strlen(words[k]);
		if (i + wl <= len && !audit_casecmp(s + i, words[k], wl) &&
		    (i + wl == len || !alpha((unsigned char)s[i + wl])))
			return 1;
	}
	return 0;
}

/* Between a change and its percent: marks and a few small words only. */
static int glue_only(const char *s, size_t from, size_t to, int paren)
{
	static const char *const small[] = { "a", "an", "or", "by", "i.e.", "about", "is", "which", "that", "roughly",
					     "（", "）", "，", "即", "约", "，即", NULL };
	int opened = 0;
	for (size_t i = from; i < to;) {
		unsigned char c = (unsigned char)s[i];
		if (c == '(' || starts(s, to, i, "（"))
			opened = 1;
		if (strchr(" (,*`~:", c)) {
			i++;
			continue;
		}
		int found = 0;
		for (size_t k = 0; small[k] && !found; k++) {
			size_t wl = strlen(small[k]);
			if (i + wl <= to && !audit_casecmp(s + i, small[k], wl) &&
			    (i + wl == to || !alpha((unsigned char)s[i + wl]) || !alpha((unsigned char)small[k][0]))) {
				i += wl;
				found = 1;
				if (!strcmp(small[k], "（"))
					opened = 1;
			}
		}
		if (!found)
			return 0;
	}
	return !paren || opened;
}

/* Where the arrow of a change stands after A (s[i..]): "→", "->", "to"
 * after "from A", "(降低)到" after "从 A"; returns the offset after it, or 0. */
static size_t change_arrow(const char *s, size_t len, size_t a_off, size_t i)
{
	i = skip_marks(s, len, i);
	if (starts(s, len, i, "→"))
		return i + 3;
	if (starts(s, len, i, "->"))
		return i + 2;
	/* "from A to B", "从A降低到B": said with the word before A */
	size_t b = a_off;
	while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '`'))
		b--;
	int from = (b >= 4 && !audit_casecmp(s + b - 4, "from", 4) && (b == 4 || !alpha((unsigned char)s[b - 5]))) ||
		   (b >= 3 && (!memcmp(s + b - 3, "从", 3) || !memcmp(s + b - 3, "由", 3)));
	if (!from)
		return 0;
	if (starts(s, len, i, "to ") || starts(s, len, i, "到") || starts(s, len, i, "至"))
		return i + (s[i] == 't' ? 3 : 3);
	static const char *const verbs[] = { "降低", "下降", "减少", "提升", "提高", "增加", "增长", "升", "降", "增", "减",
					     "缩减", "扩大", NULL };
	for (size_t k = 0; verbs[k]; k++)
		if (starts(s, len, i, verbs[k])) {
			size_t v = i + strlen(verbs[k]);
			if (starts(s, len, v, "了"))
				v += 3;
			if (starts(s, len, v, "到") || starts(s, len, v, "至"))
				return v + 3;
		}
	return 0;
}

/* The change from o[a] to o[a + 1] stated by o[p] (a percent or a factor). */
static void change_judge(struct audit *au, const char *text, struct srcloc loc, size_t soff, const size_t *map,
			 const char *s, size_t len,
			 const struct operand *a, const struct operand *bq, const struct operand *p)
{
	struct quantity from = a->q, to = bq->q;
	if (!a->has_unit && bq->has_unit) {   /* "117.8 → 140.2TFLOPS" */
		interval_scale(a->q.v, bq->q.scale, &from.v);
		from.dim = bq->q.dim;
	}
	if (a->times || bq->times || (a->q.unit && !strcmp(a->q.unit, "%")) || (bq->q.unit && !strcmp(bq->q.unit, "%")))
		return;
	if (!dim_equal(&from.dim, &to.dim) || from.v.lo <= 0 || to.v.lo <= 0)
		return;
	struct interval r = { to.v.lo / from.v.hi, to.v.hi / from.v.lo };
	int percent = p->q.unit && !strcmp(p->q.unit, "%");
	if (!percent && !p->times)
		return;
	/* the direction said: a sign before the percent, a word after it */
	int dir = 0;
	if (p->off > 0 && s[p->off - 1] == '+')
		dir = 1;
	else if ((p->off > 0 && s[p->off - 1] == '-') || (p->off >= 3 && !memcmp(s + p->off - 3, "−", 3)))
		dir = -1;
	size_t w = skip_marks(s, len, p->end);
	if (word_at(s, len, w, up_words))
		dir = 1;
	else if (word_at(s, len, w, down_words))
		dir = -1;
	int approx = p->off > 0 && (s[p->off - 1] == '~' || (p->off >= 3 && !memcmp(s + p->off - 3, "≈", 3)));
	double slack = CHANGE_SLACK * (approx ? 2 : 1);
	struct interval stated = p->q.v, got;
	if (percent) {
		int down = dir < 0 || (!dir && interval_mid(r) < 1);
		got = down ? (struct interval){ 1 - r.hi, 1 - r.lo } : (struct interval){ r.lo - 1, r.hi - 1 };
		if (dir && (down ? r.lo > 1 : r.hi < 1))
			got = (struct interval){ -1, -1 };   /* said up, goes down */
	} else {
		got = interval_mid(r) < 1 ? (struct interval){ 1 / r.hi, 1 / r.lo } : r;
		slack = ARITH_SLACK * 2 + (approx ? 3 * au->approx : 0);
	}
	struct interval wide = stated;
	/* a figure cut to its digits, not rounded ("from 190 to 740 (3.8x)":
	 * 3.89) is the author's arithmetic right */
	wide.hi += (stated.hi - stated.lo) / 2;
	wide.lo -= fabs(wide.lo) * slack;
	wide.hi += fabs(wide.hi) * slack;
	au->sum.comparisons++;
	if (got.hi >= 0 && interval_overlaps(wide, got))
		return;
	double mid = interval_mid(r);
	const char *gives = percent ? arena_printf(au->a, "%s%s%%", mid >= 1 ? "+" : "−",
						  format_number(au->a, fabs(mid - 1) * 100, fabs(mid - 1) < 0.1 ? 1 : 0))
				    : arena_printf(au->a, "%s×", format_number(au->a, mid < 1 ? 1 / mid : mid, 2));
	struct srcloc where = loc_at(loc, text, soff, map, p->off);
	struct srcloc fa = loc_at(loc, text, soff, map, a->off);
	const char *detail = arena_printf(au->a, "%s:%d:%d: %.*s → %.*s\nthe two figures give %s; write that, or correct them",
					  fa.file, fa.line, fa.col, (int)(a->end - a->off), s + a->off,
					  (int)(bq->end - bq->off), s + bq->off, gives);
	au->sum.findings_comparison++;
	diag_report(DIAG_ERROR, where, (int)utf8_length(s + p->off, p->end - p->off), detail,
		    "the change '%.*s' does not hold", (int)(p->end - p->off), s + p->off);
}

/* Changes "A → B" with a percent or a factor right before (in the
 * parenthesis of the change) or right after them. */
static void changes(struct audit *au, const char *text, struct srcloc loc, size_t soff, const size_t *map,
		    const char *s, size_t len,
		    const struct operand *o, size_t n)
{
	for (size_t k = 0; k + 1 < n; k++) {
		size_t arrow = change_arrow(s, len, o[k].off, o[k].end);
		if (!arrow || skip_marks(s, len, arrow) != o[k + 1].off)
			continue;
		/* a run of three or more ("2.5 → 3.125 → 6.25") is a series */
		if (k + 2 < n && change_arrow(s, len, o[k + 1].off, o[k + 1].end))
			continue;
		if (k > 0 && change_arrow(s, len, o[k - 1].off, o[k - 1].end) &&
		    skip_marks(s, len, change_arrow(s, len, o[k - 1].off, o[k - 1].end)) == o[k].off)
			continue;
		const struct operand *p = NULL;
		int is_pt = 0;
		if (k + 2 < n) {
			is_pt = (o[k + 2].q.unit && !strcmp(o[k + 2].q.unit, "%")) || o[k + 2].times;
			if (is_pt && o[k + 2].off - o[k + 1].end < 24 && glue_only(s, o[k + 1].end, o[k + 2].off - (o[k + 2].off > 0 && strchr("+-", s[o[k + 2].off - 1]) ? 1 : 0), 0))
				p = &o[k + 2];
		}
		if (!p && k > 0) {
			is_pt = (o[k - 1].q.unit && !strcmp(o[k - 1].q.unit, "%")) || o[k - 1].times;
			/* "+19% at fixed cu130 (117.8 → 140.2)": a parenthesis
			 * opened right before A */
			size_t b = o[k].off;
			while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '`'))
				b--;
			int paren = (b > 0 && s[b - 1] == '(') || (b >= 3 && !memcmp(s + b - 3, "（", 3));
			if (is_pt && paren && o[k].off - o[k - 1].end < 60)
				p = &o[k - 1];
		}
		if (p)
			change_judge(au, text, loc, soff, map, s, len, &o[k], &o[k + 1], p);
	}
}

/* TeX commands an equation of figures is written with, and what they
 * are here ("" dropped). */
static const struct {
	const char *tex, *plain;
} tex_words[] = {
	{ "\\times", "*" }, { "\\cdot", "*" }, { "\\div", "/" }, { "\\approx", "≈" }, { "\\%", "%" },
	{ "\\text", "" }, { "\\mathrm", "" }, { "\\textrm", "" }, { "\\mbox", "" }, { "\\,", " " },
	{ "\\;", " " }, { "\\ ", " " }, { "\\!", "" }, { "\\left", "" }, { "\\right", "" },
};

/* The math span s[a..b) (its `$` aside) rewritten into out[*n..) as plain
 * arithmetic, map[] given each byte's place: only a span of figures,
 * operators and units right after a figure (`$96 \times 0.7 - 60 =
 * 14.4$`, `$8 \times 80\,\text{GB}$`); 0 (nothing written) for any
 * other (a variable, a power, a fraction: `$Y = 28672 \cdot 2$`). */
static int tex_plain(const char *s, size_t a, size_t b, char *out, size_t *map, size_t *n)
{
	size_t at = *n;
	int figures = 0;
	for (size_t i = a; i < b;) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\\') {
			size_t k = 0, tl = 0;
			for (; k < sizeof tex_words / sizeof tex_words[0]; k++) {
				tl = strlen(tex_words[k].tex);
				if (i + tl <= b && !memcmp(s + i, tex_words[k].tex, tl) &&
				    !(alpha((unsigned char)tex_words[k].tex[1]) && i + tl < b && alpha((unsigned char)s[i + tl])))
					break;
			}
			if (k == sizeof tex_words / sizeof tex_words[0])
				return 0;   /* \frac, \sqrt, a Greek letter */
			for (const char *p = tex_words[k].plain; *p; p++) {
				map[at] = i;
				out[at++] = *p;
			}
			i += tl;
			continue;
		}
		if (c == '{' || c == '}') {
			i++;
			continue;
		}
		if (alpha(c)) {
			/* a unit: right after a figure */
			size_t p = at;
			while (p > *n && out[p - 1] == ' ')
				p--;
			if (p == *n || !digit((unsigned char)out[p - 1]))
				return 0;
			while (i < b && (alpha((unsigned char)s[i]) || s[i] == '/')) {
				map[at] = i;
				out[at++] = s[i++];
			}
			continue;
		}
		if (!(digit(c) || strchr(" .,*/+-=()~", c) || (c >= 0x80 && (starts(s, b, i, "×") || starts(s, b, i, "−") ||
										   starts(s, b, i, "≈")))))
			return 0;
		figures += digit(c);
		size_t cl = c < 0x80 ? 1 : c < 0xe0 ? 2 : 3;
		for (size_t k = 0; k < cl && i < b; k++) {
			map[at] = i;
			out[at++] = s[i++];
		}
	}
	if (!figures || (!memchr(out + *n, '=', at - *n) && !memchr(out + *n, '~', at - *n)))
		return 0;
	*n = at;
	return 1;
}

/* The sentence s[0..len) with each inline-math span of figures written
 * plainly (tex_plain()), its `$` dropped; *map gets each byte's place in
 * s (NULL when nothing was rewritten). */
static char *tex_rewrite(struct audit *au, char *s, size_t *len, size_t **map)
{
	*map = NULL;
	if (!memchr(s, '$', *len) || !memchr(s, '\\', *len))
		return s;
	char *out = arena_alloc(au->a, *len + 1);
	size_t *m = arena_array(au->a, *len + 1, sizeof *m);
	size_t n = 0, done = 0;
	for (size_t i = 0; i < *len;) {
		/* Pandoc's rule: `$` then no space, the closing `$` after no
		 * space and before no digit ("$5 and $10" are dollars) */
		size_t w = s[i] == '$' && i + 1 < *len && s[i + 1] == '$' ? 2 : 1;
		if (s[i] != '$' || i + w >= *len || s[i + w] == ' ') {
			i++;
			continue;
		}
		size_t e = i + w;
		while (e < *len && !(s[e] == '$' && s[e - 1] != '\\'))
			e++;
		if (e + w > *len || (w == 2 && s[e + 1] != '$') || s[e - 1] == ' ' ||
		    (e + w < *len && digit((unsigned char)s[e + w]))) {
			i = e;
			continue;
		}
		for (size_t k = done; k < i; k++) {
			m[n] = k;
			out[n++] = s[k];
		}
		size_t before = n;
		if (!tex_plain(s, i + w, e, out, m, &n)) {
			n = before;
			for (size_t k = i; k < e + w; k++) {
				m[n] = k;
				out[n++] = s[k];
			}
		}
		done = i = e + w;
	}
	if (!done)
		return s;
	for (size_t k = done; k < *len; k++) {
		m[n] = k;
		out[n++] = s[k];
	}
	m[n] = *len;
	out[n] = '\0';
	*len = n;
	*map = m;
	return out;
}

void arith_check(struct audit *au, const char *text, struct srcloc loc, size_t soff, size_t send)
{
	size_t len = send - soff;
	/* a sum may run over a line's end: read it as a space */
	char *s = arena_strndup(au->a, text + soff, len);
	for (size_t i = 0; i < len; i++)
		if (s[i] == '\n')
			s[i] = ' ';
	size_t *map;
	s = tex_rewrite(au, s, &len, &map);
	/* sums */
	for (size_t i = 0; i < len;) {
		if (!digit((unsigned char)s[i]) || (i > 0 && (digit((unsigned char)s[i - 1]) || s[i - 1] == ','))) {
			i++;
			continue;
		}
		i = sum_at(au, text, loc, soff, map, s, len, i);
	}
	/* changes: the figures of the sentence, in order */
	struct operand o[ARITH_FIGURES];
	size_t n = 0;
	for (size_t i = 0; i < len && n < ARITH_FIGURES;) {
		if (!digit((unsigned char)s[i]) ||
		    (i > 0 && (digit((unsigned char)s[i - 1]) || alpha((unsigned char)s[i - 1]) || s[i - 1] == '.' ||
			       s[i - 1] == ',' || s[i - 1] == '_' || s[i - 1] == '-'))) {
			i++;
			continue;
		}
		if (operand_at(au, s, len, i, &o[n])) {
			i = o[n].end > i ? o[n].end : i + 1;
			n++;
		} else {
			i++;
		}
	}
	if (n >= 2)
		changes(au, text, loc, soff, map, s, len, o, n);
}
