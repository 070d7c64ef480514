/*
 * spans.c — spans out, placeholders in (see spans.h).
 *
 * Spans are taken out of the Markdown before cmark sees it: each {…} on
 * any line (a brace pair is never taken across a backtick) becomes a
 * placeholder (see PH_OPEN) that cmark passes through as text.  cmark alone
 * decides what is code: where a placeholder lands in a text node, a
 * heading, an alt text or a title the span is evaluated and rendered
 * (spans_emit(), spans_text()); where it lands in code or a URL the
 * original characters are put back (spans_restore()).  This
 * keeps exact line:col for every span without relying on cmark's inline
 * source positions, and keeps characters like * and _ inside spans away
 * from emphasis parsing.  Text around the spans goes out through the
 * auto-linker, and what a span or an auto-link names is recorded as a
 * mention of the section.
 *
 * Formulas are taken out the same way: $…$ (inline) and $$…$$ (display)
 * become placeholders too, so that the braces of \frac{a}{b} are the
 * formula's and not spans, and the formula is rendered as TeX source in a
 * <code class="math"> (the page's script typesets it when KaTeX is there).
 * The dollar rule is Pandoc's, so that prices stay prose: an opening $ is
 * not followed by a space, a closing $ is not preceded by a space and not
 * followed by a digit ("$2 per hour, $3 per day" holds no formula); \$ is a
 * literal dollar sign.  A formula never crosses a backtick, nor a line end
 * but in GitHub's form of maths over several lines: a '$$' that does not
 * close on its line opens one that the first later line holding '$$'
 * closes, before a blank line or a code fence (the prefix of blanks and
 * '>' of its container taken off each line of it); so does a '$' before a
 * TeX command ($\frac…) with the first later '$' that may close.  Each of its lines is a placeholder of its
 * own, so that the lines stay lines (a fence around them puts each back as
 * written); the first renders the whole formula, the others nothing.
 */
#include "render/spans.h"
#include "render/placeholder.h"
#include "render/autolink.h"
#include "render/scan.h"
#include "core/alloc.h"
#include "core/bytescan.h"
#include "core/diag.h"
#include "core/pack.h"
#include "core/utf8.h"
#include "book/numbers.h"
#include "numbers/format.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

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

#ifndef BYTESCAN_SSE2
/* Returns 1 if the word w holds the byte b (the classic test for a zero
 * byte, on w with b's bits flipped). */
static int word_has(uint64_t w, unsigned char b)
{
	uint64_t x = w ^ (0x0101010101010101ULL * b);
	return ((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL) != 0;
}
#endif

#ifdef BYTESCAN_SSE2
/* A bit for each of the sixteen bytes at p that is one of the four bytes
 * of set (bytescan_mask_fn). */
static inline unsigned mask4(const char *p, const void *set)
{
	const char *x = set;
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(x[0])),
						_mm_cmpeq_epi8(v, _mm_set1_epi8(x[1]))),
				   _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(x[2])),
						_mm_cmpeq_epi8(v, _mm_set1_epi8(x[3]))));
	return (unsigned)_mm_movemask_epi8(hit);
}
#endif

/* Returns the index of the first byte from i on that is a, b, c or d (the
 * bytes table holds), or len: sixteen bytes at a time where SSE2 is there
 * (every x86-64; the last few as the last sixteen, those already seen
 * masked off), else eight, as nearly every byte is none of them. */
static inline size_t next_of4(const char *s, size_t i, size_t len, char a, char b, char c,
			      char d, const unsigned char *table)
{
#ifdef BYTESCAN_SSE2
	const char set[4] = { a, b, c, d };
	i = bytescan_next(s, i, len, mask4, set);
#else
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, sizeof w);
		if (word_has(w, (unsigned char)a) || word_has(w, (unsigned char)b) ||
		    word_has(w, (unsigned char)c) || word_has(w, (unsigned char)d))
			break;
	}
#endif
	while (i < len && !table[(unsigned char)s[i]])
		i++;
	return i;
}

/* Returns the index of the first byte from i on that spans_extract() must
 * look at (a backslash, the lead byte of U+E00x, a brace, a dollar sign),
 * or len. */
static size_t next_special(const char *s, size_t i, size_t len)
{
	static const unsigned char special[256] = { ['\\'] = 1, [0xEE] = 1, ['{'] = 1, ['$'] = 1 };
	return next_of4(s, i, len, '\\', (char)0xEE, '{', '$', special);
}

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/*
 * Finds the formula that a '$' at s[i] opens on its line (len bytes).
 * Returns its kind (1 inline, 2 display) and stores in *end the index
 * just past its closing delimiter; or returns 0 when the '$' opens none
 * (then *end is where an unterminated formula would stop: the next
 * backtick or the line's end).  The rule is Pandoc's (see the top).
 *
 * fail[0] (inline) and fail[1] (display) are where the line's last failed
 * search of each kind stopped (0 before any): whether a '$' closes does
 * not depend on where the search started, so an opener before that point
 * fails too, without looking again.  A line of ten thousand "$a " was
 * ten thousand scans of the line before.
 */
/* Is s[0..len) nothing but blanks? */
static int all_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!is_blank(s[i]) && s[i] != '\r')
			return 0;
	return 1;
}

static int math_at(const char *s, size_t i, size_t len, size_t *end, size_t fail[2])
{
	int display = i + 1 < len && s[i + 1] == '$';
	size_t from = i + (display ? 2 : 1), j = from;
	*end = len;
	if (!display && (from >= len || is_blank(s[from])))
		return 0;
	if (i < fail[display]) {
		*end = fail[display];
		return 0;
	}
	for (; j < len && s[j] != '`'; j++) {
		if (s[j] == '\\' && j + 1 < len) {
			j++;
			continue;
		}
		if (s[j] != '$')
			continue;
		if (display) {
			if (j + 1 < len && s[j + 1] == '$' && j > from) {
				*end = j + 2;
				return 2;
			}
		} else if (j > from && !is_blank(s[j - 1]) &&
			   !(j + 1 < len && s[j + 1] >= '0' && s[j + 1] <= '9')) {
			*end = j + 1;
			return 1;
		}
	}
	*end = fail[display] = j;
	return 0;
}

/* The length of line s's container prefix (blanks and '>'). */
static size_t line_prefix(const char *s, size_t len)
{
	size_t n = 0;
	while (n < len && (is_blank(s[n]) || s[n] == '>'))
		n++;
	return n;
}

