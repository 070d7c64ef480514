/*
 * yamltree.c — libyaml's event stream folded into located trees (see yamltree.h).
 *
 * A recursive descent over events: each call consumes exactly the events of
 * one node.  libyaml reports 0-based marks; diagnostics want 1-based.
 */
#include "core/yamltree.h"
#include "core/alloc.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

struct parser {
	yaml_parser_t yaml;
	const char *text;
	size_t len;
	struct arena *arena;
	const char *file;
	int first_line;
};

static struct srcloc mark_loc(struct parser *p, yaml_mark_t m)
{
	struct srcloc loc = { p->file, (int)m.line + p->first_line, (int)m.column + 1 };
	return loc;
}

static int next_event(struct parser *p, yaml_event_t *ev)
{
	if (yaml_parser_parse(&p->yaml, ev))
		return 0;
	struct srcloc loc = mark_loc(p, p->yaml.problem_mark);
	const char *problem = p->yaml.problem ? p->yaml.problem : "malformed YAML";
	size_t at = p->yaml.problem_mark.index;
	char detail[160] = "";
	if (at < p->len && p->text[at] == '\t')
		snprintf(detail, sizeof detail, "hint: YAML is indented with spaces, never tabs");
	else if (p->yaml.context) {
		struct srcloc from = mark_loc(p, p->yaml.context_mark);
		snprintf(detail, sizeof detail, "note: %s that starts at line %d, column %d",
			 p->yaml.context + (strncmp(p->yaml.context, "while ", 6) ? 0 : 6),
			 from.line, from.col);
	}
	diag_report(DIAG_ERROR, loc, 1, *detail ? detail : NULL, "invalid YAML: %s%s%s", problem,
		    p->yaml.context ? " " : "", p->yaml.context ? p->yaml.context : "");
	return -1;
}

static struct ynode *parse_node(struct parser *p, yaml_event_t *ev, int depth);
static int parse_children_raw(struct parser *p, struct ynode *node, int depth);

/* Moves the children arrays, grown with malloc while parsing, into the arena. */
static void settle_children(struct parser *p, struct ynode *node)
{
	if (node->items) {
		struct ynode **items = arena_array(p->arena, node->count, sizeof *items);
		memcpy(items, node->items, node->count * sizeof *items);
		free(node->items);
		node->items = items;
	}
	if (node->pairs) {
		struct ypair *pairs = arena_array(p->arena, node->count, sizeof *pairs);
		memcpy(pairs, node->pairs, node->count * sizeof *pairs);
		free(node->pairs);
		node->pairs = pairs;
	}
}

/* Parses the children of a map or sequence whose start event was consumed. */
static int parse_children(struct parser *p, struct ynode *node, int depth)
{
	int rc = parse_children_raw(p, node, depth);
	settle_children(p, node);
	return rc;
}

/* Returns the tag of the node that starts at m as its source wrote it
 * (`!!map`, not the URI libyaml resolves it to), in the arena. */
static const char *tag_as_written(struct parser *p, yaml_mark_t m, const yaml_char_t *resolved)
{
	size_t at = m.index, end = at;
	if (at >= p->len || p->text[at] != '!')
		return (const char *)resolved;
	while (end < p->len && end - at < 80 && !strchr(" \t\r\n", p->text[end]))
		end++;
	return arena_strndup(p->arena, p->text + at, end - at);
}

/* Orders pairs by key text, then by place in the document (the pairs are
 * one array, so their addresses are document order). */
static int pair_key_cmp(const void *pa, const void *pb)
{
	const struct ypair *a = *(const struct ypair *const *)pa;
	const struct ypair *b = *(const struct ypair *const *)pb;
	int c = strcmp(a->key->text, b->key->text);
	if (c)
		return c;
	return a < b ? -1 : a > b;
}

/* Reports the first key in document order that repeats an earlier one;
 * returns 0 or -1.  Sorting, not a look-up per key: a spec table's rows map
 * holds one key per row, and a linear look-up made 100,000 rows take 36 s. */
