/*
 * render.c — the render stage (see render.h): the chapter.
 *
 * Owns the walk over a chapter: its spans taken out (spans.c), its body
 * parsed by cmark into a tree held in an arena, then its blocks in order:
 * Chinese blocks paired with their English translation, headings split in
 * two languages with a unique id each (and a section started at each),
 * callouts, lists, code; inline nodes go to inlines.c, compare blocks to
 * compare.c.  Then the toc, and the arrays of what was found moved into
 * the caller's arena.
 */
#include "render/render.h"
#include "render/chapter.h"
#include "render/compare.h"
#include "render/ids.h"
#include "render/inlines.h"
#include "render/pipe.h"
#include "render/rawhtml.h"
#include "render/scan.h"
#include "render/spans.h"
#include "render/study.h"
#include "render/lang.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/utf8.h"
#include "book/tables.h"

#include "core/markdown.h"
#include <cmark-gfm.h>
#include <ctype.h>
#include <stdalign.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- blocks ---- */

/* Feeds the prose text of a node to t as prose_text() would append it. */
static void prose_lang(cmark_node *n, struct lang_tally *t, int depth)
{
	if (depth > RENDER_MAX_DEPTH) {
		t->cut = 1;
		return;
	}
	for (cmark_node *k = cmark_node_first_child(n); k; k = cmark_node_next(k)) {
		cmark_node_type type = cmark_node_get_type(k);
		int para = type == CMARK_NODE_PARAGRAPH || markdown_is_table(k);
		if (para && !t->in_word) {
			/* tallied on its own, the same as in line with the rest (it
			 * starts and ends outside a word), and its verdict kept for
			 * block_lang(): an English blockquote is judged whole, then
			 * paragraph by paragraph as it is rendered */
			struct lang_tally p = { 0, 0, 0, 0 };
			prose_lang(k, &p, depth + 1);
			t->han += p.han;
			t->words += p.words;
			t->cut |= p.cut;
			if (!p.cut)
				cmark_node_set_user_data(k, (void *)(uintptr_t)(1 + lang_verdict(&p)));
			lang_feed(t, "\n", 1);
			continue;
		}
		if (type == CMARK_NODE_TEXT) {
			const char *lit = cmark_node_get_literal(k);
			lang_feed(t, lit, strlen(lit));
		} else if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) {
			lang_feed(t, " ", 1);
		} else if (type != CMARK_NODE_CODE && type != CMARK_NODE_CODE_BLOCK) {
			prose_lang(k, t, depth + 1);
			if (markdown_is_table_cell(k) || markdown_is_table_row(k))
				lang_feed(t, " ", 1);   /* as the pipe between them */
		}
		if (para)
			lang_feed(t, "\n", 1);
	}
}

/* Returns the language of a block's prose; the text is tallied where it
 * lies, not copied into a buffer first (one allocation per block less). */
static enum lang block_lang(cmark_node *n)
{
	struct lang_tally t = { 0, 0, 0, 0 };
	void *known = cmark_node_get_user_data(n);
	if (known)
		return (enum lang)((uintptr_t)known - 1);
	if (cmark_node_get_type(n) == CMARK_NODE_TEXT) {
		const char *lit = cmark_node_get_literal(n);
		lang_feed(&t, lit, strlen(lit));
	} else {
		prose_lang(n, &t, 0);
	}
	/* kept: a block is asked about as the next one (is it the English of
	 * this pair?) and again as the one rendered; its text was tallied twice */
	if (!t.cut)
		cmark_node_set_user_data(n, (void *)(uintptr_t)(1 + lang_verdict(&t)));
	return lang_verdict(&t);
}

static const char *callout_kind(cmark_node *bq)
{
	static const char *kinds[] = { "NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION" };
	cmark_node *p = cmark_node_first_child(bq);
	if (!p || cmark_node_get_type(p) != CMARK_NODE_PARAGRAPH)
		return NULL;
	cmark_node *t = cmark_node_first_child(p);
	if (!t || cmark_node_get_type(t) != CMARK_NODE_TEXT)
		return NULL;
	const char *lit = cmark_node_get_literal(t);
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
		size_t n = strlen(kinds[i]);
		if (!strncmp(lit, "[!", 2) && !strncasecmp(lit + 2, kinds[i], n) && lit[2 + n] == ']')
			return kinds[i];
	}
	return NULL;
}

static void render_blocks(struct ctx *c, cmark_node *first, struct dom_node *parent,
			  int depth, int in_callout);

/* Warns at a blockquote that opens as a callout of a kind there is not
 * ([!FOO], [!NOTES]): it would be shown as a quotation, marker and all. */
static void unknown_callout(struct ctx *c, cmark_node *bq)
{
	cmark_node *p = cmark_node_first_child(bq);
	cmark_node *t = p && cmark_node_get_type(p) == CMARK_NODE_PARAGRAPH ? cmark_node_first_child(p)
									      : NULL;
	if (!t || cmark_node_get_type(t) != CMARK_NODE_TEXT)
		return;
	const char *lit = cmark_node_get_literal(t);
	size_t n = 2;
	while (isalpha((unsigned char)lit[n]))
		n++;
	if (strncmp(lit, "[!", 2) || n == 2 || lit[n] != ']')
		return;
	int line = cmark_node_get_start_line(p);
	diag_report(DIAG_WARNING, chapter_loc(c, line, spans_column(c, line, cmark_node_get_start_column(p))),
		    (int)n + 1,
		    "hint: the callouts are [!NOTE], [!TIP], [!IMPORTANT], [!WARNING] and [!CAUTION]",
		    "unknown callout '%.*s': shown as a quotation", (int)n + 1, lit);
}

