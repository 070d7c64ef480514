/*
 * test_search.c — the search tokenizer and the index file it writes.
 *
 * The tokenizer cases double as its specification: search.js must split
 * text the same way (tests/browser checks the two agree on a real site).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <libdeflate.h>

#include "core/buffer.h"
#include "core/pack.h"
#include "core/utf8.h"
#include "search/search.h"

static void collect(void *ctx, const char *term, size_t len)
{
	struct buf *b = ctx;
	assert_int_equal(strlen(term), len);
	if (b->len)
		buf_addch(b, '|');
	buf_add(b, term, len);
}

/* Returns the terms of text joined by '|' (static buffer, test use only). */
static const char *tokens(const char *text)
{
	static struct buf b = BUF_INIT;
	buf_reset(&b);
	search_tokenize(text, strlen(text), collect, &b);
	return b.data;
}

static void test_ascii_words(void **state)
{
	(void)state;
	assert_string_equal(tokens("NVLink and HBM3e"), "nvlink|and|hbm3e");
	assert_string_equal(tokens("H100 SXM: 3.35 TB/s"), "h100|sxm|3.35|tb|s");
	assert_string_equal(tokens("NVLink-C2C, 900 GB/s."), "nvlink|c2c|900|gb|s");
	assert_string_equal(tokens("   "), "");
	assert_string_equal(tokens(""), "");
}

static void test_numbers(void **state)
{
	(void)state;
	assert_string_equal(tokens("13,824 GB"), "13824|gb");
	assert_string_equal(tokens("1,000,000 tokens"), "1000000|tokens");
	assert_string_equal(tokens("1,2,3"), "1|2|3");          /* a list, not thousands */
	assert_string_equal(tokens("1,2345"), "1|2345");
	assert_string_equal(tokens("a,123"), "a|123");
	assert_string_equal(tokens("ends with 72."), "ends|with|72");
	assert_string_equal(tokens("v1.2.3"), "v1.2.3");
	assert_string_equal(tokens("x.5"), "x|5");
	assert_string_equal(tokens("2.4×"), "2.4");
}

static void test_cjk(void **state)
{
	(void)state;
	/* pairs, and a run's last letter on its own: a letter is in one
	 * term for each time it occurs, the pair it starts or itself */
	assert_string_equal(tokens("显存带宽"), "显存|存带|带宽|宽");
	assert_string_equal(tokens("有效，吞吐"), "有效|效|吞吐|吐");
	assert_string_equal(tokens("H100显存"), "h100|显存|存");
	assert_string_equal(tokens("显存H100"), "显存|存|h100");
	assert_string_equal(tokens("机柜 内"), "机柜|柜|内");
	assert_string_equal(tokens("カナ"), "カナ|ナ");
	assert_string_equal(tokens("6800亿"), "6800|亿");
	assert_string_equal(tokens("显"), "显");
	assert_string_equal(tokens("显\xff存"), "显|存");           /* invalid UTF-8 ends a run */
	assert_string_equal(tokens("显存\xe6\x98"), "显存|存");     /* so does a truncated sequence */
	assert_string_equal(tokens("\xf0\xa0\x80\x80中"), "\xf0\xa0\x80\x80中|中");   /* U+20000 */
}

/* A CJK letter's shard is that of the pairs it starts (search.js loads
 * that one shard for a query of the letter); an ASCII word's that of
 * the words it begins. */
static void test_buckets(void **state)
{
	(void)state;
	assert_int_equal(search_bucket("显存", 6), search_bucket("显", 3));
	assert_int_equal(search_bucket("显卡", 6), search_bucket("显", 3));
	assert_int_equal(search_bucket("\xf0\xa0\x80\x80中", 7), search_bucket("\xf0\xa0\x80\x80", 4));
	assert_int_equal(search_bucket("memory", 6), search_bucket("me", 2));
	assert_true(search_bucket("m", 1) < SEARCH_BUCKETS);
	assert_true(search_bucket("", 0) < SEARCH_BUCKETS);
	/* the shards differ for most letters (FNV-1a of their bytes) */
	assert_true(search_bucket("显", 3) != search_bucket("存", 3) ||
		    search_bucket("显", 3) != search_bucket("带", 3));
}

static void test_separators(void **state)
{
	(void)state;
	assert_string_equal(tokens("café über"), "caf|ber");       /* Latin-1 letters separate */
	assert_string_equal(tokens("ＡＢ"), "");                    /* fullwidth forms separate */
	assert_string_equal(tokens("a\xff" "b"), "a|b");            /* invalid UTF-8 separates */
	assert_string_equal(tokens("a\xe6\x98" "b"), "a|b");        /* truncated sequence */
}

static void test_long_words(void **state)
{
	(void)state;
	char text[128];
	memset(text, 'a', SEARCH_WORD_MAX);
	strcpy(text + SEARCH_WORD_MAX, " b");
	assert_int_equal(strlen(tokens(text)), SEARCH_WORD_MAX + 2);
	memset(text, 'a', SEARCH_WORD_MAX + 1);
	strcpy(text + SEARCH_WORD_MAX + 1, " b");
	assert_string_equal(tokens(text), "b");
	/* the rules for '.' and ',' look at the whole word, not its kept part */
	memset(text, 'a', SEARCH_WORD_MAX - 1);
	strcpy(text + SEARCH_WORD_MAX - 1, "1b.5 x");
	assert_string_equal(tokens(text), "5|x");
	memset(text, '1', SEARCH_WORD_MAX + 2);
	strcpy(text + SEARCH_WORD_MAX + 2, ",000 x");
	assert_string_equal(tokens(text), "x");
}

/* The tokenizer as search.h states it, a character at a time.  The
 * index's reads a word eight bytes at a time and a run of CJK letters in
 * a loop of its own: it must split every text as this one does. */
static int ref_cjk_letter(uint32_t c)
{
	return utf8_is_han(c) || (c >= 0x3040 && c <= 0x30FF) || (c >= 0xAC00 && c <= 0xD7AF) ||
	       c == 0x3005;
}

static int ref_digit(const char *s, size_t len, size_t i)
{
	return i < len && s[i] >= '0' && s[i] <= '9';
}

static void ref_emit(struct buf *out, const char *term, size_t len)
{
	if (out->len)
		buf_addch(out, '|');
	buf_add(out, term, len);
}

