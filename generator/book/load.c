/*
 * load.c — the load stage: read a book directory into struct book.
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
#include "core/files.h"
#include "core/pack.h"
#include "core/url.h"
#include "core/work.h"
#include "core/yamltree.h"

#include <cmark.h>

#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
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

static void load_book_yaml(struct arena *a, struct book *b)
{
	char *text;
	size_t len;
	b->approx = 0.02;
	b->allow_html = 1;   /* the safe subset (rawhtml.c's allowlist) */
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
		else if (!strcmp(k->text, "footer"))
			b->footer = scalar(a, v, "footer");
		else if (!strcmp(k->text, "claims_intro"))
			read_bitext(a, v, "claims_intro", &b->claims_intro);
		else if (!strcmp(k->text, "base_url"))
			b->base_url = base_url(a, v);
		else
			diag_warning(k->loc, "unknown setting '%s' in book.yaml", k->text);
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

/* The file's name without its NN- prefix and .md: "01-intro.md" → "intro". */
static char *chapter_stem(struct arena *a, const char *source)
{
	const char *slash = strrchr(source, '/');
	const char *name = slash ? slash + 1 : source;
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
	if (c->len == 0) {
		diag_error((struct srcloc){ c->path, 0, 0 }, "empty chapter: it needs front matter and a body");
		return -1;
	}
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
	cmark_node *doc = cmark_parse_document(body + i, end - i, 0);
	cmark_node *h = doc ? cmark_node_first_child(doc) : NULL;
	char *r = NULL;
	if (h && cmark_node_get_type(h) == CMARK_NODE_HEADING && cmark_node_get_heading_level(h) == 1) {
		struct buf b = BUF_INIT;
		node_text(h, &b, 0);
		if (b.len)
			r = arena_strdup(a, b.data);
		buf_release(&b);
	}
	if (doc)
		cmark_node_free(doc);
	return r;
}

/* Does s hold a Han character (then a title read from a heading is Chinese)? */
static int has_han(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p >= 0xE3 && *p <= 0xE9)   /* lead bytes of U+3000–U+9FFF */
			return 1;
	return 0;
}

