/*
 * dom.c — the DOM module: our own trees, in stores, behind dom.h.
 *
 * Nodes are ours (element, text, comment), children a singly linked list,
 * attributes a short list, and every node and string lives in a store: a
 * bump allocator owned by one fragment, copy, template or page, freed at
 * once.  libxml2 did the same work with two allocations per element and
 * four per attribute, each freed on its own (the malloc family was 15% of a
 * 1000-chapter build).  libxml2 still parses the template, once; its tree
 * is converted into ours and freed, and every page is a copy of ours.
 *
 * Stores and ownership.  A node is allocated in its parent's store and
 * stays there when it moves: moving nodes into another tree (dom_adopt,
 * dom_move_children, dom_page_fill) makes the receiving store keep the
 * giving one alive, by a reference counted from the keep list of the
 * receiver.  So a page's store keeps every fragment that filled it, and
 * freeing the page frees them all.  Nothing is freed piecemeal: nodes
 * dropped from a tree (a slot's placeholder, a replaced attribute value)
 * stay in their store until it goes.
 *
 * Pages are serialized as HTML5 by our own serializer (see below).
 */
#include "render/dom.h"
#include "core/alloc.h"
#include "core/diag.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>
#include <stdalign.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- stores ---- */

/* A fragment's first block is small (a page title is one text node); each
 * further block doubles, up to the cap, so a chapter of megabytes takes a
 * few dozen mallocs and a title one. */
#define DOM_BLOCK_FIRST 1024
#define DOM_BLOCK_MAX (64 * 1024)

/* Bytes each block has beyond its last usable one: a 16-byte load from any
 * byte a store handed out stays inside the block's allocation, so the
 * serializer's scan (escape_scan()) and the text a dom_text_fn gets (see
 * dom.h) read a string's last few bytes sixteen at a time and drop what
 * is past its end, instead of one at a time. */
#define DOM_BLOCK_SLACK DOM_TEXT_OVERREAD

struct dom_block {
	struct dom_block *next;
	size_t used, size;
	alignas(max_align_t) unsigned char data[];
};

/* One cell of a store's keep list, allocated in the keeping store. */
struct dom_keep {
	struct dom_keep *next;
	struct dom_store *store;
};

struct dom_store {
	struct dom_block *head;      /* newest block; the store itself sits in the oldest */
	size_t next_size;            /* size of the next block */
	size_t refs;                 /* owners: the caller of the root, keeping stores */
	struct dom_keep *kept;       /* stores this one keeps alive */
	struct dom_node *root;       /* the detached node the store was made for */
};

enum dom_type { DOM_ELEMENT, DOM_TEXT, DOM_COMMENT, DOM_OTHER };

struct dom_attr {
	struct dom_attr *next;
	const char *name;
	const char *value;           /* NULL: written bare, read as "" */
	unsigned name_len, value_len;   /* strlen() of each, for the serializer */
};

struct dom_node {
	struct dom_node *parent, *next;
	struct dom_store *store;     /* where the node and its strings live */
	unsigned char type;          /* enum dom_type */
	unsigned char linking;       /* an element given an attribute link_attr() names */
	unsigned name_len;           /* an element's strlen(name), for the serializer */
	union {
		struct {
			const char *name;
			struct dom_attr *attrs;
			struct dom_node *first, *last;
		} el;
		struct {
			char *s;             /* NUL-terminated, len bytes */
			size_t len;
			size_t cap;          /* bytes reserved at s, NUL included */
		} text;
	} u;
};

#define NODE_ALIGN alignof(struct dom_node)

static struct dom_block *block_new(size_t size)
{
	struct dom_block *b = xmalloc(size_add(size_add(sizeof *b, size), DOM_BLOCK_SLACK));
	b->next = NULL;
	b->used = 0;
	b->size = size;
	return b;
}

/* Returns a new store holding first_size bytes before it grows, with one
 * reference (the caller's). */
static struct dom_store *store_new(size_t first_size)
{
	size_t need = size_add(sizeof(struct dom_store), first_size);
	struct dom_block *b = block_new(need);
	struct dom_store *s = (struct dom_store *)(void *)b->data;
	b->used = (sizeof *s + NODE_ALIGN - 1) & ~(NODE_ALIGN - 1);
	memset(s, 0, sizeof *s);
	s->head = b;
	s->next_size = first_size < DOM_BLOCK_MAX / 2 ? first_size * 2 : DOM_BLOCK_MAX;
	s->refs = 1;
	return s;
}

/* Returns size bytes at the start of a new block (store_alloc's slow path). */
static void *store_grow(struct dom_store *s, size_t size)
{
	size_t bsize = s->next_size;
	if (bsize < size)
		bsize = size;
	struct dom_block *b = block_new(bsize);
	if (size > s->next_size) {
		/* a big one-off behind the current block, kept for small ones */
		b->next = s->head->next;
		s->head->next = b;
	} else {
		b->next = s->head;
		s->head = b;
		if (s->next_size < DOM_BLOCK_MAX)
			s->next_size *= 2;
	}
	b->used = size;
	return b->data;
}

/* Returns size bytes aligned to align (a power of two), not zeroed.  Inline:
 * it runs for every node and string. */
static inline void *store_alloc(struct dom_store *s, size_t size, size_t align)
{
	struct dom_block *b = s->head;
	size_t at = (b->used + align - 1) & ~(align - 1);
	if (at > b->size || b->size - at < size)
		return store_grow(s, size);
	b->used = at + size;
	return b->data + at;
}

/* Copies the len bytes at str to p and ends them with a NUL; returns p. */
static char *copy_string(char *p, const char *str, size_t len)
{
	memcpy(p, str, len);
	p[len] = '\0';
	return p;
}

/* Returns a NUL-terminated copy of the len bytes at str.  len + 1 cannot
 * overflow: the len bytes are in memory. */
static char *store_strndup(struct dom_store *s, const char *str, size_t len)
{
	return copy_string(store_alloc(s, len + 1, 1), str, len);
}

/* Drops one reference to s; the last frees it and what it keeps. */
static void store_release(struct dom_store *s)
{
	if (!s || --s->refs)
		return;
	for (struct dom_keep *k = s->kept; k; k = k->next)
		store_release(k->store);
	struct dom_block *b = s->head;   /* s lives in the last block: read it first */
	while (b) {
		struct dom_block *next = b->next;
		free(b);
		b = next;
	}
}

/* Makes keeper keep s alive.  With take, the reference is the caller's,
 * handed over; without, a new one. */
static void store_keep(struct dom_store *keeper, struct dom_store *s, int take)
{
	if (keeper == s)
		return;   /* nodes moving within a store */
	struct dom_keep *k = store_alloc(keeper, sizeof *k, alignof(struct dom_keep));
	k->store = s;
	k->next = keeper->kept;
	keeper->kept = k;
	if (!take)
		s->refs++;
}

/* ---- nodes ---- */

/* Returns a new node with extra bytes right after it: the node and its
 * name or text are one allocation (three stores' worth of bookkeeping was
 * a tenth of building a page). */
