/*
 * ids.h — the ids of a chapter's page: each taken once (headings, quizzes,
 * citations, the sources list), and the second anchors that links written
 * for GitHub land on.  The ids taken so far are in the chapter's context
 * (c->ids), seeded with the page template's own.
 */
#ifndef SPECBOOK_IDS_H
#define SPECBOOK_IDS_H

#include "render/chapter.h"

/* Returns want (or want-2, want-3…: the first not taken; "section" when
 * want is NULL or empty) as an id of the page, now taken. */
const char *ids_unique(struct ctx *c, const char *want);

/* The id GitHub would give a heading whose slug is gh ("foo", then "foo-1",
 * "foo-2" for repeats), now taken, kept as a second anchor so that links
 * written for GitHub land; NULL when it is the heading's id or another's
 * already. */
const char *ids_github_alias(struct ctx *c, const char *gh, const char *id);

#endif
