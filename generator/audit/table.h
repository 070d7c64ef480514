/*
 * table.h — a pipe table read as an implicit spec table (table.c).
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_TABLE_H
#define SPECBOOK_AUDIT_TABLE_H

#include "audit/model.h"

/* Reads table t's columns, key and cells (after audit_add_table()). */
void table_read(struct audit *au, struct atable *t);

/* Does a header say its figures are the tensor cores' (FP64 Tensor Core,
 * FP16 张量核心)? */
int says_tensor(const char *header);

/* Does a name hold a part's or a chip's model word (H100, GA102, RTX 6000)? */
int table_has_model_word(const char *s);

/* Is a cell a part's name with its memory size ("A100 80GB", "H200
 * 141GB"): a model word that is no memory or data type, then a size? */
int table_sized_name(const struct acell *cell);

/* Returns 1 when cells a and b (same dimension) agree: their intervals
 * overlap once each is converted by kinds (dense against sparse ×2). */
int figures_agree(const struct audit *au, const struct figure *a, const struct figure *b,
		  double widen);

#endif