static struct dom_node *node_new_extra(struct dom_store *s, enum dom_type type, size_t extra)
{
	struct dom_node *n = store_alloc(s, sizeof *n + extra, NODE_ALIGN);
	memset(n, 0, sizeof *n);
	n->store = s;
	n->type = type;
	return n;
}

static struct dom_node *node_new(struct dom_store *s, enum dom_type type)
{
	return node_new_extra(s, type, 0);
}

/* Lengths of names and attribute values are kept in 32 bits, so that an
 * attribute takes 32 bytes; a gigabyte-long one is a bug, not a book. */
#define DOM_MAX_NAME (1u << 30)

static unsigned checked_len(size_t len)
{
	if (len >= DOM_MAX_NAME) {
		fprintf(stderr, "specbook: fatal: a tag or attribute of %zu bytes\n", len);
		exit(2);
	}
	return (unsigned)len;
}

static struct dom_node *element_new(struct dom_store *s, const char *tag, size_t len)
{
	unsigned name_len = checked_len(len);
	struct dom_node *n = node_new_extra(s, DOM_ELEMENT, name_len + 1);
	n->u.el.name = copy_string((char *)(n + 1), tag, len);
	n->name_len = name_len;
	return n;
}

/* Is name (len bytes) an attribute the link stage reads: an id, a link
 * (href, src, action) or where a link was written (data-src)?  An element
 * given one is marked (dom_node.linking), and the link stage's walk
 * (dom_visit_linking()) reads the attributes of those only: a page's
 * other elements, nine in ten, have a class, a lang, a claim's data-*. */
static inline int link_attr(const char *name, size_t len)
{
#define IS(lit) (len == sizeof lit - 1 && !memcmp(name, lit, sizeof lit - 1))
	switch (name[0]) {
	case 'i': return IS("id");
	case 'h': return IS("href");
	case 's': return IS("src");
	case 'a': return IS("action");
	case 'd': return IS("data-src");
	default: return 0;
	}
#undef IS
}

/* Returns a new attribute (not yet in a list); value NULL for a bare one.
 * Its name and value follow it in one allocation. */
static struct dom_attr *attr_new(struct dom_store *s, const char *name, size_t name_len,
				 const char *value, size_t value_len)
{
	unsigned nlen = checked_len(name_len), vlen = value ? checked_len(value_len) : 0;
	struct dom_attr *a = store_alloc(s, sizeof *a + nlen + 1 + (value ? vlen + 1 : 0),
					 alignof(struct dom_attr));
	char *p = (char *)(a + 1);
	a->next = NULL;
	a->name = copy_string(p, name, nlen);
	a->name_len = nlen;
	a->value = value ? copy_string(p + nlen + 1, value, vlen) : NULL;
	a->value_len = vlen;
	return a;
}

/* Returns how many of the len bytes at text come before a NUL: a text is
 * kept up to its first, as libxml2 read its strings, and the bytes must
 * stay the same. */
static size_t before_nul(const char *text, size_t len)
{
	const char *nul = memchr(text, '\0', len);
	return nul ? (size_t)(nul - text) : len;
}

/* Returns a new text node holding the len bytes of text (no NUL among them). */
static struct dom_node *text_new(struct dom_store *s, enum dom_type type, const char *text, size_t len)
{
	struct dom_node *n = node_new_extra(s, type, len + 1);
	n->u.text.s = copy_string((char *)(n + 1), text, len);
	n->u.text.len = len;
	n->u.text.cap = len + 1;
	return n;
}

/* Appends len bytes of text (no NUL among them) to the text node t: in
 * place when there is room or t's string is the last thing its store handed
 * out, else in a copy twice the size, so that a run of appends costs linear
 * time. */
static void text_append(struct dom_node *t, const char *text, size_t len)
{
	size_t need = size_add(size_add(t->u.text.len, len), 1);
	if (need > t->u.text.cap) {
		struct dom_block *b = t->store->head;
		unsigned char *end = (unsigned char *)t->u.text.s + t->u.text.cap;
		if (t->u.text.cap && end == b->data + b->used && b->size - b->used >= need - t->u.text.cap) {
			b->used += need - t->u.text.cap;
			t->u.text.cap = need;
		} else {
			size_t cap = t->u.text.cap * 2 > need ? t->u.text.cap * 2 : need;
			char *s = store_alloc(t->store, cap, 1);
			memcpy(s, t->u.text.s, t->u.text.len);
			t->u.text.s = s;
			t->u.text.cap = cap;
		}
	}
	memcpy(t->u.text.s + t->u.text.len, text, len);
	t->u.text.len += len;
	t->u.text.s[t->u.text.len] = '\0';
}

static void append_child(struct dom_node *parent, struct dom_node *c)
{
	c->parent = parent;
	c->next = NULL;
	if (parent->u.el.last)
		parent->u.el.last->next = c;
	else
		parent->u.el.first = c;
	parent->u.el.last = c;
}

/* Appends c under parent as xmlAddChild() did: a text node after a text
 * node is merged into it (and c dropped). */
static void add_child(struct dom_node *parent, struct dom_node *c)
{
	struct dom_node *last = parent->u.el.last;
	if (c->type == DOM_TEXT && last && last->type == DOM_TEXT && last != c)
		text_append(last, c->u.text.s, c->u.text.len);
	else
		append_child(parent, c);
}

static void unlink_node(struct dom_node *n)
{
	struct dom_node *parent = n->parent;
	if (!parent)
		return;
	struct dom_node *prev = NULL;
	for (struct dom_node *c = parent->u.el.first; c && c != n; c = c->next)
		prev = c;
	if (prev)
		prev->next = n->next;
	else
		parent->u.el.first = n->next;
	if (parent->u.el.last == n)
		parent->u.el.last = prev;
	n->parent = n->next = NULL;
}

static int is_store_root(struct dom_node *n)
{
	return !n->parent && n->store->root == n;
}

/* The node after n in a pre-order walk of top's subtree, or NULL: its
 * first child, else the next sibling of it or of its nearest ancestor
 * below top.  Iterative, so depth is bounded by memory, not the stack. */
static inline struct dom_node *next_preorder(struct dom_node *n, struct dom_node *top)
{
	if (n->type == DOM_ELEMENT && n->u.el.first)
		return n->u.el.first;
	while (n != top && !n->next)
		n = n->parent;
	return n == top ? NULL : n->next;
}

static inline const struct dom_node *next_preorder_const(const struct dom_node *n,
							 const struct dom_node *top)
{
	return next_preorder((struct dom_node *)n, (struct dom_node *)top);
}

/* Returns at least the bytes a copy of n takes in a store (a walk, not a
 * recursion: raw HTML may nest deep). */
