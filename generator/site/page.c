/*
 * page.c — a page of the site from the template, and its end (see page.h):
 * made with the common slots filled (title, book title, nav, footer),
 * then its links collected and, while the site is being written, written
 * and its tree freed: while chapters render, serializing and writing go to
 * the build's work line (s->line), beside the main thread.
 */
#include "site/page.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/work.h"
#include "site/link.h"
#include "search/search.h"
#include "render/typeset.h"
#include "site/write.h"
#include "numbers/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Every page's nav lists the book's chapters: on N pages that is N² links,
 * which a book of ten thousand chapters cannot afford (gigabytes of HTML,
 * most of the build).  Beyond this many chapters the nav shows a window of
 * SITE_NAV_WINDOW chapters on either side of the current one and a link to
 * the full list on the index. */
#define SITE_NAV_MAX_CHAPTERS 100
#define SITE_NAV_WINDOW 10

/* ---- the sidebar's tree ----
 *
 * The chapters in reading order become nested lists after their folders:
 * a folder's README.md (or index.md) is the item its pages nest under, a
 * folder without one is a plain label.  The tree follows the paths, so
 * any order (nav:'s too) gives a well-formed one; a flat book gives the
 * one list it always had. */

/* Folders are at most CONTENT_DEPTH_MAX deep (book/book.c); a few more
 * for safety. */
#define NAV_TREE_DEPTH 24

struct nav_level {
	const char *dir;             /* the folder's path below content/ ("" at the top) */
	size_t len;
	struct dom_node *li;         /* the item the folder's list goes in (NULL at the top) */
	struct dom_node *ol;         /* its list, made when first needed */
};

struct nav_tree {
	struct nav_level level[NAV_TREE_DEPTH];
	int depth;
};

/* Is c its folder's own page?  Told by its page (the folder's
 * index.html), not its name: of a folder's README.md and index.md, only
 * the README is (book/book.c gives the index a page of its own). */
static int is_folder_page(const struct chapter *c)
{
	const char *slash = strrchr(c->page, '/');
	return slash && !strcmp(slash + 1, "index.html");
}

/* The length of the folder path whose list c's item goes in: its
 * folder's, or for a folder's own page the folder above. */
static size_t tree_parent_len(const struct chapter *c)
{
	const char *source = c->source;
	const char *slash = strrchr(source, '/');
	if (!slash)
		return 0;
	size_t dir = (size_t)(slash - source);
	if (!is_folder_page(c))
		return dir;
	while (dir > 0 && source[dir - 1] != '/')
		dir--;
	return dir ? dir - 1 : 0;
}

/* Is the folder (dir, len) the folder source[0..tlen) or one above it? */
static int folder_holds(const char *dir, size_t len, const char *source, size_t tlen)
{
	return len == 0 || (tlen >= len && !strncmp(dir, source, len) && (tlen == len || source[len] == '/'));
}

static struct dom_node *level_list(struct nav_level *l)
{
	if (!l->ol)
		l->ol = dom_elem_class(l->li, "ol", "nav-section");
	return l->ol;
}

/* Returns the list source's item goes in, closing the folders it is not
 * in and opening (as labels) those it is in that are not open. */
static struct dom_node *nav_tree_place(struct nav_tree *t, const struct chapter *c)
{
	const char *source = c->source;
	size_t tlen = tree_parent_len(c);
	while (t->depth > 1 && !folder_holds(t->level[t->depth - 1].dir, t->level[t->depth - 1].len, source, tlen))
		t->depth--;
	while (t->depth < NAV_TREE_DEPTH && t->level[t->depth - 1].len < tlen) {
		struct nav_level *up = &t->level[t->depth - 1];
		size_t from = up->len ? up->len + 1 : 0, end = from;
		while (end < tlen && source[end] != '/')
			end++;
		struct dom_node *li = dom_elem_class(level_list(up), "li", "nav-folder");
		struct dom_node *label = dom_elem_class(li, "span", "nav-folder-name");
		dom_text(label, source + from, end - from);
		t->level[t->depth++] = (struct nav_level){ source, end, li, NULL };
	}
	return level_list(&t->level[t->depth - 1]);
}

/* After a folder's own page, the folder's pages nest under its item li. */
static void nav_tree_open(struct nav_tree *t, const struct chapter *c, struct dom_node *li)
{
	const char *source = c->source;
	const char *slash = strrchr(source, '/');
	if (slash && is_folder_page(c) && t->depth < NAV_TREE_DEPTH)
		t->level[t->depth++] = (struct nav_level){ source, (size_t)(slash - source), li, NULL };
}

/* Sets a's href to "/" and page, made on the stack (the value is copied):
 * an arena_cat() for each of a nav's links was a tenth of making its page. */
static void nav_href(struct dom_node *a, const char *page)
{
	size_t len = strlen(page);
	char stack[256];
	char *v = len + 2 <= sizeof stack ? stack : xmalloc(len + 2);
	v[0] = '/';
	memcpy(v + 1, page, len + 1);
	dom_attr_n(a, "href", 4, v, len + 1);
	if (v != stack)
		free(v);
}

