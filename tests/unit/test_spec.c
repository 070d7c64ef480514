/*
 * test_spec.c — the spec tables: loading and shape checks (spec.c), derived
 * columns and their order (resolve.c), stated values, row checks and table
 * rules (check.c), and the numbers.h facade over them.
 *
 * Each test writes a tiny book into a temporary directory, loads it, and
 * compares the diagnostics (first lines only: "file:line:col: level: message")
 * with what it expects.
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

#include "alloc.h"
#include "buffer.h"
#include "diag.h"
#include "files.h"
#include "numbers.h"
#include "spec.h"

static char tmpdir[64];

/* Makes an empty book directory with specs/; returns its path. */
static const char *book_new(void)
{
	strcpy(tmpdir, "/tmp/specbook-test-XXXXXX");
	if (!mkdtemp(tmpdir))
		fail_msg("mkdtemp failed");
	char path[128];
	snprintf(path, sizeof path, "%s/specs", tmpdir);
	files_mkdirs(path);
	return tmpdir;
}

static void book_file(const char *name, const char *text)
{
	char path[256];
	snprintf(path, sizeof path, "%s/specs/%s", tmpdir, name);
	assert_int_equal(files_write(path, text, strlen(text)), 0);
}

/* Copies the book's real units.yaml, which numbers_load() needs. */
static void book_units(void)
{
	char *data;
	size_t len;
	const char *candidates[] = { "specs/units.yaml", "../specs/units.yaml",
				     "../../specs/units.yaml" };
	for (size_t i = 0; i < 3; i++)
		if (!files_read_bytes(candidates[i], &data, &len)) {
			char path[256];
			snprintf(path, sizeof path, "%s/specs/units.yaml", tmpdir);
			assert_int_equal(files_write(path, data, len), 0);
			free(data);
			return;
		}
	fail_msg("specs/units.yaml not found: run the tests from the repository");
}

static void book_done(void)
{
	files_remove_tree(tmpdir);
}

/* Returns the diagnostics recorded so far, first lines only, one per line
 * (malloc'd), and forgets them. */
static char *diagnostics(void)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	diag_flush(f);
	fclose(f);
	struct buf out = BUF_INIT;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		if (line[0] != ' ')
			buf_addf(&out, "%s\n", line);
	free(text);
	diag_reset();
	return buf_detach(&out, NULL);
}

#define assert_diags(expected) do { \
	char *got_ = diagnostics(); \
	assert_string_equal(got_, expected); \
	free(got_); \
} while (0)

/* ---- spec.c: shapes ---- */

static const char good_table[] =
	"table: acc\n"
	"title: {zh: 加速器, en: Accelerators}\n"
	"columns:\n"
	"  vendor: {zh: 厂商, en: Vendor}\n"
	"  memory: {en: Memory, unit: GB}\n"
	"rows:\n"
	"  h100:\n"
	"    name: H100\n"
	"    aliases: [H100 SXM]\n"
	"    vendor: NVIDIA\n"
	"    memory: 80\n"
	"    sources: [nv]\n"
	"  mi300x:\n"
	"    name: MI300X\n"
	"    memory:\n";

static const char good_sources[] =
	"nv:\n"
	"  title: NVIDIA datasheet\n"
	"  url: https://nvidia.com/h100\n"
	"  date: 2024-05\n";

static void test_load_good(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct spec_book book;
	const char *root = book_new();
	book_file("acc.yaml", good_table);
	book_file("sources.yaml", good_sources);
	book_file("units.yaml", "this is: not a table\n");
	assert_int_equal(spec_load(&a, root, &book), 0);
	assert_diags("");
	assert_int_equal(book.ntables, 1);
	const struct spec_table *t = &book.tables[0];
	assert_string_equal(t->id, "acc");
	assert_string_equal(t->title.zh, "加速器");
	assert_string_equal(t->file, "specs/acc.yaml");
	assert_int_equal(t->ncolumns, 2);
	assert_string_equal(t->columns[1].unit, "GB");
	assert_null(t->columns[0].unit);
	assert_int_equal(t->nrows, 2);
	assert_string_equal(t->rows[0].name, "H100");
	assert_int_equal(t->rows[0].naliases, 1);
	assert_string_equal(t->rows[0].aliases[0], "H100 SXM");
	assert_int_equal(t->rows[0].loc.line, 7);
	assert_int_equal(t->rows[0].loc.col, 3);
	assert_string_equal(book.src[0].rows[0].values[1]->text, "80");
	assert_null(book.src[0].rows[1].values[1]);
	assert_int_equal(book.nsources, 1);
	assert_string_equal(book.sources[0].date, "2024-05");

	struct spec_ref ref;
	assert_int_equal(spec_row_find(&book, "mi300x", 6, &ref), 1);
	assert_int_equal(ref.row, 1);
	assert_int_equal(spec_row_find(&book, "mi300xy", 6, &ref), 1);   /* by length */
	assert_int_equal(spec_row_find(&book, "mi300", 5, &ref), 0);
	assert_int_equal(spec_column_find(&book, 0, "memory", 6), 1);
	assert_int_equal(spec_column_find(&book, 0, "vendor", 6), 0);
	assert_int_equal(spec_column_find(&book, 0, "name", 4), -1);
	assert_int_equal(spec_table_find(&book, "acc", 3), 0);
	book_done();
	arena_free(&a);
}