static size_t tree_size(const struct dom_node *top)
{
	size_t size = 0;
	for (const struct dom_node *n = top; n; n = next_preorder_const(n, top)) {
		size += sizeof *n + NODE_ALIGN;
		if (n->type == DOM_TEXT || n->type == DOM_COMMENT) {
			size += n->u.text.len + 1;
		} else if (n->type == DOM_ELEMENT) {
			size += n->name_len + 1;
			for (const struct dom_attr *a = n->u.el.attrs; a; a = a->next)
				size += sizeof *a + NODE_ALIGN + a->name_len + 1 + a->value_len + 1;
		}
	}
	return size;
}

/* Returns a copy of n alone (an element with its attributes, no children)
 * made in store s. */
static struct dom_node *copy_node(struct dom_store *s, const struct dom_node *n)
{
	if (n->type != DOM_ELEMENT) {
		if (n->type == DOM_OTHER)
			return node_new(s, DOM_OTHER);
		struct dom_node *c = node_new_extra(s, n->type, n->u.text.len + 1);
		c->u.text.s = copy_string((char *)(c + 1), n->u.text.s, n->u.text.len);
		c->u.text.len = n->u.text.len;
		c->u.text.cap = n->u.text.len + 1;
		return c;
	}
	struct dom_node *c = element_new(s, n->u.el.name, n->name_len);
	c->linking = n->linking;
	struct dom_attr **tail = &c->u.el.attrs;
	for (const struct dom_attr *a = n->u.el.attrs; a; a = a->next) {
		struct dom_attr *b = attr_new(s, a->name, a->name_len, a->value, a->value_len);
		*tail = b;
		tail = &b->next;
	}
	return c;
}

/* Returns a deep copy of top made in store s, texts merged as
 * xmlCopyNode() merged them; a walk, so depth costs no stack. */
static struct dom_node *copy_tree(struct dom_store *s, const struct dom_node *top)
{
	struct dom_node *root = copy_node(s, top);
	if (top->type != DOM_ELEMENT || !top->u.el.first)
		return root;
	const struct dom_node *n = top->u.el.first;
	struct dom_node *under = root;   /* the copy of n's parent */
	for (;;) {
		struct dom_node *c = copy_node(s, n);
		add_child(under, c);
		if (n->type == DOM_ELEMENT && n->u.el.first) {
			under = c;
			n = n->u.el.first;
			continue;
		}
		while (!n->next) {
			n = n->parent;
			if (n == top)
				return root;
			under = under->parent;
		}
		n = n->next;
	}
}

/* ---- the API ---- */

void dom_init(void)
{
	/* libxml2 allocates through these: running out of memory then ends the
	 * program with xmalloc's message (alloc.h) instead of handing dom.c a
	 * NULL node to crash on. */
	xmlMemSetup(free, xmalloc, xrealloc, xstrdup);
	xmlInitParser();
}

void dom_cleanup(void)
{
	xmlCleanupParser();
}

/* Returns a new detached element tag, the root of a new store. */
static struct dom_node *detached(const char *tag, size_t first_size)
{
	struct dom_store *s = store_new(first_size);
	s->root = element_new(s, tag, strlen(tag));
	return s->root;
}

struct dom_node *dom_fragment(void)
{
	return detached("div", DOM_BLOCK_FIRST);
}

void dom_free(struct dom_node *n)
{
	if (!n)
		return;
	if (is_store_root(n))
		store_release(n->store);
	else
		unlink_node(n);   /* its memory goes with its store's owner */
}

struct dom_node *dom_elem_n(struct dom_node *parent, const char *tag, size_t tag_len)
{
	if (!parent)
		return detached(tag, DOM_BLOCK_FIRST);
	struct dom_node *n = element_new(parent->store, tag, tag_len);
	append_child(parent, n);
	return n;
}

struct dom_node *dom_elem_after(struct dom_node *sibling, const char *tag)
{
	struct dom_node *parent = sibling->parent;
	struct dom_node *n = element_new(parent->store, tag, strlen(tag));
	n->parent = parent;
	n->next = sibling->next;
	sibling->next = n;
	if (parent->u.el.last == sibling)
		parent->u.el.last = n;
	return n;
}

struct dom_node *dom_elem_ns(struct dom_node *parent, const char *tag)
{
	return dom_elem(parent, tag);
}

static struct dom_attr *find_attr(struct dom_node *n, const char *name)
{
	if (n->type != DOM_ELEMENT)
		return NULL;
	for (struct dom_attr *a = n->u.el.attrs; a; a = a->next)
		if (a->name[0] == name[0] && !strcmp(a->name, name))
			return a;
	return NULL;
}

void dom_attr_n(struct dom_node *n, const char *name, size_t name_len, const char *value,
		size_t value_len)
{
	if (n->type != DOM_ELEMENT)
		return;
	/* the old value stays in the store: value may point into it; a new
	 * element (most calls: its class) has none to look through */
	struct dom_attr *a = n->u.el.attrs ? find_attr(n, name) : NULL;
	if (a) {
		a->value = value ? store_strndup(n->store, value, value_len) : NULL;
		a->value_len = value ? checked_len(value_len) : 0;
		return;
	}
	a = attr_new(n->store, name, name_len, value, value ? value_len : 0);
	n->linking |= link_attr(name, name_len);
	struct dom_attr **tail = &n->u.el.attrs;
	while (*tail)
		tail = &(*tail)->next;
	*tail = a;
}

void dom_remove_attr(struct dom_node *n, const char *name)
{
	if (n->type != DOM_ELEMENT)
		return;
	for (struct dom_attr **p = &n->u.el.attrs; *p; p = &(*p)->next)
		if ((*p)->name[0] == name[0] && !strcmp((*p)->name, name)) {
			*p = (*p)->next;
			return;
		}
}

const char *dom_get_attr(struct dom_node *n, const char *name)
{
	struct dom_attr *a = find_attr(n, name);
	if (!a)
		return NULL;
	return a->value ? a->value : "";
}

size_t dom_get_attrs(struct dom_node *n, const struct dom_name *names, size_t count,
		     const char **values)
{
	size_t found = 0;
	if (n->type != DOM_ELEMENT)
		return 0;
	/* the length and first byte settle most: a page's every element
	 * passes here (link_harvest()) */
	for (struct dom_attr *a = n->u.el.attrs; a; a = a->next)
		for (size_t k = 0; k < count; k++)
			if (a->name_len == names[k].len && a->name[0] == names[k].name[0] &&
			    !memcmp(a->name, names[k].name, names[k].len)) {
				values[k] = a->value ? a->value : "";
				found++;
				break;
			}
	return found;
}

void dom_text(struct dom_node *parent, const char *text, size_t len)
{
	dom_text_str(parent, text, before_nul(text, len));
}

void dom_text_str(struct dom_node *parent, const char *text, size_t len)
{
	if (!len)
		return;
	struct dom_node *last = parent->u.el.last;
	if (last && last->type == DOM_TEXT) {
		text_append(last, text, len);
		return;
	}
	append_child(parent, text_new(parent->store, DOM_TEXT, text, len));
}

struct dom_node *dom_copy(struct dom_node *n)
{
	/* sized to fit: a print book holds a copy of every chapter at once */
	struct dom_store *s = store_new(tree_size(n));
	s->root = copy_tree(s, n);
	return s->root;
}

