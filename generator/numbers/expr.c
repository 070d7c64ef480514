/*
 * expr.c — parsing and evaluating expressions (see expr.h).
 *
 * A recursive-descent parser over the bytes of the text, one function per
 * level of the grammar, with a depth counter for everything that nests and
 * a height per node for chains that nest without parentheses.  Numbers are
 * read by literal.c (so `1.2 × 10^29`, `150–200 L/min` and `100万亿` are one
 * node each), units by units.c.  The first syntax error stops the parse.
 *
 * Evaluation walks the tree once; every error is reported at the operator or
 * name responsible, with both units named when dimensions clash.
 */
#include "numbers/expr.h"
#include "numbers/format.h"
#include "core/buffer.h"
#include "numbers/literal.h"
#include "core/utf8.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const struct units *u;
	struct arena *a;
	const char *s;
	size_t len, pos;
	struct srcloc loc;
	unsigned flags;
	int depth;
};

/* ---- helpers ---- */

static int starts(const struct parser *p, size_t i, const char *lit)
{
	size_t n = strlen(lit);
	return p->len - i >= n && !memcmp(p->s + i, lit, n);
}

static size_t skip(const struct parser *p, size_t i)
{
	for (;;) {
		if (i < p->len && (p->s[i] == ' ' || p->s[i] == '\t'))
			i++;
		else if (starts(p, i, "\xc2\xa0"))
			i += 2;
		else if (starts(p, i, "\xe3\x80\x80"))
			i += 3;
		else
			return i;
	}
}

static int is_id_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_id_char(char c)
{
	return is_id_start(c) || (c >= '0' && c <= '9');
}

static struct srcloc at(const struct parser *p, size_t off)
{
	return units_loc_at(p->loc, p->s, off);
}

/* Returns the width in code points of the character at off (for a caret). */
static size_t char_len(const struct parser *p, size_t off)
{
	uint32_t cp;
	if (off >= p->len)
		return 0;
	int n = utf8_decode(p->s + off, p->len - off, &cp);
	return n > 0 ? (size_t)n : 1;
}