/* A page's tree from the template with the common slots filled; strings
 * go to ar.  Safe on any thread (s is only read). */
struct dom_page *page_dom_new(const struct site *s, struct arena *ar, const char *path,
			      const char *title, const struct chapter *current)
{
	struct dom_page *dom = dom_page_new(s->tpl);
	const struct book *b = s->book;
	const char *book_title = b->title.zh && b->title.en
		? arena_cat(ar, b->title.zh, " · ", b->title.en, (char *)NULL)
		: b->title.en ? b->title.en : b->title.zh ? b->title.zh : "specbook";
	dom_page_fill_text(dom, "title",
			   title ? arena_cat(ar, title, " — ", book_title, (char *)NULL) : book_title);

	struct dom_node *bt = dom_fragment();
	if (b->title.zh && b->title.en) {
		lang_bitext(bt, (struct bitext){ b->title.zh, b->title.en });
	} else {
		dom_texts(bt, book_title);
	}
	dom_page_fill(dom, "book-title", bt);

	struct dom_node *nav = dom_fragment();
	struct dom_node *ol = dom_elem_class(nav, "ol", "nav-chapters");
	/* Up to SITE_NAV_MAX_CHAPTERS every page lists every chapter; a bigger
	 * book lists the SITE_NAV_WINDOW chapters either side of this one and
	 * sends the reader to the index for the rest (see the #defines). */
	size_t lo = 0, hi = b->nchapters;
	if (b->nchapters > SITE_NAV_MAX_CHAPTERS) {
		size_t at = current ? (size_t)(current - b->chapters) : 0;
		lo = at > SITE_NAV_WINDOW ? at - SITE_NAV_WINDOW : 0;
		hi = lo + 2 * SITE_NAV_WINDOW + 1 < b->nchapters ? lo + 2 * SITE_NAV_WINDOW + 1 : b->nchapters;
		if (hi - lo < 2 * SITE_NAV_WINDOW + 1)
			lo = hi > 2 * SITE_NAV_WINDOW + 1 ? hi - 2 * SITE_NAV_WINDOW - 1 : 0;
	}
	struct nav_tree t = { .depth = 1 };
	t.level[0] = (struct nav_level){ "", 0, NULL, ol };
	for (size_t i = lo; i < hi; i++) {
		const struct chapter *c = &b->chapters[i];
		struct dom_node *li = dom_elem(nav_tree_place(&t, c), "li");
		struct dom_node *a = dom_elem(li, "a");
		nav_href(a, c->page);
		if (c == current)
			dom_attr(a, "aria-current", "page");
		if (b->flat) {
			struct dom_node *num = dom_elem_class(a, "span", "nav-num");
			char digits[24];
			dom_text(num, digits, format_integer(digits, c->number));
			dom_texts(a, " ");
		}
		if (c->title.zh && c->title.en) {
			lang_bitext(a, (struct bitext){ c->title.zh, c->title.en });
		} else {
			dom_texts(a, c->title.en ? c->title.en : c->title.zh);
		}
		nav_tree_open(&t, c, li);
	}
	if (lo > 0 || hi < b->nchapters) {
		struct dom_node *li = dom_elem_class(ol, "li", "nav-all");
		struct dom_node *a = dom_elem(li, "a");
		dom_attr(a, "href", "/index.html#chapters");
		struct dom_node *bi = dom_elem_class(a, "span", "bi");
		struct dom_node *zh = dom_elem(bi, "span");
		dom_attr(zh, "lang", "zh-Hans");
		/* one text each, as dom_text() extends the last */
		char digits[24];
		size_t nd = format_integer(digits, (long long)b->nchapters);
		dom_texts(zh, "全部 ");
		dom_text(zh, digits, nd);
		dom_texts(zh, " 章");
		dom_texts(bi, " ");
		struct dom_node *en = dom_elem(bi, "span");
		dom_attr(en, "lang", "en");
		dom_texts(en, "All ");
		dom_text(en, digits, nd);
		dom_texts(en, " chapters");
	}
	static const struct { const char *href, *zh, *en; } extra[] = {
		{ "/specs/index.html", "规格表", "Spec tables" },
		{ "/glossary.html", "术语表", "Glossary" },
		{ "/claims.html", "数字核查", "Claims and errata" },
		{ "/search.html", "搜索", "Search" },
		{ "/print.html", "打印版", "Print version" },
	};
	struct dom_node *ul = dom_elem_class(nav, "ul", "nav-extra");
	for (size_t i = 0; i < sizeof extra / sizeof *extra; i++) {
		if (!s->has_print && !strcmp(extra[i].href, "/print.html"))
			continue;
		struct dom_node *a = dom_elem(dom_elem(ul, "li"), "a");
		dom_attr(a, "href", extra[i].href);
		if (!strcmp(extra[i].href + 1, path))
			dom_attr(a, "aria-current", "page");
		if (!strcmp(extra[i].href, "/search.html")) {
			/* what site.js's search overlay needs to load the index: its
			 * parts (one a SEARCH_PART_CHAPTERS chapters, as
			 * pages_search_chapter() writes them) and buckets */
			char digits[24];
			format_integer(digits, (long long)((b->nchapters + SEARCH_PART_CHAPTERS - 1) /
							   SEARCH_PART_CHAPTERS));
			dom_attr(a, "data-search-parts", digits);
			format_integer(digits, SEARCH_BUCKETS);
			dom_attr(a, "data-search-buckets", digits);
		}
		lang_bitext(a, (struct bitext){ extra[i].zh, extra[i].en });
	}
	dom_page_fill(dom, "nav", nav);

	struct dom_node *foot = dom_fragment();
	struct dom_node *fp = dom_elem(foot, "p");
	if (b->author)
		dom_texts(fp, arena_printf(ar, "%s · ", b->author));
	dom_texts(fp, b->footer ? b->footer : "Built with specbook: its numbers are recomputed at build time.");
	if (b->edit_url && current && current->path) {
		/* "edit this page": {path} the chapter's file, percent-encoded
		   but for its slashes */
		struct buf url = BUF_INIT;
		const char *at = strstr(b->edit_url, "{path}");
		buf_add(&url, b->edit_url, (size_t)(at - b->edit_url));
		for (const unsigned char *c = (const unsigned char *)current->path; *c; c++) {
			if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
			    strchr("/._~-", *c))
				buf_addch(&url, *c);
			else
				buf_addf(&url, "%%%02X", *c);
		}
		buf_adds(&url, at + 6);
		struct dom_node *a = dom_elem_class(dom_elem_class(foot, "p", "edit-page"), "a", "edit-link");
		dom_attr(a, "href", arena_strndup(ar, url.data, url.len));
		lang_bitext(a, (struct bitext){ "编辑本页", "Edit this page" });
		buf_release(&url);
	}
	dom_page_fill(dom, "footer", foot);
	return dom;
}