void dom_adopt(struct dom_node *parent, struct dom_node *child)
{
	if (is_store_root(child)) {
		store_keep(parent->store, child->store, 1);   /* the caller's, handed over */
	} else {
		unlink_node(child);
		if (child->store != parent->store)
			store_keep(parent->store, child->store, 0);
	}
	add_child(parent, child);
}

void dom_move_children(struct dom_node *from, struct dom_node *to)
{
	struct dom_node *c = from->u.el.first;
	if (!c)
		return;
	if (from->store != to->store)
		store_keep(to->store, from->store, 0);
	from->u.el.first = from->u.el.last = NULL;
	while (c) {
		struct dom_node *next = c->next;
		add_child(to, c);   /* may merge adjacent text nodes */
		c = next;
	}
}

const char *dom_name(struct dom_node *n)
{
	return n->type == DOM_ELEMENT ? n->u.el.name : NULL;
}

struct dom_node *dom_first_element(struct dom_node *n)
{
	if (n->type != DOM_ELEMENT)
		return NULL;
	for (struct dom_node *c = n->u.el.first; c; c = c->next)
		if (c->type == DOM_ELEMENT)
			return c;
	return NULL;
}

struct dom_node *dom_next_element(struct dom_node *n)
{
	for (struct dom_node *c = n->next; c; c = c->next)
		if (c->type == DOM_ELEMENT)
			return c;
	return NULL;
}

int dom_is_empty(struct dom_node *n)
{
	return n->type != DOM_ELEMENT || n->u.el.first == NULL;
}

void dom_visit(struct dom_node *root, void (*fn)(void *ctx, struct dom_node *n), void *ctx)
{
	for (struct dom_node *n = root; n; n = next_preorder(n, root))
		if (n->type == DOM_ELEMENT)
			fn(ctx, n);
}

void dom_visit_linking(struct dom_node *root, void (*fn)(void *ctx, struct dom_node *n), void *ctx)
{
	for (struct dom_node *n = root; n; n = next_preorder(n, root))
		if (n->type == DOM_ELEMENT && n->linking)
			fn(ctx, n);
}

void dom_prune(struct dom_node *root, enum dom_prune_do (*fn)(void *ctx, struct dom_node *n), void *ctx)
{
	/* a pre-order walk that keeps n's parent and the sibling before it,
	 * so that dropping or unwrapping n costs no walk along its siblings
	 * (print.html's paragraph of 40,000 value links took 60 s) */
	struct dom_node *parent = root, *prev = NULL;
	struct dom_node *n = root->type == DOM_ELEMENT ? root->u.el.first : NULL;
	for (;;) {
		if (!n) {   /* parent's children done: on after it */
			if (parent == root)
				break;
			prev = parent;
			n = parent->next;
			parent = parent->parent;
			continue;
		}
		enum dom_prune_do what = n->type == DOM_ELEMENT ? fn(ctx, n) : DOM_KEEP;
		if (what == DOM_KEEP) {
			if (n->type == DOM_ELEMENT && n->u.el.first) {
				parent = n;
				prev = NULL;
				n = n->u.el.first;
			} else {
				prev = n;
				n = n->next;
			}
			continue;
		}
		struct dom_node *next = n->next, *first = n->u.el.first, *last = n->u.el.last;
		if (what == DOM_UNWRAP && first) {
			/* its children take its place among its siblings, and
			 * are walked next (prev stays) */
			for (struct dom_node *c = first; c; c = c->next)
				c->parent = parent;
			if (prev)
				prev->next = first;
			else
				parent->u.el.first = first;
			last->next = next;
			if (parent->u.el.last == n)
				parent->u.el.last = last;
			n->u.el.first = n->u.el.last = NULL;
			n->parent = n->next = NULL;
			n = first;
			continue;
		}
		if (prev)
			prev->next = next;
		else
			parent->u.el.first = next;
		if (parent->u.el.last == n)
			parent->u.el.last = prev;
		n->parent = n->next = NULL;
		n = next;
	}
}

/* Does the element hold class cls among its classes? */
static int has_class(struct dom_node *n, const char *cls)
{
	const char *c = dom_get_attr(n, "class");
	size_t len = strlen(cls);
	for (; c && *c; c += strcspn(c, " "), c += strspn(c, " "))
		if (!strncmp(c, cls, len) && (c[len] == ' ' || !c[len]))
			return 1;
	return 0;
}

/* Is lang (an element's lang attribute, or NULL) the language code? */
static int lang_is(const char *lang, const char *code)
{
	size_t n = strlen(code);
	return lang && !strncmp(lang, code, n) && (!lang[n] || lang[n] == '-');
}

/* "中文 / English" with the other language first: keeps the part in keep. */
static const char *label_part(const char *v, const char *keep)
{
	const char *slash = strstr(v, " / ");
	if (!slash)
		return NULL;
	int han_first = 0;
	for (const unsigned char *p = (const unsigned char *)v; p < (const unsigned char *)slash; p++)
		han_first |= *p >= 0xE3 && *p <= 0xE9;
	if (!han_first)
		return NULL;
	return !strcmp(keep, "en") ? slash + 3 : NULL;
}

/* The space between a pair's two languages, once one of them is gone. */
static void blank_spaces(struct dom_node *parent)
{
	for (struct dom_node *k = parent->u.el.first; k; k = k->next)
		if (k->type == DOM_TEXT && strspn(k->u.text.s, " ") == k->u.text.len) {
			k->u.text.len = 0;
			k->u.text.s[0] = '\0';
		}
}

void dom_one_language(struct dom_node *root, const char *keep)
{
	const char *drop = !strcmp(keep, "en") ? "zh" : "en";
	static const char *const attrs[] = { "aria-label", "placeholder", "title" };
	struct dom_node *n = root;
	while (n) {
		if (n->type != DOM_ELEMENT) {
			n = next_preorder(n, root);
			continue;
		}
		const char *lang = dom_get_attr(n, "lang");
		int dropped = has_class(n, "lang-switch");
		if (!dropped && lang_is(lang, drop) && n->parent) {
			/* a label's other language: a sibling says it in keep, or
			 * text " / …" follows it (the template's "中文 / English") */
			struct dom_node *next = n->next;
			for (struct dom_node *k = n->parent->u.el.first; k && !dropped; k = k->next)
				dropped = k != n && k->type == DOM_ELEMENT && lang_is(dom_get_attr(k, "lang"), keep);
			if (next && next->type == DOM_TEXT && next->u.text.len >= 3 &&
			    !memcmp(next->u.text.s, " / ", 3)) {
				dropped = 1;
				if (!strcmp(keep, "en")) {
					memmove(next->u.text.s, next->u.text.s + 3, next->u.text.len - 2);
					next->u.text.len -= 3;
				} else {
					next->u.text.len = 0;
					next->u.text.s[0] = '\0';
				}
			}
		}
		if (dropped) {
			/* the next node after n's subtree, then n goes */
			struct dom_node *after = n;
			while (after && after != root && !after->next)
				after = after->parent;
			after = after && after != root ? after->next : NULL;
			struct dom_node *parent = n->parent;
			unlink_node(n);
			if (parent && has_class(parent, "bi"))
				blank_spaces(parent);
			n = after;
			continue;
		}
		for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++) {
			const char *v = dom_get_attr(n, attrs[i]);
			const char *part = v ? label_part(v, keep) : NULL;
			if (part)
				dom_attr(n, attrs[i], part);
		}
		n = next_preorder(n, root);
	}
}

