/*
 * test_render.c — language detection, heading split, slugs, pairing,
 * callouts, soft breaks and ids of the render stage.
 */
#define _GNU_SOURCE   /* memmem, the reference for placeholder_find() */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "book/book.h"
#include "core/buffer.h"
#include "render/dom.h"
#include "render/render.h"
#include "render/lang.h"
#include "render/autolink.h"
#include "render/placeholder.h"
#include "core/utf8.h"

static void detect_lang(void **state)
{
	(void)state;
	assert_int_equal(lang_detect("NVL72 机柜内共有 72 个 GPU。", 34), LANG_ZH);
	assert_int_equal(lang_detect("An NVL72 rack holds 72 GPUs.", 28), LANG_EN);
	/* many Latin product names, still a Chinese sentence */
	const char *zh = "使用 NVIDIA Nsight Systems 和 PyTorch profiler 分析瓶颈";
	assert_int_equal(lang_detect(zh, strlen(zh)), LANG_ZH);
	assert_int_equal(lang_detect("42 %", 4), LANG_NONE);
}

/* lang_feed() as it was written first, decoding every character: the
 * fast paths for ASCII runs and for U+4000 to U+9FFF must count the same. */
static void reference_feed(struct lang_tally *t, const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);
		i += n > 0 ? (size_t)n : 1;
		if (cp == 0xE000) {
			while (i < len && (unsigned char)s[i] != 0xEE)
				i++;
			i += 3;
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

static void lang_tally_fast_paths(void **state)
{
	(void)state;
	/* words, digits, ' and -, Han at the edges of its ranges (U+3400,
	 * U+4DBF, U+4E00, U+9FFF), the hexagrams U+4DC0 and U+4DFF (no Han),
	 * Latin-1 letters, CJK punctuation, a placeholder, a cut-off character */
	static const char *const pieces[] = {
		"GPU", " ", "rack's", "x-1", "72", "\xe4\xb8\xad", "\xe3\x90\x80", "\xe4\xb6\xbf",
		"\xe4\xb8\x80", "\xe9\xbf\xbf", "\xe4\xb7\x80", "\xe4\xb7\xbf", "caf\xc3\xa9",
		"\xe3\x80\x82", "\xe2\x80\x94", "\xee\x80\x80" "12" "\xee\x80\x81", "\xf0\xa0\x80\x80",
		"\xe4\xb8", ",",
		/* long runs, for the 16-byte steps: ASCII words with digits, '
		 * and - across a step's edge, six Han, Han with a hexagram */
		"NVLink switches", "x86-64 GPU's 4-way", "--''12ab", "\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87\xe4\xb8\xad\xe6\x96\x87",
		"\xe4\xb8\x80\xe9\xbf\xbf\xe4\xb7\x80\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad",
		/* Han among 3-byte punctuation: ，、〇 — ｡ U+FEFF U+F900 (Han), a cut-off one */
		"\xe4\xb8\xad\xef\xbc\x8c\xe6\x96\x87\xe3\x80\x81\xe3\x80\x87\xe2\x80\x94\xef\xbd\xa1\xef\xbb\xbf\xef\xa4\x80\xe4\xb8\xad",
		"\xe3\x80\xe4\xb8\xad\xe2\x80",
	};
	unsigned long long seed = 2463534242ULL;
	for (int k = 0; k < 20000; k++) {
		char text[1024];
		size_t len = 0;
		for (int p = 0; p < (k & 1 ? 48 : 12); p++) {
			seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
			const char *piece = pieces[seed % (sizeof pieces / sizeof *pieces)];
			memcpy(text + len, piece, strlen(piece));
			len += strlen(piece);
		}
		size_t cut = (size_t)(seed >> 20) % (len + 1);
		struct lang_tally got = { 0, 0, 0, 0 }, want = { 0, 0, 0, 0 };
		lang_feed(&got, text, cut);   /* in two parts: a word may go on */
		lang_feed(&got, text + cut, len - cut);
		reference_feed(&want, text, cut);
		reference_feed(&want, text + cut, len - cut);
		assert_int_equal(got.han, want.han);
		assert_int_equal(got.words, want.words);
		assert_int_equal(got.in_word, want.in_word);
	}
}

/* autolink_next() finds a name wherever it stands in a text, past bytes
 * that start a name but are none: whether the names start with up to 4,
 * up to 8 or more bytes (16 bytes at a time against 4 or 8 of them, or
 * the table), at each offset around a 16-byte step and at the tail. */
static void autolink_every_offset(void **state)
{
	(void)state;
	static const char *const abbrs[] = { "Aq", "Bq", "Cq", "Dq", "Eq", "Fq",
					     "Gq", "Hq", "Iq", "Jq", "Kq", "Lq" };
	static const char *const ids[] = { "a", "b", "c", "d", "e", "f",
					   "g", "h", "i", "j", "k", "l" };
	static const size_t counts[] = { 1, 3, 4, 5, 8, 9, 12 };
	/* filler: no word characters, some UTF-8, and decoys (a name's first
	 * byte, no name) */
	static const char filler[] = ". \xe4\xb8\xad A. \xe4\xb8\xad, L; (Cx) \xe4\xb8\xad "
				     "\xe4\xb8\xad. A. \xe4\xb8\xad, L; (Cx) \xe4\xb8\xad ";
	for (size_t ci = 0; ci < sizeof counts / sizeof *counts; ci++) {
		struct term terms[12];
		memset(terms, 0, sizeof terms);
		for (size_t t = 0; t < counts[ci]; t++) {
			terms[t].id = ids[t];
			terms[t].abbr = abbrs[t];
		}
		struct book b;
		memset(&b, 0, sizeof b);
		b.terms = terms;
		b.nterms = counts[ci];
		struct autolinker *al = autolink_new(&b);
		for (size_t t = 0; t < counts[ci]; t++)
			for (size_t before = 0; before < 40; before++)
				for (size_t after = 0; after < 20; after += 3) {
					char text[128];
					char last = before ? filler[before - 1] : ' ';
					if ((last >= 'A' && last <= 'Z') || (last >= 'a' && last <= 'z'))
						continue;   /* a word's end: no name there */
					memcpy(text, filler, before);
					memcpy(text + before, abbrs[t], 2);
					memcpy(text + before + 2, filler + 1, after);
					size_t len = before + 2 + after;
					const struct autolink_target *found = NULL;
					/* the decoys before it: "A.", "L;", "Cx" */
					assert_int_equal(autolink_next(al, text, len, 0, NULL, 0, &found),
							 before);
					assert_non_null(found);
					assert_string_equal(found->term, ids[t]);
					assert_int_equal(autolink_next(al, text, len, before + 1, NULL, 0,
								       &found), len);
				}
		autolink_free(al);
	}
}

static void split_title(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct bitext t;
	assert_int_equal(lang_split_title(&a, "2.1 CPU 与 GPU 超级芯片 (CPU and GPU Superchips)", &t), 1);
	assert_string_equal(t.zh, "2.1 CPU 与 GPU 超级芯片");
	assert_string_equal(t.en, "2.1 CPU and GPU Superchips");
	assert_int_equal(lang_split_title(&a, "1.1.2 DeepSeek-V3 与 R1 (DeepSeek-V3 and R1)", &t), 1);
	assert_string_equal(t.zh, "1.1.2 DeepSeek-V3 与 R1");
	assert_string_equal(t.en, "1.1.2 DeepSeek-V3 and R1");
	assert_int_equal(lang_split_title(&a, "引言（Introduction）", &t), 1);
	assert_string_equal(t.zh, "引言");
	assert_string_equal(t.en, "Introduction");
	/* a parenthesis that is not a translation */
	assert_int_equal(lang_split_title(&a, "Memory (HBM3e)", &t), 0);
	assert_null(t.zh);
	assert_string_equal(t.en, "Memory (HBM3e)");
	assert_int_equal(lang_split_title(&a, "只有中文的标题", &t), 0);
	assert_string_equal(t.zh, "只有中文的标题");
	assert_null(t.en);
	arena_free(&a);
}

static void slugs(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	assert_string_equal(lang_slug(&a, "CPU and GPU Superchips"), "cpu-and-gpu-superchips");
	assert_string_equal(lang_slug(&a, "  NVLink 5 & NVSwitch!  "), "nvlink-5-nvswitch");
	assert_string_equal(lang_slug(&a, "有效吞吐量 (goodput)"), "有效吞吐量-goodput");
	assert_string_equal(lang_slug(&a, "—"), "");
	arena_free(&a);
}

static int allow_html;   /* the book's allow_html for render_body() */

/* Renders body as a chapter of an otherwise empty book; returns its HTML. */
static char *render_body(const char *body, struct rendered *r, struct arena *a)
{
	static struct book b;
	static struct chapter c;
	memset(&b, 0, sizeof b);
	memset(&c, 0, sizeof c);
	c.path = "content/01-test.md";
	c.source = "01-test.md";
	c.page = "01-test.html";
	c.title.zh = "测试";
	c.title.en = "Test";
	c.text = c.body = body;
	c.len = c.body_len = strlen(body);
	c.body_line = 1;
	b.chapters = &c;
	b.nchapters = 1;
	b.allow_html = allow_html;
	render_chapter(&b, &c, a, NULL, r);
	struct buf out = BUF_INIT;
	dom_node_serialize(dom_first_element(r->content), &out);
	dom_free(r->content);
	dom_free(r->toc);
	return buf_detach(&out, NULL);
}

/* A chapter's first level-1 heading that is its title is not repeated
 * below the page's h1 (issue 23: books without front matter) */
static void title_heading_once(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct rendered r;
	/* with front matter (render_body()'s chapter), a first # heading that is
	 * not the title stays */
	char *html = render_body("# Storage\n\nText.\n\n# Later\n", &r, &a);
	assert_non_null(strstr(html, ">Storage<"));
	free(html);
	/* front matter: a first heading saying the title is dropped, another kept */
	static const char file[] = "---\ntitle: {en: Test}\n---\n# Test\n\nText.\n";
	static const char other[] = "---\ntitle: {en: Test}\n---\n# Other\n\nText.\n";
	/* without: the first # heading is the title */
	static const char none[] = "# Storage\n\nText.\n\n# Later\n";
	const char *files[] = { file, other, none };
	for (int k = 0; k < 3; k++) {
		struct book b;
		struct chapter c;
		memset(&b, 0, sizeof b);
		memset(&c, 0, sizeof c);
		c.path = "content/01-test.md";
		c.source = "01-test.md";
		c.page = "01-test.html";
		c.title.en = "Test";
		c.text = files[k];
		c.len = strlen(files[k]);
		c.body = k < 2 ? strstr(files[k], "---\n#") + 4 : files[k];
		c.body_len = strlen(c.body);
		c.body_line = k < 2 ? 4 : 1;
		c.no_front_matter = k == 2;
		b.chapters = &c;
		b.nchapters = 1;
		render_chapter(&b, &c, &a, NULL, &r);
		struct buf out = BUF_INIT;
		dom_node_serialize(dom_first_element(r.content), &out);
		dom_free(r.content);
		dom_free(r.toc);
		if (k == 0)
			assert_null(strstr(out.data, "<h2"));
		else if (k == 1)
			assert_non_null(strstr(out.data, "<h2 id=\"other\""));
		else
			assert_true(!strstr(out.data, ">Storage<") && strstr(out.data, "Later"));
		buf_release(&out);
	}
	arena_free(&a);
}

static void pairs(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct rendered r;
	char *html = render_body("中文段落。\n\n> An English paragraph.\n\n没有翻译的段落。\n\n"
				 "- 列表\n\n> - A list\n", &r, &a);
	assert_int_equal(r.zh_blocks, 3);
	assert_int_equal(r.pairs, 2);
	assert_non_null(strstr(html, "<div class=\"pair\"><div lang=\"zh-Hans\"><p>中文段落。</p></div>"
				     "<div lang=\"en\"><p>An English paragraph.</p></div></div>"));
	assert_non_null(strstr(html, "<p lang=\"zh-Hans\">没有翻译的段落。</p>"));
	assert_non_null(strstr(html, "<div lang=\"en\"><ul><li>A list</li></ul></div>"));
	free(html);
	/* an English blockquote after an English paragraph is a quotation */
	html = render_body("An English paragraph.\n\n> Quoted words.\n", &r, &a);
	assert_int_equal(r.pairs, 0);
	assert_non_null(strstr(html, "<blockquote><p>Quoted words.</p></blockquote>"));
	free(html);
	arena_free(&a);
}

static void soft_breaks(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct rendered r;
	char *html = render_body("第一行\n第二行 and\nthird line\n", &r, &a);
	assert_non_null(strstr(html, "第一行第二行 and\nthird line"));
	free(html);
	arena_free(&a);
}

static void headings_and_ids(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct rendered r;
	char *html = render_body("## 1.1 概述 (Overview)\n\n## 1.2 概述 (Overview)\n\n"
				 "## 只有中文\n\n## 2.3 中文标题\n\n## Explicit {#mine}\n", &r, &a);
	assert_int_equal(r.nheadings, 5);
	assert_string_equal(r.headings[0].id, "overview");
	assert_string_equal(r.headings[1].id, "overview-2");
	assert_string_equal(r.headings[2].id, "只有中文");
	assert_string_equal(r.headings[3].id, "s2-3");
	assert_string_equal(r.headings[4].id, "mine");
	assert_non_null(strstr(html, "<span lang=\"zh-Hans\">1.1 概述</span> <span lang=\"en\">1.1 Overview</span>"));
	assert_null(strstr(html, "{#mine}"));
	assert_non_null(strstr(html, "<span>Explicit</span></h2>"));
	free(html);
	arena_free(&a);
}

static void callouts(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct rendered r;
	char *html = render_body("> [!WARNING]\n> 小心。\n>\n> Careful.\n", &r, &a);
	assert_non_null(strstr(html, "<div class=\"callout callout-warning\" role=\"note\">"
				     "<p class=\"callout-title\"><span class=\"bi\"><span lang=\"zh-Hans\">警告</span> "
				     "<span lang=\"en\">Warning</span></span></p>"));
	assert_int_equal(r.pairs, 1);
	assert_null(strstr(html, "[!WARNING]"));
	free(html);
	arena_free(&a);
}

static void raw_html_dropped(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct rendered r;
	char *html = render_body("<script>alert(1)</script>\n\nText <b>bold</b>.\n", &r, &a);
	assert_null(strstr(html, "<script"));
	assert_null(strstr(html, "<b>"));
	free(html);
	arena_free(&a);
}

/* allow_html: true keeps raw HTML through the allowlist (issue 19) */
static void raw_html_kept(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct rendered r;
	allow_html = 1;
	char *html = render_body("10<sup>9</sup> and <b id=\"x\" style=\"color:red\">b</b>\n\n"
				 "<details open>\n<summary>More</summary>\n\nSome *text*.\n\n</details>\n\n"
				 "<img src=x onerror=alert(1)>\n\n<script>alert(1)</script>\n", &r, &a);
	allow_html = 0;
	/* an author's id kept as GitHub keeps it, under its prefix, and an
	 * empty <a name> in it that a link from another page lands on */
	assert_non_null(strstr(html, "<p>10<sup>9</sup> and <b id=\"user-content-x\"><a name=\"x\"></a>b</b></p>"));
	assert_non_null(strstr(html, "<details open=\"\">\n<summary>More</summary>\n"
				     "<p>Some <em>text</em>.</p></details>"));
	assert_non_null(strstr(html, "<img src=\"/x\""));
	assert_null(strstr(html, "onerror"));
	assert_null(strstr(html, "alert"));
	assert_null(strstr(html, "<script"));
	assert_null(strstr(html, "style="));
	assert_null(strstr(html, "id=\"x\""));
	free(html);
	arena_free(&a);
}

/* Markdown renders as cmark renders it (issue 19); a relative link to a
 * file comes out from the site's root, for the link stage to check and
 * make relative to the page again */
static void as_cmark(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct rendered r;
	char *html = render_body("Use `{` to open and `}` to close.\n\n## ID\n\n"
				 "![alt](alt.png) ![foo *bar* `c`](x.png \"img title\") [a](u \"title\") "
				 "[l](</my uri>) [m](a\\\\b`c]\xc3\xa4)\n\n"
				 "- ```c\n  int main() { return 0; }\n  ```\n", &r, &a);
	assert_non_null(strstr(html, "<p>Use <code>{</code> to open and <code>}</code> to close.</p>"));
	assert_non_null(strstr(html, "<h2 id=\"id\"><a class=\"anchor\" href=\"#id\""));
	assert_non_null(strstr(html, "<img src=\"/alt.png\" alt=\"alt\""));
	assert_non_null(strstr(html, "<img src=\"/x.png\" alt=\"foo bar c\" title=\"img title\""));
	assert_non_null(strstr(html, "<a href=\"/u\" title=\"title\""));
	assert_non_null(strstr(html, "<a href=\"/my%20uri\""));
	assert_non_null(strstr(html, "<a href=\"/a%5Cb%60c%5D%C3%A4\""));
	assert_non_null(strstr(html, "<li><pre><code class=\"language-c\">int main() { return 0; }\n</code></pre></li>"));
	free(html);
	arena_free(&a);
}

/* The link stage's walk (dom_visit_linking()) passes over elements that
 * were never given an id, href, src, action or data-src: it must still
 * reach, in document order, every element that has one, whether set by
 * dom_attr(), copied with dom_copy() or read from a template, and no
 * other (a longer or shorter name that starts the same is not one). */
struct walk {
	struct dom_node *seen[32];
	size_t n;
};

static void walk_note(void *ctx, struct dom_node *n)
{
	struct walk *w = ctx;
	assert_true(w->n < 32);
	w->seen[w->n++] = n;
}

static void walk_reference(void *ctx, struct dom_node *n)
{
	static const struct dom_name names[] = { DOM_NAME("id"), DOM_NAME("href"), DOM_NAME("src"),
						 DOM_NAME("action"), DOM_NAME("data-src") };
	const char *v[5] = { NULL };
	if (dom_get_attrs(n, names, 5, v))
		walk_note(ctx, n);
}

static void assert_walks_agree(struct dom_node *root, size_t expected)
{
	struct walk fast = { 0 }, all = { 0 };
	dom_visit_linking(root, walk_note, &fast);
	dom_visit(root, walk_reference, &all);
	assert_int_equal(fast.n, expected);
	assert_int_equal(all.n, expected);
	for (size_t i = 0; i < expected; i++)
		assert_ptr_equal(fast.seen[i], all.seen[i]);
}

static void link_walk(void **state)
{
	(void)state;
	struct dom_node *frag = dom_fragment();
	struct dom_node *p = dom_elem_class(frag, "p", "lead");
	dom_attr(dom_elem(p, "a"), "href", "/a.html");
	dom_attr(dom_elem(p, "span"), "idx", "1");          /* not an id */
	dom_attr(dom_elem(p, "span"), "i", "1");
	dom_attr(dom_elem(p, "img"), "srcset", "x.png");    /* not a src */
	dom_attr(dom_elem(p, "img"), "src", "/x.png");
	struct dom_node *h = dom_elem(frag, "h2");
	dom_attr(h, "class", "x");
	dom_attr(h, "id", "sec");                           /* after another attribute */
	dom_attr(h, "id", "sec2");                          /* set again */
	dom_attr(dom_elem(dom_elem(h, "form"), "b"), "data-src", "3:4");
	dom_attr(dom_elem(frag, "form"), "action", "/search.html");
	dom_attr(dom_elem(frag, "div"), "data-srcx", "no");
	dom_texts(frag, "text");
	assert_walks_agree(frag, 5);
	struct dom_node *copy = dom_copy(frag);
	assert_walks_agree(copy, 5);
	dom_free(copy);
	dom_free(frag);

	static const char tpl[] = "<!DOCTYPE html><html><head><link rel=stylesheet href=/a.css>"
				  "<script src=/a.js defer></script></head><body><nav id=n>"
				  "<a class=x>no link</a><a href=/b.html>b</a></nav>"
				  "<main data-slot=content></main></body></html>";
	struct dom_template *t = dom_template_parse(tpl, sizeof tpl - 1, "t.html");
	assert_non_null(t);
	struct dom_page *page = dom_page_new(t);
	assert_walks_agree(dom_page_root(page), 4);
	dom_page_free(page);
	dom_template_free(t);
}

/* The serializer scans text sixteen bytes at a time, the last load past
 * the string's end (its bits dropped): a byte to escape at any place of a
 * string of any length, in a full step or the last, partial one, must
 * come out as a byte-at-a-time escape writes it. */
static void reference_escape(struct buf *out, const char *s, size_t len, int attr)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '&')
			buf_adds(out, "&amp;");
		else if (s[i] == '<')
			buf_adds(out, "&lt;");
		else if (s[i] == '>')
			buf_adds(out, "&gt;");
		else if (attr && s[i] == '"')
			buf_adds(out, "&quot;");
		else if ((unsigned char)s[i] == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] == 0xa0)
			buf_adds(out, "&nbsp;"), i++;
		else
			buf_addch(out, s[i]);
	}
}

