/*
 * rawhtml.c — raw HTML kept through an allowlist (see rawhtml.h).
 *
 * libxml2's HTML push parser reads the pieces of a run; its SAX events
 * build our tree.  Its start and end events balance (it closes what HTML
 * closes implicitly and reports an end for a void element at once), so a
 * stack of what it opened, kept or not, tells where the next node goes.
 */
#include "render/rawhtml.h"
#include "render/spans.h"
#include "render/ids.h"
#include "core/alloc.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <string.h>
#include <strings.h>

/* The elements raw HTML may use (HTML's own meaning, nothing that runs,
 * loads a page or takes input; no h1: the chapter title is the page's). */
static const char *const kept_elements[] = {
	"a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "dd", "del",
	"details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h2", "h3",
	"h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre",
	"q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strong", "sub", "summary",
	"sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul", "var", "wbr",
};

/* Elements dropped with everything inside them: what runs, styles, embeds
 * or takes input, and what holds text that is not text. */
static const char *const dropped_with_content[] = {
	"applet", "canvas", "embed", "frame", "frameset", "head", "iframe", "math",
	"noembed", "noframes", "noscript", "object", "plaintext", "script", "select",
	"style", "svg", "template", "textarea", "title", "xmp",
};

/* The attributes kept: on any kept element, or on the one named. */
static const struct { const char *element, *attr; } kept_attrs[] = {
	{ NULL, "title" }, { NULL, "lang" }, { NULL, "dir" },
	{ "a", "href" }, { "img", "src" }, { "img", "alt" }, { "img", "width" },
	{ "img", "height" }, { "td", "colspan" }, { "td", "rowspan" }, { "th", "colspan" },
	{ "th", "rowspan" }, { "th", "scope" }, { "details", "open" }, { "ol", "start" },
	{ "ol", "reversed" },
};

static int listed(const char *const *list, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(list[i], name))
			return 1;
	return 0;
}

#define LISTED(list, name) listed(list, sizeof list / sizeof *list, name)

static int attr_kept(const char *element, const char *attr)
{
	for (size_t i = 0; i < sizeof kept_attrs / sizeof *kept_attrs; i++)
		if ((!kept_attrs[i].element || !strcmp(kept_attrs[i].element, element)) &&
		    !strcmp(kept_attrs[i].attr, attr))
			return 1;
	return 0;
}

/*
 * How deep the elements raw HTML keeps may nest in one run of pieces.  A
 * browser stops nesting at 512 (Chromium's parser puts what is deeper
 * beside it) and no book needs more than a few levels; without a limit a
 * chapter of 600 KB nests 100,000 deep.  An element deeper is dropped,
 * its content kept, and the run's first is an error.
 */
enum { RAWHTML_DEPTH_MAX = 256 };

/* The chapter's raw HTML diagnostics placed at their column (here_at()). */
enum { RAWHTML_PLACED_MAX = 40 };

/* The elements of dropped_with_content that have no content: HTML closes
 * them at once (libxml2 does not: an <embed> held every later block). */
static const char *const dropped_void[] = { "embed", "frame" };

/* One element the parser opened. */
struct open {
	const char *name;        /* the parser's, while it lives */
	struct srcloc at;        /* where it was written, when dropped with its content */
	struct dom_node *el;     /* kept: its node; else NULL */
	struct dom_node *under;  /* where content goes while this one is the last open */
	int skip;                /* dropped with its content */
	int link;                /* an <a>: c->in_link and c->no_autolink raised */
};

struct rawhtml {
	struct ctx *c;
	htmlParserCtxtPtr p;
	rawhtml_link_fn link;
	struct dom_node *base;
	struct dom_node *scratch;    /* where dropped content goes */
	struct open *open;
	size_t nopen, capopen;
	int skipping;                /* open elements dropped with their content */
	size_t depth;                /* kept elements open */
	int too_deep;                /* RAWHTML_DEPTH_MAX was passed and said */
	int md_line;                 /* body line of the piece being fed */
	int line0;                   /* the parser's line when it began */
	int ends;                    /* end events while feeding the piece */
};

/* Where the next node goes: in constant time (each open element knows),
 * as thousands may be open. */
static struct dom_node *current(struct rawhtml *r)
{
	if (r->skipping)
		return r->scratch;
	return r->nopen ? r->open[r->nopen - 1].under : r->base;
}

/* Where the parser is, in the chapter's file; the column of value (a
 * link's target) on that line when given and there, else of "<name" (or
 * of attr after it), else 1. */
