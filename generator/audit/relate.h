/*
 * relate.h — figures one sentence relates to each other (relate.c): a
 * restatement in another unit, a product, a share.
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_RELATE_H
#define SPECBOOK_AUDIT_RELATE_H

#include "audit/model.h"

/*
 * Judges the relations between the figures figs[from..to) of the
 * sentence text[soff..send) (figure offsets are text's): reports an error
 * for each that does not hold.
 */
void relate_check(struct audit *au, const char *text, size_t soff, size_t send, struct figure *figs,
		  size_t from, size_t to);

#endif
