/*
 * book.h — the in-memory model of a book, as the load stage builds it.
 *
 * One struct book holds everything read from content/, specs/ and
 * templates/.  All of it lives in the build arena and is read-only once
 * book_load() has returned, so rendering threads may share it, but for
 * one thing: a chapter's text (text, body, body_len), which is not held
 * for the whole build.  The site stage reads it with book_chapter_text()
 * on the one thread that renders that chapter and clears it once the
 * chapter is done (site/build.c, the only writer, casting away const).
 */
#ifndef SPECBOOK_BOOK_H
#define SPECBOOK_BOOK_H

#include <stddef.h>

#include "core/arena.h"
#include "core/bitext.h"
#include "core/diag.h"
#include "core/files.h"
#include "book/numbers.h"

struct ynode;

struct chapter {
	const char *path;        /* "content/01-introduction.md", for diagnostics */
	const char *source;      /* "01-introduction.md", "compute/README.md": below content/ */
	const char *page;        /* "01-introduction.html", "compute/index.html" */
	const char *id;          /* front matter id, else from the path ("compute/cpu") */
	int id_from_path;        /* id was made from the path (then made unique) */
	int number;              /* NN of the file name in a flat book, else its place (1…) */
	struct bitext title;
	struct bitext summary;
	const char *text;        /* the whole file, NUL-terminated; NULL but while
				    it renders (book_chapter_text()) */
	size_t len;
	const char *body;        /* the Markdown after the front matter */
	size_t body_len;
	int body_line;           /* file line of the body's first line */
	int no_front_matter;     /* the file is all body; its title came from its # heading */
	const char *other_keys;  /* front matter keys of other tools ("sidebar_position, tags"), or NULL */
	int other_keys_line;     /* the line of the first */
	uint64_t hash;           /* of the file's bytes (pack_hash) */
	struct file_stat st;     /* the file when it was read */
};

struct term {
	const char *id;
	struct bitext name;      /* full name in each language */
	const char *abbr;        /* short form, or NULL */
	const char **aliases;    /* further spellings that auto-link */
	size_t naliases;
	struct bitext def;       /* one-line definition */
	struct srcloc loc;
	size_t chapter;          /* 1 + the reading-order index of the chapter that
				    defines it (glossary `chapter:`), or 0 */
};

struct book {
	const char *root;        /* the book directory, as given with -C */
	int no_book_yaml;        /* none: the title is content/README.md's heading */
	struct bitext title, subtitle;
	const char *author;
	double approx;           /* approximate tolerance, a fraction (0.02) */
	int allow_html;          /* raw HTML kept through the allowlist (default) or dropped */
	int quiet_unpaired;      /* note_unpaired: false — no note at each Chinese
				    block without its translation (a book in
				    Chinese alone); the coverage is still counted */
	/* what a plain quantity of prose that no spec row vouches for gets
	 * (book.yaml `unchecked: warn | error | off`; default warn) */
	enum { UNCHECKED_WARN, UNCHECKED_ERROR, UNCHECKED_OFF } unchecked;
	int unchecked_set;          /* unchecked: was in book.yaml (else off for a book without spec tables) */
	/* what a link or image whose target is not in the book gets (a file,
	 * page or anchor the repository lacks, so broken on GitHub too):
	 * book.yaml `links: warn | error`; default warn, as Sphinx, mdBook and
	 * Docusaurus's onBrokenMarkdownLinks do, so a book copied from GitHub
	 * builds as it is; the starter book and the guide say error */
	enum { LINKS_WARN, LINKS_ERROR } links;
	const char *base_url;    /* NULL when the site is served from anywhere */
	const char *footer;      /* the pages' footer line, or NULL for the default */
	const char *edit_url;    /* "https://…/edit/main/{path}": each chapter's "edit
				    this page" link, {path} its file from the book's
				    root (content/01-x.md); NULL: no link */
	struct bitext claims_intro;   /* what the claims page says first, or none */

