/*
 * floor.c — the floor of `make bench`: the cost of rendering Markdown at all.
 *
 *   floor SRCDIR OUTDIR
 *
 * Renders every SRCDIR/NAME.md (front matter skipped, as specbook does) to
 * OUTDIR/<name>.html with libcmark's own HTML renderer, one file at a time,
 * in one thread, and does nothing else: no template, no checks, no links.
 * specbook can only be slower than this; the benchmark reports by how much.
 */
#include <cmark.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
		char *html = cmark_markdown_to_html(body, strlen(body), CMARK_OPT_DEFAULT);
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