static void start_section(struct ctx *c, const char *id, const char *title)
{
	if (c->text.len || c->section) {
		struct section_text *s = ARRAY_PUSH(c->out->sections, c->out->nsections, c->capsections);
		s->anchor = c->section;
		s->title = c->section_title;
		s->text = arena_strndup(c->a, c->text.data, c->text.len);
	}
	buf_reset(&c->text);
	c->nlinked[0] = c->nlinked[1] = 0;
	c->section = id;
	c->section_title = title;
}

/* Returns 1 if id is a valid explicit heading id (reported if not). */
static int valid_anchor(const char *id, struct srcloc loc)
{
	const char *why = !*id ? "is empty" : NULL;
	for (const char *q = id; !why && *q; q++)
		if (*q == ' ' || *q == '\t' || *q == '#')
			why = *q == '#' ? "holds a '#'" : "holds a space";
	if (!why)
		return 1;
	diag_report(DIAG_ERROR, loc, (int)utf8_length(id, strlen(id)) + 3,
		    "hint: an id is one word, such as {#memory-bandwidth}",
		    "heading anchor {#%s} %s", id, why);
	return 0;
}

static void render_heading(struct ctx *c, cmark_node *n, struct dom_node *parent)
{
	int level = cmark_node_get_heading_level(n);
	scan_heading(c);
	if (level < 2)
		level = 2;   /* the chapter title is the page's only h1 */
	/* explicit anchor {#id} at the end: cut from the last text */
	const char *explicit_id = NULL;
	cmark_node *last = cmark_node_last_child(n);
	if (last && cmark_node_get_type(last) == CMARK_NODE_TEXT) {
		const char *lit = cmark_node_get_literal(last);
		size_t keep;
		struct srcloc loc;
		const char *raw = spans_anchor(c, lit, &keep, &loc);
		if (raw) {
			explicit_id = arena_strndup(c->a, raw + 2, strlen(raw) - 3);
			if (!valid_anchor(explicit_id, loc))
				explicit_id = NULL;
			while (keep && lit[keep - 1] == ' ')
				keep--;
			cmark_node_set_literal(last, arena_strndup(c->a, lit, keep));
		}
	}
	/* the heading as the reader sees it, spans evaluated: its title, id,
	 * toc entry and aria-label are made of that text */
	size_t text_from = c->text.len, claims_from = c->out->nclaims;
	size_t mentions_from = c->out->nmentions;
	struct dom_node *shown = dom_fragment();
	c->no_autolink++;
	c->in_heading++;
	inlines_render(c, cmark_node_first_child(n), shown, 0);
	c->in_heading--;
	c->no_autolink--;
	const char *plain = arena_strndup(c->a, c->text.data + text_from, c->text.len - text_from);
	buf_truncate(&c->text, text_from);
	struct bitext title;
	lang_split_title(c->a, plain, &title);
	const char *want = explicit_id;
	if (!want && title.en)
		want = lang_slug(c->a, title.en + lang_number_prefix(title.en));
	if ((!want || !*want) && lang_number_prefix(plain))
		want = arena_printf(c->a, "s%.*s", (int)lang_number_prefix(plain) - 1, plain);
	if (want && (strchr(want, '.')))
		want = lang_slug(c->a, want);
	if (!want || !*want)
		want = lang_slug(c->a, plain);
	const char *id = ids_unique(c, want);
	if (explicit_id && strcmp(id, explicit_id)) {
		diag_error(chapter_loc(c, cmark_node_get_start_line(n), 1),
			   "duplicate heading id '%s' on this page", explicit_id);
	}

	start_section(c, id, plain);
	/* what the heading's spans name belongs to its own section */
	for (size_t k = mentions_from; k < c->out->nmentions; k++)
		c->out->mentions[k].section = id;
	for (size_t k = claims_from; k < c->out->nclaims; k++)
		c->out->claims[k].section = id;
	struct heading *h = ARRAY_PUSH(c->out->headings, c->out->nheadings, c->capheadings);
	h->level = level;
	h->id = id;
	h->title = title;
	h->plain = plain;

	char tag[3] = { 'h', (char)('0' + level), 0 };
	struct dom_node *el = dom_elem(parent, tag);
	dom_attr(el, "id", id);
	const char *alias = explicit_id ? NULL :
		ids_github_alias(c, lang_github_slug(c->a, plain), id);
	if (alias)   /* the anchor GitHub gives this heading lands here too */
		dom_attr(dom_elem_class(el, "span", "anchor-alias"), "id", alias);
	struct dom_node *a = dom_elem_class(el, "a", "anchor");
	dom_attr(a, "href", arena_printf(c->a, "#%s", id));
	dom_attr(a, "aria-label", arena_printf(c->a, "Link to %s", title.en ? title.en : plain));
	dom_texts(a, "#");
	dom_texts(el, " ");
	if (title.zh && title.en) {
		/* two titles, as text: the heading's claims are found at it */
		lang_bitext(el, title);
		for (size_t k = claims_from; k < c->out->nclaims; k++)
			c->out->claims[k].anchor = id;
	} else {
		/* one language: keep inline markup and spans */
		struct dom_node *span = dom_elem(el, "span");
		if (title.zh)
			dom_attr(span, "lang", "zh-Hans");
		dom_move_children(shown, span);
	}
	dom_free(shown);
	buf_adds(&c->text, plain);
	buf_addch(&c->text, '\n');
}

static int is_pipe_table(cmark_node *p)
{
	cmark_node *t = cmark_node_first_child(p);
	if (!t || cmark_node_get_type(t) != CMARK_NODE_TEXT)
		return 0;
	const char *lit = cmark_node_get_literal(t);
	return lit[0] == '|' && strchr(lit + 1, '|') != NULL;
}

/* ---- pipe tables ----
 *
 * cmark-gfm's table nodes (core/markdown.h): GitHub's own recognition,
 * each cell's inlines rendered as any paragraph's, at the positions of
 * the source.  The header row's cells as written (pipe_table_head()) are
 * what the scan reads a header's column names from.  The table sits in a
 * box that scrolls sideways on a narrow screen.
 */

