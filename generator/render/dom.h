/*
 * dom.h — pages as trees, without libxml2 in sight.
 *
 * The render stage builds HTML as a tree of elements and text through these
 * calls; the DOM module fills the page template's data-slot elements, lets
 * the link stage visit and rewrite attributes, and serializes a page as
 * HTML5.  Text and attribute values are always escaped by the serializer,
 * so nothing from the book can inject markup.  The nodes are the module's
 * own, allocated in bulk; libxml2 only parses the template.
 *
 * Ownership: a node created with dom_fragment() or dom_copy() belongs to
 * the caller until it is moved into a page with dom_page_fill() or under
 * another node with dom_adopt(); nodes created under a parent belong to the
 * parent.  Pages are freed with dom_page_free().  Memory is released with
 * the tree that owns it, never node by node: strings returned by the
 * module (attribute values, names) stay valid until then, even after the
 * attribute is changed or removed.
 */
#ifndef SPECBOOK_DOM_H
#define SPECBOOK_DOM_H

#include <stddef.h>
#include <string.h>

#include "core/buffer.h"

struct dom_node;
struct dom_template;
struct dom_page;

/* Initialise libxml2 (the template parser) once, before any thread uses it. */
void dom_init(void);
void dom_cleanup(void);

/* Returns a new detached <div>, to be filled and then moved into a page. */
struct dom_node *dom_fragment(void);
/* Frees a fragment or copy the caller owns; a node inside a tree is only
 * taken out of it (its memory goes with the tree's). */
void dom_free(struct dom_node *n);

/* Appends and returns a new element named tag (tag_len bytes) under parent. */
struct dom_node *dom_elem_n(struct dom_node *parent, const char *tag, size_t tag_len);
/* Inserts and returns a new element named tag right after sibling (which
 * has a parent). */
struct dom_node *dom_elem_after(struct dom_node *sibling, const char *tag);
/* Appends an element in the SVG namespace's sense (kept case, e.g. "textPath"). */
struct dom_node *dom_elem_ns(struct dom_node *parent, const char *tag);
/* Sets attribute name (name_len bytes) to value (value_len bytes; NULL:
 * written bare). */
void dom_attr_n(struct dom_node *n, const char *name, size_t name_len, const char *value,
		size_t value_len);
void dom_remove_attr(struct dom_node *n, const char *name);
/* Returns the attribute's value (owned by the node) or NULL. */
const char *dom_get_attr(struct dom_node *n, const char *name);
/* An attribute name and its length, for dom_get_attrs(): DOM_NAME("href"). */
struct dom_name {
	const char *name;
	unsigned len;
};
#define DOM_NAME(lit) { lit, sizeof lit - 1 }

/* For each of the count names that element n has as an attribute, sets
 * values[k] to its value ("" for a bare one) and leaves the others as the
 * caller set them (NULL, usually), in one pass over n's attributes instead
 * of a dom_get_attr() for each; returns how many it set. */
size_t dom_get_attrs(struct dom_node *n, const struct dom_name *names, size_t count,
		     const char **values);
/* Appends text (len bytes, UTF-8, up to a NUL among them) under parent. */
void dom_text(struct dom_node *parent, const char *text, size_t len);
/* The same for len bytes of a NUL-terminated string (no NUL among them):
 * not looked through for one, as each text of a chapter was. */
void dom_text_str(struct dom_node *parent, const char *text, size_t len);

/* The calls above with NUL-terminated strings.  Inline, so that the
 * lengths of the literal names, classes and texts most calls pass are
 * counted by the compiler, not by strlen() on every element. */
static inline struct dom_node *dom_elem(struct dom_node *parent, const char *tag)
{
	return dom_elem_n(parent, tag, strlen(tag));
}

static inline void dom_attr(struct dom_node *n, const char *name, const char *value)
{
	dom_attr_n(n, name, strlen(name), value, value ? strlen(value) : 0);
}

/* Appends and returns element tag with attribute class set (NULL: none). */
static inline struct dom_node *dom_elem_class(struct dom_node *parent, const char *tag,
					      const char *cls)
{
	struct dom_node *n = dom_elem(parent, tag);
	if (cls)
		dom_attr(n, "class", cls);
	return n;
}

static inline void dom_texts(struct dom_node *parent, const char *text)
{
	dom_text_str(parent, text, strlen(text));
}

