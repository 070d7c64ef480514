/*
 * vendor.h — the browser libraries a site borrows from the system: KaTeX
 * (Debian's libjs-katex, with fonts-katex) to typeset formulas and
 * highlight.js (libjs-highlight.js) to colour code blocks.
 *
 * Neither is required.  When a library is installed, its files are copied
 * into the site's assets (assets/katex/, assets/highlight/) and the pages
 * that need it (a formula, a code block with a language) load it with the
 * small script of ours beside it (assets/math.js, assets/code.js); when it
 * is not, the pages show the TeX source and plain code, as they do without
 * JavaScript.  The libraries are looked for under $SPECBOOK_JS_DIR, else
 * /usr/share/javascript (where Debian puts them).
 */
#ifndef SPECBOOK_VENDOR_H
#define SPECBOOK_VENDOR_H

#include "site/site.h"

enum {
	VENDOR_MATH = 1,   /* KaTeX */
	VENDOR_CODE = 2,   /* highlight.js */
};

/* Returns the VENDOR_* bits of the libraries installed.  Looks on disk:
 * call it once per build (build_site() keeps it in s->vendor). */
int vendor_present(void);

/* Adds the files of the libraries in s->vendor to the site's files. */
void vendor_add_files(struct site *s);

/* Adds to the <head> of dom what loads the libraries among need (VENDOR_*
 * bits) that the site has.  Links are written from the
 * site's root, as the template's are, and made relative by the link stage. */
void vendor_head(const struct site *s, struct dom_page *dom, int need);

#endif
