/*
 * render.c — the render stage (see render.h).
 *
 * Spans are taken out of the Markdown before cmark sees it: each {…} on a
 * line outside fenced code becomes a placeholder (U+E000 index U+E001) that
 * cmark passes through as text.  Where a placeholder lands in a text node
 * the span is evaluated and rendered; where it lands in code or a URL the
 * original characters are put back.  This keeps exact line:col for every
 * span without relying on cmark's inline source positions, and keeps
 * characters like * and _ inside spans away from emphasis parsing.
 */
#include "site/render.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "site/chart.h"
#include "core/utf8.h"
#include "core/url.h"
#include "core/yamltree.h"

#include <cmark.h>
#include <ctype.h>
#include <math.h>
#include <stdalign.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PH_OPEN  "\xEE\x80\x80"   /* U+E000 */
#define PH_CLOSE "\xEE\x80\x81"   /* U+E001 */
#define PH_LEN   3

/* Deeper block nesting is not notes; bounds the recursion of the walk. */
#define RENDER_MAX_DEPTH 64

struct pspan {
	const char *raw;         /* "{…}" as written, NUL-terminated */
	const char *text;        /* between the braces */
	size_t len;
	struct srcloc loc;       /* of the opening brace */
	int unterminated;
	/* unterminated spans: the first of its line (an index into spans), and
	 * whether that line's error was reported.  One error per line: a line of
	 * 8,000 stray braces gave 8,000 errors, each quoting the whole line. */
	size_t line_first;
	int line_reported;
};

/* ---- auto-links ---- */

/* Patterns are found by a hash of their first AUTOLINK_KEY bytes; shorter
 * ones (HBM, SM) by their first two bytes.  Either way a text is scanned
 * once, looking at a handful of candidates per position. */
#define AUTOLINK_KEY 4
#define AUTOLINK_BUCKETS 4096

struct pattern {
	const char *text;
	size_t len;
	const char *href;        /* root-relative target */
	const char *row, *term;  /* what it names */
	const char *cls;
	struct pattern *next;    /* same bucket, longer first */
};

struct autolinker {
	struct arena arena;
	struct pattern *buckets[AUTOLINK_BUCKETS];
	struct pattern *shorts[AUTOLINK_BUCKETS];
	/* 1 for every byte some pattern starts with: text is scanned at each
	 * byte, and most bytes (UTF-8 continuation bytes, spaces, punctuation,
	 * lowercase letters) start none, so they are passed over unhashed */
	unsigned char starts[256];
};

static unsigned bucket_of(const char *s, size_t n)
{
	unsigned h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h % AUTOLINK_BUCKETS;
}

static void add_pattern(struct autolinker *al, const char *text, const char *href,
			const char *row, const char *term, const char *cls)
{
	size_t len = text ? strlen(text) : 0;
	if (len < 2)
		return;
	struct pattern *p = arena_alloc(&al->arena, sizeof *p);
	p->text = text;
	p->len = len;
	p->href = href;
	p->row = row;
	p->term = term;
	p->cls = cls;
	struct pattern **head = len >= AUTOLINK_KEY ? &al->buckets[bucket_of(text, AUTOLINK_KEY)]
						    : &al->shorts[bucket_of(text, 2)];
	while (*head && ((*head)->len > len || ((*head)->len == len && strcmp((*head)->text, text) < 0)))
		head = &(*head)->next;
	if (*head && (*head)->len == len && !strcmp((*head)->text, text))
		return;   /* the first owner of a spelling keeps it */
	p->next = *head;
	*head = p;
	al->starts[(unsigned char)text[0]] = 1;
}

struct autolinker *render_autolinker_new(const struct book *b)
{
	struct autolinker *al = xcalloc(1, sizeof *al);
	size_t ntables;
	const struct spec_table *tables = b->numbers ? numbers_tables(b->numbers, &ntables) : NULL;
	for (size_t t = 0; tables && t < ntables; t++)
		for (size_t r = 0; r < tables[t].nrows; r++) {
			const struct spec_row *row = &tables[t].rows[r];
			const char *href = arena_printf(&al->arena, "/specs/%s.html#%s", tables[t].id, row->id);
			add_pattern(al, row->name, href, row->id, NULL, "autolink spec-link");
			for (size_t k = 0; k < row->naliases; k++)
				add_pattern(al, row->aliases[k], href, row->id, NULL, "autolink spec-link");
		}
	for (size_t i = 0; i < b->nterms; i++) {
		const struct term *t = &b->terms[i];
		const char *href = arena_printf(&al->arena, "/glossary.html#%s", t->id);
		add_pattern(al, t->abbr, href, NULL, t->id, "autolink term");
		add_pattern(al, t->name.en, href, NULL, t->id, "autolink term");
		add_pattern(al, t->name.zh, href, NULL, t->id, "autolink term");
		for (size_t k = 0; k < t->naliases; k++)
			add_pattern(al, t->aliases[k], href, NULL, t->id, "autolink term");
	}
	return al;
}

void render_autolinker_free(struct autolinker *al)
{
	if (al) {
		arena_free(&al->arena);
		free(al);
	}
}

static int word_char(unsigned char ch)
{
	return isalnum(ch) || ch == '_';
}

struct ctx {
	const struct book *book;
	const struct chapter *ch;
	struct arena *a;
	struct rendered *out;
	struct pspan *spans;
	size_t nspans, capspans;
	const char **ids;
	size_t nids, capids;
	size_t capheadings, capclaims, capmentions, capsections;
	const char *section;     /* id of the current heading */
	const char *section_title;
	struct buf text;         /* plain text of the current section */
	const char **lines;      /* start of each body line (1-based index) */
	size_t nlines;
	int errors;
	const struct autolinker *links;
	int no_autolink;         /* inside a heading or a link */
	/* rows and terms auto-linked in this section, per language, so that a
	 * reader of either language sees each first mention linked */
	const char **linked[2];
	size_t nlinked[2], caplinked[2];
	int lang;                /* 0: rendering Chinese, 1: English or other */
};

/* ---- small helpers ---- */

static struct srcloc body_loc(struct ctx *c, int md_line, int col)
{
	return (struct srcloc){ c->ch->path, c->ch->body_line + md_line - 1, col };
}

/* Han characters and Latin words counted so far, for render_detect_lang().
 * Text may be fed in pieces (a block's text nodes one after another): the
 * counts come out as for the pieces joined, as long as no piece ends inside
 * a placeholder, which cmark never splits. */
struct lang_tally {
	int han, words, in_word;
	int cut;   /* prose_lang() stopped at RENDER_MAX_DEPTH */
};

static void lang_feed(struct lang_tally *t, const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		uint32_t cp;
		unsigned char b = (unsigned char)s[i];
		if (b < 0x80) {
			/* ASCII, most of the English text: no decoding (the decoder
			 * call was a tenth of this function's time) */
			cp = b;
			i++;
		} else {
			int n = utf8_decode_fast(s + i, len - i, &cp);
			i += n > 0 ? (size_t)n : 1;
		}
		if (cp == 0xE000) {   /* skip a placeholder */
			while (i < len && (unsigned char)s[i] != 0xEE)
				i++;
			i += PH_LEN;
			t->in_word = 0;
			continue;
		}
		if (utf8_is_han(cp)) {
			t->han++;
			t->in_word = 0;
		} else if (utf8_is_latin(cp)) {
			if (!t->in_word)
				t->words++;
			t->in_word = 1;
		} else if (!(cp >= '0' && cp <= '9') && cp != '-' && cp != '\'') {
			t->in_word = 0;
		}
	}
}

