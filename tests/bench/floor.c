/*
 * floor.c — the floor of `make bench`: the cost of rendering Markdown at all.
 *
 *   floor SRCDIR OUTDIR
 *
 * Renders every SRCDIR/NAME.md (front matter skipped, as specbook does) to
 * OUTDIR/<name>.html with cmark-gfm's own HTML renderer and GitHub's
 * extensions (the library specbook parses with), one file at a time,
 * in one thread, and does nothing else: no template, no checks, no links.
 * specbook can only be slower than this; the benchmark reports by how much.
 */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* md as GitHub renders it: cmark-gfm with its extensions. */
static char *to_html(const char *md, size_t len)
{
	static const char *const names[] = { "table", "strikethrough", "autolink", "tagfilter", "tasklist" };
	cmark_gfm_core_extensions_ensure_registered();
	cmark_parser *p = cmark_parser_new(CMARK_OPT_DEFAULT);
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		cmark_syntax_extension *e = cmark_find_syntax_extension(names[i]);
		if (e)
			cmark_parser_attach_syntax_extension(p, e);
	}
	cmark_parser_feed(p, md, len);
	cmark_node *doc = cmark_parser_finish(p);
	char *html = cmark_render_html(doc, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(p));
	cmark_node_free(doc);
	cmark_parser_free(p);
	return html;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Returns the body after a leading "---" … "---" block, or text itself. */
static const char *skip_front_matter(const char *text)
{
	if (strncmp(text, "---\n", 4))
		return text;
	const char *end = strstr(text + 4, "\n---\n");
	return end ? end + 5 : text;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fputs("usage: floor SRCDIR OUTDIR\n", stderr);
		return 2;
	}
	DIR *d = opendir(argv[1]);
	if (!d) {
		fprintf(stderr, "floor: cannot open '%s': %s\n", argv[1], strerror(errno));
		return 1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len < 4 || strcmp(e->d_name + len - 3, ".md"))
			continue;
		if (n == cap && !(names = realloc(names, (cap = cap * 2 + 64) * sizeof *names)))
			abort();
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, by_name);
	if (mkdir(argv[2], 0777) && errno != EEXIST) {
		fprintf(stderr, "floor: cannot create '%s': %s\n", argv[2], strerror(errno));
		return 1;
	}
	char path[4096];
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s", argv[1], names[i]);
		FILE *f = fopen(path, "rb");
		if (!f) {
			fprintf(stderr, "floor: cannot read '%s': %s\n", path, strerror(errno));
			return 1;
		}
		fseek(f, 0, SEEK_END);
		long size = ftell(f);
		rewind(f);
		char *text = malloc((size_t)size + 1);
		if (!text || fread(text, 1, (size_t)size, f) != (size_t)size)
			abort();
		text[size] = 0;
		fclose(f);
		const char *body = skip_front_matter(text);
		char *html = to_html(body, strlen(body));
		snprintf(path, sizeof path, "%s/%.*s.html", argv[2], (int)(strlen(names[i]) - 3), names[i]);
		f = fopen(path, "wb");
		if (!f || fwrite(html, 1, strlen(html), f) != strlen(html) || fclose(f)) {
			fprintf(stderr, "floor: cannot write '%s': %s\n", path, strerror(errno));
			return 1;
		}
		free(html);
		free(text);
		free(names[i]);
	}
	free(names);
	return 0;
}
