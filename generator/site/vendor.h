/*
 * vendor.h — the browser libraries a site borrows from the system: KaTeX
 * (Debian's libjs-katex, with fonts-katex) to typeset formulas and
 * highlight.js (libjs-highlight.js) to colour code blocks.
 *
 * A book that needs neither builds without them.  When a library is
 * installed, its files are copied into the site's assets (assets/katex/,
 * assets/highlight/) and the pages that need it (a formula, a code block
 * with a language) load it with the small script of ours beside it
 * (assets/math.js, assets/code.js); when a page needs one that is not
 * installed, the build fails saying how to install it (vendor_require()),
 * so that the same book never makes a different site on another machine.  The libraries are looked for under $SPECBOOK_JS_DIR, else
 * /usr/share/javascript (where Debian puts them).  highlight.js is cut
 * into its core (assets/highlight/highlight.min.js) and one file a
 * language (assets/highlight/lang/), which code.js loads for the page.
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

/* Reports, as an error at file (a chapter, "content/…"), each library among
 * need (VENDOR_* bits) that is not installed, with how to install it: a
 * page with formulas or highlighted code must not build into a different
 * site on a machine that lacks the library.  Thread-safe (diag). */
void vendor_require(const struct site *s, const char *file, int need);

/* Adds the files of the libraries in s->vendor to the site's files. */
void vendor_add_files(struct site *s);

/* Adds to the <head> of dom what loads the libraries among need (VENDOR_*
 * bits) that the site has.  Links are written from the
 * site's root, as the template's are, and made relative by the link stage. */
void vendor_head(const struct site *s, struct dom_page *dom, int need);

#endif