/* Renders table n into parent. */
static void render_pipe_table(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth)
{
	unsigned ncols = markdown_table_columns(n);
	struct pipe_cell *head = NULL;
	size_t caphead = 0;
	size_t nhead = pipe_table_head(n, c->md, c->md_lines, c->nlines, &head, &caphead, NULL);
	int hline = pipe_table_header_line(n);
	size_t prefix = (size_t)(cmark_node_get_start_column(n) > 1 ? cmark_node_get_start_column(n) - 1 : 0);
	size_t hlen = 0;
	const char *hs = nhead ? pipe_row_text(c->md, c->md_lines, hline, prefix, &hlen) : NULL;
	const char **align = arena_array(c->a, ncols + 1, sizeof *align);
	for (unsigned j = 0; j < ncols; j++) {
		char a = markdown_table_align(n, j);
		align[j] = a == 'l' ? "align-left" : a == 'c' ? "align-center" : a == 'r' ? "align-right" : NULL;
	}
	struct dom_node *wrap = dom_elem_class(parent, "div", "table-wrap");
	struct dom_node *table = dom_elem_class(wrap, "table", "pipe-table");
	struct dom_node *tr = dom_elem(dom_elem(table, "thead"), "tr");
	cmark_node *row = cmark_node_first_child(n), *cell = row ? cmark_node_first_child(row) : NULL;
	for (unsigned j = 0; j < ncols; j++, cell = cell ? cmark_node_next(cell) : NULL) {
		struct dom_node *th = dom_elem(tr, "th");
		dom_attr(th, "scope", "col");
		if (align[j])
			dom_attr(th, "class", align[j]);
		if (cell)
			inlines_render(c, cmark_node_first_child(cell), th, depth + 1);
		buf_addch(&c->text, ' ');
	}
	buf_addch(&c->text, '\n');
	scan_table_begin(c, hs, head, hs ? nhead : 0);
	scan_sentence(c);   /* the alignment row */
	struct dom_node *tbody = NULL;
	for (row = row ? cmark_node_next(row) : NULL; row; row = cmark_node_next(row)) {
		scan_sentence(c);   /* each row: the row its first cell names */
		int l = cmark_node_get_start_line(row);
		size_t llen = l >= 1 && (size_t)l <= c->nlines ? strcspn(c->md + c->md_lines[l - 1], "\n") : 0;
		if (!tbody)
			tbody = dom_elem(table, "tbody");
		tr = dom_elem(tbody, "tr");
		cell = cmark_node_first_child(row);
		for (unsigned j = 0; j < ncols; j++, cell = cell ? cmark_node_next(cell) : NULL) {
			struct dom_node *td = dom_elem(tr, "td");
			if (align[j])
				dom_attr(td, "class", align[j]);
			/* a cell cmark-gfm added to a short row has no position */
			int col = cell ? cmark_node_get_start_column(cell) : 0;
			scan_table_cell(c, (long)j, l, col > 0 && (size_t)col <= llen ? (size_t)col - 1 : llen);
			if (cell)
				inlines_render(c, cmark_node_first_child(cell), td, depth + 1);
			buf_addch(&c->text, ' ');
		}
		buf_addch(&c->text, '\n');
	}
	scan_table_end(c);
	free(head);
}

static void render_block(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth,
			 const char *lang);

/* A blockquote: a callout (> [!NOTE] and the like) with its title, the
 * marker dropped from its text, or a plain quotation. */