static void ref_tokens(const char *s, size_t len, struct buf *out)
{
	char word[SEARCH_WORD_MAX];
	size_t wlen = 0, wstart = 0, prev = 0, prevlen = 0;   /* prevlen: the CJK letter before */
	int in_word = 0, too_long = 0;
	for (size_t i = 0;;) {
		size_t at = i;
		unsigned char c = i < len ? (unsigned char)s[i] : 0;
		int alnum = i < len && c < 0x80 &&
			    ((unsigned)((c | 0x20) - 'a') < 26u || (unsigned)(c - '0') < 10u);
		int dot = i < len && in_word && c == '.' && ref_digit(s, len, i - 1) &&
			  ref_digit(s, len, i + 1);
		int thousands = i < len && in_word && c == ',' && ref_digit(s, len, i + 1) &&
				ref_digit(s, len, i + 2) && ref_digit(s, len, i + 3) &&
				!ref_digit(s, len, i + 4);
		for (size_t k = wstart; thousands && k < at; k++)
			thousands = ref_digit(s, len, k) || s[k] == ',';
		if (alnum || dot || thousands) {
			if (prevlen)
				ref_emit(out, s + prev, prevlen);
			prevlen = 0;
			if (!in_word) {
				in_word = 1;
				wstart = at;
			}
			if (!thousands && wlen < SEARCH_WORD_MAX)
				word[wlen++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
			else if (!thousands)
				too_long = 1;
			i++;
			continue;
		}
		if (in_word && !too_long)
			ref_emit(out, word, wlen);
		in_word = too_long = 0;
		wlen = 0;
		uint32_t cp = 0;
		int n = i < len ? utf8_decode(s + i, len - i, &cp) : 0;
		i += n > 0 ? (size_t)n : 1;
		if (at >= len || n <= 0 || !ref_cjk_letter(cp) || c < 0x80) {
			if (prevlen)
				ref_emit(out, s + prev, prevlen);
			prevlen = 0;
			if (at >= len)
				return;
			continue;
		}
		if (prevlen)
			ref_emit(out, s + prev, prevlen + (size_t)n);
		prev = at;
		prevlen = (size_t)n;
	}
}

/* Random texts of letters, digits, '.', ',', space, CJK letters and
 * punctuation, invalid and cut UTF-8 and NUL bytes, each in a buffer of
 * its own length (no NUL after it: a read past its end is a sanitizer's
 * report), so words end at the buffer's end, and cross the tokenizer's
 * reads of eight bytes, at every offset. */
static void test_tokenizer_random(void **state)
{
	(void)state;
	static const char *const pieces[] = {
		"a", "Z", "q", "0", "7", "9", ".", ",", " ", "\t", "-", "~", "\x7f", "@", "[", "`",
		"{", "/", "显", "存", "カ", "한", "々", "\xf0\xa0\x80\x80", "，", "é", "\xff",
		"\xe6\x98", "\x80", "\xe2\x80\xa8", "ＡＢ", "1,000", "3.35", "abcdefgh", "1234567",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "HBM3e",
	};
	const size_t npieces = sizeof pieces / sizeof pieces[0];
	struct buf text = BUF_INIT, want = BUF_INIT, got = BUF_INIT;
	unsigned long long seed = 0x9e3779b97f4a7c15ULL;
	for (int round = 0; round < 20000; round++) {
		buf_reset(&text);
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		size_t n = (size_t)(seed >> 59);   /* 0..31 pieces */
		for (size_t k = 0; k < n; k++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			size_t pick = (size_t)(seed >> 33) % (npieces + 1);
			if (pick == npieces)
				buf_addch(&text, '\0');
			else
				buf_add(&text, pieces[pick], strlen(pieces[pick]));
		}
		if (round < 256 * 3) {   /* first each byte alone, between letters, after a digit */
			static const char *const around[3][2] = { { "", "" }, { "a", "b" }, { "1", "2" } };
			buf_reset(&text);
			buf_add(&text, around[round / 256][0], 1 - (round < 256));
			buf_addch(&text, (char)(round % 256));
			buf_add(&text, around[round / 256][1], 1 - (round < 256));
		}
		char *exact = malloc(text.len ? text.len : 1);
		assert_non_null(exact);
		if (text.len)
			memcpy(exact, text.data, text.len);
		buf_reset(&want);
		buf_reset(&got);
		ref_tokens(exact, text.len, &want);
		search_tokenize(exact, text.len, collect, &got);
		if (want.len != got.len || (want.len && memcmp(want.data, got.data, want.len))) {
			print_message("text %zu bytes: want \"%.*s\" got \"%.*s\"\n", text.len,
				      (int)want.len, want.data ? want.data : "", (int)got.len,
				      got.data ? got.data : "");
			fail();
		}
		free(exact);
	}
	buf_release(&text);
	buf_release(&want);
	buf_release(&got);
}

static char *write_index(struct search_index *ix)
{
	struct buf out = BUF_INIT;
	search_index_write(ix, &out);
	return buf_detach(&out, NULL);
}

static void test_empty_index(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	assert_int_equal(search_index_count(ix), 0);
	char *js = write_index(ix);
	assert_non_null(strstr(js, "window.SPECBOOK_SEARCH = {\"version\":2,"));
	assert_non_null(strstr(js, "\"pages\":[]"));
	assert_non_null(strstr(js, "\"docs\":[]"));
	assert_non_null(strstr(js, "\"terms\":[]"));
	assert_non_null(strstr(js, "\"postings\":[]};\n"));
	free(js);
	search_index_free(ix);
	search_index_free(NULL);
}

static void test_index_shape(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	search_index_add(ix, "01-intro.html", "bw", "显存带宽 Memory bandwidth",
			 "H100 has 3.35 TB/s.\n\n  H100 显存");
	search_index_add(ix, "01-intro.html", "", "Intro", "nothing");
	search_index_add(ix, "specs/hbm.html", "hbm3e", "HBM3e", "hbm3e hbm3e");
	search_index_set_page_title(ix, "01-intro.html", "引言 Introduction");
	assert_int_equal(search_index_count(ix), 3);
	char *js = write_index(ix);

	assert_non_null(strstr(js, "\"pages\":[\n[\"01-intro.html\",\"引言 Introduction\"],\n"
				   "[\"specs/hbm.html\",\"\"]]"));
	/* whitespace collapsed in the stored text */
	assert_non_null(strstr(js, "[0,\"bw\",\"显存带宽 Memory bandwidth\",\"H100 has 3.35 TB/s. H100 显存\"]"));
	assert_non_null(strstr(js, "[1,\"hbm3e\",\"HBM3e\",\"hbm3e hbm3e\"]"));
	/* terms sorted by bytes: ASCII first, digits before letters */
	const char *terms = strstr(js, "\"terms\":[");
	assert_non_null(terms);
	assert_true(strstr(terms, "\"3.35\"") < strstr(terms, "\"h100\""));
	assert_true(strstr(terms, "\"h100\"") < strstr(terms, "\"显存\""));
	free(js);
	search_index_free(ix);
}

/* Returns the postings line for term in js ("[doc,weight,step,weight,...]"), or NULL. */
static char *postings_of(const char *js, const char *term)
{
	const char *terms = strstr(js, "\"terms\":[");
	const char *postings = strstr(js, "\"postings\":[");
	if (!terms || !postings)
		return NULL;
	char quoted[64];
	snprintf(quoted, sizeof quoted, "\"%s\"", term);
	size_t k = 0;
	const char *p = terms + strlen("\"terms\":[");
	for (;;) {
		while (*p == ',' || *p == '\n')
			p++;
		if (*p != '"')
			return NULL;
		if (strncmp(p, quoted, strlen(quoted)) == 0)
			break;
		p = strchr(p + 1, '"') + 1;
		k++;
	}
	p = postings + strlen("\"postings\":[");
	for (size_t n = 0; n <= k; n++) {
		p = strchr(p, '[');
		if (n < k)
			p++;
	}
	const char *end = strchr(p, ']');
	return strndup(p, (size_t)(end - p + 1));
}

static void test_postings_weights(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	search_index_add(ix, "a.html", "x", "HBM", "hbm and HBM");
	search_index_add(ix, "a.html", "y", "other", "no match here");
	search_index_add(ix, "b.html", "z", "", "HBM 显存");
	search_index_add(ix, "b.html", "w", "", "more hbm");
	char *js = write_index(ix);
	char *p = postings_of(js, "hbm");
	assert_non_null(p);
	/* doc 0: 5 (title) + 2 (text); doc 2 (a step of 2): 1; doc 3 (a step of 1): 1 */
	assert_string_equal(p, "[0,7,2,1,1,1]");
	free(p);
	p = postings_of(js, "显存");
	assert_string_equal(p, "[2,1]");
	free(p);
	free(js);
	search_index_free(ix);

	/* 显 four times in the text and once in the title: the terms that
	 * start with it add up to 4 + 5 (search.js adds them up) */
	ix = search_index_new();
	search_index_add(ix, "c.html", "", "显", "显存显卡，显 显");
	js = write_index(ix);
	static const char *const starts[][2] = {
		{ "显", "[0,7]" }, { "显存", "[0,1]" }, { "显卡", "[0,1]" },
		{ "存显", "[0,1]" }, { "卡", "[0,1]" },
	};
	for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
		p = postings_of(js, starts[k][0]);
		assert_non_null(p);
		assert_string_equal(p, starts[k][1]);
		free(p);
	}
	assert_null(postings_of(js, "存"));   /* in a pair: 存显 */
	free(js);
	search_index_free(ix);
}

