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

void vendor_add_files(struct site *s)
{
	const char *dir = vendor_dir();
	for (size_t i = 0; i < VENDOR_NFILES; i++) {
		if (!(s->vendor & vendor_files[i].lib))
			continue;
		char *real = real_file(dir, vendor_files[i].from);
		if (real)
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
