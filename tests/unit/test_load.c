/*
 * test_load.c — front matter, book.yaml and the glossary as the load stage
 * reads them, and the diagnostics it gives for bad ones.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book/book.h"
#include "core/files.h"

static char dir[64];

static void put(const char *rel, const char *text)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	assert_int_equal(files_write(path, text, strlen(text)), 0);
}

static int setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/specbook-test-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	put("content/book.yaml", "title: {zh: 书, en: Book}\napprox: 3%\n");
	put("specs/units.yaml", "");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	files_remove_tree(dir);
	diag_reset();
	return 0;
}

static void front_matter(void **state)
{
	(void)state;
	put("content/01-intro.md", "---\nid: intro\ntitle: {zh: 引言, en: Introduction}\n"
				   "summary: {zh: 摘要, en: Summary}\n---\n\nBody.\n");
	struct arena a = ARENA_INIT;
	struct book *b = book_load(&a, dir);
	assert_non_null(b);
	assert_int_equal(b->nchapters, 1);
	struct chapter *c = &b->chapters[0];
	assert_string_equal(c->id, "intro");
	assert_string_equal(c->title.zh, "引言");
	assert_string_equal(c->title.en, "Introduction");
	assert_string_equal(c->summary.en, "Summary");
	assert_string_equal(c->page, "01-intro.html");
	assert_int_equal(c->number, 1);
	/* the text is read again when the chapter is rendered */
	assert_null(c->body);
	struct arena texts = ARENA_INIT;
	assert_int_equal(book_chapter_text(&texts, b, c), 0);
	assert_int_equal(c->body_line, 6);
	assert_string_equal(c->body, "\nBody.\n");
	arena_free(&texts);
	assert_true(b->approx > 0.0299 && b->approx < 0.0301);
	arena_free(&a);
}

/* Raw HTML goes through the allowlist unless book.yaml says false (issue 23) */
static void allow_html_setting(void **state)
{
	(void)state;
	put("content/01-intro.md", "---\nid: intro\ntitle: {en: Introduction}\n---\nBody.\n");
	struct arena a = ARENA_INIT;
	struct book *b = book_load(&a, dir);
	assert_non_null(b);
	assert_int_equal(b->allow_html, 1);
	put("content/book.yaml", "title: {en: Book}\nallow_html: false\n");
	b = book_load(&a, dir);
	assert_int_equal(b->allow_html, 0);
	int before = diag_count(DIAG_WARNING);
	put("content/book.yaml", "title: {en: Book}\nallow_html: maybe\n");
	b = book_load(&a, dir);
	assert_int_equal(b->allow_html, 1);
	assert_int_equal(diag_count(DIAG_WARNING), before + 1);
	arena_free(&a);
}

/* Front matter is optional: title from the first heading, else the file's
 * name; id from the file's name (issue 23) */
static void no_front_matter(void **state)
{
	(void)state;
	put("content/01-storage.md", "\n# Storage and `File` Systems\n\nBody.\n");
	put("content/02-plain.md", "No heading.\n");
	put("content/03-zh.md", "# 存储\n\n正文。\n");
	struct arena a = ARENA_INIT;
	struct book *b = book_load(&a, dir);
	assert_non_null(b);
	/* (setup's empty units.yaml is an error of its own) */
	assert_int_equal(diag_count_file("content/01-storage.md") +
			 diag_count_file("content/02-plain.md") + diag_count_file("content/03-zh.md"), 0);
	assert_int_equal(b->nchapters, 3);
	assert_string_equal(b->chapters[0].id, "storage");
	assert_string_equal(b->chapters[0].title.en, "Storage and File Systems");
	assert_string_equal(b->chapters[1].id, "plain");
	assert_string_equal(b->chapters[1].title.en, "plain");
	assert_string_equal(b->chapters[2].title.zh, "存储");
	assert_null(b->chapters[2].title.en);
	arena_free(&a);
}

static void missing_title(void **state)
{
	(void)state;
	diag_reset();
	put("content/01-intro.md", "---\nid: intro\n---\nBody.\n");
	struct arena a = ARENA_INIT;
	book_load(&a, dir);
	assert_true(diag_count(DIAG_ERROR) >= 1);
	arena_free(&a);
	diag_reset();
}

static void unclosed_front_matter(void **state)
{
	(void)state;
	diag_reset();
	put("content/01-intro.md", "---\nid: intro\ntitle: x\n");
	struct arena a = ARENA_INIT;
	struct book *b = book_load(&a, dir);
	assert_int_equal(b->nchapters, 0);
	assert_true(diag_count(DIAG_ERROR) >= 1);
	arena_free(&a);
	diag_reset();
}

static void bad_yaml_location(void **state)
{
	(void)state;
	diag_reset();
	put("content/01-intro.md", "---\nid: intro\ntitle: {zh: 引言, en: [Introduction}\n---\n");
	struct arena a = ARENA_INIT;
	book_load(&a, dir);
	assert_true(diag_count(DIAG_ERROR) >= 1);
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	diag_flush(f);
	fclose(f);
	/* the YAML error is placed on line 3 of the file, not of the front matter */
	assert_non_null(strstr(out, "content/01-intro.md:3:"));
	free(out);
	arena_free(&a);
	diag_reset();
}

static void empty_and_binary(void **state)
{
	(void)state;
	diag_reset();
	put("content/01-intro.md", "");   /* an empty page, as on GitHub */
	put("content/02-bin.md", "---\n\x01\x02\0\x03");
	char path[256];
	snprintf(path, sizeof path, "%s/content/02-bin.md", dir);
	FILE *f = fopen(path, "wb");
	fwrite("ab\0cd", 1, 5, f);
	fclose(f);
	struct arena a = ARENA_INIT;
	struct book *b = book_load(&a, dir);
	assert_int_equal(b->nchapters, 1);
	assert_string_equal(b->chapters[0].source, "01-intro.md");
	assert_int_equal(b->chapters[0].body_len, 0);
	assert_true(diag_count(DIAG_ERROR) >= 1);   /* the binary one */
	arena_free(&a);
	unlink(path);
	diag_reset();
}

int main(void)
{
	cmocka_set_message_output(CM_OUTPUT_TAP);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(front_matter, setup, teardown),
		cmocka_unit_test_setup_teardown(allow_html_setting, setup, teardown),
		cmocka_unit_test_setup_teardown(no_front_matter, setup, teardown),
		cmocka_unit_test_setup_teardown(missing_title, setup, teardown),
		cmocka_unit_test_setup_teardown(unclosed_front_matter, setup, teardown),
		cmocka_unit_test_setup_teardown(bad_yaml_location, setup, teardown),
		cmocka_unit_test_setup_teardown(empty_and_binary, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