static enum lang lang_verdict(const struct lang_tally *t)
{
	if (!t->han && !t->words)
		return LANG_NONE;
	return t->han >= t->words ? LANG_ZH : LANG_EN;
}

enum lang render_detect_lang(const char *s, size_t len)
{
	struct lang_tally t = { 0, 0, 0, 0 };
	lang_feed(&t, s, len);
	return lang_verdict(&t);
}

char *render_slug(struct arena *a, const char *s)
{
	struct buf b = BUF_INIT;
	int dash = 0;
	size_t len = strlen(s), i = 0;
	while (i < len) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);
		size_t step = n > 0 ? (size_t)n : 1;
		if (cp < 0x80 && isalnum((int)cp)) {
			if (dash && b.len)
				buf_addch(&b, '-');
			buf_addch(&b, tolower((int)cp));
			dash = 0;
		} else if (cp >= 0x80 && (utf8_is_han(cp) || utf8_is_latin(cp))) {
			if (dash && b.len)
				buf_addch(&b, '-');
			buf_add(&b, s + i, step);
			dash = 0;
		} else {
			dash = 1;
		}
		i += step;
	}
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

/* Length of a leading section number such as "2.1 " or "1 " (with the space). */
static size_t number_prefix(const char *s)
{
	size_t i = 0;
	while (isdigit((unsigned char)s[i]) || (s[i] == '.' && isdigit((unsigned char)s[i + 1])))
		i++;
	if (i && s[i] == '.')
		i++;
	if (i && s[i] == ' ')
		return i + 1;
	return 0;
}

static int has_han(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);
		if (utf8_is_han(cp))
			return 1;
		i += n > 0 ? (size_t)n : 1;
	}
	return 0;
}

int render_split_title(struct arena *a, const char *text, struct bitext *out)
{
	size_t len = strlen(text);
	while (len && text[len - 1] == ' ')
		len--;
	out->zh = out->en = NULL;
	/* "… (English)" or "… （English）" */
	size_t close = 0, open_len = 1;
	if (len && text[len - 1] == ')')
		close = len - 1;
	else if (len >= 3 && !memcmp(text + len - 3, "\xEF\xBC\x89", 3))
		close = len - 3;
	if (close) {
		int depth = 0;
		for (size_t i = close + 1; i-- > 0;) {
			int is_close = text[i] == ')' || (i + 3 <= len && !memcmp(text + i, "\xEF\xBC\x89", 3));
			int is_open = text[i] == '(' || (i + 3 <= len && !memcmp(text + i, "\xEF\xBC\x88", 3));
			if (is_close)
				depth++;
			if (is_open && --depth == 0) {
				open_len = text[i] == '(' ? 1 : 3;
				const char *tail = text + i + open_len;
				size_t tail_len = close - i - open_len;
				size_t head_len = i;
				while (head_len && text[head_len - 1] == ' ')
					head_len--;
				/* a Chinese title with Latin names in it ("DeepSeek-V3 与 R1")
				 * still counts: any Han before, none inside */
				if (head_len && !has_han(tail, tail_len) &&
				    render_detect_lang(tail, tail_len) == LANG_EN &&
				    has_han(text, head_len)) {
					size_t num = number_prefix(text);
					out->zh = arena_strndup(a, text, head_len);
					out->en = arena_printf(a, "%.*s%.*s", (int)num, text,
							       (int)tail_len, tail);
					return 1;
				}
				break;
			}
		}
	}
	char *whole = arena_strndup(a, text, len);
	if (render_detect_lang(text, len) == LANG_ZH)
		out->zh = whole;
	else
		out->en = whole;
	return 0;
}

/* ---- spans out, placeholders in ---- */

/* Returns 1 if line (len bytes) opens or closes a code fence; sets ch/n. */
static int fence_line(const char *line, size_t len, char *ch, size_t *n)
{
	size_t i = 0;
	while (i < len && i < 3 && line[i] == ' ')
		i++;
	if (i >= len || (line[i] != '`' && line[i] != '~'))
		return 0;
	char f = line[i];
	size_t k = 0;
	while (i + k < len && line[i + k] == f)
		k++;
	if (k < 3)
		return 0;
	*ch = f;
	*n = k;
	return 1;
}

/* The column of s[i] on a line (1-based, in code points), counted on from
 * the last column asked for on it: spans come left to right, and counting
 * from the line's start each time made long paragraphs quadratic.  The
 * text is valid UTF-8 (checked on load), as diag_column() needs. */
struct column {
	size_t at;
	int col;
};

static int column_of(const char *s, size_t i, struct column *cp)
{
	if (i < cp->at)
		*cp = (struct column){ 0, 1 };
	cp->col += diag_column(s + cp->at, i - cp->at) - 1;
	cp->at = i;
	return cp->col;
}

/* Returns 1 if the word w holds the byte b (the classic test for a zero
 * byte, on w with b's bits flipped). */
static int word_has(uint64_t w, unsigned char b)
{
	uint64_t x = w ^ (0x0101010101010101ULL * b);
	return ((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL) != 0;
}

/* Returns the index of the first byte from i on that extract_spans() must
 * look at (a backslash, the lead byte of U+E00x, a brace), or len: eight
 * bytes at a time, as nearly every byte of a chapter is none of them. */
static size_t next_special(const char *s, size_t i, size_t len)
{
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, sizeof w);
		if (word_has(w, '\\') || word_has(w, 0xEE) || word_has(w, '{'))
			break;
	}
	for (; i < len; i++)
		if (s[i] == '\\' || (unsigned char)s[i] == 0xEE || s[i] == '{')
			break;
	return i;
}