void dom_text_content(struct dom_node *n, struct buf *out)
{
	for (struct dom_node *t = n; t; t = next_preorder(t, n))
		if (t->type == DOM_TEXT)
			buf_add(out, t->u.text.s, t->u.text.len);
}

static int name_in(const struct dom_node *n, const char *const *names)
{
	/* the first two letters settle most (span against script, style,
	 * samp, svg): a page's elements pass here by the hundred thousand
	 * (typeset_numbers()); a name has at least its NUL at [1] */
	for (; names && *names; names++)
		if (n->u.el.name[0] == (*names)[0] && n->u.el.name[1] == (*names)[1] &&
		    !strcmp(n->u.el.name, *names))
			return 1;
	return 0;
}

struct dom_node *dom_parent(struct dom_node *n)
{
	return n->parent;
}

/* A name's first two bytes hashed to one of 256 bits: an element whose
 * bit is clear in a list's set is in no list (most elements, at a load). */
static inline unsigned name_bit(const char *name)
{
	unsigned second = name[0] ? (unsigned char)name[1] : 0;
	return ((unsigned char)name[0] * 31u + second) & 255u;
}

void dom_rewrite_text(struct dom_node *root, const char *const *skip, dom_text_fn *fn, void *ctx)
{
	if (root->type != DOM_ELEMENT || name_in(root, skip))
		return;
	unsigned char maybe[32] = { 0 };
	for (const char *const *k = skip; k && *k; k++)
		maybe[name_bit(*k) >> 3] |= (unsigned char)(1u << (name_bit(*k) & 7));
	/* a walk that knows each node's previous sibling, so that a text node
	 * is replaced in place without searching its parent's list */
	struct dom_node *n = root->u.el.first, *prev = NULL;
	struct dom_node *out = NULL;   /* kept for the next text while fn leaves it empty */
	while (n) {
		if (n->type == DOM_TEXT && n->u.text.len) {
			/* made in the parent's store, where its children go: one
			 * made for a text of another store and kept would make
			 * the two stores keep each other, and neither is freed */
			if (!out || out->store != n->parent->store)
				out = element_new(n->parent->store, "span", 4);
			out->parent = n->parent;
			out->u.el.first = out->u.el.last = NULL;
			if (fn(ctx, n->u.text.s, n->u.text.len, n->parent, out) && out->u.el.first) {
				struct dom_node *parent = n->parent, *first = out->u.el.first,
					*last = out->u.el.last;
				for (struct dom_node *c = first; c; c = c->next)
					c->parent = parent;
				last->next = n->next;
				if (prev)
					prev->next = first;
				else
					parent->u.el.first = first;
				if (parent->u.el.last == n)
					parent->u.el.last = last;
				n->parent = n->next = NULL;
				n = last;
				out = NULL;   /* its children are in the tree now */
			}
		} else if (n->type == DOM_ELEMENT && n->u.el.first &&
			   (!(maybe[name_bit(n->u.el.name) >> 3] & (1u << (name_bit(n->u.el.name) & 7))) ||
			    !name_in(n, skip))) {
			prev = NULL;
			n = n->u.el.first;
			continue;
		}
		while (n != root && !n->next)
			n = n->parent;
		if (n == root)
			break;
		prev = n;
		n = n->next;
	}
}

/* ---- templates ---- */

struct dom_template {
	struct dom_store *store;
	struct dom_node *root;       /* the <html> element */
	size_t size;                 /* bytes a copy takes, for a page's first block */
	struct dom_slot *slots;      /* its data-slot elements, in document order */
	size_t nslots, capslots;
};

/* Returns libxml2 node x converted into the template's store, with its
 * subtree; notes the data-slot elements in t->slots. */
static struct dom_node *convert(struct dom_template *t, xmlNodePtr x)
{
	struct dom_store *s = t->store;
	switch (x->type) {
	case XML_ELEMENT_NODE: {
		const char *name = (const char *)x->name;
		struct dom_node *n = element_new(s, name, strlen(name));
		struct dom_attr **tail = &n->u.el.attrs;
		for (xmlAttrPtr a = x->properties; a; a = a->next) {
			/* the parser gives an attribute one text child, or none */
			struct buf v = BUF_INIT;
			for (xmlNodePtr c = a->children; c; c = c->next)
				if (c->content)
					buf_adds(&v, (const char *)c->content);
			const char *aname = (const char *)a->name;
			struct dom_attr *b = attr_new(s, aname, strlen(aname),
						      a->children ? v.data : NULL, v.len);
			n->linking |= link_attr(aname, strlen(aname));
			buf_release(&v);
			*tail = b;
			tail = &b->next;
		}
		/* a link of the template says where it was written, for the link
		 * check (link_harvest() reads and removes it): "@line" */
		if (!dom_get_attr(n, "data-src") &&
		    (dom_get_attr(n, "href") || dom_get_attr(n, "src") || dom_get_attr(n, "action"))) {
			char where[32];
			int len = snprintf(where, sizeof where, "@%ld", xmlGetLineNo(x));
			*tail = attr_new(s, "data-src", strlen("data-src"), where, (size_t)len);
			n->linking = 1;
		}
		const char *slot = dom_get_attr(n, "data-slot");
		if (slot)
			*ARRAY_PUSH(t->slots, t->nslots, t->capslots) =
				(struct dom_slot){ slot, (int)xmlGetLineNo(x) };
		for (xmlNodePtr c = x->children; c; c = c->next)
			add_child(n, convert(t, c));
		return n;
	}
	case XML_TEXT_NODE:
	case XML_CDATA_SECTION_NODE:
	case XML_COMMENT_NODE: {
		const char *content = x->content ? (const char *)x->content : "";
		return text_new(s, x->type == XML_COMMENT_NODE ? DOM_COMMENT : DOM_TEXT,
				content, strlen(content));
	}
	default:
		return node_new(s, DOM_OTHER);   /* written as nothing, as before */
	}
}

struct dom_template *dom_template_parse(const char *text, size_t len, const char *path)
{
	htmlDocPtr doc = htmlReadMemory(text, (int)len, path, "UTF-8",
					HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
	xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!root) {
		diag_error((struct srcloc){ path, 0, 0 }, "cannot parse the template as HTML");
		if (doc)
			xmlFreeDoc(doc);
		return NULL;
	}
	struct dom_template *t = xcalloc(1, sizeof *t);
	t->store = store_new(DOM_BLOCK_MAX);
	t->root = convert(t, root);
	t->size = tree_size(t->root);
	xmlFreeDoc(doc);
	return t;
}

