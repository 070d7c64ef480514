/*
 * spec.c — read specs/<table>.yaml into tables and check their shape (see spec.h).
 *
 * One pass per file over its located YAML tree: every key is looked up in
 * the short list of keys its place allows, every value checked for the type
 * it must have, and every id for its form and uniqueness.  Errors are
 * reported where they are and the offending piece is dropped, never the
 * whole file, so a run shows all the problems at once.  Row ids go into an
 * open-addressing hash (spans look rows up by the thousand); columns of a
 * table into a sorted index.  spec_column_named() says which column a pipe
 * table's header cell names, by normalised names.
 */
#include "book/spec.h"
#include "core/distance.h"
#include "core/alloc.h"
#include "core/files.h"
#include "core/utf8.h"
#include "core/buffer.h"

#include <stdlib.h>
#include <string.h>

/* Keys a row may have besides its columns; a column may not take their names. */
static const char *const row_keys[] = { "name", "aliases", "checks", "sources", NULL };
static const char *const table_keys[] = { "table", "title", "columns", "rules", "rows", NULL };
static const char *const column_keys[] = { "zh", "en", "unit", "derive", "kind", "aliases", NULL };
/* The bytes no URL holds as they are: C0 controls, space and DEL. */
#define CONTROL_OR_SPACE "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f" \
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x20\x7f"

static const char *const source_keys[] = { "title", "url", "date", "publisher", NULL };
static const char *const bitext_keys[] = { "zh", "en", NULL };
static const char *const rule_keys[] = { "rule", "except", NULL };

struct spec_index {
	struct slot {
		const char *id;     /* NULL: free */
		struct spec_ref ref;
		const struct ynode *node;   /* names and aliases: where written */
	} *slots;
	size_t cap;             /* a power of two, at least twice the rows */
	size_t count;
};

/* The state of one spec_load() call. */
struct loader {
	struct arena *arena;
	struct spec_book *book;
	size_t captables, capsrc, capsources;
	int failed;
	int name_misspelt;   /* the row being read has a key that looks like name: */
	struct spec_index names;   /* display names and aliases, which auto-link */
};

/* ---- "did you mean": the candidate closest in edit distance ---- */

void spec_suggest_init(struct spec_suggest *sg, const char *word)
{
	sg->word = word;
	sg->best = NULL;
	sg->distance = (size_t)-1;
}

void spec_suggest_add(struct spec_suggest *sg, const char *candidate)
{
	size_t dist = edit_distance(sg->word, candidate, SPEC_SUGGEST_MAX_LEN, DISTANCE_TRANSPOSE);
	if (dist < sg->distance) {
		sg->best = candidate;
		sg->distance = dist;
	}
}

const char *spec_suggest_best(const struct spec_suggest *sg)
{
	size_t len = strlen(sg->word);
	size_t limit = len < 4 ? 1 : len < 8 ? 2 : 3;
	return sg->best && sg->distance <= limit ? sg->best : NULL;
}

/* ---- ids and lookups ---- */

/* Returns how many code points a caret under node should span. */
static int node_width(const struct ynode *node)
{
	if (node->kind != YNODE_SCALAR || memchr(node->text, '\n', node->len))
		return 1;
	return (int)utf8_length(node->text, node->len) + (node->plain ? 0 : 2);
}

/* Reports an error at node, underlining all of it. */
#define report(node, ...) \
	diag_report(DIAG_ERROR, (node)->loc, node_width(node), NULL, __VA_ARGS__)

struct srcloc spec_text_loc(const struct ynode *node)
{
	struct srcloc loc = node->loc;
	if (!node->plain)
		loc.col++;
	return loc;
}

int spec_id_valid(const char *s, size_t len)
{
	if (len == 0 || !(s[0] >= 'a' && s[0] <= 'z'))
		return 0;
	for (size_t i = 1; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return 0;
	return 1;
}

/* Source ids also appear in URLs of citations: lower-case words joined by - . _ */
static int source_id_valid(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_' ||
		      *s == '-' || *s == '.'))
			return 0;
	return 1;
}

static size_t hash_bytes(const char *s, size_t len)
{
	size_t h = 14695981039346656037u & (size_t)-1;   /* FNV-1a */
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= (size_t)1099511628211u;
	}
	return h;
}

static struct slot *index_slot(const struct spec_index *ix, const char *id, size_t len)
{
	size_t mask = ix->cap - 1;
	for (size_t i = hash_bytes(id, len) & mask;; i = (i + 1) & mask) {
		struct slot *s = &ix->slots[i];
		if (!s->id || (!strncmp(s->id, id, len) && s->id[len] == '\0'))
			return s;
	}
}

static void index_grow(struct spec_index *ix)
{
	struct spec_index old = *ix;
	ix->cap = old.cap ? old.cap * 2 : 64;
	ix->slots = xcalloc(ix->cap, sizeof *ix->slots);
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i].id)
			*index_slot(ix, old.slots[i].id, strlen(old.slots[i].id)) = old.slots[i];
	free(old.slots);
}

