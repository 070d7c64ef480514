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
#include "site/link.h"
#include "core/pack.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/distance.h"
#include "core/files.h"
#include "render/lang.h"
#include "core/url.h"
#include "core/work.h"

#include <sys/stat.h>

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An internal link, remembered after its page's tree is gone. */

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The attributes a link is read from, and where it was written (the
 * render stage's "line:col", the template's "@line"), which goes once
 * the link is read. */
enum { LINK_HREF, LINK_SRC, LINK_ACTION, LINK_WHERE, LINK_ATTRS };

/* An element with a link and its link attributes (NULL: not there). */
struct linking {
	struct dom_node *n;
	const char *attrs[LINK_ATTRS];
};

struct collect_ctx {
	const struct site *s;
	struct arena *a;            /* where ids and targets are copied */
	const struct page *page;    /* path, source, copy */
	int depth;                  /* directories below the root the page sits in */
	const char **ids;
	size_t nids, capids;
	struct link_record *links;
	size_t nlinks, caplinks;
	struct linking *linking;    /* elements that hold a link, in page order */
	size_t nlinking, caplinking;
	size_t page_len;            /* strlen(page->path) */
	/* the targets copied last: a page links to a few pages over and
	 * over (the spec table, the glossary), and each link's record has
	 * its target's copy, one per page (see copy_target()) */
	const char *targets[8];
	size_t target_lens[8];
	unsigned next_target;
};

/* Returns a NUL-terminated copy of the n bytes at str (no NUL among them)
 * in c's arena. */
static char *copy_str(struct collect_ctx *c, const char *str, size_t n)
{
	char *p = arena_alloc_uninit(c->a, n + 1);
	memcpy(p, str, n);
	p[n] = '\0';
	return p;
}

/* Are the n bytes at a and b the same?  Paths of the same length mostly
 * differ in their first eight bytes ("140-ch140.html", "141-ch141.html"):
 * those are compared first, without a call. */
static int same_bytes(const char *a, const char *b, size_t n)
{
	if (n < 8)
		return !memcmp(a, b, n);
	uint64_t x, y;
	memcpy(&x, a, 8);
	memcpy(&y, b, 8);
	return x == y && !memcmp(a + 8, b + 8, n - 8);
}

/* Returns the copy of the target path (n bytes) the page's links share. */
static const char *copy_target(struct collect_ctx *c, const char *path, size_t n)
{
	for (unsigned k = 0; k < 8; k++)
		if (c->target_lens[k] == n && c->targets[k] && same_bytes(c->targets[k], path, n))
			return c->targets[k];
	unsigned k = c->next_target++ & 7;
	c->target_lens[k] = n;
	return c->targets[k] = copy_str(c, path, n);
}

/* Returns the hash of a path or fragment for the open-addressing tables
 * below, which take its low bits for a slot.  pack_hash() alone varies
 * little there between names that differ in a few digits ("gpu_0017",
 * "c102-s1"): a link was looked up in 26 probes on average, not 1.3.  The
 * high bits are folded in, as MurmurHash3's finalizer does. */
static uint64_t path_hash(const char *p, size_t n)
{
	uint64_t h = pack_hash(PACK_HASH_INIT, p, n);
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	return h ^ h >> 33;
}

/*
 * Link targets and fragments, one copy of each: a big book's pages link to
 * the same pages and anchors over and over (the nav, the spec rows, the
 * glossary), and every record is kept until the link check.
 */
struct link_string {
	const char *text;           /* NULL: an empty slot */
	uint64_t hash;              /* path_hash() of text: most probes stop here */
};

struct link_strings {
	struct link_string *slots;
	size_t mask, count;
};

static const char *intern(struct site *s, const char *str, size_t n)
{
	struct link_strings *t = s->link_strings;
	if (!t) {
		t = s->link_strings = xcalloc(1, sizeof *t);
		t->mask = 1023;
		t->slots = xcalloc(t->mask + 1, sizeof *t->slots);
	}
	if (2 * (t->count + 1) > t->mask + 1) {   /* at most half full */
		size_t cap = 2 * (t->mask + 1);
		struct link_string *slots = xcalloc(cap, sizeof *slots);
		for (size_t i = 0; i <= t->mask; i++) {
			if (!t->slots[i].text)
				continue;
			size_t k = (size_t)t->slots[i].hash & (cap - 1);
			while (slots[k].text)
				k = (k + 1) & (cap - 1);
			slots[k] = t->slots[i];
		}
		free(t->slots);
		t->slots = slots;
		t->mask = cap - 1;
	}
	uint64_t h = path_hash(str, n);
	size_t k = (size_t)h & t->mask;
	for (; t->slots[k].text; k = (k + 1) & t->mask)
		if (t->slots[k].hash == h && !strncmp(t->slots[k].text, str, n) &&
		    t->slots[k].text[n] == '\0')
			return t->slots[k].text;
	t->count++;
	t->slots[k].hash = h;
	return t->slots[k].text = arena_strndup(s->a, str, n);
}

void link_strings_free(struct site *s)
{
	if (!s->link_strings)
		return;
	free(s->link_strings->slots);
	free(s->link_strings);
	s->link_strings = NULL;
}

/* "hint: did you mean '#…'?" with the id of ids closest to fragment, when
 * one is close enough to be a slip (a third of its length or less), or NULL. */