static char *extract_spans(struct ctx *c, size_t *mdlen)
{
	const char *s = c->ch->body, *end = s + c->ch->body_len;
	struct buf md = BUF_INIT;
	char fence = 0;
	size_t fence_n = 0;
	int line = 1;
	size_t caplines = 0;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *eol = nl ? nl : end;
		size_t len = (size_t)(eol - s);
		*ARRAY_PUSH(c->lines, c->nlines, caplines) = s;
		char fch;
		size_t fn;
		if (fence_line(s, len, &fch, &fn)) {
			if (!fence) {
				fence = fch;
				fence_n = fn;
			} else if (fch == fence && fn >= fence_n) {
				fence = 0;
			}
			buf_add(&md, s, len);
		} else if (fence) {
			buf_add(&md, s, len);
		} else {
			/* ordinary bytes are copied in runs, flushed before anything
			 * special (a backslash, U+E00x, a brace) */
			size_t run = 0, line_first = SIZE_MAX;
			struct column col = { 0, 1 };
			for (size_t i = 0; (i = next_special(s, i, len)) < len; i++) {
				buf_add(&md, s + run, i - run);
				run = i + 1;
				if (s[i] == '\\' && i + 1 < len) {
					buf_add(&md, s + i, 2);
					i++;
					run = i + 1;
					continue;
				}
				if ((unsigned char)s[i] == 0xEE && i + 2 < len &&
				    (unsigned char)s[i + 1] == 0x80 &&
				    ((unsigned char)s[i + 2] == 0x80 || (unsigned char)s[i + 2] == 0x81)) {
					diag_error(body_loc(c, line, column_of(s, i, &col)),
						   "private-use character U+E00%c is reserved by specbook",
						   s[i + 2] == (char)0x80 ? '0' : '1');
					c->errors++;
					i += 2;
					run = i + 1;
					continue;
				}
				if (s[i] != '{' || (i + 1 < len && s[i + 1] == '#')) {
					buf_addch(&md, s[i]);
					continue;
				}
				size_t j = i + 1;
				while (j < len && s[j] != '}' && s[j] != '{')
					j += s[j] == '\\' && j + 1 < len ? 2 : 1;
				struct pspan *p = ARRAY_PUSH(c->spans, c->nspans, c->capspans);
				memset(p, 0, sizeof *p);
				p->loc = body_loc(c, line, column_of(s, i, &col));
				if (j < len && s[j] == '}') {
					p->raw = arena_strndup(c->a, s + i, j - i + 1);
					p->text = p->raw + 1;
					p->len = j - i - 1;
					i = j;
				} else {
					/* nothing of it is evaluated: the rest of the line is
					 * not copied (once per brace, that was the line's
					 * length squared) */
					p->raw = "{";
					p->text = "";
					p->unterminated = 1;
					if (line_first == SIZE_MAX)
						line_first = c->nspans - 1;
					p->line_first = line_first;
				}
				run = i + 1;
				buf_addf(&md, PH_OPEN "%zu" PH_CLOSE, c->nspans - 1);
			}
			buf_add(&md, s + run, len - run);
		}
		if (nl)
			buf_addch(&md, '\n');
		s = nl ? nl + 1 : end;
		line++;
	}
	return buf_detach(&md, mdlen);
}

/* Parses a placeholder at s; returns its length and stores the index. */
static size_t placeholder_at(const char *s, size_t len, size_t *index)
{
	if (len < 2 * PH_LEN + 1 || memcmp(s, PH_OPEN, PH_LEN))
		return 0;
	size_t i = PH_LEN, v = 0;
	while (i < len && isdigit((unsigned char)s[i]))
		v = v * 10 + (size_t)(s[i++] - '0');
	if (i == PH_LEN || i + PH_LEN > len || memcmp(s + i, PH_CLOSE, PH_LEN))
		return 0;
	*index = v;
	return i + PH_LEN;
}

/* Returns s with placeholders turned back into what was written (arena). */
static const char *restore(struct ctx *c, const char *s)
{
	if (!s || !strstr(s, PH_OPEN))
		return arena_strdup(c->a, s ? s : "");
	struct buf b = BUF_INIT;
	size_t len = strlen(s);
	for (size_t i = 0; i < len;) {
		size_t idx, n = placeholder_at(s + i, len - i, &idx);
		if (n && idx < c->nspans) {
			buf_adds(&b, c->spans[idx].unterminated ? "{" : c->spans[idx].raw);
			i += n;
		} else {
			buf_addch(&b, s[i++]);
		}
	}
	char *r = arena_strdup(c->a, b.data);
	buf_release(&b);
	return r;
}

/* ---- ids ---- */

static const char *unique_id(struct ctx *c, const char *want)
{
	const char *id = want && *want ? want : "section";
	for (int k = 1;; k++) {
		const char *cand = k == 1 ? id : arena_printf(c->a, "%s-%d", id, k);
		int taken = 0;
		for (size_t i = 0; i < c->nids && !taken; i++)
			taken = !strcmp(c->ids[i], cand);
		if (!taken) {
			*ARRAY_PUSH(c->ids, c->nids, c->capids) = cand;
			return cand;
		}
	}
}

/* ---- spans ---- */

static void add_mention_of(struct ctx *c, const char *row, const char *term)
{
	for (size_t i = c->out->nmentions; i-- > 0;) {
		const struct mention *m = &c->out->mentions[i];
		if (m->section != c->section)
			break;   /* mentions come in section order */
		if ((row && m->row && !strcmp(m->row, row)) || (term && m->term && !strcmp(m->term, term)))
			return;
	}
	struct mention *m = ARRAY_PUSH(c->out->mentions, c->out->nmentions, c->capmentions);
	m->row = row;
	m->term = term;
	m->section = c->section;
}

static void add_mention(struct ctx *c, const char *row)
{
	add_mention_of(c, row, NULL);
}

static int already_linked(struct ctx *c, const char *id)
{
	for (size_t i = 0; i < c->nlinked[c->lang]; i++)
		if (c->linked[c->lang][i] == id)
			return 1;
	return 0;
}

/* Finds the first pattern at s[0..len) (longest first) not yet linked in
 * this section; returns it or NULL. */
static const struct pattern *pattern_at(struct ctx *c, const char *s, size_t len, size_t i)
{
	const struct autolinker *al = c->links;
	for (int pass = 0; pass < 2; pass++) {
		size_t key = pass == 0 ? AUTOLINK_KEY : 2;
		if (i + key > len)
			continue;
		const struct pattern *p = pass == 0 ? al->buckets[bucket_of(s + i, key)]
						    : al->shorts[bucket_of(s + i, key)];
		for (; p; p = p->next) {
			if (p->len > len - i || memcmp(s + i, p->text, p->len))
				continue;
			/* Latin words match whole: H100 is not inside H100s or GH100 */
			if (word_char((unsigned char)p->text[0]) && i > 0 && word_char((unsigned char)s[i - 1]))
				continue;
			if (word_char((unsigned char)p->text[p->len - 1]) && i + p->len < len &&
			    word_char((unsigned char)s[i + p->len]))
				continue;
			if (already_linked(c, p->row ? p->row : p->term))
				continue;
			return p;
		}
	}
	return NULL;
}

/* Appends plain text, linking first mentions of rows and terms. */
static void emit_plain(struct ctx *c, struct dom_node *parent, const char *s, size_t len)
{
	buf_add(&c->text, s, len);
	if (!c->links || c->no_autolink) {
		dom_text(parent, s, len);
		return;
	}
	size_t start = 0;
	for (size_t i = 0; i < len;) {
		const struct pattern *p = c->links->starts[(unsigned char)s[i]] ? pattern_at(c, s, len, i)
										: NULL;
		if (!p) {
			i++;
			continue;
		}
		dom_text(parent, s + start, i - start);
		struct dom_node *a = dom_elem_class(parent, "a", p->cls);
		dom_attr(a, "href", p->href);
		dom_text(a, s + i, p->len);
		const char *id = p->row ? p->row : p->term;
		*ARRAY_PUSH(c->linked[c->lang], c->nlinked[c->lang], c->caplinked[c->lang]) = id;
		add_mention_of(c, p->row, p->term);
		i += p->len;
		start = i;
	}
	dom_text(parent, s + start, len - start);
}

static void emit_pieces(struct ctx *c, struct dom_node *parent, const struct span *sp)
{
	for (size_t i = 0; i < sp->npieces; i++) {
		const struct span_piece *p = &sp->pieces[i];
		buf_adds(&c->text, p->text);
		if (p->row && p->table) {
			struct dom_node *a = dom_elem_class(parent, "a", "value");
			dom_attr(a, "href", arena_cat(c->a, "/specs/", p->table, ".html#", p->row, (char *)NULL));
			dom_texts(a, p->text);
			add_mention(c, p->row);
		} else {
			dom_texts(parent, p->text);
		}
	}
}