static struct srcloc here_at(struct rawhtml *r, const char *name, const char *attr,
			     const char *value)
{
	struct ctx *c = r->c;
	int line = r->md_line;
	if (r->p->input)
		line += r->p->input->line - r->line0;
	if (line < 1 || (size_t)line > c->nlines)
		line = r->md_line;
	int col = 1;
	/* the column is looked for on its line for the chapter's first
	 * warnings only, those a file shows (core/diag.c keeps 20): a line of
	 * 100,000 dropped elements was read once for each */
	if (c->rawhtml_placed >= RAWHTML_PLACED_MAX)
		name = NULL;
	else if (name)
		c->rawhtml_placed++;
	if (line >= 1 && (size_t)line <= c->nlines && name) {
		const char *ls = c->lines[line - 1];
		const char *le = memchr(ls, '\n', (size_t)(c->ch->body + c->ch->body_len - ls));
		size_t llen = le ? (size_t)(le - ls) : strlen(ls), nlen = strlen(name);
		size_t vlen = value ? strlen(value) : 0;
		for (size_t i = 1; vlen && i + vlen <= llen; i++)
			if ((ls[i - 1] == '"' || ls[i - 1] == '\'' || ls[i - 1] == '=') &&
			    !memcmp(ls + i, value, vlen))
				return chapter_loc(c, line, diag_column(ls, i));
		for (size_t i = 0; i + nlen + 1 <= llen; i++)
			if ((ls[i] == '<' || (ls[i] == '/' && i && ls[i - 1] == '<')) &&
			    !strncasecmp(ls + i + 1, name, nlen)) {
				size_t at = ls[i] == '/' ? i - 1 : i;
				if (attr) {
					size_t alen = strlen(attr);
					for (size_t k = i + 1; k + alen <= llen; k++)
						if (!strncasecmp(ls + k, attr, alen)) {
							at = k;
							break;
						}
				}
				col = diag_column(ls, at);
				break;
			}
	}
	return chapter_loc(c, line, col);
}

static struct srcloc here(struct rawhtml *r, const char *name, const char *attr)
{
	return here_at(r, name, attr, NULL);
}

static const char *attr_why(const char *attr)
{
	if (!strncasecmp(attr, "on", 2))
		return "event handlers run scripts";
	if (!strcmp(attr, "style"))
		return "inline styles are refused by the site's CSP";
	if (!strcmp(attr, "id") || !strcmp(attr, "name"))
		return "an id (or an <a>'s name) is kept only as one word";
	if (!strcmp(attr, "class"))
		return "classes belong to the site's stylesheet";
	return "not an attribute raw HTML keeps (see the guide, book.yaml, allow_html)";
}

/* Elements an author's anchor gets no <a name> in (author_anchor()): void
 * ones, and those whose children are rows, cells or items. */
static const char *const no_name_inside[] = {
	"br", "hr", "img", "wbr", "table", "thead", "tbody", "tfoot", "tr", "ol", "ul", "dl",
	"details",
};

/* An author's anchor, id="x" or an <a>'s name="x": kept as the id
 * "user-content-x" (as GitHub keeps it: it cannot collide with an id the
 * page makes, nor clobber a name the site's script reads), recorded so
 * that links to #x are pointed at it.  A link from another page keeps
 * its #x, which lands without JavaScript as well: the <a> keeps name="x"
 * (an <a>'s name is a fragment's target after the ids, and no property
 * of window), and another element (<div id="ref4">) gets an empty
 * <a name="ref4"> first inside it.  Returns 0 when the value is not one
 * word (then it is dropped with a warning). */
static int author_anchor(struct ctx *c, struct dom_node *el, const char *tag, const char *value)
{
	size_t n = strlen(value);
	if (!n || n > 200 || value[strcspn(value, " \t\n\r\f")])
		return 0;
	if (dom_get_attr(el, "id"))
		return 1;   /* id and name both: one anchor */
	const char *id = ids_unique(c, arena_cat(c->a, "user-content-", value, (char *)NULL));
	dom_attr(el, "id", id);
	*ARRAY_PUSH(c->author_ids, c->nauthor_ids, c->capauthor_ids) = id;
	if (!strcmp(tag, "a"))
		dom_attr(el, "name", value);
	else if (!LISTED(no_name_inside, tag))
		dom_attr(dom_elem(el, "a"), "name", value);   /* before its content */
	return 1;
}

