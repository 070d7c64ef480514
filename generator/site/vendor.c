/*
 * vendor.c — KaTeX and highlight.js from the system into the site (see
 * vendor.h).
 *
 * Debian's packages lay their files out as below (links among them: the
 * minified KaTeX is a link to katex.js, its fonts a link to fonts-katex's
 * folder), so each file is copied from its real path: the write stage
 * copies regular files only.  Of KaTeX's fonts only the WOFF2 ones are
 * copied, the first format its stylesheet asks for, which every browser
 * that runs KaTeX reads.
 */
#include "site/vendor.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/diag.h"
#include "core/files.h"

#include <stdlib.h>
#include <string.h>

/* Where Debian's libjs-* packages put their files. */
#define VENDOR_DEFAULT_DIR "/usr/share/javascript"

/* The files of each library: where it is under the library folder, where
 * it goes under the site's assets/. */
static const struct vendor_file {
	int lib;
	const char *from, *to;
} vendor_files[] = {
	{ VENDOR_MATH, "katex/katex.min.js", "katex/katex.min.js" },
	{ VENDOR_MATH, "katex/katex.min.css", "katex/katex.min.css" },
	{ VENDOR_CODE, "highlight.js/highlight.min.js", "highlight/highlight.min.js" },
	{ VENDOR_CODE, "highlight.js/styles/a11y-light.css", "highlight/a11y-light.css" },
	{ VENDOR_CODE, "highlight.js/styles/a11y-dark.css", "highlight/a11y-dark.css" },
};
#define VENDOR_NFILES (sizeof vendor_files / sizeof *vendor_files)

static const char *vendor_dir(void)
{
	const char *d = getenv("SPECBOOK_JS_DIR");
	return d && *d ? d : VENDOR_DEFAULT_DIR;
}

/* Returns the real path of dir/rel (malloc'd) if it is a regular file
 * (through links), else NULL. */
static char *real_file(const char *dir, const char *rel)
{
	size_t n = strlen(dir) + strlen(rel) + 2;
	char *path = xmalloc(n);
	snprintf(path, n, "%s/%s", dir, rel);
	char *real = realpath(path, NULL);
	free(path);
	if (real && files_is_dir(real)) {
		free(real);
		real = NULL;
	}
	return real;
}

int vendor_present(void)
{
	const char *dir = vendor_dir();
	int missing = 0;
	for (size_t i = 0; i < VENDOR_NFILES; i++) {
		char *real = real_file(dir, vendor_files[i].from);
		if (!real)
			missing |= vendor_files[i].lib;
		free(real);
	}
	return (VENDOR_MATH | VENDOR_CODE) & ~missing;
}

void vendor_require(const struct site *s, const char *file, int need)
{
	static const struct {
		int lib;
		const char *what, *name, *packages, *folder;
	} libs[] = {
		{ VENDOR_MATH, "formulas", "KaTeX", "libjs-katex fonts-katex", "katex" },
		{ VENDOR_CODE, "code blocks with a language", "highlight.js", "libjs-highlight.js", "highlight.js" },
	};
	for (size_t i = 0; i < sizeof libs / sizeof *libs; i++) {
		if (!(need & libs[i].lib) || (s->vendor & libs[i].lib))
			continue;
		struct buf hint = BUF_INIT;
		buf_addf(&hint, "hint: install it: sudo apt-get install %s (make does it), or set "
			 "SPECBOOK_JS_DIR to the folder that holds %s/ (looked in %s)", libs[i].packages,
			 libs[i].folder, vendor_dir());
		diag_report(DIAG_ERROR, (struct srcloc){ file, 0, 0 }, 0, hint.data,
			    "this page has %s, and %s is not installed: the site would differ from one "
			    "built where it is", libs[i].what, libs[i].name);
		buf_release(&hint);
	}
}

