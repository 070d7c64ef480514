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

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/buffer.h"
#include "core/diag.h"
#include "core/files.h"
#include "book/numbers.h"
#include "book/spec.h"

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
	const char *candidates[] = { getenv("SPECBOOK_UNITS"), "specs/units.yaml",
				     "../specs/units.yaml", "../../specs/units.yaml" };
	for (size_t i = 0; i < 4; i++)
		if (candidates[i] && !files_read_bytes(candidates[i], &data, &len)) {
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
	book_file("notes.yml", "table: notes\n");
	assert_int_equal(spec_load(&a, root, &book), 0);
	assert_diags("specs/notes.yml: warning: ignored: spec tables end in .yaml, not .yml\n");
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
		"url, date or publisher)\n"
		"specs/sources.yaml:9:7: error: a source must be a map, not text\n"
		"specs/sources.yaml:10:1: error: source 'nourl' has no url\n");
	book_done();
	arena_free(&a);
}

static void test_load_ambiguous_names(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct spec_book book;
	const char *root = book_new();
	book_file("a.yaml", "table: a\ntitle: {en: A}\ncolumns: {x: {en: X}}\nrows:\n"
		  "  h100: {name: H100, aliases: [H100, Hopper]}\n");
	book_file("b.yaml", "table: b\ntitle: {en: B}\ncolumns: {x: {en: X}}\nrows:\n"
		  "  dgx: {name: Hopper, aliases: [DGX, H100]}\n");
	assert_int_equal(spec_load(&a, root, &book), -1);
	assert_diags("specs/b.yaml:5:15: error: 'Hopper' already names row 'h100' at "
		     "specs/a.yaml:5:38: links to it would be ambiguous\n"
		     "specs/b.yaml:5:38: error: 'H100' already names row 'h100' at "
		     "specs/a.yaml:5:16: links to it would be ambiguous\n");
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
	assert_non_null(strstr(got, "specs/c.yaml:1:1: error: spec table is empty: it needs table:, "
			       "title:, columns: and rows:\n"));
	free(got);
	/* an empty file still yields a table named after it, so nothing dangles */
	assert_int_equal(book.ntables, 1);
	assert_string_equal(book.tables[0].id, "c");
	book_done();
	arena_free(&a);
}


/* ---- resolve.c and check.c, through numbers.h ---- */

/* Loads the book in tmpdir with the real units; fails the test if NULL. */
static struct numbers *load(struct arena *a)
{
	book_units();
	struct numbers *nb = numbers_load(a, tmpdir, 0.02);
	assert_non_null(nb);
	return nb;
}

static const struct spec_cell *cell(const struct numbers *nb, const char *row, const char *col)
{
	const struct spec_table *t;
	const struct spec_row *r = numbers_row(nb, row, &t);
	assert_non_null(r);
	for (size_t c = 0; c < t->ncolumns; c++)
		if (!strcmp(t->columns[c].id, col))
			return &r->cells[c];
	fail_msg("no column %s", col);
	return NULL;
}