void dom_template_free(struct dom_template *t)
{
	if (t) {
		store_release(t->store);
		free(t->slots);
		free(t);
	}
}

const struct dom_slot *dom_template_slots(const struct dom_template *t, size_t *n)
{
	*n = t->nslots;
	return t->slots;
}

struct ids {
	const char **ids;
	size_t n, cap;
};

static void collect_ids(void *ctx, struct dom_node *n)
{
	struct ids *ids = ctx;
	const char *id = dom_get_attr(n, "id");
	if (id)
		*ARRAY_PUSH(ids->ids, ids->n, ids->cap) = id;
}

const char **dom_template_ids(const struct dom_template *t, size_t *n)
{
	struct ids ids = { 0 };
	dom_visit(t->root, collect_ids, &ids);
	*n = ids.n;
	return ids.ids;
}

/* ---- pages ---- */

/* Slots are found once per page, before anything fills them: searching
 * after the content is in would walk the whole chapter for every slot.
 * A page has as many as its template (it was a fixed 16, and a template
 * with more lost the rest: pages kept its placeholder for the chapter). */
struct dom_page {
	struct dom_store *store;
	struct dom_node *root;
	const char **slot_names;   /* strings in the page's store */
	struct dom_node **slots;
	size_t nslots, capslots;
};

static void note_slot(void *ctx, struct dom_node *n)
{
	struct dom_page *p = ctx;
	const char *slot = dom_get_attr(n, "data-slot");
	if (slot && p->nslots < p->capslots) {
		p->slot_names[p->nslots] = slot;
		p->slots[p->nslots++] = n;
	}
}

struct dom_page *dom_page_new(const struct dom_template *t)
{
	struct dom_page *p = xcalloc(1, sizeof *p);
	/* room for the copy and what filling adds to the page itself: the title
	 * text and a keep cell per fragment */
	p->store = store_new(size_add(t->size, DOM_BLOCK_FIRST));
	p->root = copy_tree(p->store, t->root);
	p->capslots = t->nslots;
	p->slot_names = xcalloc(t->nslots ? t->nslots : 1, sizeof *p->slot_names);
	p->slots = xcalloc(t->nslots ? t->nslots : 1, sizeof *p->slots);
	dom_visit(p->root, note_slot, p);
	return p;
}

void dom_page_free(struct dom_page *p)
{
	if (p) {
		store_release(p->store);
		free(p->slot_names);
		free(p->slots);
		free(p);
	}
}

static struct dom_node *page_slot(struct dom_page *p, const char *slot)
{
	for (size_t i = 0; i < p->nslots; i++)
		if (!strcmp(p->slot_names[i], slot))
			return p->slots[i];
	return NULL;
}

void dom_page_fill(struct dom_page *p, const char *slot, struct dom_node *content)
{
	struct dom_node *target = page_slot(p, slot);
	if (!target || !content->u.el.first) {
		if (target)
			target->u.el.first = target->u.el.last = NULL;
		dom_free(content);
		return;
	}
	/* what the slot held stays in the page's store, unreachable */
	target->u.el.first = target->u.el.last = NULL;
	struct dom_node *c = content->u.el.first;
	while (c) {
		struct dom_node *next = c->next;
		add_child(target, c);   /* merges adjacent text nodes, as before */
		c = next;
	}
	content->u.el.first = content->u.el.last = NULL;
	if (is_store_root(content))
		store_keep(p->store, content->store, 1);   /* the caller's, handed over */
	else if (content->store != p->store)
		store_keep(p->store, content->store, 0);
}

void dom_page_fill_text(struct dom_page *p, const char *slot, const char *text)
{
	struct dom_node *target = page_slot(p, slot);
	if (!target)
		return;
	target->u.el.first = target->u.el.last = NULL;
	dom_texts(target, text);
}

struct dom_node *dom_page_root(struct dom_page *p)
{
	return p->root;
}

void dom_page_finish(struct dom_page *p)
{
	for (size_t i = 0; i < p->nslots; i++)
		dom_remove_attr(p->slots[i], "data-slot");
	p->nslots = 0;
}

/* ---- serialization ----
 *
 * A small HTML5 serializer of our own: libxml2's HTML one looks every
 * element up in a table of HTML 4 names (a quarter of a build's time) and
 * percent-encodes non-ASCII characters in links.  Ours writes void
 * elements without end tags, attributes without a value (a template's
 * defer, hidden) bare and every other one with its value, script and style
 * content as it is, and escapes & < > in text and & < > " in attributes. */

/* Returns 1 for the void elements (name is len bytes).  Switched on the
 * first letter, then the length: a thirteen-strcmp() scan per element was
 * most of the 1.3% of a 1000-chapter build that the serializer spent in
 * strcmp(), and a strcmp() per span against "source" the rest. */
static int is_void(const char *name, unsigned len)
{
#define IS(lit) (len == sizeof lit - 1 && !memcmp(name, lit, sizeof lit - 1))
	switch (name[0]) {
	case 'a': return IS("area");
	case 'b': return IS("base") || IS("br");
	case 'c': return IS("col");
	case 'e': return IS("embed");
	case 'h': return IS("hr");
	case 'i': return IS("img") || IS("input");
	case 'l': return IS("link");
	case 'm': return IS("meta");
	case 's': return IS("source");
	case 't': return IS("track");
	case 'w': return IS("wbr");
	default: return 0;
	}
#undef IS
}

/* Returns room for n more bytes at the end of out, which the caller fills
 * and adds to out->len.  The serializer appends a few bytes at a time:
 * the room is checked once for a tag's every piece, and the buffer's NUL
 * is written once, when the tree is written (serialize_end()); the room
 * for it is always there (buf_grow() keeps a byte for it). */
static inline char *out_room(struct buf *out, size_t n)
{
	if (out->cap - out->len <= n)   /* also a buffer at "" (cap 0) */
		buf_grow(out, n);
	return out->data + out->len;
}

/* Appends len bytes to out (without the NUL: see out_room()). */
static inline void out_add(struct buf *out, const char *s, size_t len)
{
	memcpy(out_room(out, len), s, len);
	out->len += len;
}

/* Copies the len bytes at s, a string of a store, to o, which has room for
 * len + 16 bytes.  Most of what the serializer copies is short (a tag's
 * name, an attribute's, a class, a word between two tags): it is copied
 * sixteen bytes at a time, without a call to memcpy() (a million and a half
 * calls for 300 chapters, a quarter of the serializer's instructions).
 * The bytes copied past len are read within the block (DOM_BLOCK_SLACK)
 * and written within the room, where the next piece or the NUL goes. */
static inline void copy_piece(char *o, const char *s, size_t len)
{
	if (len <= 16) {
		memcpy(o, s, 16);
	} else if (len <= 32) {
		memcpy(o, s, 16);
		memcpy(o + len - 16, s + len - 16, 16);
	} else {
		memcpy(o, s, len);
	}
}

