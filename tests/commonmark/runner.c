/*
 * runner.c — the CommonMark spec's examples through the whole pipeline.
 *
 *     runner SPEC.TXT BOOK [-v] [NUMBER...]
 *
 * Each example of SPEC.TXT (tests/commonmark/spec.txt, a packaged copy of
 * the spec: nothing is fetched) becomes in turn the whole body of the one
 * chapter of BOOK (tests/commonmark/book, raw HTML kept through the allowlist by default): it is
 * rendered, put in a page made from the book's template, its links
 * collected and checked as a build checks them.  The article's HTML, with
 * what specbook adds stripped (heading ids, anchors and GitHub-slug
 * aliases, lang attributes, pair wrappers), and the spec's expected HTML are both parsed with
 * libxml2's HTML parser and normalised as cmark's own test suite
 * normalises them (whitespace collapsed, none beside block tags,
 * attributes sorted, entities decoded), then compared.
 *
 * An example that differs passes only for a deliberate reason (reasons[]
 * below, each documented in the README): the link check refused a target
 * that is not in the book, a javascript: link was refused, raw HTML was
 * dropped or sanitised (cmark reads raw HTML in the example and the
 * pipeline warned about it), or an h1 became an h2
 * (and nothing else differs).  Any other difference fails,
 * printing the example's number, Markdown, expected and got HTML.  Output
 * is TAP, one line an example, and the counts by reason.
 */
#include "book/book.h"
#include "core/alloc.h"
#include "core/arena.h"
#include "core/buffer.h"
#include "core/builtin.h"
#include "core/diag.h"
#include "core/markdown.h"
#include "render/dom.h"
#include "site/link.h"
#include "render/render.h"
#include "site/site.h"

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FENCE "````````````````````````````````"

/* The deliberate differences: a reason applies when the pipeline said so
 * (a diagnostic whose message holds `says`) or, for the heading demotion,
 * when demoting the expected h1 leaves no other difference. */
enum reason { R_LINK, R_SCHEME, R_HTML, R_H1, R_GFM, R_COMMENT, R_COUNT };
static const struct {
	const char *name;
	const char *says[3];
} reasons[R_COUNT] = {
	[R_LINK] = { "link target does not exist in the book (link check)", { "broken link", "link to a missing chapter" } },
	[R_SCHEME] = { "javascript: and other scheme refused (another scheme dropped, its text kept)",
		       { "refused link", "URL dropped" } },
	[R_HTML] = { "raw HTML dropped or sanitised (with a warning)", { "raw HTML" } },
	[R_H1] = { "h1 demoted to h2 (the chapter title is the page's h1)", { NULL } },
	[R_GFM] = { "as GitHub renders it (cmark-gfm and its extensions: autolinks, 0.29's entities)", { NULL } },
	[R_COMMENT] = { "an HTML comment not shown (as GitHub shows none)", { NULL } },
};

/* ---- the spec's examples ---- */

struct example {
	int number, line;
	char *md, *html;
};

/* spec.txt writes a tab as → (U+2192). */
static char *untab(const char *s, size_t n)
{
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (i + 2 < n && !memcmp(s + i, "\xe2\x86\x92", 3)) {
			buf_addch(&b, '\t');
			i += 2;
		} else
			buf_addch(&b, s[i]);
	}
	return buf_detach(&b, NULL);
}

static struct example *read_spec(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		exit(2);
	}
	struct example *list = NULL;
	size_t cap = 0;
	*n = 0;
	char *line = NULL;
	size_t lcap = 0;
	ssize_t len;
	int lineno = 0, state = 0;   /* 0 prose, 1 markdown, 2 html */
	struct buf md = BUF_INIT, html = BUF_INIT;
	while ((len = getline(&line, &lcap, f)) > 0) {
		lineno++;
		if (state == 0 && !strncmp(line, FENCE " example", strlen(FENCE " example")) &&
		    !strstr(line, "disabled")) {   /* (the GFM spec's examples its own tests skip) */
			state = 1;
			buf_reset(&md);
			buf_reset(&html);
			struct example *e = ARRAY_PUSH(list, *n, cap);
			e->number = (int)*n;
			e->line = lineno + 1;
		} else if (state == 1 && !strcmp(line, ".\n")) {
			state = 2;
		} else if (state == 2 && !strncmp(line, FENCE, strlen(FENCE))) {
			state = 0;
			list[*n - 1].md = untab(md.data ? md.data : "", md.len);
			list[*n - 1].html = untab(html.data ? html.data : "", html.len);
		} else if (state)
			buf_add(state == 1 ? &md : &html, line, (size_t)len);
	}
	free(line);
	buf_release(&md);
	buf_release(&html);
	fclose(f);
	return list;
}