static void test_derived_columns(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("sys.yaml",
		  "table: sys\n"
		  "title: {en: Systems}\n"
		  "columns:\n"
		  "  gpus:    {en: GPUs}\n"
		  "  gpu_mem: {en: HBM per GPU, unit: GB}\n"
		  "  hbm:     {en: HBM total, unit: TB, derive: gpus × gpu_mem}\n"
		  "  fast:    {en: Fast memory, unit: TB, derive: hbm + ddr}\n"
		  "  ddr:     {en: DDR, unit: TB}\n"
		  "  kind:    {en: Kind}\n"
		  "rows:\n"
		  "  nvl72: {name: NVL72, gpus: 72, gpu_mem: 192, ddr: 17.3, kind: rack}\n"
		  "  stated: {name: Stated, gpus: 8, gpu_mem: 80, hbm: 0.64}\n"
		  "  grace: {name: Grace, gpus: 0, gpu_mem: n/a, ddr: \"480 GB\"}\n"
		  "  empty: {name: Empty, gpus: 4}\n");
	struct numbers *nb = load(&a);
	assert_diags("");

	const struct spec_cell *c = cell(nb, "nvl72", "hbm");
	assert_int_equal(c->kind, CELL_VALUE);
	assert_string_equal(c->text, "13.8");
	assert_null(c->unit);
	assert_true(c->derived);
	assert_true(c->sort_key > 13.823 && c->sort_key < 13.825);
	/* a derived column may use another, declared before or after it */
	c = cell(nb, "nvl72", "fast");
	assert_string_equal(c->text, "31.1");
	assert_true(c->derived);
	/* a stated derived value is shown as written, and checked */
	c = cell(nb, "stated", "hbm");
	assert_string_equal(c->text, "0.64");
	assert_false(c->derived);
	/* a marker among the inputs carries over; an empty input leaves it empty */
	c = cell(nb, "grace", "hbm");
	assert_int_equal(c->kind, CELL_MARKER);
	assert_string_equal(c->text, "—");
	assert_int_equal(cell(nb, "empty", "hbm")->kind, CELL_EMPTY);
	assert_null(cell(nb, "empty", "hbm")->text);
	/* a cell in a unit of its own keeps it; text cells are as written */
	c = cell(nb, "grace", "ddr");
	assert_string_equal(c->text, "480");
	assert_string_equal(c->unit, "GB");
	assert_true(c->sort_key > 0.479 && c->sort_key < 0.481);
	assert_int_equal(cell(nb, "nvl72", "kind")->kind, CELL_TEXT);
	assert_string_equal(cell(nb, "nvl72", "kind")->text, "rack");
	assert_int_equal(cell(nb, "nvl72", "kind")->loc.line, 11);
	book_done();
	arena_free(&a);
}

static void test_stated_derived_mismatch(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("hbm.yaml",
		  "table: hbm\n"
		  "title: {en: HBM}\n"
		  "columns:\n"
		  "  rate:  {en: Data rate, unit: Gb/s}\n"
		  "  width: {en: Width}\n"
		  "  bw:    {en: Bandwidth, unit: GB/s, derive: rate × width}\n"
		  "rows:\n"
		  "  hbm3:  {name: HBM3, rate: 6.4, width: 1024, bw: 819}\n"
		  "  hbm3e: {name: HBM3e, rate: 9.6, width: 1024, bw: 1200}\n");
	load(&a);
	assert_diags("specs/hbm.yaml:9:52: error: stated hbm3e.bw does not match its "
		     "derivation: should be 1,228.8 GB/s\n");
	book_done();
	arena_free(&a);
}

static void test_derivation_cycles(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("loop.yaml",
		  "table: loop\n"
		  "title: {en: Loop}\n"
		  "columns:\n"
		  "  a: {en: A, unit: GB, derive: b + c}\n"
		  "  b: {en: B, unit: GB, derive: 2 × a}\n"
		  "  c: {en: C, unit: GB}\n"
		  "  d: {en: D, unit: GB, derive: d + c}\n"
		  "  e: {en: E, unit: GB, derive: a + c}\n"
		  "rows:\n"
		  "  one: {name: One, c: 1}\n"
		  "  two: {name: Two, c: 2}\n");
	struct numbers *nb = load(&a);
	/* each cycle once, though every row meets it; e, which needs a, is quiet */
	assert_diags("specs/loop.yaml:4:32: error: derivation cycle: a → b → a\n"
		     "specs/loop.yaml:7:32: error: derivation cycle: d → d\n");
	assert_int_equal(cell(nb, "two", "a")->kind, CELL_EMPTY);
	assert_int_equal(cell(nb, "two", "e")->kind, CELL_EMPTY);
	book_done();
	arena_free(&a);
}

static void test_cross_row_cycle(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("x.yaml",
		  "table: x\n"
		  "title: {en: X}\n"
		  "columns:\n"
		  "  v: {en: V, unit: W, derive: w + q.u}\n"
		  "  w: {en: W, unit: W}\n"
		  "rows:\n"
		  "  p: {name: P, w: 1}\n");
	book_file("y.yaml",
		  "table: y\n"
		  "title: {en: Y}\n"
		  "columns:\n"
		  "  u: {en: U, unit: W, derive: p.v + 1 W}\n"
		  "  s: {en: S, unit: W, derive: s + 1 W}\n"
		  "rows:\n"
		  "  q: {name: Q}\n");
	struct numbers *nb = load(&a);
	/* across rows the cycle names them; within one, the columns */
	assert_diags("specs/x.yaml:4:31: error: derivation cycle: p.v → q.u → p.v\n"
		     "specs/y.yaml:5:31: error: derivation cycle: s → s\n");
	assert_int_equal(cell(nb, "p", "v")->kind, CELL_EMPTY);
	assert_int_equal(cell(nb, "q", "u")->kind, CELL_EMPTY);
	book_done();
	arena_free(&a);
}

