/*
 * book.c — the load stage: read a book directory into struct book.
 *
 * Reads content/book.yaml, every content/NN-slug.md (front matter split off
 * and parsed as YAML, the Markdown body kept for render), the glossary,
 * the spec tables (through numbers_load) and the page template (the
 * built-in one, core/builtin.h, when the book has none).  Every file
 * is registered with diag so that messages can quote its lines.  Problems
 * are reported and loading goes on, so one run shows every error.
 */
#include "book/book.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/builtin.h"
#include "core/distance.h"
#include "core/files.h"
#include "core/markdown.h"
#include "core/pack.h"
#include "core/url.h"
#include "core/utf8.h"
#include "core/work.h"
#include "core/yamltree.h"

#include <cmark-gfm.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads a file of the book (path relative to root) and registers it. */
static int read_book_file(struct arena *a, const char *root, const char *rel,
			  char **text, size_t *len)
{
	char *path = arena_printf(a, "%s/%s", root, rel);
	if (files_read_text(a, path, rel, text, len))
		return -1;
	diag_source(rel, *text, *len);
	return 0;
}

static const char *scalar(struct arena *a, const struct ynode *n, const char *what)
{
	(void)a;
	if (!n)
		return NULL;
	if (n->kind != YNODE_SCALAR) {
		diag_error(n->loc, "%s must be text, not %s", what, ytree_kind_name(n));
		return NULL;
	}
	return n->text;
}

/* Returns book.yaml's base_url, or NULL (reported) when a browser would not
 * read it as an http(s) address or a path: the links of 404.html start
 * with it, so a "javascript:" base would make every one of them a script. */
static const char *base_url(struct arena *a, const struct ynode *n)
{
	const char *url = scalar(a, n, "base_url");
	if (!url)
		return NULL;
	char scheme[URL_SCHEME_MAX + 1];
	size_t len = strlen(url);
	if (url_judge(url, len) != URL_SAFE ||
	    (url_scheme(url, len, scheme, sizeof scheme) && strcmp(scheme, "http") && strcmp(scheme, "https"))) {
		diag_error(n->loc, "refused base_url: write an http:// or https:// address "
				   "or a path such as /book/");
		return NULL;
	}
	return url;
}

/* Returns book.yaml's edit_url, or NULL (reported) unless it is an http(s)
 * address holding {path} (mdBook's edit-url-template). */
static const char *edit_url(struct arena *a, const struct ynode *n)
{
	const char *url = scalar(a, n, "edit_url");
	if (!url)
		return NULL;
	char scheme[URL_SCHEME_MAX + 1];
	size_t len = strlen(url);
	if (url_judge(url, len) != URL_SAFE || !url_scheme(url, len, scheme, sizeof scheme) ||
	    (strcmp(scheme, "http") && strcmp(scheme, "https"))) {
		diag_error(n->loc, "refused edit_url: write an http:// or https:// address, such as "
				   "https://github.com/OWNER/REPO/edit/main/{path}");
		return NULL;
	}
	if (!strstr(url, "{path}")) {
		diag_error(n->loc, "edit_url has no {path}: write where the chapter's file goes, as in "
				   "https://github.com/OWNER/REPO/edit/main/{path}");
		return NULL;
	}
	return url;
}

/* Reads {zh: …, en: …}; a plain string counts as the language of its script. */
static int read_bitext(struct arena *a, const struct ynode *n, const char *what,
		       struct bitext *out)
{
	out->zh = out->en = NULL;
	if (!n)
		return 0;
	if (n->kind == YNODE_SCALAR) {
		int han = 0;
		for (const unsigned char *p = (const unsigned char *)n->text; *p; p++)
			han += *p >= 0xE3 && *p <= 0xE9;   /* lead bytes of U+3000–U+9FFF */
		if (han)
			out->zh = n->text;
		else
			out->en = n->text;
		return 0;
	}
	if (n->kind != YNODE_MAP) {
		diag_error(n->loc, "%s must be {zh: …, en: …}, not %s", what, ytree_kind_name(n));
		return -1;
	}
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *k = n->pairs[i].key;
		const char *v = scalar(a, n->pairs[i].value, what);
		if (!strcmp(k->text, "zh"))
			out->zh = v;
		else if (!strcmp(k->text, "en"))
			out->en = v;
		else
			diag_warning(k->loc, "unknown language '%s' in %s (use zh and en; quote text that holds a comma)", k->text, what);
	}
	return 0;
}

static double parse_percent(const struct ynode *n)
{
	char *end;
	double v = strtod(n->text, &end);
	while (*end == ' ')
		end++;
	if (end == n->text || (*end && strcmp(end, "%")) || v < 0 || v >= 100) {
		diag_error(n->loc, "approx must be a percentage such as 2%%, not '%s'", n->text);
		return 0.02;
	}
	return v / 100;
}

/* true/yes or false/no; anything else keeps dflt, with a warning. */
static int yes_no(const struct ynode *n, const char *key, int dflt)
{
	if (!strcmp(n->text, "true") || !strcmp(n->text, "yes"))
		return 1;
	if (!strcmp(n->text, "false") || !strcmp(n->text, "no"))
		return 0;
	diag_warning(n->loc, "%s must be true or false, not '%s': keeping the default (%s)", key,
		     n->text, dflt ? "true" : "false");
	return dflt;
}

static const char **read_list(struct arena *a, const struct ynode *n, size_t *count);

/* The settings of book.yaml; a key beginning with BOOK_YAML_EXTENSION is
 * another tool's, left alone. */
static const char *const book_yaml_keys[] = {
	"title", "subtitle", "author", "approx", "allow_html", "note_unpaired", "unchecked",
	"links", "footer", "claims_intro", "base_url", "edit_url", "languages", "nav", "audit",
};
#define BOOK_YAML_EXTENSION "x-"

/* Reports a key of book.yaml that is no setting: an error (a misspelt
 * approx: must not leave the tolerance at its default unseen), with the
 * nearest setting, or the list, and the escape for other tools' keys. */
static void unknown_setting(struct arena *a, const struct ynode *k, const struct ynode *v)
{
	size_t n = sizeof book_yaml_keys / sizeof *book_yaml_keys;
	const char *near = NULL;
	size_t best = strlen(k->text) / 3 + 1;
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(k->text, book_yaml_keys[i])) {
			diag_error(v->loc, "%s wants a single value, not %s", k->text, ytree_kind_name(v));
			return;
		}
		size_t d = edit_distance(k->text, book_yaml_keys[i], 64, DISTANCE_TRANSPOSE | DISTANCE_FOLD_CASE);
		if (d != (size_t)-1 && d < best) {
			near = book_yaml_keys[i];
			best = d;
		}
	}
	char *hint;
	if (near)
		hint = arena_printf(a, "hint: did you mean '%s'? (a key for another tool: begin it with "
				    BOOK_YAML_EXTENSION ", which specbook leaves alone)", near);
	else {
		struct buf list = BUF_INIT;
		for (size_t i = 0; i < n; i++)
			buf_addf(&list, "%s%s", i ? ", " : "", book_yaml_keys[i]);
		hint = arena_printf(a, "hint: the settings are %s; a key for another tool begins with "
				    BOOK_YAML_EXTENSION ", which specbook leaves alone", list.data);
		buf_release(&list);
	}
	diag_report(DIAG_ERROR, k->loc, (int)strlen(k->text), hint, "unknown setting '%s' in book.yaml",
		    k->text);
}