static char *closest_anchor(const char *const *ids, size_t nids, const char *fragment)
{
	size_t best = (size_t)-1, flen = strlen(fragment);
	const char *found = NULL;
	for (size_t i = 0; i < nids; i++) {
		/* an author's anchor is linked to as written, without the prefix
		 * it is kept under (find_anchor()) */
		const char *id = ids[i];
		if (!strncmp(id, "user-content-", 13) && strncmp(fragment, "user-content-", 13))
			id += 13;
		size_t d = edit_distance(fragment, id, DISTANCE_MAX_LEN,
					 DISTANCE_FOLD_CASE | DISTANCE_TRANSPOSE);
		if (d < best) {
			best = d;
			found = id;
		}
	}
	if (!found || best > (flen + 2) / 3)
		return NULL;
	size_t n = strlen(found) + 40;
	char *hint = xmalloc(n);
	snprintf(hint, n, "hint: did you mean '#%s'?", found);
	return hint;
}

/*
 * The id of ids (sorted) that a link's fragment lands on, as GitHub's page
 * script finds it: the fragment itself, else "user-content-" and it (an
 * author's anchor, rawhtml.c), else the same two with the fragment
 * lower-cased (ASCII letters: [x](#SmolVLM2-Notes) to the heading
 * "smolvlm2-notes").  Returns the id in ids, or NULL when there is none.
 */
static const char *find_anchor(const char *const *ids, size_t nids, const char *fragment)
{
	const char *const *hit = bsearch(&fragment, ids, nids, sizeof *ids, str_cmp);
	if (hit)
		return *hit;
	static const char prefix[] = "user-content-";
	size_t plen = sizeof prefix - 1, flen = strlen(fragment);
	char small[256], *want = flen + plen < sizeof small ? small : xmalloc(flen + plen + 1);
	memcpy(want, prefix, plen);
	memcpy(want + plen, fragment, flen + 1);
	const char *lower = want + plen;
	hit = bsearch(&want, ids, nids, sizeof *ids, str_cmp);
	int lowered = 0;
	for (char *q = want + plen; !hit && *q; q++)
		if (*q >= 'A' && *q <= 'Z') {
			*q = (char)(*q - 'A' + 'a');
			lowered = 1;
		}
	if (lowered && !(hit = bsearch(&lower, ids, nids, sizeof *ids, str_cmp)))
		hit = bsearch(&want, ids, nids, sizeof *ids, str_cmp);
	if (want != small)
		free(want);
	return hit ? *hit : NULL;
}

/*
 * A link or image of a chapter whose file, page or anchor the book does
 * not have is broken on GitHub too (the link check finds targets as
 * GitHub does): a warning by default, so that a book copied from a
 * repository builds as it is, saying what to do; an error with book.yaml's
 * `links: error` (broken_is_error()).  Returns the hint to give, in a
 * malloc()ed string or NULL: for an error, hint (its own) as it is; for a
 * warning, near (a did-you-mean, or NULL) and what to do.
 */
static char *broken_hint(int strict, const char *hint, const char *near, int anchor)
{
	if (strict)
		return hint ? xstrdup(hint) : NULL;
	const char *what = anchor ? "fix the fragment, add the anchor, or remove the link"
				  : "fix the path, add the file, or remove the link";
	size_t n = (near ? strlen(near) : 0) + strlen(what) + 120;
	char *out = xmalloc(n);
	snprintf(out, n, "%s%s broken on GitHub too: %s (book.yaml's links: error makes it an error)",
		 near ? near : "hint:", near ? " It is" : " it is", what);
	return out;
}

/* Is a broken link written at loc an error?  One of the template is, like
 * any fault of the site's own code (GitHub never shows the template, and
 * the link is on every page made from it); one of a chapter, with
 * `links: error`. */
static int broken_is_error(const struct site *s, struct srcloc loc)
{
	const char *tpl = s->book->template_path;
	return s->book->links == LINKS_ERROR || (tpl && loc.file && !strcmp(loc.file, tpl));
}

/*
 * A line of the page's source file (source, "content/x.md") written as the
 * heading a fragment names ("#### 3.1.2 反向传播" for #312-反向传播) that the
 * page has no heading for: one an HTML block just before it took in (no
 * blank line between), which GitHub shows as text too (llm_note).  Returns
 * the hint that says so (malloc'd), or NULL.  A few files a run are read
 * (the pages are checked on every core), so that a book of many such
 * links stays linear.
 */
#define HEADING_READS_MAX 50