static int check_duplicate_keys(const struct ynode *node)
{
	if (node->count < 2)
		return 0;
	const struct ypair **sorted = xmalloc(size_mul(node->count, sizeof *sorted));
	for (size_t i = 0; i < node->count; i++)
		sorted[i] = &node->pairs[i];
	qsort(sorted, node->count, sizeof *sorted, pair_key_cmp);
	const struct ypair *first_dup = NULL;
	for (size_t i = 1; i < node->count; i++)
		if (!strcmp(sorted[i - 1]->key->text, sorted[i]->key->text) &&
		    (!first_dup || sorted[i] < first_dup))
			first_dup = sorted[i];
	free(sorted);
	if (!first_dup)
		return 0;
	diag_error(first_dup->key->loc, "duplicate key '%s'", first_dup->key->text);
	return -1;
}

static int parse_children_raw(struct parser *p, struct ynode *node, int depth)
{
	size_t cap = 0;
	for (;;) {
		yaml_event_t ev;
		if (next_event(p, &ev))
			return -1;
		if (ev.type == YAML_MAPPING_END_EVENT || ev.type == YAML_SEQUENCE_END_EVENT) {
			yaml_event_delete(&ev);
			return node->kind == YNODE_MAP ? check_duplicate_keys(node) : 0;
		}
		if (node->kind == YNODE_SEQ) {
			struct ynode *item = parse_node(p, &ev, depth + 1);
			if (!item)
				return -1;
			array_grow((void **)&node->items, &cap, node->count + 1, sizeof *node->items);
			node->items[node->count++] = item;
			continue;
		}
		struct ynode *key = parse_node(p, &ev, depth + 1);
		if (!key)
			return -1;
		if (key->kind != YNODE_SCALAR) {
			diag_error(key->loc, "a key must be plain text, not %s", ytree_kind_name(key));
			return -1;
		}
		if (next_event(p, &ev))
			return -1;
		struct ynode *value = parse_node(p, &ev, depth + 1);
		if (!value)
			return -1;
		array_grow((void **)&node->pairs, &cap, node->count + 1, sizeof *node->pairs);
		node->pairs[node->count].key = key;
		node->pairs[node->count].value = value;
		node->count++;
	}
}

/* Builds the node that starts with ev (consumed); NULL after reporting. */
static struct ynode *parse_node(struct parser *p, yaml_event_t *ev, int depth)
{
	struct srcloc loc = mark_loc(p, ev->start_mark);
	if (depth > YAML_MAX_DEPTH) {
		diag_error(loc, "YAML nested deeper than %d levels", YAML_MAX_DEPTH);
		yaml_event_delete(ev);
		return NULL;
	}
	struct ynode *node = arena_alloc(p->arena, sizeof *node);
	node->loc = loc;
	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		diag_error(loc, "YAML aliases (*%s) are not supported: write the value out",
			   (const char *)ev->data.alias.anchor);
		yaml_event_delete(ev);
		return NULL;
	case YAML_SCALAR_EVENT:
		if (ev->data.scalar.anchor) {
			diag_error(loc, "YAML anchors (&%s) are not supported",
				   (const char *)ev->data.scalar.anchor);
			yaml_event_delete(ev);
			return NULL;
		}
		if (ev->data.scalar.tag && ev->data.scalar.plain_implicit == 0 &&
		    ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
			/* "!13.5 TB ≈ …" would lose its "!13.5" to a tag */
			diag_report(DIAG_ERROR, loc, 1,
				    "hint: a value that starts with '!' must be quoted: \"!…\"",
				    "YAML tags (%s) are not supported",
				    tag_as_written(p, ev->start_mark, ev->data.scalar.tag));
			yaml_event_delete(ev);
			return NULL;
		}
		node->kind = YNODE_SCALAR;
		node->len = ev->data.scalar.length;
		node->text = arena_strndup(p->arena, (const char *)ev->data.scalar.value, node->len);
		node->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		if (strlen(node->text) != node->len) {
			diag_error(loc, "NUL byte inside a YAML value");
			yaml_event_delete(ev);
			return NULL;
		}
		yaml_event_delete(ev);
		return node;
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT: {
		const yaml_char_t *anchor = ev->type == YAML_SEQUENCE_START_EVENT
			? ev->data.sequence_start.anchor : ev->data.mapping_start.anchor;
		if (anchor) {
			diag_error(loc, "YAML anchors (&%s) are not supported", (const char *)anchor);
			yaml_event_delete(ev);
			return NULL;
		}
		/* refused as on scalars: a tag asks a loader to build an object
		 * (!!python/object), and a map or list needs none to be one */
		const yaml_char_t *tag = ev->type == YAML_SEQUENCE_START_EVENT
			? ev->data.sequence_start.tag : ev->data.mapping_start.tag;
		if (tag) {
			diag_report(DIAG_ERROR, loc, 1, "hint: remove the tag; the value stays a "
				    "plain YAML map or list", "YAML tags (%s) are not supported",
				    tag_as_written(p, ev->start_mark, tag));
			yaml_event_delete(ev);
			return NULL;
		}
		node->kind = ev->type == YAML_SEQUENCE_START_EVENT ? YNODE_SEQ : YNODE_MAP;
		yaml_event_delete(ev);
		if (parse_children(p, node, depth))
			return NULL;
		return node;
	}
	default:
		diag_error(loc, "unexpected YAML event");
		yaml_event_delete(ev);
		return NULL;
	}
}

