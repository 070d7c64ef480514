/*
 * pages.c — the book-level pages: index, spec tables, glossary, claims and
 * errata, search, print and 404.
 *
 * Each page is built from the book model and what render recorded about the
 * chapters (claims, mentions of spec rows, headings); links are written from
 * the site root and made relative by the link stage.
 */
#include "site/pages.h"
#include "site/page.h"
#include "site/cards.h"
#include "site/write.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/pack.h"
#include "core/url.h"
#include "core/work.h"
#include "render/chart.h"
#include "search/search.h"
#include "render/study.h"
#include "site/vendor.h"
#include "numbers/format.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Inline text in both languages (one if only one is given). */
static void bi(struct dom_node *parent, const char *zh, const char *en)
{
	lang_bitext(parent, (struct bitext){ zh, en });
}

/* Returns "1 table", "2 tables": n and the English noun that fits it. */
static const char *count_en(struct arena *a, size_t n, const char *one, const char *many)
{
	return arena_printf(a, "%zu %s", n, n == 1 ? one : many);
}

/* A block in both languages: <div class="pair"><tag lang=zh-Hans>…<tag lang=en>… */
static void bi_block(struct dom_node *parent, const char *tag, const char *zh, const char *en)
{
	if (zh && en) {
		struct dom_node *pair = dom_elem_class(parent, "div", "pair");
		struct dom_node *z = dom_elem(pair, tag);
		dom_attr(z, "lang", "zh-Hans");
		dom_texts(z, zh);
		struct dom_node *e = dom_elem(pair, tag);
		dom_attr(e, "lang", "en");
		dom_texts(e, en);
	} else if (zh || en) {
		struct dom_node *p = dom_elem(parent, tag);
		if (zh)
			dom_attr(p, "lang", "zh-Hans");
		dom_texts(p, zh ? zh : en);
	}
}

static struct dom_node *page_article(struct dom_node *frag, const char *cls,
				     const char *zh, const char *en)
{
	struct dom_node *art = dom_elem_class(frag, "article", cls);
	struct dom_node *h1 = dom_elem(dom_elem_class(art, "header", "chapter-head"), "h1");
	bi(h1, zh, en);
	return art;
}

static struct dom_node *section_h2(struct site *s, struct dom_node *parent, const char *id,
				   const char *zh, const char *en)
{
	struct dom_node *sec = dom_elem(parent, "section");
	struct dom_node *h = dom_elem(sec, "h2");
	dom_attr(h, "id", id);
	struct dom_node *a = dom_elem_class(h, "a", "anchor");
	dom_attr(a, "href", arena_printf(s->a, "#%s", id));
	dom_attr(a, "aria-label", arena_printf(s->a, "Link to %s", en ? en : id));
	dom_texts(a, "#");
	dom_texts(h, " ");
	bi(h, zh, en);
	return sec;
}

/* Appends a link to section sect of chapter ci (its top when NULL), titled
 * in both languages so that the reading mode applies. */
static void section_link(struct site *s, struct dom_node *parent, size_t ci, const char *sect)
{
	const struct chapter *c = &s->book->chapters[ci];
	const struct rendered *rc = &s->chapters[ci];
	struct bitext title = c->title;
	for (size_t h = 0; sect && h < rc->nheadings; h++)
		if (rc->headings[h].id == sect)
			title = rc->headings[h].title;
	struct dom_node *a = dom_elem(parent, "a");
	dom_attr(a, "href", arena_printf(s->a, "/%s%s%s", c->page, sect ? "#" : "", sect ? sect : ""));
	lang_bitext(a, title);
}

/* ---- index ---- */

static void index_page(struct site *s)
{
	const struct book *b = s->book;
	if (site_book_page_taken(s, "index.html", GROUP_INDEX))
		return;
	struct page *p = page_new(s, "index.html", "content/book.yaml", NULL, NULL);
	struct dom_node *frag = dom_fragment();
	struct dom_node *art = dom_elem_class(frag, "article", "book-index");
	struct dom_node *head = dom_elem_class(art, "header", "chapter-head");
	bi(dom_elem(head, "h1"), b->title.zh, b->title.en);
	if (b->subtitle.zh || b->subtitle.en) {
		struct dom_node *sub = dom_elem_class(head, "div", "summary");
		bi_block(sub, "p", b->subtitle.zh, b->subtitle.en);
	}
	struct dom_node *sec = section_h2(s, art, "chapters", "章节", "Chapters");
	struct dom_node *ol = dom_elem_class(sec, "ol", "chapters");
	for (size_t i = 0; i < b->nchapters; i++) {
		const struct chapter *c = &b->chapters[i];
		const struct rendered *r = &s->chapters[i];
		struct dom_node *li = dom_elem(ol, "li");
		struct dom_node *a = dom_elem(li, "a");
		dom_attr(a, "href", arena_printf(s->a, "/%s", c->page));
		bi(a, c->title.zh, c->title.en);
		struct dom_node *sum = dom_elem_class(li, "div", "summary");
		bi_block(sum, "p", c->summary.zh, c->summary.en);
		struct dom_node *meta = dom_elem_class(li, "p", "chapter-meta");
		int pct = r->zh_blocks ? (int)(100.0 * r->pairs / r->zh_blocks + 0.5) : 100;
		if (b->language)   /* one language: nothing is translated */
			bi(meta, arena_printf(s->a, "%d 节 · 核查 %d 个数字", (int)r->nheadings, r->spans),
			   arena_printf(s->a, "%s · %s checked",
					count_en(s->a, (size_t)r->nheadings, "section", "sections"),
					count_en(s->a, (size_t)r->spans, "number", "numbers")));
		else
			bi(meta, arena_printf(s->a, "%d 节 · 核查 %d 个数字 · 已译 %d%%",
					      (int)r->nheadings, r->spans, pct),
			   arena_printf(s->a, "%s · %s checked · %d%% translated",
					count_en(s->a, (size_t)r->nheadings, "section", "sections"),
					count_en(s->a, (size_t)r->spans, "number", "numbers"), pct));
	}
	sec = section_h2(s, art, "reference", "参考", "Reference");
	struct dom_node *ul = dom_elem_class(sec, "ul", "reference");
	size_t ntables;
	numbers_tables(b->numbers, &ntables);
	struct { const char *href, *zh, *en, *count_zh, *count_en; } refs[] = {
		{ "/specs/index.html", "规格表", "Spec tables",
		  arena_printf(s->a, "%zu 张表", ntables), count_en(s->a, ntables, "table", "tables") },
		{ "/glossary.html", "术语表", "Glossary", arena_printf(s->a, "%zu 个术语", b->nterms),
		  count_en(s->a, b->nterms, "term", "terms") },
		{ "/claims.html", "数字核查", "Claims",
		  arena_printf(s->a, "%d 条断言", s->stats.claims),
		  count_en(s->a, (size_t)s->stats.claims, "claim", "claims") },
		{ "/claims.html#errata", "勘误", "Errata",
		  arena_printf(s->a, "%d 个有误的数字", s->stats.disputed),
		  count_en(s->a, (size_t)s->stats.disputed, "disputed figure", "disputed figures") },
		{ "/figures.html", "要记住的数字", "Figures to remember",
		  arena_printf(s->a, "%d 个", s->stats.keys),
		  count_en(s->a, (size_t)s->stats.keys, "figure", "figures") },
		{ "/practice.html", "练习", "Practice", "", "" },
		{ "/search.html", "搜索", "Search", "", "" },
		{ "/print.html", "打印版", "Print version", "", "" },
	};
	for (size_t i = 0; i < sizeof refs / sizeof *refs; i++) {
		if (!s->has_print && !strcmp(refs[i].href, "/print.html"))
			continue;
		if (!s->stats.keys && !strcmp(refs[i].href, "/figures.html"))
			continue;
		if (!ntables && !strcmp(refs[i].href, "/practice.html"))
			continue;
		struct dom_node *li = dom_elem(ul, "li");
		struct dom_node *a = dom_elem(li, "a");
		dom_attr(a, "href", refs[i].href);
		bi(a, refs[i].zh, refs[i].en);
		if (*refs[i].count_en) {
			dom_texts(li, " ");
			bi(dom_elem_class(li, "span", "count"), refs[i].count_zh, refs[i].count_en);
		}
	}
	int pct = s->stats.zh_blocks ? (int)(100.0 * s->stats.pairs / s->stats.zh_blocks + 0.5) : 100;
	struct dom_node *stats = dom_elem_class(art, "p", "book-stats");
	if (b->language)
		bi(stats, arena_printf(s->a, "%d 章 · 核查 %d 个数字，其中 %d 条断言",
				       s->stats.chapters, s->stats.spans, s->stats.claims),
		   arena_printf(s->a, "%s · %s checked, %d of them claims",
				count_en(s->a, (size_t)s->stats.chapters, "chapter", "chapters"),
				count_en(s->a, (size_t)s->stats.spans, "number", "numbers"), s->stats.claims));
	else
		bi(stats, arena_printf(s->a, "%d 章 · %d 对中英段落（中文段落的 %d%%）· 核查 %d 个数字，其中 %d 条断言",
				       s->stats.chapters, s->stats.pairs, pct, s->stats.spans, s->stats.claims),
		   arena_printf(s->a, "%s · %s (%d%% of Chinese blocks) · %s checked, %d of them claims",
				count_en(s->a, (size_t)s->stats.chapters, "chapter", "chapters"),
				count_en(s->a, (size_t)s->stats.pairs, "bilingual pair", "bilingual pairs"), pct,
				count_en(s->a, (size_t)s->stats.spans, "number", "numbers"), s->stats.claims));
	dom_page_fill(p->dom, "content", frag);
	page_done(s, p);
}

/* ---- spec tables ---- */

static const char *source_title(const struct numbers *nb, const char *id, const char **url)
{
	size_t n;
	const struct spec_source *src = numbers_sources(nb, &n);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(src[i].id, id)) {
			*url = src[i].url;
			return src[i].title ? src[i].title : id;
		}
	*url = NULL;
	return id;
}

/* ---- mentions, indexed once ---- */

/* One mention of a spec row or glossary term: where it is in s->chapters. */
struct mention_ref {
	const char *id;
	size_t chapter, index;
};

/* A distinct id of the mentions being grouped (mentions_group()). */
struct mention_group {
	const char *id;
	uint64_t hash;
	size_t count;     /* its mentions; then where the next of them goes */
};

static int group_id_cmp(const void *pa, const void *pb)
{
	return strcmp((*(struct mention_group *const *)pa)->id, (*(struct mention_group *const *)pb)->id);
}

/* The distinct ids met so far, and a hash table of them: slots, a power
 * of two, at most half full, each a group's index + 1 (0: empty). */
struct mention_groups {
	struct mention_group *list;
	size_t n, cap;
	uint32_t *slots;
	size_t nslots;
};

/* Returns the index of id's group in g, adding it when new. */
static uint32_t group_of(struct mention_groups *g, const char *id)
{
	uint64_t h = pack_hash_str(PACK_HASH_INIT, id);
	size_t at = (size_t)h & (g->nslots - 1);
	for (uint32_t k; (k = g->slots[at]); at = (at + 1) & (g->nslots - 1))
		if (g->list[k - 1].hash == h && !strcmp(g->list[k - 1].id, id))
			return k - 1;
	*ARRAY_PUSH(g->list, g->n, g->cap) = (struct mention_group){ id, h, 0 };
	g->slots[at] = (uint32_t)g->n;
	if (2 * g->n > g->nslots) {
		free(g->slots);
		g->nslots *= 2;
		g->slots = xcalloc(g->nslots, sizeof *g->slots);
		for (size_t k = 0; k < g->n; k++) {
			at = (size_t)g->list[k].hash & (g->nslots - 1);
			while (g->slots[at])
				at = (at + 1) & (g->nslots - 1);
			g->slots[at] = (uint32_t)(k + 1);
		}
	}
	return (uint32_t)(g->n - 1);
}