static char *swallowed_heading(const struct site *s, const char *source, const char *fragment)
{
	if (!source || !s->book->root ||
	    atomic_fetch_add(&((struct site *)s)->heading_reads, 1) >= HEADING_READS_MAX)
		return NULL;
	size_t n = strlen(s->book->root) + strlen(source) + 2;
	char *file = xmalloc(n), *text = NULL, *hint = NULL;
	snprintf(file, n, "%s/%s", s->book->root, source);
	size_t len;
	if (files_read_bytes(file, &text, &len)) {
		free(file);
		return NULL;
	}
	struct arena a = ARENA_INIT;
	int line = 0, fence = 0;
	for (const char *p = text, *end = text + len; p < end && !hint;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
		line++;
		const char *q = p;
		while (q < e && q - p < 3 && *q == ' ')
			q++;
		if (e - q >= 3 && (!memcmp(q, "```", 3) || !memcmp(q, "~~~", 3)))
			fence = !fence;
		size_t h = 0;
		while (q + h < e && q[h] == '#')
			h++;
		if (!fence && h >= 1 && h <= 6 && q + h < e && (q[h] == ' ' || q[h] == '\t')) {
			char *title = arena_strndup(&a, q + h + 1, (size_t)(e - q - (ptrdiff_t)h - 1));
			size_t tl = strlen(title);
			while (tl && (title[tl - 1] == '#' || title[tl - 1] == ' ' || title[tl - 1] == '\r'))
				title[--tl] = '\0';
			if (!strcmp(lang_github_slug(&a, title), fragment)) {
				size_t m = (size_t)(e - p) + 200;
				hint = xmalloc(m);
				snprintf(hint, m, "hint: line %d writes that heading, '%.*s', but it is no heading: "
					 "the HTML block before it takes it in (GitHub shows it as text too); "
					 "put a blank line before it.", line, (int)(e - p), p);
			}
		}
		p = nl ? nl + 1 : end;
	}
	arena_free(&a);
	free(text);
	free(file);
	return hint;
}

/* Returns 1 when reported as an error, 0 as a warning (broken_hint()). */
static int report_no_anchor(const struct site *s, struct srcloc loc, const char *const *ids,
			    size_t nids, const char *fragment, const char *path, const char *source)
{
	int strict = broken_is_error(s, loc);
	char *near = swallowed_heading(s, source, fragment);
	if (!near)
		near = closest_anchor(ids, nids, fragment);
	char *hint = broken_hint(strict, near, near, 1);
	diag_report(strict ? DIAG_ERROR : DIAG_WARNING, loc, 0, hint,
		    "broken link: no anchor '#%s' on %s", fragment, path);
	free(hint);
	free(near);
	return strict;
}

/* The one walk: the page's ids, and the elements with a link, with their
 * link attributes as read on the way (most elements have none: a class,
 * an id, a tabindex, the data-* of a claim), for the second pass. */
static void collect_id(void *arg, struct dom_node *n)
{
	struct collect_ctx *c = arg;
	static const struct dom_name names[1 + LINK_ATTRS] = {
		DOM_NAME("id"), DOM_NAME("href"), DOM_NAME("src"), DOM_NAME("action"),
		DOM_NAME("data-src"),
	};
	const char *v[1 + LINK_ATTRS] = { NULL };
	size_t found = dom_get_attrs(n, names, 1 + LINK_ATTRS, v);
	if (found > (v[0] != NULL)) {
		struct linking *l = ARRAY_PUSH(c->linking, c->nlinking, c->caplinking);
		l->n = n;
		memcpy(l->attrs, v + 1, sizeof l->attrs);
	}
	if (v[0])
		*ARRAY_PUSH(c->ids, c->nids, c->capids) = arena_strdup(c->a, v[0]);
}

/* Where a link was written: src is its data-src (NULL: none). */
static struct srcloc link_origin(struct collect_ctx *c, const char *src)
{
	struct srcloc loc = { c->page->source, 0, 0 };
	if (src && src[0] == '@')   /* written in the template (dom_template_parse()) */
		return (struct srcloc){ c->s->book->template_path, atoi(src + 1), 0 };
	/* render's "line:col", read here without atoi()'s two calls and a
	 * strchr() (a link's every record passed through them); anything
	 * else, as atoi() reads it */
	const char *q = src;
	int line = 0, col = 0;
	for (; q && *q >= '0' && *q <= '9' && line < 100000000; q++)
		line = line * 10 + (*q - '0');
	if (q && q != src && *q == ':') {
		const char *d = ++q;
		for (; *q >= '0' && *q <= '9' && col < 100000000; q++)
			col = col * 10 + (*q - '0');
		if (q != d && !*q) {
			loc.line = line;
			loc.col = col;
			return loc;
		}
	}
	if (src) {
		loc.line = atoi(src);
		const char *colon = strchr(src, ':');
		loc.col = colon ? atoi(colon + 1) : 0;
	}
	return loc;
}

/* Records a link (its path and fragment decoded).  Returns the id a link
 * to the page's own anchor lands on when it is not the fragment as
 * written (find_anchor(): the link is to be pointed at it), else NULL. */
static const char *record_decoded(struct collect_ctx *c, const char *where, const char *path,
				  size_t plen, const char *fragment)
{
	if (c->page->copy)
		return NULL;   /* print.html repeats links checked where they were written */
	if (path && plen == c->page_len && !memcmp(path, c->page->path, plen))
		path = NULL;
	if (!path && !(fragment && *fragment))
		return NULL;
	if (!path) {
		/* the page's own anchor: its ids are known, check it now */
		const char *id = find_anchor((const char *const *)c->ids, c->nids, fragment);
		if (!id)
			report_no_anchor(c->s, link_origin(c, where), (const char *const *)c->ids,
					 c->nids, fragment, c->page->path, c->page->source);
		return id && strcmp(id, fragment) ? id : NULL;
	}
	struct link_record *r = ARRAY_PUSH(c->links, c->nlinks, c->caplinks);
	r->path = copy_target(c, path, plen);
	r->fragment = fragment && *fragment ? copy_str(c, fragment, strlen(fragment)) : NULL;
	r->loc = link_origin(c, where);
	return NULL;
}

