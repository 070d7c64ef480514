/*
 * build.c — from a loaded book to a finished site (see build.h): the
 * orchestrator of the site layer, the one that calls every stage.
 *
 * Chapters are rendered in parallel (by the --jobs workers of the pool,
 * core/work.h, each with its own arena); everything after
 * that is sequential and in chapter order, so the output does not depend on
 * which thread rendered what.  What the main thread finishes while chapters
 * render but need not write itself (a long book's claims pages, serialized;
 * the search parts, deflated) goes to a work line (core/work.h), a thread
 * beside it.  What a build takes from the last one it
 * asks of the reuse layer (site.h), which main.c hands over.
 */
#include "site/build.h"
#include "core/builtin.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/files.h"
#include "core/work.h"
#include "render/lang.h"
#include "site/link.h"
#include "site/page.h"
#include "site/pages.h"
#include "search/search.h"
#include "render/typeset.h"
#include "site/svg.h"
#include "site/vendor.h"
#include "site/write.h"
#include "book/spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* ---- parallel rendering ---- */

/* Chapters rendered per thread before their pages are written and freed:
 * large enough to keep the threads busy, small enough to bound memory. */
#define RENDER_BATCH_PER_JOB 32

struct render_batch;

static void chapter_page(const struct site *s, size_t i, struct arena *ar);

/*
 * A batch of chapters rendered in the background, by the pool's workers
 * (core/work.h): while they render batch k+1, the main thread finishes
 * batch k's pages (assembles, links, writes them, indexes them for
 * search), which is the larger half of a chapter's cost and touches only
 * the main thread's data.  Each batch has its own arenas (texts, trees),
 * one per slot of the pool, freed when its pages are done.
 */
struct render_batch {
	struct site *s;
	const struct render_env *env;   /* what every chapter's rendering shares */
	size_t from;                 /* chapters from..from+n-1 */
	struct work_task *task;
	struct arena *arenas;        /* one per slot: its chapters' texts and trees */
	struct search_index **search;   /* one per slot, emptied and used again for each chapter */
};

/* Renders chapter from+k of the batch, on the pool's thread of slot. */
static void render_one(void *ctx, size_t k, int slot)
{
	struct render_batch *rb = ctx;
	const struct site *s = rb->s;
	const struct book *b = s->book;
	size_t i = rb->from + k;
	struct arena *arena = &rb->arenas[slot];
	if (site_reused(s, i))
		return;   /* taken from the last build, its search part too */
	/* its text, read here (in parallel) and let go with the batch (the
	 * book's const chapters get and lose their text here only) */
	if (book_chapter_text(arena, b, (struct chapter *)&b->chapters[i]))
		return;   /* reported: gone or changed since it was loaded */
	struct rendered *r = &rb->s->chapters[i];
	/* its errors are reported: the build asks diag_failed() */
	render_chapter(b, &b->chapters[i], arena, rb->env, r);
	/* the page and the search tokens are most of a chapter's cost:
	 * made here, in parallel; the main thread writes and merges */
	chapter_page(s, i, arena);
	if (!rb->search[slot])
		rb->search[slot] = search_index_new();
	r->search = pages_search_prepare(s, i, r, rb->search[slot], &r->search_len);
}

/* Starts rendering chapters from..to-1. */
static void batch_start(struct site *s, struct render_batch *rb, size_t from, size_t to)
{
	rb->s = s;
	rb->from = from;
	rb->task = work_start(s->pool, to - from, render_one, rb);
}

/* Waits for the batch's rendering to end (rendering what no worker has
 * taken). */
static void batch_wait(struct render_batch *rb)
{
	work_wait(rb->task);
	rb->task = NULL;
}

/* Frees what the batch's rendering allocated. */
static void batch_release(struct render_batch *rb, int slots)
{
	for (int j = 0; j < slots; j++) {
		arena_free(&rb->arenas[j]);
		search_index_free(rb->search[j]);
		rb->search[j] = NULL;
	}
}

/* ---- chapter pages ---- */