/* Sorts refs[0..n), which come in book order, by id and keeps book order
 * within an id.  The ids are few (a book's rows or terms) and the
 * mentions many: each mention finds its id in a hash table, the distinct
 * ids are sorted, and the mentions are placed by counting.  (qsort() of
 * every mention by strcmp() was half of the spec pages' time, on one
 * core at the end of a build of 10 000 chapters.) */
static void mentions_group(struct mention_ref *refs, size_t n)
{
	struct mention_groups g = { NULL, 0, 0, xcalloc(64, sizeof *g.slots), 64 };
	uint32_t *of = xmalloc(size_mul(n, sizeof *of));
	for (size_t k = 0; k < n; k++) {
		of[k] = group_of(&g, refs[k].id);
		g.list[of[k]].count++;
	}
	free(g.slots);
	struct mention_group **order = xmalloc(size_mul(g.n, sizeof *order));
	for (size_t k = 0; k < g.n; k++)
		order[k] = &g.list[k];
	qsort(order, g.n, sizeof *order, group_id_cmp);
	size_t at = 0;
	for (size_t k = 0; k < g.n; k++) {
		size_t count = order[k]->count;
		order[k]->count = at;
		at += count;
	}
	struct mention_ref *sorted = xmalloc(size_mul(n, sizeof *sorted));
	for (size_t k = 0; k < n; k++)
		sorted[g.list[of[k]].count++] = refs[k];
	memcpy(refs, sorted, n * sizeof *refs);
	free(sorted);
	free(order);
	free(of);
	free(g.list);
}

/*
 * Returns every mention of a row (terms == 0) or of a term (terms == 1),
 * sorted by id and then in book order; *n gets their count; free() it.
 * Looking each row up here instead of scanning every chapter's mentions
 * keeps the spec pages linear in the size of the book.
 */
static struct mention_ref *mentions_sorted(const struct site *s, int terms, size_t *n)
{
	struct mention_ref *refs = NULL;
	size_t cap = 0;
	*n = 0;
	for (size_t ci = 0; ci < s->book->nchapters; ci++) {
		const struct rendered *rc = &s->chapters[ci];
		for (size_t m = 0; m < rc->nmentions; m++) {
			const char *id = terms ? rc->mentions[m].term : rc->mentions[m].row;
			if (id)
				*ARRAY_PUSH(refs, *n, cap) = (struct mention_ref){ id, ci, m };
		}
	}
	if (*n > 1)
		mentions_group(refs, *n);
	return refs;
}

/* The rows' mentions, sorted once for all the spec pages that are made
 * (sorting them again for each table cost a book of ten tables ten
 * sorts of every mention in it): made when the first page needs them,
 * so a rebuild that takes every spec page sorts none. */
struct row_mentions {
	struct mention_ref *refs;
	size_t n;
	int made;
};

static const struct mention_ref *row_mentions_get(const struct site *s, struct row_mentions *m,
						  size_t *n)
{
	if (!m->made) {
		m->refs = mentions_sorted(s, 0, &m->n);
		m->made = 1;
	}
	*n = m->n;
	return m->refs;
}

/* Returns the index of the first mention of id in refs; *count gets how many. */
static size_t mentions_of(const struct mention_ref *refs, size_t n, const char *id, size_t *count)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(refs[mid].id, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t end = lo;
	while (end < n && !strcmp(refs[end].id, id))
		end++;
	*count = end - lo;
	return lo;
}

/* A spec row's or a term's list of the sections that mention it stops
 * after this many, in book order, and says how many more there are: in a
 * long book a row or a term may be used in thousands of sections, and a
 * list a reader takes in at a glance is short (search finds the rest).
 * At 100 the 10 000-chapter bench book's spec page was 26 MB, 1100 rows of
 * 100 links, and it was made and checked on one thread at the build's end. */
#define MENTIONS_LISTED 20

/* "and N more", a link to the search for what (a row's or a term's name),
 * which finds the sections the list leaves out. */
static void more_mentions(struct site *s, struct dom_node *parent, size_t n, const char *what)
{
	struct buf href = BUF_INIT;
	buf_adds(&href, "/search.html?q=");
	url_escape_component(what, strlen(what), &href);
	struct dom_node *a = dom_elem_class(parent, "a", "more");
	dom_attr(a, "href", href.data);
	buf_release(&href);
	bi(a, arena_printf(s->a, "另有 %zu 处", n), arena_printf(s->a, "and %zu more", n));
}

/* What a marker cell shows.  The book gives "—" (n/a), "?" (unknown) and
 * "✓" (unpublished); a ✓ where a number is meant reads as "yes", so the
 * site shows words for "unpublished" and says every marker in words to a
 * screen reader.  The legend above the table explains them all. */
static void spec_marker(struct dom_node *td, const char *text)
{
	struct dom_node *vh;
	if (text && !strcmp(text, "?")) {
		dom_attr(td, "class", "marker unknown");
		dom_texts(dom_elem(td, "span"), "?");
		vh = dom_elem_class(td, "span", "visually-hidden");
		bi(vh, "未知", "unknown");
	} else if (text && !strcmp(text, "—")) {
		dom_attr(td, "class", "marker na");
		dom_texts(dom_elem(td, "span"), "—");
		vh = dom_elem_class(td, "span", "visually-hidden");
		bi(vh, "不适用", "not applicable");
	} else {
		dom_attr(td, "class", "marker unpublished");
		bi(td, "未公布", "unpublished");
	}
}

/* The table's rules, checked on every row, and the rows each does not hold
 * for with the author's reason. */
static void spec_rules(struct dom_node *box, const struct spec_table *t)
{
	if (!t || !t->nrules)
		return;
	struct dom_node *h = dom_elem_class(box, "p", "legend-title");
	bi(h, "每一行都检查的规则", "Rules checked on every row");
	struct dom_node *ul = dom_elem_class(box, "ul", "rule-list");
	for (size_t k = 0; k < t->nrules; k++) {
		const struct spec_rule *rule = &t->rules[k];
		struct dom_node *li = dom_elem(ul, "li");
		dom_texts(dom_elem(li, "code"), rule->text);
		if (!rule->nexcept)
			continue;
		struct dom_node *ex = dom_elem(li, "ul");
		for (size_t i = 0; i < rule->nexcept; i++) {
			const struct spec_row *row = &t->rows[rule->except[i].row];
			struct dom_node *item = dom_elem(ex, "li");
			bi(item, "例外：", "Except ");
			struct dom_node *a = dom_elem(item, "a");
			struct buf href = BUF_INIT;
			buf_addf(&href, "#%s", row->id);
			dom_attr(a, "href", href.data);
			buf_release(&href);
			dom_texts(a, row->name ? row->name : row->id);
			dom_texts(item, ": ");
			const struct bitext *r = &rule->except[i].reason;
			bi(item, r->zh, r->en);
		}
	}
}

/* The legend of a spec table: every sign a cell may show, in words. */
static void spec_legend(struct dom_node *parent, const struct spec_table *t)
{
	struct dom_node *box = dom_elem_class(parent, "div", "spec-legend");
	struct dom_node *h = dom_elem_class(box, "p", "legend-title");
	bi(h, "图例", "Legend");
	struct dom_node *dl = dom_elem(box, "dl");
	static const struct { const char *sign, *cls, *zh, *en; } k[] = {
		{ "?", "marker unknown", "未知：本书不知道这个数值", "unknown: the book does not know the value" },
		{ "—", "marker na", "不适用：该型号没有这一项", "not applicable: the model has no such thing" },
		{ NULL, "marker unpublished", "未公布：支持此项，但厂商未公布数值", "unpublished: supported, but the vendor publishes no number" },
		{ "", "empty", "空白：未列出（本表省略了该值）", "blank: left out (the table does not give it)" },
		{ "=", "num derived", "斜体且带 =：推算值，由同一行的其他列计算得出", "italic with =: derived, computed from the row's other columns" },
	};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		struct dom_node *dt = dom_elem(dl, "dt");
		struct dom_node *sign = dom_elem_class(dt, "span", k[i].cls);
		if (!k[i].sign)
			bi(sign, "未公布", "unpublished");
		else if (!strcmp(k[i].sign, "="))
		{
			dom_texts(dom_elem_class(sign, "span", "derived-mark"), "=");
			dom_texts(sign, "1.0");
		}
		else if (!*k[i].sign)
			dom_texts(sign, "\u00a0");
		else
			dom_texts(sign, k[i].sign);
		bi(dom_elem(dl, "dd"), k[i].zh, k[i].en);
	}
	spec_rules(box, t);
	/* the derived columns' formulas, as text */
	int any = 0;
	for (size_t c = 0; t && c < t->ncolumns; c++)
		if (t->columns[c].derive)
			any = 1;
	if (!any)
		return;
	struct dom_node *ul = dom_elem_class(box, "ul", "derive-list");
	for (size_t c = 0; c < t->ncolumns; c++) {
		const struct spec_column *col = &t->columns[c];
		if (!col->derive)
			continue;
		struct dom_node *li = dom_elem(ul, "li");
		bi(li, col->name.zh, col->name.en ? col->name.en : col->name.zh ? NULL : col->id);
		dom_texts(li, " = ");
		dom_texts(dom_elem(li, "code"), col->derive);
	}
}

/* A spec table's page prints in landscape; a table of more columns than
 * this prints in pieces of this many, each headed by the model column (at
 * the print size of site.css, 7.5 pt, a landscape A4 page holds about 19
 * columns of numbers, and fewer of text). */
#define PRINT_WIDE_COLUMNS 12

/* Appends to parent the <table> of columns [from, to) of t, each row headed
 * by its model's name.  For the table's page (page != 0): sortable, rows
 * with their ids, and a column of the sources (numbered as srcs); for
 * print.html: no ids and no sources. */
/* The decimals of a cell's text when it is a plain number ("4.9": 1,
 * "1,979": 0), else -1. */
static int plain_decimals(const char *t)
{
	if (!t || *t < '0' || *t > '9')
		return -1;
	while ((*t >= '0' && *t <= '9') || *t == ',')
		t++;
	if (!*t)
		return 0;
	if (*t++ != '.' || !*t)
		return -1;
	int d = 0;
	for (; *t >= '0' && *t <= '9'; t++)
		d++;
	return *t ? -1 : d;
}

/* Does a column of numbers need one precision for display: plain numbers
 * written with different decimals, one of them with some (8.00, 4.9 and
 * 0.864 in one column)?  A column of whole numbers (GPUs, 989, 1,979)
 * stays as written. */
static int column_mixed(const struct spec_table *t, size_t c)
{
	int first = -1, any = 0, mixed = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct spec_cell *cell = &t->rows[r].cells[c];
		int d = cell->kind == CELL_VALUE ? plain_decimals(cell->text) : -1;
		if (d < 0)
			continue;
		any |= d > 0;
		if (first < 0)
			first = d;
		else if (d != first)
			mixed = 1;
	}
	return any && mixed;
}

/* Appends a cell's number, in a column of mixed decimals by the book's
 * rule for a number, three significant digits (8.00, 4.90, 0.864; a
 * whole part of three digits or more stays whole: 1,307); the text itself
 * otherwise.  A number shown otherwise than written says the written one,
 * the one checked, in its title. */