/* An href is percent-encoded as cmark encodes it (/a%20b.html#%E4%B8%AD):
 * the page and the id it names are what it decodes to. */
static const char *record(struct collect_ctx *c, const char *where, const char *path,
			  size_t plen, const char *fragment)
{
	/* most links have no '%': they are what they decode to, as they are */
	if ((!path || !memchr(path, '%', plen)) && (!fragment || !strchr(fragment, '%')))
		return record_decoded(c, where, path, path ? plen : 0, fragment);
	struct buf p = BUF_INIT, f = BUF_INIT;
	if (path)
		url_unescape(path, plen, &p);
	if (fragment)
		url_unescape(fragment, strlen(fragment), &f);
	const char *id = record_decoded(c, where, path ? p.data : NULL, p.len,
					fragment ? f.data : NULL);
	buf_release(&p);
	buf_release(&f);
	return id;
}

/* Reads the link url of n's attribute attr, written where (its data-src,
 * or NULL), and rewrites it relative to the page. */
static void collect_attr(struct collect_ctx *c, struct dom_node *n, const char *attr,
			 size_t attr_len, const char *url, const char *where)
{
	if (!url)
		return;
	if (url[0] == '#') {
		const char *id = url[1] ? record(c, where, NULL, 0, url + 1) : NULL;
		if (id)   /* url is freed here: use it no more */
			dom_attr(n, attr, arena_cat(c->a, "#", id, (char *)NULL));
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
	/* a query ("search.html?q=HBM") is the page's to read: the file is
	   what comes before it, and the link keeps it */
	const char *query = memchr(path, '?', plen), *id;
	if (query == path)
		id = record(c, where, "index.html", strlen("index.html"), hash ? hash + 1 : NULL);
	else
		id = record(c, where, path, query ? (size_t)(query - path) : plen, hash ? hash + 1 : NULL);
	if (id)   /* the page's own anchor, as it is spelled there */
		hash = arena_cat(c->a, "#", id, (char *)NULL);
	/* rewrite relative to the page; 404.html is served at any depth, so
	 * with a base URL its links are absolute */
	const char *base = c->s->book->base_url;
	size_t hlen = hash ? strlen(hash) : 0;
	if (!base && (size_t)c->depth * 3 + plen + hlen < 256) {
		/* the usual case, on the stack: a buffer was a malloc() a link */
		char rel[256], *q = rel;
		for (int i = 0; i < c->depth; i++, q += 3)
			memcpy(q, "../", 3);
		memcpy(q, path, plen);
		q += plen;
		memcpy(q, hash ? hash : "", hlen + 1);
		/* url is freed here: use it no more */
		dom_attr_n(n, attr, attr_len, rel, (size_t)(q - rel) + hlen);
		return;
	}
	struct buf rel = BUF_INIT;
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

static void collect_links(struct collect_ctx *c, const struct linking *l)
{
	static const struct dom_name attrs[] = { [LINK_HREF] = DOM_NAME("href"),
						 [LINK_SRC] = DOM_NAME("src"),
						 [LINK_ACTION] = DOM_NAME("action") };
	for (int k = LINK_HREF; k <= LINK_ACTION; k++)
		collect_attr(c, l->n, attrs[k].name, attrs[k].len, l->attrs[k], l->attrs[LINK_WHERE]);
	if (l->attrs[LINK_WHERE])
		dom_remove_attr(l->n, "data-src");
}

void link_harvest(const struct site *s, struct arena *a, const struct page *p,
		  struct dom_page *dom, struct link_harvest *out)
{
	struct collect_ctx c = { .s = s, .a = a, .page = p };
	/* every page passes here once, filled, before it is written: a
	 * book in one language has its labels in that language alone */
	if (s->book->language) {
		struct dom_node *html = dom_page_root(dom);
		dom_one_language(html, s->book->language);
		dom_attr(html, "data-lang", s->book->language);
		dom_attr(html, "data-one-language", s->book->language);
		dom_attr(html, "lang", strcmp(s->book->language, "zh") ? "en" : "zh-Hans");
	}
	for (const char *q = p->path; *q; q++)
		c.depth += *q == '/';
	c.page_len = strlen(p->path);
	/* a chapter's page has a few hundred elements with a link or an id:
	 * room for them at once, not by doubling from eight */
	array_grow((void **)&c.linking, &c.caplinking, 256, sizeof *c.linking);
	array_grow((void **)&c.links, &c.caplinks, 256, sizeof *c.links);
	array_grow((void **)&c.ids, &c.capids, 64, sizeof *c.ids);
	dom_visit_linking(dom_page_root(dom), collect_id, &c);
	if (c.nids > 1)
		qsort(c.ids, c.nids, sizeof *c.ids, str_cmp);
	/* duplicate ids are invalid HTML and make anchors ambiguous */
	for (size_t k = 1; k < c.nids; k++)
		if (!strcmp(c.ids[k], c.ids[k - 1]))
			diag_error((struct srcloc){ p->source, 0, 0 }, "duplicate id '%s' on %s",
				   c.ids[k], p->path);
	for (size_t k = 0; k < c.nlinking; k++)
		collect_links(&c, &c.linking[k]);
	free(c.linking);
	dom_page_finish(dom);
	*out = (struct link_harvest){ c.ids, c.nids, c.links, c.nlinks };
}

/* Orders links by target page, then as they were on the page: a merge
 * sort, stable, so that equal targets keep their order (qsort() with a
 * comparison of addresses did the same at three times the cost). */
static void sort_by_path(struct link_record *v, size_t n)
{
	struct link_record *tmp = xmalloc(size_mul(n, sizeof *tmp));
	struct link_record *from = v, *to = tmp;
	for (size_t width = 1; width < n; width *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n;
			size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				to[k++] = (uintptr_t)from[j].path < (uintptr_t)from[i].path ? from[j++]
											 : from[i++];
			while (i < mid)
				to[k++] = from[i++];
			while (j < hi)
				to[k++] = from[j++];
		}
		struct link_record *t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * sizeof *v);
	free(tmp);
}

void link_keep(struct site *s, struct page *p, struct link_harvest *h)
{
	p->ids = arena_array(s->a, h->nids ? h->nids : 1, sizeof *p->ids);
	for (size_t k = 0; k < h->nids; k++)
		p->ids[k] = arena_strdup(s->a, h->ids[k]);
	p->nids = h->nids;
	p->links = arena_array(s->a, h->nlinks ? h->nlinks : 1, sizeof *p->links);
	/* the harvest's links share a copy of each target (copy_target()):
	 * the last few copies and what they interned to are remembered */
	const char *from[8] = { NULL }, *to[8] = { NULL };
	unsigned next = 0;
	for (size_t k = 0; k < h->nlinks; k++) {
		const struct link_record *r = &h->links[k];
		const char *path = NULL;
		for (unsigned j = 0; j < 8 && !path; j++)
			if (from[j] == r->path)
				path = to[j];
		if (!path) {
			path = intern(s, r->path, strlen(r->path));
			from[next & 7] = r->path;
			to[next++ & 7] = path;
		}
		p->links[k] = (struct link_record){
			path, r->fragment ? intern(s, r->fragment, strlen(r->fragment)) : NULL, r->loc };
	}
	p->nlinks = h->nlinks;
	/* grouped by target (one copy of each, so the pointer tells): the
	 * check looks each target up once, and the cache writes it once */
	if (p->nlinks > 1)
		sort_by_path(p->links, p->nlinks);
	free(h->ids);
	free(h->links);
	*h = (struct link_harvest){ 0 };
}

void link_collect(struct site *s, struct page *p)
{
	/* link_keep() keeps copies of what the harvest decodes: the harvest's
	 * own strings go with it (in the build's arena, the claims and spec
	 * pages of ten thousand chapters left 20 MB there) */
	struct arena tmp = ARENA_INIT;
	struct link_harvest h;
	link_harvest(s, &tmp, p, p->dom, &h);
	link_keep(s, p, &h);
	arena_free(&tmp);
}

/* Does a link to #id of p land (find_anchor())?  A link from another page
 * keeps its fragment as written: the site's script takes it to the anchor
 * as GitHub's does (site.js). */
static int page_has_id(const struct page *p, const char *id)
{
	return find_anchor((const char *const *)p->ids, p->nids, id) != NULL;
}


/* The site's pages and files by path: open addressing, for the millions
 * of lookups of a big book's links.  A slot holds the path's hash and a
 * copy of it in one pool, so that a lookup stays in a table small enough
 * for the cache (following each page's path pointer, and a sorted array's
 * dozen strcmp() calls before that, cost a rebuild most of its check). */
struct target {
	uint64_t hash;
	const char *path;            /* in the pool; NULL: an empty slot */
	const struct page *page;     /* NULL: a file */
	int reused;                  /* the page is the last build's */
};

struct page_table {
	struct target *slots;
	size_t mask;
	char *pool;
};

static void table_add(struct page_table *t, const char *path, const struct page *p, char **pool)
{
	size_t len = strlen(path);
	uint64_t h = path_hash(path, len);
	size_t k = (size_t)h & t->mask;
	while (t->slots[k].path) {
		if (t->slots[k].hash == h && !strcmp(t->slots[k].path, path))
			return;   /* the first of a path wins, as a search would find it */
		k = (k + 1) & t->mask;
	}
	t->slots[k] = (struct target){ h, memcpy(*pool, path, len + 1), p, p && p->reused };
	*pool += len + 1;
}

static void table_init(struct page_table *t, const struct site *s)
{
	size_t n = s->npages + s->nfiles, cap = 16, bytes = 1;
	while (cap < 2 * n)
		cap *= 2;
	for (size_t i = 0; i < s->npages; i++)
		bytes += strlen(s->pages[i].path) + 1;
	for (size_t i = 0; i < s->nfiles; i++)
		bytes += strlen(s->files[i].path) + 1;
	t->slots = xcalloc(cap, sizeof *t->slots);
	t->mask = cap - 1;
	t->pool = xmalloc(bytes);
	char *pool = t->pool;
	for (size_t i = 0; i < s->npages; i++)
		table_add(t, s->pages[i].path, &s->pages[i], &pool);
	for (size_t i = 0; i < s->nfiles; i++)
		table_add(t, s->files[i].path, NULL, &pool);
}

/* Returns the page or file at path (of len bytes), or NULL when the site
 * has neither. */
static const struct target *table_find_len(const struct page_table *t, const char *path, size_t len)
{
	uint64_t h = path_hash(path, len);
	for (size_t k = (size_t)h & t->mask; t->slots[k].path; k = (k + 1) & t->mask)
		if (t->slots[k].hash == h && !memcmp(t->slots[k].path, path, len + 1))
			return &t->slots[k];
	return NULL;
}

static const struct target *table_find(const struct page_table *t, const char *path)
{
	return table_find_len(t, path, strlen(path));
}

/* ---- links as the cache keeps them ---- */

/* A link's file is mostly the one the page's first link was written in: it
 * is then written as a mark. */
#define FILE_OF_PAGE 1
#define FILE_NAMED 0

void link_put(struct buf *b, const struct page *p)
{
	if (p->kept) {   /* reused: as it was kept */
		pack_put_u64(b, p->kept_len);
		buf_add(b, p->kept, p->kept_len);
		return;
	}
	struct buf all = BUF_INIT, group = BUF_INIT;
	buf_grow(&all, 32 * p->nlinks + 64);   /* about what they take: not grown by doubling */
	const char *file = p->nlinks ? p->links[0].loc.file : NULL;
	pack_put_str(&all, file);
	size_t ngroups = 0;
	for (size_t k = 0; k < p->nlinks; k++)
		ngroups += k == 0 || p->links[k].path != p->links[k - 1].path;
	pack_put_u64(&all, ngroups);
	for (size_t from = 0, to; from < p->nlinks; from = to) {
		for (to = from + 1; to < p->nlinks && p->links[to].path == p->links[from].path; to++)
			;
		buf_reset(&group);
		pack_put_u64(&group, to - from);
		for (size_t k = from; k < to; k++) {
			const struct link_record *l = &p->links[k];
			pack_put_str(&group, l->fragment);
			if (l->loc.file && file && (l->loc.file == file || !strcmp(l->loc.file, file))) {
				pack_put_u64(&group, FILE_OF_PAGE);
			} else {
				pack_put_u64(&group, FILE_NAMED);
				pack_put_str(&group, l->loc.file);
			}
			pack_put_u64(&group, (uint64_t)l->loc.line);
			pack_put_u64(&group, (uint64_t)l->loc.col);
		}
		pack_put_str(&all, p->links[from].path);
		pack_put_u64(&all, group.len);
		buf_add(&all, group.data, group.len);
	}
	pack_put_u64(b, all.len);
	buf_add(b, all.data, all.len);
	buf_release(&group);
	buf_release(&all);
}

/* ---- the check ---- */

/* A broken link of the template is on every page made from it: it is
 * reported once, with the number of pages, when the check is done. */
struct template_break {
	struct srcloc loc;
	const char *path, *fragment;   /* fragment NULL: no such page */
	size_t pages;
};

struct breaks {
	const struct site *s;
	const char *template_path;
	struct template_break *list;
	size_t n, cap;
	int guesses;                   /* route_page()'s, this run */
};

static void template_break(struct breaks *b, const struct link_record *r, int missing)
{
	const char *fragment = missing ? NULL : r->fragment;
	for (size_t i = 0; i < b->n; i++) {
		struct template_break *t = &b->list[i];
		if (t->loc.line == r->loc.line && !strcmp(t->path, r->path) &&
		    !t->fragment == !fragment && (!fragment || !strcmp(t->fragment, fragment))) {
			t->pages++;
			return;
		}
	}
	*ARRAY_PUSH(b->list, b->n, b->cap) = (struct template_break){ r->loc, r->path, fragment, 1 };
}

static void report_template_breaks(struct breaks *b)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct template_break *t = &b->list[i];
		if (t->fragment)
			diag_error(t->loc, "broken link: no anchor '#%s' on %s (on %zu page%s made from "
				   "the template)", t->fragment, t->path, t->pages, t->pages == 1 ? "" : "s");
		else
			diag_error(t->loc, "broken link: no page '%s' in the site (on %zu page%s made "
				   "from the template)", t->path, t->pages, t->pages == 1 ? "" : "s");
	}
	free(b->list);
}