static void test_escaping(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	search_index_add(ix, "a.html", "q", "say \"hi\" \\ </script>",
			 "tab\there \x01 line\xe2\x80\xa8sep bad\xff");
	char *js = write_index(ix);
	assert_non_null(strstr(js, "\"say \\\"hi\\\" \\\\ </script>\""));
	assert_non_null(strstr(js, "\"tab here \\u0001 line\\u2028sep bad\xef\xbf\xbd\""));
	free(js);
	search_index_free(ix);
}

static char *split_json(const struct buf *file, const char *head);

/* Part "0000" of an index of one page, as search_index_write_split()
 * writes it: its head, its shards and the page's sections. */
struct one_page {
	struct buf meta, shards[SEARCH_BUCKETS], docs[1];
};

static void one_page_write(struct one_page *w, struct search_index *ix)
{
	memset(w, 0, sizeof *w);
	search_index_write_split(ix, "0000", NULL, NULL, &w->meta, w->shards, w->docs);
}

static void one_page_release(struct one_page *w)
{
	buf_release(&w->meta);
	for (size_t b = 0; b < SEARCH_BUCKETS; b++)
		buf_release(&w->shards[b]);
	buf_release(&w->docs[0]);
}

/* A section's text as the index quotes it, byte by byte: the ends trimmed,
 * a run of whitespace one space, JSON's escapes, U+FFFD for a byte that
 * starts no valid UTF-8 sequence, U+2028/U+2029 escaped.  Returns its
 * length in UTF-16 units (JavaScript's, search.js's length of a section). */
static size_t quote_slow(struct buf *out, const char *s, size_t len)
{
	size_t i = 0, units = 0;
#define SPACE(c) ((c) == ' ' || ((c) >= '\t' && (c) <= '\r'))
	while (i < len && SPACE(s[i]))
		i++;
	while (len > i && SPACE(s[len - 1]))
		len--;
	buf_addch(out, '"');
	while (i < len) {
		unsigned char c = (unsigned char)s[i];
		units++;
		if (SPACE(c)) {
			while (i < len && SPACE(s[i]))
				i++;
			buf_addch(out, ' ');
		} else if (c == '"' || c == '\\') {
			buf_addch(out, '\\');
			buf_addch(out, (char)c);
			i++;
		} else if (c < 0x20 || c == 0x7F) {
			buf_addf(out, "\\u%04x", c);
			i++;
		} else if (c < 0x80) {
			buf_addch(out, (char)c);
			i++;
		} else {
			uint32_t cp;
			int n = utf8_decode(s + i, len - i, &cp);
			if (n < 0) {
				buf_adds(out, "\xEF\xBF\xBD");
				i++;
			} else if (cp == 0x2028 || cp == 0x2029) {
				buf_addf(out, "\\u%04x", (unsigned)cp);
				i += (size_t)n;
			} else {
				buf_add(out, s + i, (size_t)n);
				i += (size_t)n;
				units += cp >= 0x10000;   /* a surrogate pair */
			}
		}
	}
#undef SPACE
	buf_addch(out, '"');
	return units;
}

/* Random texts of ASCII words, runs of spaces and other whitespace, escapes,
 * CJK runs, other sequences of two, three and four bytes and invalid or cut
 * UTF-8 are quoted as quote_slow() quotes them, and their lengths in
 * UTF-16 units are the head's (add_json() passes 16 plain bytes at a time,
 * eight ASCII bytes at a time and CJK runs whole: the long pieces make
 * runs of plain bytes of every length that end at every offset of a block,
 * and sequences that blocks cut). */