static void cell_number(struct site *s, struct dom_node *td, const struct spec_cell *cell, int mixed)
{
	int d = plain_decimals(cell->text);
	if (d < 0 || !mixed) {
		dom_texts(td, cell->text);
		return;
	}
	char digits[64];
	size_t n = 0;
	for (const char *p = cell->text; *p && n + 1 < sizeof digits; p++)
		if (*p != ',')
			digits[n++] = *p;
	digits[n] = 0;
	double x = strtod(digits, NULL);
	int want = x >= 100 ? 0 : x >= 10 ? 1 : x >= 1 ? 2 : x > 0 ? 2 - (int)floor(log10(x)) : d;
	if (want > 9)
		want = 9;
	const char *shown = format_number(s->a, x, want);
	dom_texts(td, shown);
	if (strcmp(shown, cell->text))
		dom_attr(td, "title", arena_printf(s->a, "%s%s%s", cell->text, cell->unit ? " " : "",
						   cell->unit ? cell->unit : ""));
}

static void spec_table_build(struct site *s, struct dom_node *parent, const struct spec_table *t,
			     size_t from, size_t to, const char *const *srcs, size_t nsrcs, int page)
{
	struct dom_node *tr, *th;
	struct dom_node *table = dom_elem_class(parent, "table", page ? "spec sortable" : "spec");
	tr = dom_elem(dom_elem(table, "thead"), "tr");
	th = dom_elem(tr, "th");
	dom_attr(th, "scope", "col");
	bi(th, "型号", "Model");
	for (size_t c = from; c < to; c++) {
		const struct spec_column *col = &t->columns[c];
		th = dom_elem(tr, "th");
		dom_attr(th, "scope", "col");
		dom_attr(th, "data-col", col->id);
		if (col->derive) {
			dom_attr(th, "class", "derived");
			dom_texts(dom_elem_class(th, "span", "derived-mark"), "=");
		}
		bi(th, col->name.zh, col->name.en ? col->name.en : col->name.zh ? NULL : col->id);
		if (col->unit) {
			dom_texts(th, " ");
			dom_texts(dom_elem_class(th, "span", "unit"), col->unit);
		}
	}
	if (page) {
		th = dom_elem(tr, "th");
		dom_attr(th, "scope", "col");
		bi(th, "来源", "Sources");
	}
	struct dom_node *tbody = dom_elem(table, "tbody");
	int *mixed = arena_alloc(s->a, (to - from + 1) * sizeof *mixed);
	for (size_t c = from; c < to; c++)
		mixed[c - from] = column_mixed(t, c);
	for (size_t r = 0; r < t->nrows; r++) {
		const struct spec_row *row = &t->rows[r];
		tr = dom_elem(tbody, "tr");
		if (page)
			dom_attr(tr, "id", row->id);
		th = dom_elem(tr, "th");
		dom_attr(th, "scope", "row");
		dom_texts(th, row->name ? row->name : row->id);
		for (size_t c = from; c < to; c++) {
			const struct spec_cell *cell = &row->cells[c];
			const struct spec_column *col = &t->columns[c];
			struct dom_node *td = dom_elem(tr, "td");
			/* the column's name beside the value when a phone shows
			   the rows as cards (site.css) */
			const char *en = col->name.en ? col->name.en : col->name.zh ? col->name.zh : col->id;
			const char *zh = col->name.zh ? col->name.zh : en;
			dom_attr(td, "data-zh", col->unit ? arena_printf(s->a, "%s (%s)", zh, col->unit) : zh);
			dom_attr(td, "data-en", col->unit ? arena_printf(s->a, "%s (%s)", en, col->unit) : en);
			if (cell->kind == CELL_MARKER) {
				spec_marker(td, cell->text);
				continue;
			}
			if (cell->kind == CELL_EMPTY || !cell->text) {
				dom_attr(td, "class", "empty");
				struct dom_node *vh = dom_elem_class(td, "span", "visually-hidden");
				bi(vh, "未列出", "left out");
				continue;
			}
			const char *cls = cell->kind == CELL_VALUE ? (cell->derived ? "num derived" : "num") : "text";
			dom_attr(td, "class", cls);
			if (cell->kind == CELL_VALUE)
				dom_attr(td, "data-sort", arena_printf(s->a, "%.9g", cell->sort_key));
			if (cell->derived)
				dom_texts(dom_elem_class(td, "span", "derived-mark"), "=");
			if (cell->kind == CELL_VALUE)
				cell_number(s, td, cell, mixed[c - from]);
			else
				dom_texts(td, cell->text);
			if (cell->unit) {
				dom_texts(td, " ");
				dom_texts(dom_elem_class(td, "span", "unit"), cell->unit);
			}
			if (cell->derived) {
				struct dom_node *vh = dom_elem_class(td, "span", "visually-hidden");
				dom_texts(vh, " ");
				bi(vh, "（推算）", "(derived)");
			}
		}
		if (!page)
			continue;
		struct dom_node *td = dom_elem_class(tr, "td", "sources");
		dom_attr(td, "data-zh", "来源");
		dom_attr(td, "data-en", "Sources");
		for (size_t k = 0; k < row->nsources; k++) {
			size_t j = 0;
			while (j < nsrcs && strcmp(srcs[j], row->sources[k]))
				j++;
			struct dom_node *a = dom_elem(dom_elem(td, "sup"), "a");
			dom_attr(a, "href", arena_printf(s->a, "#src-%zu", j + 1));
			dom_texts(a, arena_printf(s->a, "[%zu]", j + 1));
		}
	}
}

static void spec_table_page(struct site *s, const struct spec_table *t, struct row_mentions *mentions)
{
	const struct book *b = s->book;
	const char *path = arena_printf(s->a, "specs/%s.html", t->id);
	if (site_book_page_taken(s, path, GROUP_MENTIONS))
		return;
	struct page *p = page_new(s, path, t->file,
				       t->title.en ? t->title.en : t->title.zh ? t->title.zh : t->id, NULL);
	struct dom_node *frag = dom_fragment();
	struct dom_node *art = page_article(frag, "spec-page", t->title.zh,
					    t->title.en ? t->title.en : t->id);
	struct dom_node *note = dom_elem_class(art, "p", "spec-file");
	dom_texts(note, "Source: ");
	dom_texts(dom_elem(note, "code"), t->file);

	/* numbered sources used by this table */
	const char **srcs = NULL;
	size_t nsrcs = 0, capsrcs = 0;
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t k = 0; k < t->rows[r].nsources; k++) {
			size_t j = 0;
			while (j < nsrcs && strcmp(srcs[j], t->rows[r].sources[k]))
				j++;
			if (j == nsrcs)
				*ARRAY_PUSH(srcs, nsrcs, capsrcs) = t->rows[r].sources[k];
		}

	spec_legend(art, t);
	/* The table scrolls in its own box (both ways), so that its sticky
	   header row and model column stay in view; a named region, so that
	   the keyboard can scroll it (site.js gives it a tabindex). */
	struct dom_node *wrap = dom_elem_class(art, "div", "table-wrap spec-wrap");
	dom_attr(wrap, "role", "region");
	dom_attr(wrap, "aria-label", t->title.en ? t->title.en : t->title.zh ? t->title.zh : t->id);
	spec_table_build(s, wrap, t, 0, t->ncolumns, srcs, nsrcs, 1);
	/* printed, a table of more columns than a landscape A4 page holds
	   comes in pieces (shown only in print, site.css) */
	if (t->ncolumns > PRINT_WIDE_COLUMNS) {
		dom_attr(wrap, "class", "table-wrap spec-wrap has-print-pieces");
		struct dom_node *pieces = dom_elem_class(art, "div", "print-pieces");
		for (size_t from = 0; from < t->ncolumns; from += PRINT_WIDE_COLUMNS)
			spec_table_build(s, pieces, t, from,
					 from + PRINT_WIDE_COLUMNS < t->ncolumns ? from + PRINT_WIDE_COLUMNS : t->ncolumns,
					 NULL, 0, 0);
	}

	/* the roofline, for tables of accelerators */
	struct dom_node *roof = dom_fragment();
	if (chart_roofline(roof, s->a, t, "bf16", "mem_bw", NULL, 0) == 0) {
		struct dom_node *sec0 = section_h2(s, art, "roofline", "屋脊线模型", "Roofline");
		bi_block(sec0, "p",
			 "每条折线是一种加速器的屋顶：左侧斜线受显存带宽限制，右侧水平线是 BF16 稠密峰值算力；两者的交点（圆点）就是屋脊点。算术强度低于屋脊点的内核受带宽限制。",
			 "Each line is one accelerator's roof: the slope on the left is bound by memory bandwidth, "
			 "the flat part is its dense BF16 peak, and the dot where they meet is the ridge point. "
			 "A kernel whose arithmetic intensity is below the ridge point is bandwidth-bound.");
		dom_move_children(roof, sec0);
	}
	dom_free(roof);

	/* per row: aliases and "mentioned in" */
	size_t nrefs;
	const struct mention_ref *refs = row_mentions_get(s, mentions, &nrefs);
	struct dom_node *sec = section_h2(s, art, "mentions", "出处", "Mentioned in");
	struct dom_node *dl = dom_elem_class(sec, "dl", "mentions");
	for (size_t r = 0; r < t->nrows; r++) {
		const struct spec_row *row = &t->rows[r];
		struct dom_node *dt = dom_elem(dl, "dt");
		dom_attr(dt, "id", arena_printf(s->a, "mentions-%s", row->id));
		struct dom_node *a = dom_elem(dt, "a");
		dom_attr(a, "href", arena_printf(s->a, "#%s", row->id));
		dom_texts(a, row->name ? row->name : row->id);
		if (row->naliases) {
			struct buf al = BUF_INIT;
			for (size_t k = 0; k < row->naliases; k++)
				buf_addf(&al, "%s%s", k ? ", " : " (", row->aliases[k]);
			buf_adds(&al, ")");
			dom_texts(dt, al.data);
			buf_release(&al);
		}
		struct dom_node *dd = dom_elem(dl, "dd");
		struct dom_node *ul = NULL;
		size_t nmine, first = mentions_of(refs, nrefs, row->id, &nmine);
		for (size_t k = first; k < first + nmine && k - first < MENTIONS_LISTED; k++) {
			size_t ci = refs[k].chapter, m = refs[k].index;
			const struct rendered *rc = &s->chapters[ci];
			if (!ul)
				ul = dom_elem(dd, "ul");
			section_link(s, dom_elem(ul, "li"), ci, rc->mentions[m].section);
		}
		if (nmine > MENTIONS_LISTED)
			more_mentions(s, dom_elem(ul, "li"), nmine - MENTIONS_LISTED,
				      row->name ? row->name : row->id);
		if (!ul)
			dom_texts(dd, "—");
	}
	if (nsrcs) {
		sec = section_h2(s, art, "sources", "来源", "Sources");
		struct dom_node *ol = dom_elem_class(sec, "ol", "sources");
		for (size_t j = 0; j < nsrcs; j++) {
			struct dom_node *li = dom_elem(ol, "li");
			dom_attr(li, "id", arena_printf(s->a, "src-%zu", j + 1));
			const char *url;
			const char *title = source_title(b->numbers, srcs[j], &url);
			if (url) {
				struct dom_node *a = dom_elem(li, "a");
				dom_attr(a, "href", url);
				dom_texts(a, title);
			} else {
				dom_texts(li, title);
			}
		}
	}
	free(srcs);
	dom_page_fill(p->dom, "content", frag);
	page_done(s, p);
}