static void add_file(struct site *s, const char *to, const char *disk_path)
{
	struct site_file *f = ARRAY_PUSH(s->files, s->nfiles, s->capfiles);
	memset(f, 0, sizeof *f);
	f->path = arena_printf(s->a, "assets/%s", to);
	f->disk_path = arena_strdup(s->a, disk_path);
}

static void add_data(struct site *s, const char *to, const char *data, size_t len)
{
	struct site_file *f = ARRAY_PUSH(s->files, s->nfiles, s->capfiles);
	memset(f, 0, sizeof *f);
	f->path = arena_printf(s->a, "assets/%s", to);
	f->data = data;
	f->len = len;
}

/* A language's name or alias as highlight.js writes it ("cpp", "c++",
 * "1c"): safe in a file name and a JavaScript string. */
static int hl_name(const char *p, size_t n)
{
	if (!n || n > 40)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z') ||
		      (p[i] >= '0' && p[i] <= '9') || strchr("_.+-", p[i])))
			return 0;
	return 1;
}

/* Appends "name":"file" to the table for each quoted name of the list at
 * p (up to its ']'), with sep before each. */
static void hl_aliases(struct buf *map, const char *p, const char *end, const char *file, size_t flen)
{
	while (p < end && *p != ']') {
		const char *q = memchr(p, '"', (size_t)(end - p));
		if (!q)
			return;
		const char *r = memchr(q + 1, '"', (size_t)(end - q - 1));
		const char *close = memchr(p, ']', (size_t)(end - p));
		if (!r || (close && close < q))
			return;
		if (hl_name(q + 1, (size_t)(r - q - 1)))
			buf_addf(map, ",\"%.*s\":\"%.*s\"", (int)(r - q - 1), q + 1, (int)flen, file);
		p = r + 1;
	}
}

/* highlight.js, one language a file.  Debian's highlight.min.js is the
 * library's core followed by one hljs.registerLanguage("name", …); a
 * language (185 of them, 820 KB).  The site's highlight.min.js is the core
 * with a table of the languages (hljs.specbookLanguages: each name and
 * alias → its file; hljs.specbookNeeds: the languages one requires), and
 * each language is highlight/lang/NAME.js, which code.js loads for the
 * blocks of the page: a page with one shell snippet loads 30 KB, not the
 * 820 KB of every language.  A file not laid out so is copied whole. */
static void add_highlight(struct site *s, const char *to, const char *real)
{
	static const char mark[] = "hljs.registerLanguage(\"";
	const size_t mlen = sizeof mark - 1;
	char *text;
	size_t len;
	if (files_read_bytes(real, &text, &len))
		return;
	const char *end = text + len;
	const char *first = NULL;
	for (const char *p = text; p + mlen <= end; p++)
		if (*p == 'h' && !memcmp(p, mark, mlen)) {
			first = p;
			break;
		}
	if (!first) {
		add_file(s, to, real);
		free(text);
		return;
	}
	struct buf core, map, needs;
	buf_init(&core);
	buf_init(&map);
	buf_init(&needs);
	buf_add(&core, text, (size_t)(first - text));
	for (const char *a = first; a < end;) {
		const char *b = a + mlen;
		while (b + mlen <= end && !(*b == 'h' && !memcmp(b, mark, mlen)))
			b++;
		if (b + mlen > end)
			b = end;
		const char *name = a + mlen, *q = memchr(name, '"', (size_t)(b - name));
		size_t nlen = q ? (size_t)(q - name) : 0;
		if (q && hl_name(name, nlen)) {
			add_data(s, arena_printf(s->a, "highlight/lang/%.*s.js", (int)nlen, name),
				 arena_strndup(s->a, a, (size_t)(b - a)), (size_t)(b - a));
			buf_addf(&map, ",\"%.*s\":\"%.*s\"", (int)nlen, name, (int)nlen, name);
			const char *al = NULL;
			for (const char *p = q; p + 9 <= b; p++)
				if (!memcmp(p, "aliases:[", 9)) {
					al = p + 9;
					break;
				}
			if (al)
				hl_aliases(&map, al, b, name, nlen);
			/* hljs.requireLanguage("cpp") at registration: arduino */
			static const char req[] = "requireLanguage(\"";
			const size_t rlen = sizeof req - 1;
			size_t nneeds = 0;
			for (const char *p = q; p + rlen < b; p++) {
				if (memcmp(p, req, rlen))
					continue;
				const char *r0 = p + rlen, *r1 = memchr(r0, '"', (size_t)(b - r0));
				if (!r1 || !hl_name(r0, (size_t)(r1 - r0)))
					continue;
				buf_addf(&needs, "%s\"%.*s\"", nneeds++ ? "," : arena_printf(s->a, ",\"%.*s\":[", (int)nlen, name),
					 (int)(r1 - r0), r0);
			}
			if (nneeds)
				buf_adds(&needs, "]");
		}
		a = b;
	}
	buf_addf(&core, "\nhljs.specbookLanguages={%s};\nhljs.specbookNeeds={%s};\n",
		 map.len ? map.data + 1 : "", needs.len ? needs.data + 1 : "");
	add_data(s, to, arena_strndup(s->a, core.data, core.len), core.len);
	buf_release(&core);
	buf_release(&map);
	buf_release(&needs);
	free(text);
}

