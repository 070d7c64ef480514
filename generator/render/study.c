/*
 * study.c — study mode (see study.h): the card of figures to remember that
 * closes a chapter, and ```quiz blocks.
 *
 * A quiz's answer is a claim: numbers_span() checks it as it checks the
 * claims of the prose (a wrong answer key fails the build at its
 * file:line:col), and it is listed on claims.html with them.  For a typed
 * number the page carries what the checker knows (struct span_grade): the
 * computed interval in the stated unit, the tolerance of the relation, and
 * the slips a wrong answer may show, each with its hint in both languages.
 */
#include "render/study.h"
#include "render/chapter.h"
#include "render/ids.h"
#include "render/lang.h"
#include "render/spans.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/utf8.h"
#include "core/yamltree.h"
#include "book/numbers.h"
#include "numbers/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A quiz offers at most this many choices: more is not a question one
 * answers from memory, and it bounds what a hostile block makes. */
#define QUIZ_MAX_CHOICES 8

/* ---- figures to remember ---- */

void study_keys_merge(struct ctx *c)
{
	struct rendered *out = c->out;
	size_t kept = 0;
	for (size_t i = 0; i < out->nkeys; i++) {
		struct key_figure *k = &out->keys[i];
		if (k->pair && k->lang == 1) {
			/* the translation's meaning goes to its Chinese twin */
			struct key_figure *twin = NULL;
			for (size_t j = kept; j-- > 0 && out->keys[j].pair == k->pair;)
				if (out->keys[j].lang == 0 && out->keys[j].nth == k->nth)
					twin = &out->keys[j];
			if (twin && !twin->meaning.en) {
				twin->meaning.en = k->meaning.en;
				continue;
			}
		}
		out->keys[kept++] = *k;
	}
	out->nkeys = kept;
}

static void bi_text(struct dom_node *parent, const char *zh, const char *en)
{
	lang_bitext(parent, (struct bitext){ zh, en });
}

void study_figures_list(struct arena *a, struct dom_node *parent, const struct key_figure *keys,
			size_t n, const char *page)
{
	struct dom_node *ul = dom_elem_class(parent, "ul", "figures");
	for (size_t i = 0; i < n; i++) {
		const struct key_figure *k = &keys[i];
		struct dom_node *li = dom_elem(ul, "li");
		struct dom_node *fig = dom_elem_class(li, "a", "figure");
		dom_attr(fig, "href", arena_cat(a, page ? page : "", "#", k->anchor, (char *)NULL));
		dom_texts(fig, k->shown ? k->shown : "");
		dom_texts(li, " ");
		bi_text(dom_elem_class(li, "span", "meaning"), k->meaning.zh, k->meaning.en);
		if (k->derivation) {
			dom_texts(li, " ");
			struct dom_node *d = dom_elem_class(li, "span", "derivation");
			dom_texts(d, arena_cat(a, k->relation ? k->relation : "=", " ", k->derivation,
					       (char *)NULL));
		}
	}
}

void study_figures_card(struct arena *a, struct dom_node *article, const char *id,
			const struct key_figure *keys, size_t n, const char *page)
{
	struct dom_node *sec = dom_elem_class(article, "section", "study-card figures-card");
	dom_attr(sec, "aria-labelledby", id);
	struct dom_node *h = dom_elem(sec, "h2");
	dom_attr(h, "id", id);
	bi_text(h, "要记住的数字", "Figures to remember");
	study_figures_list(a, sec, keys, n, page);
	struct dom_node *more = dom_elem_class(sec, "p", "study-more");
	struct dom_node *link = dom_elem(more, "a");
	dom_attr(link, "href", "/figures.html");
	bi_text(link, "全书要记住的数字（可打印）", "All the book's figures to remember (printable)");
}

/* The hint of each kind of slip, in both languages. */
static const struct {
	const char *zh, *en;
} slip_hint[] = {
	[SLIP_PREFIX] = { "差了 1.024 的幂：十进制与二进制前缀（GB 与 GiB）弄混了？",
			  "off by a power of 1.024: a decimal/binary prefix slip (GB vs GiB)?" },
	[SLIP_BITS] = { "差了 8 倍：比特与字节弄混了？", "off by 8: bits vs bytes?" },
	[SLIP_SPARSE] = { "差了 2 倍：稠密与稀疏算力弄混了？", "off by 2: dense vs sparse FLOPS?" },
	[SLIP_DIRECTION] = { "差了 2 倍：单向与双向带宽弄混了？",
			     "off by 2: per direction vs both directions?" },
	[SLIP_DOUBLE] = { "差了 2 倍？", "off by a factor of 2?" },
	[SLIP_THOUSAND] = { "差了 1000 倍：单位前缀差了一级？", "off by 1000: a prefix one step off?" },
};