/* Where a formula opened on a line ending at eol closes: the first later
 * line (before end) holding "$$" (display) or a '$' that may close (not
 * after a blank, not before a digit: inline), outside a backslash escape,
 * unless a blank line or a fence line comes first.  Returns that line's
 * start and stores the offset of its "$$" or '$' in *at, or returns NULL
 * and stores in *stop where the search ended (an opener of the kind
 * before that point fails too: see spans_extract()). */
static const char *math_closer(const char *eol, const char *end, int display, size_t *at,
			       const char **stop)
{
	const char *s = eol < end ? eol + 1 : end;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t len = (size_t)((nl ? nl : end) - s), k = line_prefix(s, len);
		if (all_blank(s + k, len - k) || (len - k >= 3 && (!memcmp(s + k, "```", 3) ||
								  !memcmp(s + k, "~~~", 3))))
			break;
		for (size_t j = k; j + 1 < len; j++) {
			if (s[j] == '\\') {
				j++;
				continue;
			}
			if (s[j] == '$' && s[j + 1] == '$') {
				if (display) {
					*at = j;
					return s;
				}
				j++;   /* a display formula's, not inline's */
				continue;
			}
		}
		for (size_t j = k; !display && j < len; j++) {
			if (s[j] == '\\') {
				j++;
				continue;
			}
			if (s[j] == '$' && j + 1 < len && s[j + 1] == '$') {
				j++;
				continue;
			}
			if (s[j] == '$' && j > k && !is_blank(s[j - 1]) &&
			    !(j + 1 < len && s[j + 1] >= '0' && s[j + 1] <= '9')) {
				*at = j;
				return s;
			}
		}
		s = nl ? nl + 1 : end;
	}
	*stop = s;
	return NULL;
}

/*
 * Braces that are not spans.  Prose holds braces that were never meant as
 * spans: BibTeX's {TensorFlow}, a shell's ${VAR}, JSON's {"a": 0}, a Go
 * template's {{range .X}}, a set {2,4,8}, TeX's w_{0,0} outside dollars.
 * A brace group is shown as written, and is no error, when
 *   1. where it stands says it is no span: right after '$', '_', '^', '=',
 *      an ASCII letter or digit (@book{, \frac{), another group's '}' or
 *      a '{', a ']' or a ')' (Pandoc's [text]{style=…}, ![](a.png){width=50%}),
 *      or right before a '{', a quote or a '%' (Liquid's {% include %});
 *      the attributes of a Pandoc fenced
 *      div (::: {#tab:x}); or
 *   2. its text holds nothing a span is made of (looks_like_span() below:
 *      no relation with a figure ({inplace = true} has none), no
 *      row.column reference (ids are lower case: {U.X} is none), no figure with a unit
 *      ({ %0, %1 }, PTX's operands, has none), no
 *      operator between figures, no full-width digit or odd space, no
 *      leading '!' or '?') and it does not evaluate as a span; an
 *      unclosed '{' whose line holds nothing of the kind after it (up to
 *      the next brace) too.
 * The second kind gets one note a file, at the first.  Everything else
 * is a span, checked as before: {80 GB = h100.memroy}, {80 GB = 8 × } and
 * an unclosed {80 GB = h100.memory are errors at their column.
 */
static int brace_placed_not_span(const char *s, size_t i, size_t len)
{
	char prev = i ? s[i - 1] : 0, next = i + 1 < len ? s[i + 1] : 0;
	/* Pandoc's fenced div, "::: {#tab:x .class}": GitHub shows its line
	 * as text (openmlsys-zh) */
	size_t k = 0;
	while (k < i && is_blank(s[k]))
		k++;
	if (i >= k + 3 && !memcmp(s + k, ":::", 3)) {
		k += 3;
		while (k < i && (is_blank(s[k]) || s[k] == ':'))
			k++;
		if (k == i)
			return 1;
	}
	return prev == '$' || prev == '_' || prev == '^' || prev == '}' || prev == '{' || prev == '=' ||
	       prev == ']' || prev == ')' ||
	       isalnum((unsigned char)prev) || next == '{' || next == '"' || next == '\'' ||
	       next == '%';   /* a Liquid or Jinja tag, {% include x.liquid %} */
}

/* Bytes of a space a figure may be typed with at t[i] (ASCII, no-break,
 * thin, narrow no-break, ideographic), or 0. */
static size_t figure_space(const unsigned char *t, size_t i, size_t n)
{
	if (t[i] == ' ')
		return 1;
	if (i + 1 < n && t[i] == 0xC2 && t[i + 1] == 0xA0)
		return 2;
	if (i + 2 < n && ((t[i] == 0xE2 && t[i + 1] == 0x80 && (t[i + 2] == 0x89 || t[i + 2] == 0xAF)) ||
			  (t[i] == 0xE3 && t[i + 1] == 0x80 && t[i + 2] == 0x80)))
		return 3;
	return 0;
}

/* Does t[0..n) hold anything a span is made of (see above)? */
static int looks_like_span(const char *text, size_t n)
{
	const unsigned char *t = (const unsigned char *)text;
	size_t i = 0;
	while (i < n && t[i] == ' ')
		i++;
	if (i < n && (t[i] == '!' || t[i] == '?'))
		return 1;
	/* a relation between figures: {2 = 3} is a span (a claim, false);
	 * between words alone, {inplace = true} (openmlsys-zh), it is one
	 * only if it evaluates */
	int relation = 0, figure = 0;
	for (; i < n; i++) {
		unsigned ch = t[i];
		if (ch == '=' || ch == '<' || ch == '>') {
			relation = 1;
			continue;
		}
		/* ≈ ≤ ≥ (E2 89 88/A4/A5), ± (C2 B1), full-width digits and ＝
		 * (EF BC 90-99, 9D) */
		if (i + 2 < n && ch == 0xE2 && t[i + 1] == 0x89 &&
		    (t[i + 2] == 0x88 || t[i + 2] == 0xA4 || t[i + 2] == 0xA5)) {
			relation = 1;
			i += 2;
			continue;
		}
		if (i + 1 < n && ch == 0xC2 && t[i + 1] == 0xB1)
			return 1;
		if (i + 2 < n && ch == 0xEF && t[i + 1] == 0xBC &&
		    ((t[i + 2] >= 0x90 && t[i + 2] <= 0x99) || t[i + 2] == 0x9D))
			return 1;
		if (isdigit(ch)) {
			/* a figure: then a unit (a letter, %), or an operator and
			 * another figure or a name */
			figure = 1;
			size_t j = i;
			/* a comma or point inside the figure only: "%0, %1" (PTX
			 * operands) is no "0 %" */
			while (j < n && (isdigit(t[j]) || ((t[j] == '.' || t[j] == ',') && j + 1 < n &&
							  isdigit(t[j + 1]))))
				j++;
			size_t sp;
			while (j < n && (sp = figure_space(t, j, n)))
				j += sp;
			if (j < n && (isalpha(t[j]) || t[j] == '%'))
				return 1;
			if (j < n && (t[j] == '+' || t[j] == '*' || t[j] == '/' || t[j] == '^' ||
				      (j + 1 < n && t[j] == 0xC3 && (t[j + 1] == 0x97 || t[j + 1] == 0xB7)))) {
				j += t[j] == 0xC3 ? 2 : 1;
				while (j < n && t[j] == ' ')
					j++;
				if (j < n && (isalnum(t[j]) || t[j] == '(' || t[j] == '_'))
					return 1;
			}
			i = j - 1;
			continue;
		}
		if (isalpha(ch) || ch == '_') {
			/* a reference: row.column */
			size_t j = i;
			while (j < n && (isalnum(t[j]) || t[j] == '_'))
				j++;
			/* row.column, ids in lower case: capitals alone on both
			 * sides ({U.X}, {U.YZ}: sharding notation, scaling-book)
			 * name no row, {H100.memory} one misspelt */
			if (j + 1 < n && t[j] == '.' && (isalpha(t[j + 1]) || t[j + 1] == '_')) {
				size_t e = j + 1;
				while (e < n && (isalnum(t[e]) || t[e] == '_'))
					e++;
				for (size_t k = i; k < e; k++)
					if (islower(t[k]) || t[k] == '_')
						return 1;
			}
			i = j - 1;
		}
	}
	return relation && figure;
}