static void on_start(void *ctx, const xmlChar *xname, const xmlChar **atts)
{
	struct rawhtml *r = ctx;
	struct ctx *c = r->c;
	const char *name = (const char *)xname;
	/* <center>, which GitHub still shows centred: a centred block */
	int center = !strcmp(name, "center");
	if (center)
		name = "div";
	struct dom_node *under = current(r);
	struct open *o = ARRAY_PUSH(r->open, r->nopen, r->capopen);
	*o = (struct open){ name, { 0 }, NULL, under, 0, 0 };
	if (r->skipping) {
		o->skip = 1;
		r->skipping++;
		return;
	}
	if (!strcmp(name, "html") || !strcmp(name, "body"))
		return;   /* the parser implies them: transparent */
	if (LISTED(dropped_void, name)) {
		diag_warning(here(r, name, NULL),
			     "raw HTML: <%s> dropped (nothing that runs, styles or embeds is kept)",
			     name);
		return;   /* its content, none in HTML, is what follows it */
	}
	if (LISTED(dropped_with_content, name)) {
		o->at = here(r, name, NULL);
		diag_warning(o->at,
			     "raw HTML: <%s> dropped with its content (nothing that runs, styles or "
			     "embeds is kept)", name);
		o->skip = 1;
		r->skipping++;
		return;
	}
	if (!LISTED(kept_elements, name)) {
		diag_warning(here(r, name, NULL),
			     "raw HTML: <%s> dropped, its content kept (not an element raw HTML "
			     "keeps: see the guide, book.yaml, allow_html)", name);
		return;
	}
	if (!strcmp(name, "a") && c->in_link) {
		diag_warning(here(r, name, NULL),
			     "raw HTML: <a> dropped, its content kept (no link inside another)");
		return;
	}
	if (r->depth >= RAWHTML_DEPTH_MAX) {
		if (!r->too_deep++)
			diag_report(DIAG_ERROR, here(r, name, NULL), 0,
				    "hint: close the elements you open; a page needs a few levels, "
				    "not hundreds",
				    "raw HTML: <%s> nested more than %d deep: it and every element "
				    "deeper dropped, their content kept", name, RAWHTML_DEPTH_MAX);
		return;
	}
	struct dom_node *el = dom_elem(under, name);
	o->el = o->under = el;
	r->depth++;
	if (center)
		dom_attr(el, "class", "center");
	size_t from = c->out->nclaims;
	for (size_t i = 0; atts && atts[i]; i += 2) {
		const char *an = (const char *)atts[i];
		const char *av = atts[i + 1] ? (const char *)atts[i + 1] : "";
		if ((!strcmp(an, "id") || (!strcmp(an, "name") && !strcmp(name, "a"))) &&
		    author_anchor(c, el, name, spans_restore(c, av)))
			continue;
		/* align="center" (<div align="center">, <p align=center>), which
		 * GitHub keeps: the centred block's class */
		if (!strcmp(an, "align") && !strcasecmp(av, "center") &&
		    (!strcmp(name, "div") || !strcmp(name, "p") || !strcmp(name, "h2") ||
		     !strcmp(name, "h3") || !strcmp(name, "h4"))) {
			dom_attr(el, "class", "center");
			continue;
		}
		if (!attr_kept(name, an)) {
			diag_warning(here(r, name, an), "raw HTML: attribute %s dropped from <%s>: %s",
				     an, name, attr_why(an));
			continue;
		}
		if (!strcmp(an, "href") || !strcmp(an, "src")) {
			const char *url = spans_restore(c, av);
			r->link(c, el, an, url, here_at(r, name, an, url));
		} else {
			dom_attr(el, an, spans_text(c, av));
		}
	}
	spans_claims_on(c, from, el);   /* a claim in a title: anchored here */
	if (!strcmp(name, "a")) {
		o->link = 1;
		c->in_link++;
		c->no_autolink++;
	}
}

static void on_end(void *ctx, const xmlChar *name)
{
	struct rawhtml *r = ctx;
	(void)name;
	r->ends++;
	if (!r->nopen)
		return;
	struct open *o = &r->open[--r->nopen];
	if (o->skip)
		r->skipping--;
	if (o->el)
		r->depth--;
	if (o->link) {
		r->c->in_link--;
		r->c->no_autolink--;
	}
}

static void on_text(void *ctx, const xmlChar *ch, int len)
{
	struct rawhtml *r = ctx;
	if (!r->skipping && len > 0)   /* up to a NUL, as spans_emit() takes text */
		spans_emit(r->c, current(r), (const char *)ch, strnlen((const char *)ch, (size_t)len));
}

