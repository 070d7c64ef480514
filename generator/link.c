/*
 * link.c — the link stage: every internal link must land somewhere.
 *
 * Pass one collects the ids of every page.  Pass two visits every href and
 * src: a root-relative target ("/specs/x.html#row") must name a page or a
 * file of the site, and its fragment an id on that page; a bare fragment
 * ("#x") an id on the same page.  Broken ones are errors at the place the
 * link was written (render leaves that in a data-src="line:col"
 * attribute, removed here).  Root-relative links are then rewritten
 * relative to the page, so the site works from file:// and any sub-path.
 */
#include "site.h"
#include "alloc.h"
#include "buffer.h"

#include <stdlib.h>
#include <string.h>

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct ids_ctx {
	const char **ids;
	size_t n, cap;
};

static void collect_id(void *arg, struct dom_node *n)
{
	struct ids_ctx *c = arg;
	const char *id = dom_get_attr(n, "id");
	if (id)
		*ARRAY_PUSH(c->ids, c->n, c->cap) = id;
}

static int page_has_id(const struct page *p, const char *id)
{
	return bsearch(&id, p->ids, p->nids, sizeof *p->ids, str_cmp) != NULL;
}

/* Pages sorted by path, for find_page(). */
static struct page **by_path;

static int page_ptr_cmp(const void *a, const void *b)
{
	return strcmp((*(struct page *const *)a)->path, (*(struct page *const *)b)->path);
}

static int path_key_cmp(const void *key, const void *elem)
{
	return strcmp(key, (*(struct page *const *)elem)->path);
}

static const struct page *find_page(const struct site *s, const char *path, size_t len)
{
	char key[512];
	if (len >= sizeof key)
		return NULL;
	memcpy(key, path, len);
	key[len] = '\0';
	struct page **p = bsearch(key, by_path, s->npages, sizeof *by_path, path_key_cmp);
	return p ? *p : NULL;
}

static int find_file(const struct site *s, const char *path, size_t len)
{
	for (size_t i = 0; i < s->nfiles; i++)
		if (strlen(s->files[i].path) == len && !memcmp(s->files[i].path, path, len))
			return 1;
	return 0;
}

struct check_ctx {
	struct site *s;
	struct page *page;
	int depth;        /* directories below the root the page sits in */
	int errors;
};

static struct srcloc link_origin(struct check_ctx *c, struct dom_node *n)
{
	struct srcloc loc = { c->page->source, 0, 0 };
	const char *src = dom_get_attr(n, "data-src");
	if (src) {
		loc.line = atoi(src);
		const char *colon = strchr(src, ':');
		loc.col = colon ? atoi(colon + 1) : 0;
	}
	return loc;
}

static void check_attr(struct check_ctx *c, struct dom_node *n, const char *attr)
{
	const char *v = dom_get_attr(n, attr);
	if (!v)
		return;
	const char *url = v;
	if (url[0] == '#') {
		if (url[1] && !page_has_id(c->page, url + 1) && !c->page->copy) {
			diag_error(link_origin(c, n), "broken link: no anchor '%s' on %s", url, c->page->path);
			c->errors++;
		}
		return;
	}
	if (url[0] != '/' || url[1] == '/')
		return;   /* external, or relative as the author wrote it */
	const char *path = url + 1;
	const char *hash = strchr(path, '#');
	size_t plen = hash ? (size_t)(hash - path) : strlen(path);
	if (plen == 0) {
		path = "index.html";
		plen = strlen(path);
	}
	const struct page *target = find_page(c->s, path, plen);
	if (c->page->copy) {
		/* checked where it was written */
	} else if (!target && !find_file(c->s, path, plen)) {
		diag_error(link_origin(c, n), "broken link: no page '%.*s' in the site", (int)plen, path);
		c->errors++;
	} else if (target && hash && hash[1] && !page_has_id(target, hash + 1)) {
		diag_error(link_origin(c, n), "broken link: no anchor '%s' on %.*s", hash,
			   (int)plen, path);
		c->errors++;
	}
	/* rewrite relative to the page; 404.html is served at any depth, so
	 * with a base URL its links are absolute */
	struct buf rel = BUF_INIT;
	const char *base = c->s->book->base_url;
	if (base && !strcmp(c->page->path, "404.html")) {
		size_t blen = strlen(base);
		buf_add(&rel, base, blen && base[blen - 1] == '/' ? blen - 1 : blen);
		buf_addch(&rel, '/');
	}
	for (int i = 0; i < c->depth; i++)
		buf_adds(&rel, "../");
	buf_add(&rel, path, plen);
	if (hash)
		buf_adds(&rel, hash);
	dom_attr(n, attr, rel.data);
	buf_release(&rel);
}

static void check_links(void *arg, struct dom_node *n)
{
	struct check_ctx *c = arg;
	check_attr(c, n, "href");
	check_attr(c, n, "src");
	check_attr(c, n, "action");
	dom_remove_attr(n, "data-src");
}

int link_site(struct site *s)
{
	for (size_t i = 0; i < s->npages; i++) {
		struct ids_ctx ic = { 0 };
		dom_visit(dom_page_root(s->pages[i].dom), collect_id, &ic);
		if (ic.n > 1)
			qsort(ic.ids, ic.n, sizeof *ic.ids, str_cmp);
		/* duplicate ids are invalid HTML and make anchors ambiguous */
		for (size_t k = 1; k < ic.n; k++)
			if (!strcmp(ic.ids[k], ic.ids[k - 1]))
				diag_error((struct srcloc){ s->pages[i].source, 0, 0 },
					   "duplicate id '%s' on %s", ic.ids[k], s->pages[i].path);
		s->pages[i].ids = arena_array(s->a, ic.n ? ic.n : 1, sizeof *ic.ids);
		if (ic.n)
			memcpy(s->pages[i].ids, ic.ids, ic.n * sizeof *ic.ids);
		s->pages[i].nids = ic.n;
		free(ic.ids);
	}
	by_path = xcalloc(s->npages ? s->npages : 1, sizeof *by_path);
	for (size_t i = 0; i < s->npages; i++)
		by_path[i] = &s->pages[i];
	if (s->npages > 1)
		qsort(by_path, s->npages, sizeof *by_path, page_ptr_cmp);
	int errors = 0;
	for (size_t i = 0; i < s->npages; i++) {
		struct check_ctx c = { .s = s, .page = &s->pages[i] };
		for (const char *p = s->pages[i].path; *p; p++)
			c.depth += *p == '/';
		dom_visit(dom_page_root(s->pages[i].dom), check_links, &c);
		dom_page_finish(s->pages[i].dom);
		errors += c.errors;
	}
	free(by_path);
	by_path = NULL;
	return errors ? -1 : 0;
}