/* Takes the span whose '{' is at s[i] (a line of len bytes) into a new
 * c->spans record placed at loc: "{…}" when it closes on the line, else an
 * unterminated brace.  Returns the offset of its last byte ('}', or the
 * '{' itself). */
static size_t span_take(struct ctx *c, const char *s, size_t len, size_t i, struct srcloc loc,
			struct pspan **out)
{
	/* the bytes that end a span's text or escape the next one */
	static const unsigned char stop[256] = { ['}'] = 1, ['{'] = 1, ['`'] = 1, ['\\'] = 1 };
	size_t j = i + 1;
	for (;;) {
		j = next_of4(s, j, len, '}', '{', '`', '\\', stop);
		if (j >= len || s[j] != '\\')
			break;
		j += j + 1 < len ? 2 : 1;
	}
	struct pspan *p = ARRAY_PUSH(c->spans, c->nspans, c->capspans);
	memset(p, 0, sizeof *p);
	p->loc = loc;
	*out = p;
	if (j < len && s[j] == '}') {
		p->raw = arena_strndup(c->a, s + i, j - i + 1);
		p->text = p->raw + 1;
		p->len = j - i - 1;
		p->anchor = p->len && p->text[0] == '#';
		return j;
	}
	/* nothing of it is evaluated: the rest of the line is not copied
	 * (once per brace, that was the line's length squared) */
	p->raw = "{";
	p->text = "";
	p->unterminated = 1;
	return i;
}

/* Appends the placeholder of span idx (PH_OPEN, its decimal digits, PH_CLOSE). */
static void add_placeholder(struct buf *md, size_t idx)
{
	char digits[24];
	buf_add(md, PH_OPEN, PH_LEN);
	buf_add(md, digits, format_integer(digits, (long long)idx));
	buf_add(md, PH_CLOSE, PH_LEN);
}

/* A display formula over several lines, while it is read: the line that
 * closes it, the offset of its "$$" there; and, for each kind ($, $$),
 * where the last search for a closing line ended without one. */
struct math_lines {
	const char *last;
	size_t last_at, last_close;
	const char *none_before[2];
};

/* Does a display formula opened on the line ending at eol close on a
 * later line (math_closer())?  A search that found none is remembered, as
 * take_dollar() remembers it, so that a paragraph of such lines is read
 * once. */
static int display_closes(struct math_lines *m, const char *eol, const char *end)
{
	size_t at;
	const char *stop = NULL;
	if (m->none_before[1] && eol < m->none_before[1])
		return 0;
	if (math_closer(eol, end, 1, &at, &stop))
		return 1;
	m->none_before[1] = stop;
	return 0;
}

/* A '$' at s[i] of line s[0..len) (line: its number; end: the body's end):
 * a formula, an unterminated one ($$, or $ before a TeX command: an error
 * where cmark puts it in text), maths over several lines (m), or a plain
 * dollar sign, appended to md as a placeholder or as text.  Returns the
 * index of the last byte it took; *run is where copying goes on (set
 * when it is not i + 1). */