static void specs_pages(struct site *s)
{
	size_t n;
	const struct spec_table *tables = numbers_tables(s->book->numbers, &n);
	struct row_mentions mentions = { NULL, 0, 0 };
	for (size_t i = 0; i < n; i++)
		spec_table_page(s, &tables[i], &mentions);
	free(mentions.refs);
	if (site_book_page_taken(s, "specs/index.html", GROUP_STATIC))
		return;
	struct page *p = page_new(s, "specs/index.html", "specs", "Spec tables", NULL);
	struct dom_node *frag = dom_fragment();
	struct dom_node *art = page_article(frag, "spec-index", "规格表", "Spec tables");
	struct dom_node *ul = dom_elem_class(art, "ul", "spec-tables");
	for (size_t i = 0; i < n; i++) {
		struct dom_node *li = dom_elem(ul, "li");
		struct dom_node *a = dom_elem(li, "a");
		dom_attr(a, "href", arena_printf(s->a, "/specs/%s.html", tables[i].id));
		bi(a, tables[i].title.zh, tables[i].title.en ? tables[i].title.en : tables[i].id);
		dom_texts(li, " — ");
		bi(li, arena_printf(s->a, "%zu 行", tables[i].nrows),
		   count_en(s->a, tables[i].nrows, "row", "rows"));
	}
	spec_legend(art, NULL);
	dom_page_fill(p->dom, "content", frag);
	page_done(s, p);
}

/* ---- glossary ---- */

/* The key a term is filed under in the A–Z index: its short form, else its
 * English name, else its id (the Chinese names are filed under the English
 * ones: the book has no pinyin to sort them by). */
static const char *term_key(const struct term *t)
{
	return t->abbr ? t->abbr : t->name.en ? t->name.en : t->id;
}

/* The letter a term is filed under, 'A'–'Z', or '#' for any other start. */
static char term_letter(const struct term *t)
{
	unsigned char c = (unsigned char)term_key(t)[0];
	if (c >= 'a' && c <= 'z')
		c = (unsigned char)(c - 'a' + 'A');
	return c >= 'A' && c <= 'Z' ? (char)c : '#';
}

static int ascii_casecmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		int x = (unsigned char)*a, y = (unsigned char)*b;
		if (x >= 'A' && x <= 'Z')
			x += 'a' - 'A';
		if (y >= 'A' && y <= 'Z')
			y += 'a' - 'A';
		if (x != y || !x)
			return x - y;
	}
}

/* Orders terms (pointers) by letter ('#' first), key, then book order. */
static int term_cmp(const void *pa, const void *pb)
{
	const struct term *a = *(const struct term *const *)pa, *b = *(const struct term *const *)pb;
	char la = term_letter(a), lb = term_letter(b);
	if (la != lb)
		return la == '#' ? -1 : lb == '#' ? 1 : la - lb;
	int c = ascii_casecmp(term_key(a), term_key(b));
	if (!c)
		c = strcmp(term_key(a), term_key(b));
	return c ? c : a < b ? -1 : a > b;
}

static const char *letter_id(struct site *s, char letter)
{
	return letter == '#' ? "az-other" : arena_printf(s->a, "az-%c", letter);
}

/* The glossary: the terms from A to Z under a heading a letter, with a bar
 * of the letters on top (a letter without terms is shown, not linked). */
static void glossary_page(struct site *s)
{
	const struct book *b = s->book;
	if (site_book_page_taken(s, "glossary.html", GROUP_MENTIONS))
		return;
	struct page *p = page_new(s, "glossary.html", "content/glossary.yaml", "Glossary", NULL);
	struct dom_node *frag = dom_fragment();
	struct dom_node *art = page_article(frag, "glossary", "术语表", "Glossary");
	const struct term **order = xcalloc(b->nterms ? b->nterms : 1, sizeof *order);
	for (size_t i = 0; i < b->nterms; i++)
		order[i] = &b->terms[i];
	qsort(order, b->nterms, sizeof *order, term_cmp);
	int has[128] = { 0 };
	for (size_t i = 0; i < b->nterms; i++)
		has[(unsigned char)term_letter(order[i])] = 1;
	if (b->nterms) {
		struct dom_node *bar = dom_elem_class(art, "nav", "az-index");
		dom_attr(bar, "aria-label", "A–Z");
		struct dom_node *ul = dom_elem(bar, "ul");
		for (int c = '#'; c <= 'Z'; c = c == '#' ? 'A' : c + 1) {
			if (c == '#' && !has['#'])
				continue;
			struct dom_node *li = dom_elem(ul, "li");
			const char *label = c == '#' ? "#" : arena_printf(s->a, "%c", c);
			if (has[c]) {
				struct dom_node *a = dom_elem(li, "a");
				dom_attr(a, "href", arena_printf(s->a, "#%s", letter_id(s, (char)c)));
				dom_texts(a, label);
			} else {
				dom_attr(li, "aria-hidden", "true");
				dom_texts(li, label);
			}
		}
	}
	size_t nrefs;
	struct mention_ref *refs = mentions_sorted(s, 1, &nrefs);
	struct dom_node *dl = NULL;
	char letter = 0;
	for (size_t i = 0; i < b->nterms; i++) {
		const struct term *t = order[i];
		if (term_letter(t) != letter) {
			letter = term_letter(t);
			struct dom_node *sec = dom_elem_class(art, "section", "az-group");
			struct dom_node *h2 = dom_elem(sec, "h2");
			dom_attr(h2, "id", letter_id(s, letter));
			dom_texts(h2, letter == '#' ? "#" : arena_printf(s->a, "%c", letter));
			dl = dom_elem_class(sec, "dl", "terms");
		}
		struct dom_node *dt = dom_elem(dl, "dt");
		dom_attr(dt, "id", t->id);
		if (t->abbr) {
			dom_texts(dom_elem_class(dt, "strong", "abbr"), t->abbr);
			dom_texts(dt, " ");
		}
		bi(dt, t->name.zh, t->name.en);
		struct dom_node *dd = dom_elem(dl, "dd");
		bi_block(dd, "p", t->def.zh, t->def.en);
		struct dom_node *used = NULL;
		size_t nmine, first = mentions_of(refs, nrefs, t->id, &nmine);
		for (size_t k = first; k < first + nmine && k - first < MENTIONS_LISTED; k++) {
			size_t ci = refs[k].chapter, m = refs[k].index;
			const struct rendered *rc = &s->chapters[ci];
			if (!used) {
				used = dom_elem_class(dd, "p", "used-in");
				bi(used, "出现于", "Used in");
				dom_texts(used, ": ");
			} else {
				dom_texts(used, " · ");
			}
			section_link(s, used, ci, rc->mentions[m].section);
		}
		if (nmine > MENTIONS_LISTED) {
			dom_texts(used, " · ");
			more_mentions(s, used, nmine - MENTIONS_LISTED,
				      t->abbr ? t->abbr : t->name.en ? t->name.en : t->name.zh ? t->name.zh : t->id);
		}
	}
	free(refs);
	free(order);
	dom_page_fill(p->dom, "content", frag);
	page_done(s, p);
}

/* ---- claims and errata ---- */