static void test_quote_random(void **state)
{
	(void)state;
	static const char *pieces[] = {
		"a", "word", "longerword", "x y", " ", "  ", "   ", "\t", "\n", " \n ", "\r\n",
		"\"", "\\", "\x7f", "\x01", "\x1f", "\xe4\xb8\xad", "\xe6\x96\x87\xe5\xad\x97",
		"\xef\xbc\x8c", "\xe2\x80\xa8", "\xe2\x80\xa9", "\xe2\x80\x94", "\xc3\xa9", "\xf0\x9f\x98\x80",
		"\xff", "\x80", "\xe4\xb8", "\xed\xa0\x80", "\xe0\x80\x80", "</script>", "abcdefgh ",
		"the memory bandwidth of each GPU ", "显存带宽决定了解码速度", "×10²⁹ ≈ 4.24 TB/s",
		"\xe0\xa4\x85", "\xed\x9f\xbf", "\xe1\x80\x80", "\xef\xbf\xbd", "\xe2\x80",
		"\xe2\x81\xbb", "\xc2\x85", "\xc1\xbf", "\xdf\xbf", "\xf4\x8f\xbf\xbf", "\xbf",
		" \x01", " \"", "\xe3\x80\x81", "\xec\xbf\xbf", "0123456789abcdef",
	};
	size_t npieces = sizeof pieces / sizeof *pieces;
	uint64_t rng = 0x2545F4914F6CDD1DULL;
	struct buf text = BUF_INIT, want = BUF_INIT;
	enum { ROUNDS = 3000 };
	size_t *units = malloc(ROUNDS * sizeof *units);
	struct search_index *all = search_index_new();
	for (int round = 0; round < ROUNDS; round++) {
		buf_reset(&text);
		buf_reset(&want);
		size_t n = 0;
		buf_addf(&text, "t%d ", round);   /* the text unique in the index */
		rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
		n = rng % 40;
		for (size_t k = 0; k < n; k++) {
			rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
			buf_adds(&text, pieces[(rng >> 20) % npieces]);
		}
		/* in a buffer of its own length and the NUL (a read past them
		 * is a sanitizer's report) */
		char *exact = malloc(text.len + 1);
		assert_non_null(exact);
		memcpy(exact, text.data, text.len + 1);
		struct search_index *ix = search_index_new();
		search_index_add(ix, "a.html", "q", "T", exact);
		search_index_add(all, "a.html", "q", "T", exact);
		char *js = write_index(ix);
		units[round] = 1 + quote_slow(&want, text.data, text.len);   /* "T" and the text */
		buf_addch(&want, ']');
		if (!strstr(js, want.data))
			fail_msg("round %d: %s not in %s", round, want.data, js);
		free(js);
		free(exact);
		search_index_free(ix);
	}
	/* each section's length, in base 32 (search.h) */
	struct one_page w;
	one_page_write(&w, all);
	char *json = split_json(&w.meta, "SPECBOOK_SEARCH_META(\"0000\",\"");
	const char *p = strstr(json, "\"s\":\"");
	assert_non_null(p);
	p += strlen("\"s\":\"");
	static const char final[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV", more[] = "abcdefghijklmnopqrstuvwxyz!#$%&*";
	for (int round = 0; round < ROUNDS; round++) {
		size_t got = 0;
		const char *d;
		for (; *p && (d = strchr(more, *p)); p++)
			got = got * 32 + (size_t)(d - more);
		d = *p ? strchr(final, *p) : NULL;
		assert_non_null(d);
		got = got * 32 + (size_t)(d - final);
		p++;
		if (got != units[round])
			fail_msg("round %d: length %zu, want %zu", round, got, units[round]);
	}
	assert_int_equal(*p, '"');
	free(json);
	one_page_release(&w);
	search_index_free(all);
	free(units);
	buf_release(&text);
	buf_release(&want);
}

/* Chapters indexed on their own, packed and merged in order, make the same
 * index as their sections added to one index. */
static void test_pack_merge(void **state)
{
	(void)state;
	static const char *const sections[][4] = {
		{ "01-a.html", "", "第一章 One", "显存带宽 HBM3e 3.35 TB/s  and more" },
		{ "01-a.html", "s1", "Section", "带宽 bandwidth 13,824 GB" },
		{ "02-b.html", "", "第二章 Two", "HBM3e again, 显存 and NVLink" },
		{ "02-b.html", "x", "", "" },
	};
	struct search_index *direct = search_index_new(), *merged = search_index_new();
	search_index_set_page_title(merged, "index.html", "Home");
	search_index_add(merged, "index.html", "", "Home", "the book HBM3e");
	search_index_set_page_title(direct, "index.html", "Home");
	search_index_add(direct, "index.html", "", "Home", "the book HBM3e");
	struct search_index *own = search_index_new();   /* one for both, as a thread uses it */
	for (size_t c = 0; c < 2; c++) {
		search_index_set_page_title(own, sections[2 * c][0], sections[2 * c][2]);
		search_index_set_page_title(direct, sections[2 * c][0], sections[2 * c][2]);
		for (size_t k = 2 * c; k < 2 * c + 2; k++) {
			search_index_add(own, sections[k][0], sections[k][1], sections[k][2], sections[k][3]);
			search_index_add(direct, sections[k][0], sections[k][1], sections[k][2], sections[k][3]);
		}
		size_t len;
		char *packed = search_index_pack(own, &len);
		assert_true(len > 0);
		assert_int_equal(search_index_count(own), 0);   /* emptied, to be used again */
		search_index_merge_packed(merged, packed);
		free(packed);
	}
	search_index_free(own);
	assert_int_equal(search_index_count(merged), 5);
	char *a = write_index(direct), *b = write_index(merged);
	assert_string_equal(a, b);
	free(a);
	free(b);
	search_index_free(direct);
	search_index_free(merged);
}

/* Reads a shard's varint at *p (before end) and moves *p past it. */
static unsigned long long shard_varint(const unsigned char **p, const unsigned char *end)
{
	unsigned long long v = 0;
	for (int shift = 0;; shift += 7) {
		assert_true(*p < end && shift < 64);
		unsigned char c = *(*p)++;
		v |= (unsigned long long)(c & 0x7F) << shift;
		if (!(c & 0x80))
			return v;
	}
}

/* Appends n in base 32 as search.h's version 2 postings strings had it
 * (the last digit from "0-9A-V", the others from "a-z!#$%&*"). */
static void put_base32(struct buf *out, unsigned long long n)
{
	static const char final[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV", more[] = "abcdefghijklmnopqrstuvwxyz!#$%&*";
	char digits[16];
	size_t k = sizeof digits;
	digits[--k] = final[n & 31];
	while ((n >>= 5))
		digits[--k] = more[n & 31];
	buf_add(out, digits + k, sizeof digits - k);
}

/* A shard's bytes (search.h: the number of terms, their bytes each ended
 * by a NUL, their postings' lengths, their postings) as the JSON the
 * shards held before they were bytes, ["term","postings",...] with each
 * postings string two numbers a section in base 32, its step and its
 * weight doubled + in title (a phrase gram's one, its step doubled + in
 * title), which the tests below read: every byte is decoded, as
 * search.js does. */
static char *shard_as_json(const unsigned char *p, size_t len)
{
	const unsigned char *end = p + len;
	size_t n = len ? (size_t)shard_varint(&p, end) : 0;
	const char **terms = calloc(n + 1, sizeof *terms);
	unsigned long long *lens = calloc(n + 1, sizeof *lens);
	for (size_t k = 0; k < n; k++) {
		const unsigned char *nul = memchr(p, '\0', (size_t)(end - p));
		assert_non_null(nul);
		assert_true(nul > p);
		terms[k] = (const char *)p;
		p = nul + 1;
	}
	for (size_t k = 0; k < n; k++)
		lens[k] = shard_varint(&p, end);
	struct buf out = BUF_INIT;
	buf_addch(&out, '[');
	for (size_t k = 0; k < n; k++) {
		const char *term = terms[k];
		int gram = strchr(term + 1, ' ') != NULL;
		assert_true(lens[k] <= (unsigned long long)(end - p));
		const unsigned char *stop = p + lens[k];
		if (k)
			buf_addch(&out, ',');
		buf_addch(&out, '"');
		buf_adds(&out, term);
		buf_adds(&out, "\",\"");
		while (p < stop) {
			if (gram) {
				put_base32(&out, shard_varint(&p, stop));
				continue;
			}
			unsigned c = *p++;
			unsigned long long step = c >> 4, w = c & 15;
			if (step == 15)
				step = shard_varint(&p, stop);
			if (w == 15)
				w = shard_varint(&p, stop);
			put_base32(&out, step);
			put_base32(&out, w);
		}
		buf_addch(&out, '"');
	}
	assert_true(p == end);
	buf_addch(&out, ']');
	free(terms);
	free(lens);
	return buf_detach(&out, NULL);
}

/* Returns the JSON inside one file of the split index, which must start
 * with head (`CALL("name",`): its last argument, base64 decoded and
 * inflated. */
static char *split_json(const struct buf *file, const char *head)
{
	assert_non_null(file->data);
	assert_memory_equal(file->data, head, strlen(head));
	/* the last argument: the string before the closing `");` */
	const char *end = file->data + file->len - 4, *b = end;
	assert_string_equal(end, "\");\n");
	while (b > file->data + strlen(head) && b[-1] != '"')
		b--;
	static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t n = 0, cap = (size_t)(end - b);
	unsigned char *z = malloc(cap);
	uint32_t acc = 0;
	int bits = 0;
	for (; b < end && *b != '='; b++) {
		const char *d = strchr(digits, *b);
		assert_non_null(d);
		acc = acc << 6 | (uint32_t)(d - digits);
		if ((bits += 6) >= 8) {
			bits -= 8;
			z[n++] = (unsigned char)(acc >> bits);
		}
	}
	size_t room = 1 << 20, got = 0;
	char *out = malloc(room + 1);
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
	assert_int_equal(libdeflate_zlib_decompress(d, z, n, out, room, &got), LIBDEFLATE_SUCCESS);
	libdeflate_free_decompressor(d);
	free(z);
	out[got] = '\0';
	if (strstr(head, "SPECBOOK_SEARCH_SHARD")) {
		char *json = shard_as_json((const unsigned char *)out, got);
		free(out);
		return json;
	}
	return out;
}

/* The postings string of term in json, a shard's ["term","postings",...]. */
static char *shard_postings(const char *json, const char *term)
{
	char key[64];
	snprintf(key, sizeof key, "\"%s\",\"", term);
	const char *p = strstr(json, key);
	if (!p)
		return NULL;
	p += strlen(key);
	return strndup(p, (size_t)(strchr(p, '"') - p));
}

/* The split index (search.h): a head, shards of postings with phrase
 * grams, the sections of each page, each deflated in base64. */
/* Adds to ix a chapter of n sections, each of distinct words made of the
 * seed, the section and the word's number, and Chinese pairs (a third of
 * the words also in the section before, so postings grow). */
static void add_chapter(struct search_index *ix, unsigned seed, size_t n, size_t words)
{
	struct buf text = BUF_INIT;
	for (size_t k = 0; k < n; k++) {
		buf_reset(&text);
		for (size_t w = 0; w < words; w++) {
			size_t sec = w % 3 ? k : (k ? k - 1 : 0);
			buf_addf(&text, "w%ux%zuy%zu 显存%zu ", seed, sec, w, w % 7);
		}
		char title[32];
		snprintf(title, sizeof title, "Title %u %zu", seed, k);
		search_index_add(ix, "c.html", "", title, text.data);
	}
	buf_release(&text);
}

/* A rendering thread indexes chapter after chapter in one index: packed,
 * it is emptied (its hash table's slots each cleared) and keeps its grown
 * table; the chapters after a large one pack to the very bytes a new
 * index gives them. */
static void test_index_reuse(void **state)
{
	(void)state;
	struct search_index *reused = search_index_new();
	size_t len;
	add_chapter(reused, 1, 40, 300);   /* thousands of terms: the table grows */
	free(search_index_pack(reused, &len));
	for (unsigned c = 2; c < 6; c++) {
		struct search_index *fresh = search_index_new();
		add_chapter(fresh, c, c, 20 * c);
		add_chapter(reused, c, c, 20 * c);
		size_t la, lb;
		char *a = search_index_pack(fresh, &la), *b = search_index_pack(reused, &lb);
		assert_int_equal(la, lb);
		assert_memory_equal(a, b, la);
		assert_int_equal(search_index_count(reused), 0);
		free(a);
		free(b);
		search_index_free(fresh);
	}
	search_index_free(reused);
}

static void test_split_files(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	search_index_set_page_title(ix, "01-a.html", "第一章 One");
	search_index_add(ix, "01-a.html", "bw", "Memory Bandwidth 显存 带宽",
			 "HBM3e has memory \n bandwidth of 3.35 TB/s. 显存带宽");
	search_index_add(ix, "01-a.html", "x", "Other", "bandwidth Memory");
	search_index_add(ix, "02-b.html", "", "", "ab\xff cd");
	struct buf meta = BUF_INIT, shards[SEARCH_BUCKETS], docs[2];
	memset(shards, 0, sizeof shards);
	memset(docs, 0, sizeof docs);
	assert_int_equal(search_index_npages(ix), 2);
	search_index_write_split(ix, "0003", NULL, NULL, &meta, shards, docs);

	/* lengths in UTF-16 units of title and collapsed text: 22 + 45 (base
	 * 32: "c3"), 5 + 16 ("L"), 0 + 6 ("6") */
	char *json = split_json(&meta, "SPECBOOK_SEARCH_META(\"0003\",\"");
	assert_string_equal(json, "{\"n\":3,\"l\":94,\"p\":[0,0,1,2],\"s\":\"c3L6\"}");
	free(json);

	/* "memory": section 0 weight 5 + 1, in the title (0, 6 × 2 + 1);
	 * section 1 a step of 1, weight 1 (1, 2) */
	json = split_json(&shards[search_bucket("memory", 6)], "SPECBOOK_SEARCH_SHARD(\"0003\",");
	char *p = shard_postings(json, "memory");
	assert_non_null(p);
	assert_string_equal(p, "0D12");
	free(p);
	free(json);

	/* grams, in the shard of what follows their space, one number a
	 * section (its step doubled, + 1 in the title): "ry ba" in section
	 * 0's title and text; "th me" in section 1's text; one of Chinese
	 * words apart in a title; none with a character that is not a letter
	 * or digit ("s. 显", "b\xff cd") */
	static const char *const grams[][2] = {
		{ "ry ba", "1" }, { "th me", "2" }, { "显存 带宽", "1" }, { "35 tb", "0" },
		{ "s. 显", NULL }, { "b\xef\xbf\xbd cd", NULL }, { "b\xff cd", NULL },
	};
	for (size_t k = 0; k < sizeof grams / sizeof grams[0]; k++) {
		const char *after = strchr(grams[k][0], ' ') + 1;
		json = split_json(&shards[search_bucket(after, strlen(after))], "SPECBOOK_SEARCH_SHARD(\"0003\",");
		p = shard_postings(json, grams[k][0]);
		if (grams[k][1]) {
			assert_non_null(p);
			assert_string_equal(p, grams[k][1]);
		} else {
			assert_null(p);
		}
		free(p);
		free(json);
	}

	json = split_json(&docs[0], "SPECBOOK_SEARCH_DOCS(\"0003\",0,\"");
	assert_non_null(strstr(json, "[[\"01-a.html\",\"第一章 One\"],[\n[0,\"bw\",\"Memory Bandwidth 显存 带宽\","
			       "\"HBM3e has memory bandwidth of 3.35 TB/s. 显存带宽\"],\n[1,\"x\","));
	free(json);
	json = split_json(&docs[1], "SPECBOOK_SEARCH_DOCS(\"0003\",1,\"");
	assert_string_equal(json, "[[\"02-b.html\",\"\"],[\n[2,\"\",\"\",\"ab\xef\xbf\xbd cd\"]]]");
	free(json);

	buf_release(&meta);
	for (size_t b = 0; b < SEARCH_BUCKETS; b++)
		buf_release(&shards[b]);
	buf_release(&docs[0]);
	buf_release(&docs[1]);
	search_index_free(ix);
}

/* A shard's postings are a byte a section while the step and the
 * weight doubled (+ 1 in the title) are below 15 each, and either past
 * it follows as a varint: "alpha" 20 times in section 0 (weight 40, 8 +
 * 32 in base 32: "b8"), then in the title of section 20 (a step of 20,
 * "K"; weight 5 doubled + 1, "B"), section 300 (a step of 280, 8 × 32
 * + 24: "iO"; weight 1 doubled, "2"). */
static void test_split_postings_wide(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	struct buf text = BUF_INIT;
	for (int k = 0; k < 20; k++)
		buf_adds(&text, "alpha ");
	search_index_add(ix, "a.html", "", "", text.data);
	for (int k = 1; k < 20; k++)
		search_index_add(ix, "a.html", "", "", "filler");
	search_index_add(ix, "a.html", "", "Alpha", "");
	for (int k = 21; k < 300; k++)
		search_index_add(ix, "a.html", "", "", "filler");
	search_index_add(ix, "a.html", "", "", "alpha");
	struct one_page w;
	one_page_write(&w, ix);
	char *json = split_json(&w.shards[search_bucket("alpha", 5)], "SPECBOOK_SEARCH_SHARD(\"0000\",");
	char *p = shard_postings(json, "alpha");
	assert_non_null(p);
	assert_string_equal(p, "0b8KBiO2");
	free(p);
	free(json);
	one_page_release(&w);
	buf_release(&text);
	search_index_free(ix);
}

/* search_shard(): a term whose first character is not spread, or an
 * ASCII one, is in its bucket; the character alone in its own bucket;
 * a pair, and a phrase gram's words after the space, in the shard chosen
 * by the bucket of the character after the first. */
static void test_shard_of_spread(void **state)
{
	(void)state;
	unsigned b = search_bucket("的", 3);
	assert_int_equal(search_shard("的显", 6, 1), b);
	assert_int_equal(search_shard("的", 3, 4), b);
	assert_int_equal(search_shard("memory", 6, 4), search_bucket("me", 2));
	for (unsigned k = 2; k <= 16; k *= 2) {
		unsigned j = search_bucket("显", 3) % k;
		assert_int_equal(search_shard("的显", 6, k), (b + j * (SEARCH_BUCKETS / k)) % SEARCH_BUCKETS);
		j = search_bucket("a", 1) % k;
		assert_int_equal(search_shard("的a", 4, k), (b + j * (SEARCH_BUCKETS / k)) % SEARCH_BUCKETS);
	}
}

/* Calls fn with each term of a shard's JSON, ["term","postings",...]
 * (no escapes in these tests). */
static void each_term(const char *json, void (*fn)(void *, const char *, size_t), void *ctx)
{
	const char *p = json;
	for (int term = 1; (p = strchr(p, '"')); term = !term) {
		const char *end = strchr(p + 1, '"');
		assert_non_null(end);
		if (term)
			fn(ctx, p + 1, (size_t)(end - p - 1));
		p = end + 1;
	}
}

struct spread_seen {
	unsigned shard, k;          /* the shard looked at, the spread of 的 */
	size_t pairs, alone;        /* terms of 的 found: pairs, itself */
	unsigned used[SEARCH_BUCKETS];   /* pairs of 的 in each shard */
};

static void see_term(void *ctx, const char *t, size_t len)
{
	struct spread_seen *s = ctx;
	const char *sp = memchr(t, ' ', len);
	const char *key = sp ? sp + 1 : t;
	size_t klen = len - (size_t)(key - t);
	if (klen < 3 || memcmp(key, "的", 3))
		return;
	/* every term of 的, a gram's too, is where search_shard() says */
	assert_int_equal(s->shard, search_shard(key, klen, s->k));
	if (sp)
		return;
	if (len == 3) {
		s->alone++;
	} else {
		s->pairs++;
		s->used[s->shard]++;
	}
}

/* A character whose terms outweigh the part's other shards several times
 * over (的 before 64 characters in 3 000 sections, beside Latin words in
 * every shard) has them spread: the head lists it with a power of two,
 * each pair and gram is in the shard search_shard() gives, the character
 * alone in its own, and the pairs are in more than one shard, each far
 * lighter than the one that held them all. */
static void test_spread(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	char text[256];
	for (unsigned s = 0; s < 3000; s++) {
		/* 的 + U+4E00.., a space, 的 + another; Latin words over the buckets */
		unsigned a = 0x4E00 + s % 64, c = 0x4E00 + (s * 7 + 3) % 64;
		snprintf(text, sizeof text, "的%c%c%c %c%c 的%c%c%c %c%cq%u %c%cr%u %c%cs%u",
			 0xE4, 0xB8 + (a >> 6 & 3), 0x80 + (a & 63), 'a' + s % 26, 'a' + s / 26 % 26,
			 0xE4, 0xB8 + (c >> 6 & 3), 0x80 + (c & 63),
			 'a' + s * 7 % 26, 'a' + s * 11 % 26, s % 500, 'a' + s * 3 % 26, 'a' + s * 5 % 26,
			 s % 300, 'a' + s * 13 % 26, 'a' + s * 17 % 26, s % 700);
		search_index_add(ix, "a.html", "", "", text);
	}
	struct one_page w;
	one_page_write(&w, ix);

	char *json = split_json(&w.meta, "SPECBOOK_SEARCH_META(\"0000\",\"");
	const char *x = strstr(json, ",\"x\":{\"的\":");
	assert_non_null(x);
	unsigned k = (unsigned)atoi(x + strlen(",\"x\":{\"的\":"));
	assert_true(k >= 2 && k <= 16 && !(k & (k - 1)));
	assert_null(strchr(x + 1, ','));   /* 的 alone */
	free(json);

	struct spread_seen seen = { .k = k };
	size_t most = 0;
	for (unsigned b = 0; b < SEARCH_BUCKETS; b++) {
		json = split_json(&w.shards[b], "SPECBOOK_SEARCH_SHARD(\"0000\",");
		seen.shard = b;
		each_term(json, see_term, &seen);
		most = strlen(json) > most ? strlen(json) : most;
		free(json);
	}
	assert_int_equal(seen.pairs, 64);
	assert_int_equal(seen.alone, 0);   /* no run ends with 的 */
	unsigned holding = 0;
	for (unsigned b = 0; b < SEARCH_BUCKETS; b++)
		holding += seen.used[b] > 0;
	assert_true(holding > 1);

	/* the same book with no spreading would put 64 pairs of 6 000
	 * postings in one shard; now none holds more than 64 / 2 + 16 */
	for (unsigned b = 0; b < SEARCH_BUCKETS; b++)
		assert_true(seen.used[b] <= 48);
	(void)most;

	one_page_release(&w);
	search_index_free(ix);
}

/* Appends every file of ix written as a split part to out. */
static void split_bytes(const struct search_index *ix, struct buf *out)
{
	struct buf *shards = calloc(SEARCH_BUCKETS, sizeof *shards);
	size_t npages = search_index_npages(ix);
	struct buf *docs = calloc(npages, sizeof *docs), meta = BUF_INIT;
	search_index_write_split(ix, "0000", NULL, NULL, &meta, shards, docs);
	buf_add(out, meta.data, meta.len);
	buf_release(&meta);
	for (size_t b = 0; b < SEARCH_BUCKETS; b++) {
		buf_add(out, shards[b].data, shards[b].len);
		buf_release(&shards[b]);
	}
	for (size_t pg = 0; pg < npages; pg++) {
		buf_add(out, docs[pg].data, docs[pg].len);
		buf_release(&docs[pg]);
	}
	free(shards);
	free(docs);
}

/* Numbers of more than seven bits survive packing: a chapter of 300
 * sections (a term in the first, the 150th and the last), a weight of
 * 200, a long gap between two postings, a title's weight. */
static void test_pack_merge_wide(void **state)
{
	(void)state;
	struct search_index *direct = search_index_new(), *merged = search_index_new(),
			    *own = search_index_new();
	search_index_add(merged, "index.html", "", "Home", "the book zebra");   /* sections before */
	search_index_add(direct, "index.html", "", "Home", "the book zebra");
	struct buf text = BUF_INIT;
	for (int k = 0; k < 300; k++) {
		char anchor[16];
		snprintf(anchor, sizeof anchor, "s%d", k);
		buf_reset(&text);
		buf_addf(&text, "w%d", k);
		if (k == 0 || k == 150 || k == 299)
			buf_adds(&text, " zebra");
		for (int r = 0; k == 5 && r < 200; r++)
			buf_adds(&text, " yak");
		const char *title = k == 7 ? "Yak zebra" : "T";
		search_index_add(own, "01-a.html", anchor, title, text.data);
		search_index_add(direct, "01-a.html", anchor, title, text.data);
	}
	size_t len;
	char *packed = search_index_pack(own, &len);
	assert_int_equal(search_index_check_packed(packed, len), 0);
	search_index_merge_packed(merged, packed);
	free(packed);
	char *a = write_index(direct), *b = write_index(merged);
	assert_string_equal(a, b);
	free(a);
	free(b);
	/* the split part too: its shards keep the title flag */
	struct buf sa = BUF_INIT, sb = BUF_INIT;
	split_bytes(direct, &sa);
	split_bytes(merged, &sb);
	assert_int_equal(sa.len, sb.len);
	assert_memory_equal(sa.data, sb.data, sa.len);
	buf_release(&sa);
	buf_release(&sb);
	buf_release(&text);
	search_index_free(own);
	search_index_free(direct);
	search_index_free(merged);
}

/* Seals copy[0..len) again after a test changed it, as
 * search_index_pack() seals (the seal is its first eight bytes): what the
 * check then finds is the change itself. */
static void reseal(char *copy, size_t len)
{
	uint64_t seal = pack_hash_block(copy + 8, len - 8);
	memcpy(copy, &seal, sizeof seal);
}

/* Returns the last place of needle in data[0..len), or NULL. */
static char *last_of(char *data, size_t len, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t k = len - n + 1; n <= len && k-- > 0;)
		if (!memcmp(data + k, needle, n))
			return data + k;
	return NULL;
}

/* Returns the first place of needle in data[0..len), or NULL. */
static char *first_of(char *data, size_t len, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t k = 0; n <= len && k + n <= len; k++)
		if (!memcmp(data + k, needle, n))
			return data + k;
	return NULL;
}