/* What the check of a run of pages found wrong, in their order: the
 * pages are checked on every core, and what is wrong is reported
 * afterwards, in page order, as one thread would have (so the diagnostics
 * and those a file's cap keeps do not depend on the threads). */
struct finding {
	struct link_record r;
	const struct page *target;   /* the page linked to; NULL: a file, or missing */
	int missing;
};

struct findings {
	struct finding *list;
	size_t n, cap;
	int stale;                   /* a page taken from the last build has one */
};

/* Notes link r of a page to the page target (NULL: a file, or nothing:
 * missing) when it is broken. */
static void check_one(struct findings *f, const struct link_record *r, const struct page *target,
		      int missing)
{
	if (missing || (target && r->fragment && !page_has_id(target, r->fragment)))
		*ARRAY_PUSH(f->list, f->n, f->cap) = (struct finding){ *r, target, missing };
}

/* Does path name a folder of the site that holds pages or files (a
 * chapter's code/ beside it, with no README to be its page)? */
static int site_folder(const struct site *s, const char *path)
{
	size_t n = strlen(path);
	while (n && path[n - 1] == '/')
		n--;
	if (!n)
		return 0;
	for (size_t i = 0; i < s->nfiles; i++)
		if (!strncmp(s->files[i].path, path, n) && s->files[i].path[n] == '/')
			return 1;
	for (size_t i = 0; i < s->npages; i++)
		if (!strncmp(s->pages[i].path, path, n) && s->pages[i].path[n] == '/')
			return 1;
	return 0;
}