static size_t take_dollar(struct ctx *c, struct buf *md, struct math_lines *m, const char *s,
			  size_t i, size_t len, const char *end, int line, struct column *col,
			  size_t fail[2], size_t *run)
{
	const char *eol = s + len;
	size_t stop;
	int kind = math_at(s, i, len, &stop, fail);
	int broken = !kind && ((i + 1 < len && s[i + 1] == '$') ||
			       (i + 1 < len && s[i + 1] == '\\' && i + 2 < len &&
				isalpha((unsigned char)s[i + 2])));
	/* "$$ spent", "$$-discount": money, as GitHub shows it; a
	 * '$$' that ends its line or starts TeX is a formula that
	 * does not close; one that starts its line and closes on a
	 * later one ("$$ a" … "b$$", "$$[q] = b" … "c$$": llm_note) is
	 * display maths, as GitHub renders it */
	if (broken && s[i + 1] == '$' && i + 2 < len && !isalnum((unsigned char)s[i + 2]) &&
	    s[i + 2] != '\\' && s[i + 2] != '{' && !all_blank(s + i + 2, len - i - 2) &&
	    !(line_prefix(s, i) == i && display_closes(m, eol, end))) {
		buf_add(md, "$$", 2);
		i++;
		*run = i + 1;
		return i;
	}
	if (!kind && !broken) {
		buf_addch(md, '$');
		return i;
	}
	const char *closer = NULL, *stop_at = NULL;
	size_t at = 0;
	int display = s[i + 1] == '$';
	if (broken && (!m->none_before[display] || eol >= m->none_before[display]) &&
	    !(closer = math_closer(eol, end, display, &at, &stop_at)))
		m->none_before[display] = stop_at;
	if (closer) {
		/* maths over several lines: its TeX, each line
		 * without its container's prefix */
		struct buf tex = BUF_INIT;
		buf_add(&tex, s + i + 1 + display, len - i - 1 - (size_t)display);
		for (const char *l = eol + 1;; l = (const char *)memchr(l, '\n', (size_t)(end - l)) + 1) {
			const char *le = memchr(l, '\n', (size_t)(end - l));
			size_t ll = (size_t)((le ? le : end) - l), k = line_prefix(l, ll);
			buf_addch(&tex, '\n');
			buf_add(&tex, l + k, (l == closer ? at : ll) - k);
			if (l == closer)
				break;
		}
		struct pspan *p = ARRAY_PUSH(c->spans, c->nspans, c->capspans);
		memset(p, 0, sizeof *p);
		p->loc = chapter_loc(c, line, column_of(s, i, col));
		p->raw = arena_strndup(c->a, s + i, len - i);
		p->math = 1 + display;
		p->len = tex.len;
		p->text = arena_strndup(c->a, tex.data ? tex.data : "", tex.len);
		buf_release(&tex);
		add_placeholder(md, c->nspans - 1);
		m->last = closer;
		m->last_at = at;
		m->last_close = 1 + (size_t)display;
		i = len - 1;
		*run = len;
		return i;
	}
	struct pspan *p = ARRAY_PUSH(c->spans, c->nspans, c->capspans);
	memset(p, 0, sizeof *p);
	p->loc = chapter_loc(c, line, column_of(s, i, col));
	p->math = kind ? kind : i + 1 < len && s[i + 1] == '$' ? 2 : 1;
	/* one that does not close is its dollars alone, shown as written
	 * (emit_math()); what follows is read on, as GitHub reads it, so a
	 * span after it is still a span ($\alpha … {80 GB = h100.memory) */
	if (!kind)
		stop = i + (size_t)p->math;
	p->raw = arena_strndup(c->a, s + i, stop - i);
	p->text = p->raw + p->math;
	p->len = kind ? stop - i - 2 * (size_t)kind : 0;
	p->unterminated = !kind;
	i = stop - 1;
	*run = i + 1;
	add_placeholder(md, c->nspans - 1);
	return i;
}

char *spans_extract(struct ctx *c, size_t *mdlen)
{
	const char *s = c->ch->body, *end = s + c->ch->body_len;
	struct buf md = BUF_INIT;
	int line = 1;
	size_t caplines = 0, nmd = 0, capmd = 0;
	/* the text with its spans as placeholders is about the body's size:
	 * made room for once, not doubled a dozen times */
	buf_grow(&md, c->ch->body_len + c->ch->body_len / 8 + 64);
	/* every line, code or not: cmark decides what is code (a fence opened
	 * on a list item's line, a fence line inside another fence, a
	 * paragraph that starts with ```x```), and a placeholder that lands in
	 * code is put back as written */
	struct math_lines math = { NULL, 0, 0, { NULL, NULL } };
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *eol = nl ? nl : end;
		size_t len = (size_t)(eol - s);
		*ARRAY_PUSH(c->md_lines, nmd, capmd) = md.len;
		*ARRAY_PUSH(c->lines, c->nlines, caplines) = s;
		/* ordinary bytes are copied in runs, flushed before anything
		 * special (a backslash, U+E00x, a brace) */
		size_t run = 0, start = 0, line_first = SIZE_MAX, math_fail[2] = { 0, 0 };
		struct column col = { 0, 1 };
		if (math.last) {
			/* a line of a display formula: its prefix, then its text as
			 * a placeholder that renders nothing */
			size_t k = line_prefix(s, len);
			int closing = s == math.last;
			start = closing ? math.last_at + math.last_close : len;
			buf_add(&md, s, k);
			struct pspan *p = ARRAY_PUSH(c->spans, c->nspans, c->capspans);
			memset(p, 0, sizeof *p);
			p->loc = chapter_loc(c, line, column_of(s, k, &col));
			p->raw = arena_strndup(c->a, s + k, start - k);
			p->text = "";
			p->math = 3;
			add_placeholder(&md, c->nspans - 1);
			run = start;
			if (closing)
				math.last = NULL;
		}
		for (size_t i = start; (i = next_special(s, i, len)) < len; i++) {
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
				diag_error(chapter_loc(c, line, column_of(s, i, &col)),
					   "private-use character U+E00%c is reserved by specbook",
					   s[i + 2] == (char)0x80 ? '0' : '1');
				i += 2;
				run = i + 1;
				continue;
			}
			if (s[i] == '$') {
				i = take_dollar(c, &md, &math, s, i, len, end, line, &col, math_fail, &run);
				continue;
			}
			if (s[i] != '{') {
				buf_addch(&md, s[i]);
				continue;
			}
			/* a span ends at its '}'; a backtick before it is where
			 * cmark may open or close a code span, so a brace pair is
			 * never taken across one (`{` to open and `}` to close) */
			struct pspan *p;
			int placed = brace_placed_not_span(s, i, len);
			size_t open = i;
			i = span_take(c, s, len, i, chapter_loc(c, line, column_of(s, i, &col)), &p);
			if (placed)
				p->not_span = 1;
			else if (p->unterminated) {
				/* what it would hold: up to the next brace or backtick */
				size_t k = open + 1;
				while (k < len && s[k] != '{' && s[k] != '`')
					k++;
				if (!looks_like_span(s + open + 1, k - open - 1))
					p->not_span = 2;
			}
			if (p->unterminated && !p->not_span) {
				if (line_first == SIZE_MAX)
					line_first = c->nspans - 1;
				p->line_first = line_first;
			}
			run = i + 1;
			add_placeholder(&md, c->nspans - 1);
		}
		buf_add(&md, s + run, len - run);
		if (nl)
			buf_addch(&md, '\n');
		s = nl ? nl + 1 : end;
		line++;
	}
	return buf_detach(&md, mdlen);
}

/* Returns the index of the next byte from i on that may open a placeholder
 * (PH_OPEN's first), or len: memchr() instead of placeholder_at() at
 * every byte of every text. */
static size_t next_placeholder(const char *s, size_t i, size_t len)
{
	const char *q = i < len ? memchr(s + i, PH_OPEN[0], len - i) : NULL;
	return q ? (size_t)(q - s) : len;
}