/* ---- normalising HTML as cmark's tests do ---- */

static int is_block(const char *tag)
{
	static const char *const blocks[] = {
		"article", "aside", "blockquote", "body", "button", "canvas", "caption", "col",
		"colgroup", "dd", "div", "dl", "dt", "embed", "fieldset", "figcaption", "figure",
		"footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
		"iframe", "li", "map", "object", "ol", "output", "p", "pre", "progress", "script",
		"section", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "tr", "ul",
		"video", "details", "summary",
	};
	for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
		if (!strcmp(tag, blocks[i]))
			return 1;
	return 0;
}

static int is_void(const char *tag)
{
	static const char *const voids[] = { "area", "base", "br", "col", "embed", "hr", "img",
					     "input", "link", "meta", "param", "source", "wbr" };
	for (size_t i = 0; i < sizeof voids / sizeof *voids; i++)
		if (!strcmp(tag, voids[i]))
			return 1;
	return 0;
}

static void escape(struct buf *out, const char *s, int attr)
{
	for (; *s; s++) {
		if (*s == '&')
			buf_adds(out, "&amp;");
		else if (*s == '<')
			buf_adds(out, "&lt;");
		else if (*s == '>')
			buf_adds(out, "&gt;");
		else if (attr && *s == '"')
			buf_adds(out, "&quot;");
		else
			buf_addch(out, *s);
	}
}

struct norm {
	struct buf out;
	int in_pre;
	int strip_space;   /* the last thing written was a block tag */
	int got;           /* strip what specbook adds */
};

static void trim_space(struct norm *n)
{
	while (n->out.len && n->out.data[n->out.len - 1] == ' ')
		n->out.data[--n->out.len] = 0;
}

static void add_text(struct norm *n, const char *s)
{
	if (n->in_pre) {
		escape(&n->out, s, 0);
		n->strip_space = 0;
		return;
	}
	struct buf t = BUF_INIT;
	int space = n->out.len && n->out.data[n->out.len - 1] == ' ';
	for (; *s; s++) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
			if (!space && !(n->strip_space && !t.len && !space))
				buf_addch(&t, ' ');
			space = 1;
		} else {
			buf_addch(&t, *s);
			space = 0;
		}
	}
	if (t.len) {
		escape(&n->out, t.data, 0);
		n->strip_space = 0;
	}
	buf_release(&t);
}

static int attr_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* What specbook adds to an element, left out of the comparison: lang,
 * heading ids, a pipe table's classes and th scope, a task list item's
 * class (a cell's alignment class is compared as GitHub's align). */
static int added_attr(const char *tag, const char *name)
{
	if (!strcmp(name, "lang"))
		return 1;
	if ((!strcmp(tag, "table") || !strcmp(tag, "li") || !strcmp(tag, "th") || !strcmp(tag, "td")) &&
	    !strcmp(name, "class"))
		return 1;
	if (!strcmp(tag, "th") && !strcmp(name, "scope"))
		return 1;
	if (!strcmp(tag, "a") && !strcmp(name, "aria-label"))   /* a footnote's way back */
		return 1;
	if (tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6' && !tag[2] &&
	    (!strcmp(name, "id") || !strcmp(name, "aria-label")))
		return 1;
	return 0;
}

static void walk(struct norm *n, xmlNode *node);

static void walk_children(struct norm *n, xmlNode *node)
{
	for (xmlNode *k = node->children; k; k = k->next)
		walk(n, k);
}

