/*
 * dom.c — the DOM module: libxml2 trees behind dom.h.
 *
 * Templates are parsed once with libxml2's HTML parser; every page is a
 * copy (xmlCopyDoc), filled by moving fragments into its data-slot
 * elements.  Pages are serialized with the HTML serializer (void elements
 * without end tags, script and div with them) in UTF-8 without character
 * references, after a fixed "<!DOCTYPE html>".
 */
#include "dom.h"
#include "alloc.h"
#include "diag.h"

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>
#include <stdlib.h>
#include <string.h>

struct dom_template {
	htmlDocPtr doc;
};

/* Slots are found once per page, before anything fills them: searching
 * after the content is in would walk the whole chapter for every slot. */
#define DOM_MAX_SLOTS 16

struct dom_page {
	htmlDocPtr doc;
	const char *slot_names[DOM_MAX_SLOTS];   /* owned by the page's attributes */
	xmlNodePtr slots[DOM_MAX_SLOTS];
	int nslots;
};

#define NODE(n) ((xmlNodePtr)(n))
#define DNODE(n) ((struct dom_node *)(n))

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

struct dom_node *dom_fragment(void)
{
	return DNODE(xmlNewNode(NULL, BAD_CAST "div"));
}

void dom_free(struct dom_node *n)
{
	if (n) {
		xmlUnlinkNode(NODE(n));
		xmlFreeNode(NODE(n));
	}
}

struct dom_node *dom_elem(struct dom_node *parent, const char *tag)
{
	xmlNodePtr n = xmlNewNode(NULL, BAD_CAST tag);
	if (parent)
		xmlAddChild(NODE(parent), n);
	return DNODE(n);
}

struct dom_node *dom_elem_ns(struct dom_node *parent, const char *tag)
{
	return dom_elem(parent, tag);
}

struct dom_node *dom_elem_class(struct dom_node *parent, const char *tag, const char *cls)
{
	struct dom_node *n = dom_elem(parent, tag);
	if (cls)
		dom_attr(n, "class", cls);
	return n;
}

void dom_attr(struct dom_node *n, const char *name, const char *value)
{
	xmlSetProp(NODE(n), BAD_CAST name, BAD_CAST value);
}

void dom_remove_attr(struct dom_node *n, const char *name)
{
	xmlAttrPtr a = xmlHasProp(NODE(n), BAD_CAST name);
	if (a)
		xmlRemoveProp(a);
}

const char *dom_get_attr(struct dom_node *n, const char *name)
{
	xmlAttrPtr a = xmlHasProp(NODE(n), BAD_CAST name);
	if (!a || !a->children)
		return a ? "" : NULL;
	return (const char *)a->children->content;
}

void dom_text(struct dom_node *parent, const char *text, size_t len)
{
	if (!len)
		return;
	xmlNodePtr last = NODE(parent)->last;
	if (last && last->type == XML_TEXT_NODE) {
		xmlTextConcat(last, BAD_CAST text, (int)len);
		return;
	}
	xmlAddChild(NODE(parent), xmlNewTextLen(BAD_CAST text, (int)len));
}

void dom_texts(struct dom_node *parent, const char *text)
{
	dom_text(parent, text, strlen(text));
}

struct dom_node *dom_copy(struct dom_node *n)
{
	return DNODE(xmlCopyNode(NODE(n), 1));
}

void dom_adopt(struct dom_node *parent, struct dom_node *child)
{
	xmlUnlinkNode(NODE(child));
	xmlAddChild(NODE(parent), NODE(child));
}

void dom_move_children(struct dom_node *from, struct dom_node *to)
{
	xmlNodePtr c = NODE(from)->children;
	while (c) {
		xmlNodePtr next = c->next;
		xmlUnlinkNode(c);
		xmlAddChild(NODE(to), c);   /* may merge adjacent text nodes */
		c = next;
	}
}

const char *dom_name(struct dom_node *n)
{
	return (const char *)NODE(n)->name;
}

struct dom_node *dom_first_element(struct dom_node *n)
{
	for (xmlNodePtr c = NODE(n)->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE)
			return DNODE(c);
	return NULL;
}

struct dom_node *dom_next_element(struct dom_node *n)
{
	for (xmlNodePtr c = NODE(n)->next; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE)
			return DNODE(c);
	return NULL;
}

int dom_is_empty(struct dom_node *n)
{
	return NODE(n)->children == NULL;
}

void dom_visit(struct dom_node *root, void (*fn)(void *ctx, struct dom_node *n), void *ctx)
{
	/* iterative pre-order walk: depth is bounded by memory, not the stack */
	xmlNodePtr top = NODE(root), n = top;
	while (n) {
		if (n->type == XML_ELEMENT_NODE)
			fn(ctx, DNODE(n));
		if (n->children && n->type == XML_ELEMENT_NODE) {
			n = n->children;
			continue;
		}
		while (n != top && !n->next)
			n = n->parent;
		if (n == top)
			break;
		n = n->next;
	}
}

void dom_text_content(struct dom_node *n, struct buf *out)
{
	xmlChar *s = xmlNodeGetContent(NODE(n));
	if (s) {
		buf_adds(out, (const char *)s);
		xmlFree(s);
	}
}