static void escape_every_length(void **state)
{
	(void)state;
	static const char *const specials[] = { "&", "<", ">", "\"", "\xc2\xa0", "\xc2\xa9" };
	for (size_t len = 0; len <= 40; len++)
		for (size_t at = 0; at <= len; at++)
			for (size_t k = 0; k < sizeof specials / sizeof *specials; k++) {
				char text[64];
				memset(text, 'x', len);
				size_t n = len;
				if (at < len) {   /* else none: the text ends before it */
					size_t sl = strlen(specials[k]);
					memcpy(text + at, specials[k], sl);
					n = at + sl > len ? at + sl : len;
				}
				struct dom_node *frag = dom_fragment();
				struct dom_node *p = dom_elem(frag, "p");
				dom_attr_n(p, "title", 5, text, n);
				dom_text(p, text, n);
				/* what follows the strings in their store must not count */
				dom_attr(dom_elem(frag, "i"), "title", "&<>\"");
				struct buf got = BUF_INIT, want = BUF_INIT;
				dom_node_serialize(p, &got);
				buf_adds(&want, "<p title=\"");
				reference_escape(&want, text, n, 1);
				buf_adds(&want, "\">");
				reference_escape(&want, text, n, 0);
				buf_adds(&want, "</p>");
				assert_string_equal(got.data, want.data);
				assert_int_equal(got.len, want.len);
				buf_release(&got);
				buf_release(&want);
				dom_free(frag);
			}
}