static void render_callout(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth)
{
	struct dom_node *el;
	const char *kind = callout_kind(n);
	if (!kind) {
		unknown_callout(c, n);
		el = dom_elem(parent, "blockquote");
		render_blocks(c, cmark_node_first_child(n), el, depth + 1, 0);
		return;
	}
	char cls[64];
	snprintf(cls, sizeof cls, "callout callout-%s", kind);
	for (char *q = cls; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	el = dom_elem_class(parent, "div", cls);
	dom_attr(el, "role", "note");
	static const struct { const char *kind, *zh, *en; } names[] = {
		{ "NOTE", "注", "Note" }, { "TIP", "提示", "Tip" },
		{ "IMPORTANT", "重要", "Important" }, { "WARNING", "警告", "Warning" },
		{ "CAUTION", "当心", "Caution" },
	};
	struct dom_node *title = dom_elem_class(el, "p", "callout-title");
	for (size_t k = 0; k < sizeof names / sizeof *names; k++)
		if (!strcmp(names[k].kind, kind))
			lang_bitext(title, (struct bitext){ names[k].zh, names[k].en });
	/* drop the marker (and the line break after it) from the first paragraph */
	cmark_node *p = cmark_node_first_child(n);
	cmark_node *t = cmark_node_first_child(p);
	const char *lit = cmark_node_get_literal(t);
	const char *rest = strchr(lit, ']') + 1;
	while (*rest == ' ')
		rest++;
	int empty = !*rest;   /* rest dies with the old literal */
	cmark_node_set_literal(t, arena_strdup(c->a, rest));
	cmark_node *nx = cmark_node_next(t);
	if (empty && nx && (cmark_node_get_type(nx) == CMARK_NODE_SOFTBREAK ||
			    cmark_node_get_type(nx) == CMARK_NODE_LINEBREAK))
		cmark_node_free(nx);
	if (empty && !cmark_node_next(t))
		cmark_node_free(p);
	else if (empty)
		cmark_node_free(t);
	render_blocks(c, cmark_node_first_child(n), el, depth + 1, 1);
}

/* A list, and GitHub's task lists; a tight list's paragraphs are its
 * items' text. */
static void render_list(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth,
			const char *lang)
{
	struct dom_node *el;
	int ordered = cmark_node_get_list_type(n) == CMARK_ORDERED_LIST;
	el = dom_elem(parent, ordered ? "ol" : "ul");
	if (lang)
		dom_attr(el, "lang", lang);
	if (ordered && cmark_node_get_list_start(n) != 1)
		dom_attr(el, "start", arena_printf(c->a, "%d", cmark_node_get_list_start(n)));
	int tight = cmark_node_get_list_tight(n);
	for (cmark_node *item = cmark_node_first_child(n); item; item = cmark_node_next(item)) {
		struct dom_node *li = dom_elem(el, "li");
		int task = markdown_task_checked(item);
		if (task >= 0) {   /* - [ ] and - [x]: GitHub's task list */
			dom_attr(li, "class", "task-list-item");
			struct dom_node *box = dom_elem(li, "input");
			dom_attr(box, "type", "checkbox");
			dom_attr(box, "disabled", "");
			if (task)
				dom_attr(box, "checked", "");
			dom_text(li, " ", 1);
		}
		for (cmark_node *k = cmark_node_first_child(item); k; k = cmark_node_next(k)) {
			if (tight && cmark_node_get_type(k) == CMARK_NODE_PARAGRAPH) {
				scan_paragraph(c, k);
				inlines_render(c, cmark_node_first_child(k), li, depth + 1);
				buf_addch(&c->text, '\n');
			} else {
				render_block(c, k, li, depth + 1, NULL);
			}
		}
	}
}

/* A code block: a compare block, a quiz, a formula (```math) or code. */
static void render_code_block(struct ctx *c, cmark_node *n, struct dom_node *parent)
{
	struct dom_node *el;
	const char *info = cmark_node_get_fence_info(n);
	char word[32] = "";
	if (info)
		sscanf(info, "%31s", word);
	if (!strcmp(word, "compare")) {
		/* its text starts on the line after the fence */
		compare_render(c, cmark_node_get_literal(n), cmark_node_get_start_line(n) + 1, parent);
		return;
	}
	const char *lit = spans_restore(c, cmark_node_get_literal(n));
	if (!strcmp(word, "quiz")) {
		study_quiz(c, cmark_node_get_literal(n), cmark_node_get_start_line(n) + 1, parent);
		return;
	}
	if (!strcmp(word, "math")) {
		/* a formula on lines of its own, typeset as $$…$$ is */
		size_t len = strlen(lit);
		while (len && (lit[len - 1] == '\n' || lit[len - 1] == ' '))
			len--;
		el = dom_elem_class(parent, "div", "math-block");
		dom_text(dom_elem_class(el, "code", "math math-display"), lit, len);
		buf_add(&c->text, lit, len);
		buf_addch(&c->text, '\n');
		c->out->has_math = 1;
		return;
	}
	el = dom_elem(parent, "pre");
	struct dom_node *code = dom_elem(el, "code");
	if (*word) {
		dom_attr(code, "class", arena_printf(c->a, "language-%s", word));
		c->out->has_code = 1;
	}
	dom_texts(code, lit);
	buf_adds(&c->text, lit);
}

/* A footnote's definition, in the list of notes at the page's end, with
 * the way back to its first reference. */
static void render_footnote(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth)
{
	/* GitHub's footnotes: cmark-gfm puts the notes referenced at the
	 * document's end, in the order first referenced (the others it
	 * drops: dropped_footnotes() says so) */
	if (!c->footnote_list)
		c->footnote_list = dom_elem(dom_elem_class(parent, "section", "footnotes"), "ol");
	int k = ++c->notes_listed;
	struct footnote_ids *f = inlines_footnote(c, k);
	struct dom_node *li = dom_elem(c->footnote_list, "li");
	dom_attr(li, "id", f->entry);
	render_blocks(c, cmark_node_first_child(n), li, depth + 1, 0);
	/* the way back at the end of its last paragraph, as GitHub's */
	struct dom_node *last = NULL, *at = li;
	for (struct dom_node *e = dom_first_element(li); e; e = dom_next_element(e))
		last = e;
	if (last && !strcmp(dom_name(last), "p")) {
		at = last;
		dom_texts(at, " ");
	}
	struct dom_node *back = dom_elem_class(at, "a", "footnote-backref");
	dom_attr(back, "href", arena_printf(c->a, "#%s", f->first_ref));
	dom_attr(back, "aria-label", arena_printf(c->a, "Back to reference %d", k));
	dom_texts(back, "\xe2\x86\xa9");   /* ↩ */
}

/* A paragraph written as a pipe table that cmark-gfm read no table in.
 * One that lines of a table's header made, the table starting after them
 * (two header lines: GitHub shows the first as text, the table from the
 * second), has no place of its own in cmark-gfm: it is where the table
 * says it begins, not at line 0 (the front matter's fence). */
static void pipe_not_table(struct ctx *c, cmark_node *n)
{
	int line = cmark_node_get_start_line(n);
	cmark_node *next = cmark_node_next(n);
	if (line < 1 && next && markdown_is_table(next)) {
		diag_report(DIAG_WARNING, chapter_loc(c, cmark_node_get_start_line(next), 1), 0,
			    "hint: a pipe table has one header row: join the two, or remove this line",
			    "table row shown as text, as GitHub shows it: the table's header is the "
			    "line after it");
		return;
	}
	diag_warning(chapter_loc(c, line, 1),
		     "pipe table not recognised: its second line must be the alignment "
		     "row (| --- | :-: | --: |), with as many cells as the header");
}

static void render_block(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth,
			 const char *lang)
{
	struct dom_node *el;
	if (depth > RENDER_MAX_DEPTH) {
		diag_error(chapter_loc(c, cmark_node_get_start_line(n), 1),
			   "blocks nested deeper than %d levels", RENDER_MAX_DEPTH);
		return;
	}
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_PARAGRAPH:
		scan_paragraph(c, n);   /* a table's cells are its text, in order */
		if (is_pipe_table(n))   /* cmark-gfm read no table in it */
			pipe_not_table(c, n);
		el = dom_elem(parent, "p");
		if (lang)
			dom_attr(el, "lang", lang);
		inlines_render(c, cmark_node_first_child(n), el, depth);
		buf_addch(&c->text, '\n');
		break;
	case CMARK_NODE_HEADING:
		render_heading(c, n, parent);
		break;
	case CMARK_NODE_BLOCK_QUOTE:
		render_callout(c, n, parent, depth);
		break;
	case CMARK_NODE_LIST:
		render_list(c, n, parent, depth, lang);
		break;
	case CMARK_NODE_CODE_BLOCK:
		render_code_block(c, n, parent);
		break;
	case CMARK_NODE_HTML_BLOCK:
		if (!c->book->allow_html) {
			diag_warning(chapter_loc(c, cmark_node_get_start_line(n), 1),
				     "raw HTML dropped (book.yaml says allow_html: false; remove it to keep the safe subset)");
		} else {   /* alone (in a list item): what it opens closes with it */
			struct rawhtml *raw = rawhtml_begin(c, parent, inlines_link_attr);
			rawhtml_feed(raw, cmark_node_get_literal(n), cmark_node_get_start_line(n), 0);
			rawhtml_end(raw);
		}
		break;
	case CMARK_NODE_THEMATIC_BREAK:
		dom_elem(parent, "hr");
		break;
	case CMARK_NODE_FOOTNOTE_DEFINITION:
		render_footnote(c, n, parent, depth);
		break;
	default:
		if (markdown_is_table(n)) {
			scan_paragraph(c, n);   /* a table's cells are its text, in order */
			render_pipe_table(c, n, parent, depth);
		}
		break;
	}
}