static const char rules_table[] =
	"table: acc\n"
	"title: {en: Accelerators}\n"
	"columns:\n"
	"  bf16: {en: BF16, unit: TFLOPS}\n"
	"  fp8:  {en: FP8, unit: TFLOPS}\n"
	"  fp4:  {en: FP4, unit: TFLOPS}\n"
	"rules:\n"
	"  - fp8 ≈ 2 × bf16\n"
	"  - fp4 = 2 × fp8\n"
	"  - fp8 = 2 × bf16 + fp6\n"
	"rows:\n"
	"  h100: {name: H100, bf16: 989, fp8: 1979, fp4: n/a}\n"
	"  a100: {name: A100, bf16: 312}\n"
	"  mi300x: {name: MI300X, bf16: 1307, fp8: 2300}\n";

static void test_rules(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("acc.yaml", rules_table);
	load(&a);
	char *got = diagnostics();
	/* a100 has no fp8 and h100 no fp4 number: not held to those rules; the
	 * rule with an unknown name is reported once, not once per row; a
	 * broken rule once, at its row, not also at the rule */
	assert_null(strstr(got, "claim does not hold"));
	assert_non_null(strstr(got, "specs/acc.yaml:9:5: warning: rule applies to no row of "
			       "table 'acc': none has all the fields it names\n"));
	assert_non_null(strstr(got, "specs/acc.yaml:10:22: error: unknown name 'fp6'\n"));
	assert_non_null(strstr(got, "specs/acc.yaml:14:3: error: row 'mi300x' breaks the rule "
			       "'fp8 ≈ 2 × bf16' (line 8)\n"));
	size_t lines = 0;
	for (const char *p = got; *p; p++)
		lines += *p == '\n';
	assert_int_equal(lines, 3);
	free(got);
	book_done();
	arena_free(&a);
}

static void test_row_checks(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("acc.yaml",
		  "table: acc\n"
		  "title: {en: Accelerators}\n"
		  "columns:\n"
		  "  bf16: {en: BF16, unit: TFLOPS}\n"
		  "  fp8:  {en: FP8, unit: TFLOPS}\n"
		  "  fp4:  {en: FP4, unit: TFLOPS}\n"
		  "  vendor: {en: Vendor}\n"
		  "rows:\n"
		  "  h100:\n"
		  "    name: H100\n"
		  "    bf16: 989\n"
		  "    fp8: 1979\n"
		  "    fp4: unknown\n"
		  "    vendor: NVIDIA\n"
		  "    checks:\n"
		  "      - fp8 ≈ 2 × bf16\n"
		  "      - fp8 = h200.fp8\n"
		  "      - \"bf16 ≈ 2 × fp4\"\n"
		  "      - fp8 > vendor\n"
		  "      - bf16 < b200.bf16\n"
		  "  h200: {name: H200, bf16: 989}\n"
		  "  b200: {name: B200, bf16: 2250}\n");
	load(&a);
	assert_diags(
		"specs/acc.yaml:17:15: error: 'h200.fp8' has no value: row 'h200' gives no "
		"'fp8'\n"
		"specs/acc.yaml:18:21: error: 'fp4' is unknown in the table: there is no number "
		"to use\n"
		"specs/acc.yaml:19:15: error: 'vendor' is text ('NVIDIA'), not a number\n");
	book_done();
	arena_free(&a);
}

