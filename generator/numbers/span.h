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

struct span {
	enum span_kind kind;
	int disputed;              /* written {!…}: checked NOT to hold */
	struct span_piece *pieces; /* what the reader sees, in order */
	size_t npieces;
	const char *relation;      /* claims: "=", "≈", "<", ">", "≤", "≥" */
	const char *stated;        /* claims: the stated side as written ("182 TB") */
	const char *derivation;    /* claims: the derivation, references replaced by values */
	const char *computed;      /* the computed value, formatted ("200 TB", "149.5–200.5 L/min") */
	const char *correction;    /* disputed: what it should say ("200 TB (181.9 TiB)") */
};

#endif