/* Adds key to the index (which must not hold it yet). */
static void index_add(struct spec_index *ix, const char *key, struct spec_ref ref,
		      const struct ynode *node)
{
	if ((ix->count + 1) * 2 > ix->cap)
		index_grow(ix);
	struct slot *s = index_slot(ix, key, strlen(key));
	s->id = key;
	s->ref = ref;
	s->node = node;
	ix->count++;
}

/* Moves the index's slots into the arena, where the book lives. */
static void index_keep(struct arena *a, struct spec_index *ix)
{
	if (!ix->cap)
		return;
	struct slot *slots = arena_array(a, ix->cap, sizeof *slots);
	memcpy(slots, ix->slots, ix->cap * sizeof *slots);
	free(ix->slots);
	ix->slots = slots;
}

int spec_row_find(const struct spec_book *book, const char *id, size_t len,
		  struct spec_ref *ref)
{
	if (!book->index || !book->index->cap)
		return 0;
	const struct slot *s = index_slot(book->index, id, len);
	if (!s->id)
		return 0;
	*ref = s->ref;
	return 1;
}

static int name_cmp(const char *name, const char *id, size_t len)
{
	int c = strncmp(name, id, len);
	if (c)
		return c;
	return name[len] != '\0';
}

long spec_table_find(const struct spec_book *book, const char *id, size_t len)
{
	/* a book has a handful of tables */
	for (size_t t = 0; t < book->ntables; t++)
		if (book->tables[t].id && !name_cmp(book->tables[t].id, id, len))
			return (long)t;
	return -1;
}