static void walk(struct norm *n, xmlNode *node)
{
	if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) {
		add_text(n, (const char *)node->content);
		return;
	}
	if (node->type == XML_COMMENT_NODE) {
		buf_addf(&n->out, "<!--%s-->", (const char *)node->content);
		n->strip_space = 0;
		return;
	}
	if (node->type != XML_ELEMENT_NODE) {
		walk_children(n, node);
		return;
	}
	const char *tag = (const char *)node->name;
	xmlChar *clsx = xmlGetProp(node, (const xmlChar *)"class");
	char cls_buf[64] = "";
	if (clsx)
		snprintf(cls_buf, sizeof cls_buf, "%s", (const char *)clsx);
	xmlFree(clsx);
	const char *cls = cls_buf;
	if (n->got) {
		/* pair, language and table wrappers: their content only */
		if ((!strcmp(tag, "div") || !strcmp(tag, "span")) &&
		    (xmlHasProp(node, (const xmlChar *)"lang") ||
		     (cls && (!strcmp(cls, "pair") || !strcmp(cls, "table-wrap"))))) {
			walk_children(n, node);
			return;
		}
		/* the heading title's wrapper */
		if (!strcmp(tag, "span") && !node->properties && node->parent &&
		    node->parent->name && node->parent->name[0] == 'h' &&
		    node->parent->name[1] >= '1' && node->parent->name[1] <= '6') {
			walk_children(n, node);
			return;
		}
		/* heading anchors */
		if ((!strcmp(tag, "a") && cls && !strcmp(cls, "anchor")) ||
		    (!strcmp(tag, "span") && cls && !strcmp(cls, "anchor-alias")))
			return;
	}
	int block = is_block(tag);
	if (block)
		trim_space(n);
	buf_addf(&n->out, "<%s", tag);
	char *attrs[64];
	size_t na = 0;
	for (xmlAttr *a = node->properties; a && na < 64; a = a->next) {
		const char *name = (const char *)a->name;
		if (n->got && added_attr(tag, name))
			continue;
		xmlChar *v = xmlNodeListGetString(node->doc, a->children, 1);
		struct buf t = BUF_INIT;
		buf_addf(&t, " %s=\"", name);
		escape(&t, v ? (const char *)v : "", 1);
		buf_addch(&t, '"');
		xmlFree(v);
		attrs[na++] = buf_detach(&t, NULL);
	}
	/* a cell's alignment: specbook's class (the CSP allows no style),
	 * GitHub's align attribute */
	if (n->got && (!strcmp(tag, "th") || !strcmp(tag, "td")) && !strncmp(cls, "align-", 6) && na < 64) {
		struct buf t = BUF_INIT;
		buf_addf(&t, " align=\"%s\"", cls + 6);
		attrs[na++] = buf_detach(&t, NULL);
	}
	qsort(attrs, na, sizeof *attrs, attr_cmp);
	for (size_t i = 0; i < na; i++) {
		buf_adds(&n->out, attrs[i]);
		free(attrs[i]);
	}
	buf_addch(&n->out, '>');
	n->strip_space = block;
	if (is_void(tag)) {
		/* a line break after <br> shows as nothing */
		n->strip_space |= !strcmp(tag, "br");
		return;
	}
	int pre = !strcmp(tag, "pre");
	n->in_pre += pre;
	walk_children(n, node);
	n->in_pre -= pre;
	if (block)
		trim_space(n);
	buf_addf(&n->out, "</%s>", tag);
	n->strip_space = block;
}

/* Returns html normalised (malloc'd); got: the pipeline's (strip specbook's
 * additions), with the article's children only. */
static char *normalise(const char *html, int got)
{
	struct buf in = BUF_INIT;
	buf_adds(&in, "<!DOCTYPE html><html><body>");
	buf_adds(&in, html);
	buf_adds(&in, "</body></html>");
	htmlDocPtr doc = htmlReadMemory(in.data, (int)in.len, NULL, "UTF-8",
					HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	buf_release(&in);
	struct norm n = { BUF_INIT, 0, 1, got };
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
	xmlNode *body = NULL;
	for (xmlNode *k = root ? root->children : NULL; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE && !strcmp((const char *)k->name, "body"))
			body = k;
	if (body)
		walk_children(&n, body);
	trim_space(&n);
	if (doc)
		xmlFreeDoc(doc);
	return buf_detach(&n.out, NULL);
}

/* Returns 1 if cmark reads raw HTML (a block or inline) in md. */
static int has_raw_html(const char *md)
{
	cmark_node *doc = markdown_parse(md, strlen(md), CMARK_OPT_DEFAULT, NULL);
	cmark_iter *it = cmark_iter_new(doc);
	int found = 0;
	for (cmark_event_type ev; !found && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
		cmark_node_type t = cmark_node_get_type(cmark_iter_get_node(it));
		found = ev == CMARK_EVENT_ENTER && (t == CMARK_NODE_HTML_BLOCK || t == CMARK_NODE_HTML_INLINE);
	}
	cmark_iter_free(it);
	cmark_node_free(doc);
	return found;
}

/* md as cmark-gfm renders it with GitHub's extensions (malloc'd): what
 * github.com shows, but for its own sanitising. */
static char *gfm_html(const char *md)
{
	static const char *const names[] = { "table", "strikethrough", "autolink", "tagfilter", "tasklist" };
	cmark_gfm_core_extensions_ensure_registered();
	cmark_parser *p = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_UNSAFE);
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		cmark_parser_attach_syntax_extension(p, cmark_find_syntax_extension(names[i]));
	cmark_parser_feed(p, md, strlen(md));
	cmark_node *doc = cmark_parser_finish(p);
	char *html = cmark_render_html(doc, CMARK_OPT_DEFAULT | CMARK_OPT_UNSAFE,
				       cmark_parser_get_syntax_extensions(p));
	cmark_node_free(doc);
	cmark_parser_free(p);
	return html;
}