const char *spans_restore(struct ctx *c, const char *s)
{
	if (!s || !strstr(s, PH_OPEN))
		return arena_strdup(c->a, s ? s : "");
	struct buf b = BUF_INIT;
	size_t len = strlen(s);
	for (size_t i = 0; i < len;) {
		/* text up to the next byte a placeholder starts with, in one piece */
		size_t j = next_placeholder(s, i, len);
		buf_add(&b, s + i, j - i);
		if ((i = j) == len)
			break;
		size_t idx, n = placeholder_at(s + i, len - i, &idx);
		if (n && idx < c->nspans) {
			buf_adds(&b, c->spans[idx].unterminated && !c->spans[idx].math ? "{"
												: c->spans[idx].raw);
			i += n;
		} else {
			buf_addch(&b, s[i++]);
		}
	}
	char *r = arena_strdup(c->a, b.data);
	buf_release(&b);
	return r;
}

void spans_mention(struct ctx *c, const char *row, const char *term)
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

/* Appends plain text, linking first mentions of rows and terms. */
static void emit_text(struct ctx *c, struct dom_node *parent, const char *s, size_t len)
{
	buf_add(&c->text, s, len);
	if (!c->links || c->no_autolink) {
		dom_text_str(parent, s, len);
		return;
	}
	size_t start = 0;
	const struct autolink_target *p;
	int side = lang_side(c->lang);
	for (size_t i = 0; (i = autolink_next(c->links, s, len, i, c->linked[side],
					       c->nlinked[side], &p)) < len;) {
		dom_text_str(parent, s + start, i - start);
		struct dom_node *a = dom_elem_class(parent, "a", p->cls);
		dom_attr(a, "href", p->href);
		dom_text_str(a, s + i, p->len);
		const char *id = p->row ? p->row : p->term;
		*ARRAY_PUSH(c->linked[side], c->nlinked[side], c->caplinked[side]) = id;
		spans_mention(c, p->row, p->term);
		i += p->len;
		start = i;
	}
	dom_text_str(parent, s + start, len - start);
}

/* "/specs/TABLE.html#ROW", the link of a figure to its row: built here
 * rather than by arena_cat(), whose variable arguments cost more than the
 * copying (twice a value span). */
static const char *spec_href(struct arena *a, const char *table, const char *row)
{
	static const char head[] = "/specs/", mid[] = ".html#";
	size_t nt = strlen(table), nr = strlen(row);
	char *p = arena_alloc_uninit(a, sizeof head - 1 + nt + sizeof mid - 1 + nr + 1), *o = p;
	memcpy(o, head, sizeof head - 1);
	o += sizeof head - 1;
	memcpy(o, table, nt);
	o += nt;
	memcpy(o, mid, sizeof mid - 1);
	o += sizeof mid - 1;
	memcpy(o, row, nr + 1);
	return p;
}

/* Appends plain text: its quantities with units scanned (scan.h), the
 * matched ones linked to their row as a value span is, the rest as text. */
static void emit_plain(struct ctx *c, struct dom_node *parent, const char *s, size_t len)
{
	if (!scan_on(c)) {
		emit_text(c, parent, s, len);
		return;
	}
	size_t from = 0, at;
	struct scan_found f;
	while ((at = scan_next(c, s, len, from, &f)) < len) {
		emit_text(c, parent, s + from, at - from);
		const char *table = NULL, *row = NULL;
		buf_add(&c->text, s + at, f.len);
		if (scan_judge(c, s, &f, &table, &row) && !c->in_link) {
			struct dom_node *a = dom_elem_class(parent, "a", "value");
			dom_attr(a, "href", spec_href(c->a, table, row));
			dom_text_str(a, s + at, f.len);
			spans_mention(c, row, NULL);
		} else {
			dom_text_str(parent, s + at, f.len);
		}
		from = at + f.len;
	}
	emit_text(c, parent, s + from, len - from);
}

static void emit_pieces(struct ctx *c, struct dom_node *parent, const struct span *sp)
{
	for (size_t i = 0; i < sp->npieces; i++) {
		const struct span_piece *p = &sp->pieces[i];
		buf_adds(&c->text, p->text);
		if (p->row && p->table && !c->in_link) {
			struct dom_node *a = dom_elem_class(parent, "a", "value");
			dom_attr(a, "href", spec_href(c->a, p->table, p->row));
			dom_texts(a, p->text);
			spans_mention(c, p->row, NULL);
		} else {
			dom_texts(parent, p->text);
		}
	}
}

/* A claim that holds: its stated value stays in the sentence, the rest
 * (the relation and its derivation, from the space before the relation)
 * goes in span.claim-deriv, which site.css keeps out of the running text:
 * the claim's detail shows it on hover and focus, the claims page lists
 * it.  Pieces without the relation are emitted as they are. */
static void emit_claim_pieces(struct ctx *c, struct dom_node *el, const struct span *sp)
{
	const char *rel = sp->relation;
	size_t at = 0, cut = 0;
	for (; rel && *rel && at < sp->npieces; at++) {
		const struct span_piece *p = &sp->pieces[at];
		const char *hit = p->row ? NULL : strstr(p->text, rel);
		if (hit) {
			cut = (size_t)(hit - p->text);
			while (cut && p->text[cut - 1] == ' ')
				cut--;
			break;
		}
	}
	if (!rel || !*rel || at == sp->npieces || (at == 0 && cut == 0)) {
		emit_pieces(c, el, sp);
		return;
	}
	struct span head = *sp, tail = *sp;
	struct span_piece split[2] = { sp->pieces[at], sp->pieces[at] };
	split[0].text = arena_strndup(c->a, sp->pieces[at].text, cut);
	split[1].text = sp->pieces[at].text + cut;
	struct span_piece *before = arena_alloc(c->a, (at + 1) * sizeof *before);
	memcpy(before, sp->pieces, at * sizeof *before);
	before[at] = split[0];
	head.pieces = before;
	head.npieces = at + 1;
	struct span_piece *after = arena_alloc(c->a, (sp->npieces - at) * sizeof *after);
	after[0] = split[1];
	memcpy(after + 1, sp->pieces + at + 1, (sp->npieces - at - 1) * sizeof *after);
	tail.pieces = after;
	tail.npieces = sp->npieces - at;
	emit_pieces(c, el, &head);
	emit_pieces(c, dom_elem_class(el, "span", "claim-deriv"), &tail);
}

/* What key_meaning() returns for a key figure written wrong (reported). */
static const char KEY_BAD[] = "";

/* A figure to remember is a span whose text ends with '@' and its meaning,
 * one line in the block's language: {13.8 TB = 72 × 192 GB @ HBM of an
 * NVL72 rack}.  Returns the meaning (and in *len the length of the span's
 * text before the '@'), NULL for a span without one, or KEY_BAD after
 * reporting. */