/* A comment is not shown, as on GitHub: silently. */
static void on_comment(void *ctx, const xmlChar *value)
{
	(void)ctx;
	(void)value;
}

static void on_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
	struct rawhtml *r = ctx;
	(void)target;
	(void)data;
	diag_warning(here(r, "?", NULL), "raw HTML: processing instruction dropped");
}

struct rawhtml *rawhtml_begin(struct ctx *c, struct dom_node *base, rawhtml_link_fn link)
{
	struct rawhtml *r = xcalloc(1, sizeof *r);
	r->c = c;
	r->base = base;
	r->link = link;
	r->scratch = dom_fragment();
	htmlSAXHandler sax;
	memset(&sax, 0, sizeof sax);
	sax.initialized = 1;
	sax.startElement = on_start;
	sax.endElement = on_end;
	sax.characters = on_text;
	sax.ignorableWhitespace = on_text;
	sax.cdataBlock = on_text;
	sax.comment = on_comment;
	sax.processingInstruction = on_pi;
	r->p = htmlCreatePushParserCtxt(&sax, r, NULL, 0, NULL, XML_CHAR_ENCODING_UTF8);
	htmlCtxtUseOptions(r->p, HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	/* in a body from the start: text before any element gets no <p> implied */
	htmlParseChunk(r->p, "<body>", 6, 0);
	return r;
}

/* The name of the end tag piece is (cmark's: "</name>"), for a warning. */
static const char *end_name(struct rawhtml *r, const char *piece)
{
	size_t n = strspn(piece + 2, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-");
	return arena_strndup(r->c->a, piece + 2, n);
}

/*
 * An element dropped with its content and still open where its HTML
 * block (or the run) ends (<applet>, <script> without an end tag) would
 * drop every later block of the chapter: it is closed there, with a
 * warning that says so.  The parser is given its end tag; the stack is
 * cut back by hand if the parser does not take it (<plaintext>).
 */
static void close_dropped(struct rawhtml *r, const char *where)
{
	size_t i = 0;
	while (i < r->nopen && !r->open[i].skip)
		i++;
	if (i == r->nopen)
		return;
	const char *name = arena_strdup(r->c->a, r->open[i].name);
	diag_warning(r->open[i].at,
		     "raw HTML: <%s> not closed: dropped with what follows it up to the end of %s, "
		     "and closed there", name, where);
	char *end = arena_printf(r->c->a, "</%s>", name);
	htmlParseChunk(r->p, end, (int)strlen(end), 0);
	htmlParseChunk(r->p, "<!---->", 7, 0);
	if (r->skipping) {
		for (size_t k = i; k < r->nopen; k++)
			r->open[k].skip = 0;
		r->skipping = 0;
	}
}

struct dom_node *rawhtml_feed(struct rawhtml *r, const char *html, int md_line, int inline_piece)
{
	r->md_line = md_line;
	r->line0 = r->p->input ? r->p->input->line : 1;
	r->ends = 0;
	htmlParseChunk(r->p, html, (int)strlen(html), 0);
	if (!inline_piece) {
		/* the parser holds text back until it sees what ends it */
		htmlParseChunk(r->p, "<!---->", 7, 0);
		if (r->skipping) {
			/* the block's last line: cmark ends a <script> or
			 * <textarea> block at its end tag, else at the file's end */
			int last = md_line;
			for (const char *p = html; (p = strchr(p, '\n')) && p[1]; p++)
				last++;
			close_dropped(r, arena_printf(r->c->a, "its HTML block, line %d",
						      chapter_loc(r->c, last, 1).line));
		}
	} else if (html[0] == '<' && html[1] == '/' && !r->ends) {
		const char *name = end_name(r, html);
		diag_warning(here(r, name, NULL), "raw HTML: </%s> dropped (no <%s> is open here)",
			     name, name);
	}
	return current(r);
}

void rawhtml_end(struct rawhtml *r)
{
	if (r->skipping)
		close_dropped(r, "its paragraph");
	for (size_t i = r->nopen; i > 0 && !r->skipping; i--)
		if (r->open[i - 1].el)
			diag_warning(here(r, dom_name(r->open[i - 1].el), NULL),
				     "raw HTML: <%s> not closed (closed where its Markdown block ends)",
				     dom_name(r->open[i - 1].el));
	htmlParseChunk(r->p, NULL, 0, 1);
	while (r->nopen)   /* in case the parser left any */
		on_end(r, NULL);
	htmlFreeParserCtxt(r->p);
	dom_free(r->scratch);
	free(r->open);
	free(r);
}