static void load_book_yaml(struct arena *a, struct book *b)
{
	char *text;
	size_t len;
	b->approx = 0.02;
	b->allow_html = 1;   /* the safe subset (rawhtml.c's allowlist) */
	if (!files_exists(arena_printf(a, "%s/content/book.yaml", b->root))) {
		b->no_book_yaml = 1;   /* a repository as it is: see book_load() */
		return;
	}
	if (read_book_file(a, b->root, "content/book.yaml", &text, &len))
		return;
	struct ynode *root = ytree_parse(a, "content/book.yaml", text, len, 1);
	if (!root)
		return;
	if (root->kind != YNODE_MAP) {
		diag_error(root->loc, "book.yaml must be a map of settings");
		return;
	}
	for (size_t i = 0; i < root->count; i++) {
		const struct ynode *k = root->pairs[i].key, *v = root->pairs[i].value;
		if (!strcmp(k->text, "title"))
			read_bitext(a, v, "title", &b->title);
		else if (!strcmp(k->text, "subtitle"))
			read_bitext(a, v, "subtitle", &b->subtitle);
		else if (!strcmp(k->text, "author"))
			b->author = scalar(a, v, "author");
		else if (!strcmp(k->text, "approx") && v->kind == YNODE_SCALAR)
			b->approx = parse_percent(v);
		else if (!strcmp(k->text, "allow_html") && v->kind == YNODE_SCALAR)
			b->allow_html = yes_no(v, "allow_html", b->allow_html);
		else if (!strcmp(k->text, "note_unpaired") && v->kind == YNODE_SCALAR)
			b->quiet_unpaired = !yes_no(v, "note_unpaired", 1);
		else if (!strcmp(k->text, "unchecked") && v->kind == YNODE_SCALAR) {
			b->unchecked_set = 1;
			if (!strcmp(v->text, "warn"))
				b->unchecked = UNCHECKED_WARN;
			else if (!strcmp(v->text, "error"))
				b->unchecked = UNCHECKED_ERROR;
			else if (!strcmp(v->text, "off"))
				b->unchecked = UNCHECKED_OFF;
			else
				diag_report(DIAG_ERROR, v->loc, (int)strlen(v->text),
					    "hint: plain quantities that no spec row vouches for get a "
					    "warning (warn), fail the build (error) or pass unseen (off)",
					    "unchecked must be warn, error or off, not '%s'", v->text);
		} else if (!strcmp(k->text, "links") && v->kind == YNODE_SCALAR) {
			if (!strcmp(v->text, "warn"))
				b->links = LINKS_WARN;
			else if (!strcmp(v->text, "error"))
				b->links = LINKS_ERROR;
			else
				diag_report(DIAG_ERROR, v->loc, (int)strlen(v->text),
					    "hint: a link or image whose file, page or anchor is not in "
					    "the book gets a warning (warn, the default) or fails the "
					    "build (error)",
					    "links must be warn or error, not '%s'", v->text);
		} else if (!strcmp(k->text, "audit") && v->kind == YNODE_MAP) {
			/* `audit: {reference: false}`: read by specbook audit (audit/command.c) */
		} else if (!strcmp(k->text, "footer"))
			b->footer = scalar(a, v, "footer");
		else if (!strcmp(k->text, "claims_intro"))
			read_bitext(a, v, "claims_intro", &b->claims_intro);
		else if (!strcmp(k->text, "base_url"))
			b->base_url = base_url(a, v);
		else if (!strcmp(k->text, "edit_url"))
			b->edit_url = edit_url(a, v);
		else if (!strcmp(k->text, "languages")) {
			size_t n;
			const char **l = read_list(a, v, &n);
			int zh = 0, en = 0, bad = 0;
			for (size_t j = 0; j < n; j++) {
				if (!strcmp(l[j], "zh"))
					zh = 1;
				else if (!strcmp(l[j], "en"))
					en = 1;
				else
					bad = 1;
			}
			if (bad || !(zh || en))
				diag_error(v->loc, "languages must list zh, en or both: [en], [zh] or [zh, en]");
			else {
				b->languages_set = 1;
				b->language = zh && en ? NULL : zh ? "zh" : "en";
			}
		} else if (!strcmp(k->text, "nav")) {
			if (v->kind == YNODE_SEQ)
				b->nav = v;
			else
				diag_error(v->loc, "nav must be a list of pages and folders below content/, "
						   "not %s", ytree_kind_name(v));
		}
		else if (strncmp(k->text, BOOK_YAML_EXTENSION, strlen(BOOK_YAML_EXTENSION)))
			unknown_setting(a, k, v);
	}
	if (!b->title.zh && !b->title.en)
		diag_error(root->loc, "book.yaml has no title: add title: {zh: …, en: …}");
}

/* Returns 1 if the line at p (up to end) is exactly the fence ("---" or "..."). */
static int is_fence(const char *p, const char *end, const char *fence)
{
	size_t n = strlen(fence);
	if ((size_t)(end - p) < n || memcmp(p, fence, n))
		return 0;
	p += n;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p < end && *p == '\r')
		p++;
	return p == end || *p == '\n';
}

/* The file's name without its NN- prefix and .md: "01-intro.md" → "intro";
 * a folder's README.md or index.md, the folder's name. */
static char *chapter_stem(struct arena *a, const char *source)
{
	const char *slash = strrchr(source, '/');
	const char *name = slash ? slash + 1 : source;
	if (slash && (!strcmp(name, "README.md") || !strcmp(name, "index.md"))) {
		const char *up = slash;
		while (up > source && up[-1] != '/')
			up--;
		size_t digits = strspn(up, "0123456789");
		if (digits && up[digits] == '-' && up + digits + 1 < slash)
			up += digits + 1;
		return arena_strndup(a, up, (size_t)(slash - up));
	}
	size_t digits = strspn(name, "0123456789");
	if (digits && name[digits] == '-')
		name += digits + 1;
	size_t n = strlen(name);
	if (n > 3 && !strcmp(name + n - 3, ".md"))
		n -= 3;
	return arena_strndup(a, name, n);
}

/* Finds the body after the front matter of c->text; *yaml and *ylen get
 * the front matter (NULL and 0 when there is none: the body is the whole
 * file).  Returns 0 or -1 after reporting. */
static int split_front_matter(struct chapter *c, const char **yaml_out, size_t *ylen)
{
	const char *end = c->text + c->len;
	struct srcloc loc = { c->path, 1, 1 };
	if (!is_fence(c->text, end, "---")) {
		/* no front matter: the whole file is the body, its title its
		 * first heading (book_chapter_parse()) */
		c->body = c->text;
		c->body_len = c->len;
		c->body_line = 1;
		c->no_front_matter = 1;
		*yaml_out = NULL;
		*ylen = 0;
		return 0;
	}
	const char *yaml = strchr(c->text, '\n');
	yaml = yaml ? yaml + 1 : end;
	const char *p = yaml;
	int line = 2;
	while (p < end && !is_fence(p, end, "---") && !is_fence(p, end, "...")) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
		line++;
	}
	if (p >= end) {
		diag_error(loc, "front matter is not closed: add a line '---' after it");
		return -1;
	}
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	c->no_front_matter = 0;
	c->body = nl ? nl + 1 : end;
	c->body_len = (size_t)(end - c->body);
	c->body_line = line + 1;
	*yaml_out = yaml;
	*ylen = (size_t)(p - yaml);
	return 0;
}

/* Appends the text of a heading's inlines (code spans' too) to b. */
static void node_text(cmark_node *n, struct buf *b, int depth)
{
	for (cmark_node *k = cmark_node_first_child(n); k && depth < 32; k = cmark_node_next(k)) {
		cmark_node_type t = cmark_node_get_type(k);
		if (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE)
			buf_adds(b, cmark_node_get_literal(k));
		else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK)
			buf_addch(b, ' ');
		else
			node_text(k, b, depth + 1);
	}
}