/* A chapter packed by this build checks; one kept in a cache file is
 * checked before it is merged (a hostile book may bring its cache along):
 * bytes cut short or added, a section's text that would end its JSON
 * string early, a term whose bytes no longer give its hash are refused,
 * and whatever a one-byte change lets through merges and writes safely. */
/* The phrase grams are found looking back from each run of space and
 * ahead of it: the two characters before must be whole characters after
 * the space before them, and what is not a letter or digit (an invalid
 * byte, a truncated sequence, punctuation) gives no gram. */
static void test_gram_edges(void **state)
{
	(void)state;
	static const struct {
		const char *text, *after, *gram;   /* gram NULL: none before " after" */
	} cases[] = {
		{ "中文 ab", "ab", "中文 ab" },
		{ "x\xf0\xa0\x80\x80 cd", "cd", "x\xf0\xa0\x80\x80 cd" },   /* U+20000, 4 bytes */
		{ "ab \t\n  ef", "ef", "ab ef" },   /* a run of space is one */
		{ "Ab CD", "cd", "ab cd" },           /* ASCII lowercased */
		{ "a gh", "gh", NULL },                /* one character before */
		{ "ij k", "k", NULL },                 /* one after */
		{ "x\xe5\xb8 mn", "mn", NULL },       /* a truncated sequence */
		{ "\xb8\xb8\xb8 op", "op", NULL },     /* continuation bytes alone */
		{ "q\xe2\x80\xa8 rs", "rs", NULL },    /* U+2028, not a letter */
		{ "tu 中", "中", NULL },
		{ "vw  ", "", NULL },                  /* space at the end */
		{ "3.5 TB", "tb", NULL },              /* "." is not a letter or digit */
		{ "ab 中文", "中文", "ab 中文" },
		{ "中文 (ab", "ab", NULL },            /* CJK one side, punctuation the other */
		{ "ab) 中文", "中文", NULL },
		{ "中文 aå¸", "a", NULL },      /* one after, then a truncated sequence */
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct search_index *ix = search_index_new();
		search_index_add(ix, "a.html", "", "", cases[k].text);
		struct one_page w;
		one_page_write(&w, ix);
		const char *after = cases[k].after;
		char *json = split_json(&w.shards[search_bucket(after, strlen(after))],
					"SPECBOOK_SEARCH_SHARD(\"0000\",");
		/* grams are the shard's only terms with a space inside */
		size_t ngrams = 0;
		for (const char *q = json; (q = strstr(q, "\",\"")); q += 3) {
			const char *open = q;
			while (open > json && open[-1] != '"')
				open--;
			if (memchr(open, ' ', (size_t)(q - open)) && open[0] != ' ')
				ngrams++;
		}
		if (cases[k].gram) {
			char *p = shard_postings(json, cases[k].gram);
			assert_non_null(p);
			assert_string_equal(p, "0");   /* section 0, not in the title */
			free(p);
			assert_int_equal(ngrams, 1);
		} else {
			assert_int_equal(ngrams, 0);
		}
		free(json);
		one_page_release(&w);
		search_index_free(ix);
	}
}