void study_assets(struct dom_node *frag)
{
	/* the hints of the slips a typed answer may show, once a page */
	struct dom_node *ul = dom_elem_class(frag, "ul", "quiz-hints");
	dom_attr(ul, "hidden", NULL);
	for (size_t k = 0; k < sizeof slip_hint / sizeof *slip_hint; k++) {
		struct dom_node *li = dom_elem(ul, "li");
		char number[8];
		snprintf(number, sizeof number, "%zu", k);
		dom_attr(li, "data-k", number);
		struct dom_node *z = dom_elem(li, "span");
		dom_attr(z, "lang", "zh-Hans");
		dom_texts(z, slip_hint[k].zh);
		struct dom_node *e = dom_elem(li, "span");
		dom_attr(e, "lang", "en");
		dom_texts(e, slip_hint[k].en);
	}
	struct dom_node *css = dom_elem(frag, "link");
	dom_attr(css, "rel", "stylesheet");
	dom_attr(css, "href", "/assets/study.css");
	struct dom_node *js = dom_elem(frag, "script");
	dom_attr(js, "src", "/assets/study.js");
	dom_attr(js, "defer", NULL);
}

/* ---- quizzes ---- */


/* The slips of a grade as JSON for study.js, one entry per kind of slip:
 * its factors and the number of its hint, [{"f":[0.9765625,1.024],"k":0}];
 * the hints are in the page once (study_assets()).  Seven digits are
 * plenty for a factor: a slip is matched within 0.5%. */
