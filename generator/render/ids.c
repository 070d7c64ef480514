/*
 * ids.c — the ids of a chapter's page (see ids.h).
 *
 * The ids taken are hashed (an open-addressing table in the chapter's
 * arena), each with the next suffix to try when it is wanted again:
 * rescanning every id for every candidate suffix made 2,000 headings of
 * one title take 18 s (cubic).  c->ids stays the list of ids in the order
 * taken; ids pushed there by the caller (the template's) are indexed on
 * the next call.
 */
#include "render/ids.h"
#include "core/alloc.h"
#include "core/pack.h"

#include <string.h>

struct ids_slot {
	const char *key;         /* NULL: empty */
	uint64_t hash;
	unsigned char taken;     /* key is an id of the page */
	int next_unique;         /* ids_unique(): the next suffix to try for key */
	int next_github;         /* ids_github_alias(): the same */
};

struct ids_table {
	struct ids_slot *slot;
	size_t mask, n;
	size_t indexed;          /* c->ids[0 .. indexed) are in the table */
};

static uint64_t id_hash(const char *id)
{
	return pack_hash(PACK_HASH_INIT, id, strlen(id));
}

/* Returns key's slot, added (not taken) when it was not there. */
static struct ids_slot *slot_of(struct ctx *c, const char *key)
{
	struct ids_table *t = c->id_table;
	if (!t) {
		t = c->id_table = arena_array(c->a, 1, sizeof *t);
		t->mask = 63;
		t->slot = arena_array(c->a, t->mask + 1, sizeof *t->slot);
	}
	if (2 * (t->n + 1) > t->mask + 1) {   /* at most half full */
		size_t size = size_mul(t->mask + 1, 2);
		struct ids_slot *old = t->slot;
		t->slot = arena_array(c->a, size, sizeof *t->slot);
		for (size_t i = 0; i <= t->mask; i++) {
			if (!old[i].key)
				continue;
			size_t j = (size_t)old[i].hash & (size - 1);
			while (t->slot[j].key)
				j = (j + 1) & (size - 1);
			t->slot[j] = old[i];
		}
		t->mask = size - 1;
	}
	uint64_t h = id_hash(key);
	size_t j = (size_t)h & t->mask;
	for (; t->slot[j].key; j = (j + 1) & t->mask)
		if (t->slot[j].hash == h && !strcmp(t->slot[j].key, key))
			return &t->slot[j];
	t->n++;
	t->slot[j] = (struct ids_slot){ key, h, 0, 2, 1 };
	return &t->slot[j];
}

/* Indexes the ids the caller pushed to c->ids since the last call. */
static void index_ids(struct ctx *c)
{
	if (!c->id_table)
		slot_of(c, "");   /* makes the table; "" is never an id */
	while (c->id_table->indexed < c->nids)
		slot_of(c, c->ids[c->id_table->indexed++])->taken = 1;
}

/* Takes id (its slot s): marks it and adds it to c->ids. */
static const char *take(struct ctx *c, struct ids_slot *s)
{
	s->taken = 1;
	*ARRAY_PUSH(c->ids, c->nids, c->capids) = s->key;
	c->id_table->indexed = c->nids;
	return s->key;
}

const char *ids_github_alias(struct ctx *c, const char *gh, const char *id)
{
	if (!*gh || !strcmp(gh, id))
		return NULL;
	index_ids(c);
	/* the candidates before next_github are taken for good: ids are
	 * never given back */
	for (int k = slot_of(c, gh)->next_github - 1; k < 1000; k++) {
		const char *cand = k ? arena_printf(c->a, "%s-%d", gh, k) : gh;
		struct ids_slot *s = slot_of(c, cand);
		if (!s->taken) {
			const char *taken = take(c, s);
			slot_of(c, gh)->next_github = k + 2;
			return taken;
		}
		if (!strcmp(cand, id)) {
			slot_of(c, gh)->next_github = k + 2;
			return NULL;
		}
	}
	return NULL;
}

const char *ids_unique(struct ctx *c, const char *want)
{
	const char *id = want && *want ? want : "section";
	index_ids(c);
	struct ids_slot *s = slot_of(c, id);
	if (!s->taken)
		return take(c, s);
	for (int k = s->next_unique;; k++) {
		struct ids_slot *cs = slot_of(c, arena_printf(c->a, "%s-%d", id, k));
		if (!cs->taken) {
			const char *taken = take(c, cs);
			slot_of(c, id)->next_unique = k + 1;
			return taken;
		}
	}
}
