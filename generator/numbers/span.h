/*
 * span.h — a span of prose as the numbers core gives it back (DESIGN §6
 * "In prose"): what the reader sees and, for a claim, what it states and
 * what was computed.  Types only; numbers_span() fills them, claim.c
 * writes them, render.c shows them.
 */
#ifndef SPECBOOK_SPAN_H
#define SPECBOOK_SPAN_H

#include <stddef.h>

enum span_kind { SPAN_VALUE, SPAN_CLAIM };

/* A run of the text a span shows.  When row is set the run is a spec value
 * and links to /specs/<table>.html#<row>. */
struct span_piece {
	const char *text;
	const char *table;
	const char *row;
};

/* The slips a reader's answer may show (DESIGN §11): the same ones the
 * checker names in its hints.  A quiz's page says which one a wrong answer
 * matches, in the reader's language. */
enum span_slip_kind {
	SLIP_PREFIX,       /* decimal/binary prefix: 1.024^n */
	SLIP_BITS,         /* bits vs bytes: 8 */
	SLIP_SPARSE,       /* dense vs sparse FLOPS: 2 */
	SLIP_DIRECTION,    /* per direction vs both directions: 2 */
	SLIP_DOUBLE,       /* some other factor of 2 */
	SLIP_THOUSAND,     /* a prefix off by one step: 10^3 */
};

struct span_slip {
	enum span_slip_kind kind;
	double factor;     /* the slipped answer is the computed value × factor */
};

/* What grading a typed answer to a claim needs (= and ≈ claims only),
 * every number in the stated side's unit.  A typed number means the
 * interval its digits imply (half a unit of its last digit either way, as
 * the stated side of a claim); widened by tol (relative) and abs_tol, it
 * is right when it overlaps [lo, hi], as the claim would hold. */
struct span_grade {
	int ok;                    /* 0: not a gradable claim */
	const char *unit;          /* the stated unit as written ("TB"), "" for none */
	double lo, hi;             /* the computed interval */
	double tol;                /* ≈: the book's approx; ± 5%: 0.05; =: 0 */
	double abs_tol;            /* ± 0.1 TB: 0.1; else 0 */
	struct span_slip *slips;   /* the slips this answer could show, in order */
	size_t nslips;
};

struct span {
	enum span_kind kind;
	int disputed;              /* written {!…}: checked NOT to hold */
	int counterexample;        /* written {wrong: …}: checked NOT to hold, taught as
				      wrong on purpose; not disputed, not on the errata */
	struct span_piece *pieces; /* what the reader sees, in order */
	size_t npieces;
	const char *relation;      /* claims: "=", "≈", "<", ">", "≤", "≥" */
	const char *stated;        /* claims: the stated side as written ("182 TB") */
	const char *derivation;    /* claims: the derivation, references replaced by values */
	const char *computed;      /* the computed value, formatted ("200 TB", "149.5–200.5 L/min") */
	const char *correction;    /* disputed: what it should say ("200 TB (181.9 TiB)") */
	const char *slip;          /* disputed: the kind slip the correction undoes ("a
				      per-superchip figure read as per GPU"), or NULL */
	struct span_grade grade;   /* claims with = or ≈, not disputed */
};

#endif