	struct chapter *chapters;   /* in reading order (nav:, else NN-, else README first, by name) */
	size_t nchapters;
	struct chapter **by_source; /* the same, sorted by source (book_chapter()) */
	const struct ynode *nav;    /* book.yaml's nav: list, or NULL */
	int flat;                   /* every page is content/NN-slug.md: pages show their NN */
	const char *language;       /* "en" or "zh" for a book in one language, NULL for both:
				       book.yaml's languages:, else "en" when no title has Chinese */
	int languages_set;
	/* the other files of content/ and its subfolders, which the site
	 * copies to the same place below it: paths below content/ ("gpu.svg",
	 * "img/a.png"), in walk order (sorted names, a folder's files where
	 * its name sorts); never a link, a chapter or the book's YAML */
	const char **files;
	size_t nfiles;
	struct term *terms;         /* in glossary order */
	size_t nterms;
	struct numbers *numbers;    /* spec tables, units; never NULL after a good load */

	const char *template_path;  /* "templates/page.html" */
	const char *template_text;
	size_t template_len;
	const char *assets_dir;     /* "<root>/templates/assets" or NULL */
};

/*
 * Reads the book in directory root: content/book.yaml, the chapters
 * content/NN-slug.md, content/glossary.yaml, the spec tables and the page
 * template.  Reports every problem; returns the book (possibly partial) or
 * NULL when nothing sensible could be read.  Check diag_count(DIAG_ERROR).
 */
struct book *book_load(struct arena *a, const char *root);

/* What a record of an earlier build may vouch for a chapter file whose
 * identity (size, times, inode) is the one it recorded. */
struct chapter_known {
	uint64_t hash;
	const char *id;
	struct bitext title, summary;
};

/* Fills *out and returns 1 if ctx vouches for the chapter file source (in
 * content/) with identity st; else 0.  Called on several threads at once. */
typedef int book_vouch(const void *ctx, const char *source, const struct file_stat *st,
		       struct chapter_known *out);

struct work_pool;

/* The same, on pool's workers (core/work.h; book_load(): none, all on
 * this thread), but a chapter file vouch() vouches for is not read: its
 * front matter and hash come from what it knows (the build cache:
 * cache_vouch(), which main.c passes).  vouch may be NULL. */
struct book *book_load_cached(struct arena *a, const char *root, struct work_pool *pool,
			      book_vouch *vouch, const void *ctx);

/*
 * Splits the front matter off c->text (c->len bytes; c->path names it) and
 * reads it into c: id, title, summary, and body, body_len, body_line.  A
 * chapter without front matter is all body: its title is its first
 * heading's (a level-1 heading that starts it; the page does not repeat
 * it), else its file's name, and its id its file's name without NN-.
 * Returns 0, or -1 after reporting.
 */
int book_chapter_parse(struct arena *a, struct chapter *c);

/* Returns in a the text of the level-1 heading body[0..len) begins with
 * (after blank lines), or NULL. */
char *book_first_heading(struct arena *a, const char *body, size_t len);

/* Reads chapter c for its hash and front matter (in a), then lets its text
 * go (c->text is NULL until book_chapter_text()).  Returns 0 or -1 after
 * reporting. */
int book_chapter_read(struct arena *a, const struct book *b, struct chapter *c);

/* Reads chapter c's text and finds its body, in ta (free ta, or clear
 * c->text and c->body, when done).  Returns 0 or -1 after reporting. */
int book_chapter_text(struct arena *ta, const struct book *b, struct chapter *c);

/* Returns the chapter whose source file name is source, or NULL. */
const struct chapter *book_chapter(const struct book *b, const char *source);
/* Returns in a the path below content/ that the relative link path[0..len)
 * written in the page from (a source, "compute/cpu.md") names, as GitHub
 * resolves it: from the page's folder, "." and ".." taken ("" is content/
 * itself); NULL if it climbs out of content/. */
char *book_path_join(struct arena *a, const char *from, const char *path, size_t len);
/* Returns the page of folder (below content/, "" for content/ itself):
 * its README.md (or readme.md, Readme.md, as GitHub shows any), else its
 * index.md, else NULL. */
const struct chapter *book_folder_page(struct arena *a, const struct book *b, const char *folder);
/* Returns the term with that id, or NULL. */
const struct term *book_term(const struct book *b, const char *id);

#endif