/* Returns whether path, a file the site lacks, is a regular file of
 * content/ all the same: one the build withheld (a page, a script, an
 * SVG with a script in it), whose warning says why.  lstat(): a link is
 * not followed, and a path that climbs out is not looked at. */
static int withheld(const struct site *s, const char *path)
{
	if (!s->book || !s->book->root || strstr(path, "..") || path[0] == '/')
		return 0;
	struct buf disk = BUF_INIT;
	buf_addf(&disk, "%s/content/%s", s->book->root, path);
	struct stat st;
	int yes = lstat(disk.data, &st) == 0 && S_ISREG(st.st_mode);
	buf_release(&disk);
	return yes;
}

/* Is path (below content/) a file there that the site leaves out for a
 * name of it that begins with a dot (.rumdl.toml, .vscode/x.json)? */
static int dot_file(const struct site *s, const char *path)
{
	int dotted = path[0] == '.';
	for (const char *p = path; (p = strchr(p, '/')); p++)
		dotted |= p[1] == '.';
	return dotted && withheld(s, path);
}

/* A link written as another tool's route to a page (Docusaurus, a site's
 * own paths: /gpu-glossary/device-software/warp, /getting-started/x/)
 * where a chapter's file is that path with .md, or with README.md, from
 * the root or any folder of content/ (gpu-glossary/device-software/warp.md,
 * docs/getting-started/x.md): returns that chapter's file below content/,
 * else NULL.  Looked for a limited number of times a run (a book of a
 * hundred thousand such links and as many chapters stays linear). */