static const char *key_meaning(struct ctx *c, const struct pspan *p, size_t *len)
{
	const char *at = memchr(p->text, '@', p->len);
	if (!at)
		return NULL;
	size_t off = (size_t)(at - p->text);
	struct srcloc loc = p->loc;
	loc.col += 1 + (int)utf8_length(p->text, off);
	const char *m = at + 1, *end = p->text + p->len;
	while (m < end && *m == ' ')
		m++;
	while (end > m && end[-1] == ' ')
		end--;
	if (m == end) {
		diag_report(DIAG_ERROR, loc, 1,
			    "hint: say in a few words what the figure is, in the block's language: "
			    "{13.8 TB = 72 × 192 GB @ HBM of one NVL72 rack}",
			    "a figure to remember needs its meaning after '@'");
		return KEY_BAD;
	}
	if (c->in_attr || c->in_heading) {
		diag_report(DIAG_ERROR, loc, 1,
			    "hint: mark the figure where the text states it, in a paragraph or a list",
			    "a figure to remember cannot be marked in %s",
			    c->in_heading ? "a heading" : "an attribute (a link's title, an image's alt text)");
		return KEY_BAD;
	}
	*len = off;
	return arena_strndup(c->a, m, (size_t)(end - m));
}

/* Records a figure to remember shown by the element with id anchor. */
static void key_record(struct ctx *c, const struct pspan *p, const struct span *sp,
		       const char *meaning, const char *anchor)
{
	struct key_figure *k = ARRAY_PUSH(c->out->keys, c->out->nkeys, c->capkeys);
	memset(k, 0, sizeof *k);
	if (c->lang == LANG_ZH)
		k->meaning.zh = meaning;
	else
		k->meaning.en = meaning;
	if (sp->kind == SPAN_CLAIM) {
		k->shown = sp->disputed && sp->correction ? sp->correction : sp->stated;
		k->relation = sp->relation;
		k->derivation = sp->derivation;
	} else {
		k->shown = sp->computed;
	}
	k->computed = sp->computed;
	k->anchor = anchor;
	k->section = c->section;
	k->line = p->loc.line;
	k->pair = c->pair;
	k->lang = lang_side(c->lang);
	k->nth = c->pair ? c->pair_keys[k->lang]++ : 0;
}

/* A formula: its TeX in a <code class="math">, which the page's script
 * typesets when KaTeX is in the site's assets; the source is the readable
 * fallback.  Nothing in it is a span or an auto-link. */
static void emit_math(struct ctx *c, struct dom_node *parent, struct pspan *p)
{
	if (p->math == 3)   /* a later line of a display formula: shown by its first */
		return;
	if (p->unterminated) {
		/* shown as written, as GitHub shows it: a note, the first of
		 * the file alone (a book of notes has a few, none a mistake
		 * the reader sees) */
		if (!c->math_noted) {
			c->math_noted = 1;
			if (p->math == 2)
				diag_report(DIAG_NOTE, p->loc, 2,
					    "hint: display math closes with $$ on the line it opens, or on a "
					    "later line before a blank line; write \\$ for a literal dollar sign",
					    "unterminated math, shown as written (as GitHub shows it; the first "
					    "of this file, the others are not noted)");
			else
				diag_report(DIAG_NOTE, p->loc, 1,
					    "hint: inline math closes with a '$' on the same line, with no space "
					    "before it and no digit after it; write \\$ for a literal dollar sign",
					    "unterminated math, shown as written (as GitHub shows it; the first "
					    "of this file, the others are not noted)");
		}
		dom_texts(parent, p->raw);
		buf_adds(&c->text, p->raw);
		return;
	}
	buf_add(&c->text, p->text, p->len);
	if (c->in_attr) {   /* an alt text or a title: the TeX as it is */
		dom_text(parent, p->text, p->len);
		return;
	}
	struct dom_node *el = dom_elem_class(parent, "code", p->math == 2 ? "math math-display" : "math");
	dom_text(el, p->text, p->len);
	c->out->has_math = 1;
}

/*
 * A chapter writes many spans more than once: a figure in both languages
 * of a pair, a value cited in several sections.  What a span's text
 * evaluated to is kept for the chapter, keyed by the text's exact bytes;
 * nothing else goes into the result (the book's tables, units and approx
 * are the build's; the place matters only to a diagnostic).  So only a
 * span that evaluated with no diagnostic is kept: one with an error or a
 * warning is evaluated, and reported, again at each place it stands.  The
 * results are read, never written, once made: two places may share one.
 */
struct span_memo {
	struct memo_slot {
		const char *text;    /* the span's text (c->a): NULL for a free slot */
		size_t len;
		uint64_t hash;
		struct span sp;
	} *slots;
	size_t cap, n;           /* cap a power of two, n at most half of it */
};

/* The memo's first size: most chapters hold fewer distinct spans. */
#define SPAN_MEMO_FIRST 64

/* Returns the slot of text (free when it is not there). */
static struct memo_slot *memo_slot(struct memo_slot *slots, size_t cap, const char *text,
				   size_t len, uint64_t hash)
{
	for (size_t i = (size_t)hash & (cap - 1);; i = (i + 1) & (cap - 1)) {
		struct memo_slot *m = &slots[i];
		if (!m->text || (m->hash == hash && m->len == len && !memcmp(m->text, text, len)))
			return m;
	}
}

/* Keeps sp as what text evaluates to. */
static void memo_put(struct ctx *c, const char *text, size_t len, uint64_t hash,
		     const struct span *sp)
{
	struct span_memo *m = c->memo;
	if (2 * (m->n + 1) > m->cap) {
		size_t ncap = m->cap ? 2 * m->cap : SPAN_MEMO_FIRST;
		/* a slot is free by its text alone: the rest (a whole struct
		 * span each) is not zeroed first */
		struct memo_slot *ns = arena_alloc_uninit(c->a, size_mul(ncap, sizeof *ns));
		for (size_t i = 0; i < ncap; i++)
			ns[i].text = NULL;
		for (size_t i = 0; i < m->cap; i++)
			if (m->slots[i].text)
				*memo_slot(ns, ncap, m->slots[i].text, m->slots[i].len,
					   m->slots[i].hash) = m->slots[i];
		m->slots = ns;
		m->cap = ncap;
	}
	struct memo_slot *s = memo_slot(m->slots, m->cap, text, len, hash);
	s->text = text;
	s->len = len;
	s->hash = hash;
	s->sp = *sp;
	m->n++;
}

/* numbers_span() on a span's text, or what the same text gave before in
 * this chapter.  Returns 0 with *out filled, or -1 after reporting. */
