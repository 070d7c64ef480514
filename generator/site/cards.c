/*
 * cards.c — the flashcards: a deck per language for Anki (cards.h).
 *
 * Anki reads a text file of notes, one a line, fields separated by tabs,
 * with header lines telling it how (#separator, #html, #deck, #guid column,
 * #columns, #tags column).  A note's GUID lets a new export update the
 * notes an earlier one made instead of adding copies: it is a hash of what
 * the note is about, never of the question's wording.
 */
#include "site/cards.h"
#include "site/write.h"
#include "core/buffer.h"
#include "core/pack.h"
#include "numbers/format.h"

#include <string.h>

const char *const cards_files[2] = { "flashcards-zh.txt", "flashcards-en.txt" };

/* A set of 64-bit hashes (open addressing), for GUIDs and drilled values
 * already written. */
struct seen {
	uint64_t *slot;
	size_t cap, n;
};

/* Adds h; returns 0 when it was there already. */
static int seen_add(struct arena *a, struct seen *s, uint64_t h)
{
	h |= 1;   /* 0 marks a free slot */
	if (2 * (s->n + 1) > s->cap) {
		struct seen g = { NULL, s->cap ? 2 * s->cap : 256, 0 };
		g.slot = arena_alloc(a, g.cap * sizeof *g.slot);
		memset(g.slot, 0, g.cap * sizeof *g.slot);
		for (size_t i = 0; i < s->cap; i++)
			if (s->slot[i])
				seen_add(a, &g, s->slot[i]);
		*s = g;
	}
	size_t i = (size_t)(h ^ h >> 29) & (s->cap - 1);
	while (s->slot[i]) {
		if (s->slot[i] == h)
			return 0;
		i = (i + 1) & (s->cap - 1);
	}
	s->slot[i] = h;
	s->n++;
	return 1;
}

/* Appends text to a field as HTML: escaped, and on one line (a tab or a
 * line break would end the field or the note). */
static void card_text(struct buf *b, const char *t)
{
	/* powers as "×10²⁹": Anki shows the field's HTML, a <sup> would do
	 * too, but the same text then reads right in a plain-text export */
	struct arena sup = ARENA_INIT;
	const char *from = format_superscripts(&sup, t);
	for (t = from; t && *t; t++) {
		switch (*t) {
		case '&': buf_adds(b, "&amp;"); break;
		case '<': buf_adds(b, "&lt;"); break;
		case '>': buf_adds(b, "&gt;"); break;
		case '"': buf_adds(b, "&quot;"); break;
		case '\t': case '\n': case '\r': buf_addch(b, ' '); break;
		default: buf_addch(b, *t);
		}
	}
	arena_free(&sup);
}

static const char *const lang_tag[2] = { "zh-Hans", "en" };

/* The text of t in language lang (0 Chinese, 1 English), else in the
 * other, and which it is. */
static const char *in_lang(struct bitext t, int lang, int *which)
{
	const char *text[2] = { t.zh, t.en };
	*which = text[lang] ? lang : 1 - lang;
	return text[*which];
}

/* Appends t in language lang as a <div> (in the other when it has only
 * that, nothing when t is empty), in bold if bold. */
static void card_lang(struct buf *b, struct bitext t, int lang, int bold)
{
	int which;
	const char *text = in_lang(t, lang, &which);
	if (!text)
		return;
	/* written once only (a product's name as the right choice): no
	 * language of its own in this deck */
	if (which == lang)
		buf_addf(b, "<div lang=\"%s\">%s", lang_tag[which], bold ? "<b>" : "");
	else
		buf_addf(b, "<div>%s", bold ? "<b>" : "");
	card_text(b, text);
	buf_addf(b, "%s</div>", bold ? "</b>" : "");
}

/* Starts a note: its GUID, "specbook-zh-" and 16 hex digits of a hash of
 * its language, kind, place and what it is about (made unique in the deck
 * should two notes be about the same thing), and a tab. */
static void card_guid(struct buf *b, struct arena *a, struct seen *guids, int lang, const char *kind,
		      const char *where, const char *what)
{
	uint64_t h = pack_hash_str(pack_hash_str(pack_hash_str(PACK_HASH_INIT, kind), where), what);
	while (!seen_add(a, guids, h))
		h = pack_hash_u64(h, 1);
	buf_addf(b, "specbook-%s-%016llx\t", lang ? "en" : "zh", (unsigned long long)(h | 1));
}

/* Appends the tags of a card: its chapter (its source path without .md,
 * folders as Anki's :: levels, no spaces) and what it is. */
static void card_tags(struct buf *b, const struct chapter *c, const char *what)
{
	buf_adds(b, "\tspecbook::");
	size_t n = strlen(c->source);
	if (n > 3 && !strcmp(c->source + n - 3, ".md"))
		n -= 3;
	for (size_t i = 0; i < n; i++) {
		char ch = c->source[i];
		if (ch == '/')
			buf_adds(b, "::");
		else
			buf_addch(b, ch == ' ' || ch == '\t' || ch == '"' ? '_' : ch);
	}
	buf_addf(b, " %s\n", what);
}