/* placeholder_find() finds what memmem() finds: placeholders at every
 * offset, cut at every length, beside the bytes they start and end with */
static void placeholder_find_as_memmem(void **state)
{
	(void)state;
	static const char *pieces[] = {
		PH_OPEN, PH_CLOSE, "\xEE\x80\x80", "\xE2\xB8\xA8", "\xEE", "\xE2\xB8\xA8\xEE\x80",
		"a", "12", "\xE4\xB8\xAD", " ",
	};
	uint32_t r = 12345;
	char s[64];
	for (int round = 0; round < 20000; round++) {
		size_t n = 0;
		while (n < 40) {
			r = r * 1103515245u + 12345u;
			const char *p = pieces[(r >> 16) % (sizeof pieces / sizeof *pieces)];
			size_t k = strlen(p);
			memcpy(s + n, p, k);
			n += k;
		}
		for (size_t from = 0; from < n; from += 3)
			for (size_t len = 0; from + len <= n; len++) {
				const char *want = memmem(s + from, len, PH_OPEN, PH_LEN);
				assert_ptr_equal(placeholder_find(s + from, len), want);
			}
	}
}

int main(void)
{
	cmocka_set_message_output(CM_OUTPUT_TAP);
	dom_init();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(detect_lang),
		cmocka_unit_test(lang_tally_fast_paths),
		cmocka_unit_test(autolink_every_offset),
		cmocka_unit_test(split_title),
		cmocka_unit_test(slugs),
		cmocka_unit_test(title_heading_once),
		cmocka_unit_test(pairs),
		cmocka_unit_test(soft_breaks),
		cmocka_unit_test(headings_and_ids),
		cmocka_unit_test(as_cmark),
		cmocka_unit_test(callouts),
		cmocka_unit_test(raw_html_dropped),
		cmocka_unit_test(raw_html_kept),
		cmocka_unit_test(link_walk),
		cmocka_unit_test(escape_every_length),
		cmocka_unit_test(placeholder_find_as_memmem),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
