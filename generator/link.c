/*
 * link.c — the link stage: every internal link must land somewhere.
 *
 * link_collect() runs on each page as soon as it is assembled, so that the
 * page's tree can be written and freed at once: it copies the page's ids,
 * records every internal link (a root-relative "/specs/x.html#row" or a
 * bare "#fragment") with the place it was written (render leaves that in a
 * data-src="line:col" attribute, removed here), and rewrites root-relative
 * links relative to the page, so the site works from file:// and any
 * sub-path.  link_check() runs once every page is known: a target must
 * name a page or a file of the site, and its fragment an id on that page;
 * a broken link is an error at the place it was written.
 */
#include "site.h"
#include "alloc.h"
#include "buffer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An internal link, remembered after its page's tree is gone. */

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct collect_ctx {
	struct site *s;
	struct page *page;
	int depth;                  /* directories below the root the page sits in */
	const char **ids;
	size_t nids, capids;
	struct link_record *links;
	size_t nlinks, caplinks;
};

static struct srcloc link_origin(struct collect_ctx *c, struct dom_node *n)
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

static void record(struct collect_ctx *c, struct dom_node *n, const char *path, size_t plen,
		   const char *fragment)
{
	if (c->page->copy)
		return;   /* print.html repeats links checked where they were written */
	struct link_record *r = ARRAY_PUSH(c->links, c->nlinks, c->caplinks);
	r->path = path ? arena_strndup(c->s->a, path, plen) : NULL;
	r->fragment = fragment && *fragment ? arena_strdup(c->s->a, fragment) : NULL;
	r->loc = link_origin(c, n);
}

static void collect_attr(struct collect_ctx *c, struct dom_node *n, const char *attr)
{
	const char *url = dom_get_attr(n, attr);
	if (!url)
		return;
	if (url[0] == '#') {
		if (url[1])
			record(c, n, NULL, 0, url + 1);
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
	record(c, n, path, plen, hash ? hash + 1 : NULL);
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
	dom_attr(n, attr, rel.data);   /* url is freed here: use it no more */
	buf_release(&rel);
}

/* One walk over the page collects both its ids and its links. */
static void collect(void *arg, struct dom_node *n)
{
	struct collect_ctx *c = arg;
	const char *id = dom_get_attr(n, "id");
	if (id)
		*ARRAY_PUSH(c->ids, c->nids, c->capids) = arena_strdup(c->s->a, id);
	collect_attr(c, n, "href");
	collect_attr(c, n, "src");
	collect_attr(c, n, "action");
	dom_remove_attr(n, "data-src");
}

void link_collect(struct site *s, struct page *p)
{
	struct collect_ctx c = { .s = s, .page = p };
	for (const char *q = p->path; *q; q++)
		c.depth += *q == '/';
	dom_visit(dom_page_root(p->dom), collect, &c);
	if (c.nids > 1)
		qsort(c.ids, c.nids, sizeof *c.ids, str_cmp);
	/* duplicate ids are invalid HTML and make anchors ambiguous */
	for (size_t k = 1; k < c.nids; k++)
		if (!strcmp(c.ids[k], c.ids[k - 1]))
			diag_error((struct srcloc){ p->source, 0, 0 }, "duplicate id '%s' on %s",
				   c.ids[k], p->path);
	dom_page_finish(p->dom);

	p->ids = arena_array(s->a, c.nids ? c.nids : 1, sizeof *c.ids);
	if (c.nids)
		memcpy(p->ids, c.ids, c.nids * sizeof *c.ids);
	p->nids = c.nids;
	p->links = arena_array(s->a, c.nlinks ? c.nlinks : 1, sizeof *c.links);
	if (c.nlinks)
		memcpy(p->links, c.links, c.nlinks * sizeof *c.links);
	p->nlinks = c.nlinks;
	free(c.ids);
	free(c.links);
}

static int page_has_id(const struct page *p, const char *id)
{
	return bsearch(&id, p->ids, p->nids, sizeof *p->ids, str_cmp) != NULL;
}

/* The site's pages by path: open addressing, for the millions of lookups
 * of a big book's links (a sorted array cost a dozen strcmp() each). */
struct page_table {
	const struct page **slots;
	size_t mask;
};

static uint64_t path_hash(const char *p)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (; *p; p++) {
		h ^= (unsigned char)*p;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static void table_init(struct page_table *t, const struct site *s)
{
	size_t cap = 16;
	while (cap < 2 * s->npages)
		cap *= 2;
	t->slots = xcalloc(cap, sizeof *t->slots);
	t->mask = cap - 1;
	for (size_t i = 0; i < s->npages; i++) {
		size_t k = (size_t)path_hash(s->pages[i].path) & t->mask;
		while (t->slots[k])
			k = (k + 1) & t->mask;
		t->slots[k] = &s->pages[i];
	}
}

static const struct page *table_find(const struct page_table *t, const char *path)
{
	for (size_t k = (size_t)path_hash(path) & t->mask; t->slots[k]; k = (k + 1) & t->mask)
		if (!strcmp(t->slots[k]->path, path))
			return t->slots[k];
	return NULL;
}

static int file_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int link_check(struct site *s)
{
	struct page_table by_path;
	table_init(&by_path, s);
	const char **files = xcalloc(s->nfiles ? s->nfiles : 1, sizeof *files);
	for (size_t i = 0; i < s->nfiles; i++)
		files[i] = s->files[i].path;
	qsort(files, s->nfiles, sizeof *files, file_cmp);
	int errors = 0;
	for (size_t i = 0; i < s->npages; i++) {
		const struct page *p = &s->pages[i];
		for (size_t k = 0; k < p->nlinks; k++) {
			const struct link_record *r = &p->links[k];
			const struct page *target = p;
			if (r->path) {
				target = table_find(&by_path, r->path);
				if (!target && !bsearch(&r->path, files, s->nfiles, sizeof *files, file_cmp)) {
					diag_error(r->loc, "broken link: no page '%s' in the site", r->path);
					errors++;
					continue;
				}
			}
			/* both pages as the last build checked them */
			if (target && p->reused && target->reused)
				continue;
			if (target && r->fragment && !page_has_id(target, r->fragment)) {
				diag_error(r->loc, "broken link: no anchor '#%s' on %s", r->fragment, target->path);
				errors++;
			}
		}
	}
	free(by_path.slots);
	free(files);
	return errors ? -1 : 0;
}