static void test_check_packed(void **state)
{
	(void)state;
	struct search_index *own = search_index_new();
	search_index_set_page_title(own, "01-a.html", "第一章 One");
	search_index_add(own, "01-a.html", "", "第一章 Bandwidth", "显存带宽 HBM3e 3.35 TB/s say \"hi\"");
	search_index_add(own, "01-a.html", "s1", "Section", "tab\there \x01 line\xe2\x80\xa8sep bandwidth 13,824");
	size_t len;
	char *packed = search_index_pack(own, &len);
	search_index_free(own);
	assert_int_equal(search_index_check_packed(packed, len), 0);
	assert_int_equal(search_index_check_packed(NULL, 0), -1);
	char *copy = malloc(len + 1);
	for (size_t n = 0; n < len; n++) {   /* cut short anywhere, sealed or not */
		assert_int_equal(search_index_check_packed(packed, n), -1);
		memcpy(copy, packed, n);
		if (n >= 8) {
			reseal(copy, n);
			assert_int_equal(search_index_check_packed(copy, n), -1);
		}
	}
	memcpy(copy, packed, len);
	copy[len] = 'x';
	assert_int_equal(search_index_check_packed(copy, len + 1), -1);
	reseal(copy, len + 1);
	assert_int_equal(search_index_check_packed(copy, len + 1), -1);
	/* any byte changed, the seal kept: refused (damage is a miss) */
	for (size_t at = 0; at < len; at++) {
		memcpy(copy, packed, len);
		copy[at] ^= 0x01;
		assert_int_equal(search_index_check_packed(copy, len), -1);
	}

	/* a quote left unescaped: the text would end, and script follow */
	memcpy(copy, packed, len);
	char *q = last_of(copy, len, "\\\"hi");
	assert_non_null(q);
	*q = ' ';
	reseal(copy, len);
	assert_int_equal(search_index_check_packed(copy, len), -1);
	/* a term's bytes changed, its hash kept (a short and a long term) */
	static const char *const terms[] = { "hbm3e", "bandwidth" };
	for (size_t k = 0; k < 2; k++) {
		memcpy(copy, packed, len);
		char *t = last_of(copy, len, terms[k]);
		assert_non_null(t);
		t[1] = 'z';
		reseal(copy, len);
		assert_int_equal(search_index_check_packed(copy, len), -1);
	}

	/* every byte changed in turn to a few values, and sealed again:
	 * refused, or it merges and writes (the sanitizers and valgrind watch) */
	static const unsigned char values[] = { 0x00, 0x01, 0x22, 0x5c, 0x7f, 0x80, 0xff };
	for (size_t at = 8; at < len; at++)
		for (size_t v = 0; v < sizeof values; v++) {
			memcpy(copy, packed, len);
			copy[at] = (char)values[v];
			reseal(copy, len);
			if (search_index_check_packed(copy, len))
				continue;
			struct search_index *ix = search_index_new();
			search_index_add(ix, "index.html", "", "Home", "the book HBM3e");
			search_index_merge_packed(ix, copy);
			struct buf *shards = calloc(SEARCH_BUCKETS, sizeof *shards);
			size_t npages = search_index_npages(ix);
			struct buf *docs = calloc(npages, sizeof *docs), meta = BUF_INIT;
			search_index_write_split(ix, "0000", NULL, NULL, &meta, shards, docs);
			buf_release(&meta);
			for (size_t b = 0; b < SEARCH_BUCKETS; b++)
				buf_release(&shards[b]);
			for (size_t pg = 0; pg < npages; pg++)
				buf_release(&docs[pg]);
			free(shards);
			free(docs);
			search_index_free(ix);
		}
	free(copy);
	free(packed);
}