/* The text of h when it is a level-1 heading with some, else NULL. */
static char *h1_text(struct arena *a, cmark_node *h)
{
	if (cmark_node_get_type(h) != CMARK_NODE_HEADING || cmark_node_get_heading_level(h) != 1)
		return NULL;
	struct buf b = BUF_INIT;
	node_text(h, &b, 0);
	char *r = b.len ? arena_strdup(a, b.data) : NULL;
	buf_release(&b);
	return r;
}

char *book_first_heading(struct arena *a, const char *body, size_t len)
{
	/* the first block: up to the first blank line after some text */
	size_t i = 0, end = len;
	while (i < len && (body[i] == '\n' || body[i] == '\r' || body[i] == ' ' || body[i] == '\t'))
		i++;
	for (size_t k = i; k < len; k++)
		if (body[k] == '\n' && k + 1 < len &&
		    (body[k + 1] == '\n' || (body[k + 1] == '\r' && k + 2 < len && body[k + 2] == '\n'))) {
			end = k + 1;
			break;
		}
	cmark_node *doc = markdown_parse(body + i, end - i, 0, NULL);
	cmark_node *h = doc ? cmark_node_first_child(doc) : NULL;
	char *r = h ? h1_text(a, h) : NULL;
	if (doc)
		cmark_node_free(doc);
	return r;
}

/* The first level-1 heading of a body that does not begin with one, as
 * MkDocs takes a title: after MDX's import lines, a comment, a logo or a
 * line of badges.  Only a prefix is parsed, to the end of the first line
 * that may be a level-1 heading (ATX "# " or a setext "==="), with all it
 * follows, so that cmark decides (a "# " inside an HTML block or a list
 * is not one); at most TITLE_TRIES such lines are tried. */
#define TITLE_TRIES 8
static char *first_h1_later(struct arena *a, const char *body, size_t len)
{
	int fence = 0, tries = 0;
	for (size_t at = 0; at < len && tries < TITLE_TRIES;) {
		const char *nl = memchr(body + at, '\n', len - at);
		size_t eol = nl ? (size_t)(nl - body) + 1 : len;
		const char *p = body + at;
		size_t ind = strspn(p, " ");
		if (ind < 4 && (!strncmp(p + ind, "```", 3) || !strncmp(p + ind, "~~~", 3)))
			fence = !fence;
		int candidate = !fence && ind < 4 &&
				((p[ind] == '#' && (p[ind + 1] == ' ' || p[ind + 1] == '\t')) ||
				 (p[ind] == '=' && at > 0));
		if (candidate) {
			tries++;
			cmark_node *doc = markdown_parse(body, eol, 0, NULL);
			char *r = NULL;
			for (cmark_node *h = doc ? cmark_node_first_child(doc) : NULL; h && !r;
			     h = cmark_node_next(h))
				r = h1_text(a, h);
			if (doc)
				cmark_node_free(doc);
			if (r)
				return r;
		}
		at = eol;
	}
	return NULL;
}

/* Does s hold a Han character (then a title read from a heading is Chinese)? */
static int has_han(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p >= 0xE3 && *p <= 0xE9)   /* lead bytes of U+3000–U+9FFF */
			return 1;
	return 0;
}

/* A chapter whose front matter gives no title takes its first level-1
 * heading's (the first block's, else a later one: first_h1_later())
 * (returns 1), else its file's name (returns 0). */
static int title_from_body(struct arena *a, struct chapter *c)
{
	char *t = book_first_heading(a, c->body, c->body_len);
	if (!t)
		t = first_h1_later(a, c->body, c->body_len);
	if (t && has_han(t))
		c->title.zh = t;
	else if (t)
		c->title.en = t;
	else
		c->title.en = chapter_stem(a, c->source);
	return t != NULL;
}

/* A front matter key specbook does not read: a slip of one it reads
 * ("titel") is a warning; a key of another tool (Docusaurus's
 * sidebar_position, Hugo's weight, Jekyll's layout) is kept on c, for
 * the one note the book gets (note_other_keys()). */
static void other_key(struct arena *a, struct chapter *c, const struct ynode *k)
{
	static const char *const known[] = { "id", "title", "summary" };
	const char *best = NULL;
	for (size_t i = 0; i < sizeof known / sizeof *known && !best; i++) {
		size_t d = edit_distance(k->text, known[i], 64, DISTANCE_TRANSPOSE | DISTANCE_FOLD_CASE);
		if (d != (size_t)-1 && d <= strlen(known[i]) / 3)
			best = known[i];
	}
	if (best) {
		diag_report(DIAG_WARNING, k->loc, 0, "hint: specbook reads id, title and summary",
			    "unknown front matter key '%s' (did you mean '%s'?)", k->text, best);
		return;
	}
	if (!c->other_keys)
		c->other_keys_line = k->loc.line;
	c->other_keys = c->other_keys ? arena_printf(a, "%s, %s", c->other_keys, k->text) : k->text;
}

int book_chapter_parse(struct arena *a, struct chapter *c)
{
	const char *yaml;
	size_t ylen;
	if (split_front_matter(c, &yaml, &ylen))
		return -1;
	if (!yaml) {
		title_from_body(a, c);
		return 0;
	}
	struct ynode *fm = ytree_parse(a, c->path, yaml, ylen, 2);
	if (!fm)
		return -1;
	if (fm->kind != YNODE_MAP) {
		diag_error(fm->loc, "front matter must be a map (id, title, summary)");
		return -1;
	}
	for (size_t i = 0; i < fm->count; i++) {
		const struct ynode *k = fm->pairs[i].key, *v = fm->pairs[i].value;
		if (!strcmp(k->text, "id"))
			c->id = scalar(a, v, "id");
		else if (!strcmp(k->text, "title"))
			read_bitext(a, v, "title", &c->title);
		else if (!strcmp(k->text, "summary"))
			read_bitext(a, v, "summary", &c->summary);
		else
			other_key(a, c, k);
	}
	/* front matter written for other tools ("name:", "tags:") may have no title */
	if (!c->title.zh && !c->title.en && !title_from_body(a, c))
		diag_warning(fm->loc, "chapter has no title: its file's name '%s' is shown; add "
				      "title: {zh: …, en: …} to its front matter, or a # heading", c->title.en);
	return 0;
}

static int chapter_id_cmp(const void *pa, const void *pb)
{
	const struct chapter *x = *(const struct chapter *const *)pa;
	const struct chapter *y = *(const struct chapter *const *)pb;
	int c = strcmp(x->id, y->id);
	return c ? c : (x > y) - (x < y);
}

/* Reports every chapter whose id an earlier chapter already has: sorted by
 * id (then by place), so a book of many chapters is not compared pairwise. */
static void check_chapter_ids(struct arena *a, struct book *b)
{
	if (b->nchapters < 2)
		return;
	const struct chapter **by_id = arena_array(a, b->nchapters, sizeof *by_id);
	for (size_t i = 0; i < b->nchapters; i++)
		by_id[i] = &b->chapters[i];
	qsort(by_id, b->nchapters, sizeof *by_id, chapter_id_cmp);
	for (size_t i = 1, first = 0; i < b->nchapters; i++) {
		if (strcmp(by_id[i]->id, by_id[first]->id)) {
			first = i;
			continue;
		}
		/* x.md beside x/README.md: two pages on GitHub, two here; the
		 * id its path made gets the first free number */
		if (by_id[i]->id_from_path) {
			struct chapter *c = (struct chapter *)by_id[i];
			for (int k = 2;; k++) {
				const char *id = arena_printf(a, "%s-%d", by_id[first]->id, k);
				size_t j = 0;
				while (j < b->nchapters && strcmp(b->chapters[j].id, id))
					j++;
				if (j == b->nchapters) {
					c->id = id;
					break;
				}
			}
			continue;
		}
		for (size_t j = first; j < i; j++)
			diag_error((struct srcloc){ by_id[i]->path, 2, 1 }, "duplicate chapter id '%s' (also in %s)",
				   by_id[i]->id, by_id[j]->path);
	}
}