static void emit_span(struct ctx *c, struct dom_node *parent, size_t idx)
{
	struct pspan *p = &c->spans[idx];
	c->out->spans++;
	if (p->unterminated) {
		/* cmark decides what is code, so the line's error goes with the
		 * first of its stray braces that is rendered as text */
		struct pspan *first = &c->spans[p->line_first];
		if (!first->line_reported) {
			first->line_reported = 1;
			diag_report(DIAG_ERROR, p->loc, 1,
				    "a span ends on the line it starts: close it with '}' on this line, "
				    "or write \\{ for a literal brace", "unterminated span");
		}
		c->errors++;
		dom_texts(parent, "{");
		return;
	}
	struct span sp;
	memset(&sp, 0, sizeof sp);
	if (!c->book->numbers ||
	    numbers_span(c->book->numbers, c->a, p->text, p->len, p->loc, &sp)) {
		c->errors++;
		dom_texts(parent, p->raw);
		return;
	}
	if (sp.kind == SPAN_VALUE) {
		struct dom_node *v = sp.npieces == 1 && sp.pieces[0].row ? parent
				     : dom_elem_class(parent, "span", "value");
		emit_pieces(c, v, &sp);
		return;
	}
	struct claim_record *r = ARRAY_PUSH(c->out->claims, c->out->nclaims, c->capclaims);
	r->span = sp;
	r->loc = p->loc;
	r->section = c->section;
	r->anchor = arena_printf(c->a, "claim-%zu", c->out->nclaims);
	struct dom_node *el = dom_elem_class(parent, "span",
					     sp.disputed ? "claim claim-disputed" : "claim claim-ok");
	dom_attr(el, "id", r->anchor);
	const char *title = sp.disputed
		? arena_printf(c->a, "disputed: %s %s %s does not hold; computed %s",
			       sp.stated ? sp.stated : "", sp.relation ? sp.relation : "",
			       sp.derivation ? sp.derivation : "", sp.computed ? sp.computed : "")
		: arena_printf(c->a, "%s %s (computed %s)", sp.relation ? sp.relation : "",
			       sp.derivation ? sp.derivation : "", sp.computed ? sp.computed : "");
	dom_attr(el, "title", title);
	dom_attr(el, "tabindex", "0");
	if (sp.disputed) {
		struct dom_node *st = dom_elem_class(el, "span", "claim-stated");
		emit_pieces(c, st, &sp);
		dom_texts(el, " ");
		struct dom_node *cor = dom_elem_class(el, "span", "claim-correction");
		dom_texts(cor, sp.correction ? sp.correction : sp.computed ? sp.computed : "");
		buf_addf(&c->text, " %s", sp.correction ? sp.correction : "");
	} else {
		emit_pieces(c, el, &sp);
	}
	/* the derivation, for readers without a mouse or without JavaScript */
	struct dom_node *detail = dom_elem_class(el, "span", "claim-detail");
	dom_texts(detail, arena_printf(c->a, " %s %s = %s", sp.relation ? sp.relation : "",
				       sp.derivation ? sp.derivation : "", sp.computed ? sp.computed : ""));
}

/* Appends text that may hold placeholders. */
static void emit_text(struct ctx *c, struct dom_node *parent, const char *s, size_t len)
{
	size_t start = 0;
	for (size_t i = 0; i < len;) {
		size_t idx, n = placeholder_at(s + i, len - i, &idx);
		if (!n || idx >= c->nspans) {
			i++;
			continue;
		}
		emit_plain(c, parent, s + start, i - start);
		emit_span(c, parent, idx);
		i += n;
		start = i;
	}
	emit_plain(c, parent, s + start, len - start);
}

/* ---- links ---- */

/* Where url was written: the block's line, refined by finding "](url" or "<url". */
static struct srcloc link_loc(struct ctx *c, cmark_node *n, const char *url)
{
	cmark_node *b = n;
	while (b && cmark_node_get_start_line(b) == 0)
		b = cmark_node_parent(b);
	int first = b ? cmark_node_get_start_line(b) : 1;
	int last = b ? cmark_node_get_end_line(b) : first;
	if (first < 1)
		first = 1;
	size_t ulen = strlen(url);
	for (int l = first; l <= last && (size_t)l <= c->nlines; l++) {
		const char *ls = c->lines[l - 1];
		const char *le = memchr(ls, '\n', (size_t)(c->ch->body + c->ch->body_len - ls));
		size_t llen = le ? (size_t)(le - ls) : strlen(ls);
		/* the cheap test first: memcmp() at every byte of every line of
		 * the block was most of the time spent on links */
		for (size_t i = 1; ulen && i + ulen <= llen; i++)
			if ((ls[i - 1] == '(' || ls[i - 1] == '<') && !memcmp(ls + i, url, ulen))
				return body_loc(c, l, diag_column(ls, i));
	}
	return body_loc(c, first, cmark_node_get_start_column(b ? b : n));
}

/* Returns "line:col" for a link's data-src (read back by the link check):
 * one for every link of every page, so not through printf. */
static const char *src_attr(struct ctx *c, struct srcloc loc)
{
	char text[32], *p = text + sizeof text;
	unsigned long n = loc.col > 0 ? (unsigned long)loc.col : 0;
	*--p = '\0';
	do
		*--p = (char)('0' + n % 10);
	while ((n /= 10));
	*--p = ':';
	n = loc.line > 0 ? (unsigned long)loc.line : 0;
	do
		*--p = (char)('0' + n % 10);
	while ((n /= 10));
	return arena_strndup(c->a, p, (size_t)(text + sizeof text - 1 - p));
}

static int has_scheme(const char *url, const char *scheme)
{
	size_t n = strlen(scheme);
	return !strncasecmp(url, scheme, n);
}

/* Returns 1 (and reports it at loc) if a browser would read url as a
 * scheme other than http, https or mailto, or it holds a control
 * character; 0 if it may go into an href or a src. */
static int refused_target(const char *url, struct srcloc loc)
{
	size_t len = strlen(url);
	char scheme[URL_SCHEME_MAX + 1];
	switch (url_judge(url, len)) {
	case URL_CONTROL:
		diag_report(DIAG_ERROR, loc, 1, NULL,
			    "refused link: control character U+%04X in the target (browsers drop or "
			    "hide it); remove it, or the &#...; entity that writes it",
			    (unsigned)(unsigned char)url[url_control_at(url, len)]);
		return 1;
	case URL_BAD_SCHEME:
		url_scheme(url, len, scheme, sizeof scheme);
		diag_report(DIAG_ERROR, loc, 1, NULL,
			    "refused link: '%s' URLs are not allowed; link with http:, https:, mailto: "
			    "or a relative path", scheme);
		return 1;
	case URL_SAFE:
		break;
	}
	return 0;
}