/* Is n a blockquote holding the English translation of the block before it? */
static int is_translation(cmark_node *n)
{
	return n && cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE && !callout_kind(n) &&
	       block_lang(n) == LANG_EN;
}

static int is_prose_block(cmark_node *n)
{
	cmark_node_type t = cmark_node_get_type(n);
	return t == CMARK_NODE_PARAGRAPH || t == CMARK_NODE_LIST || markdown_is_table(n);
}

static void render_blocks(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth,
			  int in_callout)
{
	/* raw HTML blocks kept: what one leaves open (<details>) holds the
	 * blocks after it, up to the one that closes it */
	struct rawhtml *raw = NULL;
	struct dom_node *const container = parent;
	while (n) {
		cmark_node *next = cmark_node_next(n);
		if (cmark_node_get_type(n) == CMARK_NODE_HTML_BLOCK && c->book->allow_html) {
			if (!raw)
				raw = rawhtml_begin(c, container, inlines_link_attr);
			parent = rawhtml_feed(raw, cmark_node_get_literal(n),
					      cmark_node_get_start_line(n), 0);
			n = next;
			continue;
		}
		if (is_prose_block(n) && block_lang(n) == LANG_ZH) {
			c->out->zh_blocks++;
			/* a pair: Chinese block, then an English blockquote (or, inside a
			 * callout, the English block itself) */
			int quoted = is_translation(next);
			int plain = in_callout && next && is_prose_block(next) && block_lang(next) == LANG_EN;
			if (quoted || plain) {
				int scanned = scan_block_begin(c, n, next);
				c->out->pairs++;
				int outer_pair = c->pair, outer_keys[2] = { c->pair_keys[0], c->pair_keys[1] };
				c->pair = c->out->pairs;
				c->pair_keys[0] = c->pair_keys[1] = 0;
				struct dom_node *pair = dom_elem_class(parent, "div", "pair");
				struct dom_node *zh = dom_elem(pair, "div");
				dom_attr(zh, "lang", "zh-Hans");
				c->lang = LANG_ZH;
				render_block(c, n, zh, depth + 1, NULL);
				struct dom_node *en = dom_elem(pair, "div");
				dom_attr(en, "lang", "en");
				c->lang = LANG_EN;
				if (scanned)
					scan_side(c, 1);
				if (quoted)
					render_blocks(c, cmark_node_first_child(next), en, depth + 1, 0);
				else
					render_block(c, next, en, depth + 1, NULL);
				scan_block_end(c, scanned);
				c->pair = outer_pair;
				c->pair_keys[0] = outer_keys[0];
				c->pair_keys[1] = outer_keys[1];
				n = cmark_node_next(next);
				continue;
			}
			/* allowed, and counted in the chapter's coverage; the note
			 * says which block, so that a translation is not hunted for */
			if (!c->book->quiet_unpaired)
				diag_report(DIAG_NOTE, chapter_loc(c, cmark_node_get_start_line(n), 1), 0,
					    "hint: a blockquote in English right after it (> ...) is "
					    "its translation; a note never fails a build, and "
					    "note_unpaired: false in book.yaml turns these off",
					    "Chinese block without its English translation");
			c->lang = LANG_ZH;
			int scanned = scan_block_begin(c, n, NULL);
			render_block(c, n, parent, depth, "zh-Hans");
			scan_block_end(c, scanned);
		} else {
			c->lang = LANG_EN;
			int scanned = is_prose_block(n) ? scan_block_begin(c, n, NULL) : 0;
			render_block(c, n, parent, depth, NULL);
			scan_block_end(c, scanned);
		}
		n = next;
	}
	if (raw)
		rawhtml_end(raw);
}

/* Warns at each footnote definition ([^1]: …) no reference names: it is
 * in no block of the tree, as on GitHub, and would be dropped without a
 * word (one that is not a valid definition stays a paragraph, and
 * inlines.c warns at it). */
