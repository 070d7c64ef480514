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

static void serialize(xmlNodePtr n, struct buf *out, int raw);

void dom_node_serialize(struct dom_node *n, struct buf *out)
{
	xmlNodePtr next = NODE(n)->next;
	NODE(n)->next = NULL;   /* n alone, not its following siblings */
	serialize(NODE(n), out, 0);
	NODE(n)->next = next;
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

/*
 * Moves the children of from to the end of to by relinking them, as
 * xmlAddChild() would but without its xmlSetTreeDoc() walk: a fragment's
 * nodes were made without a document and keep it NULL inside the page.
 * Nothing here reads a node's document (the serializer is ours; libxml2
 * uses it only to intern strings and to register ids, and a page needs
 * neither), and freeing copes with both.  The walk touched every node of
 * every chapter (4.5% of a 1000-chapter build).  Adjacent text nodes are
 * merged as xmlAddChild() merges them.
 */
static void splice_children(xmlNodePtr from, xmlNodePtr to)
{
	xmlNodePtr c = from->children;
	from->children = from->last = NULL;
	while (c) {
		xmlNodePtr next = c->next;
		c->prev = c->next = NULL;
		if (c->type == XML_TEXT_NODE && to->last && to->last->type == XML_TEXT_NODE &&
		    to->last->name == c->name) {
			xmlNodeAddContent(to->last, c->content);
			xmlFreeNode(c);
		} else {
			c->parent = to;
			if (to->last) {
				to->last->next = c;
				c->prev = to->last;
			} else {
				to->children = c;
			}
			to->last = c;
		}
		c = next;
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
		splice_children(NODE(content), target);
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

/* ---- serialization ----
 *
 * A small HTML5 serializer of our own: libxml2's HTML one looks every
 * element up in a table of HTML 4 names (a quarter of a build's time) and
 * percent-encodes non-ASCII characters in links.  Ours writes void
 * elements without end tags, boolean attributes bare, script and style
 * content as it is, and escapes & < > in text and & < > " in attributes. */

/* Returns 1 for the void elements.  Switched on the first letter: a
 * thirteen-strcmp() scan per element was most of the 1.3% of a
 * 1000-chapter build that the serializer spent in strcmp(). */
static int is_void(const char *name)
{
	switch (name[0]) {
	case 'a': return !strcmp(name, "area");
	case 'b': return !strcmp(name, "base") || !strcmp(name, "br");
	case 'c': return !strcmp(name, "col");
	case 'e': return !strcmp(name, "embed");
	case 'h': return !strcmp(name, "hr");
	case 'i': return !strcmp(name, "img") || !strcmp(name, "input");
	case 'l': return !strcmp(name, "link");
	case 'm': return !strcmp(name, "meta");
	case 's': return !strcmp(name, "source");
	case 't': return !strcmp(name, "track");
	case 'w': return !strcmp(name, "wbr");
	default: return 0;
	}
}

static void escape(struct buf *out, const char *s, int attr)
{
	const char *run = s;
	for (; *s; s++) {
		const char *rep = NULL;
		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = attr ? "&quot;" : NULL; break;
		case '\xc2':
			/* a no-break space stays visible as what it is */
			if ((unsigned char)s[1] == 0xa0) {
				buf_add(out, run, (size_t)(s - run));
				buf_adds(out, "&nbsp;");
				s++;
				run = s + 1;
			}
			continue;
		default: continue;
		}
		if (!rep)
			continue;
		buf_add(out, run, (size_t)(s - run));
		buf_adds(out, rep);
		run = s + 1;
	}
	buf_add(out, run, (size_t)(s - run));
}

static void serialize(xmlNodePtr n, struct buf *out, int raw)
{
	for (; n; n = n->next) {
		switch (n->type) {
		case XML_ELEMENT_NODE: {
			const char *name = (const char *)n->name;
			buf_addch(out, '<');
			buf_adds(out, name);
			for (xmlAttrPtr a = n->properties; a; a = a->next) {
				buf_addch(out, ' ');
				buf_adds(out, (const char *)a->name);
				const char *v = a->children && a->children->content
					? (const char *)a->children->content : NULL;
				if (!v || (!a->children->next && !strcmp(v, (const char *)a->name)))
					continue;   /* a boolean attribute: defer, hidden */
				buf_adds(out, "=\"");
				for (xmlNodePtr t = a->children; t; t = t->next)
					if (t->content)
						escape(out, (const char *)t->content, 1);
				buf_addch(out, '"');
			}
			buf_addch(out, '>');
			if (is_void(name))
				break;
			serialize(n->children, out,
				  name[0] == 's' && (!strcmp(name, "script") || !strcmp(name, "style")));
			buf_adds(out, "</");
			buf_adds(out, name);
			buf_addch(out, '>');
			break;
		}
		case XML_TEXT_NODE:
		case XML_CDATA_SECTION_NODE:
			if (n->content) {
				if (raw)
					buf_adds(out, (const char *)n->content);
				else
					escape(out, (const char *)n->content, 0);
			}
			break;
		case XML_COMMENT_NODE:
			buf_adds(out, "<!--");
			if (n->content)
				buf_adds(out, (const char *)n->content);
			buf_adds(out, "-->");
			break;
		default:
			break;   /* DTD, entity declarations: the page writes its own doctype */
		}
	}
}

void dom_page_serialize(struct dom_page *p, struct buf *out)
{
	buf_adds(out, "<!DOCTYPE html>\n");
	xmlNodePtr root = xmlDocGetRootElement(p->doc);
	xmlNodePtr next = root->next;
	root->next = NULL;   /* the root alone */
	serialize(root, out, 0);
	root->next = next;
	buf_addch(out, '\n');
}