static const char *slips_json(struct arena *a, const struct span_grade *g)
{
	struct buf b = BUF_INIT;
	buf_addch(&b, '[');
	for (size_t i = 0; i < g->nslips; i++) {
		enum span_slip_kind k = g->slips[i].kind;
		int first = i == 0 || g->slips[i - 1].kind != k;
		int last = i + 1 == g->nslips || g->slips[i + 1].kind != k;
		if (first)
			buf_addf(&b, "%s{\"f\":[", i ? "," : "");
		buf_addf(&b, "%s%.7g", first ? "" : ",", g->slips[i].factor);
		if (last)
			buf_addf(&b, "],\"k\":%d}", (int)k);
	}
	buf_addch(&b, ']');
	const char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

/* Gives a "type a number" card what study.js grades with. */
static void grade_attrs(struct arena *a, struct dom_node *box, const struct span_grade *g,
			const char *key)
{
	dom_attr(box, "data-kind", "number");
	dom_attr(box, "data-lo", arena_printf(a, "%.17g", g->lo));
	dom_attr(box, "data-hi", arena_printf(a, "%.17g", g->hi));
	dom_attr(box, "data-tol", arena_printf(a, "%.17g", g->tol));
	dom_attr(box, "data-abs", arena_printf(a, "%.17g", g->abs_tol));
	dom_attr(box, "data-unit", g->unit);
	dom_attr(box, "data-key", key);
	dom_attr(box, "data-slips", slips_json(a, g));
}

/* A drill's box: a labelled group, its attributes in the order the
 * cards give them (the id, then what study.js reads). */
static struct dom_node *drill_box(struct arena *a, struct dom_node *parent, const char *id,
				  struct bitext question)
{
	struct dom_node *box = dom_elem_class(parent, "div", "quiz drill");
	dom_attr(box, "id", id);
	dom_attr(box, "role", "group");
	dom_attr(box, "aria-label", arena_cat(a, "练习 Drill: ", question.en ? question.en : question.zh,
					      (char *)NULL));
	return box;
}

/* A drill's question in both languages. */
static void drill_question(struct dom_node *box, struct bitext question)
{
	struct dom_node *q = dom_elem_class(box, "div", "pair quiz-question");
	struct dom_node *zh = dom_elem(q, "p");
	dom_attr(zh, "lang", "zh-Hans");
	dom_texts(zh, question.zh);
	struct dom_node *en = dom_elem(q, "p");
	dom_attr(en, "lang", "en");
	dom_texts(en, question.en);
}

struct dom_node *study_drill_card(struct arena *a, struct dom_node *parent, const char *id,
				  struct bitext question, const char *key, const char *derivation,
				  const char *href, const char *source, const struct span_grade *g)
{
	struct dom_node *box = drill_box(a, parent, id, question);
	grade_attrs(a, box, g, key);
	drill_question(box, question);
	struct dom_node *det = dom_elem_class(box, "details", "quiz-answer");
	bi_text(dom_elem(det, "summary"), "看答案", "Show the answer");
	struct dom_node *p = dom_elem_class(det, "p", "quiz-key");
	dom_texts(dom_elem(p, "strong"), key);
	if (derivation)
		dom_texts(p, arena_cat(a, " = ", derivation, (char *)NULL));
	dom_texts(p, " · ");
	struct dom_node *link = dom_elem(p, "a");
	dom_attr(link, "href", href);
	dom_texts(link, source);
	return box;
}

/* A choice's explanation in one language, ending in a link to its row. */
static void explain(struct dom_node *pair, const char *lang, const char *why, const char *link,
		    const char *href)
{
	struct dom_node *para = dom_elem(pair, "p");
	dom_attr(para, "lang", lang);
	dom_texts(para, why);
	dom_texts(para, " ");
	struct dom_node *a = dom_elem(para, "a");
	dom_attr(a, "href", href);
	dom_texts(a, link);
}

struct dom_node *study_choice_card(struct arena *a, struct dom_node *parent, const char *id,
				   struct bitext question, const struct bitext *choices, size_t n,
				   size_t right, struct bitext why, const char *href)
{
	struct dom_node *box = drill_box(a, parent, id, question);
	dom_attr(box, "data-kind", "choice");
	drill_question(box, question);
	struct dom_node *ol = dom_elem_class(box, "ol", "quiz-choices");
	for (size_t i = 0; i < n; i++) {
		struct dom_node *li = dom_elem(ol, "li");
		if (i + 1 == right)
			dom_attr(li, "data-correct", NULL);
		bi_text(dom_elem_class(li, "span", "quiz-choice"), choices[i].zh, choices[i].en);
	}
	struct dom_node *det = dom_elem_class(box, "details", "quiz-answer");
	bi_text(dom_elem(det, "summary"), "看答案", "Show the answer");
	struct dom_node *p = dom_elem_class(det, "p", "quiz-key");
	bi_text(dom_elem(p, "strong"), choices[right - 1].zh, choices[right - 1].en);
	struct dom_node *w = dom_elem_class(det, "div", "pair quiz-explain");
	explain(w, "zh-Hans", why.zh, "规格表", href);
	explain(w, "en", why.en, "spec table", href);
	return box;
}

/* Appends the text of a scalar (its spans {…} evaluated) to parent in
 * language lang (LANG_ZH or LANG_EN); returns it as plain text. */
static const char *quiz_text(struct ctx *c, struct dom_node *parent, const struct ynode *n, enum lang lang)
{
	enum lang was = c->lang;
	size_t from = c->text.len;
	c->lang = lang;
	spans_emit_text(c, parent, n->text, n->loc);
	const char *plain = arena_strndup(c->a, c->text.data + from, c->text.len - from);
	buf_addch(&c->text, '\n');
	c->lang = was;
	return plain;
}

/* Returns a text node of map m under key, or NULL; reports a node of
 * another kind. */
static const struct ynode *quiz_scalar(const struct ynode *m, const char *key)
{
	const struct ynode *n = ytree_get(m, key);
	if (n && n->kind != YNODE_SCALAR) {
		diag_error(n->loc, "'%s' of a quiz is text, not %s", key, ytree_kind_name(n));
		return NULL;
	}
	return n && !ytree_is_null(n) ? n : NULL;
}

/* Appends a block in both languages from a node: a map {zh:, en:} or one
 * text (its language told by its script); returns its plain text. */
static struct bitext quiz_bilingual(struct ctx *c, struct dom_node *parent, const struct ynode *n,
				    const char *cls)
{
	struct bitext plain = { NULL, NULL };
	const struct ynode *zh = NULL, *en = NULL;
	if (n->kind == YNODE_MAP) {
		zh = quiz_scalar(n, "zh");
		en = quiz_scalar(n, "en");
	} else if (n->kind == YNODE_SCALAR) {
		if (lang_detect(n->text, n->len) == LANG_ZH)
			zh = n;
		else
			en = n;
	}
	struct dom_node *box = zh && en ? dom_elem_class(parent, "div", cls) : parent;
	if (zh && en)
		dom_attr(box, "class", arena_cat(c->a, "pair ", cls, (char *)NULL));
	if (zh) {
		struct dom_node *p = dom_elem(box, "p");
		dom_attr(p, "lang", "zh-Hans");
		if (!en)
			dom_attr(p, "class", cls);
		plain.zh = quiz_text(c, p, zh, LANG_ZH);
	}
	if (en) {
		struct dom_node *p = dom_elem(box, "p");
		dom_attr(p, "lang", "en");
		if (!zh)
			dom_attr(p, "class", cls);
		plain.en = quiz_text(c, p, en, LANG_EN);
	}
	return plain;
}

/* Appends a choice as inline text (study.js makes it a button): a map
 * {zh:, en:} or one text for both languages; returns its plain text. */
static struct bitext quiz_choice(struct ctx *c, struct dom_node *li, const struct ynode *n)
{
	struct bitext plain = { NULL, NULL };
	const struct ynode *zh = n, *en = NULL;
	if (n->kind == YNODE_MAP) {
		zh = quiz_scalar(n, "zh");
		en = quiz_scalar(n, "en");
	} else if (n->kind != YNODE_SCALAR) {
		diag_error(n->loc, "a choice is text, or {zh: …, en: …}, not %s", ytree_kind_name(n));
		return plain;
	}
	/* study.js makes the choice a button: nothing in it may be a link or
	 * focusable (values and names show as text) */
	c->no_autolink++;
	c->in_link++;
	struct dom_node *box = zh && en ? dom_elem_class(li, "span", "bi quiz-choice")
					: dom_elem_class(li, "span", "quiz-choice");
	if (zh) {
		struct dom_node *z = en ? dom_elem(box, "span") : box;
		if (en || lang_detect(zh->text, zh->len) == LANG_ZH)
			dom_attr(z, "lang", "zh-Hans");
		int zh_text = en || lang_detect(zh->text, zh->len) == LANG_ZH;
		const char *t = quiz_text(c, z, zh, zh_text ? LANG_ZH : LANG_EN);
		if (zh_text)
			plain.zh = t;
		else
			plain.en = t;
	}
	if (zh && en)
		dom_texts(box, " ");
	if (en) {
		struct dom_node *e = zh ? dom_elem(box, "span") : box;
		dom_attr(e, "lang", "en");
		plain.en = quiz_text(c, e, en, LANG_EN);
	}
	c->in_link--;
	c->no_autolink--;
	return plain;
}

/* Checks a claim written in a quiz (the answer or a check): text as
 * written, at loc (its first character).  Returns 0 and fills *sp, or -1
 * after reporting. */
static int quiz_claim(struct ctx *c, const struct ynode *n, struct span *sp, const char *what)
{
	const char *text = n->text;
	size_t len = n->len;
	struct srcloc loc = n->loc;
	/* the claim as the checker sees a span: loc is its opening brace */
	if (len >= 2 && text[0] == '{' && text[len - 1] == '}') {
		text++;
		len -= 2;
	} else {
		loc.col--;
	}
	memset(sp, 0, sizeof *sp);
	if (!c->book->numbers || numbers_span(c->book->numbers, c->a, text, len, loc, sp) < 0)
		return -1;
	if (sp->kind != SPAN_CLAIM || sp->disputed) {
		diag_report(DIAG_ERROR, n->loc, (int)utf8_length(n->text, n->len),
			    "hint: write the answer as a claim, the answer first and what checks it "
			    "after the relation: '13.8 TB = 72 × 192 GB'",
			    "%s of a quiz is a claim: a value, a relation and what checks it", what);
		return -1;
	}
	return 0;
}

/* Records a quiz's claim for claims.html; the element el shows it. */
static void quiz_record(struct ctx *c, const struct span *sp, const struct ynode *n,
			struct dom_node *el)
{
	struct claim_record *r = ARRAY_PUSH(c->out->claims, c->out->nclaims, c->capclaims);
	r->span = *sp;
	r->loc = n->loc;
	r->section = c->section;
	r->anchor = arena_printf(c->a, "claim-%zu", c->out->nclaims);
	dom_attr(el, "id", r->anchor);
}

/* Appends a checked claim: what it states, and its derivation; returns
 * that as text. */
/* The computed value of an answer as a reader reads it: a number with
 * more than four significant digits and a decimal part ("17.934003×")
 * rounded by the book's rule for an exact value, three significant digits
 * ("17.9×"); any other text as it is. */
static const char *quiz_rounded(struct arena *a, const char *t)
{
	const char *p = t;
	while (*p && !(*p >= '0' && *p <= '9'))
		p++;
	const char *end = p;
	char digits[64];
	size_t n = 0;
	int sig = 0, point = 0;
	for (; (*end >= '0' && *end <= '9') || *end == ',' || (*end == '.' && !point); end++) {
		if (*end == ',')
			continue;
		if (*end == '.')
			point = 1;
		else if (sig || *end != '0')
			sig++;
		if (n + 1 < sizeof digits)
			digits[n++] = *end;
	}
	if (end > p && end[-1] == '.')
		end--, point = 0;
	if (!point || sig <= 4 || n + 1 >= sizeof digits)
		return t;
	digits[n] = 0;
	return arena_printf(a, "%.*s%s%s", (int)(p - t), t, format_number(a, strtod(digits, NULL), -1), end);
}

static const char *quiz_claim_text(struct ctx *c, struct dom_node *parent, const struct span *sp,
				   const struct ynode *n)
{
	struct dom_node *p = dom_elem_class(parent, "p", "quiz-key");
	struct dom_node *key = dom_elem_class(p, "strong", "claim claim-ok");
	quiz_record(c, sp, n, key);
	dom_texts(key, sp->stated);
	const char *rest = arena_printf(c->a, " %s %s", sp->relation, sp->derivation);
	if (sp->computed && strcmp(sp->computed, sp->stated) && strcmp(sp->computed, sp->derivation))
		rest = arena_printf(c->a, "%s = %s", rest, quiz_rounded(c->a, sp->computed));
	dom_texts(p, rest);
	return arena_cat(c->a, sp->stated, rest, (char *)NULL);
}

static const char *const quiz_keys[] = { "zh", "en", "answer", "choices", "correct", "check",
					 "explain" };

void study_quiz(struct ctx *c, const char *lit, int line, struct dom_node *parent)
{
	/* the pre-pass took its braces out as spans: put them back (flow maps
	 * are YAML's), and evaluate the spans of its texts from there */
	lit = spans_restore(c, lit);
	struct ynode *y = ytree_parse(c->a, c->ch->path, lit, strlen(lit), c->ch->body_line + line - 1);
	if (!y)
		return;
	struct srcloc at = chapter_loc(c, line - 1, 1);   /* the fence */
	if (y->kind != YNODE_MAP || !y->count) {
		diag_report(DIAG_ERROR, y->kind == YNODE_MAP ? at : y->loc, 3,
			    "hint: a quiz holds zh: and en: (the question) and answer: (a claim), "
			    "or choices: and correct:", "a quiz block is a map of keys");
		return;
	}
	for (size_t i = 0; i < y->count; i++) {
		const char *k = y->pairs[i].key->text;
		size_t j = 0;
		while (j < sizeof quiz_keys / sizeof *quiz_keys && strcmp(k, quiz_keys[j]))
			j++;
		if (j == sizeof quiz_keys / sizeof *quiz_keys) {
			diag_report(DIAG_ERROR, y->pairs[i].key->loc, (int)utf8_length(k, strlen(k)),
				    "hint: a quiz's keys are zh, en, answer, choices, correct, check, explain",
				    "unknown key '%s' in a quiz", k);
			return;
		}
	}
	const struct ynode *zh = quiz_scalar(y, "zh"), *en = quiz_scalar(y, "en");
	const struct ynode *answer = quiz_scalar(y, "answer");
	const struct ynode *choices = ytree_get(y, "choices"), *correct = quiz_scalar(y, "correct");
	if (!zh && !en) {
		diag_report(DIAG_ERROR, at, 3, "hint: write the question in zh: and en:",
			    "a quiz without a question");
		return;
	}
	if (!answer == !choices) {
		diag_report(DIAG_ERROR, at, 3,
			    "hint: 'answer: 13.8 TB = 72 × 192 GB' asks for a number; 'choices: [...]' "
			    "with 'correct: 2' offers a choice",
			    answer ? "a quiz has an answer or choices, not both" :
			    "a quiz needs an answer: or choices:");
		return;
	}
	long right = 0;
	if (choices) {
		char *end = NULL;
		if (choices->kind != YNODE_SEQ || choices->count < 2 ||
		    choices->count > QUIZ_MAX_CHOICES) {
			diag_report(DIAG_ERROR, choices->loc, 1, NULL,
				    "choices: is a list of 2 to %d answers", QUIZ_MAX_CHOICES);
			return;
		}
		if (correct)
			right = strtol(correct->text, &end, 10);
		if (!correct || *end || right < 1 || right > (long)choices->count) {
			diag_report(DIAG_ERROR, correct ? correct->loc : at, 3,
				    "hint: the choices are numbered from 1",
				    "correct: is the number of the right choice, 1 to %zu",
				    choices->count);
			return;
		}
	}
	struct span key;
	if (answer && quiz_claim(c, answer, &key, "the answer") < 0)
		return;
	if (answer && !key.grade.ok) {
		diag_report(DIAG_ERROR, answer->loc, (int)utf8_length(answer->text, answer->len),
			    "hint: a typed answer is graded against '=' or '≈', as a claim holds",
			    "the answer of a quiz is a claim with = or ≈, not '%s'", key.relation);
		return;
	}

	struct quiz_record *rec = ARRAY_PUSH(c->out->quizzes, c->out->nquizzes, c->capquizzes);
	memset(rec, 0, sizeof *rec);
	size_t number = c->out->nquizzes;
	struct dom_node *box = dom_elem_class(parent, "div", "quiz");
	rec->anchor = ids_unique(c, arena_printf(c->a, "quiz-%zu", number));
	dom_attr(box, "id", rec->anchor);
	dom_attr(box, "role", "group");
	dom_attr(box, "aria-label", arena_printf(c->a, "自测 Self-test %zu", number));
	struct dom_node *label = dom_elem_class(box, "p", "quiz-label");
	bi_text(label, "自测", "Self-test");
	rec->question = quiz_bilingual(c, box, y, "quiz-question");   /* zh: and en: of the block */
	if (answer) {
		grade_attrs(c->a, box, &key.grade, key.stated);
	} else {
		dom_attr(box, "data-kind", "choice");
		struct dom_node *ol = dom_elem_class(box, "ol", "quiz-choices");
		for (size_t i = 0; i < choices->count; i++) {
			struct dom_node *li = dom_elem(ol, "li");
			if ((long)i + 1 == right)
				dom_attr(li, "data-correct", NULL);
			struct bitext t = quiz_choice(c, li, choices->items[i]);
			if ((long)i + 1 == right)
				rec->choice = t;
		}
	}
	struct dom_node *det = dom_elem_class(box, "details", "quiz-answer");
	bi_text(dom_elem(det, "summary"), "看答案", "Show the answer");
	if (answer) {
		rec->key = quiz_claim_text(c, det, &key, answer);
	} else {
		struct dom_node *p = dom_elem_class(det, "p", "quiz-key");
		bi_text(p, arena_printf(c->a, "正确答案：第 %ld 项", right),
			arena_printf(c->a, "The right choice: number %ld", right));
	}
	const struct ynode *checks = ytree_get(y, "check");
	if (checks) {
		size_t n = checks->kind == YNODE_SEQ ? checks->count : 1;
		for (size_t i = 0; i < n; i++) {
			const struct ynode *ck = checks->kind == YNODE_SEQ ? checks->items[i] : checks;
			struct span sp;
			if (ck->kind != YNODE_SCALAR) {
				diag_error(ck->loc, "check: is a claim or a list of claims");
				continue;
			}
			if (quiz_claim(c, ck, &sp, "a check") < 0)
				continue;
			const char *t = quiz_claim_text(c, det, &sp, ck);
			rec->key = rec->key ? arena_cat(c->a, rec->key, "; ", t, (char *)NULL) : t;
		}
	}
	const struct ynode *explain = ytree_get(y, "explain");
	if (explain)
		rec->explain = quiz_bilingual(c, det, explain, "quiz-explain");
}