static int span_evaluate(struct ctx *c, const char *text, size_t len, struct srcloc loc,
			 struct span *out)
{
	if (!c->memo)
		c->memo = arena_alloc(c->a, sizeof *c->memo);
	uint64_t hash = pack_hash(PACK_HASH_INIT, text, len);
	if (c->memo->cap) {
		const struct memo_slot *m = memo_slot(c->memo->slots, c->memo->cap, text, len, hash);
		if (m->text) {
			*out = m->sp;
			return 0;
		}
	}
	unsigned long reported = diag_reports_here();
	if (numbers_span(c->book->numbers, c->a, text, len, loc, out))
		return -1;
	if (diag_reports_here() == reported)
		memo_put(c, text, len, hash, out);
	return 0;
}

/* Returns prefix and n in decimal ("claim-12"), without the cost of printf
 * or of arena_cat()'s variable arguments. */
static const char *numbered(struct arena *a, const char *prefix, size_t n)
{
	char digits[24];
	size_t nd = format_integer(digits, (long long)n), np = strlen(prefix);
	char *r = arena_alloc_uninit(a, np + nd + 1);
	memcpy(r, prefix, np);
	memcpy(r + np, digits, nd + 1);
	return r;
}

/* " RELATION DERIVATION = COMPUTED", a claim's detail (NULL parts empty),
 * joined without arena_cat()'s variable arguments: once a claim. */
static const char *claim_detail(struct arena *a, const char *rel, const char *deriv,
				const char *computed)
{
	const char *part[6] = { " ", rel ? rel : "", " ", deriv ? deriv : "", " = ",
				computed ? computed : "" };
	size_t len[6], n = 1;
	for (int i = 0; i < 6; i++)
		n += len[i] = strlen(part[i]);
	char *r = arena_alloc_uninit(a, n), *o = r;
	for (int i = 0; i < 6; i++) {
		memcpy(o, part[i], len[i]);
		o += len[i];
	}
	*o = '\0';
	return r;
}

/* Does span p evaluate, diagnostics muted? */
static int evaluates_quietly(struct ctx *c, const struct pspan *p)
{
	if (!c->book->numbers)
		return 0;
	struct span sp;
	memset(&sp, 0, sizeof sp);
	diag_mute(1);
	int rc = span_evaluate(c, p->text, p->len, p->loc, &sp);
	diag_mute(-1);
	return rc == 0;
}

/* Shows braces that are no span as written (see "Braces that are not
 * spans"); the first of the file whose text decided it gets a note. */
static void emit_not_span(struct ctx *c, struct dom_node *parent, struct pspan *p)
{
	const char *shown = p->unterminated ? "{" : p->raw;
	if (p->not_span == 2 && !c->braces_noted) {
		c->braces_noted = 1;
		diag_report(DIAG_NOTE, p->loc, 1,
			    "hint: a span states a value ({gpu_a.memory}, {96 GB}) or a relation "
			    "({13.8 TB = 72 × 192 GB}); write \\{ where a brace is text",
			    "braces shown as written: '%s' does not read as a span (the first of "
			    "this file; the others are not noted)",
			    p->unterminated ? "{" : p->raw);
	}
	dom_texts(parent, shown);
	buf_adds(&c->text, shown);
}

static void emit_span(struct ctx *c, struct dom_node *parent, size_t idx)
{
	struct pspan *p = &c->spans[idx];
	if (p->math) {
		emit_math(c, parent, p);
		return;
	}
	if (p->not_span) {
		emit_not_span(c, parent, p);
		return;
	}
	if (p->anchor) {
		diag_report(DIAG_ERROR, p->loc, (int)utf8_length(p->raw, p->len + 2),
			    "hint: {#id} ends a heading's line, as in '## Title {#id}'; "
			    "write \\{ for a literal brace",
			    "an anchor outside a heading");
		dom_texts(parent, p->raw);
		return;
	}
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
		dom_texts(parent, "{");
		return;
	}
	if (p->len && p->text[0] == '?') {
		/* an example: shown as written, not checked (scan.h) */
		if (scan_example(c, p->text + 1, p->len - 1, p->loc)) {
			dom_texts(parent, p->raw);
			return;
		}
		const char *shown = arena_strndup(c->a, p->text + 1, p->len - 1);
		while (*shown == ' ')
			shown++;
		size_t n = strlen(shown);
		while (n && shown[n - 1] == ' ')
			n--;
		struct dom_node *ex = dom_elem_class(parent, "span", "example");
		dom_text(ex, shown, n);
		buf_add(&c->text, shown, n);
		return;
	}
	if (!looks_like_span(p->text, p->len) && !evaluates_quietly(c, p)) {
		p->not_span = 2;
		emit_not_span(c, parent, p);
		return;
	}
	c->out->spans++;
	size_t len = p->len;
	const char *meaning = key_meaning(c, p, &len);
	if (meaning == KEY_BAD) {
		dom_texts(parent, p->raw);
		return;
	}
	struct span sp;
	memset(&sp, 0, sizeof sp);
	if (!c->book->numbers || span_evaluate(c, p->text, len, p->loc, &sp)) {
		dom_texts(parent, p->raw);
		return;
	}
	if (sp.kind == SPAN_VALUE) {
		struct dom_node *v = sp.npieces == 1 && sp.pieces[0].row && !meaning ? parent
				     : dom_elem_class(parent, "span", meaning ? "value key-figure" : "value");
		emit_pieces(c, v, &sp);
		if (meaning) {
			const char *id = numbered(c->a, "key-", c->out->nkeys + 1);
			dom_attr(v, "id", id);
			key_record(c, p, &sp, meaning, id);
		}
		return;
	}
	struct claim_record *r = ARRAY_PUSH(c->out->claims, c->out->nclaims, c->capclaims);
	r->span = sp;
	r->loc = p->loc;
	r->section = c->section;
	r->anchor = numbered(c->a, "claim-", c->out->nclaims);
	struct dom_node *el = dom_elem_class(parent, "span",
					     sp.disputed ? "claim claim-disputed" :
					     sp.counterexample ? "claim claim-counterexample" : meaning ?
					     "claim claim-ok key-figure" : "claim claim-ok");
	if (meaning)
		key_record(c, p, &sp, meaning, r->anchor);
	dom_attr(el, "id", r->anchor);
	/* no title=: the browser's tooltip would repeat the detail below */
	if (!c->in_link)   /* no focusable element inside a link */
		dom_attr(el, "tabindex", "0");
	if (sp.disputed) {
		struct dom_node *st = dom_elem_class(el, "span", "claim-stated");
		emit_pieces(c, st, &sp);
		dom_texts(el, " ");
		struct dom_node *cor = dom_elem_class(el, "span", "claim-correction");
		dom_texts(cor, sp.correction ? sp.correction : sp.computed ? sp.computed : "");
		buf_addf(&c->text, " %s", sp.correction ? sp.correction : "");
		if (sp.slip)
			buf_addf(&c->text, " %s", sp.slip);
	} else if (sp.counterexample) {
		emit_pieces(c, el, &sp);   /* shown whole, as the wrong sum it is */
	} else {
		emit_claim_pieces(c, el, &sp);
	}
	/* the derivation, for readers without a mouse or without JavaScript */
	struct dom_node *detail = dom_elem_class(el, "span", "claim-detail");
	/* in the reading language: a Chinese paragraph says it in Chinese (the
	   slip's words, the author's, stay as written) */
	if (sp.disputed && c->lang == LANG_ZH)
		dom_texts(detail, arena_printf(c->a, "\xef\xbc\x88\xe5\xad\x98\xe7\x96\x91\xef\xbc\x9a%s %s %s "
					       "\xe4\xb8\x8d\xe6\x88\x90\xe7\xab\x8b\xef\xbc\x9b"
					       "\xe8\xae\xa1\xe7\xae\x97\xe5\x80\xbc %s%s%s\xef\xbc\x89",
					       sp.stated ? sp.stated : "", sp.relation ? sp.relation : "",
					       sp.derivation ? sp.derivation : "", sp.computed ? sp.computed : "",
					       sp.slip ? "\xef\xbc\x9b" : "", sp.slip ? sp.slip : ""));
	else if (sp.counterexample && c->lang == LANG_ZH)
		dom_texts(detail, arena_printf(c->a, "\xef\xbc\x88\xe5\x8f\x8d\xe4\xbe\x8b\xef\xbc\x9a%s %s %s "
					       "\xe4\xb8\x8d\xe6\x88\x90\xe7\xab\x8b\xef\xbc\x9b"
					       "\xe8\xae\xa1\xe7\xae\x97\xe5\x80\xbc %s\xef\xbc\x89",   /* （反例：… 不成立；计算值 …） */
					       sp.stated ? sp.stated : "", sp.relation ? sp.relation : "",
					       sp.derivation ? sp.derivation : "", sp.computed ? sp.computed : ""));
	else if (sp.counterexample)
		dom_texts(detail, arena_printf(c->a, " (counterexample: %s %s %s does not hold; computed %s)",
					       sp.stated ? sp.stated : "", sp.relation ? sp.relation : "",
					       sp.derivation ? sp.derivation : "", sp.computed ? sp.computed : ""));
	else if (sp.disputed)
		dom_texts(detail, arena_printf(c->a, " (disputed: %s %s %s does not hold; computed %s%s%s)",
					       sp.stated ? sp.stated : "", sp.relation ? sp.relation : "",
					       sp.derivation ? sp.derivation : "", sp.computed ? sp.computed : "",
					       sp.slip ? "; " : "", sp.slip ? sp.slip : ""));
	else
		dom_texts(detail, claim_detail(c->a, sp.relation, sp.derivation, sp.computed));
}