struct ynode *ytree_parse(struct arena *a, const char *file, const char *text,
			  size_t len, int first_line)
{
	struct parser p = { .arena = a, .file = file, .first_line = first_line, .text = text, .len = len };
	struct ynode *root = NULL;
	if (!yaml_parser_initialize(&p.yaml)) {
		diag_error((struct srcloc){ file, 0, 0 }, "cannot initialise the YAML parser");
		return NULL;
	}
	yaml_parser_set_input_string(&p.yaml, (const unsigned char *)text, len);
	yaml_parser_set_encoding(&p.yaml, YAML_UTF8_ENCODING);

	yaml_event_t ev;
	int state = 0;   /* 0: before the document, 1: in it, 2: after it */
	for (;;) {
		if (next_event(&p, &ev))
			goto fail;
		yaml_event_type_t type = ev.type;
		if (type == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			break;
		}
		if (type == YAML_DOCUMENT_START_EVENT) {
			if (state == 2) {
				diag_error(mark_loc(&p, ev.start_mark),
					   "a second YAML document here: one document per file");
				yaml_event_delete(&ev);
				goto fail;
			}
			state = 1;
			yaml_event_delete(&ev);
			continue;
		}
		if (type == YAML_DOCUMENT_END_EVENT) {
			state = 2;
			yaml_event_delete(&ev);
			continue;
		}
		if (type == YAML_STREAM_START_EVENT) {
			yaml_event_delete(&ev);
			continue;
		}
		root = parse_node(&p, &ev, 0);
		if (!root)
			goto fail;
	}
	yaml_parser_delete(&p.yaml);
	if (!root || (root->kind == YNODE_SCALAR && ytree_is_null(root))) {
		root = arena_alloc(a, sizeof *root);
		root->kind = YNODE_MAP;
		root->loc = (struct srcloc){ file, first_line, 1 };
	}
	return root;
fail:
	yaml_parser_delete(&p.yaml);
	return NULL;
}

struct ynode *ytree_get(const struct ynode *map, const char *key)
{
	if (!map || map->kind != YNODE_MAP)
		return NULL;
	for (size_t i = 0; i < map->count; i++)
		if (!strcmp(map->pairs[i].key->text, key))
			return map->pairs[i].value;
	return NULL;
}

int ytree_is_null(const struct ynode *node)
{
	return node && node->kind == YNODE_SCALAR && node->plain &&
	       (node->len == 0 || !strcmp(node->text, "~") || !strcmp(node->text, "null") ||
		!strcmp(node->text, "Null") || !strcmp(node->text, "NULL"));
}

const char *ytree_kind_name(const struct ynode *node)
{
	if (!node)
		return "nothing";
	switch (node->kind) {
	case YNODE_MAP: return "a map";
	case YNODE_SEQ: return "a list";
	default: return "text";
	}
}