static void dropped_footnotes(struct ctx *c, cmark_node *doc)
{
	unsigned char *covered = xcalloc(c->nlines + 1, 1);
	for (cmark_node *b = cmark_node_first_child(doc); b; b = cmark_node_next(b)) {
		int from = cmark_node_get_start_line(b), to = cmark_node_get_end_line(b);
		for (int l = from > 1 ? from : 1; l <= to && (size_t)l <= c->nlines; l++)
			covered[l] = 1;
	}
	for (size_t l = 1; l <= c->nlines; l++) {
		if (covered[l])
			continue;
		const char *s = c->lines[l - 1];
		size_t i = 0;
		while (i < 3 && s[i] == ' ')
			i++;
		if (s[i] != '[' || s[i + 1] != '^')
			continue;
		size_t n = strcspn(s + i + 2, " \t\n[]");
		if (!n || s[i + 2 + n] != ']' || s[i + 3 + n] != ':')
			continue;
		diag_report(DIAG_WARNING, chapter_loc(c, (int)l, (int)i + 1), (int)n + 4,
			    "hint: refer to it in the text ([^label]), or remove it",
			    "footnote definition '%.*s' is not shown: nothing refers to it",
			    (int)n + 4, s + i);
	}
	free(covered);
}

/* Points a link to #x at the author's anchor "user-content-x" raw HTML
 * kept (rawhtml.c), when the page has no id x of its own: [4](#ref4) to
 * <div id="ref4">, as on GitHub.  The ids are looked up sorted: a page of
 * many links and many ids stays n log n. */
struct author_links {
	struct ctx *c;
	const char **ids, **authors;   /* sorted copies */
	size_t nids, nauthors;
};