/* The check of a section's text reads ASCII eight bytes at a time and
 * runs of three-byte sequences four at a time without decoding them: a byte it must
 * refuse is refused wherever it falls in a word of eight, and the
 * three-byte sequences UTF-8 forbids (overlong, surrogates) and the line
 * separators JavaScript forbids are refused, their neighbours not. */
static void test_check_packed_text(void **state)
{
	(void)state;
	struct search_index *own = search_index_new();
	search_index_add(own, "01-a.html", "", "T",
			 "abcdefghijklmnopqrstuvwxyz0123456789 显存带宽显存带宽 ABCDEFGHIJKLMNOP");
	size_t len;
	char *packed = search_index_pack(own, &len);
	search_index_free(own);
	assert_int_equal(search_index_check_packed(packed, len), 0);
	char *copy = malloc(len);
	/* the text's first bytes in the record: its section's (the terms
	 * come after) */
	char *at_ascii = first_of(packed, len, "abcdefghijklmnopqrstuvwxyz");
	char *at_cjk = first_of(packed, len, "显存带宽显存带宽");
	assert_non_null(at_ascii);
	assert_non_null(at_cjk);
	size_t ascii = (size_t)(at_ascii - packed), cjk = (size_t)(at_cjk - packed);
	/* one byte of the ASCII run, at each place of a word */
	static const char refused[] = { 0x00, 0x01, 0x1f, '"', '\\', (char)0x80, (char)0xff };
	for (size_t at = 0; at < 26; at++)
		for (size_t v = 0; v < sizeof refused; v++) {
			memcpy(copy, packed, len);
			char *t = copy + ascii;
			t[at] = refused[v];
			/* (a backslash before b, f, n, r or t is an escape) */
			int escape = refused[v] == '\\' && strchr("bfnrt", t[at + 1]);
			reseal(copy, len);
			assert_int_equal(search_index_check_packed(copy, len), escape ? 0 : -1);
			t[at] = 0x7f;   /* DEL needs no escape */
			reseal(copy, len);
			assert_int_equal(search_index_check_packed(copy, len), 0);
		}
	/* one character of the CJK run: each of the four, in its place */
	static const struct {
		const char *bytes;
		int ok;
	} seqs[] = {
		{ "\xe0\x80\x80", 0 },   /* overlong */
		{ "\xe0\x9f\xbf", 0 },   /* overlong, the last one */
		{ "\xe0\xa0\x80", 1 },   /* U+0800 */
		{ "\xed\x9f\xbf", 1 },   /* U+D7FF */
		{ "\xed\xa0\x80", 0 },   /* a surrogate */
		{ "\xed\xbf\xbf", 0 },   /* a surrogate */
		{ "\xee\x80\x80", 1 },   /* U+E000 */
		{ "\xe2\x80\xa8", 0 },   /* U+2028 */
		{ "\xe2\x80\xa9", 0 },   /* U+2029 */
		{ "\xe2\x80\xaa", 1 },   /* U+202A */
		{ "\xe2\x80\xa7", 1 },   /* U+2027 */
		{ "\xe4\x41\x80", 0 },   /* not a continuation */
		{ "\xe4\xb8\x41", 0 },
		{ "\xe4\xb8\xc0", 0 },
		{ "\xc3\xa9" "A", 1 },   /* two bytes, then ASCII */
		{ "\xf0\x9f\x98", 0 },   /* four bytes cut short */
	};
	for (size_t k = 0; k < 8; k++)
		for (size_t v = 0; v < sizeof seqs / sizeof *seqs; v++) {
			memcpy(copy, packed, len);
			char *t = copy + cjk;
			memcpy(t + 3 * k, seqs[v].bytes, 3);
			reseal(copy, len);
			assert_int_equal(search_index_check_packed(copy, len), seqs[v].ok ? 0 : -1);
		}
	free(copy);
	free(packed);
}

