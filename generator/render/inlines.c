/*
 * inlines.c — a block's inline nodes to HTML (see inlines.h): text with
 * its spans, emphasis, code, soft breaks (dropped between CJK characters),
 * and links and images, whose targets are rewritten here: spec: and term:
 * links to their entries, chapter files to their pages, and any scheme a
 * browser would run refused.  With allow_html, raw HTML is kept through
 * rawhtml.c's allowlist.
 */
#include "render/inlines.h"
#include "render/ids.h"
#include "render/rawhtml.h"
#include "render/spans.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/markdown.h"
#include "core/utf8.h"
#include "core/url.h"
#include "core/alloc.h"
#include "book/numbers.h"
#include "book/spec.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A place in a block's lines: where a search through them stopped. */
struct block_hit {
	int line;       /* body line; the block's first when nothing was found */
	int col;        /* 1-based column of the match, 0 when nothing was found */
	cmark_node *block;
};

/* Link targets not found in a block before its later ones are no longer
 * looked for there (they get the block's place): each miss reads the rest
 * of the block, and a line of 30,000 reference links, whose targets are
 * written elsewhere, would read it 30,000 times. */
#define TARGET_MISSES_MAX 8

/* Returns the length of body line l (1-based, at most c->nlines): up to
 * the next line's start, and the last line's measured once per chapter,
 * not once per link or piece searched on it (a line of 20,000 citations
 * was read 20,000 times). */
static size_t line_length(struct ctx *c, int l)
{
	const char *ls = c->lines[l - 1];
	if ((size_t)l < c->nlines)
		return (size_t)(c->lines[l] - 1 - ls);
	if (!c->last_line_len) {
		const char *le = memchr(ls, '\n', (size_t)(c->ch->body + c->ch->body_len - ls));
		c->last_line_len = (le ? (size_t)(le - ls) : strlen(ls)) + 1;
	}
	return c->last_line_len - 1;
}

/* Searches the lines of the block holding n (its nearest ancestor with a
 * source position) for text (tlen bytes), in order; with after_open, only
 * where '(' or '<' stands just before it (a link's destination), and from
 * where the block's previous destination was found (c->target). */