static void pager_link(struct arena *ar, struct dom_node *nav, const struct chapter *c,
		       const char *cls, const char *zh, const char *en)
{
	struct dom_node *a = dom_elem_class(nav, "a", cls);
	dom_attr(a, "href", arena_cat(ar, "/", c->page, (char *)NULL));
	if (!strcmp(cls, "prev"))
		dom_attr(a, "rel", "prev");
	else
		dom_attr(a, "rel", "next");
	struct dom_node *label = dom_elem_class(a, "span", "pager-label bi");
	struct dom_node *z = dom_elem(label, "span");
	dom_attr(z, "lang", "zh-Hans");
	dom_texts(z, zh);
	dom_texts(label, " ");
	struct dom_node *e = dom_elem(label, "span");
	dom_attr(e, "lang", "en");
	dom_texts(e, en);
	dom_texts(a, " ");
	struct dom_node *t = dom_elem_class(a, "span", "pager-title");
	if (c->title.zh && c->title.en)
		lang_bitext(t, (struct bitext){ c->title.zh, c->title.en });
	else
		dom_texts(t, c->title.en ? c->title.en : c->title.zh);
}

/*
 * Makes chapter i's page from what render made of it, on its rendering
 * thread: assembled (strings in ar), its links harvested and rewritten,
 * serialized, written and its tree freed.  The main thread keeps its links
 * (chapter_done()).
 */
static void chapter_page(const struct site *s, size_t i, struct arena *ar)
{
	const struct book *b = s->book;
	const struct chapter *c = &b->chapters[i];
	struct rendered *r = &s->chapters[i];
	const char *title = c->title.zh && c->title.en
		? arena_cat(ar, c->title.zh, " ", c->title.en, (char *)NULL)
		: c->title.en ? c->title.en : c->title.zh;
	struct dom_page *dom = page_dom_new(s, ar, c->page, title, c);
	int need = (r->has_math ? VENDOR_MATH : 0) | (r->has_code ? VENDOR_CODE : 0);
	vendor_require(s, arena_printf(ar, "content/%s", c->source), need);
	vendor_head(s, dom, need);
	if (r->content) {
		if (s->has_print)
			s->print_parts[i] = dom_copy(dom_first_element(r->content));
		dom_page_fill(dom, "content", r->content);
	}
	if (r->toc)
		dom_page_fill(dom, "toc", r->toc);
	r->content = r->toc = NULL;
	struct dom_node *pager = dom_fragment();
	if (i > 0)
		pager_link(ar, pager, &b->chapters[i - 1], "prev", "上一章", "Previous");
	if (i + 1 < b->nchapters)
		pager_link(ar, pager, &b->chapters[i + 1], "next", "下一章", "Next");
	dom_page_fill(dom, "pager", pager);
	/* in a long book, its section of its part's claims page: the rows
	 * were a third of the main thread's work per chapter */
	if (s->claims_split)
		r->claims_section = pages_claims_section(s, i);
	struct page p = { .path = c->page, .source = c->path };
	link_harvest(s, ar, &p, dom, &r->links);
	if (!s->writes) {   /* a check: nothing is written */
		dom_page_free(dom);
		return;
	}
	struct buf html = BUF_INIT;
	buf_grow(&html, 64 * 1024);   /* a chapter's page, mostly: not grown by doubling */
	typeset_page_serialize(dom, &html);
	dom_page_free(dom);
	/* creating files is much of the kernel's share of a build: here it
	 * runs beside the main thread's work (a failure is reported, and
	 * fails the build: diag_failed()) */
	write_html(s, ar, c->page, html.data ? html.data : "", html.len);
	buf_release(&html);
}

/* Chapter i's page, made on its rendering thread, joins the site. */
static struct page *chapter_page_add(struct site *s, size_t i)
{
	const struct chapter *c = &s->book->chapters[i];
	struct rendered *r = &s->chapters[i];
	struct page *p = site_page_add(s);
	p->path = c->page;
	p->source = c->path;
	link_keep(s, p, &r->links);
	int disputed = 0;
	for (size_t k = 0; k < r->nclaims; k++)
		disputed += r->claims[k].span.disputed != 0;
	site_count_chapter(s, i, (int)r->nclaims, disputed);
	return p;
}

static const char *keep_str(struct site *s, const char *t)
{
	return t ? arena_strdup(s->a, t) : NULL;
}

/*
 * Once chapter i's pages are done, keeps in the build's arena what the
 * book-level pages still need (its mentions; its claims, or in a long book
 * only the disputed ones) and forgets the rest, so that the rendering
 * arenas can be emptied after each batch.
 */