long spec_column_find(const struct spec_book *book, size_t t, const char *id, size_t len)
{
	const struct spec_table *table = &book->tables[t];
	const size_t *order = book->src[t].column_order;
	size_t lo = 0, hi = table->ncolumns;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = name_cmp(table->columns[order[mid]].id, id, len);
		if (c == 0)
			return (long)order[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* ---- a column named in a table's header ---- */

static long column_named(const struct spec_table *table, const char *text, size_t len);

/* Is cp punctuation or a space, which names are compared without? */
static int name_punct(uint32_t cp)
{
	if (cp < 0x80)
		return !((cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'));
	return (cp >= 0x80 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 ||   /* Latin-1 signs, × ÷ */
	       (cp >= 0x2000 && cp <= 0x206F) ||   /* general punctuation */
	       (cp >= 0x3000 && cp <= 0x303F) ||   /* CJK punctuation */
	       (cp >= 0xFF00 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) ||
	       (cp >= 0xFF3B && cp <= 0xFF40) || (cp >= 0xFF5B && cp <= 0xFF65);   /* fullwidth */
}

/* Appends the key of name s[0..len) to b: ASCII letters lowercased, other
 * letters and digits as they are, spaces, punctuation, Markdown's marks and
 * HTML tags (<br>) left out; with cut, only what stands before its first
 * parenthesis ("Memory (GB)" and "显存（GB）" are "memory" and "显存").
 * Returns the number of bytes appended. */
static size_t name_key(struct buf *b, const char *s, size_t len, int cut)
{
	size_t was = b->len;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);
		if (n < 1)
			n = 1;
		if (cut && (cp == '(' || cp == 0xFF08))
			break;
		if (cp == '<') {   /* a tag: <br>, <br/>, <sub> */
			size_t j = i + 1;
			while (j < len && j < i + 8 && ((s[j] >= 'a' && s[j] <= 'z') || s[j] == '/' || s[j] == ' '))
				j++;
			if (j < len && s[j] == '>') {
				i = j + 1;
				continue;
			}
		}
		if (!name_punct(cp)) {
			if (cp >= 'A' && cp <= 'Z')
				buf_addch(b, (char)(cp - 'A' + 'a'));
			else
				buf_add(b, s + i, (size_t)n);
		}
		i += (size_t)n;
	}
	return b->len - was;
}

/* How well a column's name matches a header's keys (keys[0] the whole
 * header's, keys[1] the part before its parenthesis): 2 the whole header is
 * the whole name; 1 a part of one is a part of the other, or the name
 * followed by the column's unit; 0 no match. */
static int names_match(const char *const keys[2], const size_t klen[2], const char *name,
		       const char *unit)
{
	struct buf b = BUF_INIT;
	int best = 0;
	for (int cut = 0; cut < 2 && best < 2; cut++) {
		buf_reset(&b);
		size_t n = name_key(&b, name, strlen(name), cut);
		if (!n)
			continue;
		size_t with = n + (unit ? name_key(&b, unit, strlen(unit), 0) : 0);
		for (int k = 0; k < 2; k++) {
			int m = 0;
			if (klen[k] == n && !memcmp(keys[k], b.data, n))
				m = !cut && !k ? 2 : 1;
			else if (with > n && klen[k] == with && !memcmp(keys[k], b.data, with))
				m = 1;
			best = m > best ? m : best;
		}
	}
	buf_release(&b);
	return best;
}

long spec_column_named(const struct spec_book *book, size_t t, const char *text, size_t len)
{
	return column_named(&book->tables[t], text, len);
}

/* spec_column_named() on a table (spec_load() checks aliases with it
 * before the table is in the book). */
static long column_named(const struct spec_table *table, const char *text, size_t len)
{
	if (len > SPEC_HEADER_MAX_LEN)
		return -1;
	struct buf whole = BUF_INIT, before = BUF_INIT;
	size_t klen[2] = { name_key(&whole, text, len, 0), name_key(&before, text, len, 1) };
	const char *keys[2] = { whole.data, before.data };
	long found = -1;
	int best = 0, tied = 0;
	for (size_t c = 0; klen[0] && c < table->ncolumns; c++) {
		const struct spec_column *col = &table->columns[c];
		int m = names_match(keys, klen, col->id, col->unit);
		const char *names[2] = { col->name.en, col->name.zh };
		for (int k = 0; k < 2 && m < 2; k++)
			if (names[k]) {
				int x = names_match(keys, klen, names[k], col->unit);
				m = x > m ? x : m;
			}
		for (size_t k = 0; k < col->naliases && m < 2; k++) {
			int x = names_match(keys, klen, col->aliases[k], col->unit);
			m = x > m ? x : m;
		}
		if (m > best) {
			best = m;
			found = (long)c;
			tied = 0;
		} else if (m && m == best) {
			tied = 1;
		}
	}
	buf_release(&whole);
	buf_release(&before);
	return tied ? -1 : found;
}

long spec_source_find(const struct spec_book *book, const char *id, size_t len)
{
	if (!book->source_index || !book->source_index->cap)
		return -1;
	const struct slot *s = index_slot(book->source_index, id, len);
	return s->id ? (long)s->ref.row : -1;
}

/* ---- checking shapes ---- */

static int fail(struct loader *ld)
{
	ld->failed = 1;
	return -1;
}

/* Returns the position of key in keys, or -1 after reporting it as unknown. */
static int key_lookup(struct loader *ld, const struct ynode *key, const char *const *keys,
		      const char *where)
{
	for (int i = 0; keys[i]; i++)
		if (!strcmp(keys[i], key->text))
			return i;
	struct spec_suggest sg;
	spec_suggest_init(&sg, key->text);
	for (int i = 0; keys[i]; i++)
		spec_suggest_add(&sg, keys[i]);
	const char *best = spec_suggest_best(&sg);
	struct buf list = BUF_INIT;
	for (int i = 0; keys[i]; i++)
		buf_addf(&list, "%s%s", i ? (keys[i + 1] ? ", " : " or ") : "", keys[i]);
	if (best)
		report(key, "unknown key '%s' in %s (did you mean '%s'?)", key->text,
			   where, best);
	else
		report(key, "unknown key '%s' in %s (expected %s)", key->text, where,
			   list.data);
	buf_release(&list);
	fail(ld);
	return -1;
}

/* Returns 1 if map has an unknown key whose "did you mean" is wanted: then
 * wanted is not missing but misspelt, and that was said already. */
static int key_misspelt(const struct ynode *map, const char *const *keys, const char *wanted)
{
	for (size_t i = 0; i < map->count; i++) {
		const char *k = map->pairs[i].key->text;
		int known = 0;
		for (int j = 0; keys[j]; j++)
			known |= !strcmp(keys[j], k);
		if (known)
			continue;
		struct spec_suggest sg;
		spec_suggest_init(&sg, k);
		for (int j = 0; keys[j]; j++)
			spec_suggest_add(&sg, keys[j]);
		const char *best = spec_suggest_best(&sg);
		if (best && !strcmp(best, wanted))
			return 1;
	}
	return 0;
}

static int want(struct loader *ld, const struct ynode *node, enum ynode_kind kind,
		const char *what)
{
	if (node->kind == kind)
		return 0;
	const char *expected = kind == YNODE_MAP ? "a map" : kind == YNODE_SEQ ? "a list" : "text";
	report(node, "%s must be %s, not %s", what, expected, ytree_kind_name(node));
	return fail(ld);
}

/* A non-empty scalar: titles, names, URLs. */
static const char *want_text(struct loader *ld, const struct ynode *node, const char *what)
{
	if (want(ld, node, YNODE_SCALAR, what))
		return NULL;
	if (ytree_is_null(node) || node->len == 0) {
		report(node, "%s is empty", what);
		fail(ld);
		return NULL;
	}
	return node->text;
}

/* {zh: …, en: …} with at least one of the two. */
static int load_bitext(struct loader *ld, const struct ynode *node, const char *what,
		       struct bitext *out)
{
	out->zh = out->en = NULL;
	if (want(ld, node, YNODE_MAP, what))
		return -1;
	for (size_t i = 0; i < node->count; i++) {
		const struct ynode *k = node->pairs[i].key, *v = node->pairs[i].value;
		int which = key_lookup(ld, k, bitext_keys, what);
		if (which < 0)
			continue;
		const char *s = want_text(ld, v, what);
		if (which == 0)
			out->zh = s;
		else
			out->en = s;
	}
	if (node->count == 0) {
		report(node, "%s needs zh: or en:", what);
		return fail(ld);
	}
	return 0;
}

/* A list of text items; returns their count and the array (or NULL on error). */
static const char **load_strings(struct loader *ld, const struct ynode *node, const char *what,
				 size_t *n)
{
	*n = 0;
	if (want(ld, node, YNODE_SEQ, what))
		return NULL;
	const char **out = arena_array(ld->arena, node->count + 1, sizeof *out);
	for (size_t i = 0; i < node->count; i++) {
		const char *s = want_text(ld, node->items[i], what);
		if (s)
			out[(*n)++] = s;
	}
	return out;
}

/* ---- sources.yaml ---- */

/* Dates are YYYY, YYYY-MM or YYYY-MM-DD: what a citation can honestly claim. */
static int date_valid(const char *s)
{
	size_t len = strlen(s);
	if (len != 4 && len != 7 && len != 10)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (i == 4 || i == 7 ? s[i] != '-' : !(s[i] >= '0' && s[i] <= '9'))
			return 0;
	int month = len >= 7 ? (s[5] - '0') * 10 + (s[6] - '0') : 1;
	int day = len == 10 ? (s[8] - '0') * 10 + (s[9] - '0') : 1;
	return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

static void load_sources(struct loader *ld, const struct ynode *root)
{
	struct spec_book *book = ld->book;
	if (want(ld, root, YNODE_MAP, "sources.yaml"))
		return;
	for (size_t i = 0; i < root->count; i++) {
		const struct ynode *k = root->pairs[i].key, *v = root->pairs[i].value;
		if (!source_id_valid(k->text)) {
			report(k, "malformed source id '%s': use lower-case letters, "
				   "digits and - _ .", k->text);
			fail(ld);
			continue;
		}
		if (want(ld, v, YNODE_MAP, "a source"))
			continue;
		struct spec_source src = { .id = k->text };
		for (size_t j = 0; j < v->count; j++) {
			const struct ynode *fk = v->pairs[j].key, *fv = v->pairs[j].value;
			switch (key_lookup(ld, fk, source_keys, "a source")) {
			case 0:
				src.title = want_text(ld, fv, "a source's title");
				break;
			case 1:
				src.url = want_text(ld, fv, "a source's url");
				if (src.url && strncmp(src.url, "https://", 8) &&
				    strncmp(src.url, "http://", 7)) {
					report(fv, "url '%s' must start with https:// or "
						   "http://", src.url);
					fail(ld);
				} else if (src.url && src.url[strcspn(src.url, CONTROL_OR_SPACE)]) {
					/* a browser drops a tab or line break inside a
					 * link and reads the rest: what the list shows is
					 * not where it goes */
					report(fv, "a source's url holds a space or a control character "
						   "(write it as %%20, or remove it)");
					fail(ld);
				}
				break;
			case 2:
				src.date = want_text(ld, fv, "a source's date");
				if (src.date && !date_valid(src.date)) {
					report(fv, "date '%s' must be YYYY, YYYY-MM or "
						   "YYYY-MM-DD", src.date);
					fail(ld);
					src.date = NULL;
				}
				break;
			case 3:
				src.publisher = want_text(ld, fv, "a source's publisher");
				break;
			}
		}
		if (!ytree_get(v, "title") && !key_misspelt(v, source_keys, "title")) {
			report(k, "source '%s' has no title", k->text);
			fail(ld);
		}
		if (!ytree_get(v, "url") && !key_misspelt(v, source_keys, "url")) {
			report(k, "source '%s' has no url", k->text);
			fail(ld);
		}
		index_add(book->source_index, k->text, (struct spec_ref){ 0, book->nsources }, k);
		*ARRAY_PUSH(book->sources, book->nsources, ld->capsources) = src;
	}
	/* the array grew with realloc: move it into the arena, where the book lives */
	struct spec_source *s = arena_array(ld->arena, book->nsources + 1, sizeof *s);
	if (book->nsources)
		memcpy(s, book->sources, book->nsources * sizeof *s);
	free(book->sources);
	book->sources = s;
}

/* ---- one table ---- */

static int reserved_column(const char *id)
{
	for (int i = 0; row_keys[i]; i++)
		if (!strcmp(row_keys[i], id))
			return 1;
	return 0;
}

static void column_order_build(struct arena *a, struct spec_table *t, struct spec_table_src *src)
{
	size_t *order = arena_array(a, t->ncolumns + 1, sizeof *order);
	for (size_t i = 0; i < t->ncolumns; i++) {
		/* insertion sort: tables have tens of columns */
		size_t j = i;
		while (j > 0 && strcmp(t->columns[order[j - 1]].id, t->columns[i].id) > 0) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = i;
	}
	src->column_order = order;
}

static void load_columns(struct loader *ld, const struct ynode *node, struct spec_table *t,
			 struct spec_table_src *src)
{
	if (want(ld, node, YNODE_MAP, "columns"))
		return;
	t->columns = arena_array(ld->arena, node->count + 1, sizeof *t->columns);
	src->columns = arena_array(ld->arena, node->count + 1, sizeof *src->columns);
	for (size_t i = 0; i < node->count; i++) {
		const struct ynode *k = node->pairs[i].key, *v = node->pairs[i].value;
		if (!spec_id_valid(k->text, k->len)) {
			report(k, "malformed column id '%s': use [a-z][a-z0-9_]*", k->text);
			fail(ld);
			continue;
		}
		if (reserved_column(k->text)) {
			report(k, "'%s' cannot be a column: rows use it for their %s",
				   k->text, k->text);
			fail(ld);
			continue;
		}
		if (want(ld, v, YNODE_MAP, "a column"))
			continue;
		struct spec_column *col = &t->columns[t->ncolumns];
		struct spec_column_src *cs = &src->columns[t->ncolumns];
		col->id = k->text;
		cs->key = k;
		for (size_t j = 0; j < v->count; j++) {
			const struct ynode *fk = v->pairs[j].key, *fv = v->pairs[j].value;
			switch (key_lookup(ld, fk, column_keys, "a column")) {
			case 0:
				col->name.zh = want_text(ld, fv, "a column's zh name");
				break;
			case 1:
				col->name.en = want_text(ld, fv, "a column's en name");
				break;
			case 2:
				col->unit = want_text(ld, fv, "a column's unit");
				if (col->unit)
					cs->unit = fv;
				break;
			case 3:
				col->derive = want_text(ld, fv, "a column's derive formula");
				if (col->derive)
					cs->derive = fv;
				break;
			case 4:
				if (want_text(ld, fv, "a column's kind"))
					cs->kind = fv;
				break;
			case 5:
				col->aliases = load_strings(ld, fv, "a column's aliases", &col->naliases);
				if (col->aliases)
					cs->aliases = fv;
				break;
			}
		}
		if (!col->name.zh && !col->name.en) {
			report(k, "column '%s' needs a name: zh:, en: or both", k->text);
			fail(ld);
		}
		t->ncolumns++;
	}
	/* an alias a header could not name its column by (another column has
	 * that name too, or it is all punctuation) is a slip */
	for (size_t c = 0; c < t->ncolumns; c++) {
		const struct ynode *list = src->columns[c].aliases;
		for (size_t k = 0; list && k < list->count; k++) {
			const struct ynode *al = list->items[k];
			if (al->kind != YNODE_SCALAR || column_named(t, al->text, al->len) == (long)c)
				continue;
			diag_report(DIAG_ERROR, al->loc, node_width(al),
				    "hint: a header names a column by its id, names and aliases, case, "
				    "spaces and punctuation aside; make the alias one no other column has",
				    "alias '%s' of column '%s' names no single column in a table's header",
				    al->text, t->columns[c].id);
			fail(ld);
		}
	}
}

static void load_claims(struct loader *ld, const struct ynode *node, const char *what,
			const struct ynode **out)
{
	if (want(ld, node, YNODE_SEQ, what))
		return;
	int ok = 1;
	for (size_t i = 0; i < node->count; i++)
		if (!want_text(ld, node->items[i], what))
			ok = 0;
	if (ok)
		*out = node;
}

static void add_row_id(struct loader *ld, const struct ynode *key, struct spec_ref ref,
		       int *ok)
{
	struct spec_index *ix = ld->book->index;
	const struct slot *s = ix->cap ? index_slot(ix, key->text, key->len) : NULL;
	if (s && s->id) {
		const struct spec_table *t = &ld->book->tables[s->ref.table];
		struct srcloc first = s->node->loc;
		report(key, "duplicate row id '%s': already a row of table '%s' at %s:%d:%d",
		       key->text, t->id, first.file, first.line, first.col);
		fail(ld);
		*ok = 0;
		return;
	}
	index_add(ix, key->text, ref, key);
	*ok = 1;
}

/* A display name or alias links to its row from prose: it must mean one row. */
static void add_display_name(struct loader *ld, const struct ynode *node, struct spec_ref ref)
{
	struct spec_index *ix = &ld->names;
	const struct slot *s = ix->cap ? index_slot(ix, node->text, node->len) : NULL;
	if (s && s->id) {
		if (s->ref.table == ref.table && s->ref.row == ref.row)
			return;   /* the name repeated as an alias: harmless */
		const struct spec_row *other = &ld->book->tables[s->ref.table].rows[s->ref.row];
		report(node, "'%s' already names row '%s' at %s:%d:%d: links to it would be "
		       "ambiguous", node->text, other->id, s->node->loc.file, s->node->loc.line,
		       s->node->loc.col);
		fail(ld);
		return;
	}
	index_add(ix, node->text, ref, node);
}

static void load_row_field(struct loader *ld, size_t t_index, const struct ynode *k,
			   const struct ynode *v, struct spec_row *row, struct spec_row_src *rs)
{
	struct spec_book *book = ld->book;
	struct spec_table *t = &book->tables[t_index];
	for (int i = 0; row_keys[i]; i++) {
		if (strcmp(row_keys[i], k->text))
			continue;
		switch (i) {
		case 0:
			row->name = want_text(ld, v, "a row's name");
			return;
		case 1:
			row->aliases = load_strings(ld, v, "aliases", &row->naliases);
			return;
		case 2:
			load_claims(ld, v, "checks", &rs->checks);
			return;
		default:
			row->sources = load_strings(ld, v, "sources", &row->nsources);
			for (size_t j = 0; j < row->nsources; j++) {
				const char *id = row->sources[j];
				if (spec_source_find(book, id, strlen(id)) >= 0)
					continue;
				struct spec_suggest sg;
				spec_suggest_init(&sg, id);
				for (size_t s = 0; s < book->nsources; s++)
					spec_suggest_add(&sg, book->sources[s].id);
				const char *best = spec_suggest_best(&sg);
				const struct ynode *item = NULL;
				for (size_t n = 0; n < v->count; n++)
					if (v->items[n]->text == id)
						item = v->items[n];
				const struct ynode *at = item ? item : v;
				if (best)
					report(at, "unknown source '%s' (did you mean '%s'?)",
						   id, best);
				else
					report(at, "unknown source '%s': add it to "
						   "specs/sources.yaml", id);
				fail(ld);
			}
			return;
		}
	}
	long c = spec_column_find(book, t_index, k->text, k->len);
	if (c < 0) {
		struct spec_suggest sg;
		spec_suggest_init(&sg, k->text);
		for (size_t i = 0; i < t->ncolumns; i++)
			spec_suggest_add(&sg, t->columns[i].id);
		for (int i = 0; row_keys[i]; i++)
			spec_suggest_add(&sg, row_keys[i]);
		const char *best = spec_suggest_best(&sg);
		if (best && !strcmp(best, "name"))
			ld->name_misspelt = 1;
		if (best)
			report(k, "unknown column '%s' in table '%s' (did you mean '%s'?)",
				   k->text, t->id, best);
		else
			report(k, "unknown column '%s' in table '%s'", k->text, t->id);
		fail(ld);
		return;
	}
	if (v->kind != YNODE_SCALAR) {
		report(v, "'%s' must be a value, not %s", k->text, ytree_kind_name(v));
		fail(ld);
		return;
	}
	if (ytree_is_null(v))
		return;
	rs->values[c] = v;
	row->cells[c].loc = v->loc;
}

static void load_rows(struct loader *ld, size_t t_index, const struct ynode *node)
{
	struct spec_book *book = ld->book;
	struct spec_table *t = &book->tables[t_index];
	struct spec_table_src *src = &book->src[t_index];
	if (want(ld, node, YNODE_MAP, "rows"))
		return;
	t->rows = arena_array(ld->arena, node->count + 1, sizeof *t->rows);
	src->rows = arena_array(ld->arena, node->count + 1, sizeof *src->rows);
	for (size_t i = 0; i < node->count; i++) {
		const struct ynode *k = node->pairs[i].key, *v = node->pairs[i].value;
		if (!spec_id_valid(k->text, k->len)) {
			report(k, "malformed row id '%s': use [a-z][a-z0-9_]*", k->text);
			fail(ld);
			continue;
		}
		if (want(ld, v, YNODE_MAP, "a row"))
			continue;
		struct spec_row *row = &t->rows[t->nrows];
		struct spec_row_src *rs = &src->rows[t->nrows];
		row->id = k->text;
		row->loc = k->loc;
		rs->key = k;
		int ok;
		add_row_id(ld, k, (struct spec_ref){ t_index, t->nrows }, &ok);
		if (!ok)
			continue;
		row->cells = arena_array(ld->arena, t->ncolumns + 1, sizeof *row->cells);
		rs->values = arena_array(ld->arena, t->ncolumns + 1, sizeof *rs->values);
		for (size_t c = 0; c < t->ncolumns; c++)
			row->cells[c].loc = k->loc;
		ld->name_misspelt = 0;
		for (size_t j = 0; j < v->count; j++)
			load_row_field(ld, t_index, v->pairs[j].key, v->pairs[j].value, row, rs);
		struct spec_ref here = { t_index, t->nrows };
		const struct ynode *name = ytree_get(v, "name");
		if (row->name && name)
			add_display_name(ld, name, here);
		const struct ynode *aliases = ytree_get(v, "aliases");
		for (size_t j = 0; row->naliases && j < aliases->count; j++)
			if (aliases->items[j]->kind == YNODE_SCALAR && aliases->items[j]->len)
				add_display_name(ld, aliases->items[j], here);
		if (!ytree_get(v, "name") && !ld->name_misspelt) {
			report(k, "row '%s' has no name", k->text);
			fail(ld);
			row->name = row->id;
		} else if (!row->name) {
			row->name = row->id;
		}
		t->nrows++;
	}
}

/* Returns the file name without its .yaml, in the arena. */
static const char *base_name(struct arena *a, const char *name)
{
	size_t len = strlen(name);
	return arena_strndup(a, name, len > 5 ? len - 5 : len);
}

/* One rule's `except:` map: row id → why the rule does not hold for it. */
static void load_exceptions(struct loader *ld, size_t t_index, const struct ynode *node,
			    struct spec_rule *rule, struct spec_rule_src *rsrc)
{
	struct spec_table *t = &ld->book->tables[t_index];
	if (want(ld, node, YNODE_MAP, "except"))
		return;
	rule->except = arena_array(ld->arena, node->count + 1, sizeof *rule->except);
	rsrc->except = arena_array(ld->arena, node->count + 1, sizeof *rsrc->except);
	for (size_t i = 0; i < node->count; i++) {
		const struct ynode *k = node->pairs[i].key, *v = node->pairs[i].value;
		long r = -1;
		for (size_t j = 0; j < t->nrows && r < 0; j++)
			if (!strcmp(t->rows[j].id, k->text))
				r = (long)j;
		if (r < 0) {
			struct spec_suggest sg;
			spec_suggest_init(&sg, k->text);
			for (size_t j = 0; j < t->nrows; j++)
				spec_suggest_add(&sg, t->rows[j].id);
			const char *best = spec_suggest_best(&sg);
			if (best)
				report(k, "'%s' is not a row of table '%s' (did you mean '%s'?)",
				       k->text, t->id, best);
			else
				report(k, "'%s' is not a row of table '%s': an exception names "
				       "a row the rule would be checked on", k->text, t->id);
			fail(ld);
			continue;
		}
		struct spec_exception *e = &rule->except[rule->nexcept];
		e->row = (size_t)r;
		/* the reason: text, or {zh: …, en: …} */
		if (v->kind == YNODE_SCALAR) {
			if (ytree_is_null(v) || v->len == 0) {
				report(v, "exception '%s' needs a reason: say why the rule does "
				       "not hold for it (the spec page shows it)", k->text);
				fail(ld);
				continue;
			}
			e->reason.en = v->text;
		} else if (load_bitext(ld, v, "an exception's reason", &e->reason) < 0) {
			continue;
		}
		rsrc->except[rule->nexcept++] = k;
	}
}

/* rules: a list of claims, each text or {rule: …, except: {row: reason}}. */
static void load_rules(struct loader *ld, size_t t_index, const struct ynode *node)
{
	struct spec_table *t = &ld->book->tables[t_index];
	struct spec_table_src *src = &ld->book->src[t_index];
	if (want(ld, node, YNODE_SEQ, "rules"))
		return;
	t->rules = arena_array(ld->arena, node->count + 1, sizeof *t->rules);
	src->rules = arena_array(ld->arena, node->count + 1, sizeof *src->rules);
	for (size_t i = 0; i < node->count; i++) {
		const struct ynode *item = node->items[i], *text = item, *except = NULL;
		if (item->kind == YNODE_MAP) {
			text = NULL;
			for (size_t j = 0; j < item->count; j++) {
				const struct ynode *k = item->pairs[j].key;
				int which = key_lookup(ld, k, rule_keys, "a rule");
				if (which == 0)
					text = item->pairs[j].value;
				else if (which == 1)
					except = item->pairs[j].value;
			}
			if (!text) {
				if (!key_misspelt(item, rule_keys, "rule")) {
					report(item, "a rule with exceptions needs 'rule:' (the claim) "
					       "beside 'except:'");
					fail(ld);
				}
				continue;
			}
		}
		if (!want_text(ld, text, "a rule"))
			continue;
		struct spec_rule *rule = &t->rules[t->nrules];
		struct spec_rule_src *rsrc = &src->rules[t->nrules++];
		rule->text = text->text;
		rsrc->text = text;
		if (except)
			load_exceptions(ld, t_index, except, rule, rsrc);
	}
}

static void load_table(struct loader *ld, const char *name, const struct ynode *root)
{
	struct spec_book *book = ld->book;
	if (want(ld, root, YNODE_MAP, "a spec table"))
		return;
	size_t t_index = book->ntables;
	struct spec_table *t = ARRAY_PUSH(book->tables, book->ntables, ld->captables);
	array_grow((void **)&book->src, &ld->capsrc, book->ntables, sizeof *book->src);
	struct spec_table_src *src = &book->src[t_index];
	memset(t, 0, sizeof *t);
	memset(src, 0, sizeof *src);
	t->file = root->loc.file;

	/* the table's id and columns first: rows are checked against them */
	const struct ynode *rows = NULL, *rules = NULL;
	for (size_t i = 0; i < root->count; i++) {
		const struct ynode *k = root->pairs[i].key, *v = root->pairs[i].value;
		switch (key_lookup(ld, k, table_keys, "a spec table")) {
		case 0:
			if (!want_text(ld, v, "table"))
				break;
			if (!spec_id_valid(v->text, v->len)) {
				report(v, "malformed table id '%s': use [a-z][a-z0-9_]*",
					   v->text);
				fail(ld);
			} else if (spec_table_find(book, v->text, v->len) >= 0) {
				long other = spec_table_find(book, v->text, v->len);
				report(v, "duplicate table id '%s': already the id of %s",
					   v->text, book->tables[other].file);
				fail(ld);
			} else {
				t->id = v->text;
			}
			break;
		case 1:
			load_bitext(ld, v, "title", &t->title);
			break;
		case 2:
			load_columns(ld, v, t, src);
			break;
		case 3:
			rules = v;   /* after the rows: exceptions name them */
			break;
		case 4:
			rows = v;
			break;
		}
	}
	static const char *const required[] = { "table", "title", "columns", "rows" };
	if (root->count == 0) {
		diag_error(root->loc, "spec table is empty: it needs table:, title:, columns: "
			   "and rows:");
		fail(ld);
	}
	for (size_t i = 0; i < 4 && root->count; i++)
		if (!ytree_get(root, required[i]) && !key_misspelt(root, table_keys, required[i])) {
			report(root, "spec table has no '%s:'", required[i]);
			fail(ld);
		}
	if (!t->id) {   /* keep the rows reachable, under the file's name */
		const char *id = base_name(ld->arena, name);
		if (spec_table_find(book, id, strlen(id)) >= 0)
			id = arena_printf(ld->arena, "%s_%zu", id, t_index + 1);
		t->id = id;
	}
	if (!t->columns) {
		t->columns = arena_array(ld->arena, 1, sizeof *t->columns);
		src->columns = arena_array(ld->arena, 1, sizeof *src->columns);
	}
	column_order_build(ld->arena, t, src);
	if (rows)
		load_rows(ld, t_index, rows);
	if (!t->rows) {
		t->rows = arena_array(ld->arena, 1, sizeof *t->rows);
		src->rows = arena_array(ld->arena, 1, sizeof *src->rows);
	}
	if (rules)
		load_rules(ld, t_index, rules);
}

/* Reads and parses specs/<name>; returns the root or NULL after reporting. */
static const struct ynode *read_yaml(struct loader *ld, const char *root, const char *name)
{
	char *path = arena_printf(ld->arena, "%s/specs/%s", root, name);
	const char *shown = arena_printf(ld->arena, "specs/%s", name);
	char *text;
	size_t len;
	if (files_read_text(ld->arena, path, shown, &text, &len)) {
		fail(ld);
		return NULL;
	}
	diag_source(shown, text, len);
	const struct ynode *node = ytree_parse(ld->arena, shown, text, len, 1);
	if (!node)
		fail(ld);
	return node;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n > k && !strcmp(s + n - k, suffix);
}

int spec_load(struct arena *a, const char *root, struct spec_book *book)
{
	memset(book, 0, sizeof *book);
	book->index = arena_alloc(a, sizeof *book->index);
	book->source_index = arena_alloc(a, sizeof *book->source_index);
	struct loader ld = { .arena = a, .book = book };

	/* one listing, in name order: sources first, since rows name them */
	char *dir = arena_printf(a, "%s/specs", root);
	size_t n;
	char **names = files_list(a, dir, "", &n);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(names[i], "sources.yaml")) {
			const struct ynode *node = read_yaml(&ld, root, names[i]);
			if (node)
				load_sources(&ld, node);
		}
	if (!book->sources)
		book->sources = arena_array(a, 1, sizeof *book->sources);
	for (size_t i = 0; i < n; i++) {
		if (ends_with(names[i], ".yml")) {
			struct srcloc loc = { arena_printf(a, "specs/%s", names[i]), 0, 0 };
			diag_warning(loc, "ignored: spec tables end in .yaml, not .yml");
			continue;
		}
		if (!ends_with(names[i], ".yaml") || !strcmp(names[i], "sources.yaml") ||
		    !strcmp(names[i], "units.yaml"))
			continue;
		const struct ynode *node = read_yaml(&ld, root, names[i]);
		if (node)
			load_table(&ld, names[i], node);
	}

	/* the tables grew with realloc; the book lives in the arena */
	struct spec_table *tables = arena_array(a, book->ntables + 1, sizeof *tables);
	struct spec_table_src *src = arena_array(a, book->ntables + 1, sizeof *src);
	if (book->ntables) {
		memcpy(tables, book->tables, book->ntables * sizeof *tables);
		memcpy(src, book->src, book->ntables * sizeof *src);
	}
	free(book->tables);
	free(book->src);
	book->tables = tables;
	book->src = src;

	free(ld.names.slots);
	index_keep(a, book->index);
	index_keep(a, book->source_index);
	return ld.failed ? -1 : 0;
}
