/*
 * mine.h — consistency inside a table: row ratios and derived columns (mine.c).
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_MINE_H
#define SPECBOOK_AUDIT_MINE_H

#include "audit/model.h"

/* Mines table t's relations and reports the cells off them. */
void mine_table(struct audit *au, struct atable *t);
#endif