/* Appends the len bytes at s, a string of a store (copy_piece()), and
 * leaves room for 16 more bytes after them (and the NUL). */
static inline void out_piece(struct buf *out, const char *s, size_t len)
{
	copy_piece(out_room(out, len + 16), s, len);
	out->len += len;
}

/* What escape() stops at: & < >, a quote, the lead byte of a no-break
 * space.  Most text has none of them: the serializer spent most of its
 * time stepping over the bytes in between, so they are skipped sixteen at
 * a time where SSE2 is there (every x86-64), else through this table. */
enum { ESC_MARKUP = 1, ESC_QUOTE, ESC_C2 };
static const unsigned char escape_class[256] = {
	['&'] = ESC_MARKUP, ['<'] = ESC_MARKUP, ['>'] = ESC_MARKUP,
	['"'] = ESC_QUOTE, [0xc2] = ESC_C2,
};

#if !(defined(__SSE2__) && defined(__GNUC__))
/* escape_class without the quote: what text stops at. */
static const unsigned char escape_text_class[256] = {
	['&'] = ESC_MARKUP, ['<'] = ESC_MARKUP, ['>'] = ESC_MARKUP, [0xc2] = ESC_C2,
};
#endif

/* Returns the first byte in [s, end) that escape() stops at, or end.  A
 * quote stops it only in an attribute.  [s, end) is a string of a store.
 * escape_scan_waking() stops at the bytes w0 and w1 as well. */
static inline const char *escape_scan_waking(const char *s, const char *end, int attr, char w0,
					     char w1)
{
#if defined(__SSE2__) && defined(__GNUC__)
	const __m128i amp = _mm_set1_epi8('&'), lt = _mm_set1_epi8('<'), gt = _mm_set1_epi8('>'),
		      c2 = _mm_set1_epi8((char)0xc2),
		      quote = _mm_set1_epi8(attr ? '"' : '&'),   /* text: '&' again */
		      wake0 = _mm_set1_epi8(w0), wake1 = _mm_set1_epi8(w1);
	while (s < end) {
		/* past end the load reads the string's NUL and what follows
		 * it in its block (DOM_BLOCK_SLACK), whose bits are dropped */
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
		__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, amp), _mm_cmpeq_epi8(v, lt)),
					   _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, gt),
								     _mm_cmpeq_epi8(v, c2)),
							_mm_cmpeq_epi8(v, quote)));
		/* escape_scan()'s w0 and w1 are the '&' above: compared once */
		hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(v, wake0), _mm_cmpeq_epi8(v, wake1)));
		unsigned mask = (unsigned)_mm_movemask_epi8(hit);
		if (end - s < 16)
			mask &= (1u << (end - s)) - 1;
		if (mask)
			return s + __builtin_ctz(mask);
		if (end - s <= 16)
			return end;
		s += 16;
	}
	return end;
#else
	/* the quote's class counts only in an attribute: one table each */
	const unsigned char *stops = attr ? escape_class : escape_text_class;
	while (s < end && !stops[(unsigned char)*s] && *s != w0 && *s != w1)
		s++;
	return s;
#endif
}

static inline const char *escape_scan(const char *s, const char *end, int attr)
{
	return escape_scan_waking(s, end, attr, '&', '&');
}

/* escape() from stop, the first byte in [run, end) escape_scan() stopped at. */
static void escape_rest(struct buf *out, const char *run, const char *stop, const char *end,
			int attr)
{
	const char *s = stop;
	for (; s < end; s = escape_scan(s, end, attr)) {
		const char *rep;
		size_t replen;
		switch (escape_class[(unsigned char)*s]) {
		case ESC_MARKUP:
			if (*s == '&')
				rep = "&amp;", replen = 5;
			else
				rep = *s == '<' ? "&lt;" : "&gt;", replen = 4;
			break;
		case ESC_QUOTE:
			rep = "&quot;", replen = 6;
			break;
		default:   /* ESC_C2 */
			if ((unsigned char)s[1] != 0xa0) {   /* s[len] is the NUL */
				s++;
				continue;
			}
			rep = "&nbsp;", replen = 6;
			out_piece(out, run, (size_t)(s - run));
			out_add(out, rep, replen);
			s += 2;
			run = s;
			continue;
		}
		out_piece(out, run, (size_t)(s - run));
		out_add(out, rep, replen);
		run = ++s;
	}
	out_piece(out, run, (size_t)(end - run));
}

/* Appends the len bytes at s (NUL-terminated) with & < > escaped, " in an
 * attribute, and a no-break space as &nbsp;; leaves room for 16 more
 * bytes (and the NUL) after them, as out_piece(), its last step, does.
 * Inline for what most strings are, nothing to escape: a scan and a copy,
 * without a call. */
static inline void escape(struct buf *out, const char *s, size_t len, int attr)
{
	const char *end = s + len, *stop = escape_scan(s, end, attr);
	if (stop == end)
		out_piece(out, s, len);
	else
		escape_rest(out, s, stop, end, attr);
}

/* How the serializer writes the text below an element: escaped, and
 * rewritten first (dom_page_serialize_rewriting()); escaped; or as it is
 * (script, style). */
enum { TEXT_REWRITE, TEXT_ESCAPE, TEXT_RAW };

struct serializer {
	struct buf *out;
	/* dom_page_serialize_rewriting()'s: as dom_rewrite_text() takes them */
	const char *const *skip;
	unsigned char maybe[32];     /* name_bit()s of skip's names */
	dom_text_fn *fn;
	void *ctx;
	struct dom_node *spare;      /* the empty element fn appends to */
	char wake0, wake1;           /* a text with neither is not fn's */
};

static void serialize(const struct dom_node *n, struct serializer *sz, int mode);

/* Writes text node t as fn rewrites it, as dom_rewrite_text() would have
 * put it in the tree (nodes fn makes are not rewritten again); returns 0
 * when fn leaves it as it is. */
static int serialize_rewritten(const struct dom_node *t, struct serializer *sz)
{
	struct dom_node *o = sz->spare, *parent = t->parent;
	/* made in the parent's store, where dom_rewrite_text() makes it */
	if (!o || o->store != parent->store)
		o = sz->spare = element_new(parent->store, "span", 4);
	o->parent = parent;
	o->u.el.first = o->u.el.last = NULL;
	if (!sz->fn(sz->ctx, t->u.text.s, t->u.text.len, parent, o) || !o->u.el.first)
		return 0;
	for (const struct dom_node *c = o->u.el.first; c; c = c->next)
		if (c->type == DOM_TEXT)
			escape(sz->out, c->u.text.s, c->u.text.len, 0);
		else
			serialize(c, sz, TEXT_ESCAPE);
	return 1;
}

/* Writes child c, not an element, of an element whose text is written in
 * mode.  A text, every other child, is written here, without a call. */