static void test_spans(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("acc.yaml", rules_table);
	struct numbers *nb = load(&a);
	diag_reset();

	struct span sp;
	struct srcloc loc = { "content/01-x.md", 3, 10 };
	const char *text = "h100.bf16";
	assert_int_equal(numbers_span(nb, &a, text, strlen(text), loc, &sp), 0);
	assert_int_equal(sp.kind, SPAN_VALUE);
	assert_true(sp.npieces >= 1);
	int linked = 0;
	for (size_t i = 0; i < sp.npieces; i++)
		if (sp.pieces[i].row && !strcmp(sp.pieces[i].row, "h100") &&
		    !strcmp(sp.pieces[i].table, "acc"))
			linked = 1;
	assert_true(linked);

	text = "acc.h100.fp8 ≈ 2 × h100.bf16";
	assert_int_equal(numbers_span(nb, &a, text, strlen(text), loc, &sp), 0);
	assert_int_equal(sp.kind, SPAN_CLAIM);
	assert_diags("");

	/* bare names mean nothing in prose; misspellings get a suggestion */
	text = "h100.bf61 + h10.bf16 + bf16";
	assert_int_equal(numbers_span(nb, &a, text, strlen(text), loc, &sp), -1);
	char *got = diagnostics();
	assert_non_null(strstr(got, "content/01-x.md:3:11: error: unknown name 'h100.bf61'"));
	free(got);
	text = "h10.bf16";
	assert_int_equal(numbers_span(nb, &a, text, strlen(text), loc, &sp), -1);
	got = diagnostics();
	assert_non_null(strstr(got, "content/01-x.md:3:11: error: unknown name 'h10.bf16'"));
	free(got);
	/* a field without a number is said so, where it is written */
	text = "2 × a100.fp8";
	assert_int_equal(numbers_span(nb, &a, text, strlen(text), loc, &sp), -1);
	assert_diags("content/01-x.md:3:15: error: 'a100.fp8' has no value: row 'a100' gives "
		     "no 'fp8'\n");
	text = "h100.fp4";
	assert_int_equal(numbers_span(nb, &a, text, strlen(text), loc, &sp), -1);
	assert_diags("content/01-x.md:3:11: error: 'h100.fp4' is n/a in the table: there is "
		     "no number to use\n");
	book_done();
	arena_free(&a);
}

static void test_facade(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("b.yaml", "table: b\ntitle: {en: B}\ncolumns: {x: {en: X}}\n"
		  "rows: {r2: {name: R2, x: 2, sources: [s2, s1]}}\n");
	book_file("a.yaml", "table: a\ntitle: {en: A}\ncolumns: {x: {en: X}}\n"
		  "rows: {r1: {name: R1, aliases: [Row one], x: 1}}\n");
	book_file("sources.yaml", "s2: {title: Two, url: 'https://two'}\n"
		  "s1: {title: One, url: 'https://one', date: 2024}\n");
	struct numbers *nb = load(&a);
	assert_diags("");
	size_t n;
	const struct spec_table *t = numbers_tables(nb, &n);
	assert_int_equal(n, 2);
	assert_string_equal(t[0].id, "a");   /* file-name order; units, sources skipped */
	assert_string_equal(t[1].id, "b");
	const struct spec_source *s = numbers_sources(nb, &n);
	assert_int_equal(n, 2);
	assert_string_equal(s[0].id, "s2");   /* file order */
	assert_null(s[0].date);
	assert_string_equal(s[1].date, "2024");
	const struct spec_table *which;
	const struct spec_row *r = numbers_row(nb, "r2", &which);
	assert_non_null(r);
	assert_ptr_equal(which, &t[1]);
	assert_int_equal(r->nsources, 2);
	assert_string_equal(r->sources[1], "s1");
	assert_null(numbers_row(nb, "r3", &which));
	assert_non_null(numbers_row(nb, "r1", NULL));
	book_done();
	arena_free(&a);
}

/* The column a pipe table's header cell names (spec_column_named via
 * numbers_column_named), or "-" for none. */
static const char *named(const struct numbers *nb, const struct spec_table *t, const char *header)
{
	const struct spec_column *c = numbers_column_named(nb, t, header, strlen(header));
	return c ? c->id : "-";
}