void spans_emit(struct ctx *c, struct dom_node *parent, const char *s, size_t len)
{
	size_t start = 0;
	for (size_t i = 0; (i = next_placeholder(s, i, len)) < len;) {
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

void spans_emit_text(struct ctx *c, struct dom_node *parent, const char *s, struct srcloc loc)
{
	size_t len = strlen(s), start = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\\' && i + 1 < len && (s[i + 1] == '{' || s[i + 1] == '}')) {
			emit_plain(c, parent, s + start, i - start);
			start = i + 1;
			i++;
			continue;
		}
		if (s[i] != '{')
			continue;
		emit_plain(c, parent, s + start, i - start);
		struct srcloc at = loc;
		at.col += (int)utf8_length(s, i);
		struct pspan *p;
		i = span_take(c, s, len, i, at, &p);
		if (p->unterminated)
			p->line_first = c->nspans - 1;
		emit_span(c, parent, c->nspans - 1);
		start = i + 1;
	}
	emit_plain(c, parent, s + start, len - start);
}

const char *spans_text(struct ctx *c, const char *s)
{
	if (!s)
		return "";
	if (!strstr(s, PH_OPEN))
		return arena_strdup(c->a, s);
	size_t from = c->text.len;
	struct dom_node *scratch = dom_fragment();
	c->no_autolink++;
	c->in_link++;
	c->in_attr++;
	spans_emit(c, scratch, s, strlen(s));
	c->in_attr--;
	c->in_link--;
	c->no_autolink--;
	dom_free(scratch);
	const char *r = arena_strndup(c->a, c->text.data + from, c->text.len - from);
	buf_truncate(&c->text, from);
	return r;
}

const char *spans_anchor(struct ctx *c, const char *s, size_t *len, struct srcloc *loc)
{
	size_t n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	if (n < PH_LEN || memcmp(s + n - PH_LEN, PH_CLOSE, PH_LEN))
		return NULL;
	size_t i = n - PH_LEN;
	while (i && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	if (i < PH_LEN)
		return NULL;
	i -= PH_LEN;
	size_t idx;
	if (placeholder_at(s + i, n - i, &idx) != n - i || idx >= c->nspans || !c->spans[idx].anchor)
		return NULL;
	*len = i;
	*loc = c->spans[idx].loc;
	return c->spans[idx].raw;
}

void spans_claims_on(struct ctx *c, size_t from, struct dom_node *el)
{
	if (c->in_attr || from >= c->out->nclaims)
		return;   /* the attribute's element says where they are */
	const char *anchor = c->out->claims[from].anchor;
	for (size_t k = from + 1; k < c->out->nclaims; k++)
		c->out->claims[k].anchor = anchor;
	dom_attr(el, "id", anchor);
}

int spans_column(struct ctx *c, int line, int md_col)
{
	if (!c->md || line < 1 || (size_t)line > c->nlines || md_col < 1)
		return md_col;
	const char *s = c->md + c->md_lines[line - 1];
	size_t want = (size_t)md_col - 1;
	if (c->column.line != line) {
		c->column.line = line;
		c->column.len = strcspn(s, "\n");
		c->column.at = 0;
		c->column.col = 1;
	} else if (c->column.at > want) {
		c->column.at = 0;
		c->column.col = 1;
	}
	c->column.col = placeholder_columns(c, s, c->column.len, &c->column.at, want,
					    c->column.col);
	return c->column.col;
}