/* Returns a deep copy of n, detached (the caller owns it). */
struct dom_node *dom_copy(struct dom_node *n);
/* Appends the detached node child under parent (which then owns it). */
void dom_adopt(struct dom_node *parent, struct dom_node *child);
/* Moves every child of from to the end of to. */
void dom_move_children(struct dom_node *from, struct dom_node *to);
/* Returns the element n is in, or NULL. */
struct dom_node *dom_parent(struct dom_node *n);
/* Returns the element's tag name. */
const char *dom_name(struct dom_node *n);
/* Returns the first child / next sibling element, or NULL. */
struct dom_node *dom_first_element(struct dom_node *n);
struct dom_node *dom_next_element(struct dom_node *n);
/* Returns 1 if the element has no children at all. */
int dom_is_empty(struct dom_node *n);
/* Calls fn for every element under root (document order, root included). */
void dom_visit(struct dom_node *root, void (*fn)(void *ctx, struct dom_node *n), void *ctx);
/* dom_visit() for the link stage: calls fn only for the elements that were
 * given an id, href, src, action or data-src attribute (one may have been
 * removed or changed since), in document order, and passes over the rest. */
void dom_visit_linking(struct dom_node *root, void (*fn)(void *ctx, struct dom_node *n), void *ctx);
/* What dom_prune()'s function says of an element. */
enum dom_prune_do { DOM_KEEP, DOM_DROP, DOM_UNWRAP };
/* Walks the elements under root in document order (root itself is kept):
 * one fn says DOM_DROP of goes with its subtree, one it says DOM_UNWRAP
 * of is replaced by its children, which are walked next. */
void dom_prune(struct dom_node *root, enum dom_prune_do (*fn)(void *ctx, struct dom_node *n), void *ctx);
/* Appends the text content of n (all descendants) to out. */
void dom_text_content(struct dom_node *n, struct buf *out);
/* Makes the tree at root say its labels in one language, keep ("en" or
 * "zh"): an element in the other language goes when a sibling says the
 * same in keep or text " / …" follows it ("<span lang=zh-Hans>搜索</span>
 * / Search"), the language switch (class lang-switch) goes, and
 * aria-label, placeholder and title "中文 / English" keep their English
 * part.  For a book in one language (site/page.c). */
void dom_one_language(struct dom_node *root, const char *keep);

/*
 * Rewrites text: calls fn for every text node under root, in document
 * order, except those inside an element whose name is in skip (a
 * NULL-terminated list, e.g. "code", "svg").  fn gets the text, the
 * element it is in and an empty element, out; when it returns 1 the children it appended under out
 * take the text node's place, when 0 the text stays.  Nodes fn makes are
 * not visited again.  Iterative: depth is bounded by memory, not the stack.
 * The text fn gets (len bytes and a NUL) may be read sixteen bytes at a
 * time: the 16 bytes from any of its bytes are readable (DOM_TEXT_OVERREAD),
 * those past its end anything.
 */
#define DOM_TEXT_OVERREAD 16
typedef int dom_text_fn(void *ctx, const char *text, size_t len, struct dom_node *parent,
			struct dom_node *out);
void dom_rewrite_text(struct dom_node *root, const char *const *skip, dom_text_fn *fn, void *ctx);

/* Parses a template (HTML5).  Returns NULL after reporting at path. */
struct dom_template *dom_template_parse(const char *text, size_t len, const char *path);
void dom_template_free(struct dom_template *t);
/* A data-slot element of a template: its slot name and its line. */
struct dom_slot {
	const char *name;   /* owned by the template */
	int line;
};

/* Returns the template's data-slot elements in document order (owned by the
 * template); *n gets their count.  A page fills each of them. */
const struct dom_slot *dom_template_slots(const struct dom_template *t, size_t *n);

/* Returns the ids the template uses (malloc'd array of strings owned by the
 * template; free() the array only); *n gets their count. */
const char **dom_template_ids(const struct dom_template *t, size_t *n);
/* Appends n and its descendants as HTML to out (for tests and snippets). */
void dom_node_serialize(struct dom_node *n, struct buf *out);

/* Returns a new page: a copy of the template. */
struct dom_page *dom_page_new(const struct dom_template *t);
void dom_page_free(struct dom_page *p);
/* Moves the children of content into the slot (replacing what it held) and
 * frees content.  A page without that slot just frees content. */
void dom_page_fill(struct dom_page *p, const char *slot, struct dom_node *content);
void dom_page_fill_text(struct dom_page *p, const char *slot, const char *text);
/* Returns the page's <html> element. */
struct dom_node *dom_page_root(struct dom_page *p);
/* Removes every data-slot attribute (after filling). */
void dom_page_finish(struct dom_page *p);
/* Appends the page as HTML5 (<!DOCTYPE html>, UTF-8) to out. */
void dom_page_serialize(struct dom_page *p, struct buf *out);
/* dom_rewrite_text(dom_page_root(p), skip, fn, ctx), then
 * dom_page_serialize(p, out), in one walk: out is the rewritten page's
 * HTML.  fn gets only the texts holding one of wake's bytes (one or two,
 * NUL-terminated; fn must leave the others as they are).  The tree is not
 * rewritten (what fn makes stays in the page's store, out of the tree):
 * serialize it no more, free it. */
void dom_page_serialize_rewriting(struct dom_page *p, struct buf *out, const char *const *skip,
				  const char *wake, dom_text_fn *fn, void *ctx);

#endif
