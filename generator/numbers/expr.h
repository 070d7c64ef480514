/*
 * expr.h — arithmetic expressions over quantities and spec references.
 *
 * The grammar (DESIGN §6 "Expressions"), loosest first:
 *
 *   expr    := sum [ ("->" | "in") unit ]
 *   sum     := terms [ "as" kind [ "of" row ] ]     (units.h "Kinds")
 *   terms   := product { ("+" | "-" | "−") product }
 *   product := unary { ("×" | "*" | "·" | "/" | "÷") unary }
 *   unary   := ("-" | "−" | "+") unary | power
 *   power   := atom [ "^" unary ]                  (right-associative)
 *   atom    := literal | name | unit | func "(" expr { "," expr } ")" | "(" expr ")"
 *   name    := id [ "." id [ "." id ] ]            (field, row.field, table.row.field)
 *
 * A literal takes its inline unit (`192 GB`, `3.35 TB/s`, `4.186 kJ/(kg × K)`)
 * and a kind word after it (`1979 TFLOPS sparse`); `x as sparse` converts x
 * to another kind of its family through a relation of units.yaml (×2 from
 * dense), or gives a kind to a value that has none in that family;
 * `x as per-superchip of gb200` converts through a relation whose factor
 * is a column of a row (`per-superchip: {is: gpus per-gpu}`: × gb200.gpus);
 * see literal.h for what numbers may look like.  A bare word that is not a
 * known name but is a unit stands for one of it (`11 K` is also `11 × K`).
 * The functions are min, max, abs, sqrt.
 *
 * Parsing builds a tree in an arena; evaluation asks a scope for the value
 * of each name and reports every error at its exact place in the text.
 * Evaluation stores what each name resolved to in its node (so claims can
 * show references as linked values): a tree is not shared between threads
 * while it is evaluated.
 */
#ifndef SPECBOOK_EXPR_H
#define SPECBOOK_EXPR_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"
#include "numbers/quantity.h"
#include "numbers/units.h"

/* Nesting of parentheses, unary signs and powers.  The parser and the
 * evaluator recurse; this bounds the stack (10 000 nested parentheses get a
 * diagnostic, not a crash) and is far beyond any real formula. */
#define EXPR_MAX_DEPTH 256

/* Height of the tree: a long chain `1 + 1 + … + 1` nests without
 * parentheses and the evaluator recurses over it too.  No formula a person
 * writes comes near it. */
#define EXPR_MAX_HEIGHT 1024

/* Where a name was found, so that the site can link it. */
struct expr_ref {
	const char *table, *row, *field;
};

struct expr_scope {
	/* Returns 0 with *q and *ref filled, 1 when there is no such name
	 * (not reported), or -1 when it reported a problem itself. */
	int (*lookup)(void *ctx, const char *name, struct quantity *q, struct expr_ref *ref);
	/* Returns the closest known name for "did you mean", or NULL. */
	const char *(*suggest)(void *ctx, const char *name);
	void *ctx;
};

enum expr_kind {
	EXPR_NUMBER,     /* literal: value */
	EXPR_NAME,       /* name: name, and after evaluation value and ref */
	EXPR_UNIT,       /* a unit standing alone (`K`, `°C`): value is one of it */
	EXPR_NEG,        /* -lhs */
	EXPR_ADD, EXPR_SUB, EXPR_MUL, EXPR_DIV, EXPR_POW,
	EXPR_CALL,       /* name(args…) */
	EXPR_CONVERT,    /* lhs -> unit */
	EXPR_AS,         /* lhs as kind: as_kind */
};