/* Chapters are read in parallel (work_each()): a book of thousands spends
 * a second reading, validating and hashing its files and parsing their
 * front matter. */
struct read_job {
	struct book *b;
	book_vouch *vouch;           /* NULL: read every chapter */
	const void *vouch_ctx;
	int *ok;                     /* per chapter: read (or vouched for) */
	int dir_fd;                  /* content/, open: its path is looked up once */
};

static void read_one(void *ctx, size_t i, struct arena *a)
{
	struct read_job *job = ctx;
	struct book *b = job->b;
	struct chapter *c = &b->chapters[i];
	/* stat before reading: a change after this shows next time */
	struct chapter_known k;
	if (files_statat(job->dir_fd, c->source, &c->st) == 0 && job->vouch &&
	    job->vouch(job->vouch_ctx, c->source, &c->st, &k)) {
		c->hash = k.hash;
		c->id = k.id;
		c->title = k.title;
		c->summary = k.summary;
		job->ok[i] = 1;
	} else {
		job->ok[i] = book_chapter_read(a, b, c) == 0;
	}
}

/* How deep folders of content/ are searched for pages: deeper than any
 * book's sections, shallow enough for a stack. */
enum { CONTENT_DEPTH_MAX = 16 };

/* A page's file name, or a folder's: "README.md" → "README", "02-net" → "02-net". */
static size_t name_stem_len(const char *name)
{
	size_t n = strlen(name);
	return n > 3 && !strcmp(name + n - 3, ".md") ? n - 3 : n;
}

/* Is name a folder's own page (README.md or index.md)? */
static int is_folder_page(const char *name)
{
	return !strcmp(name, "README.md") || !strcmp(name, "index.md");
}

/* The number of an "NN-" prefix (2 to 6 digits, then a dash), or -1. */
static int name_number(const char *name)
{
	size_t digits = strspn(name, "0123456789");
	if (digits < 2 || digits > 6 || name[digits] != '-')
		return -1;
	return atoi(name);
}

/* An entry of a folder with what its order depends on, worked out once
 * (worked out at each comparison, they were 2.8 of the 4.2 million
 * instructions walking a 1000-chapter book's content took). */
struct entry {
	const char *name;
	int folder_page;   /* is_folder_page() */
	int number;        /* name_number() */
	size_t stem;       /* name_stem_len() */
};

/* The order of two entries of one folder: its README (or index) first,
 * then by NN- prefix where both have one, then by name (stem). */
static int entry_cmp(const void *pa, const void *pb)
{
	const struct entry *ex = pa, *ey = pb;
	const char *x = ex->name, *y = ey->name;
	int fx = ex->folder_page, fy = ey->folder_page;
	if (fx != fy)
		return fy - fx;
	int nx = ex->number, ny = ey->number;
	if (nx >= 0 && ny >= 0 && nx != ny)
		return nx < ny ? -1 : 1;
	size_t lx = ex->stem, ly = ey->stem;
	int c = strncmp(x, y, lx < ly ? lx : ly);
	if (c)
		return c;
	return lx != ly ? (lx < ly ? -1 : 1) : strcmp(x, y);
}

/* Sorts the n names of a folder's entries by entry_cmp(). */
static void sort_entries(char **names, size_t n)
{
	struct entry *e = xmalloc(size_mul(n ? n : 1, sizeof *e));
	for (size_t i = 0; i < n; i++)
		e[i] = (struct entry){ names[i], is_folder_page(names[i]), name_number(names[i]),
				       name_stem_len(names[i]) };
	qsort(e, n, sizeof *e, entry_cmp);
	for (size_t i = 0; i < n; i++)
		names[i] = (char *)e[i].name;
	free(e);
}

/*
 * The files of content/ a browser would run, not just show: a page
 * (notes.html), a script (notes.js) or an XML document (which may carry
 * an XSLT or XHTML script).  Published beside the chapters, such a file
 * runs with the site's origin: it would read the reader's study progress
 * and, on a shared origin (user.github.io/book), every other project's
 * storage, and no allowlist of raw HTML would have seen it.  They are
 * refused (an SVG image is checked, not refused: site/svg.c).
 */
static const char *const active_extensions[] = { ".html", ".htm", ".xhtml", ".xht", ".shtml",
						 ".js", ".mjs", ".cjs", ".xml", ".xsl", ".xslt",
						 ".svgz" };

/* Returns whether a file named name would run in a browser (above). */
static int is_active_file(const char *name)
{
	size_t len = strlen(name);
	for (size_t i = 0; i < sizeof active_extensions / sizeof *active_extensions; i++) {
		size_t n = strlen(active_extensions[i]);
		if (len > n && !strcasecmp(name + len - n, active_extensions[i]))
			return 1;
	}
	return 0;
}

struct found {
	const char **sources;    /* the pages, below content/ */
	size_t n, cap;
	const char **files;      /* the other files, below content/, to be copied */
	size_t nfiles, capfiles;
	const char **second;     /* index.md beside a README.md: not the folder's page */
	size_t nsecond, capsecond;
	const char *content_real;   /* content/'s real path (realpath()), or NULL */
};

/* A symbolic link of content/ (not a chapter), never followed: what it
 * leads to may be outside the book.  One that leads inside content/ (a
 * repository's op_builder -> ../../op_builder) is harmless, the file it
 * names being in the book already: a note.  Any other is an error: a
 * book from a stranger has no business pointing outside itself. */
static void link_not_followed(struct arena *a, const struct found *f, const char *path, const char *shown)
{
	char *to = f->content_real ? realpath(path, NULL) : NULL;
	int nowhere = !to && errno == ENOENT;
	size_t n = f->content_real ? strlen(f->content_real) : 0;
	if (nowhere)
		diag_report(DIAG_WARNING, (struct srcloc){ shown, 0, 0 }, 0,
			    "hint: remove it, or put the file it names in the book",
			    "symbolic link that leads nowhere: not followed");
	else if (to && !strncmp(to, f->content_real, n) && to[n] == '/')
		diag_report(DIAG_NOTE, (struct srcloc){ shown, 0, 0 }, 0,
			    arena_printf(a, "hint: nothing to do; to show it, link to content/%s", to + n + 1),
			    "symbolic link: not followed (what it leads to, content/%s, is in the book "
			    "already)", to + n + 1);
	else
		diag_report(DIAG_ERROR, (struct srcloc){ shown, 0, 0 }, 0,
			    "hint: put the file or folder itself there (what is in content/ is "
			    "copied into the site)",
			    "symbolic link: not followed (a book's files must be inside the book)");
	free(to);
}

/*
 * Collects the pages of folder dir (rel below content/, "" at the top) in
 * their default order: every .md file is a page; every real folder is
 * walked; a page or a script a browser would run is refused (above);
 * every other regular file (an image, a PDF) goes to f->files, to be copied into the site at the same place below it (but
 * the book's own YAML).  A symbolic link is refused, never followed: what
 * it points to may be outside the book.  A .md file is not stat()ed here
 * (a long book would pay one per chapter): reading it refuses a link or a
 * non-file.  Dot files are left out (files_list()).
 */
