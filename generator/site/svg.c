/*
 * svg.c — the check of an SVG image of content/ (svg.h says what passes).
 *
 * libxml2's XML parser reads the file as a browser's XML parser would
 * (no recovery from errors, no network, no entity substitution, no DTD
 * loaded); the tree is then walked without recursion (its depth is
 * libxml2's, up to 256 levels) and the first active part found is
 * reported.  What is passive but points outside the file (a font's
 * @import, an external image or paint) is taken out instead, and the tree
 * written again: in an <img>, as GitHub shows it, such a reference loads
 * nothing either, and opened on its own the file must load nothing.
 */
#include "site/svg.h"
#include "core/arena.h"
#include "core/buffer.h"
#include "core/diag.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <string.h>
#include <strings.h>

#define XHTML_NS "http://www.w3.org/1999/xhtml"

/* The SVG elements that change an attribute over time: one that sets an
 * href or a handler makes a link or a script of the file. */
static const char *const animation_elements[] = { "set", "animate", "animateTransform",
						  "animateMotion", "animateColor" };

static int is_animation(const char *name)
{
	for (size_t i = 0; i < sizeof animation_elements / sizeof *animation_elements; i++)
		if (!strcmp(name, animation_elements[i]))
			return 1;
	return 0;
}

/* Returns whether url points inside the file ("#id", "  #id") or is a
 * raster image given in place (data:image/png and the like; not an SVG,
 * which would be checked by no one). */
static int url_is_inside(const char *url)
{
	url += strspn(url, " \t\r\n");
	if (*url == '#')
		return 1;
	static const char *const raster[] = { "data:image/png", "data:image/jpeg", "data:image/gif",
					      "data:image/webp" };
	for (size_t i = 0; i < sizeof raster / sizeof *raster; i++)
		if (!strncasecmp(url, raster[i], strlen(raster[i])))
			return 1;
	return 0;
}

/* Returns whether url, outside the file, would run something when
 * followed: a javascript: or vbscript: URL, or data: that is not a
 * raster image (an HTML or SVG document).  Browsers skip tabs and line
 * breaks inside a scheme, so they are skipped here too. */
static int url_is_active(const char *url)
{
	char scheme[16];
	size_t n = 0;
	url += strspn(url, " \t\r\n\f");
	for (; *url && *url != ':' && n + 1 < sizeof scheme; url++)
		if (!strchr("\t\r\n", *url))
			scheme[n++] = (char)*url;
	scheme[n] = 0;
	if (*url != ':')
		return 0;
	return !strcasecmp(scheme, "javascript") || !strcasecmp(scheme, "vbscript") ||
	       !strcasecmp(scheme, "data");
}

/* CSS text (a style element's, a style or presentation attribute's)
 * with what loads anything outside the file taken out: each @import rule
 * (to its ';') dropped, each url() that is not a fragment or a raster
 * data: URL written none (one left open, to the text's end, as a browser
 * reads it).  Returns a malloc'd string, or NULL when nothing points
 * outside (the text is kept as it is). */