/* A term's postings in a record name sections of the record, each after
 * the one before: a section past the last, or one out of order or twice,
 * is refused; so is a number of more than 32 bits or five bytes. */
static void test_check_packed_postings(void **state)
{
	(void)state;
	struct search_index *own = search_index_new();
	search_index_add(own, "01-a.html", "", "T", "zebra one");
	search_index_add(own, "01-a.html", "s", "U", "zebra two");
	size_t len;
	char *packed = search_index_pack(own, &len);
	search_index_free(own);
	assert_int_equal(search_index_check_packed(packed, len), 0);
	/* the term's bytes (after the sections' text), its hash, its count
	 * (times two, plus 1: two bytes a posting), then (section, weight)
	 * pairs */
	char *t = last_of(packed, len, "zebra");
	assert_non_null(t);
	size_t at = (size_t)(t - packed) + 5 + 8;
	assert_int_equal(packed[at], 2 * 2 + 1);
	assert_int_equal(packed[at + 1], 0);   /* section 0 */
	assert_int_equal(packed[at + 2], 2);   /* weight 1 */
	assert_int_equal(packed[at + 3], 1);   /* section 1 */
	static const struct {
		unsigned char first, second;
		int ok;
	} cases[] = {
		{ 0, 1, 1 }, { 0, 2, 0 }, { 1, 2, 0 }, { 0, 0, 0 }, { 1, 1, 0 }, { 1, 0, 0 },
		{ 2, 3, 0 }, { 0, 0xff, 0 },
	};
	char *copy = malloc(len);
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
		for (int bytes = 1; bytes >= 0; bytes--) {   /* two bytes, or varints */
			memcpy(copy, packed, len);
			copy[at] = (char)(2 * 2 + bytes);
			copy[at + 1] = (char)cases[k].first;
			copy[at + 3] = (char)cases[k].second;
			reseal(copy, len);
			int ok = cases[k].ok && (bytes || cases[k].second < 0x80);
			assert_int_equal(search_index_check_packed(copy, len), ok ? 0 : -1);
		}
	/* as varints, the second posting's weight in six bytes, in five of
	 * more than 32 bits, and in five within 32 bits (taken) */
	static const struct {
		unsigned char bytes[6];
		size_t n;
		int ok;
	} weights[] = {
		{ { 0x82, 0x80, 0x80, 0x80, 0x80, 0x00 }, 6, 0 },
		{ { 0x82, 0x80, 0x80, 0x80, 0x10 }, 5, 0 },
		{ { 0x82, 0x80, 0x80, 0x80, 0x00 }, 5, 1 },
	};
	char *big = malloc(len + 6);
	for (size_t k = 0; k < sizeof weights / sizeof *weights; k++) {
		size_t n = weights[k].n;
		memcpy(big, packed, at + 4);
		big[at] = 2 * 2;
		memcpy(big + at + 4, weights[k].bytes, n);
		memcpy(big + at + 4 + n, packed + at + 5, len - at - 5);
		reseal(big, len - 1 + n);
		assert_int_equal(search_index_check_packed(big, len - 1 + n), weights[k].ok ? 0 : -1);
	}
	free(big);
	free(copy);
	free(packed);
}

static void test_deterministic(void **state)
{
	(void)state;
	char *first = NULL;
	for (int run = 0; run < 2; run++) {
		struct search_index *ix = search_index_new();
		char page[32], text[64];
		/* enough terms to make the hash table grow a few times */
		for (int k = 0; k < 3000; k++) {
			snprintf(page, sizeof page, "p%d.html", k % 7);
			snprintf(text, sizeof text, "w%d z%d 显存%d", k, k * 7919 % 5000, k % 10);
			search_index_add(ix, page, "s", "t", text);
		}
		char *js = write_index(ix);
		if (!first) {
			first = js;
		} else {
			assert_string_equal(first, js);
			free(js);
		}
		search_index_free(ix);
	}
	free(first);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ascii_words),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_cjk),
		cmocka_unit_test(test_buckets),
		cmocka_unit_test(test_separators),
		cmocka_unit_test(test_long_words),
		cmocka_unit_test(test_tokenizer_random),
		cmocka_unit_test(test_empty_index),
		cmocka_unit_test(test_index_shape),
		cmocka_unit_test(test_postings_weights),
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_quote_random),
		cmocka_unit_test(test_pack_merge),
		cmocka_unit_test(test_index_reuse),
		cmocka_unit_test(test_split_files),
		cmocka_unit_test(test_split_postings_wide),
		cmocka_unit_test(test_gram_edges),
		cmocka_unit_test(test_shard_of_spread),
		cmocka_unit_test(test_spread),
		cmocka_unit_test(test_pack_merge_wide),
		cmocka_unit_test(test_check_packed),
		cmocka_unit_test(test_check_packed_text),
		cmocka_unit_test(test_check_packed_postings),
		cmocka_unit_test(test_deterministic),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("search", tests, NULL, NULL);
}