static struct block_hit find_in_lines(struct ctx *c, cmark_node *n, const char *text, size_t tlen,
				      int after_open)
{
	cmark_node *b = n;
	while (b && cmark_node_get_start_line(b) == 0)
		b = cmark_node_parent(b);
	int first = b ? cmark_node_get_start_line(b) : 1;
	int last = b ? cmark_node_get_end_line(b) : first;
	if (first < 1)
		first = 1;
	int from = first;
	size_t at = 0;
	if (after_open) {
		/* the cursor belongs to the block (a link has lines of its own) */
		cmark_node *blk = b;
		while (blk && (cmark_node_get_type(blk) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_INLINE)
			blk = cmark_node_parent(blk);
		if (c->target.block != blk || c->target.line < first)
			c->target = (struct target_search){ blk, first, 0, 1, 0 };
		if (c->target.misses >= TARGET_MISSES_MAX)
			return (struct block_hit){ first, 0, b };
		from = c->target.line;
		at = c->target.at;
	}
	int start_line = from;
	size_t start_at = at;
again:
	for (int l = from; tlen && l <= last && (size_t)l <= c->nlines; l++, at = 0) {
		const char *ls = c->lines[l - 1];
		/* no line is measured again for each destination searched on it */
		size_t llen = line_length(c, l);
		/* after an opener, only the bytes after '(' and '<' are tried,
		 * found by memchr() (paren, angle: where each next one is):
		 * memcmp() at every byte of every line of the block, then a
		 * test of the byte before at every byte, were most of the time
		 * spent on links */
		const char *paren = NULL, *angle = NULL;
		/* kept from the last search on this line, when it began no later:
		 * a line of 20,000 links with no '<' was read to its end for each */
		if (after_open && c->openers.line == ls && c->openers.from <= ls + (at ? at - 1 : 0)) {
			paren = c->openers.paren;
			angle = c->openers.angle;
		}
		for (size_t i = at > (size_t)after_open ? at : (size_t)after_open; i + tlen <= llen; i++) {
			if (after_open) {
				const char *scan = ls + i - 1, *end = ls + llen;
				if (!paren || paren < scan)
					paren = (paren = memchr(scan, '(', (size_t)(end - scan))) ? paren : end;
				if (!angle || angle < scan)
					angle = (angle = memchr(scan, '<', (size_t)(end - scan))) ? angle : end;
				c->openers.line = ls;
				c->openers.from = scan;
				c->openers.paren = paren;
				c->openers.angle = angle;
				i = (size_t)((paren < angle ? paren : angle) - ls) + 1;
				if (i + tlen > llen)
					break;
			}
			if (!memcmp(ls + i, text, tlen)) {
				if (!after_open)
					return (struct block_hit){ l, diag_column(ls, i), b };
				/* the column counted on from the cursor's */
				int col = l == c->target.line && at == c->target.at ?
					c->target.col + diag_column(ls + at, i - at) - 1 :
					diag_column(ls, i);
				c->target.line = l;
				c->target.at = i + tlen;
				c->target.col = col + diag_column(ls + i, tlen) - 1;
				return (struct block_hit){ l, col, b };
			}
		}
	}
	if (after_open && tlen) {
		c->target.misses++;
		/* written before the last one found (an image inside a link, whose
		 * target follows it): from the block's start, as many times */
		if (start_line != first || start_at != 0) {
			if (c->target.misses >= TARGET_MISSES_MAX)
				return (struct block_hit){ first, 0, b };
			c->target = (struct target_search){ c->target.block, first, 0, 1,
							    c->target.misses };
			from = start_line = first;
			at = start_at = 0;
			goto again;
		}
	}
	return (struct block_hit){ first, 0, b };
}

/* Where url was written: the block's line, refined by finding "](url" or "<url". */
static struct srcloc link_loc(struct ctx *c, cmark_node *n, const char *url)
{
	struct block_hit h = find_in_lines(c, n, url, strlen(url), 1);
	if (h.col)
		return chapter_loc(c, h.line, h.col);
	return chapter_loc(c, h.line, spans_column(c, h.line,
						   cmark_node_get_start_column(h.block ? h.block : n)));
}

/* Returns "line:col" for a link's data-src (read back by the link check):
 * one for every link of every page, so not through printf. */
static const char *src_attr(struct ctx *c, struct srcloc loc)
{
	char text[32], *p = text + sizeof text;
	unsigned long n = loc.col > 0 ? (unsigned long)loc.col : 0;
	*--p = '\0';
	do
		*--p = (char)('0' + n % 10);
	while ((n /= 10));
	*--p = ':';
	n = loc.line > 0 ? (unsigned long)loc.line : 0;
	do
		*--p = (char)('0' + n % 10);
	while ((n /= 10));
	return arena_strndup(c->a, p, (size_t)(text + sizeof text - 1 - p));
}

static int has_scheme(const char *url, const char *scheme)
{
	size_t n = strlen(scheme);
	return !strncasecmp(url, scheme, n);
}

/* Returns 1 (and reports it at loc) if a browser would read url as a
 * scheme other than http, https or mailto, or it holds a control
 * character; 0 if it may go into an href or a src. */
static int refused_target(const char *url, struct srcloc loc)
{
	size_t len = strlen(url);
	char scheme[URL_SCHEME_MAX + 1];
	switch (url_judge(url, len)) {
	case URL_CONTROL:
		diag_report(DIAG_ERROR, loc, 1, NULL,
			    "refused link: control character U+%04X in the target (browsers drop or "
			    "hide it); remove it, or the &#...; entity that writes it",
			    (unsigned)(unsigned char)url[url_control_at(url, len)]);
		return 1;
	case URL_BAD_SCHEME:
		url_scheme(url, len, scheme, sizeof scheme);
		/* what a browser would run or read from the reader's disk fails
		 * the build (a hostile book); another scheme (themed-image:,
		 * about:) is dropped with its link, the text kept, as GitHub
		 * drops it.  Either way no href or src is written. */
		if (strcmp(scheme, "javascript") && strcmp(scheme, "vbscript") &&
		    strcmp(scheme, "data") && strcmp(scheme, "file")) {
			diag_report(DIAG_WARNING, loc, 1,
				    "hint: link with http:, https:, mailto: or a relative path",
				    "link with a '%s:' URL dropped, its text kept (as GitHub drops it)",
				    scheme);
			return 1;
		}
		diag_report(DIAG_ERROR, loc, 1, NULL,
			    "refused link: '%s' URLs are not allowed; link with http:, https:, mailto: "
			    "or a relative path", scheme);
		return 1;
	case URL_SAFE:
		break;
	}
	/* "//host/path" (or with a backslash, which browsers read as a slash)
	 * is another host in the page's own scheme: neither a path of the
	 * book the link check could check, nor plainly an outside link */
	if ((url[0] == '/' || url[0] == '\\') && (url[1] == '/' || url[1] == '\\')) {
		diag_report(DIAG_ERROR, loc, 1,
			    "hint: write https://host/… for another site, or a path inside the book",
			    "refused link: '%.2s' starts another host's address (read as file:// "
			    "from a folder)", url);
		return 1;
	}
	return 0;
}

/* A link that climbs out of content/ written as a site's route from a
 * page's own (a Jekyll book's "../transformers" on applied-training.md,
 * for /transformers/): the chapter that route names from content/'s root
 * (transformers.md, or transformers/README.md), else NULL. */
static const struct chapter *route_out_of_content(struct ctx *c, const char *url, size_t flen)
{
	while (flen >= 3 && !memcmp(url, "../", 3)) {
		url += 3;
		flen -= 3;
	}
	while (flen && url[flen - 1] == '/')
		flen--;
	if (!flen || memchr(url, '.', flen) || flen > 512)
		return NULL;
	const struct chapter *ch = book_chapter(c->book, arena_printf(c->a, "%.*s.md", (int)flen, url));
	return ch ? ch : book_chapter(c->book, arena_printf(c->a, "%.*s/README.md", (int)flen, url));
}

/*
 * A relative link, resolved as GitHub resolves it: from the folder of the
 * page it is written in.  A page (.md) becomes its page's path, a folder
 * its README's (or index's); both are then checked by the link stage like
 * any link from the site's root.  Any other file is copied to the same
 * place below the site (book/book.c collects them) and linked from the root
 * too, so that the link stage checks it.  A path that climbs out of
 * content/ is an error.  A path written percent-encoded (第一章%20NLP.md,
 * as GitHub's own links to such files are) names the file it decodes to.
 * Returns the href, or NULL after reporting.
 */
static const char *relative_target(struct ctx *c, const char *from, const char *url,
				   const struct srcloc *loc)
{
	size_t flen = strcspn(url, "?#");
	if (!flen)
		return url;   /* "?q" alone: this page */
	if (memchr(url, '%', flen)) {
		struct buf d = BUF_INIT;
		url_unescape(url, flen, &d);
		if (d.len && strlen(d.data) == d.len) {   /* (no %00) */
			url = arena_cat(c->a, d.data, url + flen, (char *)NULL);
			flen = d.len;
		}
		buf_release(&d);
	}
	const char *hash = strchr(url, '#');
	int is_md = flen > 3 && !memcmp(url + flen - 3, ".md", 3);
	char *path = book_path_join(c->a, from, url, flen);
	/* a target the book lacks: a warning unless book.yaml says `links:
	 * error` (site/link.c's broken_hint()); the link's text stays */
	int strict = c->book->links == LINKS_ERROR;
	enum diag_level level = strict ? DIAG_ERROR : DIAG_WARNING;
	if (is_md) {
		const struct chapter *target = path ? book_chapter(c->book, path) : NULL;
		if (!target) {
			const char *hint = strict ? NULL :
				"hint: it is broken on GitHub too: fix the path, add the file, or remove "
				"the link (book.yaml's links: error makes it an error); its text is kept";
			if (path)
				diag_report(level, *loc, (int)flen, hint,
					    "link to a missing chapter '%.*s' (no content/%s)", (int)flen, url, path);
			else
				diag_report(level, *loc, (int)flen, hint,
					    "link to a missing chapter '%.*s' (it leads out of content/)",
					    (int)flen, url);
			return NULL;
		}
		return arena_cat(c->a, "/", target->page, hash ? hash : "", (char *)NULL);
	}
	if (!path) {
		const struct chapter *route = route_out_of_content(c, url, flen);
		const char *hint = route
			? arena_printf(c->a, "hint: did you mean the chapter %s? Link to /%s: GitHub finds "
				       "it too, and specbook names its page%s", route->source, route->source,
				       strict ? "" : " (book.yaml's links: error makes this an error); "
						     "its text is kept")
			: strict ? "hint: put the file in content/ (or a folder in it) and link to it there"
				 : "hint: put the file in content/ (or a folder in it) and link to it there, "
				   "or remove the link (book.yaml's links: error makes it an error); "
				   "its text is kept";
		diag_report(level, *loc, (int)utf8_length(url, flen), hint,
			    "link to a file outside the book's content/ '%.*s'", (int)flen, url);
		return NULL;
	}
	/* a folder: its README */
	const struct chapter *target = book_folder_page(c->a, c->book, path);
	if (target)
		return arena_cat(c->a, "/", target->page, hash ? hash : "", (char *)NULL);
	/* a file beside the pages, copied to the same place in the site
	 * (book/book.c), checked by the link stage */
	return arena_cat(c->a, "/", path, url + flen, (char *)NULL);
}

/* A link from the root, "/docs/x.md": GitHub reads it from the
 * repository's root, which a book copied from one has as content/.  A page
 * (.md) or a folder with a README is resolved as a relative link from
 * there; any other path is the site's own ("/specs/gpus.html",
 * "/images/x.png", a file of content/ copied to the same place), checked
 * by the link stage as it is. */
static const char *root_target(struct ctx *c, const char *url, const struct srcloc *loc)
{
	size_t flen = strcspn(url, "?#");
	if (flen > 4 && !memcmp(url + flen - 3, ".md", 3))
		return relative_target(c, "", url + 1, loc);
	char *path = flen > 1 ? book_path_join(c->a, "", url + 1, flen - 1) : NULL;
	if (path && *path && book_folder_page(c->a, c->book, path))
		return relative_target(c, "", url + 1, loc);
	return url;
}

/* Rewrites a link target written at loc into an href; NULL if refused. */
static const char *link_target(struct ctx *c, const char *url, const struct srcloc *loc)
{
	if (has_scheme(url, "spec:")) {
		const struct spec_table *t = NULL;
		const struct spec_row *row = c->book->numbers ? numbers_row(c->book->numbers, url + 5, &t) : NULL;
		if (!row) {
			diag_report(DIAG_ERROR, *loc, (int)utf8_length(url, strlen(url)), NULL,
				    "no spec row '%s' (row ids are the keys under rows: in specs/*.yaml)", url + 5);
			return NULL;
		}
		spans_mention(c, row->id, NULL);
		return arena_cat(c->a, "/specs/", t->id, ".html#", row->id, (char *)NULL);
	}
	if (has_scheme(url, "term:")) {
		const struct term *t = book_term(c->book, url + 5);
		if (!t) {
			diag_report(DIAG_ERROR, *loc, (int)utf8_length(url, strlen(url)), NULL,
				    "no glossary term '%s' in content/glossary.yaml", url + 5);
			return NULL;
		}
		/* a term used in a chapter that comes before the one defining it */
		size_t here = c->ch >= c->book->chapters && c->ch < c->book->chapters + c->book->nchapters ?
			(size_t)(c->ch - c->book->chapters) + 1 : 0;
		const struct chapter *def = t->chapter ? &c->book->chapters[t->chapter - 1] : NULL;
		if (def && here && here < t->chapter)
			diag_report(DIAG_WARNING, *loc, (int)utf8_length(url, strlen(url)),
				    arena_printf(c->a, "hint: the reader meets it before %s defines it: "
						 "define it earlier (its chapter: in glossary.yaml), "
						 "or move this use after it", def->source),
				    "glossary term '%s' used before its chapter", url + 5);
		return arena_cat(c->a, "/glossary.html#", url + 5, (char *)NULL);
	}
	if (refused_target(url, *loc))
		return NULL;
	/* (an empty target, or a query alone, is this page) */
	if (strstr(url, "://") || has_scheme(url, "mailto:") || url[0] == '#' || url[0] == '?' || !*url)
		return url;
	if (url[0] == '/')
		return root_target(c, url, loc);
	return relative_target(c, c->ch->source, url, loc);
}

/* Rewrites a link target as written in Markdown into an href; NULL if refused. */
static const char *link_href(struct ctx *c, cmark_node *n, const char *url, struct srcloc *loc)
{
	*loc = link_loc(c, n, url);
	return link_target(c, url, loc);
}

int inlines_link_attr(struct ctx *c, struct dom_node *el, const char *attr, const char *url,
		      struct srcloc loc)
{
	const char *href = link_target(c, url, &loc);
	if (!href)
		return 0;
	dom_attr(el, attr, href);
	dom_attr(el, "data-src", src_attr(c, loc));
	if (has_scheme(url, "term:"))
		spans_mention(c, NULL, url + 5);
	return 1;
}

/* Returns the body line where the inline HTML lit of n was written: the
 * first line of its block holding lit's text up to a placeholder or a line
 * break, from where the block's previous piece was found (c->piece: the
 * pieces come in the order they were written, and a search from the
 * block's start made 100,000 nested <b>…</b> quadratic), else the block's
 * first.  After TARGET_MISSES_MAX misses in a block, its first. */
static int piece_line(struct ctx *c, cmark_node *n, const char *lit)
{
	size_t tlen = strcspn(lit, "\n\xee");
	cmark_node *b = n;
	while (b && cmark_node_get_start_line(b) == 0)
		b = cmark_node_parent(b);
	int first = b ? cmark_node_get_start_line(b) : 1;
	int last = b ? cmark_node_get_end_line(b) : first;
	if (first < 1)
		first = 1;
	/* the cursor belongs to the block (an inline node may have a line) */
	cmark_node *blk = b;
	while (blk && (cmark_node_get_type(blk) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_INLINE)
		blk = cmark_node_parent(blk);
	if (c->piece.block != blk || c->piece.line < first)
		c->piece = (struct piece_search){ blk, first, 0, 0 };
	if (!tlen || c->piece.misses >= TARGET_MISSES_MAX)
		return first;
	size_t at = c->piece.at;
	for (int l = c->piece.line; l <= last && (size_t)l <= c->nlines; l++, at = 0) {
		const char *ls = c->lines[l - 1];
		size_t llen = line_length(c, l);
		for (const char *p = ls + at, *end = ls + llen; (size_t)(end - p) >= tlen; p++) {
			p = memchr(p, lit[0], (size_t)(end - p) - tlen + 1);
			if (!p)
				break;
			if (!memcmp(p, lit, tlen)) {
				c->piece.line = l;
				c->piece.at = (size_t)(p - ls) + tlen;
				return l;
			}
		}
	}
	c->piece.misses++;
	return first;
}

/* Returns where text was written in the block of n (its first line and
 * column holding it), else the block's first line. */
static struct srcloc find_in_block(struct ctx *c, cmark_node *n, const char *text)
{
	struct block_hit h = find_in_lines(c, n, text, strlen(text), 0);
	return chapter_loc(c, h.line, h.col ? h.col : 1);
}

enum footnote { FOOTNOTE_REFERENCE, FOOTNOTE_DEFINITION };

/* Footnote warnings of a chapter placed at their column (see below). */
#define FOOTNOTE_PLACED_MAX 20

static void footnote_warning(struct ctx *c, cmark_node *n, const char *label, enum footnote what)
{
	static const char *const said[] = {
		[FOOTNOTE_REFERENCE] = "footnote '%s' has no definition: shown as written",
		[FOOTNOTE_DEFINITION] = "footnote definition '%s' is shown as written",
	};
	const char *written = arena_printf(c->a, "[%s]%s", label,
					   what == FOOTNOTE_DEFINITION ? ":" : "");
	/* finding the place scans the block: past the warnings a file keeps
	 * (DIAG_MAX_PER_FILE, core/diag.c), which are all that is shown, the
	 * block's first line does (a line of 100,000 footnotes made it
	 * quadratic) */
	struct srcloc loc = c->footnotes++ < FOOTNOTE_PLACED_MAX ? find_in_block(c, n, written)
		: chapter_loc(c, cmark_node_get_start_line(n) > 0 ? cmark_node_get_start_line(n) : 1, 1);
	diag_report(DIAG_WARNING, loc, (int)utf8_length(written, strlen(written)),
		    what == FOOTNOTE_REFERENCE
			    ? "hint: define it on a line of its own, [^label]: the note (GitHub's footnotes)"
			    : "hint: a definition is [^label]: at a line's start, the label without spaces",
		    said[what], written);
}

/* Warns at each [^label] in the text node n: a footnote as GitHub writes
 * them (cmark has none), reference or, at a paragraph's start followed by
 * a colon, definition. */
static void footnote_check(struct ctx *c, cmark_node *n, const char *lit)
{
	for (const char *p = strstr(lit, "[^"); p; p = strstr(p + 2, "[^")) {
		size_t len = strcspn(p + 1, " \t\n[]");
		if (len < 2 || p[1 + len] != ']')
			continue;
		const char *label = arena_strndup(c->a, p + 1, len);
		cmark_node *parent = cmark_node_parent(n);
		int definition = p == lit && p[2 + len] == ':' && cmark_node_first_child(parent) == n &&
			cmark_node_get_type(parent) == CMARK_NODE_PARAGRAPH;
		footnote_warning(c, n, label, definition ? FOOTNOTE_DEFINITION : FOOTNOTE_REFERENCE);
	}
}

struct footnote_ids *inlines_footnote(struct ctx *c, int n)
{
	if (n < 1)
		n = 1;
	while (c->nnotes < (size_t)n) {
		struct footnote_ids *f = ARRAY_PUSH(c->notes, c->nnotes, c->capnotes);
		int k = (int)c->nnotes;
		f->entry = ids_unique(c, arena_printf(c->a, "fn%d", k));   /* cmark-gfm's ids */
		f->first_ref = ids_unique(c, arena_printf(c->a, "fnref%d", k));
		f->refs = 0;
	}
	return &c->notes[n - 1];
}

/* A reference to a GitHub footnote ([^label] with its definition): its
 * number, superscript, linked to the note at the page's end. */
static void footnote_reference(struct ctx *c, cmark_node *n, struct dom_node *parent)
{
	const char *num = cmark_node_get_literal(n);
	if (c->in_link || c->in_attr) {   /* no link inside a link, nor in an attribute */
		dom_texts(c->in_attr ? parent : dom_elem_class(parent, "sup", "footnote-ref"), num);
		return;
	}
	struct footnote_ids *f = inlines_footnote(c, atoi(num));
	const char *id = f->refs++ ? ids_unique(c, arena_printf(c->a, "%s-%d", f->first_ref, f->refs))
				   : f->first_ref;
	struct dom_node *a = dom_elem(dom_elem_class(parent, "sup", "footnote-ref"), "a");
	dom_attr(a, "href", arena_printf(c->a, "#%s", f->entry));
	dom_attr(a, "id", id);
	dom_texts(a, num);
}

/* Returns href percent-encoded as cmark encodes a link's destination. */
static const char *escaped_href(struct ctx *c, const char *href)
{
	size_t len = strlen(href);
	if (url_href_kept(href, len) == len)
		return href;   /* most: nothing to escape, nor a copy to make */
	struct buf b = BUF_INIT;
	url_escape_href(href, len, &b);
	const char *r = arena_strndup(c->a, b.data, b.len);
	buf_release(&b);
	return r;
}

/* ---- citations ---- */

/* Returns the source id names in specs/sources.yaml, or NULL after
 * reporting it at loc (with the nearest id, when one is close). */
static const struct spec_source *cited_source(struct ctx *c, const char *id, struct srcloc loc)
{
	const struct spec_source *found = c->book->numbers ? numbers_source(c->book->numbers, id) : NULL;
	if (found)
		return found;
	size_t n = 0;
	const struct spec_source *src = c->book->numbers ? numbers_sources(c->book->numbers, &n) : NULL;
	struct spec_suggest sg;
	spec_suggest_init(&sg, id);
	for (size_t i = 0; i < n; i++)
		spec_suggest_add(&sg, src[i].id);
	const char *best = spec_suggest_best(&sg);
	int width = (int)utf8_length(id, strlen(id)) + 4;
	if (best)
		diag_report(DIAG_ERROR, loc, width, NULL,
			    "unknown source '%s' (did you mean 'src:%s'?)", id, best);
	else
		diag_report(DIAG_ERROR, loc, width,
			    "a citation names an entry of specs/sources.yaml (title, url, date), "
			    "as [text](src:id)",
			    "unknown source '%s': add it to specs/sources.yaml", id);
	return NULL;
}

static size_t cite_hash(const struct spec_source *src, size_t mask)
{
	return (size_t)(((uintptr_t)src >> 4) * 0x9E3779B97F4A7C15ull) & mask;
}

/* Returns the index in c->cites of src, or c->ncites (then noted as the
 * index src takes, which the caller pushes). */
static size_t cite_number(struct ctx *c, const struct spec_source *src)
{
	if (2 * (c->ncites + 1) > c->cite_mask + 1) {   /* at most half full */
		size_t size = c->cite_mask ? size_mul(c->cite_mask + 1, 2) : 64;
		struct cite_slot *slots = arena_array(c->a, size, sizeof *slots);
		for (size_t i = 0; c->cite_mask && i <= c->cite_mask; i++)
			if (c->cite_slots[i].source) {
				size_t j = cite_hash(c->cite_slots[i].source, size - 1);
				while (slots[j].source)
					j = (j + 1) & (size - 1);
				slots[j] = c->cite_slots[i];
			}
		c->cite_slots = slots;
		c->cite_mask = size - 1;
	}
	size_t j = cite_hash(src, c->cite_mask);
	for (; c->cite_slots[j].source; j = (j + 1) & c->cite_mask)
		if (c->cite_slots[j].source == src)
			return c->cite_slots[j].k;
	c->cite_slots[j] = (struct cite_slot){ src, c->ncites };
	return c->ncites;
}

/*
 * A citation, [text](src:id): the text, then a numbered marker linking to
 * the source's entry in the list at the end of the page (render.c).  A
 * source is numbered where it is first cited; citing it again (in the
 * other language of a pair, say) gives the same number.
 */
static void render_citation(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth,
			    const char *url)
{
	struct srcloc loc = link_loc(c, n, url);
	inlines_render(c, cmark_node_first_child(n), parent, depth + 1);
	const struct spec_source *src = cited_source(c, url + 4, loc);
	if (!src)
		return;
	size_t k = cite_number(c, src);
	if (k == c->ncites) {
		struct citation *ct = ARRAY_PUSH(c->cites, c->ncites, c->capcites);
		ct->source = src;
		ct->entry_id = ids_unique(c, arena_printf(c->a, "src-%zu", k + 1));
		ct->marker_id = NULL;
	}
	struct citation *ct = &c->cites[k];
	const char *label = arena_printf(c->a, "[%zu]", k + 1);
	if (c->in_link || c->in_attr) {   /* no link inside a link, nor in an attribute */
		dom_texts(c->in_attr ? parent : dom_elem_class(parent, "sup", "cite"), label);
		return;
	}
	struct dom_node *a = dom_elem(dom_elem_class(parent, "sup", "cite"), "a");
	dom_attr(a, "href", arena_printf(c->a, "#%s", ct->entry_id));
	if (!ct->marker_id) {
		ct->marker_id = ids_unique(c, arena_printf(c->a, "cite-%zu", k + 1));
		dom_attr(a, "id", ct->marker_id);
	}
	dom_attr(a, "title", src->title ? src->title : src->id);
	dom_attr(a, "data-src", src_attr(c, loc));
	dom_texts(a, label);
}

/* ---- inlines ---- */

static int last_char_cjk(const char *s)
{
	size_t len = strlen(s);
	if (!len)
		return 0;
	size_t i = len - 1;
	while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80)
		i--;
	uint32_t cp;
	utf8_decode(s + i, len - i, &cp);
	return utf8_is_cjk(cp);
}

static int first_char_cjk(const char *s)
{
	uint32_t cp;
	if (!s || !*s)
		return 0;
	utf8_decode(s, strlen(s), &cp);
	return utf8_is_cjk(cp);
}

/* Does s[0..len) hold "[^"?  By memchr() for the bracket, which few texts
 * hold: strstr() was most of the time of a text node's own work. */
static int has_footnote(const char *s, size_t len)
{
	for (const char *p = memchr(s, '[', len); p; p = memchr(p + 1, '[', len - (size_t)(p + 1 - s)))
		if ((size_t)(p + 1 - s) < len && p[1] == '^')
			return 1;
	return 0;
}

static void render_inline(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth)
{
	const char *lit;
	struct dom_node *el;
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_TEXT:
	{
		lit = cmark_node_get_literal(n);
		size_t len = strlen(lit);
		if (!c->in_attr && has_footnote(lit, len))
			footnote_check(c, n, lit);
		spans_emit(c, parent, lit, len);
		break;
	}
	case CMARK_NODE_SOFTBREAK: {
		cmark_node *prev = cmark_node_previous(n), *next = cmark_node_next(n);
		int cjk = prev && next && cmark_node_get_type(prev) == CMARK_NODE_TEXT &&
			  cmark_node_get_type(next) == CMARK_NODE_TEXT &&
			  last_char_cjk(cmark_node_get_literal(prev)) &&
			  first_char_cjk(cmark_node_get_literal(next));
		if (!cjk) {
			dom_texts(parent, "\n");
			buf_addch(&c->text, ' ');
		}
		break;
	}
	case CMARK_NODE_LINEBREAK:
		dom_elem(parent, "br");
		break;
	case CMARK_NODE_CODE:
		el = dom_elem(parent, "code");
		lit = spans_restore(c, cmark_node_get_literal(n));
		dom_texts(el, lit);
		buf_adds(&c->text, lit);
		break;
	case CMARK_NODE_HTML_INLINE:
		if (c->in_attr) {   /* an alt text keeps it as text, as cmark's does */
			buf_adds(&c->text, spans_restore(c, cmark_node_get_literal(n)));
			break;
		}
		if (!c->book->allow_html) {
			struct srcloc loc = link_loc(c, n, "");
			diag_warning(loc, "raw HTML dropped (book.yaml says allow_html: false; remove it to keep the safe subset)");
		}
		break;
	case CMARK_NODE_EMPH:
		inlines_render(c, cmark_node_first_child(n), dom_elem(parent, "em"), depth + 1);
		break;
	case CMARK_NODE_STRONG:
		inlines_render(c, cmark_node_first_child(n), dom_elem(parent, "strong"), depth + 1);
		break;
	case CMARK_NODE_FOOTNOTE_REFERENCE:
		footnote_reference(c, n, parent);
		break;
	default:
		if (markdown_is_strikethrough(n))   /* ~~x~~, GitHub's extension */
			inlines_render(c, cmark_node_first_child(n), dom_elem(parent, "del"), depth + 1);
		break;
	case CMARK_NODE_LINK: {
		struct srcloc loc;
		const char *url = spans_restore(c, cmark_node_get_url(n));
		if (has_scheme(url, "src:")) {
			render_citation(c, n, parent, depth, url);
			break;
		}
		const char *href = link_href(c, n, url, &loc);
		if (!href) {
			inlines_render(c, cmark_node_first_child(n), parent, depth + 1);
			break;
		}
		el = dom_elem(parent, "a");
		dom_attr(el, "href", escaped_href(c, href));
		size_t from = c->out->nclaims;
		const char *title = spans_text(c, cmark_node_get_title(n));
		if (*title)
			dom_attr(el, "title", title);
		spans_claims_on(c, from, el);
		dom_attr(el, "data-src", src_attr(c, loc));
		if (has_scheme(href, "spec:") || has_scheme(href, "/specs/"))
			dom_attr(el, "class", "spec-link");
		else if (has_scheme(href, "/glossary.html"))
			dom_attr(el, "class", "term");
		if (has_scheme(url, "term:"))
			spans_mention(c, NULL, url + 5);
		c->no_autolink++;
		c->in_link++;
		inlines_render(c, cmark_node_first_child(n), el, depth + 1);
		c->in_link--;
		c->no_autolink--;
		break;
	}
	case CMARK_NODE_IMAGE: {
		struct srcloc loc;
		const char *url = spans_restore(c, cmark_node_get_url(n));
		const char *src = link_href(c, n, url, &loc);
		/* the alt text: the text of every inline in it, spans evaluated
		 * (checked as anywhere else) */
		size_t from = c->out->nclaims, text_from = c->text.len;
		struct dom_node *scratch = dom_fragment();
		c->no_autolink++;
		c->in_link++;
		c->in_attr++;
		inlines_render(c, cmark_node_first_child(n), scratch, depth + 1);
		c->in_attr--;
		c->in_link--;
		c->no_autolink--;
		dom_free(scratch);
		const char *alt = arena_strndup(c->a, c->text.data + text_from, c->text.len - text_from);
		buf_truncate(&c->text, text_from);
		const char *title = spans_text(c, cmark_node_get_title(n));
		if (src && !alt[strspn(alt, " \t\n")])
			diag_report(DIAG_WARNING, loc, 1,
				    "hint: say what it shows between the brackets, ![HBM stacks beside the "
				    "GPU](hbm.png): screen readers read it, and it shows where the image "
				    "does not load",
				    "image without alt text");
		if (src) {
			el = dom_elem(parent, "img");
			dom_attr(el, "src", escaped_href(c, src));
			dom_attr(el, "alt", alt);
			if (*title)
				dom_attr(el, "title", title);
			spans_claims_on(c, from, el);
			dom_attr(el, "data-src", src_attr(c, loc));
		} else {
			dom_texts(parent, alt);   /* its source dropped: what it shows, said */
		}
		break;
	}
	}
}

void inlines_render(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth)
{
	if (depth > RENDER_MAX_DEPTH)
		return;
	/* raw HTML kept: its pieces open and close elements the inlines
	 * between them go under */
	struct rawhtml *raw = NULL;
	struct dom_node *cur = parent;
	for (; n; n = cmark_node_next(n)) {
		if (cmark_node_get_type(n) == CMARK_NODE_HTML_INLINE && c->book->allow_html &&
		    !c->in_attr) {
			const char *lit = cmark_node_get_literal(n);
			if (!raw)
				raw = rawhtml_begin(c, parent, inlines_link_attr);
			cur = rawhtml_feed(raw, lit, piece_line(c, n, lit), 1);
			continue;
		}
		render_inline(c, n, cur, depth);
	}
	if (raw)
		rawhtml_end(raw);
}