void vendor_add_files(struct site *s)
{
	const char *dir = vendor_dir();
	for (size_t i = 0; i < VENDOR_NFILES; i++) {
		if (!(s->vendor & vendor_files[i].lib))
			continue;
		char *real = real_file(dir, vendor_files[i].from);
		if (real && !strcmp(vendor_files[i].to, "highlight/highlight.min.js"))
			add_highlight(s, vendor_files[i].to, real);
		else if (real)
			add_file(s, vendor_files[i].to, real);
		free(real);
	}
	if (!(s->vendor & VENDOR_MATH))
		return;
	char *fonts = arena_printf(s->a, "%s/katex/fonts", dir);
	char *real = realpath(fonts, NULL);
	size_t n = 0;
	char **names = real ? files_list(s->a, real, ".woff2", &n) : NULL;
	for (size_t i = 0; i < n; i++)
		add_file(s, arena_printf(s->a, "katex/fonts/%s", names[i]),
			 arena_printf(s->a, "%s/%s", real, names[i]));
	free(real);
}

static void add_script(struct dom_node *head, const char *src)
{
	dom_texts(head, "\n");
	struct dom_node *el = dom_elem(head, "script");
	dom_attr(el, "src", src);
	dom_attr(el, "defer", "defer");
}

static void add_style(struct dom_node *head, const char *href, const char *theme)
{
	dom_texts(head, "\n");
	struct dom_node *el = dom_elem(head, "link");
	dom_attr(el, "rel", "stylesheet");
	dom_attr(el, "href", href);
	if (theme)
		dom_attr(el, "data-code-theme", theme);
	if (theme && !strcmp(theme, "dark"))
		dom_attr(el, "media", "not all");   /* until code.js says */
}

void vendor_head(const struct site *s, struct dom_page *dom, int need)
{
	need &= s->vendor;
	struct dom_node *head = dom_first_element(dom_page_root(dom));
	if (!need || !head || strcmp(dom_name(head), "head"))
		return;
	if (need & VENDOR_MATH) {
		add_style(head, "/assets/katex/katex.min.css", NULL);
		add_script(head, "/assets/katex/katex.min.js");
		add_script(head, "/assets/math.js");
	}
	if (need & VENDOR_CODE) {
		/* both themes: code.js turns off the one the page's theme is not */
		add_style(head, "/assets/highlight/a11y-light.css", "light");
		add_style(head, "/assets/highlight/a11y-dark.css", "dark");
		add_script(head, "/assets/highlight/highlight.min.js");
		add_script(head, "/assets/code.js");
	}
	dom_texts(head, "\n");
}