/* Rewrites a link target as written in Markdown into an href; NULL if refused. */
static const char *link_href(struct ctx *c, cmark_node *n, const char *url, struct srcloc *loc)
{
	*loc = link_loc(c, n, url);
	if (has_scheme(url, "spec:")) {
		const struct spec_table *t = NULL;
		const struct spec_row *row = c->book->numbers ? numbers_row(c->book->numbers, url + 5, &t) : NULL;
		if (!row) {
			diag_report(DIAG_ERROR, *loc, (int)utf8_length(url, strlen(url)), NULL,
				    "no spec row '%s' (row ids are the keys under rows: in specs/*.yaml)", url + 5);
			c->errors++;
			return NULL;
		}
		add_mention(c, row->id);
		return arena_cat(c->a, "/specs/", t->id, ".html#", row->id, (char *)NULL);
	}
	if (has_scheme(url, "term:")) {
		if (!book_term(c->book, url + 5)) {
			diag_report(DIAG_ERROR, *loc, (int)utf8_length(url, strlen(url)), NULL,
				    "no glossary term '%s' in content/glossary.yaml", url + 5);
			c->errors++;
			return NULL;
		}
		return arena_cat(c->a, "/glossary.html#", url + 5, (char *)NULL);
	}
	if (refused_target(url, *loc)) {
		c->errors++;
		return NULL;
	}
	if (strstr(url, "://") || has_scheme(url, "mailto:") || url[0] == '#' || url[0] == '/')
		return url;
	/* a chapter file: NN-slug.md or NN-slug.md#anchor */
	const char *hash = strchr(url, '#');
	size_t flen = hash ? (size_t)(hash - url) : strlen(url);
	if (flen > 3 && !memcmp(url + flen - 3, ".md", 3)) {
		char *file = arena_strndup(c->a, url, flen);
		const struct chapter *target = book_chapter(c->book, file);
		if (!target) {
			diag_report(DIAG_ERROR, *loc, (int)flen, NULL,
				    "link to a missing chapter '%s' (no content/%s)", file, file);
			c->errors++;
			return NULL;
		}
		return arena_cat(c->a, "/", target->page, hash ? hash : "", (char *)NULL);
	}
	return url;
}

/* ---- inlines ---- */

static int last_char_cjk(const char *s)
{
	size_t len = strlen(s);
	if (!len)
		return 0;
	size_t i = len - 1;
	while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80)
		i--;
	uint32_t cp;
	utf8_decode(s + i, len - i, &cp);
	return utf8_is_cjk(cp);
}

static int first_char_cjk(const char *s)
{
	uint32_t cp;
	if (!s || !*s)
		return 0;
	utf8_decode(s, strlen(s), &cp);
	return utf8_is_cjk(cp);
}

static void render_inlines(struct ctx *c, cmark_node *first, struct dom_node *parent, int depth);

static void render_inline(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth)
{
	const char *lit;
	struct dom_node *el;
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_TEXT:
		lit = cmark_node_get_literal(n);
		emit_text(c, parent, lit, strlen(lit));
		break;
	case CMARK_NODE_SOFTBREAK: {
		cmark_node *prev = cmark_node_previous(n), *next = cmark_node_next(n);
		int cjk = prev && next && cmark_node_get_type(prev) == CMARK_NODE_TEXT &&
			  cmark_node_get_type(next) == CMARK_NODE_TEXT &&
			  last_char_cjk(cmark_node_get_literal(prev)) &&
			  first_char_cjk(cmark_node_get_literal(next));
		if (!cjk) {
			dom_texts(parent, "\n");
			buf_addch(&c->text, ' ');
		}
		break;
	}
	case CMARK_NODE_LINEBREAK:
		dom_elem(parent, "br");
		break;
	case CMARK_NODE_CODE:
		el = dom_elem(parent, "code");
		lit = restore(c, cmark_node_get_literal(n));
		dom_texts(el, lit);
		buf_adds(&c->text, lit);
		break;
	case CMARK_NODE_HTML_INLINE:
		if (!c->book->allow_html) {
			struct srcloc loc = link_loc(c, n, "");
			diag_warning(loc, "raw HTML dropped (set allow_html: true in book.yaml to keep it)");
		}
		break;
	case CMARK_NODE_EMPH:
		render_inlines(c, cmark_node_first_child(n), dom_elem(parent, "em"), depth + 1);
		break;
	case CMARK_NODE_STRONG:
		render_inlines(c, cmark_node_first_child(n), dom_elem(parent, "strong"), depth + 1);
		break;
	case CMARK_NODE_LINK: {
		struct srcloc loc;
		const char *url = restore(c, cmark_node_get_url(n));
		const char *href = link_href(c, n, url, &loc);
		if (!href) {
			render_inlines(c, cmark_node_first_child(n), parent, depth + 1);
			break;
		}
		el = dom_elem(parent, "a");
		dom_attr(el, "href", href);
		const char *title = cmark_node_get_title(n);
		if (title && *title)
			dom_attr(el, "title", restore(c, title));
		dom_attr(el, "data-src", src_attr(c, loc));
		if (has_scheme(href, "spec:") || has_scheme(href, "/specs/"))
			dom_attr(el, "class", "spec-link");
		else if (has_scheme(href, "/glossary.html"))
			dom_attr(el, "class", "term");
		if (has_scheme(url, "term:"))
			add_mention_of(c, NULL, url + 5);
		c->no_autolink++;
		render_inlines(c, cmark_node_first_child(n), el, depth + 1);
		c->no_autolink--;
		break;
	}
	case CMARK_NODE_IMAGE: {
		struct srcloc loc;
		const char *url = restore(c, cmark_node_get_url(n));
		const char *src = link_href(c, n, url, &loc);
		struct buf alt = BUF_INIT;
		for (cmark_node *k = cmark_node_first_child(n); k; k = cmark_node_next(k))
			if (cmark_node_get_literal(k))
				buf_adds(&alt, restore(c, cmark_node_get_literal(k)));
		if (src) {
			el = dom_elem(parent, "img");
			dom_attr(el, "src", src);
			dom_attr(el, "alt", alt.data);
			dom_attr(el, "data-src", src_attr(c, loc));
		}
		buf_release(&alt);
		break;
	}
	default:
		break;
	}
}

static void render_inlines(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth)
{
	if (depth > RENDER_MAX_DEPTH)
		return;
	for (; n; n = cmark_node_next(n))
		render_inline(c, n, parent, depth);
}

/* ---- blocks ---- */

/* Appends the prose text of a node (no code) to b, for language detection. */
static void prose_text(cmark_node *n, struct buf *b, int depth)
{
	if (depth > RENDER_MAX_DEPTH)
		return;
	for (cmark_node *k = cmark_node_first_child(n); k; k = cmark_node_next(k)) {
		cmark_node_type t = cmark_node_get_type(k);
		if (t == CMARK_NODE_TEXT)
			buf_adds(b, cmark_node_get_literal(k));
		else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK)
			buf_addch(b, ' ');
		else if (t != CMARK_NODE_CODE && t != CMARK_NODE_CODE_BLOCK)
			prose_text(k, b, depth + 1);
		if (t == CMARK_NODE_PARAGRAPH)
			buf_addch(b, '\n');
	}
}