int book_chapter_parse(struct arena *a, struct chapter *c)
{
	const char *yaml;
	size_t ylen;
	if (split_front_matter(c, &yaml, &ylen))
		return -1;
	if (!yaml) {
		/* no front matter: the title is the first heading's, else the file's name */
		char *t = book_first_heading(a, c->body, c->body_len);
		if (t && has_han(t))
			c->title.zh = t;
		else if (t)
			c->title.en = t;
		else
			c->title.en = chapter_stem(a, c->source);
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
			diag_warning(k->loc, "unknown front matter key '%s' (known: id, title, summary)", k->text);
	}
	if (!c->title.zh && !c->title.en) {
		diag_error(fm->loc, "chapter has no title: add title: {zh: …, en: …} to its front matter");
		return -1;
	}
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

/* How deep subfolders of content/ are searched for chapters that would be
 * skipped: deeper than any book's sections, shallow enough for a stack. */
enum { SUBFOLDER_DEPTH_MAX = 16 };

/* Warns at every .md file in the subfolders of dir (rel below the book):
 * chapters are read from content/ alone, and one that is skipped must not
 * be skipped without a word.  Links are not followed. */
static void warn_subfolders(struct arena *a, const char *dir, const char *rel, int depth)
{
	size_t n;
	char **names = files_list(a, dir, "", &n);
	for (size_t i = 0; i < n && depth < SUBFOLDER_DEPTH_MAX; i++) {
		size_t len = strlen(names[i]);
		/* not a stat per chapter of a long book */
		if (len > 3 && !strcmp(names[i] + len - 3, ".md"))
			continue;
		const char *path = arena_printf(a, "%s/%s", dir, names[i]);
		const char *shown = arena_printf(a, "%s/%s", rel, names[i]);
		if (!files_is_real_dir(path))
			continue;
		size_t m;
		char **md = files_list(a, path, ".md", &m);
		for (size_t k = 0; k < m; k++)
			if (!files_is_real_dir(arena_printf(a, "%s/%s", path, md[k])))
				diag_warning((struct srcloc){ arena_printf(a, "%s/%s", shown, md[k]), 0, 0 },
					     "chapters in subfolders of content/ are not built yet: "
					     "move it to content/ as NN-slug.md, or out of content/");
		warn_subfolders(a, path, shown, depth + 1);
	}
}

static void load_chapters(struct arena *a, struct book *b, book_vouch *vouch, const void *ctx)
{
	char *dir = arena_printf(a, "%s/content", b->root);
	size_t n;
	char **names = files_list(a, dir, ".md", &n);
	if (!names) {
		diag_error((struct srcloc){ "content", 0, 0 }, "cannot read the content directory");
		return;
	}
	warn_subfolders(a, dir, "content", 0);
	b->chapters = arena_array(a, n, sizeof *b->chapters);
	for (size_t i = 0; i < n; i++) {
		const char *name = names[i];
		const char *rel = arena_printf(a, "content/%s", name);
		size_t digits = 0;
		while (isdigit((unsigned char)name[digits]))
			digits++;
		if (digits < 2 || digits > 6 || name[digits] != '-') {
			diag_warning((struct srcloc){ rel, 0, 0 },
				     "not a chapter (chapters are named NN-slug.md): ignored");
			continue;
		}
		struct chapter *c = &b->chapters[b->nchapters++];
		memset(c, 0, sizeof *c);
		c->path = rel;
		c->source = name;
		c->number = atoi(name);
		c->page = arena_printf(a, "%.*s.html", (int)(strlen(name) - 3), name);
		diag_source_file(rel, arena_printf(a, "%s/%s", b->root, rel));
	}

	struct read_job job = { b, vouch, ctx, xcalloc(b->nchapters ? b->nchapters : 1, sizeof *job.ok),
				open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) };
	work_each(a, b->nchapters, 16, read_one, &job);   /* a small book is read by one */
	if (job.dir_fd >= 0)
		close(job.dir_fd);

	/* keep the chapters that could be read, in order */
	size_t kept = 0;
	for (size_t i = 0; i < b->nchapters; i++) {
		if (!job.ok[i])
			continue;
		struct chapter *c = &b->chapters[kept++];
		*c = b->chapters[i];
		if (!c->id)
			c->id = chapter_stem(a, c->source);
	}
	b->nchapters = kept;
	free(job.ok);
	check_chapter_ids(a, b);
	if (b->nchapters == 0 && diag_count(DIAG_ERROR) == 0)
		diag_error((struct srcloc){ "content", 0, 0 }, "no chapters: add content/01-slug.md");
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

/* Reads c's bytes into ta (diagnostics read the file again to quote it).
 * With a hash (the file was read before), bytes with that hash are not
 * checked for UTF-8 again. */
static int read_chapter(struct arena *ta, const struct book *b, struct chapter *c, int rehash)
{
	char *text;
	if (files_read_raw(ta, arena_printf(ta, "%s/%s", b->root, c->path), c->path, &text, &c->len))
		return -1;
	if ((!rehash || pack_hash(PACK_HASH_INIT, text, c->len) != c->hash) &&
	    files_check_text(c->path, text, c->len))
		return -1;
	c->text = text;
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
		c->hash = pack_hash(PACK_HASH_INIT, c->text, c->len);
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
	return book_load_cached(a, root, NULL, NULL);
}

struct book *book_load_cached(struct arena *a, const char *root, book_vouch *vouch,
			      const void *ctx)
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
	load_chapters(a, b, vouch, ctx);
	load_glossary(a, b);
	b->numbers = numbers_load(a, root, b->approx);
	load_template(a, b);
	return b;
}

static int chapter_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct chapter *)elem)->source);
}

const struct chapter *book_chapter(const struct book *b, const char *source)
{
	/* chapters are in file-name order (files_list sorts with strcmp) */
	return bsearch(source, b->chapters, b->nchapters, sizeof *b->chapters, chapter_cmp);
}

const struct term *book_term(const struct book *b, const char *id)
{
	for (size_t i = 0; i < b->nterms; i++)
		if (!strcmp(b->terms[i].id, id))
			return &b->terms[i];
	return NULL;
}
