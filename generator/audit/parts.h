/*
 * parts.h — the size in a known part's name (parts.c): `A100 80GB`.
 * Its declarations are private to audit/.
 */
#ifndef SPECBOOK_AUDIT_PARTS_H
#define SPECBOOK_AUDIT_PARTS_H

#include "audit/model.h"

/*
 * Holds each memory size of figs[from..to) written beside a known chip's
 * model word in the sentence text[soff..send) (sw its words, as
 * name_words() gives them) against the sizes the reference data knows
 * that chip in: a warning when it is none of them.  judged[i - from] gets 1
 * for each figure held (it is the chip's size, no other figure of it).
 */
void parts_check(struct audit *au, const char *text, size_t soff, size_t send, const char *sw, struct figure *figs,
		 size_t from, size_t to, unsigned char *judged);

#endif