#define ROUTE_GUESSES_MAX 200

static const char *route_find(const struct book *book, const char *path, size_t n)
{
	for (size_t i = 0; i < book->nchapters; i++) {
		const char *src = book->chapters[i].source;
		size_t sl = strlen(src), k;
		for (int readme = 0; readme < 2; readme++) {
			const char *tail = readme ? "/README.md" : ".md";
			size_t tl = strlen(tail);
			if (sl < n + tl || strcmp(src + sl - tl, tail))
				continue;
			k = sl - tl - n;   /* where the route would begin in src */
			if (!memcmp(src + k, path, n) && (k == 0 || src[k - 1] == '/'))
				return src;
		}
	}
	return NULL;
}

static const char *route_page(struct breaks *b, const char *path)
{
	size_t n = strlen(path);
	while (n && path[n - 1] == '/')
		n--;
	if (!n || memchr(path, '.', n) || b->guesses++ >= ROUTE_GUESSES_MAX)
		return NULL;   /* a file with an extension is no route */
	const char *src = route_find(b->s->book, path, n);
	if (!src && memchr(path, '/', n)) {
		/* a Jekyll collection's route: /tutorials/zero/ is
		 * _tutorials/zero.md (DeepSpeed's docs/) */
		char *under = xmalloc(n + 2);
		under[0] = '_';
		memcpy(under + 1, path, n);
		under[n + 1] = '\0';
		src = route_find(b->s->book, under, n + 1);
		free(under);
	}
	return src;
}

/* Reports broken link r (check_one()), or keeps it for
 * report_template_breaks().  Returns 1 for an error, 0 for a warning. */
static int report_broken(struct breaks *b, const struct link_record *r, const struct page *target,
			 int missing)
{
	if (b->template_path && r->loc.file && !strcmp(r->loc.file, b->template_path)) {
		template_break(b, r, missing);
		return 1;
	}
	size_t plen = strlen(r->path);
	if (missing && site_folder(b->s, r->path)) {
		/* GitHub lists a folder's files; a static site has no such page */
		diag_report(DIAG_WARNING, r->loc, 0,
			    "hint: link to a file in it, or give it a README.md (its page); "
			    "its files are in the site",
			    "link to the folder '%s', which has no page in the site (GitHub lists "
			    "its files; a static site cannot)", r->path);
		return 0;
	}
	if (missing && dot_file(b->s, r->path)) {
		/* GitHub shows it; the site publishes no dot-file (.vscode/,
		 * .env: a tool's settings, or a secret) */
		diag_report(DIAG_WARNING, r->loc, 0,
			    "hint: link to it on GitHub, or copy what the reader needs into a file "
			    "without the dot",
			    "link to '%s', which is in content/ but not published (the site publishes "
			    "no file or folder whose name begins with a dot)", r->path);
		return 0;
	}
	if (!missing)
		return report_no_anchor(b->s, r->loc, (const char *const *)target->ids, target->nids,
					r->fragment, target->path, target->source);
	int file = plen < 5 || strcmp(r->path + plen - 5, ".html");
	int strict = broken_is_error(b->s, r->loc);
	const char *route = file ? route_page(b, r->path) : NULL;
	char *near = route ? arena_printf(b->s->a, "hint: did you mean the chapter %s? Link to "
					  "/%s: GitHub finds it too, and specbook names its page.",
					  route, route) : NULL;
	char *hint = broken_hint(strict, near ? near : file ?
		"hint: the files beside the chapters in content/ are copied into the site: "
		"put it there (or fix the link)" :
		"hint: link to a chapter by its .md file (specbook names its page), "
		"or fix the page's name", near, 0);
	if (withheld(b->s, r->path)) {
		struct buf h = BUF_INIT;
		buf_addf(&h, "hint: see the warning at content/%s (a file a browser would run as "
			 "the site itself is not published): link to something else, or make it a "
			 "plain file", r->path);
		diag_report(strict ? DIAG_ERROR : DIAG_WARNING, r->loc, 0, h.data,
			    "broken link: '%s' is in content/ but not published", r->path);
		buf_release(&h);
	} else if (file)
		diag_report(strict ? DIAG_ERROR : DIAG_WARNING, r->loc, 0, hint,
			    "broken link: no file '%s' in the site (no content/%s)", r->path, r->path);
	else
		diag_report(strict ? DIAG_ERROR : DIAG_WARNING, r->loc, 0, hint,
			    "broken link: no page '%s' in the site", r->path);
	free(hint);
	return strict;
}