static void walk_content(struct arena *a, const char *dir, const char *rel, int depth,
			 struct found *f)
{
	size_t n;
	char **names = files_list(a, dir, "", &n);
	if (!names)
		return;
	sort_entries(names, n);
	int has_readme = 0, withheld = 0;
	const char *first_withheld = NULL;
	for (size_t i = 0; i < n; i++) {
		const char *name = names[i];
		size_t len = strlen(name);
		const char *src = *rel ? arena_printf(a, "%s/%s", rel, name) : name;
		if (len > 3 && !strcmp(name + len - 3, ".md")) {
			/* README.md beside index.md: two pages on GitHub; the README
			 * (first: sort_entries()) is the folder's, the index one of
			 * its own (page_path()) */
			if (is_folder_page(name) && has_readme++)
				*ARRAY_PUSH(f->second, f->nsecond, f->capsecond) = src;
			*ARRAY_PUSH(f->sources, f->n, f->cap) = src;
			continue;
		}
		if (!*rel && (!strcmp(name, "book.yaml") || !strcmp(name, "glossary.yaml")))
			continue;
		const char *path = arena_printf(a, "%s/%s", dir, name);
		const char *shown = arena_printf(a, "content/%s", src);
		struct stat st;
		if (lstat(path, &st))
			continue;   /* gone since it was listed */
		if (S_ISLNK(st.st_mode)) {
			link_not_followed(a, f, path, shown);
			continue;
		}
		/* Withheld, not fatal: a book as it is often carries a page of
		 * another tool (docsify's index.html), and the site is safe as
		 * long as the file is not published.  A chapter that links to
		 * it gets a broken link, an error at the link. */
		if (S_ISREG(st.st_mode) && is_active_file(name)) {
			if (!withheld++)
				first_withheld = shown;
			continue;
		}
		if (S_ISREG(st.st_mode)) {
			*ARRAY_PUSH(f->files, f->nfiles, f->capfiles) = src;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			diag_warning((struct srcloc){ shown, 0, 0 }, "not a regular file: not copied into the site");
			continue;
		}
		if (depth + 1 >= CONTENT_DEPTH_MAX) {
			diag_warning((struct srcloc){ shown, 0, 0 },
				     "folder nested more than %d deep: its pages are not built",
				     CONTENT_DEPTH_MAX);
			continue;
		}
		walk_content(a, path, src, depth + 1, f);
	}
	/* one warning for the folder: a book as it is may carry a whole
	 * exported slide deck (page_1.html … page_65.html) */
	if (withheld)
		diag_report(DIAG_WARNING, (struct srcloc){ first_withheld, 0, 0 }, 0,
			    "hint: write it as a chapter (.md), or publish it somewhere else and "
			    "link to it (a file a browser runs would run as the site itself)",
			    withheld == 1 ? "a page or script beside the chapters: not published" :
			    "a page or script beside the chapters: not published, nor the %d more of "
			    "this folder", withheld - 1);
}

/* The site path of the page for source (below content/): a folder's
 * README.md or index.md is the folder's index.html, the book's own
 * README.md is readme.html (index.html is the book's summary page); an
 * index.md beside a README.md (second) is index-md.html; any other file
 * keeps its path with .html for .md. */
static const char *page_path(struct arena *a, const char *source, int second)
{
	const char *slash = strrchr(source, '/');
	const char *name = slash ? slash + 1 : source;
	if (second)   /* index.md beside README.md */
		return arena_printf(a, "%.*sindex-md.html", (int)(name - source), source);
	if (is_folder_page(name))
		return slash ? arena_printf(a, "%.*sindex.html", (int)(name - source), source) : "readme.html";
	return arena_printf(a, "%.*s.html", (int)(strlen(source) - 3), source);
}

/* The id of a page without one in front matter: its path without .md and
 * NN- prefixes ("compute/accelerator" for compute/accelerator/README.md,
 * "intro" for 01-intro.md; the book's own README is "readme"). */
static const char *path_id(struct arena *a, const char *source)
{
	struct buf b = BUF_INIT;
	for (const char *p = source; *p;) {
		size_t n = strcspn(p, "/");
		const char *part = p;
		int last = !p[n];
		p += n + !last;
		if (last && is_folder_page(part) && b.len)
			break;
		if (last && is_folder_page(part)) {
			buf_adds(&b, "readme");
			break;
		}
		if (name_number(part) >= 0) {
			size_t skip = strspn(part, "0123456789") + 1;
			part += skip;
			n -= skip;
		}
		if (last && n > 3 && !memcmp(part + n - 3, ".md", 3))
			n -= 3;
		if (b.len)
			buf_addch(&b, '/');
		buf_add(&b, part, n);
	}
	const char *r = arena_strndup(a, b.data ? b.data : "", b.len);
	buf_release(&b);
	return r;
}

/* Site paths a page must not take: the pages and folders the site makes. */
static int page_path_taken(const char *page)
{
	static const char *const pages[] = { "index.html", "search.html", "claims.html", "glossary.html",
					     "print.html", "404.html", "figures.html", "practice.html" };
	for (size_t i = 0; i < sizeof pages / sizeof *pages; i++)
		if (!strcmp(page, pages[i]))
			return 1;
	return !strncmp(page, "specs/", 6) || !strncmp(page, "assets/", 7);
}

static int source_cmp(const void *pa, const void *pb)
{
	return strcmp(*(const char *const *)pa, *(const char *const *)pb);
}

/* A nav: entry and the pages it orders: its rank is where nav names it. */
struct nav_ctx {
	struct arena *a;
	const char **sorted;       /* the book's sources, sorted with strcmp */
	size_t n;
	size_t *rank;              /* per sorted source; SIZE_MAX: not named */
	const char **expanded;     /* per sorted source: the folder ("a/") whose pages
				      were ranked from here, or NULL */
	size_t next;
};

/* Ranks the pages nav entry n names: a page by its path below content/,
 * a folder (with or without a trailing slash) by all its pages not named
 * before, a list by its items in turn. */
static void nav_rank(struct nav_ctx *nc, const struct ynode *n, int depth)
{
	if (depth > 32)
		return;
	if (n->kind == YNODE_SEQ) {
		for (size_t i = 0; i < n->count; i++)
			nav_rank(nc, n->items[i], depth + 1);
		return;
	}
	if (n->kind == YNODE_MAP) {   /* - Section title: [pages] */
		for (size_t i = 0; i < n->count; i++)
			nav_rank(nc, n->pairs[i].value, depth + 1);
		return;
	}
	const char *path = n->text;
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	size_t len = strlen(path);
	while (len && path[len - 1] == '/')
		len--;
	const char *key = arena_strndup(nc->a, path, len);
	const char **hit = bsearch(&key, nc->sorted, nc->n, sizeof *nc->sorted, source_cmp);
	if (hit) {
		size_t i = (size_t)(hit - nc->sorted);
		if (nc->rank[i] == SIZE_MAX)
			nc->rank[i] = nc->next++;
		return;
	}
	/* a folder: the pages whose path starts with "key/", adjacent when sorted */
	const char *prefix = arena_printf(nc->a, "%s/", key);
	size_t plen = len + 1, lo = 0, hi = nc->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(nc->sorted[mid], prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!len || lo >= nc->n || strncmp(nc->sorted[lo], prefix, plen)) {
		diag_error(n->loc, "nav names '%s', which is no page or folder of content/ "
				   "(write paths below content/, such as compute/README.md)", n->text);
		return;
	}
	/* a folder ranked from here before, which holds this one (the same
	 * folder named again, or one of its own): nothing is left to rank,
	 * and a nav: that names one big folder a thousand times stays linear */
	const char *before = nc->expanded[lo];
	if (before && !strncmp(prefix, before, strlen(before)))
		return;
	nc->expanded[lo] = prefix;
	/* the folder's pages in their default order: the caller sorts by
	 * (rank, default place), so one rank for all of them keeps it */
	size_t r = nc->next++;
	for (size_t i = lo; i < nc->n && !strncmp(nc->sorted[i], prefix, plen); i++)
		if (nc->rank[i] == SIZE_MAX)
			nc->rank[i] = r;
}