static void error_at(const struct parser *p, size_t off, size_t n, const char *detail,
		     const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void error_at(const struct parser *p, size_t off, size_t n, const char *detail,
		     const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (off > p->len)
		off = p->len;
	if (n > p->len - off)
		n = p->len - off;
	/* a syntax error in text found in braces in prose: perhaps not meant
	 * as a span ({1, 2, 3}) */
	char both[512];
	if (p->flags & EXPR_PROSE) {
		snprintf(both, sizeof both, "%s%s" EXPR_BRACE_HINT, detail ? detail : "",
			 detail ? "\n" : "");
		detail = both;
	}
	diag_report(DIAG_ERROR, at(p, off), (int)utf8_length(p->s + off, n), detail, "%s", msg);
}

/* Reports that an input limit was passed: no brace hint, as only a span
 * comes this far. */
static void limit_error(const struct parser *p, size_t off, size_t n, const char *fmt, int limit)
	__attribute__((format(printf, 4, 0)));

static void limit_error(const struct parser *p, size_t off, size_t n, const char *fmt, int limit)
{
	if (off > p->len)
		off = p->len;
	if (n > p->len - off)
		n = p->len - off;
	diag_report(DIAG_ERROR, at(p, off), (int)utf8_length(p->s + off, n), NULL, fmt, limit);
}

static struct expr_node *node(struct parser *p, enum expr_kind kind, size_t off)
{
	struct expr_node *n = arena_alloc(p->a, sizeof *n);
	n->kind = kind;
	n->off = off;
	n->height = 1;
	n->value = quantity_number(0);
	return n;
}

/* Sets the height of n from its children; returns -1 after reporting if too tall. */
static int grow(struct parser *p, struct expr_node *n)
{
	int h = 0;
	if (n->lhs && n->lhs->height > h)
		h = n->lhs->height;
	if (n->rhs && n->rhs->height > h)
		h = n->rhs->height;
	for (size_t i = 0; i < n->nargs; i++)
		if (n->args[i]->height > h)
			h = n->args[i]->height;
	n->height = h + 1;
	if (n->height > EXPR_MAX_HEIGHT) {
		limit_error(p, n->op_off, n->op_len, "expression longer than %d operations",
			    EXPR_MAX_HEIGHT);
		return -1;
	}
	return 0;
}

/* Describes what stands at off for a message: "'x'" or "the end". */
static const char *what_at(struct parser *p, size_t off)
{
	if (off >= p->len)
		return "the end";
	size_t end = off + char_len(p, off);
	if (is_id_start(p->s[off]))
		while (end < p->len && (is_id_char(p->s[end]) || p->s[end] == '.'))
			end++;
	return arena_printf(p->a, "'%.*s'", (int)(end - off), p->s + off);
}

/* ---- the grammar ---- */

static struct expr_node *parse_sum(struct parser *p);
static struct expr_node *parse_unary(struct parser *p);

static const char *const functions[] = { "min", "max", "abs", "sqrt" };

static int enter(struct parser *p, size_t off)
{
	if (++p->depth > EXPR_MAX_DEPTH) {
		limit_error(p, off, char_len(p, off), "expression nested deeper than %d levels",
			    EXPR_MAX_DEPTH);
		return -1;
	}
	return 0;
}

static struct expr_node *parse_call(struct parser *p, size_t off, size_t end)
{
	const char *name = arena_strndup(p->a, p->s + off, end - off);
	int known = 0;
	for (size_t i = 0; i < sizeof functions / sizeof *functions; i++)
		known |= !strcmp(functions[i], name);
	if (!known) {
		error_at(p, off, end - off, NULL,
			 "unknown function '%s' (there are min, max, abs, sqrt)", name);
		return NULL;
	}
	struct expr_node *n = node(p, EXPR_CALL, off);
	n->name = name;
	n->op_off = off;
	n->op_len = end - off;
	size_t open = skip(p, end);
	p->pos = open + 1;
	if (enter(p, open) < 0)
		return NULL;
	struct expr_node **args = NULL;
	size_t nargs = 0, cap = 0;
	for (;;) {
		struct expr_node *arg = parse_sum(p);
		if (!arg)
			return NULL;
		if (nargs == cap) {
			size_t ncap = cap ? 2 * cap : 4;
			struct expr_node **na = arena_array(p->a, ncap, sizeof *na);
			if (nargs)
				memcpy(na, args, nargs * sizeof *na);
			args = na;
			cap = ncap;
		}
		args[nargs++] = arg;
		p->pos = skip(p, p->pos);
		if (p->pos < p->len && p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->pos < p->len && p->s[p->pos] == ')') {
			p->pos++;
			break;
		}
		error_at(p, p->pos, char_len(p, p->pos), NULL,
			 "expected ',' or ')' in the arguments of %s, not %s", name,
			 what_at(p, p->pos));
		return NULL;
	}
	p->depth--;
	n->args = args;
	n->nargs = nargs;
	int one = !strcmp(name, "abs") || !strcmp(name, "sqrt");
	if (one && nargs != 1) {
		error_at(p, off, end - off, NULL, "%s takes one argument, not %zu", name, nargs);
		return NULL;
	}
	n->len = p->pos - off;
	return grow(p, n) < 0 ? NULL : n;
}

static struct expr_node *parse_atom(struct parser *p)
{
	size_t off = skip(p, p->pos);
	p->pos = off;
	if (off >= p->len) {
		error_at(p, off, 0, NULL, "expected a number, a name or '(' at the end");
		return NULL;
	}
	char c = p->s[off];
	if (c == '(') {
		if (enter(p, off) < 0)
			return NULL;
		p->pos = off + 1;
		struct expr_node *inner = parse_sum(p);
		if (!inner)
			return NULL;
		size_t close = skip(p, p->pos);
		if (close >= p->len || p->s[close] != ')') {
			error_at(p, off, 1, NULL, "unbalanced '(': expected ')' before %s",
				 what_at(p, close));
			return NULL;
		}
		p->pos = close + 1;
		p->depth--;
		return inner;
	}
	struct literal lit;
	unsigned lflags = LITERAL_UNIT | LITERAL_KIND | ((p->flags & EXPR_STATED) ? 0 : LITERAL_EXACT);
	int rc = literal_parse(p->u, p->a, p->s + off, p->len - off, at(p, off), lflags, &lit);
	if (rc < 0)
		return NULL;
	if (rc > 0) {
		struct expr_node *n = node(p, EXPR_NUMBER, off);
		n->value = lit.q;
		n->len = lit.len;
		p->pos = off + lit.len;
		return n;
	}
	if (is_id_start(c)) {
		size_t end = off;
		while (end < p->len && (is_id_char(p->s[end]) ||
					(p->s[end] == '.' && end + 1 < p->len &&
					 is_id_start(p->s[end + 1]))))
			end++;
		size_t next = skip(p, end);
		int dotted = memchr(p->s + off, '.', end - off) != NULL;
		if (!dotted && next < p->len && p->s[next] == '(')
			return parse_call(p, off, end);
		struct expr_node *n = node(p, EXPR_NAME, off);
		n->name = arena_strndup(p->a, p->s + off, end - off);
		n->len = end - off;
		n->op_off = off;
		n->op_len = end - off;
		if (!dotted && units_is_unit(p->u, n->name)) {
			/* a bare unit word; parsed again as a unit so that `GB/s` stays whole */
			struct unit un;
			int k = units_match(p->u, p->a, p->s + off, p->len - off, at(p, off),
					    UNITS_INLINE, &un);
			if (k < 0)
				return NULL;
			n->maybe_unit = 1;
			n->value = quantity_number(1);
			n->value.v = interval_point(un.scale);
			n->value.nominal = n->value.v;
			n->value.dim = un.dim;
			quantity_set_unit(&n->value, un.name, un.scale);
			if ((size_t)k > end - off) {
				n->kind = EXPR_UNIT;
				n->len = (size_t)k;
				end = off + (size_t)k;
			}
		}
		p->pos = end;
		return n;
	}
	/* a unit standing alone: °C, 千瓦, % */
	struct unit un;
	rc = units_match(p->u, p->a, p->s + off, p->len - off, at(p, off), UNITS_INLINE, &un);
	if (rc < 0)
		return NULL;
	if (rc > 0) {
		struct expr_node *n = node(p, EXPR_UNIT, off);
		n->value = quantity_number(1);
		n->value.v = interval_point(un.scale);
		n->value.nominal = n->value.v;
		n->value.dim = un.dim;
		quantity_set_unit(&n->value, un.name, un.scale);
		n->len = (size_t)rc;
		p->pos = off + (size_t)rc;
		return n;
	}
	if (c == ')')
		error_at(p, off, 1, NULL, "unbalanced ')'");
	else
		error_at(p, off, char_len(p, off), NULL,
			 "expected a number, a name or '(', not %s", what_at(p, off));
	return NULL;
}

static struct expr_node *parse_power(struct parser *p)
{
	struct expr_node *base = parse_atom(p);
	if (!base)
		return NULL;
	size_t op = skip(p, p->pos);
	/* `^`, or `**` as Python and many READMEs write it */
	size_t oplen = op < p->len && p->s[op] == '^' ? 1 :
		op + 1 < p->len && p->s[op] == '*' && p->s[op + 1] == '*' ? 2 : 0;
	if (oplen) {
		if (enter(p, op) < 0)
			return NULL;
		p->pos = op + oplen;
		struct expr_node *ex = parse_unary(p);
		if (!ex)
			return NULL;
		p->depth--;
		struct expr_node *n = node(p, EXPR_POW, base->off);
		n->lhs = base;
		n->rhs = ex;
		n->op_off = op;
		n->op_len = oplen;
		n->len = p->pos - base->off;
		return grow(p, n) < 0 ? NULL : n;
	}
	return base;
}

static struct expr_node *parse_unary(struct parser *p)
{
	size_t off = skip(p, p->pos);
	size_t n = 0;
	int neg = 0;
	if (off < p->len && p->s[off] == '-') {
		n = 1;
		neg = 1;
	} else if (starts(p, off, "\xe2\x88\x92")) {
		n = 3;
		neg = 1;
	} else if (off < p->len && p->s[off] == '+') {
		n = 1;
	}
	if (!n)
		return parse_power(p);
	if (enter(p, off) < 0)
		return NULL;
	p->pos = off + n;
	struct expr_node *operand = parse_unary(p);
	if (!operand)
		return NULL;
	p->depth--;
	if (!neg)
		return operand;
	struct expr_node *r = node(p, EXPR_NEG, off);
	r->lhs = operand;
	r->op_off = off;
	r->op_len = n;
	r->len = p->pos - off;
	return grow(p, r) < 0 ? NULL : r;
}

/* Returns the length of a product operator at i and its kind, or 0. */
static size_t product_op(const struct parser *p, size_t i, enum expr_kind *kind)
{
	*kind = EXPR_MUL;
	if (i >= p->len)
		return 0;
	if (p->s[i] == '*')
		return 1;
	if (p->s[i] == '/') {
		*kind = EXPR_DIV;
		return 1;
	}
	if (starts(p, i, "\xc3\x97") || starts(p, i, "\xc2\xb7"))
		return 2;
	if (starts(p, i, "\xe2\x8b\x85"))
		return 3;
	if (starts(p, i, "\xc3\xb7")) {
		*kind = EXPR_DIV;
		return 2;
	}
	return 0;
}


/* Returns the node for lhs <op> rhs, the operator n bytes at op; NULL after
 * reporting (too deep). */
static struct expr_node *binary(struct parser *p, enum expr_kind kind, struct expr_node *lhs,
				struct expr_node *rhs, size_t op, size_t n)
{
	struct expr_node *r = node(p, kind, lhs->off);
	r->lhs = lhs;
	r->rhs = rhs;
	r->op_off = op;
	r->op_len = n;
	r->len = p->pos - lhs->off;
	return grow(p, r) < 0 ? NULL : r;
}

static struct expr_node *parse_product(struct parser *p)
{
	struct expr_node *lhs = parse_unary(p);
	while (lhs) {
		size_t op = skip(p, p->pos);
		enum expr_kind kind;
		size_t n = product_op(p, op, &kind);
		if (!n)
			return lhs;
		p->pos = op + n;
		struct expr_node *rhs = parse_unary(p);
		if (!rhs)
			return NULL;
		lhs = binary(p, kind, lhs, rhs, op, n);
	}
	return NULL;
}

static struct expr_node *parse_additive(struct parser *p)
{
	struct expr_node *lhs = parse_product(p);
	while (lhs) {
		size_t op = skip(p, p->pos);
		size_t n = 0;
		enum expr_kind kind = EXPR_ADD;
		if (op < p->len && p->s[op] == '+') {
			n = 1;
		} else if (op < p->len && p->s[op] == '-' &&
			   !(op + 1 < p->len && p->s[op + 1] == '>')) {
			n = 1;
			kind = EXPR_SUB;
		} else if (starts(p, op, "\xe2\x88\x92")) {
			n = 3;
			kind = EXPR_SUB;
		}
		if (!n)
			return lhs;
		p->pos = op + n;
		struct expr_node *rhs = parse_product(p);
		if (!rhs)
			return NULL;
		lhs = binary(p, kind, lhs, rhs, op, n);
	}
	return NULL;
}

/* sum [as kind]: `h100_sxm.bf16 as sparse` (units.h "Kinds") */
static struct expr_node *parse_sum(struct parser *p)
{
	struct expr_node *lhs = parse_additive(p);
	if (!lhs)
		return NULL;
	size_t op = skip(p, p->pos);
	if (!(starts(p, op, "as") && op + 2 < p->len && (p->s[op + 2] == ' ' ||
							    p->s[op + 2] == '\t')))
		return lhs;
	size_t k = skip(p, op + 2);
	int kind = 0;
	size_t n = k < p->len ? units_kind_match(p->u, p->s + k, p->len - k, &kind) : 0;
	if (!n) {
		error_at(p, k, k < p->len ? char_len(p, k) : 0,
			 "hint: the kinds are declared in specs/units.yaml under kinds:",
			 "expected a kind after 'as', not %s", what_at(p, k));
		return NULL;
	}
	struct expr_node *r = node(p, EXPR_AS, lhs->off);
	r->lhs = lhs;
	r->as_kind = kind;
	r->op_off = op;
	r->op_len = k + n - op;
	r->len = k + n - lhs->off;
	p->pos = k + n;
	/* `of gb200`: the row whose column a relation reads (`as per-superchip
	 * of gb200` is × gb200.gpus), kept as the name of that field */
	size_t of = skip(p, p->pos);
	if (starts(p, of, "of") && (of + 2 == p->len || p->s[of + 2] == ' ' || p->s[of + 2] == '\t')) {
		size_t id = skip(p, of + 2), end = id;
		while (end < p->len && (is_id_char(p->s[end]) ||
					(p->s[end] == '.' && end + 1 < p->len &&
					 is_id_start(p->s[end + 1]))))
			end++;
		if (id >= p->len || !is_id_start(p->s[id])) {
			error_at(p, id, id < p->len ? char_len(p, id) : 0, NULL,
				 "expected a row after 'of', not %s", what_at(p, id));
			return NULL;
		}
		const char *column = units_kind_row_column(p->u, kind);
		if (!column) {
			error_at(p, of, end - of, "hint: 'of ROW' goes with a relation through a "
				 "row's column, such as 'per-superchip: {is: gpus per-gpu}' in "
				 "specs/units.yaml", "no relation of kind '%s' reads a row",
				 units_kind_name(p->u, kind));
			return NULL;
		}
		struct expr_node *row = node(p, EXPR_NAME, id);
		row->name = arena_printf(p->a, "%.*s.%s", (int)(end - id), p->s + id, column);
		row->len = end - id;
		row->op_off = id;
		row->op_len = end - id;
		row->via_row = 1;
		r->rhs = row;
		r->len = end - lhs->off;
		p->pos = end;
	}
	if (grow(p, r) < 0)
		return NULL;
	return r;
}

/* Returns the length of a conversion marker at i (`->`, `→`, `in `), or 0. */
static size_t convert_op(const struct parser *p, size_t i)
{
	if (starts(p, i, "->"))
		return 2;
	if (starts(p, i, "\xe2\x86\x92"))
		return 3;
	if (starts(p, i, "in") && i + 2 < p->len && (p->s[i + 2] == ' ' || p->s[i + 2] == '\t'))
		return 2;
	return 0;
}

struct expr *expr_parse(const struct units *u, struct arena *a, const char *text, size_t len,
			struct srcloc loc, unsigned flags)
{
	struct parser p = { u, a, text, len, 0, loc, flags, 0 };
	if (skip(&p, 0) >= len) {
		diag_report(DIAG_ERROR, loc, 0, NULL, "empty expression");
		return NULL;
	}
	struct expr_node *root = parse_sum(&p);
	if (!root)
		return NULL;
	size_t op = skip(&p, p.pos);
	size_t n = convert_op(&p, op);
	if (n) {
		size_t ustart = skip(&p, op + n);
		if (ustart >= len) {
			error_at(&p, op, n, NULL, "expected a unit after '%.*s'", (int)n,
				 text + op);
			return NULL;
		}
		struct expr_node *c = node(&p, EXPR_CONVERT, root->off);
		if (units_parse(u, a, text + ustart, len - ustart, at(&p, ustart), &c->unit) < 0)
			return NULL;
		c->lhs = root;
		c->op_off = op;
		c->op_len = n;
		c->len = len - root->off;
		if (grow(&p, c) < 0)
			return NULL;
		root = c;
		p.pos = len;
	}
	op = skip(&p, p.pos);
	if (op < len) {
		/* `72 gpus`: a word right after a number is a unit that is not one */
		struct expr_node *last = root;
		while (last->rhs)
			last = last->rhs;
		size_t wend = op;
		while (wend < len && is_id_char(text[wend]))
			wend++;
		if (last->kind == EXPR_NUMBER && last->off + last->len == p.pos && wend > op) {
			char *word = arena_strndup(a, text + op, wend - op);
			const char *near = units_suggest(u, a, word);
			const char *hint = near ? arena_printf(a, "hint: did you mean '%s'?", near) :
				NULL;
			if (!strcmp(word, "x") || !strcmp(word, "X"))
				hint = "hint: write \xc3\x97 (or *) to multiply";
			error_at(&p, op, wend - op, hint, "unknown unit '%s'", word);
		} else {
			error_at(&p, op, char_len(&p, op), NULL, "expected an operator before %s",
				 what_at(&p, op));
		}
		return NULL;
	}
	struct expr *e = arena_alloc(a, sizeof *e);
	e->root = root;
	e->text = text;
	e->len = len;
	e->loc = loc;
	e->units = u;
	e->arena = a;
	e->flags = flags;
	return e;
}

/* ---- evaluation ---- */

struct evaluator {
	struct expr *e;
	const struct expr_scope *scope;
};

static void eval_error(struct evaluator *ev, size_t off, size_t n, const char *detail,
		       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void eval_error(struct evaluator *ev, size_t off, size_t n, const char *detail,
		       const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (off > ev->e->len)
		off = ev->e->len;
	if (n > ev->e->len - off)
		n = ev->e->len - off;
	struct srcloc loc = units_loc_at(ev->e->loc, ev->e->text, off);
	diag_report(DIAG_ERROR, loc, (int)utf8_length(ev->e->text + off, n), detail, "%s", msg);
}

static const char *unit_name(struct evaluator *ev, const struct quantity *q)
{
	return format_unit_name(ev->e->arena, ev->e->units, q);
}

/* Reports an arithmetic error code at node n's operator. */
static int arith_error(struct evaluator *ev, struct expr_node *n, int rc,
		       const struct quantity *a, const struct quantity *b)
{
	const char *an = a ? unit_name(ev, a) : "", *bn = b ? unit_name(ev, b) : "";
	size_t off = n->op_off, len = n->op_len;
	switch (rc) {
	case QUANTITY_EDIM:
		switch (n->kind) {
		case EXPR_ADD:
			eval_error(ev, off, len, NULL, "cannot add %s to %s", bn, an);
			break;
		case EXPR_SUB:
			eval_error(ev, off, len, NULL, "cannot subtract %s from %s", bn, an);
			break;
		case EXPR_POW:
			eval_error(ev, off, len, NULL, "an exponent must be a plain number, not %s",
				   bn);
			break;
		default:
			eval_error(ev, off, len, NULL, "cannot compare %s with %s in %s", an, bn,
				   n->name ? n->name : "this");
			break;
		}
		break;
	case QUANTITY_EPOWER:
		if (n->kind == EXPR_CALL)
			eval_error(ev, off, len, NULL, "cannot take the square root of %s", an);
		else
			eval_error(ev, off, len, NULL,
				   "%s can only be raised to an exact integer power", an);
		break;
	case INTERVAL_EDIVZERO:
		if (b && b->v.lo == 0 && b->v.hi == 0)
			eval_error(ev, off, len, NULL, "division by zero");
		else if (b)
			eval_error(ev, off, len, NULL, "division by zero: the divisor may be zero "
				   "(it lies in %s)", format_quantity(ev->e->arena, ev->e->units, b,
								      FORMAT_INTERVAL));
		else
			eval_error(ev, off, len, NULL, "division by zero");
		break;
	case INTERVAL_EDOMAIN:
		eval_error(ev, off, len, NULL, "no real result: %s of a negative number",
			   n->kind == EXPR_POW ? "a fractional power" : "square root");
		break;
	default:
		eval_error(ev, off, len, NULL, "number too large");
		break;
	}
	return -1;
}

static int eval(struct evaluator *ev, struct expr_node *n, struct quantity *out);

/* Sets out's kinds from a and b; reports a sum of two kinds of one family. */
static int kind_clash(struct evaluator *ev, struct expr_node *n, enum kind_op op,
		      const struct quantity *a, const struct quantity *b, struct quantity *out)
{
	const struct units *u = ev->e->units;
	int f = units_kind_combine(u, op, a, b, out);
	if (!f)
		return 0;
	const char *ka = units_kind_name(u, a->kind[f - 1]), *kb = units_kind_name(u, b->kind[f - 1]);
	const char *detail = "hint: convert one with 'as' where a relation links them "
			     "(x as sparse)";
	if (n->kind == EXPR_SUB)
		eval_error(ev, n->op_off, n->op_len, detail, "cannot subtract %s from %s", kb, ka);
	else if (n->kind == EXPR_CALL)
		eval_error(ev, n->op_off, n->op_len, detail, "cannot compare %s with %s in %s", kb,
			   ka, n->name);
	else
		eval_error(ev, n->op_off, n->op_len, detail, "cannot add %s to %s", kb, ka);
	return -1;
}

static int eval_name(struct evaluator *ev, struct expr_node *n, struct quantity *out);

/* x as kind: through a relation, or a kind given to a value without one. */
static int eval_as(struct evaluator *ev, struct expr_node *n, struct quantity *out)
{
	const struct units *u = ev->e->units;
	struct quantity a;
	if (eval(ev, n->lhs, &a) < 0)
		return -1;
	int fam = units_kind_family(u, n->as_kind);
	int from = a.kind[fam];
	int inverse = 0;
	const char *column = from && from != n->as_kind ?
		units_kind_column(u, from, n->as_kind, &inverse) : NULL;
	if (n->rhs && !column) {
		const char *why = !from ? arena_printf(ev->e->arena, "it has no kind of family '%s' "
						       "to convert from", units_kind_family_name(u, fam)) :
			from == n->as_kind ? "it is of that kind already" :
			"no relation through a row's column links the two";
		eval_error(ev, n->rhs->off, n->rhs->len, NULL,
			   "'of %.*s' is not needed: %s (%s as %s)", (int)n->rhs->len,
			   ev->e->text + n->rhs->off, why, from ? units_kind_name(u, from) : "no kind",
			   units_kind_name(u, n->as_kind));
		return -1;
	}
	if (column) {
		if (!n->rhs) {
			eval_error(ev, n->op_off, n->op_len, arena_printf(ev->e->arena,
				   "hint: write '%.*s of ROW' with the row whose %s applies (a "
				   "superchip's, a node's, a rack's)", (int)n->op_len,
				   ev->e->text + n->op_off, column),
				   "%s to %s goes through a row's '%s': there is no fixed factor",
				   units_kind_name(u, from), units_kind_name(u, n->as_kind), column);
			return -1;
		}
		struct quantity count;
		struct expr_ref ref = { NULL, NULL, NULL };
		int found = ev->scope && ev->scope->lookup ?
			ev->scope->lookup(ev->scope->ctx, n->rhs->name, &count, &ref) : 1;
		if (found < 0)
			return -1;
		if (found > 0) {
			const char *near = ev->scope && ev->scope->suggest ?
				ev->scope->suggest(ev->scope->ctx, n->rhs->name) : NULL;
			/* only a row that has the column is worth suggesting */
			size_t nl = near ? strlen(near) : 0, cl = strlen(column);
			if (near && !(nl > cl + 1 && near[nl - cl - 1] == '.' &&
				      !strcmp(near + nl - cl, column)))
				near = NULL;
			eval_error(ev, n->rhs->off, n->rhs->len, near ? arena_printf(ev->e->arena,
				   "hint: did you mean '%s'?", near) : NULL,
				   "no '%s': %s %s reads the %s of the row named (a superchip's, a "
				   "node's or a rack's)", n->rhs->name, inverse ? "per-gpu from" :
				   "as", units_kind_name(u, inverse ? from : n->as_kind), column);
			return -1;
		}
		n->rhs->resolved = 1;
		n->rhs->ref = ref;
		n->rhs->value = count;
		n->rhs->shown = NULL;
		if (!dim_is_none(&count.dim)) {
			eval_error(ev, n->rhs->off, n->rhs->len, NULL, "'%s' is %s, not a count",
				   n->rhs->name, unit_name(ev, &count));
			return -1;
		}
		struct quantity r;
		int rc = inverse ? quantity_div(ev->e->arena, a, count, &r) :
			quantity_mul(ev->e->arena, a, count, &r);
		if (rc)
			return arith_error(ev, n, rc, &a, &count);
		memcpy(r.kind, a.kind, sizeof r.kind);
		a = r;
	} else if (from && from != n->as_kind) {
		double f = units_kind_factor(u, from, n->as_kind);
		if (f == 0) {
			eval_error(ev, n->op_off, n->op_len, NULL,
				   "no relation links %s to %s: a value of one kind is not one of "
				   "the other", units_kind_name(u, from),
				   units_kind_name(u, n->as_kind));
			return -1;
		}
		struct quantity k = quantity_number(f);
		struct quantity r;
		int rc = quantity_mul(ev->e->arena, a, k, &r);
		if (rc)
			return arith_error(ev, n, rc, &a, NULL);
		a = r;
	}
	units_kind_set(u, &a, n->as_kind);
	*out = a;
	return 0;
}

static int eval_name(struct evaluator *ev, struct expr_node *n, struct quantity *out)
{
	n->resolved = 0;
	int rc = 1;
	if (ev->scope && ev->scope->lookup) {
		struct quantity q;
		struct expr_ref ref = { NULL, NULL, NULL };
		rc = ev->scope->lookup(ev->scope->ctx, n->name, &q, &ref);
		if (rc < 0)
			return -1;
		if (rc == 0) {
			n->resolved = 1;
			n->ref = ref;
			n->value = q;
			n->shown = NULL;
			*out = q;
			return 0;
		}
	}
	if (n->maybe_unit) {
		*out = n->value;
		return 0;
	}
	const char *near = NULL;
	if (ev->scope && ev->scope->suggest)
		near = ev->scope->suggest(ev->scope->ctx, n->name);
	/* a word the book does not define: in prose, perhaps braces that
	 * were never meant as a span */
	const char *brace = ev->e->flags & EXPR_PROSE ? EXPR_BRACE_HINT : NULL;
	const char *detail = near ? arena_printf(ev->e->arena, "hint: did you mean '%s'?%s%s", near,
						 brace ? "\n" : "", brace ? brace : "") : brace;
	eval_error(ev, n->off, n->len, detail, "unknown name '%s'", n->name);
	return -1;
}

static int eval_call(struct evaluator *ev, struct expr_node *n, struct quantity *out)
{
	struct quantity acc, q;
	if (eval(ev, n->args[0], &acc) < 0)
		return -1;
	int rc = 0;
	if (!strcmp(n->name, "abs"))
		rc = quantity_abs(acc, &acc);
	else if (!strcmp(n->name, "sqrt"))
		rc = quantity_sqrt(ev->e->arena, acc, &acc);
	if (rc)
		return arith_error(ev, n, rc, &acc, NULL);
	int is_min = !strcmp(n->name, "min");
	for (size_t i = 1; i < n->nargs; i++) {
		if (eval(ev, n->args[i], &q) < 0)
			return -1;
		struct quantity prev = acc;
		rc = is_min ? quantity_min(prev, q, &acc) : quantity_max(prev, q, &acc);
		if (!rc && kind_clash(ev, n, KIND_SUM, &prev, &q, &acc) < 0)
			return -1;
		if (rc) {
			if (rc == QUANTITY_EDIM) {
				eval_error(ev, n->args[i]->off, n->args[i]->len, NULL,
					   "cannot compare %s with %s in %s", unit_name(ev, &q),
					   unit_name(ev, &prev), n->name);
				return -1;
			}
			return arith_error(ev, n, rc, &prev, &q);
		}
	}
	*out = acc;
	return 0;
}

static int eval(struct evaluator *ev, struct expr_node *n, struct quantity *out)
{
	struct quantity a, b;
	int rc = 0;
	struct arena *ar = ev->e->arena;
	switch (n->kind) {
	case EXPR_NUMBER:
	case EXPR_UNIT:
		*out = n->value;
		return 0;
	case EXPR_NAME:
		return eval_name(ev, n, out);
	case EXPR_CALL:
		return eval_call(ev, n, out);
	case EXPR_NEG:
		if (eval(ev, n->lhs, &a) < 0)
			return -1;
		rc = quantity_neg(a, out);
		return rc ? arith_error(ev, n, rc, &a, NULL) : 0;
	case EXPR_AS:
		return eval_as(ev, n, out);
	case EXPR_CONVERT:
		if (eval(ev, n->lhs, &a) < 0)
			return -1;
		if (units_convert(&a, &n->unit) != 0) {
			eval_error(ev, n->op_off, n->len - (n->op_off - n->off), NULL,
				   "cannot convert %s to %s", unit_name(ev, &a), n->unit.name);
			return -1;
		}
		*out = a;
		return 0;
	default:
		break;
	}
	if (eval(ev, n->lhs, &a) < 0 || eval(ev, n->rhs, &b) < 0)
		return -1;
	enum kind_op kop = KIND_SUM;
	switch (n->kind) {
	case EXPR_ADD:
		rc = quantity_add(a, b, out);
		break;
	case EXPR_SUB:
		rc = quantity_sub(a, b, out);
		break;
	case EXPR_MUL:
		rc = quantity_mul(ar, a, b, out);
		kop = KIND_PRODUCT;
		break;
	case EXPR_DIV:
		rc = quantity_div(ar, a, b, out);
		kop = KIND_QUOTIENT;
		break;
	case EXPR_POW:
		rc = quantity_pow(ar, a, b, out);
		kop = KIND_PRODUCT;
		break;
	default:
		break;
	}
	if (rc)
		return arith_error(ev, n, rc, &a, &b);
	return kind_clash(ev, n, kop, &a, &b, out);
}

int expr_eval(struct expr *e, const struct expr_scope *scope, struct quantity *out)
{
	struct evaluator ev = { e, scope };
	return eval(&ev, e->root, out);
}

/* ---- names ---- */

struct collect {
	struct expr_node **nodes;
	size_t n, cap;
	struct arena *a;
	int resolved_only;
};

static void collect(struct collect *c, struct expr_node *n)
{
	if (!n)
		return;
	collect(c, n->lhs);
	if (n->kind == EXPR_NAME && (!c->resolved_only || (n->resolved && !n->via_row))) {
		if (c->n == c->cap) {
			size_t ncap = c->cap ? 2 * c->cap : 8;
			struct expr_node **nn = arena_array(c->a, ncap, sizeof *nn);
			if (c->n)
				memcpy(nn, c->nodes, c->n * sizeof *nn);
			c->nodes = nn;
			c->cap = ncap;
		}
		c->nodes[c->n++] = n;
	}
	for (size_t i = 0; i < n->nargs; i++)
		collect(c, n->args[i]);
	collect(c, n->rhs);
}

struct expr_name *expr_names(const struct expr *e, struct arena *a, size_t *n)
{
	struct collect c = { NULL, 0, 0, a, 0 };
	collect(&c, e->root);
	struct expr_name *names = arena_array(a, c.n ? c.n : 1, sizeof *names);
	size_t k = 0;
	for (size_t i = 0; i < c.n; i++) {
		int seen = 0;
		for (size_t j = 0; j < k; j++)
			seen |= !strcmp(names[j].name, c.nodes[i]->name);
		if (seen)
			continue;
		names[k].name = c.nodes[i]->name;
		names[k].off = c.nodes[i]->off;
		names[k].len = c.nodes[i]->len;
		names[k].maybe_unit = c.nodes[i]->maybe_unit;
		k++;
	}
	*n = k;
	return names;
}

struct expr_node **expr_resolved(const struct expr *e, struct arena *a, size_t *n)
{
	struct collect c = { NULL, 0, 0, a, 1 };
	collect(&c, e->root);
	*n = c.n;
	return c.nodes;
}

const char *expr_shown(const struct expr *e, struct expr_node *n)
{
	if (!n->shown)
		n->shown = format_quantity(e->arena, e->units, &n->value, 0);
	return n->shown;
}

char *expr_show(const struct expr *e, struct arena *a)
{
	size_t n;
	struct expr_node **names = expr_resolved(e, a, &n);
	/* the length first, then the bytes straight into the arena: a heap
	 * buffer and a copy of it cost more than the text (twice a claim) */
	size_t pos = 0, total = 0;
	for (size_t i = 0; i < n; i++) {
		total += names[i]->off - pos + strlen(expr_shown(e, names[i]));
		pos = names[i]->off + names[i]->len;
	}
	size_t end = e->len;
	while (end > pos && (e->text[end - 1] == ' ' || e->text[end - 1] == '\t'))
		end--;
	total += end - pos;
	char *r = arena_alloc_uninit(a, total + 1), *w = r;
	pos = 0;
	for (size_t i = 0; i < n; i++) {
		memcpy(w, e->text + pos, names[i]->off - pos);
		w += names[i]->off - pos;
		size_t k = strlen(names[i]->shown);
		memcpy(w, names[i]->shown, k);
		w += k;
		pos = names[i]->off + names[i]->len;
	}
	memcpy(w, e->text + pos, end - pos);
	w[end - pos] = '\0';
	/* leading spaces of the text are not part of the expression */
	while (*r == ' ' || *r == '\t')
		r++;
	return r;
}