struct expr_node {
	enum expr_kind kind;
	size_t off, len;            /* bytes of the text this node covers */
	size_t op_off, op_len;      /* the operator or function name, for diagnostics */
	int height;                 /* 1 for a leaf */
	struct quantity value;      /* NUMBER, UNIT; NAME once evaluated */
	const char *name;           /* NAME: as written; CALL: the function */
	int maybe_unit;             /* NAME: also a unit name (used if no such name) */
	int resolved;               /* NAME: evaluation found it in the scope */
	int via_row;                /* NAME: the field `as KIND of ROW` reads (ROW.column);
				       covers ROW's text, never shown as a value */
	struct expr_ref ref;        /* NAME: where it was found */
	const char *shown;          /* NAME: value formatted, once asked (expr_shown()) */
	struct expr_node *lhs, *rhs;
	struct expr_node **args;    /* CALL */
	size_t nargs;
	struct unit unit;           /* CONVERT: the target */
	int as_kind;                /* AS: the kind converted to (units.h "Kinds"); rhs, when
				       not NULL, the NAME of `of ROW` */
};

struct expr {
	struct expr_node *root;
	const char *text;           /* the text parsed (not copied: must outlive the tree) */
	size_t len;
	struct srcloc loc;          /* place of text[0] */
	const struct units *units;
	struct arena *arena;
	unsigned flags;             /* those given to expr_parse() */
};

/* Flags for expr_parse(). */
enum {
	EXPR_STATED = 1,   /* read integer literals as STATED, not exact (see literal.h) */
	EXPR_PROSE = 2,    /* text found in braces in prose: an unknown name says how
			    * to write a literal brace (EXPR_BRACE_HINT) */
};

/* The way out for braces that were not meant as a span: `{1, 2, 3}`,
 * `\frac{a}{b}`. */
#define EXPR_BRACE_HINT "hint: not a span? write \\{ for a literal brace"

/*
 * Parses text (len bytes, not necessarily NUL-terminated; loc is the place
 * of text[0]).  Returns the tree, in arena a, or NULL after reporting the
 * first syntax error at its place ("expected a number, a name or '(' at the
 * end", "unbalanced ')'", "unknown unit 'gpus'" after a number, "unknown
 * function 'avg'", "expression nested deeper than 256 levels").
 */
struct expr *expr_parse(const struct units *u, struct arena *a, const char *text, size_t len,
			struct srcloc loc, unsigned flags);

/*
 * Evaluates e with names looked up in scope (may be NULL: no names).  Returns
 * 0 and fills *out, or -1 after reporting at the place of the offending node:
 * unknown name (with "did you mean"), "cannot add TB/s to GB" and other
 * dimension clashes, "cannot add sparse to dense" and other kind clashes,
 * `as` between kinds no relation links, division by zero, overflow, `-> unit` of another
 * dimension ("cannot convert FLOP/s to TB").
 */
int expr_eval(struct expr *e, const struct expr_scope *scope, struct quantity *out);

/* A name an expression refers to, where it stands in the text. */
struct expr_name {
	const char *name;
	size_t off, len;
	int maybe_unit;             /* also reads as a unit (`K`); it may not be a field */
};

/*
 * Returns the names e refers to, each once, in order of first appearance,
 * in arena a; *n gets their count.  For ordering derived columns and finding
 * cycles before anything is evaluated.
 */
struct expr_name *expr_names(const struct expr *e, struct arena *a, size_t *n);

/*
 * Returns the NAME nodes the last expr_eval() found in the scope, in text
 * order, in arena a; *n gets their count.
 */
struct expr_node **expr_resolved(const struct expr *e, struct arena *a, size_t *n);

/*
 * Returns the value of n, a NAME node of e resolved by the last
 * expr_eval(), formatted as format_quantity(…, 0) gives it; formatted once
 * per evaluation, in e's arena.
 */
const char *expr_shown(const struct expr *e, struct expr_node *n);

/*
 * Returns the text of e with every name resolved by the last expr_eval()
 * replaced by its value, formatted ("72 × 192 GB" for "nvl72.gpus ×
 * b200.memory"), in arena a.
 */
char *expr_show(const struct expr *e, struct arena *a);

#endif