static void check_links(const struct page_table *t, struct findings *f, const struct page *p)
{
	const char *last = NULL;
	const struct target *to = NULL;
	for (size_t i = 0; i < p->nlinks; i++) {
		const struct link_record *r = &p->links[i];
		if (r->path != last)   /* links come grouped by target */
			to = table_find(t, last = r->path);
		check_one(f, r, to ? to->page : NULL, !to);
	}
}

/* A reused page's links (link_put()): both ends as the last build checked
 * them unless the target was made again or is gone, so most groups are
 * skipped unread. */
static void check_kept(const struct page_table *t, struct findings *f, const struct page *p)
{
	struct pack_reader r = { p->kept, p->kept + p->kept_len, 0, NULL, NULL, 1 };
	const char *file = pack_get_str(&r);
	uint64_t ngroups = pack_get_u64(&r);
	for (uint64_t g = 0; g < ngroups && !r.bad; g++) {
		const char *path = pack_get_str(&r), *at = r.p;
		uint64_t len = pack_get_u64(&r);
		if (!path || r.bad || len > (uint64_t)(r.end - r.p)) {
			r.bad = 1;
			break;
		}
		const char *end = r.p + len;
		/* its length known from the record (borrowed: the string ends
		 * where its number begins), not measured again: a rebuild of
		 * 1000 chapters looks up 43 000 groups */
		const struct target *to = table_find_len(t, path, (size_t)(at - path) - 1);
		/* a page of the last build, or a file: as checked then */
		if (to && (to->reused || !to->page)) {
			r.p = end;
			continue;
		}
		uint64_t n = pack_get_u64(&r);
		for (uint64_t i = 0; i < n && !r.bad; i++) {
			struct link_record l = { path, pack_get_str(&r), { file, 0, 0 } };
			if (pack_get_u64(&r) != FILE_OF_PAGE)
				l.loc.file = pack_get_str(&r);
			l.loc.line = (int)pack_get_u64(&r);
			l.loc.col = (int)pack_get_u64(&r);
			if (!r.bad)
				check_one(f, &l, to ? to->page : NULL, !to);
		}
		r.bad |= r.p != end;
	}
	if (r.bad || r.p != r.end)
		f->stale = 1;   /* a damaged record: as a link that does not resolve */
}

/* Pages checked together on one core: the runs go to every core (the
 * check of 10 000 chapters' pages took 0.115 s of a full build on one;
 * of 1000, after one changed, 2 ms of a 25 ms rebuild) */
#define CHECK_RUN 64

struct check_job {
	const struct site *s;
	const struct page_table *t;
	struct findings *runs;       /* one for each run of CHECK_RUN pages */
};

static void check_run(void *ctx, size_t k, struct arena *arena)
{
	(void)arena;
	struct check_job *job = ctx;
	size_t from = k * CHECK_RUN, to = from + CHECK_RUN;
	if (to > job->s->npages)
		to = job->s->npages;
	for (size_t i = from; i < to; i++) {
		const struct page *p = &job->s->pages[i];
		if (p->kept) {
			size_t before = job->runs[k].n;
			check_kept(job->t, &job->runs[k], p);
			job->runs[k].stale |= job->runs[k].n > before;
		} else
			check_links(job->t, &job->runs[k], p);
	}
}

int link_check(struct site *s)
{
	struct page_table t;
	table_init(&t, s);
	size_t nruns = (s->npages + CHECK_RUN - 1) / CHECK_RUN;
	struct check_job job = { s, &t, xcalloc(nruns ? nruns : 1, sizeof *job.runs) };
	work_each(s->pool, s->a, nruns, 2, check_run, &job);
	int stale = 0;
	for (size_t k = 0; k < nruns; k++)
		stale |= job.runs[k].stale;
	struct breaks b = { s, s->book->template_path, NULL, 0, 0, 0 };
	int errors = 0;
	for (size_t k = 0; k < nruns; k++) {
		for (size_t i = 0; i < job.runs[k].n && !stale; i++) {
			const struct finding *f = &job.runs[k].list[i];
			errors += report_broken(&b, &f->r, f->target, f->missing);
		}
		free(job.runs[k].list);
	}
	free(job.runs);
	if (stale)
		free(b.list);
	else
		report_template_breaks(&b);
	free(t.slots);
	free(t.pool);
	return stale ? LINK_CACHE_STALE : errors ? -1 : 0;
}