static xmlNodePtr find_slot(xmlNodePtr n, const char *slot)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		xmlChar *v = xmlGetProp(n, BAD_CAST "data-slot");
		int hit = v && !strcmp((const char *)v, slot);
		xmlFree(v);
		if (hit)
			return n;
		xmlNodePtr found = find_slot(n->children, slot);
		if (found)
			return found;
	}
	return NULL;
}

struct dom_template *dom_template_parse(const char *text, size_t len, const char *path)
{
	htmlDocPtr doc = htmlReadMemory(text, (int)len, path, "UTF-8",
					HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
	if (!doc || !xmlDocGetRootElement(doc)) {
		diag_error((struct srcloc){ path, 0, 0 }, "cannot parse the template as HTML");
		if (doc)
			xmlFreeDoc(doc);
		return NULL;
	}
	struct dom_template *t = xcalloc(1, sizeof *t);
	t->doc = doc;
	return t;
}

void dom_template_free(struct dom_template *t)
{
	if (t) {
		xmlFreeDoc(t->doc);
		free(t);
	}
}

int dom_template_has_slot(const struct dom_template *t, const char *slot)
{
	return find_slot(xmlDocGetRootElement(t->doc), slot) != NULL;
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
	dom_visit(DNODE(xmlDocGetRootElement(t->doc)), collect_ids, &ids);
	*n = ids.n;
	return ids.ids;
}

void dom_node_serialize(struct dom_node *n, struct buf *out)
{
	/* a detached node is dumped through a UTF-8 document, so that text is
	 * written as characters rather than character references */
	xmlDocPtr doc = NODE(n)->doc, tmp = NULL;
	if (!doc) {
		tmp = htmlNewDocNoDtD(NULL, NULL);
		tmp->encoding = xmlStrdup(BAD_CAST "UTF-8");
		xmlSetTreeDoc(NODE(n), tmp);
	}
	xmlOutputBufferPtr ob = xmlAllocOutputBuffer(NULL);
	htmlNodeDumpFormatOutput(ob, NODE(n)->doc, NODE(n), "UTF-8", 0);
	if (tmp) {
		xmlSetTreeDoc(NODE(n), NULL);
		xmlFreeDoc(tmp);
	}
	xmlOutputBufferFlush(ob);
	buf_add(out, xmlOutputBufferGetContent(ob), xmlOutputBufferGetSize(ob));
	xmlOutputBufferClose(ob);
}

static void note_slot(void *ctx, struct dom_node *n)
{
	struct dom_page *p = ctx;
	const char *slot = dom_get_attr(n, "data-slot");
	if (slot && p->nslots < DOM_MAX_SLOTS) {
		p->slot_names[p->nslots] = slot;
		p->slots[p->nslots++] = NODE(n);
	}
}

struct dom_page *dom_page_new(const struct dom_template *t)
{
	struct dom_page *p = xcalloc(1, sizeof *p);
	p->doc = xmlCopyDoc(t->doc, 1);
	dom_visit(DNODE(xmlDocGetRootElement(p->doc)), note_slot, p);
	return p;
}

void dom_page_free(struct dom_page *p)
{
	if (p) {
		xmlFreeDoc(p->doc);
		free(p);
	}
}

void dom_page_fill(struct dom_page *p, const char *slot, struct dom_node *content)
{
	xmlNodePtr target = NULL;
	for (int i = 0; i < p->nslots && !target; i++)
		if (!strcmp(p->slot_names[i], slot))
			target = p->slots[i];
	if (target) {
		xmlNodePtr c = target->children;
		while (c) {
			xmlNodePtr next = c->next;
			xmlUnlinkNode(c);
			xmlFreeNode(c);
			c = next;
		}
		xmlNodePtr from = NODE(content);
		c = from->children;
		while (c) {
			xmlNodePtr next = c->next;
			xmlUnlinkNode(c);
			xmlAddChild(target, c);
			c = next;
		}
		xmlSetTreeDoc(target, p->doc);
	}
	dom_free(content);
}

void dom_page_fill_text(struct dom_page *p, const char *slot, const char *text)
{
	struct dom_node *f = dom_fragment();
	dom_texts(f, text);
	dom_page_fill(p, slot, f);
}

struct dom_node *dom_page_root(struct dom_page *p)
{
	return DNODE(xmlDocGetRootElement(p->doc));
}

static void drop_slot(void *ctx, struct dom_node *n)
{
	(void)ctx;
	dom_remove_attr(n, "data-slot");
}

void dom_page_finish(struct dom_page *p)
{
	for (int i = 0; i < p->nslots; i++)
		drop_slot(NULL, DNODE(p->slots[i]));
	p->nslots = 0;   /* the names died with the attributes */
}

void dom_page_serialize(struct dom_page *p, struct buf *out)
{
	xmlOutputBufferPtr ob = xmlAllocOutputBuffer(NULL);
	buf_adds(out, "<!DOCTYPE html>\n");
	htmlNodeDumpFormatOutput(ob, p->doc, xmlDocGetRootElement(p->doc), "UTF-8", 0);
	xmlOutputBufferFlush(ob);
	buf_add(out, xmlOutputBufferGetContent(ob), xmlOutputBufferGetSize(ob));
	buf_addch(out, '\n');
	xmlOutputBufferClose(ob);
}
