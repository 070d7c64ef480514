/*
 * yamltree.h — YAML documents as small trees that remember where they were.
 *
 * The only module that includes <yaml.h>.  It parses one YAML document into
 * maps, sequences and scalars allocated in an arena, each node carrying its
 * file:line:col, so every later stage can point at the exact place of a bad
 * value.  What the book's files never need, and a hostile file could abuse,
 * is refused with a diagnostic: anchors and aliases (alias bombs), more than
 * YAML_MAX_DEPTH levels of nesting, duplicate keys, non-scalar keys.
 */
#ifndef SPECBOOK_YAMLTREE_H
#define SPECBOOK_YAMLTREE_H

#include <stddef.h>

#include "core/arena.h"
#include "core/diag.h"

/* Deeper nesting than any spec table or front matter needs; bounds recursion. */
#define YAML_MAX_DEPTH 32

enum ynode_kind { YNODE_SCALAR, YNODE_MAP, YNODE_SEQ };

struct ynode;

struct ypair {
	struct ynode *key;     /* always a scalar */
	struct ynode *value;
};

struct ynode {
	enum ynode_kind kind;
	struct srcloc loc;
	/* YNODE_SCALAR */
	const char *text;      /* NUL-terminated, in the arena */
	size_t len;
	int plain;             /* written without quotes (so `null`, `~` mean null) */
	/* YNODE_MAP: pairs in document order; YNODE_SEQ: items */
	struct ypair *pairs;
	struct ynode **items;
	size_t count;
};

/*
 * Parses text (len bytes, from file) as one YAML document.  first_line is
 * the file line the text starts on (1 for a whole file; front matter starts
 * on line 2).  Returns the root node (a YNODE_MAP with count 0 for an empty
 * document), or NULL after reporting the error at its line:col.
 */
struct ynode *ytree_parse(struct arena *a, const char *file, const char *text,
			  size_t len, int first_line);

/* Returns the value for key in map, or NULL (also when map is not a map). */
struct ynode *ytree_get(const struct ynode *map, const char *key);

/* Returns 1 if node is a plain null scalar (`~`, `null`, empty). */
int ytree_is_null(const struct ynode *node);

/* Returns the node's kind as a word for messages ("a map", "a list", "text"). */
const char *ytree_kind_name(const struct ynode *node);

#endif