static int same_text(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

/* Two disputed claims state the same figure with the same correction. */
static int same_figure(const struct claim_record *a, const struct claim_record *b)
{
	return a->span.disputed && b->span.disputed && same_text(a->span.stated, b->span.stated) &&
	       same_text(a->span.computed, b->span.computed);
}

static int same_figure_before(const struct rendered *rc, size_t k)
{
	for (size_t j = 0; j < k; j++)
		if (same_figure(&rc->claims[j], &rc->claims[k]))
			return 1;
	return 0;
}

/* The claims table's columns, in both languages (site.css names them
 * again on a phone, where each row is a card and each cell shows its
 * column's name: not written on every cell of every row). */
static const char *const claims_heads[][2] = {
	{ "位置", "Where" }, { "原文", "Stated" }, { "推导", "Derivation" },
	{ "计算值", "Computed" }, { "结论", "Status" },
};

/* Returns a new claims table in parent, with its head: the rows go in its
 * bodies (claims_rows()). */
static struct dom_node *claims_table(struct dom_node *parent)
{
	struct dom_node *wrap = dom_elem_class(parent, "div", "table-wrap");
	struct dom_node *table = dom_elem_class(wrap, "table", "claims");
	struct dom_node *tr = dom_elem(dom_elem(table, "thead"), "tr");
	for (size_t i = 0; i < sizeof claims_heads / sizeof *claims_heads; i++) {
		struct dom_node *th = dom_elem(tr, "th");
		dom_attr(th, "scope", "col");
		bi(th, claims_heads[i][0], claims_heads[i][1]);
	}
	return table;
}

/* Returns the heading of chapter ci whose id is sect, or NULL (no section:
 * the claim comes before the chapter's first heading). */
static const struct heading *section_heading(const struct site *s, size_t ci, const char *sect)
{
	const struct rendered *rc = &s->chapters[ci];
	for (size_t h = 0; sect && h < rc->nheadings; h++)
		if (rc->headings[h].id == sect || !strcmp(rc->headings[h].id, sect))
			return &rc->headings[h];
	return NULL;
}

/* Appends to where a link to claim r of chapter ci, named by the title of
 * its section (the chapter's when it has none), in both languages so that
 * the reading mode applies: the errata's rows, whose figure may be stated
 * in several sections. */
static void claim_where_link(const struct site *s, struct arena *tmp, struct dom_node *where, size_t ci,
			     const struct claim_record *r)
{
	const struct chapter *c = &s->book->chapters[ci];
	const struct heading *h = section_heading(s, ci, r->section);
	struct dom_node *a = dom_elem(where, "a");
	dom_attr(a, "href", arena_cat(tmp, "/", c->page, "#", r->anchor, (char *)NULL));
	lang_bitext(a, h ? h->title : c->title);
}

/* Opens the body of a claims table for the claims of section sect of
 * chapter ci: its first row names the section once, linked to it (to the
 * chapter, for claims before its first heading), for all the rows under
 * it, which each named it in their "where" cell before: a third of a long
 * book's claims pages.  link holds "/page#" (len bytes). */
static struct dom_node *claims_group(const struct site *s, struct dom_node *table, size_t ci,
				     const char *sect, struct buf *link, size_t len)
{
	const struct heading *h = section_heading(s, ci, sect);
	struct dom_node *tbody = dom_elem(table, "tbody");
	struct dom_node *th = dom_elem(dom_elem_class(tbody, "tr", "claims-group"), "th");
	dom_attr(th, "colspan", "5");
	dom_attr(th, "scope", "rowgroup");
	struct dom_node *a = dom_elem(th, "a");
	buf_truncate(link, len);
	if (h)
		buf_adds(link, h->id);
	dom_attr_n(a, "href", 4, link->data, h ? link->len : len - 1);
	lang_bitext(a, h ? h->title : s->book->chapters[ci].title);
	return tbody;
}

/* Appends a word in both languages to parent, each in a span of its own:
 * a claims row's status (site.css shows the reading mode's, as it does
 * the two spans of a .bi, which this saves wrapping them in). */
static void claims_word(struct dom_node *parent, const char *zh, size_t zh_len, const char *en,
			size_t en_len)
{
	struct dom_node *e = dom_elem(parent, "span");
	dom_attr_n(e, "lang", 4, "zh-Hans", 7);
	dom_text(e, zh, zh_len);
	dom_text(parent, " ", 1);
	e = dom_elem(parent, "span");
	dom_attr_n(e, "lang", 4, "en", 2);
	dom_text(e, en, en_len);
}
#define CLAIMS_WORD(parent, zh, en) claims_word(parent, zh, sizeof zh - 1, en, sizeof en - 1)

/* Adds chapter ci's claims to a claims table: all of them (into is the
 * table), in a body per section (claims_group()), each row's "where" cell
 * a link to the claim named by its number, and its source line, for the
 * author, beside it (in small print: site.css); or (errata, into is the body) only
 * the disputed ones, each figure once, the "where" cell naming the
 * sections that state it.  A row is class "disputed" or not: claims.html's
 * filters (site.js) take its status from that and its chapter from its
 * section's data-chapter, so that the rows carry no data-* of their own,
 * and neither do their cells (site.css names the columns on a phone). */
static void claims_rows(const struct site *s, struct dom_node *into, size_t ci, int errata)
{
	/* the rows' strings are copied into the tree: built in an arena of
	 * their own, not the build's (a claims page of 64 chapters left a
	 * megabyte there, ten thousand chapters 18 MB) */
	struct arena tmp = ARENA_INIT;
	const struct chapter *c = &s->book->chapters[ci];
	const struct rendered *rc = &s->chapters[ci];
	struct buf link = BUF_INIT;   /* "/page#", then a claim's or a section's id */
	buf_addch(&link, '/');
	buf_adds(&link, c->page);
	buf_addch(&link, '#');
	size_t link_len = link.len;
	struct buf src = BUF_INIT;   /* "source:", then a line */
	buf_adds(&src, c->source);
	buf_addch(&src, ':');
	size_t src_len = src.len;
	struct dom_node *tbody = errata ? into : NULL;
	const char *group = NULL;
	for (size_t k = 0; k < rc->nclaims; k++) {
		const struct claim_record *r = &rc->claims[k];
		if (errata && !r->span.disputed)
			continue;
		/* the errata list a figure once, with every place it is written
		 * (a chapter usually states it in both languages) */
		if (errata && same_figure_before(rc, k))
			continue;
		if (!errata && (!tbody || !same_text(r->section, group))) {
			group = r->section;
			tbody = claims_group(s, into, ci, group, &link, link_len);
		}
		struct dom_node *tr = dom_elem(tbody, "tr");
		if (r->span.disputed)
			dom_attr_n(tr, "class", 5, "disputed", 8);
		struct dom_node *where = dom_elem(tr, "td");
		char line[24];
		buf_truncate(&src, src_len);
		buf_add(&src, line, format_integer(line, r->loc.line));
		if (errata) {
			claim_where_link(s, &tmp, where, ci, r);
			for (size_t j = k + 1; j < rc->nclaims; j++) {
				const struct claim_record *o = &rc->claims[j];
				if (!same_figure(r, o))
					continue;
				buf_add(&src, ", ", 2);
				buf_add(&src, line, format_integer(line, o->loc.line));
				if (same_text(o->section, r->section))
					continue;   /* the other language of the same section */
				dom_text(where, "; ", 2);
				claim_where_link(s, &tmp, where, ci, o);
			}
		} else {
			/* named by its number: "#3" for claim-3 */
			struct dom_node *a = dom_elem(where, "a");
			buf_truncate(&link, link_len);
			buf_adds(&link, r->anchor);
			dom_attr_n(a, "href", 4, link.data, link.len);
			const char *name = r->anchor;
			size_t name_len = link.len - link_len;
			char label[32];
			if (name_len > 6 && name_len - 5 < sizeof label && !memcmp(name, "claim-", 6)) {
				label[0] = '#';
				memcpy(label + 1, name + 6, name_len - 6);
				dom_text(a, label, name_len - 5);
			} else {
				dom_text(a, name, name_len);
			}
		}
		/* the source line in the cell's own text, after the link (site.css
		 * sets it small and muted, the link as the other cells' text):
		 * one element fewer on every row */
		dom_text(where, " ", 1);
		dom_text(where, src.data, src.len);
		if (r->span.stated)
			dom_texts(dom_elem(tr, "td"), r->span.stated);
		else
			dom_elem(tr, "td");
		struct dom_node *td = dom_elem(tr, "td");   /* one text: dom_text() extends it */
		if (r->span.relation)
			dom_texts(td, r->span.relation);
		dom_text(td, " ", 1);
		if (r->span.derivation)
			dom_texts(td, r->span.derivation);
		if (r->span.computed)
			dom_texts(dom_elem(tr, "td"), r->span.computed);
		else
			dom_elem(tr, "td");
		struct dom_node *st = dom_elem(tr, "td");
		if (r->span.disputed) {
			CLAIMS_WORD(st, "有误", "disputed");
			if (r->span.correction) {
				dom_text(st, ": ", 2);
				dom_texts(dom_elem_class(st, "span", "claim-correction"), r->span.correction);
			}
			if (r->span.slip) {   /* wraps, unlike the correction */
				dom_text(st, " ", 1);
				dom_texts(dom_elem_class(st, "small", "claim-slip"), r->span.slip);
			}
		} else if (r->span.counterexample) {
			CLAIMS_WORD(st, "反例（不成立）", "counterexample (does not hold)");
		} else {
			CLAIMS_WORD(st, "成立", "holds");
		}
	}
	buf_release(&link);
	buf_release(&src);
	arena_free(&tmp);
}

/* One radio button of a claims filter: <label><input …> text</label>. */
static void filter_choice(struct dom_node *fs, const char *name, const char *value, int checked,
			  const char *zh, const char *en)
{
	struct dom_node *label = dom_elem(fs, "label");
	struct dom_node *in = dom_elem(label, "input");
	dom_attr(in, "type", "radio");
	dom_attr(in, "name", name);
	dom_attr(in, "value", value);
	if (checked)
		dom_attr(in, "checked", "");
	dom_texts(label, " ");
	bi(label, zh, en);
}

/* The filters of the claims page, by chapter and by status.  Hidden until
 * site.js runs (it shows them and hides the rows they leave out); without
 * JavaScript the chapters' sections and the errata serve instead. */
static void claims_filter(struct site *s, struct dom_node *parent)
{
	const struct book *b = s->book;
	struct dom_node *form = dom_elem_class(parent, "form", "claims-filter");
	dom_attr(form, "hidden", "");
	dom_attr(form, "data-claims-filter", "");
	struct dom_node *fs = dom_elem_class(form, "fieldset", "filter-status");
	bi(dom_elem(fs, "legend"), "结论", "Status");
	filter_choice(fs, "status", "", 1, "全部", "All");
	filter_choice(fs, "status", "holds", 0, "成立", "Holds");
	filter_choice(fs, "status", "disputed", 0, "有误", "Disputed");
	fs = dom_elem_class(form, "fieldset", "filter-chapter");
	bi(dom_elem(fs, "legend"), "章节", "Chapter");
	filter_choice(fs, "chapter", "", 1, "全部", "All");
	for (size_t ci = 0; ci < b->nchapters; ci++) {
		const struct chapter *c = &b->chapters[ci];
		if (!s->chapters[ci].nclaims)
			continue;
		filter_choice(fs, "chapter", c->id, 0, c->title.zh, c->title.en);
	}
	struct dom_node *out = dom_elem_class(form, "output", "filter-count");
	dom_attr(out, "aria-live", "polite");
}

/* In a long book the claims are listed on pages of SEARCH_PART_CHAPTERS
 * chapters each (the same groups as the search parts, so an incremental
 * build makes both again together): claims/NNNN.html, with a section per
 * chapter. */
const char *pages_claims_path(struct site *s, size_t ci)
{
	return arena_printf(s->a, "claims/%04zu.html", ci / SEARCH_PART_CHAPTERS);
}

/* Appends the id of chapter c's section of its part's claims page. */
static void add_claims_section_id(struct buf *b, const struct chapter *c)
{
	buf_adds(b, "ch-");
	buf_adds(b, c->id);
}

static const char *claims_section_id(struct site *s, size_t ci)
{
	struct buf b = BUF_INIT;
	add_claims_section_id(&b, &s->book->chapters[ci]);
	const char *id = arena_strndup(s->a, b.data, b.len);
	buf_release(&b);
	return id;
}

struct dom_node *pages_claims_section(const struct site *s, size_t ci)
{
	const struct chapter *c = &s->book->chapters[ci];
	struct dom_node *sec = dom_elem(NULL, "section");
	struct dom_node *h2 = dom_elem(sec, "h2");
	struct buf b = BUF_INIT;   /* its id, then its link (dom_attr() copies them) */
	add_claims_section_id(&b, c);
	dom_attr_n(h2, "id", 2, b.data, b.len);
	struct dom_node *a = dom_elem(h2, "a");
	buf_reset(&b);
	buf_addch(&b, '/');
	buf_adds(&b, c->page);
	dom_attr_n(a, "href", 4, b.data, b.len);
	buf_release(&b);
	bi(a, c->title.zh, c->title.en);
	claims_rows(s, claims_table(sec), ci, 0);
	return sec;
}

struct page *pages_chapter_claims(struct site *s, size_t ci)
{
	const struct book *b = s->book;
	const struct chapter *c = &b->chapters[ci];
	size_t first = ci - ci % SEARCH_PART_CHAPTERS;
	size_t last = first + SEARCH_PART_CHAPTERS < b->nchapters ? first + SEARCH_PART_CHAPTERS - 1
								 : b->nchapters - 1;
	if (ci == first) {
		s->claims_frag = dom_fragment();
		const char *zh = arena_printf(s->a, "论断：第 %d–%d 章", c->number, b->chapters[last].number);
		const char *en = arena_printf(s->a, "Claims: chapters %d–%d", c->number,
					      b->chapters[last].number);
		s->claims_art = page_article(s->claims_frag, "claims-page", zh, en);
		struct dom_node *a = dom_elem(dom_elem(s->claims_art, "p"), "a");
		dom_attr(a, "href", "/claims.html");
		bi(a, "全部论断与勘误", "All claims and errata");
	}
	struct rendered *r = &s->chapters[ci];
	struct dom_node *sec = r->claims_section ? r->claims_section : pages_claims_section(s, ci);
	r->claims_section = NULL;
	dom_adopt(s->claims_art, sec);
	if (ci != last)
		return NULL;
	struct page *p = page_new(s, pages_claims_path(s, ci), c->path,
				       arena_printf(s->a, "Claims: chapters %d–%d", b->chapters[first].number,
						    c->number), NULL);
	dom_page_fill(p->dom, "content", s->claims_frag);
	s->claims_frag = s->claims_art = NULL;
	return p;
}

static void claims_page(struct site *s)
{
	const struct book *b = s->book;
	if (site_book_page_taken(s, "claims.html", GROUP_CLAIMS))
		return;
	struct page *p = page_new(s, "claims.html", "content", "Claims and errata", NULL);
	struct dom_node *frag = dom_fragment();
	struct dom_node *art = page_article(frag, "claims-page", "数字核查", "Claims and errata");
	if (b->claims_intro.zh || b->claims_intro.en)
		bi_block(art, "p", b->claims_intro.zh, b->claims_intro.en);
	else
		bi_block(art, "p",
			 "书中每一个带单位的论断都在构建时重新计算。下表列出全部论断；“勘误”一节列出经重新计算不成立的数字及其正确值。",
			 "Every numeric claim in the book is recomputed at build time. The table lists them all; "
			 "the errata list the figures that recomputation contradicts, with their correct values.");
	struct dom_node *sec = section_h2(s, art, "errata", "勘误", "Errata");
	if (s->stats.disputed) {
		struct dom_node *tbody = dom_elem(claims_table(sec), "tbody");
		for (size_t ci = 0; ci < b->nchapters; ci++)
			claims_rows(s, tbody, ci, 1);
	} else {
		bi_block(sec, "p", "没有存疑的数字。", "No disputed figures.");
	}
	sec = section_h2(s, art, "all-claims", "全部论断", "All claims");
	size_t nclaims = 0;
	for (size_t ci = 0; ci < b->nchapters; ci++)
		nclaims += s->chapters[ci].claims_total;
	if (!nclaims) {
		bi_block(sec, "p", "书中没有论断。", "The book makes no claims.");
	} else if (!s->claims_split) {
		/* a section per chapter: the filter by chapter without JavaScript
		 * is its list of links */
		struct dom_node *ol = dom_elem_class(sec, "ol", "chapter-claims");
		for (size_t ci = 0; ci < b->nchapters; ci++) {
			const struct chapter *c = &b->chapters[ci];
			const struct rendered *rc = &s->chapters[ci];
			if (!rc->nclaims)
				continue;
			struct dom_node *li = dom_elem(ol, "li");
			struct dom_node *a = dom_elem(li, "a");
			dom_attr(a, "href", arena_printf(s->a, "#claims-%s", c->id));
			bi(a, c->title.zh, c->title.en);
			dom_texts(li, ": ");
			bi(li, arena_printf(s->a, "%zu 条论断，%zu 条有误", rc->claims_total, rc->claims_disputed),
			   arena_printf(s->a, "%zu claims, %zu disputed", rc->claims_total, rc->claims_disputed));
		}
		claims_filter(s, sec);
		for (size_t ci = 0; ci < b->nchapters; ci++) {
			const struct chapter *c = &b->chapters[ci];
			if (!s->chapters[ci].nclaims)
				continue;
			struct dom_node *sub = dom_elem_class(sec, "section", "chapter-claims-section");
			dom_attr(sub, "data-chapter", c->id);
			struct dom_node *h3 = dom_elem(sub, "h3");
			const char *id = arena_printf(s->a, "claims-%s", c->id);
			dom_attr(h3, "id", id);
			struct dom_node *a = dom_elem(h3, "a");
			dom_attr(a, "href", arena_printf(s->a, "/%s", c->page));
			bi(a, c->title.zh, c->title.en);
			claims_rows(s, claims_table(sub), ci, 0);
		}
	} else {
		/* a long book: one page of claims per chapter, counted here */
		struct dom_node *ol = dom_elem_class(sec, "ol", "chapter-claims");
		for (size_t ci = 0; ci < b->nchapters; ci++) {
			const struct chapter *c = &b->chapters[ci];
			const struct rendered *rc = &s->chapters[ci];
			struct dom_node *li = dom_elem(ol, "li");
			struct dom_node *a = dom_elem(li, "a");
			dom_attr(a, "href", arena_printf(s->a, "/%s#%s", pages_claims_path(s, ci),
							 claims_section_id(s, ci)));
			bi(a, c->title.zh, c->title.en);
			dom_texts(li, arena_printf(s->a, ": %zu claims, %zu disputed", rc->claims_total,
						   rc->claims_disputed));
		}
	}
	dom_page_fill(p->dom, "content", frag);
	page_done(s, p);
}

/* ---- figures to remember ---- */

/* figures.html: every chapter's figures to remember, grouped by chapter,
 * laid out by study.css to print on two sides of A4. */
static void figures_page(struct site *s)
{
	const struct book *b = s->book;
	if (!s->stats.keys || site_book_page_taken(s, "figures.html", GROUP_STUDY))
		return;   /* a book that marks no figure has no such page */
	struct page *p = page_new(s, "figures.html", "content", "Figures to remember", NULL);
	struct dom_node *frag = dom_fragment();
	struct dom_node *art = page_article(frag, "figures-page", "要记住的数字", "Figures to remember");
	bi_block(art, "p",
		 "各章标出的关键数字，每个都在构建时核查过；点击数字回到正文中写它的地方。打印本页即得一份双面 A4 的速查表。",
		 "The key figures each chapter marks, every one checked at build time; a figure links to "
		 "where the text states it. Print this page for a cheat sheet on two sides of A4.");
	for (size_t ci = 0; ci < b->nchapters; ci++) {
		const struct chapter *c = &b->chapters[ci];
		const struct rendered *rc = &s->chapters[ci];
		if (!rc->nkeys)
			continue;
		struct dom_node *sec = dom_elem_class(art, "section", "figures-chapter");
		struct dom_node *h2 = dom_elem(sec, "h2");
		dom_attr(h2, "id", arena_printf(s->a, "ch-%s", c->id));
		struct dom_node *a = dom_elem(h2, "a");
		dom_attr(a, "href", arena_printf(s->a, "/%s", c->page));
		bi(a, c->title.zh, c->title.en);
		study_figures_list(s->a, sec, rc->keys, rc->nkeys, arena_printf(s->a, "/%s", c->page));
	}
	struct dom_node *more = dom_elem_class(art, "p", "study-more");
	bi(more, "下载抽认卡（Anki 可直接导入）：", "Download the flashcards (Anki imports them as they are): ");
	for (int lang = 0; lang < 2; lang++) {
		struct dom_node *a = dom_elem(more, "a");
		dom_attr(a, "href", arena_printf(s->a, "/%s", cards_files[lang]));
		dom_attr(a, "download", NULL);
		dom_attr(a, "lang", lang ? "en" : "zh-Hans");
		dom_texts(a, lang ? "English deck" : "中文卡组");
		dom_texts(more, lang ? " " : " · ");
	}
	dom_texts(dom_elem_class(more, "span", "count"),
		  arena_printf(s->a, "%d + %d", s->stats.keys, s->stats.quizzes));
	study_assets(frag);
	dom_page_fill(p->dom, "content", frag);
	page_done(s, p);
}

/* ---- practice: drills from the spec tables ---- */


/* practice.html: a question for every number of the spec tables (a
 * field's value, typed in its unit, graded as a quiz is) and for every two
 * neighbouring rows of a column (which is higher?).  Without JavaScript it
 * is a list of questions with their answers in <details>; study.js makes it
 * a practice session, one question at a time, missed ones first. */
static void practice_page(struct site *s)
{
	const struct book *b = s->book;
	size_t ntables;
	const struct spec_table *tables = numbers_tables(b->numbers, &ntables);
	if (!ntables || site_book_page_taken(s, "practice.html", GROUP_STATIC))
		return;
	struct page *p = page_new(s, "practice.html", "content", "Practice", NULL);
	struct dom_node *frag = dom_fragment();
	struct dom_node *art = page_article(frag, "practice-page", "练习", "Practice");
	bi_block(art, "p",
		 "这些题目由规格表生成：每个数值一道填空题，相邻两行的同一列一道比较题。答案就是表中（经核查的）数值；答完可以看推导并跳到所在的行。",
		 "These questions are made from the spec tables: one to type for every value, and one "
		 "comparison for every two neighbouring rows of a column. The answers are the tables' "
		 "checked values; after answering, see the derivation and jump to the row.");
	int drills = 0, comparisons = 0;
	for (size_t t = 0; t < ntables; t++) {
		const struct spec_table *tb = &tables[t];
		struct dom_node *sec = section_h2(s, art, arena_printf(s->a, "t-%s", tb->id),
						  tb->title.zh, tb->title.en ? tb->title.en : tb->id);
		dom_attr(sec, "class", "practice-table");
		for (size_t c = 0; c < tb->ncolumns; c++) {
			const struct spec_column *col = &tb->columns[c];
			if (!col->unit)
				continue;
			const char *cz = col->name.zh ? col->name.zh : col->name.en ? col->name.en : col->id;
			const char *ce = col->name.en ? col->name.en : col->id;
			struct numbers_drill prev;
			const struct spec_row *prev_row = NULL;
			for (size_t r = 0; r < tb->nrows && r < PRACTICE_ROWS_MAX; r++) {
				const struct spec_row *row = &tb->rows[r];
				struct numbers_drill d;
				if (numbers_drill(b->numbers, s->a, t, r, c, &d) < 0)
					continue;
				const char *name = row->name ? row->name : row->id;
				const char *href = arena_printf(s->a, "/specs/%s.html#%s", tb->id, row->id);
				struct bitext q = {
					arena_printf(s->a, "%s：%s是多少 %s？", name, cz, d.grade.unit),
					arena_printf(s->a, "%s: %s, in %s?", name, ce, d.grade.unit),
				};
				study_drill_card(s->a, sec, arena_printf(s->a, "d-%s-%s", row->id, col->id), q,
						 d.shown, d.derivation, href, name, &d.grade);
				drills++;
				if (prev_row && prev.value != d.value && !strcmp(prev.grade.unit, d.grade.unit)) {
					const char *pn = prev_row->name ? prev_row->name : prev_row->id;
					struct bitext cq = {
						arena_printf(s->a, "%s 与 %s，哪个的%s更高？", pn, name, cz),
						arena_printf(s->a, "Which has the higher %s: %s or %s?", ce, pn, name),
					};
					struct bitext choices[2] = { { NULL, pn }, { NULL, name } };
					struct bitext because = {
						arena_printf(s->a, "%s：%s；%s：%s", pn, prev.shown, name, d.shown),
						arena_printf(s->a, "%s: %s; %s: %s", pn, prev.shown, name, d.shown),
					};
					study_choice_card(s->a, sec, arena_printf(s->a, "c-%s-%s-%s", prev_row->id,
										   row->id, col->id),
							  cq, choices, 2, prev.value > d.value ? 1 : 2, because, href);
					comparisons++;
				}
				prev = d;
				prev_row = row;
			}
		}
	}
	struct dom_node *count = dom_elem_class(art, "p", "practice-count");
	dom_texts(count, arena_printf(s->a, "%d + %d", drills, comparisons));
	for (size_t t = 0; t < ntables; t++)
		if (tables[t].nrows > PRACTICE_ROWS_MAX)
			bi_block(art, "p",
				 arena_printf(s->a, "“%s”有 %zu 行，只练习前 %d 行。",
					      tables[t].title.zh ? tables[t].title.zh : tables[t].id,
					      tables[t].nrows, PRACTICE_ROWS_MAX),
				 arena_printf(s->a, "\"%s\" has %zu rows: only the first %d are drilled.",
					      tables[t].title.en ? tables[t].title.en : tables[t].id,
					      tables[t].nrows, PRACTICE_ROWS_MAX));
	study_assets(frag);
	dom_page_fill(p->dom, "content", frag);
	page_done(s, p);
}

/* ---- search ---- */

/* The path of the file (kind, k) of the search part name, in the site's
 * arena: "assets/search/0003/" and m.js, 07.js or p17.js.  Without printf:
 * a rebuild names each of the 321 files of every part of the book (those
 * it takes as they are too), and arena_printf() for each was a
 * twentieth of a one-chapter rebuild of 1000 chapters. */
static const char *search_file_path(struct site *s, const char *name, enum search_file kind, size_t k)
{
	static const char prefix[] = "assets/search/", hex[] = "0123456789abcdef";
	size_t nlen = strlen(name), plen = sizeof prefix - 1;
	char tail[32], *o = tail + sizeof tail;
	*--o = '\0';
	o -= 3;
	memcpy(o, ".js", 3);
	if (kind == SEARCH_FILE_META) {
		*--o = 'm';
	} else if (kind == SEARCH_FILE_SHARD) {
		*--o = hex[k & 15];
		*--o = hex[k >> 4 & 15];
	} else {
		do
			*--o = (char)('0' + k % 10);
		while (k /= 10);
		*--o = 'p';
	}
	size_t tlen = (size_t)(tail + sizeof tail - 1 - o);
	char *path = arena_alloc_uninit(s->a, plen + nlen + 1 + tlen + 1);
	memcpy(path, prefix, plen);
	memcpy(path + plen, name, nlen);
	path[plen + nlen] = '/';
	memcpy(path + plen + nlen + 1, o, tlen + 1);
	return path;
}

const char *pages_search_file_path(struct site *s, const char *part, size_t file)
{
	return file == 0 ? search_file_path(s, part, SEARCH_FILE_META, 0)
		: file <= SEARCH_BUCKETS ? search_file_path(s, part, SEARCH_FILE_SHARD, file - 1)
		: search_file_path(s, part, SEARCH_FILE_DOCS, file - 1 - SEARCH_BUCKETS);
}

/* A part of the search index to write on the work line (search_flush()). */
struct search_job {
	struct site *s;              /* its directories, read */
	struct search_index *ix;     /* the job's, freed by it */
	const char *name;
	void *part;                  /* site_search_part_begin()'s: the line's alone */
	const char **paths;          /* in the build's arena (they stay: the files
	                                the site holds): m.js, the shards, then one
	                                per page */
	size_t npages;
};

/* search_keep_fn: asks the reuse layer whether the site keeps the file
 * (on the line: it touches only the job's part). */
static int search_file_keep(void *ctx, enum search_file kind, size_t k, uint64_t hash)
{
	struct search_job *job = ctx;
	size_t file = kind == SEARCH_FILE_META ? 0 : kind == SEARCH_FILE_SHARD ? 1 + k : 1 + SEARCH_BUCKETS + k;
	return site_search_file_kept(job->s, job->part, file, job->paths[file], hash);
}

/* Writes a file of the part unless it is kept (b empty: the output's
 * file stays) or the output already holds its bytes. */
static void search_file_put(struct search_job *job, struct arena *tmp, const char *path, struct buf *b)
{
	if (b->len)   /* a failure is reported: the build then fails */
		write_html(job->s, tmp, path, b->data, b->len);
	buf_release(b);
}

/* Deflates and writes the job's part.  A file made of the same text as
 * the one the output holds, which the reuse layer vouches for, is kept:
 * neither deflated again nor written (deflating all of a changed part's
 * files was a third of a one-chapter rebuild of 1000 chapters). */
static void search_write(void *arg)
{
	struct search_job *job = arg;
	struct buf meta = BUF_INIT;
	struct buf *shards = xcalloc(SEARCH_BUCKETS, sizeof *shards);
	struct buf *docs = xcalloc(job->npages ? job->npages : 1, sizeof *docs);
	search_index_write_split(job->ix, job->name, search_file_keep, job, &meta, shards, docs);
	search_index_free(job->ix);
	/* the paths write_html() makes go with the part */
	struct arena tmp = ARENA_INIT;
	search_file_put(job, &tmp, job->paths[0], &meta);
	for (unsigned b = 0; b < SEARCH_BUCKETS; b++)
		search_file_put(job, &tmp, job->paths[1 + b], &shards[b]);
	for (size_t k = 0; k < job->npages; k++)
		search_file_put(job, &tmp, job->paths[1 + SEARCH_BUCKETS + k], &docs[k]);
	arena_free(&tmp);
	free(shards);
	free(docs);
	free(job->paths);
	free(job);
}

/* Writes the part being filled, named name ("0003", "book"): its head,
 * its shards and its pages' sections (search.h).  Deflating and writing
 * them is the work line's (s->line); the site knows its files at once. */
static void search_flush(struct site *s, const char *name)
{
	size_t npages = search_index_npages(s->search);
	struct search_job *job = xmalloc(sizeof *job);
	*job = (struct search_job){ s, s->search, name, NULL,
				    xcalloc(1 + SEARCH_BUCKETS + npages, sizeof *job->paths), npages };
	s->search = NULL;
	for (size_t k = 0; k < 1 + SEARCH_BUCKETS + npages; k++) {
		job->paths[k] = pages_search_file_path(s, name, k);
		write_file_done(s, job->paths[k]);
	}
	if (!site_writing(s)) {
		search_index_free(job->ix);
		free(job->paths);
		free(job);
		return;
	}
	job->part = site_search_part_begin(s, name);   /* on this thread: it records the part */
	work_line_add(s->line, search_write, job);
}

static const char *part_name(struct site *s, size_t k)
{
	return arena_printf(s->a, "%04zu", k);
}

/* The first shard of part k: the part is there when it is. */
const char *pages_search_part_path(struct site *s, size_t k)
{
	return search_file_path(s, part_name(s, k), SEARCH_FILE_SHARD, 0);
}

/* Adds the sections rc of chapter ci to ix (any thread: nothing shared is
 * touched). */
static void search_add_chapter(const struct site *s, size_t ci, const struct rendered *rc,
			       struct search_index *ix)
{
	const struct chapter *c = &s->book->chapters[ci];
	struct buf title = BUF_INIT;
	if (c->title.zh && c->title.en)
		buf_addf(&title, "%s %s", c->title.zh, c->title.en);
	else
		buf_adds(&title, c->title.en ? c->title.en : c->title.zh);
	search_index_set_page_title(ix, c->page, title.data);
	buf_release(&title);
	for (size_t k = 0; k < rc->nsections; k++) {
		const struct section_text *st = &rc->sections[k];
		search_index_add(ix, c->page, st->anchor ? st->anchor : "", st->title ? st->title : "",
				 st->text ? st->text : "");
	}
}

char *pages_search_prepare(const struct site *s, size_t ci, const struct rendered *rc,
			   struct search_index *ix, size_t *len)
{
	search_add_chapter(s, ci, rc, ix);
	return search_index_pack(ix, len);
}

void pages_search_chapter(struct site *s, size_t ci)
{
	const struct book *b = s->book;
	struct rendered *rc = &s->chapters[ci];
	int last = (ci + 1) % SEARCH_PART_CHAPTERS == 0 || ci + 1 == b->nchapters;
	if (site_reused(s, ci) && !site_reindexed(s, ci)) {
		/* so is the rest of its part (the reuse layer decided so): so is the part */
		if (last) {
			size_t k = s->search_parts++, from = k * SEARCH_PART_CHAPTERS;
			const char *name = part_name(s, k);
			for (size_t f = 0; f <= SEARCH_BUCKETS + (ci + 1 - from); f++) {
				const char *path = f < SEARCH_BUCKETS
					? search_file_path(s, name, SEARCH_FILE_SHARD, f)
					: f == SEARCH_BUCKETS ? search_file_path(s, name, SEARCH_FILE_META, 0)
					: search_file_path(s, name, SEARCH_FILE_DOCS, f - SEARCH_BUCKETS - 1);
				if (site_take_file(s, path)) {
					diag_error((struct srcloc){ s->out, 0, 0 }, "cannot link '%s' from the last build "
						   "(build with --no-cache)", path);
				}
				write_file_done(s, path);
			}
		}
		return;
	}
	if (!s->search)
		s->search = search_index_new();
	/* indexed on its rendering thread, or (a chapter taken from the last
	 * build whose part is made again) as the last build indexed it */
	if (rc->search) {
		search_index_merge_packed(s->search, rc->search);
		if (!rc->search_borrowed)
			free(rc->search);
		rc->search = NULL;
	} else {
		search_add_chapter(s, ci, rc, s->search);
	}
	if (last) {
		search_flush(s, part_name(s, s->search_parts));
		s->search_parts++;
	}
}

/* The spec rows' and the glossary's part of the search index. */
static void search_book_part(struct site *s)
{
	const struct book *b = s->book;
	/* what it is made of (spec tables, glossary) is what every page
	 * depends on: a build that keeps any chapter keeps it as it is,
	 * while its files are as the last build left them */
	if (site_writing(s) && site_search_part_taken(s, "book"))
		return;
	struct search_index *idx = s->search = search_index_new();
	/* spec rows, so that "H100" or "MI300X" finds its row */
	size_t ntables;
	const struct spec_table *tables = numbers_tables(b->numbers, &ntables);
	for (size_t ti = 0; ti < ntables; ti++) {
		const struct spec_table *t = &tables[ti];
		const char *page = arena_printf(s->a, "specs/%s.html", t->id);
		search_index_set_page_title(idx, page, t->title.zh && t->title.en
					    ? arena_printf(s->a, "%s %s", t->title.zh, t->title.en)
					    : t->title.en ? t->title.en : t->id);
		for (size_t r = 0; r < t->nrows; r++) {
			const struct spec_row *row = &t->rows[r];
			struct buf text = BUF_INIT;
			for (size_t k = 0; k < row->naliases; k++)
				buf_addf(&text, "%s ", row->aliases[k]);
			for (size_t col = 0; col < t->ncolumns; col++) {
				const struct spec_cell *cell = &row->cells[col];
				if (!cell->text || cell->kind == CELL_EMPTY)
					continue;
				const struct spec_column *cn = &t->columns[col];
				buf_addf(&text, "%s%s%s: %s%s%s; ", cn->name.zh ? cn->name.zh : "",
					 cn->name.zh ? " " : "", cn->name.en ? cn->name.en : cn->id, cell->text,
					 cell->unit || cn->unit ? " " : "",
					 cell->unit ? cell->unit : cn->unit ? cn->unit : "");
			}
			search_index_add(idx, page, row->id, row->name ? row->name : row->id, text.data);
			buf_release(&text);
		}
	}
	search_index_set_page_title(idx, "glossary.html", "术语表 Glossary");
	for (size_t i = 0; i < b->nterms; i++) {
		const struct term *t = &b->terms[i];
		struct buf text = BUF_INIT;
		buf_addf(&text, "%s %s %s %s %s", t->abbr ? t->abbr : "", t->name.zh ? t->name.zh : "",
			 t->name.en ? t->name.en : "", t->def.zh ? t->def.zh : "", t->def.en ? t->def.en : "");
		search_index_add(idx, "glossary.html", t->id, t->name.en ? t->name.en : t->name.zh, text.data);
		buf_release(&text);
	}
	search_flush(s, "book");
}

static void search_page(struct site *s)
{
	search_book_part(s);

	if (site_book_page_taken(s, "search.html", GROUP_SEARCH))
		return;
	struct page *p = page_new(s, "search.html", "content", "Search", NULL);
	struct dom_node *frag = dom_fragment();
	struct dom_node *art = page_article(frag, "search-page", "搜索", "Search");
	struct dom_node *div = dom_elem(art, "div");
	dom_attr(div, "id", "search-page");
	struct dom_node *form = dom_elem_class(div, "form", "search-form");
	dom_attr(form, "action", "/search.html");
	dom_attr(form, "role", "search");
	/* named apart from the header's search form: two search landmarks */
	dom_attr(form, "aria-label", "搜索页 / Search page");
	struct dom_node *label = dom_elem(form, "label");
	dom_attr(label, "for", "search-input");
	bi(label, "搜索全书", "Search the book");
	struct dom_node *input = dom_elem(form, "input");
	dom_attr(input, "id", "search-input");
	dom_attr(input, "type", "search");
	dom_attr(input, "name", "q");
	dom_attr(input, "autocomplete", "off");
	struct dom_node *status = dom_elem(div, "p");
	dom_attr(status, "id", "search-status");
	dom_attr(status, "aria-live", "polite");
	struct dom_node *ol = dom_elem(div, "ol");
	dom_attr(ol, "id", "search-results");
	struct dom_node *noscript = dom_elem(div, "noscript");
	dom_texts(dom_elem(noscript, "p"), "Search needs JavaScript; the chapters and the glossary work without it.");
	/* search.js loads the shards it needs: the chapters' parts, then the
	 * spec rows' and glossary's ("book") */
	dom_attr(div, "data-parts", arena_printf(s->a, "%zu", s->search_parts));
	dom_attr(div, "data-buckets", arena_printf(s->a, "%d", SEARCH_BUCKETS));
	struct dom_node *sc = dom_elem(art, "script");
	dom_attr(sc, "src", "/assets/search.js");
	dom_page_fill(p->dom, "content", frag);
	page_done(s, p);
}

/* ---- print ---- */

struct prefix_ctx {
	struct site *s;
	const char *prefix;
	const char *page;
};

static void prefix_ids(void *arg, struct dom_node *n)
{
	struct prefix_ctx *pc = arg;
	const char *id = dom_get_attr(n, "id");
	if (id)
		dom_attr(n, "id", arena_printf(pc->s->a, "%s%s", pc->prefix, id));
	const char *href = dom_get_attr(n, "href");
	if (href && href[0] == '#')
		dom_attr(n, "href", arena_printf(pc->s->a, "#%s%s", pc->prefix, href + 1));
	else if (href && href[0] == '/' && !strncmp(href + 1, pc->page, strlen(pc->page)) &&
		 href[1 + strlen(pc->page)] == '#')
		dom_attr(n, "href", arena_printf(pc->s->a, "#%s%s", pc->prefix,
						 href + 2 + strlen(pc->page)));
}

/* What print.html keeps: no claim's detail or derivation, no heading's anchor (print
 * hides them), no link that leads into the site (a value's, a term's, a
 * spec row's: their text stays), no attribute only a screen uses (Tab
 * stops, a source's place, a typed answer's slips, a spec cell's labels
 * for a phone and its sort key). */
static enum dom_prune_do print_prune(void *arg, struct dom_node *n)
{
	(void)arg;
	static const char *const screen_only[] = { "tabindex", "data-src", "data-slips", "aria-describedby",
						   "data-zh", "data-en", "data-sort" };
	for (size_t i = 0; i < sizeof screen_only / sizeof *screen_only; i++)
		if (dom_get_attr(n, screen_only[i]))
			dom_remove_attr(n, screen_only[i]);
	const char *cls = dom_get_attr(n, "class");
	if (!cls)
		return DOM_KEEP;
	if (!strcmp(cls, "claim-detail") || !strcmp(cls, "claim-deriv") || !strcmp(cls, "anchor"))
		return DOM_DROP;
	if (!strcmp(dom_name(n), "a") && (!strncmp(cls, "autolink", 8) || !strcmp(cls, "value") ||
					  !strcmp(cls, "term") || !strcmp(cls, "spec-link")))
		return DOM_UNWRAP;
	return DOM_KEEP;
}

/* A spec table prints in pieces of at most this many columns (each piece
 * headed by the model column), so that every column fits an A4 page in
 * portrait at the print size of site.css; a wider table would lose its
 * right-hand columns at the page's edge. */
#define PRINT_TABLE_COLUMNS 7

/* print.html's contents: the chapters with their sections, the spec
 * tables, the glossary. */
static void print_contents(struct site *s, struct dom_node *book)
{
	const struct book *b = s->book;
	struct dom_node *nav = dom_elem_class(book, "nav", "print-contents");
	dom_attr(nav, "aria-labelledby", "print-contents");
	struct dom_node *h = dom_elem(nav, "h2");
	dom_attr(h, "id", "print-contents");
	bi(h, "目录", "Contents");
	struct dom_node *ol = dom_elem(nav, "ol");
	for (size_t i = 0; i < b->nchapters; i++) {
		const struct chapter *c = &b->chapters[i];
		const struct rendered *rc = &s->chapters[i];
		if (!s->print_parts[i])
			continue;
		struct dom_node *li = dom_elem(ol, "li");
		struct dom_node *a = dom_elem(li, "a");
		dom_attr(a, "href", arena_printf(s->a, "#c%d", c->number));
		bi(a, c->title.zh, c->title.en);
		struct dom_node *sub = NULL;
		for (size_t k = 0; k < rc->nheadings; k++) {
			if (rc->headings[k].level != 2)
				continue;
			if (!sub)
				sub = dom_elem(li, "ol");
			a = dom_elem(dom_elem(sub, "li"), "a");
			dom_attr(a, "href", arena_printf(s->a, "#c%d-%s", c->number, rc->headings[k].id));
			lang_bitext(a, rc->headings[k].title);
		}
	}
	size_t ntables;
	const struct spec_table *tables = numbers_tables(b->numbers, &ntables);
	if (ntables) {
		struct dom_node *li = dom_elem(ol, "li");
		struct dom_node *a = dom_elem(li, "a");
		dom_attr(a, "href", "#print-specs");
		bi(a, "规格表", "Spec tables");
		struct dom_node *sub = dom_elem(li, "ol");
		for (size_t k = 0; k < ntables; k++) {
			a = dom_elem(dom_elem(sub, "li"), "a");
			dom_attr(a, "href", arena_printf(s->a, "#print-spec-%s", tables[k].id));
			bi(a, tables[k].title.zh, tables[k].title.en ? tables[k].title.en : tables[k].id);
		}
	}
	if (b->nterms) {
		struct dom_node *a = dom_elem(dom_elem(ol, "li"), "a");
		dom_attr(a, "href", "#print-glossary");
		bi(a, "术语表", "Glossary");
	}
}

/* print.html's spec tables: each with its legend, in pieces of at most
 * PRINT_TABLE_COLUMNS columns. */
static void print_specs(struct site *s, struct dom_node *book)
{
	size_t ntables;
	const struct spec_table *tables = numbers_tables(s->book->numbers, &ntables);
	if (!ntables)
		return;
	struct dom_node *part = dom_elem_class(book, "section", "print-specs");
	struct dom_node *h1 = dom_elem(dom_elem_class(part, "header", "chapter-head"), "h1");
	dom_attr(h1, "id", "print-specs");
	bi(h1, "规格表", "Spec tables");
	for (size_t k = 0; k < ntables; k++) {
		const struct spec_table *t = &tables[k];
		struct dom_node *sec = dom_elem_class(part, "section", "print-spec");
		struct dom_node *h = dom_elem(sec, "h2");
		dom_attr(h, "id", arena_printf(s->a, "print-spec-%s", t->id));
		bi(h, t->title.zh, t->title.en ? t->title.en : t->id);
		spec_legend(sec, t);
		for (size_t from = 0; from < t->ncolumns || from == 0; from += PRINT_TABLE_COLUMNS) {
			size_t to = from + PRINT_TABLE_COLUMNS < t->ncolumns ? from + PRINT_TABLE_COLUMNS : t->ncolumns;
			struct dom_node *wrap = dom_elem_class(sec, "div", "table-wrap print-table");
			spec_table_build(s, wrap, t, from, to, NULL, 0, 0);
			if (!t->ncolumns)
				break;
		}
	}
}

/* print.html's glossary: the terms from A to Z with their definitions. */
static void print_glossary(struct site *s, struct dom_node *book)
{
	const struct book *b = s->book;
	if (!b->nterms)
		return;
	struct dom_node *part = dom_elem_class(book, "section", "print-glossary");
	struct dom_node *h1 = dom_elem(dom_elem_class(part, "header", "chapter-head"), "h1");
	dom_attr(h1, "id", "print-glossary");
	bi(h1, "术语表", "Glossary");
	const struct term **order = xcalloc(b->nterms, sizeof *order);
	for (size_t i = 0; i < b->nterms; i++)
		order[i] = &b->terms[i];
	qsort(order, b->nterms, sizeof *order, term_cmp);
	struct dom_node *dl = dom_elem_class(part, "dl", "terms");
	for (size_t i = 0; i < b->nterms; i++) {
		const struct term *t = order[i];
		struct dom_node *dt = dom_elem(dl, "dt");
		dom_attr(dt, "id", arena_printf(s->a, "print-term-%s", t->id));
		if (t->abbr) {
			dom_texts(dom_elem_class(dt, "strong", "abbr"), t->abbr);
			dom_texts(dt, " ");
		}
		bi(dt, t->name.zh, t->name.en);
		bi_block(dom_elem(dl, "dd"), "p", t->def.zh, t->def.en);
	}
	free(order);
}

/* print.html: the whole book on one page, in the reading mode chosen
 * (site.css prints what the screen shows): contents, chapters, spec
 * tables, glossary. */
static void print_page(struct site *s)
{
	const struct book *b = s->book;
	struct page *p = page_new(s, "print.html", "content", "Print version", NULL);
	p->copy = 1;
	/* no script but what prints a formula: code prints without colours */
	vendor_head(s, p->dom, s->vendor_need & VENDOR_MATH);
	struct dom_node *frag = dom_fragment();
	struct dom_node *book = dom_elem_class(frag, "div", "print-book");
	bi(dom_elem(dom_elem_class(book, "header", "chapter-head"), "h1"), b->title.zh, b->title.en);
	if (!b->language) {   /* a book in one language has no choice of it */
		struct dom_node *how = dom_elem_class(book, "div", "print-how");
		bi_block(how, "p", "打印的语言与页面顶部所选的阅读语言一致（中文、English 或双语）。",
			 "It prints in the reading language chosen at the top of the page (中文, English or both).");
	}
	print_contents(s, book);
	for (size_t i = 0; i < b->nchapters; i++) {
		struct dom_node *part = s->print_parts[i];
		if (!part)
			continue;
		s->print_parts[i] = NULL;
		struct prefix_ctx pc = { s, arena_printf(s->a, "c%d-", b->chapters[i].number),
					 b->chapters[i].page };
		dom_visit(part, prefix_ids, &pc);
		dom_attr(part, "id", arena_printf(s->a, "c%d", b->chapters[i].number));
		dom_adopt(book, part);
	}
	print_specs(s, book);
	print_glossary(s, book);
	dom_prune(book, print_prune, NULL);
	if (s->stats.keys || s->stats.quizzes) {
		/* the chapters' cards and questions, as they print: no script */
		struct dom_node *css = dom_elem(frag, "link");
		dom_attr(css, "rel", "stylesheet");
		dom_attr(css, "href", "/assets/study.css");
	}
	dom_page_fill(p->dom, "content", frag);
	page_done(s, p);
}

/* ---- 404 ---- */

static void notfound_page(struct site *s)
{
	if (site_book_page_taken(s, "404.html", GROUP_STATIC))
		return;
	struct page *p = page_new(s, "404.html", "content", "Not found", NULL);
	struct dom_node *frag = dom_fragment();
	struct dom_node *art = page_article(frag, "not-found", "找不到该页面", "Page not found");
	bi_block(art, "p", "这个地址没有页面。可以从目录或搜索开始。",
		 "There is no page at this address. Start from the contents or search.");
	struct dom_node *a = dom_elem(dom_elem(art, "p"), "a");
	dom_attr(a, "href", "/index.html");
	bi(a, "返回目录", "Back to the contents");
	dom_page_fill(p->dom, "content", frag);
	/* a server answers any missing path with this page, at any depth:
	 * with a base URL its links are absolute (link.c); without one they
	 * resolve from the site root, right for `specbook serve` and a site at
	 * a domain's root (from file:// nobody reaches a missing page) */
	if (!s->book->base_url)
		p->base_href = "/";
	page_done(s, p);
}

void pages_build(struct site *s)
{
	index_page(s);
	specs_pages(s);
	glossary_page(s);
	claims_page(s);
	cards_write(s);
	figures_page(s);
	practice_page(s);
	search_page(s);
	if (s->has_print)
		print_page(s);
	notfound_page(s);
}