struct ranked { const char *source; size_t rank, place; };

static int ranked_cmp(const void *pa, const void *pb)
{
	const struct ranked *x = pa, *y = pb;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->place > y->place) - (x->place < y->place);
}

/* Puts the pages f found in the order of book.yaml's nav: (those it does
 * not name after, each with a warning, in their default order). */
static void nav_order(struct arena *a, const struct ynode *nav, struct found *f)
{
	struct nav_ctx nc = { a, arena_array(a, f->n ? f->n : 1, sizeof *nc.sorted), f->n,
			      arena_array(a, f->n ? f->n : 1, sizeof *nc.rank),
			      arena_array(a, f->n ? f->n : 1, sizeof *nc.expanded), 0 };
	memcpy(nc.sorted, f->sources, f->n * sizeof *f->sources);
	qsort(nc.sorted, f->n, sizeof *nc.sorted, source_cmp);
	for (size_t i = 0; i < f->n; i++)
		nc.rank[i] = SIZE_MAX;
	nav_rank(&nc, nav, 0);
	struct ranked *r = arena_array(a, f->n ? f->n : 1, sizeof *r);
	for (size_t i = 0; i < f->n; i++) {
		const char **hit = bsearch(&f->sources[i], nc.sorted, nc.n, sizeof *nc.sorted, source_cmp);
		r[i] = (struct ranked){ f->sources[i], nc.rank[hit - nc.sorted], i };
		if (r[i].rank == SIZE_MAX)
			diag_warning((struct srcloc){ arena_printf(a, "content/%s", f->sources[i]), 0, 0 },
				     "page not named in book.yaml's nav: placed after the pages it names");
	}
	qsort(r, f->n, sizeof *r, ranked_cmp);
	for (size_t i = 0; i < f->n; i++)
		f->sources[i] = r[i].source;
}

static int chapter_source_cmp(const void *pa, const void *pb)
{
	const struct chapter *x = *(const struct chapter *const *)pa;
	const struct chapter *y = *(const struct chapter *const *)pb;
	return strcmp(x->source, y->source);
}

/* The keys of other tools' front matter, said once for the book: the
 * first file that has one, the keys (each once, the first 8) and how many
 * files have any.  GitHub shows front matter as a table; Docusaurus,
 * Hugo and Jekyll read their own keys; specbook reads its three. */
#define OTHER_KEYS_SHOWN 8

static void note_other_keys(const struct book *b)
{
	const struct chapter *first = NULL;
	size_t files = 0, nseen = 0;
	int more = 0;   /* a key past the ones shown */
	struct { const char *p; size_t n; } seen[OTHER_KEYS_SHOWN];
	for (size_t i = 0; i < b->nchapters; i++) {
		const struct chapter *c = &b->chapters[i];
		if (!c->other_keys)
			continue;
		files++;
		if (!first)
			first = c;
		for (const char *p = c->other_keys; *p;) {
			size_t n = strcspn(p, ","), k = 0;
			while (k < nseen && (seen[k].n != n || memcmp(seen[k].p, p, n)))
				k++;
			if (k == nseen && nseen < OTHER_KEYS_SHOWN) {
				seen[nseen].p = p;
				seen[nseen++].n = n;
			} else if (k == nseen) {
				more = 1;
			}
			p += n;
			p += strspn(p, ", ");
		}
	}
	if (!first)
		return;
	struct buf keys = BUF_INIT;
	for (size_t k = 0; k < nseen; k++)
		buf_addf(&keys, "%s%.*s", k ? ", " : "", (int)seen[k].n, seen[k].p);
	diag_report(DIAG_NOTE, (struct srcloc){ first->path, first->other_keys_line, 1 }, 0,
		    "hint: nothing to do; a key meant for specbook is id, title or summary",
		    "front matter keys of other tools are left alone: %s%s (in %zu file%s)", keys.data,
		    more ? ", …" : "", files, files == 1 ? "" : "s");
	buf_release(&keys);
}

static void load_chapters(struct arena *a, struct book *b, struct work_pool *pool, book_vouch *vouch,
			  const void *ctx)
{
	char *dir = arena_printf(a, "%s/content", b->root);
	if (!files_is_dir(dir)) {
		diag_error((struct srcloc){ "content", 0, 0 }, "cannot read the content directory");
		return;
	}
	struct found f = { 0 };
	char *content_real = realpath(dir, NULL);
	f.content_real = content_real;
	walk_content(a, dir, "", 0, &f);
	free(content_real);
	if (f.nsecond)
		qsort(f.second, f.nsecond, sizeof *f.second, source_cmp);
	b->files = arena_array(a, f.nfiles ? f.nfiles : 1, sizeof *b->files);
	if (f.nfiles)
		memcpy(b->files, f.files, f.nfiles * sizeof *b->files);
	b->nfiles = f.nfiles;
	free(f.files);
	if (b->nav)
		nav_order(a, b->nav, &f);
	b->chapters = arena_array(a, f.n ? f.n : 1, sizeof *b->chapters);
	/* a flat book of NN-slug.md files keeps its numbers; any other book
	 * numbers its pages in order */
	int flat = 1;
	for (size_t i = 0; i < f.n && flat; i++)
		flat = !strchr(f.sources[i], '/') && name_number(f.sources[i]) >= 0;
	b->flat = flat;
	for (size_t i = 0; i < f.n; i++) {
		const char *name = f.sources[i];
		const char *rel = arena_printf(a, "content/%s", name);
		struct chapter *c = &b->chapters[b->nchapters++];
		memset(c, 0, sizeof *c);
		c->path = rel;
		c->source = name;
		c->number = flat ? name_number(name) : (int)b->nchapters;
		c->page = page_path(a, name, f.nsecond && bsearch(&name, f.second, f.nsecond, sizeof *f.second,
								    source_cmp));
		if (page_path_taken(c->page)) {
			diag_error((struct srcloc){ rel, 0, 0 },
				   "this page would be the site's own %s: rename the file", c->page);
			b->nchapters--;
			continue;
		}
		diag_source_file(rel, arena_printf(a, "%s/%s", b->root, rel));
	}
	free(f.sources);
	free(f.second);

	struct read_job job = { b, vouch, ctx, xcalloc(b->nchapters ? b->nchapters : 1, sizeof *job.ok),
				open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) };
	work_each(pool, a, b->nchapters, 16, read_one, &job);   /* a small book is read by one */
	if (job.dir_fd >= 0)
		close(job.dir_fd);

	/* keep the chapters that could be read, in order */
	size_t kept = 0;
	for (size_t i = 0; i < b->nchapters; i++) {
		if (!job.ok[i])
			continue;
		struct chapter *c = &b->chapters[kept++];
		*c = b->chapters[i];
		if (!c->id) {
			c->id = path_id(a, c->source);
			c->id_from_path = 1;
		}
	}
	b->nchapters = kept;
	free(job.ok);
	note_other_keys(b);
	/* book_chapter() looks pages up by source */
	b->by_source = arena_array(a, kept ? kept : 1, sizeof *b->by_source);
	for (size_t i = 0; i < kept; i++)
		b->by_source[i] = &b->chapters[i];
	qsort(b->by_source, kept, sizeof *b->by_source, chapter_source_cmp);
	check_chapter_ids(a, b);
	if (b->no_book_yaml) {
		/* a repository as it is, no book.yaml: its README's heading is
		 * the book's title, else the folder's name */
		const struct chapter *readme = book_folder_page(a, b, "");
		if (readme && (readme->title.zh || readme->title.en))
			b->title = readme->title;
		else {
			const char *slash = strrchr(b->root, '/');
			b->title.en = slash && slash[1] ? slash + 1 : b->root;
		}
	}
	/* a book in one language: no title in Chinese, unless book.yaml says */
	if (!b->languages_set) {
		int han = (b->title.zh != NULL) || (b->subtitle.zh != NULL);
		for (size_t i = 0; i < kept && !han; i++)
			han = b->chapters[i].title.zh != NULL;
		b->language = han ? NULL : "en";
	}
	if (b->nchapters == 0 && diag_count(DIAG_ERROR) == 0)
		diag_error((struct srcloc){ "content", 0, 0 }, "no chapters: add content/01-slug.md "
				   "(or any .md file, in content/ or a folder of it)");
}