/* Feeds the prose text of a node to t as prose_text() would append it. */
static void prose_lang(cmark_node *n, struct lang_tally *t, int depth)
{
	if (depth > RENDER_MAX_DEPTH) {
		t->cut = 1;
		return;
	}
	for (cmark_node *k = cmark_node_first_child(n); k; k = cmark_node_next(k)) {
		cmark_node_type type = cmark_node_get_type(k);
		if (type == CMARK_NODE_PARAGRAPH && !t->in_word) {
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
		}
		if (type == CMARK_NODE_PARAGRAPH)
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

static void render_compare(struct ctx *c, cmark_node *n, struct dom_node *parent);

static void start_section(struct ctx *c, const char *id, const char *title)
{
	if (c->text.len || c->section) {
		struct section_text *s = ARRAY_PUSH(c->out->sections, c->out->nsections, c->capsections);
		s->anchor = c->section;
		s->title = c->section_title;
		s->text = arena_strdup(c->a, c->text.data);
	}
	buf_reset(&c->text);
	c->nlinked[0] = c->nlinked[1] = 0;
	c->section = id;
	c->section_title = title;
}

static void render_heading(struct ctx *c, cmark_node *n, struct dom_node *parent)
{
	int level = cmark_node_get_heading_level(n);
	if (level < 2)
		level = 2;   /* the chapter title is the page's only h1 */
	/* the heading's text, spans shown as written */
	struct buf t = BUF_INIT;
	for (cmark_node *k = cmark_node_first_child(n); k; k = cmark_node_next(k))
		if (cmark_node_get_literal(k))
			buf_adds(&t, cmark_node_get_literal(k));
		else if (cmark_node_first_child(k))
			prose_text(k, &t, 0);
	/* explicit anchor {#id} at the end */
	const char *explicit_id = NULL;
	while (t.len && t.data[t.len - 1] == ' ')
		buf_truncate(&t, t.len - 1);
	if (t.len && t.data[t.len - 1] == '}') {
		char *open = strstr(t.data, "{#");
		char *last = NULL;
		while (open) {
			last = open;
			open = strstr(open + 2, "{#");
		}
		if (last) {
			explicit_id = arena_strndup(c->a, last + 2, (size_t)(t.data + t.len - 1 - last - 2));
			buf_truncate(&t, (size_t)(last - t.data));
			while (t.len && t.data[t.len - 1] == ' ')
				buf_truncate(&t, t.len - 1);
		}
	}
	const char *plain = restore(c, t.data);
	buf_release(&t);
	struct bitext title;
	render_split_title(c->a, plain, &title);
	const char *want = explicit_id;
	if (!want && title.en)
		want = render_slug(c->a, title.en + number_prefix(title.en));
	if ((!want || !*want) && number_prefix(plain))
		want = arena_printf(c->a, "s%.*s", (int)number_prefix(plain) - 1, plain);
	if (want && (strchr(want, '.')))
		want = render_slug(c->a, want);
	if (!want || !*want)
		want = render_slug(c->a, plain);
	const char *id = unique_id(c, want);
	if (explicit_id && strcmp(id, explicit_id)) {
		diag_error(body_loc(c, cmark_node_get_start_line(n), 1),
			   "duplicate heading id '%s' on this page", explicit_id);
		c->errors++;
	}

	start_section(c, id, plain);
	struct heading *h = ARRAY_PUSH(c->out->headings, c->out->nheadings, c->capheadings);
	h->level = level;
	h->id = id;
	h->title = title;
	h->plain = plain;

	char tag[3] = { 'h', (char)('0' + level), 0 };
	struct dom_node *el = dom_elem(parent, tag);
	dom_attr(el, "id", id);
	struct dom_node *a = dom_elem_class(el, "a", "anchor");
	dom_attr(a, "href", arena_printf(c->a, "#%s", id));
	dom_attr(a, "aria-label", arena_printf(c->a, "Link to %s", title.en ? title.en : plain));
	dom_texts(a, "#");
	dom_texts(el, " ");
	if (title.zh && title.en) {
		render_bitext(el, title);
	} else {
		/* one language: keep inline markup and spans */
		struct dom_node *span = dom_elem(el, "span");
		if (title.zh)
			dom_attr(span, "lang", "zh-Hans");
		if (explicit_id) {
			/* the {#id} is not part of the title: cut it from the last text */
			cmark_node *last = cmark_node_last_child(n);
			if (last && cmark_node_get_type(last) == CMARK_NODE_TEXT) {
				const char *lit = cmark_node_get_literal(last);
				const char *cut = strstr(lit, "{#");
				while (cut && strstr(cut + 2, "{#"))
					cut = strstr(cut + 2, "{#");
				if (cut) {
					size_t keep = (size_t)(cut - lit);
					while (keep && lit[keep - 1] == ' ')
						keep--;
					cmark_node_set_literal(last, arena_strndup(c->a, lit, keep));
				}
			}
		}
		c->no_autolink++;
		render_inlines(c, cmark_node_first_child(n), span, 0);
		c->no_autolink--;
		/* drop a trailing {#id} that was rendered as text */
		(void)span;
	}
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

static void render_block(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth,
			 const char *lang)
{
	struct dom_node *el;
	if (depth > RENDER_MAX_DEPTH) {
		diag_error(body_loc(c, cmark_node_get_start_line(n), 1),
			   "blocks nested deeper than %d levels", RENDER_MAX_DEPTH);
		c->errors++;
		return;
	}
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_PARAGRAPH:
		if (is_pipe_table(n))
			diag_warning(body_loc(c, cmark_node_get_start_line(n), 1),
				     "pipe tables are not rendered: put the data in specs/ and show it "
				     "with a ```compare block");
		el = dom_elem(parent, "p");
		if (lang)
			dom_attr(el, "lang", lang);
		render_inlines(c, cmark_node_first_child(n), el, depth);
		buf_addch(&c->text, '\n');
		break;
	case CMARK_NODE_HEADING:
		render_heading(c, n, parent);
		break;
	case CMARK_NODE_BLOCK_QUOTE: {
		const char *kind = callout_kind(n);
		if (!kind) {
			el = dom_elem(parent, "blockquote");
			render_blocks(c, cmark_node_first_child(n), el, depth + 1, 0);
			break;
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
				render_bitext(title, (struct bitext){ names[k].zh, names[k].en });
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
		break;
	}
	case CMARK_NODE_LIST: {
		int ordered = cmark_node_get_list_type(n) == CMARK_ORDERED_LIST;
		el = dom_elem(parent, ordered ? "ol" : "ul");
		if (lang)
			dom_attr(el, "lang", lang);
		if (ordered && cmark_node_get_list_start(n) != 1)
			dom_attr(el, "start", arena_printf(c->a, "%d", cmark_node_get_list_start(n)));
		int tight = cmark_node_get_list_tight(n);
		for (cmark_node *item = cmark_node_first_child(n); item; item = cmark_node_next(item)) {
			struct dom_node *li = dom_elem(el, "li");
			for (cmark_node *k = cmark_node_first_child(item); k; k = cmark_node_next(k)) {
				if (tight && cmark_node_get_type(k) == CMARK_NODE_PARAGRAPH) {
					render_inlines(c, cmark_node_first_child(k), li, depth + 1);
					buf_addch(&c->text, '\n');
				} else {
					render_block(c, k, li, depth + 1, NULL);
				}
			}
		}
		break;
	}
	case CMARK_NODE_CODE_BLOCK: {
		const char *info = cmark_node_get_fence_info(n);
		char word[32] = "";
		if (info)
			sscanf(info, "%31s", word);
		if (!strcmp(word, "compare")) {
			render_compare(c, n, parent);
			break;
		}
		el = dom_elem(parent, "pre");
		struct dom_node *code = dom_elem(el, "code");
		if (*word)
			dom_attr(code, "class", arena_printf(c->a, "language-%s", word));
		const char *lit = restore(c, cmark_node_get_literal(n));
		dom_texts(code, lit);
		buf_adds(&c->text, lit);
		break;
	}
	case CMARK_NODE_HTML_BLOCK:
		if (!c->book->allow_html)
			diag_warning(body_loc(c, cmark_node_get_start_line(n), 1),
				     "raw HTML dropped (set allow_html: true in book.yaml to keep it)");
		break;
	case CMARK_NODE_THEMATIC_BREAK:
		dom_elem(parent, "hr");
		break;
	default:
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
	return t == CMARK_NODE_PARAGRAPH || t == CMARK_NODE_LIST;
}

static void render_blocks(struct ctx *c, cmark_node *n, struct dom_node *parent, int depth,
			  int in_callout)
{
	while (n) {
		cmark_node *next = cmark_node_next(n);
		if (is_prose_block(n) && block_lang(n) == LANG_ZH) {
			c->out->zh_blocks++;
			/* a pair: Chinese block, then an English blockquote (or, inside a
			 * callout, the English block itself) */
			int quoted = is_translation(next);
			int plain = in_callout && next && is_prose_block(next) && block_lang(next) == LANG_EN;
			if (quoted || plain) {
				c->out->pairs++;
				struct dom_node *pair = dom_elem_class(parent, "div", "pair");
				struct dom_node *zh = dom_elem(pair, "div");
				dom_attr(zh, "lang", "zh-Hans");
				c->lang = 0;
				render_block(c, n, zh, depth + 1, NULL);
				struct dom_node *en = dom_elem(pair, "div");
				dom_attr(en, "lang", "en");
				c->lang = 1;
				if (quoted)
					render_blocks(c, cmark_node_first_child(next), en, depth + 1, 0);
				else
					render_block(c, next, en, depth + 1, NULL);
				n = cmark_node_next(next);
				continue;
			}
			c->lang = 0;
			render_block(c, n, parent, depth, "zh-Hans");
		} else {
			c->lang = 1;
			render_block(c, n, parent, depth, NULL);
		}
		n = next;
	}
}

/* ---- compare blocks ---- */

static int column_index(const struct spec_table *t, const char *id)
{
	for (size_t i = 0; i < t->ncolumns; i++)
		if (!strcmp(t->columns[i].id, id))
			return (int)i;
	return -1;
}

void render_bitext(struct dom_node *parent, struct bitext t)
{
	if (t.zh && t.en) {
		struct dom_node *bi = dom_elem_class(parent, "span", "bi");
		struct dom_node *zh = dom_elem(bi, "span");
		dom_attr(zh, "lang", "zh-Hans");
		dom_texts(zh, t.zh);
		dom_texts(bi, " ");
		struct dom_node *en = dom_elem(bi, "span");
		dom_attr(en, "lang", "en");
		dom_texts(en, t.en);
	} else if (t.zh) {
		struct dom_node *zh = dom_elem(parent, "span");
		dom_attr(zh, "lang", "zh-Hans");
		dom_texts(zh, t.zh);
	} else {
		dom_texts(parent, t.en ? t.en : "");
	}
}

/* A row to sort, with its key and the direction: each item carries the
 * direction because qsort's comparator takes no context (qsort_r is not
 * C11), and a file-scope variable is shared by every rendering thread. */
struct sort_item {
	const struct spec_row *row;
	double key;
	int has;
	int desc;                /* 1: highest first */
};

static int sort_cmp(const void *pa, const void *pb)
{
	const struct sort_item *a = pa, *b = pb;
	if (a->has != b->has)
		return a->has ? -1 : 1;
	if (a->key == b->key)
		return 0;
	return (a->key < b->key) ^ a->desc ? -1 : 1;
}

static void render_compare(struct ctx *c, cmark_node *n, struct dom_node *parent)
{
	const char *lit = cmark_node_get_literal(n);
	int line = cmark_node_get_start_line(n) + 1;   /* after the fence */
	struct ynode *y = ytree_parse(c->a, c->ch->path, lit, strlen(lit), c->ch->body_line + line - 1);
	if (!y) {
		c->errors++;
		return;
	}
	struct ynode *tn = ytree_get(y, "table");
	if (!tn || tn->kind != YNODE_SCALAR) {
		diag_error(y->loc, "a compare block needs 'table: <spec table id>'");
		c->errors++;
		return;
	}
	size_t ntables;
	const struct spec_table *tables = c->book->numbers ? numbers_tables(c->book->numbers, &ntables) : NULL;
	const struct spec_table *t = NULL;
	for (size_t i = 0; tables && i < ntables; i++)
		if (!strcmp(tables[i].id, tn->text))
			t = &tables[i];
	if (!t) {
		diag_error(tn->loc, "no spec table '%s'", tn->text);
		c->errors++;
		return;
	}
	/* rows */
	struct ynode *rn = ytree_get(y, "rows");
	size_t nrows = rn && rn->kind == YNODE_SEQ ? rn->count : t->nrows;
	struct sort_item *items = arena_array(c->a, nrows ? nrows : 1, sizeof *items);
	size_t count = 0;
	for (size_t i = 0; i < nrows; i++) {
		const struct spec_row *row = NULL;
		if (rn && rn->kind == YNODE_SEQ) {
			const struct ynode *id = rn->items[i];
			for (size_t k = 0; id->kind == YNODE_SCALAR && k < t->nrows; k++)
				if (!strcmp(t->rows[k].id, id->text))
					row = &t->rows[k];
			if (!row) {
				diag_error(id->loc, "no row '%s' in table '%s'",
					   id->kind == YNODE_SCALAR ? id->text : "?", t->id);
				c->errors++;
				continue;
			}
		} else {
			row = &t->rows[i];
		}
		items[count++].row = row;
		add_mention(c, row->id);
	}
	/* columns */
	struct ynode *cn = ytree_get(y, "columns");
	size_t ncols = cn && cn->kind == YNODE_SEQ ? cn->count : t->ncolumns;
	int *cols = arena_array(c->a, ncols ? ncols : 1, sizeof *cols);
	size_t nc = 0;
	for (size_t i = 0; i < ncols; i++) {
		int ci = (int)i;
		if (cn && cn->kind == YNODE_SEQ) {
			const struct ynode *id = cn->items[i];
			ci = id->kind == YNODE_SCALAR ? column_index(t, id->text) : -1;
			if (ci < 0) {
				diag_error(id->loc, "no column '%s' in table '%s'",
					   id->kind == YNODE_SCALAR ? id->text : "?", t->id);
				c->errors++;
				continue;
			}
		}
		cols[nc++] = ci;
	}
	/* sort: [-]column */
	struct ynode *sn = ytree_get(y, "sort");
	if (sn && sn->kind == YNODE_SCALAR) {
		const char *key = sn->text;
		int ci = column_index(t, key + (key[0] == '-' || key[0] == '+'));
		if (ci < 0) {
			diag_error(sn->loc, "cannot sort by '%s': no such column in '%s'", key, t->id);
			c->errors++;
		} else {
			for (size_t i = 0; i < count; i++) {
				const struct spec_cell *cell = &items[i].row->cells[ci];
				items[i].has = cell->kind == CELL_VALUE;
				items[i].key = cell->sort_key;
				items[i].desc = key[0] == '-';
			}
			qsort(items, count, sizeof *items, sort_cmp);
		}
	}
	for (size_t i = 0; i < y->count; i++) {
		const char *k = y->pairs[i].key->text;
		if (strcmp(k, "table") && strcmp(k, "rows") && strcmp(k, "columns") &&
		    strcmp(k, "sort") && strcmp(k, "chart") && strcmp(k, "caption"))
			diag_warning(y->pairs[i].key->loc,
				     "unknown key '%s' in compare block (table, rows, columns, sort, chart, caption)", k);
	}

	struct dom_node *fig = dom_elem_class(parent, "figure", "compare");
	struct dom_node *wrap = dom_elem_class(fig, "div", "table-wrap");
	struct dom_node *table = dom_elem_class(wrap, "table", "spec compare-table sortable");
	struct dom_node *thead = dom_elem(table, "thead");
	struct dom_node *tr = dom_elem(thead, "tr");
	struct dom_node *th = dom_elem(tr, "th");
	dom_attr(th, "scope", "col");
	render_bitext(th, (struct bitext){ "型号", "Model" });
	for (size_t j = 0; j < nc; j++) {
		const struct spec_column *col = &t->columns[cols[j]];
		th = dom_elem(tr, "th");
		dom_attr(th, "scope", "col");
		render_bitext(th, col->name.zh || col->name.en ? col->name : (struct bitext){ NULL, col->id });
		if (col->unit) {
			dom_texts(th, " ");
			dom_texts(dom_elem_class(th, "span", "unit"), col->unit);
		}
	}
	/* the highest value of each column is marked (not "best": for power or
	 * price lower is better, and the table does not say which is which) */
	double *top = arena_array(c->a, nc ? nc : 1, sizeof *top);
	for (size_t j = 0; j < nc; j++) {
		top[j] = -HUGE_VAL;
		int distinct = 0;
		for (size_t i = 0; i < count; i++) {
			const struct spec_cell *cell = &items[i].row->cells[cols[j]];
			if (cell->kind != CELL_VALUE)
				continue;
			if (top[j] != -HUGE_VAL && cell->sort_key != top[j])
				distinct = 1;
			if (cell->sort_key > top[j])
				top[j] = cell->sort_key;
		}
		if (!distinct)
			top[j] = HUGE_VAL;   /* all equal, or one value: nothing stands out */
	}
	struct dom_node *tbody = dom_elem(table, "tbody");
	for (size_t i = 0; i < count; i++) {
		const struct spec_row *row = items[i].row;
		tr = dom_elem(tbody, "tr");
		th = dom_elem(tr, "th");
		dom_attr(th, "scope", "row");
		struct dom_node *a = dom_elem_class(th, "a", "value");
		dom_attr(a, "href", arena_printf(c->a, "/specs/%s.html#%s", t->id, row->id));
		dom_texts(a, row->name ? row->name : row->id);
		for (size_t j = 0; j < nc; j++) {
			const struct spec_cell *cell = &row->cells[cols[j]];
			struct dom_node *td = dom_elem(tr, "td");
			int is_top = cell->kind == CELL_VALUE && cell->sort_key == top[j];
			if (cell->kind == CELL_VALUE)
				dom_attr(td, "class", is_top ? (cell->derived ? "num derived top" : "num top")
							     : (cell->derived ? "num derived" : "num"));
			if (cell->kind == CELL_VALUE)
				dom_attr(td, "data-sort", arena_printf(c->a, "%.9g", cell->sort_key));
			if (cell->derived && t->columns[cols[j]].derive)
				dom_attr(td, "title", arena_printf(c->a, "= %s", t->columns[cols[j]].derive));
			dom_texts(td, cell->text ? cell->text : "");
			if (cell->unit) {
				dom_texts(td, " ");
				dom_texts(dom_elem_class(td, "span", "unit"), cell->unit);
			}
			if (is_top)
				dom_texts(dom_elem_class(td, "span", "visually-hidden"), " (highest)");
		}
	}
	struct ynode *chart = ytree_get(y, "chart");
	if (chart && chart->kind == YNODE_SCALAR) {
		if (!strcmp(chart->text, "roofline")) {
			if (chart_roofline(fig, c->a, t, "bf16", "mem_bw")) {
				diag_error(chart->loc, "a roofline needs columns bf16 (TFLOPS) and mem_bw (TB/s) in '%s'",
					   t->id);
				c->errors++;
			}
		} else {
			int ci = column_index(t, chart->text);
			if (ci < 0) {
				diag_error(chart->loc, "cannot chart '%s': no such column in '%s'", chart->text, t->id);
				c->errors++;
			} else {
				const struct spec_row **rows = arena_array(c->a, count ? count : 1, sizeof *rows);
				for (size_t i = 0; i < count; i++)
					rows[i] = items[i].row;
				chart_bars(fig, c->a, t, rows, count, (size_t)ci);
			}
		}
	}
	struct dom_node *cap = dom_elem(fig, "figcaption");
	render_bitext(cap, t->title);
	dom_texts(cap, " — ");
	struct dom_node *more = dom_elem(cap, "a");
	dom_attr(more, "href", arena_printf(c->a, "/specs/%s.html", t->id));
	dom_texts(more, "specs/");
	dom_texts(more, t->id);
}

/* ---- the chapter ---- */

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
		render_bitext(a, h->title);
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

static void *cmark_arena_realloc(void *p, size_t size)
{
	if (!p)
		return cmark_arena_calloc(1, size);
	struct cmark_block *old = (struct cmark_block *)((unsigned char *)p - offsetof(struct cmark_block, data));
	if (size <= old->size)
		return p;
	struct cmark_block *b = arena_alloc_uninit(cmark_arena_now, size_add(sizeof *b, size));
	b->size = size;
	memcpy(b->data, p, old->size);
	return b->data;
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
	cmark_parser *parser = cmark_parser_new_with_mem(options, &cmark_arena_mem);
	cmark_parser_feed(parser, md, len);
	cmark_node *doc = cmark_parser_finish(parser);
	cmark_parser_free(parser);
	return doc;
}

int render_chapter(const struct book *b, const struct chapter *ch, struct arena *a,
		   const struct render_env *env, struct rendered *out)
{
	struct ctx c = { .book = b, .ch = ch, .a = a, .out = out, .links = env ? env->links : NULL };
	memset(out, 0, sizeof *out);
	buf_init(&c.text);
	size_t mdlen;
	char *md = extract_spans(&c, &mdlen);
	/* no CMARK_OPT_VALIDATE_UTF8: a chapter's text was checked when it was
	 * read (read_chapter() in load.c), and what extract_spans() adds is
	 * UTF-8 too */
	struct arena cmark_arena = ARENA_INIT;
	cmark_node *doc = parse_markdown(&cmark_arena, md, mdlen, CMARK_OPT_SOURCEPOS);
	free(md);
	cmark_consolidate_text_nodes(doc);

	for (size_t i = 0; env && i < env->nreserved; i++)
		*ARRAY_PUSH(c.ids, c.nids, c.capids) = env->reserved_ids[i];

	struct dom_node *frag = dom_fragment();
	struct dom_node *article = dom_elem_class(frag, "article", "chapter");
	struct dom_node *head = dom_elem_class(article, "header", "chapter-head");
	struct dom_node *h1 = dom_elem(head, "h1");
	render_bitext(h1, ch->title);
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
	render_blocks(&c, cmark_node_first_child(doc), article, 0, 0);
	start_section(&c, NULL, NULL);
	arena_free(&cmark_arena);   /* the tree, all at once */
	cmark_arena_now = NULL;
	buf_release(&c.text);
	free(c.lines);
	free(c.spans);
	free(c.ids);
	free(c.linked[0]);
	free(c.linked[1]);
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
	#undef TO_ARENA
	return c.errors ? -1 : 0;
}
