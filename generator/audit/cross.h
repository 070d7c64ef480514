/*
 * cross.h — the same row and column in two tables (cross.c).
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_CROSS_H
#define SPECBOOK_AUDIT_CROSS_H

#include "audit/model.h"

/* Holds every keyed cell against the same row and column of earlier
 * tables, and reports those that disagree. */
void cross_tables(struct audit *au);
#endif