static const char **read_list(struct arena *a, const struct ynode *n, size_t *count)
{
	*count = 0;
	if (!n)
		return NULL;
	if (n->kind == YNODE_SCALAR) {
		const char **l = arena_alloc(a, sizeof *l);
		l[0] = n->text;
		*count = 1;
		return l;
	}
	if (n->kind != YNODE_SEQ) {
		diag_error(n->loc, "expected a list, not %s", ytree_kind_name(n));
		return NULL;
	}
	const char **l = arena_array(a, n->count, sizeof *l);
	for (size_t i = 0; i < n->count; i++)
		if ((l[*count] = scalar(a, n->items[i], "a list item")))
			(*count)++;
	return l;
}

static int valid_id(const char *s)
{
	if (!islower((unsigned char)*s))
		return 0;
	for (; *s; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/* The chapter a term's `chapter:` names (a source below content/, as in
 * 02-numbers.md): 1 + its index in reading order, or 0 after reporting. */
static size_t term_chapter(const struct book *b, const struct ynode *v, const char *id)
{
	const struct chapter *ch = v->kind == YNODE_SCALAR ? book_chapter(b, v->text) : NULL;
	if (!ch) {
		diag_report(DIAG_ERROR, v->loc, (int)utf8_length(v->text ? v->text : "", strlen(v->text ? v->text : "")),
			    "hint: name the chapter file that defines the term, below content/ (02-numbers.md)",
			    "term '%s': no chapter '%s'", id, v->text ? v->text : "");
		return 0;
	}
	for (size_t i = 0; i < b->nchapters; i++)
		if (&b->chapters[i] == ch || !strcmp(b->chapters[i].source, ch->source))
			return i + 1;
	return 0;
}

static void load_glossary(struct arena *a, struct book *b)
{
	char *text;
	size_t len;
	const char *rel = "content/glossary.yaml";
	char *path = arena_printf(a, "%s/%s", b->root, rel);
	if (!files_exists(path))
		return;
	if (read_book_file(a, b->root, rel, &text, &len))
		return;
	struct ynode *root = ytree_parse(a, rel, text, len, 1);
	if (!root)
		return;
	struct ynode *terms = ytree_get(root, "terms");
	if (!terms || terms->kind != YNODE_MAP) {
		diag_error(root->loc, "glossary.yaml needs a map 'terms:' of id: {en, zh, def}");
		return;
	}
	b->terms = arena_array(a, terms->count, sizeof *b->terms);
	for (size_t i = 0; i < terms->count; i++) {
		const struct ynode *k = terms->pairs[i].key, *v = terms->pairs[i].value;
		if (!valid_id(k->text)) {
			diag_error(k->loc, "term id '%s' must match [a-z][a-z0-9_]*", k->text);
			continue;
		}
		if (v->kind != YNODE_MAP) {
			diag_error(v->loc, "term '%s' must be a map (en, zh, def)", k->text);
			continue;
		}
		struct term *t = &b->terms[b->nterms];
		t->id = k->text;
		t->loc = k->loc;
		for (size_t j = 0; j < v->count; j++) {
			const struct ynode *fk = v->pairs[j].key, *fv = v->pairs[j].value;
			if (!strcmp(fk->text, "en"))
				t->name.en = scalar(a, fv, "en");
			else if (!strcmp(fk->text, "zh"))
				t->name.zh = scalar(a, fv, "zh");
			else if (!strcmp(fk->text, "abbr"))
				t->abbr = scalar(a, fv, "abbr");
			else if (!strcmp(fk->text, "aliases"))
				t->aliases = read_list(a, fv, &t->naliases);
			else if (!strcmp(fk->text, "def"))
				read_bitext(a, fv, "def", &t->def);
			else if (!strcmp(fk->text, "chapter"))
				t->chapter = term_chapter(b, fv, k->text);
			else if (strcmp(fk->text, "see"))
				diag_warning(fk->loc, "unknown key '%s' in term '%s'", fk->text, t->id);
		}
		if (!t->name.en && !t->name.zh) {
			diag_error(v->loc, "term '%s' has no name: add en: and zh:", t->id);
			continue;
		}
		if (!t->def.en && !t->def.zh)
			diag_warning(v->loc, "term '%s' has no definition (def: {zh: …, en: …})", t->id);
		b->nterms++;
	}
}

static void load_template(struct arena *a, struct book *b)
{
	char *text;
	b->template_path = "templates/page.html";
	/* a book's own template replaces the built-in one */
	const struct builtin_file *f = NULL;
	if (!files_exists(arena_printf(a, "%s/%s", b->root, b->template_path)))
		f = builtin_find("default/templates/page.html");
	if (f) {
		b->template_path = "(built-in) templates/page.html";
		b->template_text = f->data;
		b->template_len = f->len;
	} else if (read_book_file(a, b->root, b->template_path, &text, &b->template_len)) {
		return;
	} else {
		b->template_text = text;
	}
	char *assets = arena_printf(a, "%s/templates/assets", b->root);
	if (files_book_dir(assets, "templates/assets") == 1)
		b->assets_dir = assets;
}

/*
 * A chapter with a few bytes that are not UTF-8 (a character cut in two
 * where the file was cut: llm-action's docs/llm-inference/blog.md:113) is
 * shown as GitHub and browsers show it, each such byte as U+FFFD, with a
 * warning at the first; more than CHAPTER_BAD_UTF8_MAX of them is a file
 * in another encoding, an error (files_check_text()).  Returns 0 with
 * *text, *len valid UTF-8 (a copy in ta when repaired), or -1 after
 * reporting.  warn: say so (when the chapter is rendered, so that it is
 * said once, and by a rebuild that renders it again).
 */
#define CHAPTER_BAD_UTF8_MAX 8

static int chapter_utf8(struct arena *ta, const char *path, char **text, size_t *len, int warn)
{
	const char *p = *text;
	size_t n = *len;
	if (memchr(p, '\0', n))
		return files_check_text(path, p, n);   /* binary: an error */
	size_t first = utf8_validate(p, n);
	if (first == n)
		return 0;
	size_t bad = 0;
	for (size_t i = first; i < n && bad <= CHAPTER_BAD_UTF8_MAX;) {
		uint32_t cp;
		int k = utf8_decode(p + i, n - i, &cp);
		bad += k < 0;
		i += k < 0 ? 1 : (size_t)k;
	}
	if (bad > CHAPTER_BAD_UTF8_MAX)
		return files_check_text(path, p, n);
	char *out = arena_alloc_uninit(ta, n + 2 * bad + 1), *q = out;
	memcpy(q, p, first);
	q += first;
	for (size_t i = first; i < n;) {
		uint32_t cp;
		int k = utf8_decode(p + i, n - i, &cp);
		if (k < 0) {
			memcpy(q, "\xEF\xBF\xBD", 3);
			q += 3;
			i++;
		} else {
			memcpy(q, p + i, (size_t)k);
			q += k;
			i += (size_t)k;
		}
	}
	*q = '\0';
	if (warn) {
		int line = 1;
		const char *ls = p;
		for (const char *r = p; r < p + first; r++)
			if (*r == '\n') {
				line++;
				ls = r + 1;
			}
		struct srcloc loc = { path, line, diag_column(ls, (size_t)(p + first - ls)) };
		diag_report(DIAG_WARNING, loc, 1, "hint: save the file as UTF-8 (the character there "
			    "is cut, or in another encoding)",
			    "invalid UTF-8 (byte 0x%02X): shown as U+FFFD, as GitHub shows it "
			    "(%zu such byte%s in this file)", (unsigned char)p[first], bad, bad == 1 ? "" : "s");
	}
	*text = out;
	*len = (size_t)(q - out);
	return 0;
}

/* Reads c's bytes into ta (diagnostics read the file again to quote it).
 * c->hash is of the bytes as they are in the file.  With a hash (the file
 * was read before), bytes with that hash are not checked again for a NUL
 * or a file in another encoding, but a byte to show as U+FFFD is. */
static int read_chapter(struct arena *ta, const struct book *b, struct chapter *c, int rehash)
{
	char *text;
	size_t len;
	if (files_read_raw(ta, arena_printf(ta, "%s/%s", b->root, c->path), c->path, &text, &len))
		return -1;
	uint64_t hash = pack_hash(PACK_HASH_INIT, text, len);
	if (rehash && hash == c->hash && utf8_validate(text, len) == len && !memchr(text, '\0', len)) {
		c->text = text;
		c->len = len;
		return 0;
	}
	if (chapter_utf8(ta, c->path, &text, &len, rehash))
		return -1;
	if (!rehash)
		c->hash = hash;
	c->text = text;
	c->len = len;
	return 0;
}

/* Chapters are read at load for their front matter and hash, then let go:
 * a book of thousands of chapters is not held in memory while it renders
 * (book_chapter_text() reads each again for its batch). */
int book_chapter_read(struct arena *a, const struct book *b, struct chapter *c)
{
	struct arena ta = ARENA_INIT;
	int rc = -1;
	if (read_chapter(&ta, b, c, 0) == 0) {
		rc = book_chapter_parse(a, c);
	}
	arena_free(&ta);
	c->text = c->body = NULL;
	c->body_len = 0;
	return rc;
}

int book_chapter_text(struct arena *ta, const struct book *b, struct chapter *c)
{
	const char *yaml;
	size_t ylen;
	if (read_chapter(ta, b, c, 1) || split_front_matter(c, &yaml, &ylen)) {
		c->text = c->body = NULL;
		c->body_len = 0;
		return -1;
	}
	return 0;
}

struct book *book_load(struct arena *a, const char *root)
{
	return book_load_cached(a, root, NULL, NULL, NULL);
}

/* numbers_load() as a job of a work line (book_load_cached()). */
struct numbers_job {
	struct arena *a;
	const char *root;
	double approx;
	struct numbers *numbers;     /* what numbers_load() returned */
};

static void load_numbers(void *ctx, size_t i, int slot)
{
	(void)i;
	(void)slot;
	struct numbers_job *job = ctx;
	job->numbers = numbers_load(job->a, job->root, job->approx);
}

struct book *book_load_cached(struct arena *a, const char *root, struct work_pool *pool,
			      book_vouch *vouch, const void *ctx)
{
	if (!files_is_dir(root)) {
		diag_error((struct srcloc){ root, 0, 0 }, "not a directory: give the book's directory with -C");
		return NULL;
	}
	/* a linked folder is refused as a linked file is: every file in it
	 * would come from wherever the link points */
	static const char *const folders[] = { "content", "specs", "templates" };
	int linked = 0;
	for (size_t i = 0; i < sizeof folders / sizeof *folders; i++)
		linked |= files_book_dir(arena_printf(a, "%s/%s", root, folders[i]), folders[i]) < 0;
	if (linked)
		return NULL;
	struct book *b = arena_alloc(a, sizeof *b);
	b->root = root;
	load_book_yaml(a, b);
	/* The spec tables are loaded and checked in the background, by the
	 * pool (allocating from a), while this thread finds and reads the chapters and
	 * the glossary (from an arena of its own, a's afterwards): they need
	 * nothing of each other, and loading the specs alone was 13% of the
	 * instructions of a one-chapter rebuild of 1000 chapters, three
	 * quarters of its loading, on one core.  Diagnostics are sorted by
	 * place when printed, so the order they come in does not show. */
	struct numbers_job job = { a, root, b->approx, NULL };
	struct work_task *numbers = work_start(pool, 1, load_numbers, &job);
	struct arena own = ARENA_INIT;
	load_chapters(&own, b, pool, vouch, ctx);
	load_glossary(&own, b);
	work_wait(numbers);
	arena_absorb(a, &own);
	b->numbers = job.numbers;
	/* a book without spec tables (a Markdown book as it is) has no row a
	 * plain quantity could match: a warning at each of its thousand
	 * would bury every other one; the coverage line still counts them */
	size_t ntables = 0;
	if (b->numbers)
		numbers_tables(b->numbers, &ntables);
	if (!b->unchecked_set && ntables == 0)
		b->unchecked = UNCHECKED_OFF;
	load_template(a, b);
	return b;
}

char *book_path_join(struct arena *a, const char *from, const char *path, size_t len)
{
	struct buf b = BUF_INIT;
	const char *slash = strrchr(from, '/');
	if (slash)
		buf_add(&b, from, (size_t)(slash - from));
	for (size_t i = 0; i < len;) {
		size_t n = 0;
		while (i + n < len && path[i + n] != '/')
			n++;
		if (n == 2 && path[i] == '.' && path[i + 1] == '.') {
			if (!b.len) {
				buf_release(&b);
				return NULL;
			}
			size_t up = b.len;
			while (up > 0 && b.data[up - 1] != '/')
				up--;
			buf_truncate(&b, up ? up - 1 : 0);
		} else if (n && !(n == 1 && path[i] == '.')) {
			if (b.len)
				buf_addch(&b, '/');
			buf_add(&b, path + i, n);
		}
		i += n + 1;
	}
	char *r = arena_strndup(a, b.data ? b.data : "", b.len);
	buf_release(&b);
	return r;
}

const struct chapter *book_folder_page(struct arena *a, const struct book *b, const char *folder)
{
	/* GitHub shows a folder's readme whatever its case */
	const char *const names[] = { "README.md", "readme.md", "Readme.md", "index.md" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		const struct chapter *c = book_chapter(b, *folder ? arena_printf(a, "%s/%s", folder, names[i])
							  : names[i]);
		if (c)
			return c;
	}
	return NULL;
}

static int chapter_cmp(const void *key, const void *elem)
{
	return strcmp(key, (*(const struct chapter *const *)elem)->source);
}

const struct chapter *book_chapter(const struct book *b, const char *source)
{
	if (!b->by_source)
		return NULL;
	const struct chapter *const *hit = bsearch(source, b->by_source, b->nchapters,
						   sizeof *b->by_source, chapter_cmp);
	return hit ? *hit : NULL;
}

const struct term *book_term(const struct book *b, const char *id)
{
	for (size_t i = 0; i < b->nterms; i++)
		if (!strcmp(b->terms[i].id, id))
			return &b->terms[i];
	return NULL;
}