/* ---- one example through the pipeline ---- */

static const char *const book_pages[] = { "index.html", "glossary.html", "claims.html",
					  "search.html", "print.html", "404.html" };

/* Renders md as the chapter's body, makes its page and checks its links;
 * returns the article's inner HTML (malloc'd); *diags gets what was
 * reported. */
static char *run_pipeline(struct book *b, struct dom_template *tpl, const struct render_env *env,
			  const char *md, char **diags)
{
	struct chapter *c = &b->chapters[0];
	c->text = c->body = md;
	c->len = c->body_len = strlen(md);
	c->body_line = 1;
	struct arena a = ARENA_INIT;
	struct rendered r;
	memset(&r, 0, sizeof r);
	render_chapter(b, c, &a, env, &r);
	struct site s = { .book = b, .a = &a };
	struct page pages[1 + sizeof book_pages / sizeof *book_pages];
	memset(pages, 0, sizeof pages);
	pages[0].path = c->page;
	pages[0].source = c->path;
	pages[0].dom = dom_page_new(tpl);
	for (size_t i = 0; i < sizeof book_pages / sizeof *book_pages; i++) {
		pages[i + 1].path = book_pages[i];
		pages[i + 1].source = book_pages[i];
	}
	/* the template's assets, as the build copies them */
	size_t nassets = 0;
	const struct builtin_file *assets = builtin_under("default/templates/assets/", &nassets);
	struct site_file files[64];
	memset(files, 0, sizeof files);
	for (size_t i = 0; i < nassets && i < 64; i++)
		files[i].path = assets[i].path + strlen("default/templates/");
	s.files = files;
	s.nfiles = s.capfiles = nassets < 64 ? nassets : 64;
	s.pages = pages;
	s.npages = s.cappages = sizeof pages / sizeof *pages;
	dom_page_fill(pages[0].dom, "content", r.content);
	dom_free(r.toc);
	link_collect(&s, &pages[0]);
	link_check(&s);
	link_strings_free(&s);
	struct buf page = BUF_INIT;
	dom_page_serialize(pages[0].dom, &page);
	dom_page_free(pages[0].dom);
	char *start = strstr(page.data, "<article");
	char *end = page.data ? strstr(page.data, "</article>") : NULL;
	char *html;
	if (start && end && (start = strchr(start, '>')) && start < end)
		html = strndup(start + 1, (size_t)(end - start - 1));
	else
		html = strdup("");
	buf_release(&page);
	arena_free(&a);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	diag_flush(f);
	fclose(f);
	diag_reset();
	*diags = text;
	return html;
}

/* Drops the chapter title's h1 and its header, which the article starts with. */
static void drop_title(char *html)
{
	char *h = strstr(html, "<header");
	char *e = h ? strstr(h, "</header>") : NULL;
	if (e)
		memmove(h, e + 9, strlen(e + 9) + 1);
}

