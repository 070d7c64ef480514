/*
 * ids.c — the ids of a chapter's page (see ids.h).
 */
#include "render/ids.h"
#include "core/alloc.h"

#include <string.h>

static int id_taken(const struct ctx *c, const char *id)
{
	for (size_t i = 0; i < c->nids; i++)
		if (!strcmp(c->ids[i], id))
			return 1;
	return 0;
}

const char *ids_github_alias(struct ctx *c, const char *gh, const char *id)
{
	if (!*gh || !strcmp(gh, id))
		return NULL;
	for (int k = 0; k < 1000; k++) {
		const char *cand = k ? arena_printf(c->a, "%s-%d", gh, k) : gh;
		if (!strcmp(cand, id))
			return NULL;
		if (!id_taken(c, cand)) {
			*ARRAY_PUSH(c->ids, c->nids, c->capids) = cand;
			return cand;
		}
	}
	return NULL;
}

const char *ids_unique(struct ctx *c, const char *want)
{
	const char *id = want && *want ? want : "section";
	for (int k = 1;; k++) {
		const char *cand = k == 1 ? id : arena_printf(c->a, "%s-%d", id, k);
		int taken = 0;
		for (size_t i = 0; i < c->nids && !taken; i++)
			taken = !strcmp(c->ids[i], cand);
		if (!taken) {
			*ARRAY_PUSH(c->ids, c->nids, c->capids) = cand;
			return cand;
		}
	}
}
