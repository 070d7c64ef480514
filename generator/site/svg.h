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
 * this check did not look), and no link that runs a script (javascript:,
 * data: other than a raster image).  A reference outside the file (an
 * href or url() other than "#fragment" or a raster data: URL) is taken
 * out, and the file published without it.  In a foreignObject, the XHTML
 * of diagram labels (div, span, br, font…) passes; other XHTML does not.  The check is
 * one of the libxml2 wrappers (with render/dom.c and render/rawhtml.c).
 */
#ifndef SPECBOOK_SVG_H
#define SPECBOOK_SVG_H

#include <stddef.h>

struct arena;

/*
 * Returns 0 if the SVG document data (len bytes, the file shown as shown
 * in diagnostics, "content/img/a.svg") may be published, or -1 after
 * a warning, at the line of the first thing refused, of what it is and
 * what to do (the file is then not published; the build goes on).  *out is NULL when it is published as it is; else what pointed
 * outside the file was taken out (a note says so), and *out (in a,
 * *outlen bytes) is what to publish.
 */
int svg_check(struct arena *a, const char *shown, const char *data, size_t len, char **out,
	      size_t *outlen);

#endif