/* The figures to remember and the questions of chapter ci. */
static void chapter_cards(struct site *s, struct buf *out, struct seen *guids, int lang, size_t ci)
{
	const struct chapter *c = &s->book->chapters[ci];
	const struct rendered *rc = &s->chapters[ci];
	for (size_t k = 0; k < rc->nkeys; k++) {
		const struct key_figure *kf = &rc->keys[k];
		if (!(lang ? kf->meaning.en : kf->meaning.zh))
			continue;   /* marked in the other language only: its deck's */
		/* the claim: what it computes, else the value */
		const char *what = kf->derivation ? arena_cat(s->a, kf->relation ? kf->relation : "=", " ",
							      kf->derivation, (char *)NULL)
			: kf->computed ? kf->computed : kf->shown;
		card_guid(out, s->a, guids, lang, "figure", c->id, what);
		card_lang(out, kf->meaning, lang, 0);
		buf_adds(out, "\t<b>");
		card_text(out, kf->shown);
		buf_adds(out, "</b>");
		if (kf->derivation) {
			buf_adds(out, "<br>");
			card_text(out, kf->relation ? kf->relation : "=");
			buf_addch(out, ' ');
			card_text(out, kf->derivation);
		}
		card_tags(out, c, "figure");
	}
	for (size_t k = 0; k < rc->nquizzes; k++) {
		const struct quiz_record *q = &rc->quizzes[k];
		if (!(lang ? q->question.en : q->question.zh))
			continue;
		int which;
		const char *right = in_lang(q->choice, 1, &which);
		card_guid(out, s->a, guids, lang, "question", c->id, q->key ? q->key : right ? right : "");
		card_lang(out, q->question, lang, 0);
		buf_adds(out, "\t");
		card_lang(out, q->choice, lang, 1);
		if (q->key) {
			buf_adds(out, q->choice.zh || q->choice.en ? "<div>" : "<div><b>");
			card_text(out, q->key);
			buf_adds(out, q->choice.zh || q->choice.en ? "</div>" : "</b></div>");
		}
		card_lang(out, q->explain, lang, 0);
		card_tags(out, c, "question");
	}
}

/* A drill per value of a spec table's column, the first row of each value
 * only: a column where eight GPUs share 989 TFLOPS is one card, not eight
 * cards with one answer. */
static void drill_cards(struct site *s, struct buf *out, struct seen *guids, int lang)
{
	const struct book *b = s->book;
	size_t ntables;
	const struct spec_table *tables = numbers_tables(b->numbers, &ntables);
	struct seen values = { NULL, 0, 0 };
	for (size_t t = 0; t < ntables; t++) {
		const struct spec_table *tb = &tables[t];
		for (size_t c = 0; c < tb->ncolumns; c++) {
			const struct spec_column *col = &tb->columns[c];
			for (size_t r = 0; col->unit && r < tb->nrows && r < PRACTICE_ROWS_MAX; r++) {
				const struct spec_row *row = &tb->rows[r];
				struct numbers_drill d;
				if (numbers_drill(b->numbers, s->a, t, r, c, &d) < 0)
					continue;
				uint64_t v = pack_hash_str(pack_hash_str(pack_hash_str(PACK_HASH_INIT, tb->id),
									 col->id), d.shown);
				if (!seen_add(s->a, &values, v))
					continue;
				card_guid(out, s->a, guids, lang, "drill", tb->id,
					  arena_cat(s->a, row->id, ".", col->id, (char *)NULL));
				const char *name = row->name ? row->name : row->id;
				struct bitext front = {
					arena_printf(s->a, "%s：%s（%s）", name,
						     col->name.zh ? col->name.zh : col->name.en ? col->name.en : col->id,
						     d.grade.unit),
					arena_printf(s->a, "%s: %s (%s)", name, col->name.en ? col->name.en : col->id,
						     d.grade.unit),
				};
				card_lang(out, front, lang, 0);
				buf_adds(out, "\t<b>");
				card_text(out, d.shown);
				buf_adds(out, "</b>");
				if (d.derivation) {
					buf_adds(out, "<br>= ");
					card_text(out, d.derivation);
				}
				buf_adds(out, "\tspecbook::specs::");
				card_text(out, tb->id);
				buf_adds(out, " drill\n");
			}
		}
	}
}

void cards_write(struct site *s)
{
	const struct book *b = s->book;
	if (!s->stats.keys && !s->stats.quizzes)
		return;
	for (int lang = 0; lang < 2; lang++) {
		if (site_book_page_taken(s, cards_files[lang], GROUP_STUDY))
			continue;
		struct buf out = BUF_INIT;
		struct seen guids = { NULL, 0, 0 };
		int which;
		const char *title = in_lang(b->title, lang, &which);
		buf_adds(&out, "#separator:tab\n#html:true\n#deck:");
		for (const char *t = title ? title : "specbook"; *t; t++)
			buf_addch(&out, *t == '\t' || *t == '\n' || *t == '\r' ? ' ' : *t);
		buf_adds(&out, lang ? "::English" : "::中文");
		buf_adds(&out, "\n#guid column:1\n#columns:GUID\tFront\tBack\tTags\n#tags column:4\n");
		for (size_t ci = 0; ci < b->nchapters; ci++)
			chapter_cards(s, &out, &guids, lang, ci);
		drill_cards(s, &out, &guids, lang);
		size_t len;
		char *data = buf_detach(&out, &len);
		write_file(s, cards_files[lang], data, len);
	}
}