static void test_header_names_column(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("t.yaml",
		  "table: t\ntitle: {en: T}\ncolumns:\n"
		  "  vendor: {zh: 厂商, en: Vendor}\n"
		  "  memory: {zh: 显存容量（二进制）, en: \"Memory (binary; vendors write GB)\", unit: GiB}\n"
		  "  mem_bw: {zh: 显存带宽, en: Memory bandwidth, unit: TB/s, aliases: [HBM bandwidth]}\n"
		  "  fp64:   {zh: FP64 算力（向量）, en: FP64 (vector), unit: TFLOPS}\n"
		  "  bf16:   {zh: BF16 稠密算力, en: BF16 dense, unit: TFLOPS}\n"
		  "  fp8:    {zh: FP8 稠密算力, en: FP8 dense, unit: TFLOPS}\n"
		  "  peak:   {en: Peak, unit: TFLOPS}\n"
		  "  top:    {en: Peak rate, unit: TFLOPS}\n"
		  "rows: {r: {name: R}}\n");
	struct numbers *nb = load(&a);
	assert_diags("");
	size_t n;
	const struct spec_table *t = numbers_tables(nb, &n);
	/* id, names in either language, aliases: case, spaces, punctuation,
	 * Markdown's marks and tags aside */
	assert_string_equal(named(nb, t, "bf16"), "bf16");
	assert_string_equal(named(nb, t, "BF16 dense"), "bf16");
	assert_string_equal(named(nb, t, "**BF16**<br>dense"), "bf16");
	assert_string_equal(named(nb, t, "BF16 稠密算力"), "bf16");
	assert_string_equal(named(nb, t, "mem-bw"), "mem_bw");
	assert_string_equal(named(nb, t, "HBM bandwidth"), "mem_bw");
	assert_string_equal(named(nb, t, "厂商"), "vendor");
	/* a name with its unit, or before its parenthesis */
	assert_string_equal(named(nb, t, "BF16 TFLOPS"), "bf16");
	assert_string_equal(named(nb, t, "Memory bandwidth (TB/s)"), "mem_bw");
	assert_string_equal(named(nb, t, "Memory (GiB)"), "memory");
	assert_string_equal(named(nb, t, "Memory"), "memory");
	assert_string_equal(named(nb, t, "显存容量"), "memory");
	assert_string_equal(named(nb, t, "FP64"), "fp64");
	/* a whole name wins over a part of one; two equal matches name none */
	assert_string_equal(named(nb, t, "Peak"), "peak");
	assert_string_equal(named(nb, t, "FP8"), "fp8");
	assert_string_equal(named(nb, t, "Peak TFLOPS"), "peak");
	/* nothing: another word, an empty header, a sentence */
	assert_string_equal(named(nb, t, "Bandwidth"), "-");
	assert_string_equal(named(nb, t, ""), "-");
	assert_string_equal(named(nb, t, "**"), "-");
	char long_header[400];
	memset(long_header, 'x', sizeof long_header - 1);
	long_header[sizeof long_header - 1] = '\0';
	assert_string_equal(named(nb, t, long_header), "-");
	book_done();
	arena_free(&a);
}

static void test_failed_derive_keeps_stated(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("t.yaml",
		  "table: t\n"
		  "title: {en: T}\n"
		  "columns:\n"
		  "  x: {en: X, unit: GB}\n"
		  "  y: {en: Y, unit: GB, derive: 2 × xx}\n"
		  "  z: {en: Z, unit: GB, derive: y + x}\n"
		  "rows:\n"
		  "  one: {name: One, x: 1, y: 2, checks: [z = 3 GB]}\n"
		  "  two: {name: Two, x: 1, checks: [y = 2 GB]}\n");
	struct numbers *nb = load(&a);
	/* the formula's error once; a stated y still serves; a missing one is quiet */
	assert_diags("specs/t.yaml:5:36: error: unknown name 'xx'\n");
	assert_string_equal(cell(nb, "one", "y")->text, "2");
	assert_string_equal(cell(nb, "one", "z")->text, "3");
	assert_int_equal(cell(nb, "two", "y")->kind, CELL_EMPTY);
	book_done();
	arena_free(&a);
}

/* Counts in a table are exact, as integers in a derivation are: the notes'
 * 13.5 TB for 72 × 192 GB is the prefix slip whether written out or not. */