static void replace_all(struct buf *out, const char *s, const char *from, const char *to)
{
	const char *p;
	while ((p = strstr(s, from))) {
		buf_add(out, s, (size_t)(p - s));
		buf_adds(out, to);
		s = p + strlen(from);
	}
	buf_adds(out, s);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: runner SPEC.TXT BOOK [-v] [NUMBER...]\n");
		return 2;
	}
	int verbose = argc > 3 && !strcmp(argv[3], "-v");
	int first_number = 3 + verbose;
	dom_init();
	diag_setup(DIAG_FORMAT_GNU, 0);
	struct arena ba = ARENA_INIT;
	struct book *b = book_load(&ba, argv[2]);
	if (!b || diag_count(DIAG_ERROR) || b->nchapters != 1 || !b->allow_html) {
		diag_flush(stderr);
		fprintf(stderr, "%s: not a book of one chapter that keeps raw HTML (allow_html)\n", argv[2]);
		return 2;
	}
	diag_reset();
	struct dom_template *tpl = dom_template_parse(b->template_text, b->template_len,
						      b->template_path);
	size_t nreserved;
	const char **reserved = dom_template_ids(tpl, &nreserved);
	struct render_env env = { reserved, nreserved, NULL };

	size_t n;
	struct example *ex = read_spec(argv[1], &n);
	int counts[R_COUNT] = { 0 }, same = 0, failed = 0, ran = 0;
	for (size_t i = 0; i < n; i++) {
		if (argc > first_number) {
			int wanted = 0;
			for (int k = first_number; k < argc; k++)
				wanted |= atoi(argv[k]) == ex[i].number;
			if (!wanted)
				continue;
		}
		ran++;
		char *diags;
		char *got_raw = run_pipeline(b, tpl, &env, ex[i].md, &diags);
		drop_title(got_raw);
		char *got = normalise(got_raw, 1), *want = normalise(ex[i].html, 0);
		int why[R_COUNT] = { 0 }, any = 0;
		if (strcmp(got, want)) {
			for (int k = 0; k < R_COUNT; k++)
				for (int s = 0; s < 3 && reasons[k].says[s]; s++)
					why[k] |= diags && strstr(diags, reasons[k].says[s]) != NULL;
			struct buf demoted = BUF_INIT;
			replace_all(&demoted, want, "<h1>", "<h2>");
			char *d2 = buf_detach(&demoted, NULL);
			struct buf d3 = BUF_INIT;
			replace_all(&d3, d2, "</h1>", "</h2>");
			why[R_HTML] = why[R_HTML] && has_raw_html(ex[i].md);
			why[R_H1] = strcmp(d3.data, want) && !strcmp(d3.data, got);
			/* the expected HTML without its comments */
			struct buf nc = BUF_INIT;
			for (const char *q = want, *o; *q;) {
				if ((o = strstr(q, "<!--")) == NULL) {
					buf_adds(&nc, q);
					break;
				}
				buf_add(&nc, q, (size_t)(o - q));
				const char *e = strstr(o + 4, "-->");
				q = e ? e + 3 : o + strlen(o);
				while (!strncmp(q, "</", 2) && nc.len && nc.data[nc.len - 1] == ' ')
					nc.data[--nc.len] = 0;   /* none before a block's end */
			}
			why[R_COMMENT] = strstr(want, "<!--") && nc.data && !strcmp(nc.data, got);
			buf_release(&nc);
			char *g = gfm_html(ex[i].md), *gn = normalise(g, 0);
			why[R_GFM] = strcmp(gn, want) && !strcmp(gn, got);
			free(g);
			free(gn);
			free(d2);
			buf_release(&d3);
			for (int k = 0; k < R_COUNT; k++)
				any |= why[k];
		}
		if (!strcmp(got, want)) {
			same++;
			printf("ok %d - example %d (line %d)\n", ran, ex[i].number, ex[i].line);
		} else if (any) {
			printf("ok %d - example %d (line %d) differs:", ran, ex[i].number, ex[i].line);
			for (int k = 0, sep = 0; k < R_COUNT; k++)
				if (why[k]) {
					printf("%s %s", sep++ ? ";" : "", reasons[k].name);
					counts[k]++;
				}
			printf("\n");
		} else {
			failed++;
			printf("not ok %d - example %d (line %d) differs for no deliberate reason\n",
			       ran, ex[i].number, ex[i].line);
		}
		if ((!any && strcmp(got, want)) || verbose) {
			printf("# markdown:\n%s# expected:\n# %s\n# got:\n# %s\n", ex[i].md, want, got);
			if (diags && *diags)
				printf("# diagnostics:\n%s", diags);
		}
		free(diags);
		free(got_raw);
		free(got);
		free(want);
	}
	printf("1..%d\n", ran);
	printf("# %d examples: %d as cmark renders them, %d differ deliberately, %d for no "
	       "deliberate reason\n", ran, same, ran - same - failed, failed);
	for (int k = 0; k < R_COUNT; k++)
		printf("#   %4d %s\n", counts[k], reasons[k].name);
	for (size_t i = 0; i < n; i++) {
		free(ex[i].md);
		free(ex[i].html);
	}
	free(ex);
	free(reserved);
	dom_template_free(tpl);
	arena_free(&ba);
	dom_cleanup();
	return failed != 0;
}
