/*
 * svg.c — the check of an SVG image of content/ (svg.h says what passes).
 *
 * libxml2's XML parser reads the file as a browser's XML parser would
 * (no recovery from errors, no network, no entity substitution, no DTD
 * loaded); the tree is then walked without recursion (its depth is
 * libxml2's, up to 256 levels) and the first active part found is
 * reported.  The check refuses; it never rewrites the file.
 */
#include "site/svg.h"
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

/* Returns whether CSS text (a style element's, a style or presentation
 * attribute's) loads anything outside the file: an @import, or a url()
 * that is not a fragment or a raster data: URL. */
static int css_refers_outside(const char *css)
{
	for (const char *p = css; *p; p++) {
		if (*p == '@' && !strncasecmp(p + 1, "import", 6))
			return 1;
		if (!strncasecmp(p, "url(", 4)) {
			const char *u = p + 4;
			u += strspn(u, " \t\r\n\"'");
			if (!url_is_inside(u))
				return 1;
		}
	}
	return 0;
}

/* The text of node's children (a style element's), malloc'd. */
static char *text_of(xmlNodePtr node)
{
	xmlChar *t = xmlNodeGetContent(node);
	return (char *)t;
}

static void refuse(const char *shown, long line, const char *hint, const char *what, const char *name)
{
	diag_report(DIAG_ERROR, (struct srcloc){ shown, line > 0 ? (int)line : 0, 0 }, 0, hint,
		    "SVG image with %s%s%s%s: not published", what, name ? " '" : "",
		    name ? name : "", name ? "'" : "");
}

static const char hint_remove[] = "hint: remove it (a script or handler in an image runs as the "
				  "site itself when the file is opened on its own)";
static const char hint_outside[] = "hint: put what it shows in the file itself, or point to "
				   "\"#an-id\" of the file";

/* Returns 0 if element el and its attributes hold nothing active, or -1
 * after reporting the first thing that does. */
static int check_element(const char *shown, xmlNodePtr el)
{
	const char *name = (const char *)el->name;
	long line = xmlGetLineNo(el);
	const char *ns = el->ns && el->ns->href ? (const char *)el->ns->href : "";
	if (!strcasecmp(name, "script")) {
		refuse(shown, line, hint_remove, "a script element", NULL);
		return -1;
	}
	if (!strcmp(ns, XHTML_NS)) {
		refuse(shown, line, hint_remove, "an HTML element", name);
		return -1;
	}
	if (!strcasecmp(name, "foreignObject")) {
		refuse(shown, line, hint_remove, "a foreignObject element (HTML inside the image)", NULL);
		return -1;
	}
	if (!strcasecmp(name, "style")) {
		char *css = text_of(el);
		int bad = css && css_refers_outside(css);
		xmlFree(css);
		if (bad) {
			refuse(shown, line, hint_outside, "a style element that loads another file", NULL);
			return -1;
		}
	}
	int animation = is_animation(name);
	for (xmlAttrPtr at = el->properties; at; at = at->next) {
		const char *an = (const char *)at->name;
		xmlChar *value = xmlNodeListGetString(el->doc, at->children, 1);
		const char *v = value ? (const char *)value : "";
		int bad = 0;
		if (!strncasecmp(an, "on", 2)) {
			refuse(shown, line, hint_remove, "an event handler", an);
			bad = 1;
		} else if (!strcasecmp(an, "href") || !strcasecmp(an, "src")) {
			if (!url_is_inside(v)) {
				refuse(shown, line, hint_outside, "a reference outside the file", v);
				bad = 1;
			}
		} else if (animation && !strcasecmp(an, "attributeName")) {
			const char *target = strchr(v, ':') ? strchr(v, ':') + 1 : v;
			if (!strcasecmp(target, "href") || !strncasecmp(target, "on", 2)) {
				refuse(shown, line, hint_remove, "an animation that sets", v);
				bad = 1;
			}
		} else if (css_refers_outside(v)) {
			refuse(shown, line, hint_outside, "a url() outside the file in attribute", an);
			bad = 1;
		}
		xmlFree(value);
		if (bad)
			return -1;
	}
	return 0;
}

int svg_check(const char *shown, const char *data, size_t len)
{
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
		if (n->type == XML_ELEMENT_NODE && check_element(shown, n)) {
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
	xmlFreeDoc(doc);
	return rc;
}