static void test_counts_exact(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("sys.yaml", "table: sys\ntitle: {en: Systems}\ncolumns:\n"
		  "  gpus: {en: GPUs}\n  params: {en: Parameters}\n"
		  "rows:\n  nvl72: {name: NVL72, gpus: 72, params: ~671B}\n"
		  "  r1: {name: R1, gpus: 8, params: 671B}\n");
	struct numbers *nb = load(&a);
	assert_diags("");
	struct span sp;
	struct srcloc loc = { "content/01-x.md", 1, 1 };
	const char *text = "!13.5 TB ≈ nvl72.gpus × 192 GB";
	assert_int_equal(numbers_span(nb, &a, text, strlen(text), loc, &sp), 0);
	assert_true(sp.disputed);
	/* a count written with a magnitude is exact as written, as every spec
	 * value is; marked ~ it keeps its digits' precision */
	text = "671.4B = nvl72.params";
	assert_int_equal(numbers_span(nb, &a, text, strlen(text), loc, &sp), 0);
	assert_diags("");
	text = "671.4B = r1.params";
	assert_int_equal(numbers_span(nb, &a, text, strlen(text), loc, &sp),-1);
	char *got = diagnostics();
	assert_non_null(strstr(got, "content/01-x.md:1:1: error: claim does not hold\n"));
	free(got);
	book_done();
	arena_free(&a);
}

struct span_job {
	const struct numbers *nb;
	int failures;
};

static void *span_thread(void *arg)
{
	struct span_job *job = arg;
	struct arena a = ARENA_INIT;
	struct srcloc loc = { "content/01-x.md", 1, 1 };
	for (int i = 0; i < 2000; i++) {
		struct span sp;
		const char *text = i % 2 ? "h100.fp8 ≈ 2 × h100.bf16" : "mi300x.bf16 -> PFLOPS";
		if (numbers_span(job->nb, &a, text, strlen(text), loc, &sp))
			job->failures++;
	}
	arena_free(&a);
	return NULL;
}

/* Render threads share the model: spans from several threads at once. */
static void test_spans_threads(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	book_file("acc.yaml", rules_table);
	struct numbers *nb = load(&a);
	diag_reset();
	pthread_t threads[4];
	struct span_job jobs[4];
	for (int i = 0; i < 4; i++) {
		jobs[i] = (struct span_job){ nb, 0 };
		assert_int_equal(pthread_create(&threads[i], NULL, span_thread, &jobs[i]), 0);
	}
	for (int i = 0; i < 4; i++) {
		pthread_join(threads[i], NULL);
		assert_int_equal(jobs[i].failures, 0);
	}
	assert_diags("");
	book_done();
	arena_free(&a);
}

/* 20 000 rows: loading and looking each up stays fast (hashed, not scanned). */
static void test_many_rows(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	book_new();
	struct buf b = BUF_INIT;
	buf_adds(&b, "table: big\ntitle: {en: Big}\ncolumns:\n"
		 "  x: {en: X, unit: GB}\n  y: {en: Y, unit: GB, derive: 2 × x}\nrows:\n");
	for (int i = 0; i < 20000; i++)
		buf_addf(&b, "  r%d: {name: R%d, x: %d}\n", i, i, i + 1);
	book_file("big.yaml", b.data);
	buf_release(&b);
	struct numbers *nb = load(&a);
	assert_diags("");
	char id[16], span[64];
	for (int i = 0; i < 20000; i++) {
		snprintf(id, sizeof id, "r%d", i);
		assert_non_null(numbers_row(nb, id, NULL));
	}
	struct arena sa = ARENA_INIT;
	struct span sp;
	struct srcloc loc = { "content/01-x.md", 1, 1 };
	for (int i = 0; i < 20000; i += 7) {
		int len = snprintf(span, sizeof span, "r%d.y = 2 × r%d.x", i, i);
		assert_int_equal(numbers_span(nb, &sa, span, (size_t)len, loc, &sp), 0);
	}
	assert_diags("");
	arena_free(&sa);
	book_done();
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_good),
		cmocka_unit_test(test_load_structure_errors),
		cmocka_unit_test(test_load_sources_errors),
		cmocka_unit_test(test_load_ambiguous_names),
		cmocka_unit_test(test_load_bad_yaml),
		cmocka_unit_test(test_derived_columns),
		cmocka_unit_test(test_stated_derived_mismatch),
		cmocka_unit_test(test_derivation_cycles),
		cmocka_unit_test(test_cross_row_cycle),
		cmocka_unit_test(test_rules),
		cmocka_unit_test(test_row_checks),
		cmocka_unit_test(test_spans),
		cmocka_unit_test(test_facade),
		cmocka_unit_test(test_header_names_column),
		cmocka_unit_test(test_failed_derive_keeps_stated),
		cmocka_unit_test(test_counts_exact),
		cmocka_unit_test(test_spans_threads),
		cmocka_unit_test(test_many_rows),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