static int str_ptr_cmp(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static void point_at_author_anchor(void *ctx, struct dom_node *n)
{
	struct author_links *al = ctx;
	const char *name = dom_name(n), *href;
	if (!name || strcmp(name, "a") || !(href = dom_get_attr(n, "href")) || href[0] != '#' || !href[1])
		return;
	const char *frag = href + 1;
	if (bsearch(&frag, al->ids, al->nids, sizeof *al->ids, str_ptr_cmp))
		return;
	const char *want = arena_cat(al->c->a, "user-content-", frag, (char *)NULL);
	if (bsearch(&want, al->authors, al->nauthors, sizeof *al->authors, str_ptr_cmp))
		dom_attr(n, "href", arena_cat(al->c->a, "#", want, (char *)NULL));
}

static void point_at_author_anchors(struct ctx *c, struct dom_node *root)
{
	struct author_links al = { c, xmalloc(c->nids * sizeof *al.ids),
				   xmalloc(c->nauthor_ids * sizeof *al.authors), c->nids, c->nauthor_ids };
	memcpy(al.ids, c->ids, c->nids * sizeof *al.ids);
	memcpy(al.authors, c->author_ids, c->nauthor_ids * sizeof *al.authors);
	qsort(al.ids, al.nids, sizeof *al.ids, str_ptr_cmp);
	qsort(al.authors, al.nauthors, sizeof *al.authors, str_ptr_cmp);
	dom_visit(root, point_at_author_anchor, &al);
	free(al.ids);
	free(al.authors);
}

/* ---- the chapter ---- */

/* The sources cited on the page, in the order of their numbers, in a
 * section of its own at the end (listed in the toc), as a spec table's
 * page lists its rows' sources. */
static void render_sources(struct ctx *c, struct dom_node *article)
{
	if (!c->ncites)
		return;
	struct bitext title = { "来源", "Sources" };
	const char *id = ids_unique(c, "sources");
	struct heading *h = ARRAY_PUSH(c->out->headings, c->out->nheadings, c->capheadings);
	*h = (struct heading){ 2, id, title, "来源 Sources" };
	struct dom_node *sec = dom_elem_class(article, "section", "sources");
	struct dom_node *h2 = dom_elem(sec, "h2");
	dom_attr(h2, "id", id);
	struct dom_node *a = dom_elem_class(h2, "a", "anchor");
	dom_attr(a, "href", arena_printf(c->a, "#%s", id));
	dom_attr(a, "aria-label", "Link to Sources");
	dom_texts(a, "#");
	dom_texts(h2, " ");
	lang_bitext(h2, title);
	struct dom_node *ol = dom_elem_class(sec, "ol", "sources");
	for (size_t k = 0; k < c->ncites; k++) {
		const struct spec_source *src = c->cites[k].source;
		struct dom_node *li = dom_elem(ol, "li");
		dom_attr(li, "id", c->cites[k].entry_id);
		const char *name = src->title ? src->title : src->id;
		if (src->url) {
			struct dom_node *link = dom_elem(li, "a");
			dom_attr(link, "href", src->url);
			dom_texts(link, name);
		} else {
			dom_texts(li, name);
		}
		if (src->publisher || src->date)
			dom_texts(li, arena_printf(c->a, ". %s%s%s", src->publisher ? src->publisher : "",
						   src->publisher && src->date ? ", " : "",
						   src->date ? src->date : ""));
		if (c->cites[k].marker_id) {   /* back to where it is first cited */
			dom_texts(li, " ");
			struct dom_node *back = dom_elem_class(li, "a", "cite-back");
			dom_attr(back, "href", arena_printf(c->a, "#%s", c->cites[k].marker_id));
			dom_attr(back, "aria-label", arena_printf(c->a, "Back to citation %zu", k + 1));
			dom_texts(back, "↩");
		}
	}
}

static void render_toc(struct ctx *c)
{
	struct dom_node *toc = dom_fragment();
	c->out->toc = toc;
	struct dom_node *ol = NULL, *sub = NULL, *last_li = NULL;
	for (size_t i = 0; i < c->out->nheadings; i++) {
		const struct heading *h = &c->out->headings[i];
		if (h->level > 3)
			continue;
		if (!ol)
			ol = dom_elem(toc, "ol");
		struct dom_node *list = ol;
		if (h->level == 3 && last_li) {
			if (!sub)
				sub = dom_elem(last_li, "ol");
			list = sub;
		} else {
			sub = NULL;
		}
		struct dom_node *li = dom_elem(list, "li");
		if (h->level == 2)
			last_li = li;
		struct dom_node *a = dom_elem(li, "a");
		dom_attr(a, "href", arena_printf(c->a, "#%s", h->id));
		lang_bitext(a, h->title);
	}
}

/*
 * cmark's allocations for one chapter come from one arena, freed with the
 * tree: thousands of nodes and strings a chapter, each a malloc() and a
 * free(), were 4% of a build.  cmark's allocator takes no context, so the
 * arena is the rendering thread's own, named by a thread-local.  Blocks
 * carry their size, for realloc(); free() does nothing.
 */
static _Thread_local struct arena *cmark_arena_now;

struct cmark_block {
	size_t size;
	alignas(max_align_t) unsigned char data[];
};

static void *cmark_arena_calloc(size_t n, size_t size)
{
	size_t bytes = size_mul(n, size);
	struct cmark_block *b = arena_alloc(cmark_arena_now, size_add(sizeof *b, bytes));
	b->size = bytes;
	return b->data;
}

/* Returns size bytes, not zeroed (realloc(NULL) is malloc(): cmark's
 * buffers, a line and each text, come this way, and zeroing them first
 * was a tenth of the parse's allocating). */
static void *cmark_arena_malloc(size_t size)
{
	struct cmark_block *b = arena_alloc_uninit(cmark_arena_now, size_add(sizeof *b, size));
	b->size = size;
	return b->data;
}

static void *cmark_arena_realloc(void *p, size_t size)
{
	if (!p)
		return cmark_arena_malloc(size);
	struct cmark_block *old = (struct cmark_block *)((unsigned char *)p - offsetof(struct cmark_block, data));
	if (size <= old->size)
		return p;
	/* a paragraph's text grows line by line, most often with nothing
	 * allocated since its last growth: in place, nothing copied */
	if (arena_extend(cmark_arena_now, old, sizeof *old + old->size, size_add(sizeof *old, size))) {
		old->size = size;
		return p;
	}
	void *q = cmark_arena_malloc(size);
	memcpy(q, p, old->size);
	return q;
}

static void cmark_arena_free(void *p)
{
	(void)p;
}

static cmark_mem cmark_arena_mem = { cmark_arena_calloc, cmark_arena_realloc, cmark_arena_free };

/* Parses md with cmark, its tree in a (free the arena to free the tree). */
static cmark_node *parse_markdown(struct arena *a, const char *md, size_t len, int options)
{
	cmark_arena_now = a;
	return markdown_parse(md, len, options, &cmark_arena_mem);
}

/*
 * Merges each run of adjacent text nodes into its first, as
 * cmark_consolidate_text_nodes() does (cmark splits text at every bracket,
 * backslash escape and entity; a span's placeholder must reach
 * spans_emit() whole).  cmark's walk goes through its iterator, an event
 * on entering and leaving each node; this one follows first children and
 * next siblings.  The merged node's end column, which this cannot set, is
 * read nowhere.  No recursion: a tree may be nested as deep as the text
 * allows.
 */
static void merge_texts(cmark_node *doc)
{
	struct buf b = BUF_INIT;
	cmark_node *n = cmark_node_first_child(doc);
	while (n) {
		cmark_node *next = cmark_node_next(n);
		if (cmark_node_get_type(n) == CMARK_NODE_TEXT) {
			if (next && cmark_node_get_type(next) == CMARK_NODE_TEXT) {
				buf_reset(&b);
				buf_adds(&b, cmark_node_get_literal(n));
				do {
					cmark_node *after = cmark_node_next(next);
					buf_adds(&b, cmark_node_get_literal(next));
					cmark_node_free(next);
					next = after;
				} while (next && cmark_node_get_type(next) == CMARK_NODE_TEXT);
				cmark_node_set_literal(n, b.data);
			}
		} else {
			cmark_node *child = cmark_node_first_child(n);
			if (child) {
				n = child;
				continue;
			}
		}
		/* on to the next sibling, or up to the nearest ancestor with one */
		while (!next) {
			n = cmark_node_parent(n);
			if (!n || n == doc)
				break;
			next = cmark_node_next(n);
		}
		n = next;
	}
	buf_release(&b);
}

/* Is n, the body's first block, a level-1 heading that says the chapter's
 * title (the title of a chapter without front matter is taken from it)? */
static int title_heading(struct ctx *c, cmark_node *n)
{
	if (cmark_node_get_type(n) != CMARK_NODE_HEADING || cmark_node_get_heading_level(n) != 1)
		return 0;
	const struct chapter *ch = c->ch;
	if (ch->no_front_matter)
		return 1;
	char *t = book_first_heading(c->a, ch->body, ch->body_len);
	return t && ((ch->title.en && !strcmp(t, ch->title.en)) ||
		     (ch->title.zh && !strcmp(t, ch->title.zh)));
}
/* Orders term ids (strcmp), for term_tips(). */
static int cmp_id(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The definitions of the glossary terms the chapter mentions, hidden at the
 * end of its content: site.js shows a term's (data-term, its id) when
 * its link is hovered or focused, and names it as the link's
 * description (aria-describedby).  In the glossary's order, each once. */
static void term_tips(struct ctx *c, struct dom_node *frag)
{
	const struct book *b = c->book;
	size_t n = 0;
	const char **ids = xmalloc((c->out->nmentions + 1) * sizeof *ids);
	for (size_t i = 0; i < c->out->nmentions; i++)
		if (c->out->mentions[i].term)
			ids[n++] = c->out->mentions[i].term;
	qsort(ids, n, sizeof *ids, cmp_id);
	struct dom_node *box = NULL;
	for (size_t i = 0; n && i < b->nterms; i++) {
		const struct term *t = &b->terms[i];
		if ((!t->def.zh && !t->def.en) || !bsearch(&t->id, ids, n, sizeof *ids, cmp_id))
			continue;
		if (!box) {
			box = dom_elem_class(frag, "div", "term-tips");
			dom_attr(box, "hidden", NULL);
		}
		struct dom_node *tip = dom_elem(box, "span");
		dom_attr(tip, "id", ids_unique(c, arena_printf(c->a, "tip-%s", t->id)));
		dom_attr(tip, "data-term", t->id);
		dom_attr(tip, "role", "tooltip");
		struct dom_node *name = dom_elem_class(tip, "strong", "tip-name");
		if (t->abbr)
			dom_texts(name, arena_printf(c->a, "%s ", t->abbr));
		if (t->name.zh && t->name.en)
			lang_bitext(name, t->name);
		else if (t->name.zh || t->name.en)
			dom_texts(name, t->name.zh ? t->name.zh : t->name.en);
		struct dom_node *def = dom_elem_class(tip, "span", "tip-def");
		if (t->def.zh && t->def.en)
			lang_bitext(def, t->def);
		else
			dom_texts(def, t->def.zh ? t->def.zh : t->def.en);
	}
	free(ids);
}


int render_chapter(const struct book *b, const struct chapter *ch, struct arena *a,
		   const struct render_env *env, struct rendered *out)
{
	struct ctx c = { .book = b, .ch = ch, .a = a, .out = out, .links = env ? env->links : NULL };
	/* the chapter's status is whether it reported an error: this thread's
	 * count, before and after (rendering threads report at once) */
	unsigned long errors = diag_errors_here();
	memset(out, 0, sizeof *out);
	buf_init(&c.text);
	size_t mdlen;
	char *md = spans_extract(&c, &mdlen);
	/* no CMARK_OPT_VALIDATE_UTF8: a chapter's text was checked when it was
	 * read (read_chapter() in book/book.c), and what spans_extract() adds is
	 * UTF-8 too */
	struct arena cmark_arena = ARENA_INIT;
	cmark_node *doc = parse_markdown(&cmark_arena, md, mdlen, CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES);
	c.md = md;
	merge_texts(doc);
	scan_chapter_begin(&c, doc);

	for (size_t i = 0; env && i < env->nreserved; i++)
		*ARRAY_PUSH(c.ids, c.nids, c.capids) = env->reserved_ids[i];

	struct dom_node *frag = dom_fragment();
	struct dom_node *article = dom_elem_class(frag, "article", "chapter");
	struct dom_node *head = dom_elem_class(article, "header", "chapter-head");
	struct dom_node *h1 = dom_elem(head, "h1");
	lang_bitext(h1, ch->title);
	if (ch->summary.zh || ch->summary.en) {
		struct dom_node *sum = dom_elem_class(head, "div", "summary pair");
		if (ch->summary.zh) {
			struct dom_node *p = dom_elem(sum, "p");
			dom_attr(p, "lang", "zh-Hans");
			dom_texts(p, ch->summary.zh);
		}
		if (ch->summary.en) {
			struct dom_node *p = dom_elem(sum, "p");
			dom_attr(p, "lang", "en");
			dom_texts(p, ch->summary.en);
		}
	}
	c.section_title = ch->title.en ? ch->title.en : ch->title.zh;
	cmark_node *first = cmark_node_first_child(doc);
	if (first && title_heading(&c, first)) {
		/* it is the page's h1 already; the anchor GitHub gives it
		 * ("#cpus" for "# CPUs") lands on that h1 */
		const char *t = ch->title.en ? ch->title.en : ch->title.zh;
		const char *slug = t ? lang_github_slug(c.a, t) : NULL;
		if (slug && *slug)
			dom_attr(dom_elem_class(h1, "span", "anchor-alias"), "id", ids_unique(&c, slug));
		first = cmark_node_next(first);
	}
	render_blocks(&c, first, article, 0, 0);
	dropped_footnotes(&c, doc);
	/* study mode: the chapter's figures to remember close its text, before
	 * the list of the sources it cites (study.c) */
	study_keys_merge(&c);
	if (out->nkeys)
		study_figures_card(a, article, ids_unique(&c, "figures-to-remember"), out->keys,
				   out->nkeys, NULL);
	if (out->nkeys || out->nquizzes)
		study_assets(frag);
	render_sources(&c, article);
	start_section(&c, NULL, NULL);
	term_tips(&c, frag);
	if (c.nauthor_ids)
		point_at_author_anchors(&c, frag);
	arena_free(&cmark_arena);   /* the tree, all at once */
	cmark_arena_now = NULL;
	buf_release(&c.text);
	free(c.lines);
	free(c.md_lines);
	free(md);
	free(c.spans);
	free(c.ids);
	free(c.cites);
	free(c.notes);
	free(c.author_ids);
	free(c.linked[0]);
	free(c.linked[1]);
	scan_free(&c);
	out->content = frag;
	render_toc(&c);
	/* arrays grown with ARRAY_PUSH are malloc'd: move them into the arena */
	#define TO_ARENA(field, count) do { \
		void *copy = arena_array(a, out->count ? out->count : 1, sizeof *out->field); \
		if (out->count) memcpy(copy, out->field, out->count * sizeof *out->field); \
		free(out->field); out->field = copy; } while (0)
	TO_ARENA(headings, nheadings);
	TO_ARENA(claims, nclaims);
	TO_ARENA(mentions, nmentions);
	TO_ARENA(sections, nsections);
	TO_ARENA(unchecked_list, nunchecked_list);
	TO_ARENA(keys, nkeys);
	TO_ARENA(quizzes, nquizzes);
	#undef TO_ARENA
	return diag_errors_here() > errors ? -1 : 0;
}