static void test_load_structure_errors(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct spec_book book;
	const char *root = book_new();
	book_file("sources.yaml", good_sources);
	book_file("acc.yaml",
		  "table: acc\n"
		  "title: {zh: 加速器, eng: Accelerators}\n"
		  "colums: {}\n"
		  "columns:\n"
		  "  memory: {en: Memory, unit: GB}\n"
		  "  Bad: {en: Bad}\n"
		  "  name: {en: Name}\n"
		  "  plain: {}\n"
		  "rows:\n"
		  "  h100:\n"
		  "    name: H100\n"
		  "    memroy: 80\n"
		  "    sources: [nvv, other]\n"
		  "    aliases: H100\n"
		  "  H200:\n"
		  "    name: H200\n"
		  "  h20:\n"
		  "    memory: [1, 2]\n");
	book_file("more.yaml",
		  "table: acc\n"
		  "title: {en: More}\n"
		  "columns: {x: {en: X}}\n"
		  "rows:\n"
		  "  h100: {name: again}\n"
		  "  ok_row: {name: fine, x: 1}\n");
	assert_int_equal(spec_load(&a, root, &book), -1);
	assert_diags(
		"specs/acc.yaml:2:18: error: unknown key 'eng' in title (did you mean 'en'?)\n"
		"specs/acc.yaml:3:1: error: unknown key 'colums' in a spec table "
		"(did you mean 'columns'?)\n"
		"specs/acc.yaml:6:3: error: malformed column id 'Bad': use [a-z][a-z0-9_]*\n"
		"specs/acc.yaml:7:3: error: 'name' cannot be a column: rows use it for their name\n"
		"specs/acc.yaml:8:3: error: column 'plain' needs a name: zh:, en: or both\n"
		"specs/acc.yaml:12:5: error: unknown column 'memroy' in table 'acc' "
		"(did you mean 'memory'?)\n"
		"specs/acc.yaml:13:15: error: unknown source 'nvv' (did you mean 'nv'?)\n"
		"specs/acc.yaml:13:20: error: unknown source 'other': add it to specs/sources.yaml\n"
		"specs/acc.yaml:14:14: error: aliases must be a list, not text\n"
		"specs/acc.yaml:15:3: error: malformed row id 'H200': use [a-z][a-z0-9_]*\n"
		"specs/acc.yaml:17:3: error: row 'h20' has no name\n"
		"specs/acc.yaml:18:13: error: 'memory' must be a value, not a list\n"
		"specs/more.yaml:1:8: error: duplicate table id 'acc': already the id of "
		"specs/acc.yaml\n"
		"specs/more.yaml:5:3: error: duplicate row id 'h100': already a row of table "
		"'acc' at specs/acc.yaml:10:3\n");
	/* what was well formed is kept */
	assert_int_equal(book.ntables, 2);
	assert_string_equal(book.tables[1].id, "more");
	assert_int_equal(book.tables[1].nrows, 1);
	struct spec_ref ref;
	assert_int_equal(spec_row_find(&book, "ok_row", 6, &ref), 1);
	assert_int_equal(ref.table, 1);
	book_done();
	arena_free(&a);
}

static void test_load_sources_errors(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct spec_book book;
	const char *root = book_new();
	book_file("sources.yaml",
		  "Bad id:\n"
		  "  title: x\n"
		  "  url: https://x\n"
		  "ok:\n"
		  "  title: Ok\n"
		  "  url: ftp://x\n"
		  "  date: 2024-13\n"
		  "  autor: me\n"
		  "bare: just text\n"
		  "nourl:\n"
		  "  title: No URL\n");
	assert_int_equal(spec_load(&a, root, &book), -1);
	assert_diags(
		"specs/sources.yaml:1:1: error: malformed source id 'Bad id': use lower-case "
		"letters, digits and - _ .\n"
		"specs/sources.yaml:6:8: error: url 'ftp://x' must start with https:// or http://\n"
		"specs/sources.yaml:7:9: error: date '2024-13' must be YYYY, YYYY-MM or YYYY-MM-DD\n"
		"specs/sources.yaml:8:3: error: unknown key 'autor' in a source (expected title, "
		"url or date)\n"
		"specs/sources.yaml:9:7: error: a source must be a map, not text\n"
		"specs/sources.yaml:10:1: error: source 'nourl' has no url\n");
	book_done();
	arena_free(&a);
}

static void test_load_bad_yaml(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct spec_book book;
	const char *root = book_new();
	book_file("a.yaml", "table: a\ntitle: [unclosed\n");
	book_file("b.yaml", "- just\n- a list\n");
	book_file("c.yaml", "");
	assert_int_equal(spec_load(&a, root, &book), -1);
	char *got = diagnostics();
	assert_non_null(strstr(got, "specs/a.yaml:3:1: error: invalid YAML"));
	assert_non_null(strstr(got, "specs/b.yaml:1:1: error: a spec table must be a map, "
			       "not a list\n"));
	assert_non_null(strstr(got, "specs/c.yaml:1:1: error: spec table has no 'table:'\n"));
	free(got);
	/* an empty file still yields a table named after it, so nothing dangles */
	assert_int_equal(book.ntables, 1);
	assert_string_equal(book.tables[0].id, "c");
	book_done();
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_good),
		cmocka_unit_test(test_load_structure_errors),
		cmocka_unit_test(test_load_sources_errors),
		cmocka_unit_test(test_load_bad_yaml),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