static char *css_without_outside(const char *css)
{
	struct buf b = BUF_INIT;
	int changed = 0;
	for (const char *p = css; *p;) {
		if (*p == '@' && !strncasecmp(p + 1, "import", 6)) {
			const char *end = strchr(p, ';');
			p = end ? end + 1 : p + strlen(p);
			changed = 1;
			continue;
		}
		if (!strncasecmp(p, "url(", 4)) {
			const char *u = p + 4;
			u += strspn(u, " \t\r\n\"'");
			if (!url_is_inside(u)) {
				const char *close = strchr(p, ')');
				buf_adds(&b, "none");
				p = close ? close + 1 : p + strlen(p);
				changed = 1;
				continue;
			}
		}
		buf_addch(&b, *p++);
	}
	if (!changed) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

/* The text of node's children (a style element's), malloc'd. */
static char *text_of(xmlNodePtr node)
{
	xmlChar *t = xmlNodeGetContent(node);
	return (char *)t;
}

/* Reports what keeps the file from being published: a warning, as for
 * a page or a script beside the chapters (the rest of the book builds; a
 * chapter that shows the image fails at its link). */
static void refuse(const char *shown, long line, const char *hint, const char *what, const char *name)
{
	diag_report(DIAG_WARNING, (struct srcloc){ shown, line > 0 ? (int)line : 0, 0 }, 0, hint,
		    "SVG image with %s%s%s%s: not published", what, name ? " '" : "",
		    name ? name : "", name ? "'" : "");
}

static const char hint_remove[] = "hint: remove it (a script or handler in an image runs as the "
				  "site itself when the file is opened on its own)";

/* The XHTML elements an SVG's foreignObject may hold: text and its
 * layout, as diagram editors write labels (draw.io's <div>s).  Anything
 * else of XHTML (script, iframe, object, form, link, meta, base…) is
 * refused. */
static const char *const passive_html[] = {
	"div", "span", "p", "br", "b", "i", "u", "s", "strong", "em", "font", "sub", "sup", "small",
	"big", "code", "pre", "ul", "ol", "li", "table", "thead", "tbody", "tfoot", "tr", "td", "th",
	"hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "img", "a", "style", "strike", "tt",
	"label", "center", "caption", "col", "colgroup", "dl", "dt", "dd", "abbr", "mark", "q",
};

static int is_passive_html(const char *name)
{
	for (size_t i = 0; i < sizeof passive_html / sizeof *passive_html; i++)
		if (!strcasecmp(name, passive_html[i]))
			return 1;
	return 0;
}

/* What the walk took out of the file so far. */
struct svg_walk {
	const char *shown;
	int removed;        /* references outside the file taken out */
	long first_line;    /* the line of the first */
};

static void took_out(struct svg_walk *w, long line)
{
	if (!w->removed++)
		w->first_line = line;
}

/* Returns 0 if element el and its attributes hold nothing active (what
 * points outside the file is taken out, counted in w), or -1 after
 * reporting the first thing that is active. */
static int check_element(struct svg_walk *w, xmlNodePtr el)
{
	const char *shown = w->shown;
	const char *name = (const char *)el->name;
	long line = xmlGetLineNo(el);
	const char *ns = el->ns && el->ns->href ? (const char *)el->ns->href : "";
	if (!strcasecmp(name, "script")) {
		refuse(shown, line, hint_remove, "a script element", NULL);
		return -1;
	}
	if (!strcmp(ns, XHTML_NS) && !is_passive_html(name)) {
		refuse(shown, line, hint_remove, "an HTML element", name);
		return -1;
	}
	if (!strcasecmp(name, "style")) {
		char *css = text_of(el);
		char *kept = css ? css_without_outside(css) : NULL;
		if (kept) {
			xmlNodeSetContent(el, NULL);
			xmlAddChild(el, xmlNewDocText(el->doc, (const xmlChar *)kept));
			free(kept);
			took_out(w, line);
		}
		xmlFree(css);
	}
	int animation = is_animation(name);
	for (xmlAttrPtr at = el->properties, next; at; at = next) {
		next = at->next;
		const char *an = (const char *)at->name;
		xmlChar *value = xmlNodeListGetString(el->doc, at->children, 1);
		const char *v = value ? (const char *)value : "";
		int bad = 0;
		if (!strncasecmp(an, "on", 2)) {
			refuse(shown, line, hint_remove, "an event handler", an);
			bad = 1;
		} else if (!strcasecmp(an, "href") || !strcasecmp(an, "src")) {
			if (url_is_inside(v)) {
				/* kept */
			} else if (url_is_active(v)) {
				refuse(shown, line, hint_remove, "a link that runs a script", v);
				bad = 1;
			} else {
				xmlRemoveProp(at);
				took_out(w, line);
			}
		} else if (animation && !strcasecmp(an, "attributeName")) {
			const char *target = strchr(v, ':') ? strchr(v, ':') + 1 : v;
			if (!strcasecmp(target, "href") || !strncasecmp(target, "on", 2)) {
				refuse(shown, line, hint_remove, "an animation that sets", v);
				bad = 1;
			}
		} else {
			char *kept = css_without_outside(v);
			if (kept) {
				xmlSetNsProp(el, at->ns, at->name, (const xmlChar *)kept);
				free(kept);
				took_out(w, line);
			}
		}
		xmlFree(value);
		if (bad)
			return -1;
	}
	return 0;
}

/* The document written again after the walk took something out: the
 * bytes published, in a, or NULL (reported) when libxml2 cannot. */
static char *write_again(struct arena *a, xmlDocPtr doc, size_t *len)
{
	xmlChar *mem = NULL;
	int n = 0;
	xmlDocDumpMemoryEnc(doc, &mem, &n, "UTF-8");
	if (!mem || n <= 0) {
		xmlFree(mem);
		return NULL;
	}
	char *out = arena_alloc(a, (size_t)n + 1);
	memcpy(out, mem, (size_t)n);
	out[n] = 0;
	*len = (size_t)n;
	xmlFree(mem);
	return out;
}

int svg_check(struct arena *a, const char *shown, const char *data, size_t len, char **out,
	      size_t *outlen)
{
	struct svg_walk w = { shown, 0, 0 };
	*out = NULL;
	if (len > (size_t)0x7fffffff) {
		refuse(shown, 0, "hint: make the image smaller", "more than 2 GB", NULL);
		return -1;
	}
	xmlDocPtr doc = xmlReadMemory(data, (int)len, shown, NULL,
				      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (!doc) {
		const xmlError *e = xmlGetLastError();
		refuse(shown, e ? e->line : 0, "hint: a browser reads an SVG file as XML: fix it so "
		       "that it is well-formed (an editor's \"save as plain SVG\" does)",
		       "XML that is not well-formed", NULL);
		return -1;
	}
	int rc = 0;
	if (doc->intSubset && doc->intSubset->children) {
		refuse(shown, xmlGetLineNo((xmlNodePtr)doc->intSubset),
		       "hint: remove the <!DOCTYPE …[ … ]> declarations (an editor's \"save as plain "
		       "SVG\" does)", "declarations in its DOCTYPE (entities)", NULL);
		rc = -1;
	}
	/* a walk in document order: first child, else next sibling, else up */
	for (xmlNodePtr n = doc->children; n && !rc;) {
		if (n->type == XML_PI_NODE) {
			refuse(shown, xmlGetLineNo(n), "hint: remove it (an xml-stylesheet can run a "
			       "script)", "a processing instruction", (const char *)n->name);
			rc = -1;
			break;
		}
		if (n->type == XML_ENTITY_REF_NODE) {
			refuse(shown, xmlGetLineNo(n), "hint: write the text itself",
			       "an entity reference", (const char *)n->name);
			rc = -1;
			break;
		}
		if (n->type == XML_ELEMENT_NODE && check_element(&w, n)) {
			rc = -1;
			break;
		}
		if (n->type == XML_ELEMENT_NODE && n->children) {
			n = n->children;
			continue;
		}
		while (n && !n->next)
			n = n->parent && n->parent->type != XML_DOCUMENT_NODE ? n->parent : NULL;
		if (n)
			n = n->next;
	}
	if (!rc && w.removed) {
		*out = write_again(a, doc, outlen);
		if (!*out) {
			refuse(shown, 0, "hint: save it again as plain SVG", "a tree libxml2 could not write", NULL);
			rc = -1;
		} else {
			diag_report(DIAG_NOTE, (struct srcloc){ shown, w.first_line > 0 ? (int)w.first_line : 0, 0 },
				    0, "hint: nothing to do; to keep what it loads, put it in the file itself",
				    "%d reference%s outside the image taken out (a font's @import, an external "
				    "image or link): as an <img>, as GitHub shows it, it loads nothing outside "
				    "itself either", w.removed, w.removed == 1 ? "" : "s");
		}
	}
	xmlFreeDoc(doc);
	return rc;
}