static void keep_chapter(struct site *s, size_t i)
{
	struct rendered *r = &s->chapters[i];
	/* headings (for the titles of section links), and the mentions, whose
	 * section is one of the headings' ids, the same pointer */
	struct heading *h = arena_array(s->a, r->nheadings ? r->nheadings : 1, sizeof *h);
	for (size_t k = 0; k < r->nheadings; k++)
		h[k] = (struct heading){ r->headings[k].level, keep_str(s, r->headings[k].id),
					 { keep_str(s, r->headings[k].title.zh),
					   keep_str(s, r->headings[k].title.en) }, NULL };
	struct mention *m = arena_array(s->a, r->nmentions ? r->nmentions : 1, sizeof *m);
	for (size_t k = 0; k < r->nmentions; k++) {
		const char *sect = r->mentions[k].section;
		size_t at = 0;
		while (sect && at < r->nheadings && r->headings[at].id != sect)
			at++;
		m[k] = (struct mention){ keep_str(s, r->mentions[k].row), keep_str(s, r->mentions[k].term),
					 sect && at < r->nheadings ? h[at].id : keep_str(s, sect) };
	}
	r->headings = h;
	r->mentions = m;
	r->claims_total = r->nclaims;
	r->claims_disputed = 0;
	size_t kept = 0, keep = 0;
	for (size_t k = 0; k < r->nclaims; k++)
		keep += !s->claims_split || r->claims[k].span.disputed;
	/* room for those kept only: for every claim, a long book's records
	 * took 27 MB at ten thousand chapters */
	struct claim_record *c = arena_array(s->a, keep ? keep : 1, sizeof *c);
	for (size_t k = 0; k < r->nclaims; k++) {
		const struct claim_record *from = &r->claims[k];
		r->claims_disputed += from->span.disputed != 0;
		if (s->claims_split && !from->span.disputed)
			continue;
		struct claim_record *to = &c[kept++];
		memset(to, 0, sizeof *to);
		to->span.kind = from->span.kind;
		to->span.disputed = from->span.disputed;
		to->span.counterexample = from->span.counterexample;
		to->span.relation = keep_str(s, from->span.relation);
		to->span.stated = keep_str(s, from->span.stated);
		to->span.derivation = keep_str(s, from->span.derivation);
		to->span.computed = keep_str(s, from->span.computed);
		to->span.correction = keep_str(s, from->span.correction);
		to->span.slip = keep_str(s, from->span.slip);
		to->loc = from->loc;
		to->anchor = keep_str(s, from->anchor);
		to->section = keep_str(s, from->section);
	}
	r->claims = c;
	r->nclaims = kept;
	/* the quantities left unchecked, for check --unchecked */
	struct unchecked_record *u = arena_array(s->a, r->nunchecked_list ? r->nunchecked_list : 1,
						 sizeof *u);
	for (size_t k = 0; k < r->nunchecked_list; k++)
		u[k] = (struct unchecked_record){ r->unchecked_list[k].loc,
						  keep_str(s, r->unchecked_list[k].text),
						  keep_str(s, r->unchecked_list[k].why) };
	r->unchecked_list = u;
	s->stats.per_chapter[i].unchecked_list = u;
	/* the figures to remember, for figures.html */
	struct key_figure *kf = arena_array(s->a, r->nkeys ? r->nkeys : 1, sizeof *kf);
	for (size_t k = 0; k < r->nkeys; k++) {
		const struct key_figure *from = &r->keys[k];
		kf[k] = (struct key_figure){ { keep_str(s, from->meaning.zh), keep_str(s, from->meaning.en) },
					     keep_str(s, from->shown), keep_str(s, from->relation),
					     keep_str(s, from->derivation), keep_str(s, from->computed),
					     keep_str(s, from->anchor), keep_str(s, from->section),
					     from->line, 0, 0, 0 };
	}
	r->keys = kf;
	/* and the questions, for the flashcards */
	struct quiz_record *qr = arena_array(s->a, r->nquizzes ? r->nquizzes : 1, sizeof *qr);
	for (size_t k = 0; k < r->nquizzes; k++) {
		const struct quiz_record *from = &r->quizzes[k];
		qr[k] = (struct quiz_record){ keep_str(s, from->anchor),
					      { keep_str(s, from->question.zh), keep_str(s, from->question.en) },
					      keep_str(s, from->key),
					      { keep_str(s, from->choice.zh), keep_str(s, from->choice.en) },
					      { keep_str(s, from->explain.zh), keep_str(s, from->explain.en) } };
	}
	r->quizzes = qr;
	r->sections = NULL;
	r->nsections = 0;
}

