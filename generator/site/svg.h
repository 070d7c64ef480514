/*
 * svg.h — an SVG image of content/ checked before it is published.
 *
 * An SVG file is an XML document: opened on its own (a link to it, a
 * "view image"), its scripts and event handlers run with the site's
 * origin, where they could read the reader's study progress and, on a
 * shared origin, every other project's storage.  So an SVG beside the
 * chapters is published only when libxml2 reads it as well-formed XML
 * with nothing active in it: no script (in any namespace), no XHTML
 * element, no foreignObject, no on* handler, no animation that sets a
 * link or a handler, no processing instruction (an xml-stylesheet can
 * run XSLT), no entity declaration (its text would be expanded where
 * this check did not look), and no reference outside the file (an href
 * or url() other than "#fragment" or a raster data: URL).  The check is
 * one of the libxml2 wrappers (with render/dom.c and render/rawhtml.c).
 */
#ifndef SPECBOOK_SVG_H
#define SPECBOOK_SVG_H

#include <stddef.h>

/*
 * Returns 0 if the SVG document data (len bytes, the file shown as shown
 * in diagnostics, "content/img/a.svg") may be published as it is, or -1
 * after reporting, at the line of the first thing refused, what it is and
 * what to do.
 */
int svg_check(const char *shown, const char *data, size_t len);

#endif