static inline void serialize_leaf(const struct dom_node *c, struct serializer *sz, int mode)
{
	struct buf *out = sz->out;
	if (c->type == DOM_TEXT && mode == TEXT_REWRITE) {
		/* the scan for what to escape finds the wake bytes too: most
		 * texts have neither, and are copied */
		const char *t = c->u.text.s, *end = t + c->u.text.len,
			*stop = escape_scan_waking(t, end, 0, sz->wake0, sz->wake1);
		if (stop == end) {
			out_piece(out, t, c->u.text.len);
			return;
		}
		if ((memchr(stop, sz->wake0, (size_t)(end - stop)) ||
		     memchr(stop, sz->wake1, (size_t)(end - stop))) &&
		    serialize_rewritten(c, sz))
			return;
		stop = escape_scan(stop, end, 0);
		if (stop == end)
			out_piece(out, t, c->u.text.len);
		else
			escape_rest(out, t, stop, end, 0);
		return;
	}
	switch (c->type) {
	case DOM_TEXT:
		if (mode == TEXT_RAW)
			out_piece(out, c->u.text.s, c->u.text.len);
		else
			escape(out, c->u.text.s, c->u.text.len, 0);
		break;
	case DOM_COMMENT:
		out_add(out, "<!--", 4);
		out_add(out, c->u.text.s, c->u.text.len);
		out_add(out, "-->", 3);
		break;
	default:
		break;   /* processing instructions and the like: written as nothing */
	}
}

/* Writes element n's start tag; returns how the text below it is written,
 * or -1 for a void element (no children, no end tag). */
static inline int serialize_start(const struct dom_node *n, struct serializer *sz, int mode)
{
	struct buf *out = sz->out;
	const char *name = n->u.el.name;
	unsigned len = n->name_len;
	char *o = out_room(out, (size_t)len + 1 + 16);
	o[0] = '<';
	copy_piece(o + 1, name, len);
	out->len += (size_t)len + 1;
	for (const struct dom_attr *a = n->u.el.attrs; a; a = a->next) {
		/* the space, the name and =", or the name alone */
		o = out_room(out, (size_t)a->name_len + 3 + 16);
		o[0] = ' ';
		copy_piece(o + 1, a->name, a->name_len);
		if (!a->value) {   /* written bare in a template: defer, hidden */
			out->len += (size_t)a->name_len + 1;
			continue;
		}
		memcpy(o + 1 + a->name_len, "=\"", 2);
		out->len += (size_t)a->name_len + 3;
		escape(out, a->value, a->value_len, 1);
		out->data[out->len++] = '"';   /* escape() left room */
	}
	/* each piece above left room for 15 more bytes at least */
	out->data[out->len++] = '>';
	if (is_void(name, len))
		return -1;
	/* script and style as they are; below a skip element, no rewriting
	 * (dom_rewrite_text() does not go in) */
	return name[0] == 's' && ((len == 6 && !memcmp(name, "script", 6)) ||
				  (len == 5 && !memcmp(name, "style", 5)))
		? TEXT_RAW
		: mode == TEXT_REWRITE &&
		  !((sz->maybe[name_bit(name) >> 3] & (1u << (name_bit(name) & 7))) &&
		    name_in(n, sz->skip))
		? TEXT_REWRITE : TEXT_ESCAPE;
}

static inline void serialize_end_tag(const struct dom_node *n, struct buf *out)
{
	unsigned len = n->name_len;
	char *o = out_room(out, (size_t)len + 3 + 16);
	o[0] = '<';
	o[1] = '/';
	copy_piece(o + 2, n->u.el.name, len);
	o[len + 2] = '>';
	out->len += (size_t)len + 3;
}

/* The modes of the elements a serialize() walk is inside, one byte each:
 * on the stack for the depth a page has, grown on the heap for what raw
 * HTML nested deeper. */
struct mode_stack {
	unsigned char *m, local[256];
	size_t n, cap;
};

static inline void mode_push(struct mode_stack *st, int mode)
{
	if (st->n == st->cap) {
		size_t cap = size_mul(st->cap, 2);
		unsigned char *m = xmalloc(cap);
		memcpy(m, st->m, st->n);
		if (st->m != st->local)
			free(st->m);
		st->m = m;
		st->cap = cap;
	}
	st->m[st->n++] = (unsigned char)mode;
}

/* Writes top and its subtree as HTML5, its text in mode: a walk down the
 * first children and back up the parents, so that raw HTML nested a
 * hundred thousand deep costs memory, not the stack. */
static void serialize(const struct dom_node *top, struct serializer *sz, int mode)
{
	if (top->type != DOM_ELEMENT) {
		serialize_leaf(top, sz, mode);
		return;
	}
	int inner = serialize_start(top, sz, mode);
	if (inner < 0)
		return;
	struct mode_stack st;
	st.m = st.local;
	st.n = 0;
	st.cap = sizeof st.local;
	const struct dom_node *el = top, *c = top->u.el.first;
	for (;;) {
		while (c) {
			if (c->type != DOM_ELEMENT) {
				serialize_leaf(c, sz, inner);
				c = c->next;
				continue;
			}
			int below = serialize_start(c, sz, inner);
			if (below >= 0 && c->u.el.first) {
				mode_push(&st, inner);
				inner = below;
				el = c;
				c = c->u.el.first;
				continue;
			}
			if (below >= 0)
				serialize_end_tag(c, sz->out);
			c = c->next;
		}
		serialize_end_tag(el, sz->out);
		if (el == top)
			break;
		c = el->next;
		el = el->parent;
		inner = st.m[--st.n];
	}
	if (st.m != st.local)
		free(st.m);
}

/* Ends out with its NUL, which serialize() leaves out (out_room()). */
static void serialize_end(struct buf *out)
{
	if (out->cap)
		out->data[out->len] = '\0';
}

void dom_node_serialize(struct dom_node *n, struct buf *out)
{
	struct serializer sz = { .out = out };
	serialize(n, &sz, TEXT_ESCAPE);
	serialize_end(out);
}

void dom_page_serialize(struct dom_page *p, struct buf *out)
{
	struct serializer sz = { .out = out };
	buf_adds(out, "<!DOCTYPE html>\n");
	serialize(p->root, &sz, TEXT_ESCAPE);
	buf_addch(out, '\n');   /* and the NUL */
}

void dom_page_serialize_rewriting(struct dom_page *p, struct buf *out, const char *const *skip,
				  const char *wake, dom_text_fn *fn, void *ctx)
{
	struct serializer sz = { .out = out, .skip = skip, .fn = fn, .ctx = ctx };
	sz.wake0 = wake[0];
	sz.wake1 = wake[0] ? wake[1] ? wake[1] : wake[0] : 0;
	for (const char *const *k = skip; k && *k; k++)
		sz.maybe[name_bit(*k) >> 3] |= (unsigned char)(1u << (name_bit(*k) & 7));
	buf_adds(out, "<!DOCTYPE html>\n");
	/* the root <html>: its children are rewritten unless it is in skip
	 * (serialize() looks), as dom_rewrite_text() does */
	serialize(p->root, &sz, TEXT_REWRITE);
	buf_addch(out, '\n');   /* and the NUL */
}