/* Chapter i's part of its part's claims page in a long book (see
 * pages_chapter_claims()): when it begins the part, the page may be taken
 * from the last build instead (the reuse layer's claims_page(); the part's
 * chapters are all rendered or read again by then: build_site()'s batches
 * hold whole parts), and then none of the part's chapters adds to it.
 * Returns the page's index in s->pages when chapter i ends the part, else
 * (size_t)-1.  *taken, the build's, is the part's page taken from the last
 * build: its index in s->pages + 1; 0: none. */
static size_t chapter_claims(struct site *s, size_t i, size_t *taken)
{
	const struct book *b = s->book;
	size_t first = i - i % SEARCH_PART_CHAPTERS;
	size_t last = first + SEARCH_PART_CHAPTERS < b->nchapters ? first + SEARCH_PART_CHAPTERS - 1
								 : b->nchapters - 1;
	if (i == first) {
		size_t n = s->npages;
		*taken = s->reuse && s->reuse->claims_page &&
			 s->reuse->claims_page(s, first, last, pages_claims_path(s, i)) ? n + 1 : 0;
	}
	if (*taken) {
		dom_free(s->chapters[i].claims_section);   /* not needed */
		s->chapters[i].claims_section = NULL;
		return i == last ? *taken - 1 : (size_t)-1;
	}
	struct page *p = pages_chapter_claims(s, i);
	if (!p)
		return (size_t)-1;
	page_done(s, p);
	return (size_t)(p - s->pages);
}

/* A reindexed chapter (site_reindexed()) of a long book, whose claims were
 * all read from the cache: they go on its part's claims page, made again
 * (and saved with the chapter's record when it ends the part); then only
 * the disputed ones are kept, as keep_chapter() keeps them. */
static void reindexed_claims(struct site *s, size_t i, size_t page, size_t *taken)
{
	struct rendered *r = &s->chapters[i];
	if (!s->claims_split)
		return;
	size_t claims = chapter_claims(s, i, taken);
	if (claims != (size_t)-1)
		s->reuse->keep_chapter(s, i, page, claims);
	size_t kept = 0;
	for (size_t k = 0; k < r->nclaims; k++)
		if (r->claims[k].span.disputed)
			r->claims[kept++] = r->claims[k];
	r->nclaims = kept;
}

/* Chapter i is rendered: its page, its part of the search index, its
 * claims page in a long book (*claims_taken: see chapter_claims()); then
 * only what the book pages need is kept. */
static void chapter_done(struct site *s, size_t i, size_t *claims_taken)
{
	/* what print.html loads: what the chapters need, all of it when one
	 * is taken from the last build (which does not keep that) */
	s->vendor_need |= site_reused(s, i) ? VENDOR_MATH | VENDOR_CODE
		: (s->chapters[i].has_math ? VENDOR_MATH : 0) | (s->chapters[i].has_code ? VENDOR_CODE : 0);
	if (site_reused(s, i)) {
		size_t page = s->reuse->take_chapter(s, i);
		s->stats.reused++;
		if (site_reindexed(s, i)) {
			s->stats.reindexed++;
			reindexed_claims(s, i, page, claims_taken);
		}
		pages_search_chapter(s, i);
		return;
	}
	struct page *p = chapter_page_add(s, i);
	size_t page = (size_t)(p - s->pages);
	size_t claims = s->claims_split ? chapter_claims(s, i, claims_taken) : (size_t)-1;
	/* not waiting for the claims page on the line: its stat is taken when
	 * the build is done (waiting for it, and for the search part before it,
	 * kept this thread idle 0.46 s of a full build of 10 000 chapters) */
	if (s->reuse)
		s->reuse->keep_chapter(s, i, page, claims);
	pages_search_chapter(s, i);
	keep_chapter(s, i);
}

/* The book's templates/assets/ and the built-in assets (core/builtin.h):
 * a book's file replaces the built-in one of its name, and adds to them. */
