/*
 * prose.h — figures and comparisons of prose (prose.c).
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_PROSE_H
#define SPECBOOK_AUDIT_PROSE_H

#include "audit/model.h"

/* Ties the figures of p to the tables and judges its comparisons. */
void prose_check(struct audit *au, struct prose *p);
#endif