struct page *page_new(struct site *s, const char *path, const char *source,
			   const char *title, const struct chapter *current)
{
	struct page *p = site_page_add(s);
	p->path = path;
	p->source = source;
	p->dom = page_dom_new(s, s->a, path, title, current);
	return p;
}

/* Puts <base href> after the page's Content-Security-Policy <meta> (before
 * any URL of the head) and lets that policy allow it (base-uri 'self').
 * Added after the link stage, which would make "/" relative. */
static void add_base(struct page *p)
{
	struct dom_node *head = dom_first_element(dom_page_root(p->dom));
	if (!head || strcmp(dom_name(head), "head"))
		return;
	struct dom_node *after = NULL;
	for (struct dom_node *n = dom_first_element(head); n; n = dom_next_element(n)) {
		if (strcmp(dom_name(n), "meta"))
			break;
		after = n;
		const char *eq = dom_get_attr(n, "http-equiv"), *csp = dom_get_attr(n, "content");
		if (eq && csp && !strcasecmp(eq, "Content-Security-Policy")) {
			struct buf b = BUF_INIT;
			const char *at = strstr(csp, "base-uri 'none'");
			if (at) {
				buf_add(&b, csp, (size_t)(at - csp));
				buf_adds(&b, "base-uri 'self'");
				buf_adds(&b, at + strlen("base-uri 'none'"));
				dom_attr(n, "content", b.data);
			}
			buf_release(&b);
			break;
		}
	}
	struct dom_node *base = after ? dom_elem_after(after, "base") : NULL;
	if (base)
		dom_attr(base, "href", p->base_href);
}

/* A page's tree to serialize, write and free on the work line. */
struct page_job {
	struct site *s;              /* its directories, read */
	const char *path;            /* in the build's arena, which outlives the line */
	struct dom_page *dom;
};

static void page_write(void *arg)
{
	struct page_job *job = arg;
	struct arena tmp = ARENA_INIT;   /* not the build's: the main thread allocates there */
	struct buf html = BUF_INIT;
	typeset_page_serialize(job->dom, &html);
	dom_page_free(job->dom);
	/* a failure is reported: the build then fails (diag_failed()) */
	write_html(job->s, &tmp, job->path, html.data ? html.data : "", html.len);
	buf_release(&html);
	arena_free(&tmp);
	free(job);
}

void page_done(struct site *s, struct page *p)
{
	link_collect(s, p);
	if (p->base_href && p->dom)
		add_base(p);
	if (site_writing(s)) {
		/* the tree is the job's now: s->pages may move meanwhile */
		struct page_job *job = xmalloc(sizeof *job);
		*job = (struct page_job){ s, p->path, p->dom };
		p->dom = NULL;
		work_line_add(s->line, page_write, job);
	} else {
		dom_page_free(p->dom);
		p->dom = NULL;
	}
}