static void add_assets(struct site *s)
{
	const struct book *b = s->book;
	size_t n = 0, nbuiltin;
	char **names = b->assets_dir ? files_list(s->a, b->assets_dir, "", &n) : NULL;
	for (size_t i = 0; i < n; i++) {
		struct site_file *f = ARRAY_PUSH(s->files, s->nfiles, s->capfiles);
		memset(f, 0, sizeof *f);
		f->path = arena_printf(s->a, "assets/%s", names[i]);
		f->disk_path = arena_printf(s->a, "%s/%s", b->assets_dir, names[i]);
	}
	static const char prefix[] = "default/templates/assets/";
	const struct builtin_file *builtin = builtin_under(prefix, &nbuiltin);
	for (size_t i = 0; i < nbuiltin; i++) {
		const char *name = builtin[i].path + sizeof prefix - 1;
		int own = 0;
		for (size_t k = 0; k < n && !own; k++)
			own = !strcmp(names[k], name);
		if (own)
			continue;
		struct site_file *f = ARRAY_PUSH(s->files, s->nfiles, s->capfiles);
		memset(f, 0, sizeof *f);
		f->path = arena_printf(s->a, "assets/%s", name);
		f->data = builtin[i].data;
		f->len = builtin[i].len;
	}
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Returns 1 if path, or a folder path names, is one of the sorted paths
 * (a file "specs" would take the place of the folder of spec pages). */
static int path_taken(const char **paths, size_t n, const char *path)
{
	size_t len = strlen(path), lo = 0, hi = n;
	while (lo < hi) {   /* the first path not before path */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(paths[mid], path) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < n && !strncmp(paths[i], path, len); i++)
		if (paths[i][len] == '\0' || paths[i][len] == '/')
			return 1;
	return 0;
}

/* The files beside the chapters (struct book's files), copied to the same
 * place in the site.  One that would take the place of a page or a file
 * the site makes is an error at it: run after every page and asset is
 * known.  An SVG image is read and checked (site/svg.h), and the bytes
 * checked (or what the check took out of them) are those written. */
static void add_content_files(struct site *s)
{
	const struct book *b = s->book;
	if (!b->nfiles)
		return;
	size_t n = s->npages + s->nfiles;
	const char **made = xcalloc(n ? n : 1, sizeof *made);
	for (size_t i = 0; i < s->npages; i++)
		made[i] = s->pages[i].path;
	for (size_t i = 0; i < s->nfiles; i++)
		made[s->npages + i] = s->files[i].path;
	qsort(made, n, sizeof *made, str_cmp);
	for (size_t i = 0; i < b->nfiles; i++) {
		const char *path = b->files[i];
		if (path_taken(made, n, path)) {
			diag_report(DIAG_ERROR, (struct srcloc){ arena_printf(s->a, "content/%s", path), 0, 0 },
				    0, "hint: rename it, or move it into a subfolder of content/",
				    "this file would take the place of the site's own '%s'", path);
			continue;
		}
		const char *disk = arena_printf(s->a, "%s/content/%s", b->root, path);
		size_t plen = strlen(path);
		char *data = NULL;
		size_t len = 0;
		if (plen > 4 && !strcasecmp(path + plen - 4, ".svg")) {
			/* what is published is the bytes checked, not the file read again */
			const char *shown = arena_printf(s->a, "content/%s", path);
			char *clean = NULL;
			size_t clean_len = 0;
			if (files_read_raw(s->a, disk, shown, &data, &len) ||
			    svg_check(s->a, shown, data, len, &clean, &clean_len))
				continue;
			if (clean) {
				data = clean;
				len = clean_len;
			}
		}
		struct site_file *f = ARRAY_PUSH(s->files, s->nfiles, s->capfiles);
		memset(f, 0, sizeof *f);
		f->path = path;
		f->disk_path = data ? NULL : disk;
		f->data = data;
		f->len = len;
	}
	free(made);
}

/* The slots pages fill: the template's data-slot elements must name these. */
static const char *const site_slots[] = { "title", "book-title", "nav", "toc", "content",
					  "pager", "footer" };
#define SITE_NSLOTS (sizeof site_slots / sizeof *site_slots)

/* Returns the index of name in site_slots, or SITE_NSLOTS. */
static size_t slot_index(const char *name)
{
	size_t k = 0;
	while (k < SITE_NSLOTS && strcmp(site_slots[k], name))
		k++;
	return k;
}

static void report_unknown_slot(struct srcloc at, const char *name)
{
	static const char known[] = "the slots are title, book-title, nav, toc, content, pager "
				    "and footer";
	struct spec_suggest sg;
	spec_suggest_init(&sg, name);
	for (size_t k = 0; k < SITE_NSLOTS; k++)
		spec_suggest_add(&sg, site_slots[k]);
	const char *best = spec_suggest_best(&sg);
	if (best)
		diag_report(DIAG_ERROR, at, 0, known,
			    "unknown slot data-slot=\"%s\" (did you mean \"%s\"?)", name, best);
	else
		diag_report(DIAG_ERROR, at, 0, known, "unknown slot data-slot=\"%s\"", name);
}

/* Checks the template's data-slot elements: a known name each, each name
 * once (a page fills one element per slot: a second would keep the
 * template's placeholder), and a content slot.  Returns 0 or -1 (reported). */
static int check_template_slots(const struct dom_template *tpl, const char *path)
{
	size_t n;
	const struct dom_slot *slots = dom_template_slots(tpl, &n);
	int first_line[SITE_NSLOTS] = { 0 }, seen[SITE_NSLOTS] = { 0 }, errors = 0;
	for (size_t i = 0; i < n; i++) {
		struct srcloc at = { path, slots[i].line, 0 };
		size_t k = slot_index(slots[i].name);
		if (k == SITE_NSLOTS) {
			report_unknown_slot(at, slots[i].name);
			errors++;
		} else if (seen[k]++) {
			diag_report(DIAG_ERROR, at, 0,
				    "a page fills one element per slot; remove this one or rename it",
				    "a second element with data-slot=\"%s\" (the first is at line %d)",
				    site_slots[k], first_line[k]);
			errors++;
		} else {
			first_line[k] = slots[i].line;
		}
	}
	if (!seen[slot_index("content")]) {
		diag_error((struct srcloc){ path, 0, 0 },
			   "the template has no element with data-slot=\"content\": pages would be empty");
		errors++;
	}
	return errors ? -1 : 0;
}

/* Ends stage ph of --timings, begun at *t (wall) and *cpu, and begins the next. */
static void phase_end(struct site *s, enum site_phase ph, double *t, double *cpu)
{
	double t1 = site_clock(), cpu1 = site_cpu_clock();
	s->stats.seconds[ph] = t1 - *t;
	s->stats.cpu_seconds[ph] = cpu1 - *cpu;
	*t = t1;
	*cpu = cpu1;
}

int build_site(const struct book *b, struct arena *a, const struct build_options *opts,
	       struct site_stats *stats)
{
	struct site s = { .book = b, .a = a, .verbose = opts->verbose,
			  .reuse = opts->reuse, .reuse_ctx = opts->reuse_ctx,
			  .pool = opts->pool };
	int rc = -1;
	s.tpl = b->template_text ? dom_template_parse(b->template_text, b->template_len,
						       b->template_path) : NULL;
	if (!s.tpl)
		return -1;
	if (check_template_slots(s.tpl, b->template_path)) {
		dom_template_free(s.tpl);
		return -1;
	}
	struct render_env env = { .links = autolink_new(b) };
	env.reserved_ids = dom_template_ids(s.tpl, &env.nreserved);
	size_t claims_taken = 0;
	s.chapters = arena_array(a, b->nchapters ? b->nchapters : 1, sizeof *s.chapters);
	s.print_parts = arena_array(a, b->nchapters ? b->nchapters : 1, sizeof *s.print_parts);
	int jobs = work_jobs(s.pool), slots = jobs + 1;
	struct render_batch rb[2];
	for (int k = 0; k < 2; k++)
		rb[k] = (struct render_batch){ .env = &env, .arenas = xcalloc((size_t)slots, sizeof(struct arena)),
					       .search = xcalloc((size_t)slots, sizeof(struct search_index *)) };
	s.has_print = b->nchapters <= PRINT_MAX_CHAPTERS;
	s.vendor = vendor_present();
	s.stats.chapters = (int)b->nchapters;
	s.stats.per_chapter = arena_array(a, b->nchapters ? b->nchapters : 1, sizeof *s.stats.per_chapter);

	/* Chapters stream through in batches (see struct render_batch): memory
	 * holds two batches, not the book. */
	double t = site_clock(), cpu = site_cpu_clock();
	s.claims_split = b->nchapters > CLAIMS_PAGE_MAX_CHAPTERS;
	s.writes = opts->write && !diag_failed() && write_begin(&s, opts->out, opts->out_scan) == 0;
	if (s.writes)
		s.line = work_line_start();
	if (s.reuse && s.writes)   /* (nothing is taken for a site not written) */
		s.reuse->begin(&s);
	size_t batch = (size_t)(jobs ? jobs : 1) * RENDER_BATCH_PER_JOB;
	/* whole parts: a part's claims page may be taken from the last build
	 * when the claims of all its chapters are as they were */
	if (s.reuse && s.claims_split)
		batch = (batch + SEARCH_PART_CHAPTERS - 1) / SEARCH_PART_CHAPTERS * SEARCH_PART_CHAPTERS;
	/* progress for big books, on a terminal only (a log gets the summary) */
	int progress = opts->verbose && b->nchapters > batch && isatty(STDERR_FILENO);
	if (b->nchapters)
		batch_start(&s, &rb[0], 0, batch < b->nchapters ? batch : b->nchapters);
	for (size_t k = 0, from = 0; from < b->nchapters; k++, from += batch) {
		size_t to = from + batch < b->nchapters ? from + batch : b->nchapters;
		if (progress) {
			fprintf(stderr, "\rspecbook: rendering chapters %zu–%zu of %zu…", from + 1, to,
				b->nchapters);
			fflush(stderr);   /* no newline: line-buffered stderr would keep it */
		}
		struct render_batch *now = &rb[k % 2], *next = &rb[(k + 1) % 2];
		batch_wait(now);
		if (to < b->nchapters)
			batch_start(&s, next, to, to + batch < b->nchapters ? to + batch : b->nchapters);
		for (size_t i = from; i < to; i++) {
			chapter_done(&s, i, &claims_taken);
			struct chapter *c = (struct chapter *)&b->chapters[i];
			c->text = c->body = NULL;
			c->body_len = 0;
		}
		batch_release(now, slots);
	}
	if (progress) {
		fprintf(stderr, "\rspecbook: building the index, spec pages, glossary, claims and search…\033[K");
		fflush(stderr);
	}
	phase_end(&s, PHASE_CHAPTERS, &t, &cpu);
	if (s.reuse)
		s.reuse->book_keys(&s);
	pages_build(&s);
	add_assets(&s);
	vendor_add_files(&s);
	add_content_files(&s);
	if (progress) {
		fprintf(stderr, "\r\033[K");
		fflush(stderr);
	}
	phase_end(&s, PHASE_BOOK_PAGES, &t, &cpu);
	int linked = link_check(&s);
	/* the book pages were serialized and written on the line beside the
	 * main thread, which went on to the next page and then to the link
	 * check: what the line still holds is written by now (the book pages
	 * of 10 000 chapters went from 0.111-0.120 s to 0.099-0.102 s, and
	 * the build's peak memory did not move) */
	work_line_finish(s.line);
	s.line = NULL;
	phase_end(&s, PHASE_LINKS, &t, &cpu);
	/* a failed write was reported: that and every other error is the
	 * diagnostics' to tell */
	if (linked == LINK_CACHE_STALE)
		rc = BUILD_CACHE_STALE;   /* written nothing: the caller builds again */
	else if (linked == 0 && !diag_failed()) {
		rc = 0;
		if (opts->write)
			rc = s.writes ? write_finish(&s) : -1;
		if (rc == 0 && opts->write && s.reuse)
			s.reuse->finish(&s);
	}
	phase_end(&s, PHASE_WRITE, &t, &cpu);
	if (rc)
		write_abort(&s);
	s.stats.pages = (int)s.npages;
	if (stats)
		*stats = s.stats;

	for (size_t i = 0; i < b->nchapters; i++) {
		dom_free(s.chapters[i].content);
		dom_free(s.chapters[i].toc);
		dom_free(s.print_parts[i]);
		dom_free(s.chapters[i].claims_section);
	}
	for (size_t i = 0; i < s.npages; i++)
		dom_page_free(s.pages[i].dom);
	free(s.pages);
	free(s.files);
	for (int k = 0; k < 2; k++) {
		batch_release(&rb[k], slots);
		free(rb[k].arenas);
		free(rb[k].search);
	}
	search_index_free(s.search);
	for (size_t i = 0; i < b->nchapters; i++) {
		if (!s.chapters[i].search_borrowed)
			free(s.chapters[i].search);
		free(s.chapters[i].links.ids);
		free(s.chapters[i].links.links);
	}
	dom_free(s.claims_frag);
	link_strings_free(&s);
	if (s.reuse)
		s.reuse->end(&s);
	free((void *)env.reserved_ids);
	autolink_free((struct autolinker *)env.links);
	dom_template_free(s.tpl);
	return rc;
}
