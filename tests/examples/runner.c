/*
 * runner.c — runs the literate examples in tests/examples/ (the .md files).
 *
 * The files are documentation first: prose, and examples in the manner of
 * cmark's spec.txt.  An example is a fence of 32 backquotes whose info
 * string says what the input is, the input, a line holding a single `.`,
 * and the expected output:
 *
 *     ```````````````````````````````` example span
 *     {13.8 TB = 72 × 192 GB}
 *     .
 *     holds
 *     shows 13.8 TB = 72 × 192 GB
 *     ````````````````````````````````
 *
 * Kinds: `unit` (a unit expression: its size in base units), `literal` (a
 * written number, STATED: what it shows and the interval), `exact` (the
 * same read as in a derivation), `expr` (an expression), `span` (the text of
 * a brace span, braces included: what the reader sees and the verdict) and
 * `check` (a rule or row check), `grade` (a span's claim as a quiz's answer:
 * what the page grades a typed number with).  Options after the kind: `row=ID` (bare
 * names are that row's fields), `approx=0.05`.  Errors appear as the GNU
 * diagnostics would print them, file `input`, line 1, column 1 at the start
 * of the input.
 *
 * Kind `prose` renders its input as a chapter (the site's renderer) against
 * the spec table of the last fence with info string `specs` (a whole
 * specs/<table>.yaml), and shows what the scan of plain quantities made of
 * it: the counts, each quantity linked to a row, each left unchecked, and
 * the diagnostics.  Options: `unchecked=error|off`.
 *
 * A fence with info string `scope` defines the spec values the examples
 * after it may use, one per line: `table.row.field = value`, read as a spec
 * cell is: exact as written, approximate after `~`, with a kind word after
 * it if one is written (`= 989.4 TFLOPS dense`).
 *
 * Output is TAP; with -u FILE the runner rewrites FILE's expected outputs
 * with what it computed (look at the diff before keeping it).
 */
#include "core/alloc.h"
#include "numbers/format.h"
#include "core/arena.h"
#include "core/buffer.h"
#include "numbers/claim.h"
#include "core/diag.h"
#include "core/distance.h"
#include "numbers/expr.h"
#include "core/files.h"
#include "numbers/literal.h"
#include "numbers/units.h"
#include "book/book.h"
#include "render/autolink.h"
#include "render/dom.h"
#include "render/render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FENCE "````````````````````````````````"

struct entry {
	char *table, *row, *field;
	struct quantity q;
};

static struct {
	struct entry *items;
	size_t n, cap;
	const char *row;         /* row=ID of the current example */
	struct arena arena;
	const struct units *units;
	char *specs_dir;         /* a temporary book holding the `specs` fence */
	struct numbers *numbers; /* its tables, for `prose` examples */
} scope;

/* ---- prose: the renderer's scan of plain quantities ---- */

static void specs_set(const char *yaml, const char *file, int lineno)
{
	if (!scope.specs_dir) {
		char tmpl[] = "/tmp/specbook-examples-XXXXXX";
		if (!mkdtemp(tmpl)) {
			perror("mkdtemp");
			exit(2);
		}
		scope.specs_dir = xstrdup(tmpl);
		char *d = arena_printf(&scope.arena, "%s/specs", scope.specs_dir);
		if (mkdir(d, 0700)) {
			perror(d);
			exit(2);
		}
	}
	char *path = arena_printf(&scope.arena, "%s/specs/t.yaml", scope.specs_dir);
	if (files_write(path, yaml, strlen(yaml)) < 0) {
		fprintf(stderr, "cannot write %s\n", path);
		exit(2);
	}
	int before = diag_count(DIAG_ERROR);
	scope.numbers = numbers_load(&scope.arena, scope.specs_dir, 0.02);
	if (!scope.numbers || diag_count(DIAG_ERROR) > before) {
		diag_flush(stderr);
		fprintf(stderr, "%s:%d: the specs fence does not load\n", file, lineno);
		exit(2);
	}
}

static void specs_cleanup(void)
{
	if (!scope.specs_dir)
		return;
	char *path = arena_printf(&scope.arena, "%s/specs/t.yaml", scope.specs_dir);
	unlink(path);
	rmdir(arena_printf(&scope.arena, "%s/specs", scope.specs_dir));
	rmdir(scope.specs_dir);
	free(scope.specs_dir);
}

static void show_link(void *ctx, struct dom_node *n)
{
	struct buf *out = ctx;
	const char *cls = dom_name(n) ? dom_get_attr(n, "class") : NULL;
	if (!cls || (strcmp(cls, "value") && strcmp(cls, "example")))
		return;
	struct buf text = BUF_INIT;
	dom_text_content(n, &text);
	if (!strcmp(cls, "example"))
		buf_addf(out, "example %s\n", text.data);
	else
		buf_addf(out, "linked %s -> %s\n", text.data, dom_get_attr(n, "href"));
	buf_release(&text);
}

static int run_prose(struct arena *a, const char *opts, const char *input, struct buf *out)
{
	if (!scope.numbers) {
		fprintf(stderr, "a prose example needs a specs fence before it\n");
		exit(2);
	}
	struct book b;
	memset(&b, 0, sizeof b);
	b.numbers = scope.numbers;
	b.approx = 0.02;
	b.root = scope.specs_dir;
	/* a one-line example in Chinese has no translation after it: the
	 * note would be noise, and whether diag printed it depended on the
	 * errors of the files run before (notes are held back after one) */
	b.quiet_unpaired = 1;
	if (strstr(opts, "unchecked=error"))
		b.unchecked = UNCHECKED_ERROR;
	else if (strstr(opts, "unchecked=off"))
		b.unchecked = UNCHECKED_OFF;
	struct chapter ch;
	memset(&ch, 0, sizeof ch);
	ch.path = "input";
	ch.text = ch.body = input;
	ch.len = ch.body_len = strlen(input);
	ch.body_line = 1;
	struct render_env env = { NULL, 0, autolink_new(&b) };
	struct rendered r;
	int rc = render_chapter(&b, &ch, a, &env, &r);
	buf_addf(out, "quantities %d, matched %d, unchecked %d (examples %d)\n", r.quantities,
		 r.matched, r.unchecked, r.examples);
	dom_visit(r.content, show_link, out);
	for (size_t k = 0; k < r.nunchecked_list; k++)
		buf_addf(out, "unchecked %s at %d:%d: %s\n", r.unchecked_list[k].text,
			 r.unchecked_list[k].loc.line, r.unchecked_list[k].loc.col, r.unchecked_list[k].why);
	dom_free(r.content);
	dom_free(r.toc);
	autolink_free((struct autolinker *)env.links);
	return rc;
}

/* ---- the fake scope ---- */

static int lookup(void *ctx, const char *name, struct quantity *q, struct expr_ref *ref)
{
	(void)ctx;
	for (size_t i = 0; i < scope.n; i++) {
		struct entry *e = &scope.items[i];
		char full[512], two[512];
		snprintf(full, sizeof full, "%s.%s.%s", e->table, e->row, e->field);
		snprintf(two, sizeof two, "%s.%s", e->row, e->field);
		int bare = scope.row && !strcmp(scope.row, e->row) && !strcmp(name, e->field);
		if (!strcmp(name, full) || !strcmp(name, two) || bare) {
			*q = e->q;
			ref->table = e->table;
			ref->row = e->row;
			ref->field = e->field;
			return 0;
		}
	}
	return 1;
}


static const char *suggest(void *ctx, const char *name)
{
	(void)ctx;
	const char *best = NULL;
	size_t best_d = (size_t)-1;
	for (size_t i = 0; i < scope.n; i++) {
		struct entry *e = &scope.items[i];
		char *two = arena_printf(&scope.arena, "%s.%s", e->row, e->field);
		size_t d = edit_distance(name, two, DISTANCE_MAX_LEN, 0);
		if (d < best_d) {
			best_d = d;
			best = two;
		}
	}
	return best_d <= strlen(name) / 3 + 1 ? best : NULL;
}

static void scope_add(const char *line, const char *file, int lineno)
{
	const char *eq = strchr(line, '=');
	if (!eq) {
		fprintf(stderr, "%s:%d: scope line without '='\n", file, lineno);
		exit(2);
	}
	char *name = arena_strndup(&scope.arena, line, (size_t)(eq - line));
	char *end = name + strlen(name);
	while (end > name && end[-1] == ' ')
		*--end = 0;
	char *dot1 = strchr(name, '.'), *dot2 = dot1 ? strchr(dot1 + 1, '.') : NULL;
	if (!dot2) {
		fprintf(stderr, "%s:%d: scope names are table.row.field\n", file, lineno);
		exit(2);
	}
	*dot1 = *dot2 = 0;
	struct entry *e = ARRAY_PUSH(scope.items, scope.n, scope.cap);
	e->table = name;
	e->row = dot1 + 1;
	e->field = dot2 + 1;
	const char *v = eq + 1;
	while (*v == ' ')
		v++;
	/* as a spec cell: exact as written, `~` marks an approximate value (its
	 * digits' rounding counts); a kind word may follow */
	int approx = *v == '~';
	if (approx)
		v++;
	struct literal lit;
	struct srcloc loc = { file, lineno, 1 };
	if (literal_parse(scope.units, &scope.arena, v, strlen(v), loc,
			  LITERAL_UNIT | LITERAL_KIND, &lit) <= 0 || lit.len != strlen(v)) {
		diag_flush(stderr);
		fprintf(stderr, "%s:%d: bad scope value '%s'\n", file, lineno, v);
		exit(2);
	}
	if (!approx)
		lit.q.v = lit.q.nominal;
	e->q = lit.q;
}

/* ---- running one example ---- */

static const struct expr_scope expr_scope = { lookup, suggest, NULL };

static void describe_quantity(struct buf *out, struct arena *a, const struct quantity *q)
{
	buf_addf(out, "shows %s\n", format_quantity(a, scope.units, q, 0));
	if (interval_is_point(q->v))
		buf_addf(out, "exact\n");
	else
		buf_addf(out, "interval %s\n",
			 format_quantity(a, scope.units, q, FORMAT_INTERVAL));
}

/* Returns a unit's size as people write it: 10^12, 2^40, 0.125, 3600. */
static const char *factor(struct arena *a, double x)
{
	for (int e = -24; e <= 24; e++)
		if ((e >= 4 || e <= -4) && x == pow(10, e))
			return arena_printf(a, "10^%d", e);
	for (int e = 10; e <= 80; e++)
		if (x == ldexp(1, e))
			return arena_printf(a, "2^%d", e);
	return arena_printf(a, "%.15g", x);
}

static void show_span(struct buf *out, const struct span *sp)
{
	if (sp->kind == SPAN_CLAIM)
		buf_adds(out, sp->disputed ? "disputed\n" : sp->counterexample ? "counterexample\n" : "holds\n");
	buf_adds(out, "shows ");
	for (size_t i = 0; i < sp->npieces; i++) {
		if (sp->pieces[i].row)
			buf_addf(out, "[%s](%s#%s)", sp->pieces[i].text, sp->pieces[i].table,
				 sp->pieces[i].row);
		else
			buf_adds(out, sp->pieces[i].text);
	}
	buf_adds(out, "\n");
	if (sp->kind == SPAN_CLAIM)
		buf_addf(out, "computed %s\n", sp->computed);
	if (sp->correction)
		buf_addf(out, "correction %s\n", sp->correction);
	if (sp->slip)
		buf_addf(out, "slip %s\n", sp->slip);
}

/* What a quiz's page grades a typed answer with (span.h struct span_grade). */
static void show_grade(struct buf *out, const struct span_grade *g)
{
	static const char *const names[] = {
		[SLIP_PREFIX] = "prefix", [SLIP_BITS] = "bits", [SLIP_SPARSE] = "sparse",
		[SLIP_DIRECTION] = "direction", [SLIP_DOUBLE] = "double", [SLIP_THOUSAND] = "thousand",
	};
	if (!g->ok) {
		buf_adds(out, "not gradable\n");
		return;
	}
	buf_addf(out, "unit %s\nright %.6g to %.6g", *g->unit ? g->unit : "(none)", g->lo, g->hi);
	if (g->tol)
		buf_addf(out, " within %g%%", g->tol * 100);
	if (g->abs_tol)
		buf_addf(out, " within %.6g %s", g->abs_tol, g->unit);
	buf_adds(out, "\n");
	for (size_t i = 0; i < g->nslips; i++)
		buf_addf(out, "slip %s ×%.6g: %.6g\n", names[g->slips[i].kind], g->slips[i].factor,
			 g->lo * g->slips[i].factor);
}

static void run(const char *kind, const char *opts, const char *input, struct buf *out)
{
	struct arena a = ARENA_INIT;
	struct srcloc loc = { "input", 1, 1 };
	double approx = 0.02;
	scope.row = NULL;
	const char *o;
	if ((o = strstr(opts, "approx=")))
		approx = atof(o + 7);
	if ((o = strstr(opts, "row="))) {
		size_t n = strcspn(o + 4, " ");
		scope.row = arena_strndup(&a, o + 4, n);
	}
	size_t len = strlen(input);
	int rc = 0;
	if (!strcmp(kind, "unit")) {
		struct unit un;
		rc = units_parse(scope.units, &a, input, len, loc, &un);
		if (rc == 0) {
			double scale;
			const char *base = units_display(scope.units, &a, &un.dim, 1, &scale);
			buf_addf(out, "%s = %s%s%s\n", un.name, factor(&a, un.scale),
				base ? " " : "",
				 base ? base : "");
		}
	} else if (!strcmp(kind, "literal") || !strcmp(kind, "exact")) {
		struct literal lit;
		unsigned flags = LITERAL_UNIT | (!strcmp(kind, "exact") ? LITERAL_EXACT : 0);
		rc = literal_parse(scope.units, &a, input, len, loc, flags, &lit);
		if (rc == 0) {
			buf_adds(out, "not a number\n");
		} else if (rc > 0) {
			rc = 0;
			describe_quantity(out, &a, &lit.q);
			if (lit.len != len)
				buf_addf(out, "rest %s\n", input + lit.len);
		}
	} else if (!strcmp(kind, "expr")) {
		struct expr *e = expr_parse(scope.units, &a, input, len, loc, 0);
		struct quantity q;
		if (!e || expr_eval(e, &expr_scope, &q) < 0)
			rc = -1;
		else
			describe_quantity(out, &a, &q);
	} else if (!strcmp(kind, "span")) {
		if (len < 2 || input[0] != '{' || input[len - 1] != '}') {
			fprintf(stderr, "a span example is written with its braces: %s\n", input);
			exit(2);
		}
		struct span sp;
		rc = claim_span(scope.units, &expr_scope, approx, &a, input + 1, len - 2, loc, &sp);
		if (rc == 0)
			show_span(out, &sp);
	} else if (!strcmp(kind, "prose")) {
		rc = run_prose(&a, opts, input, out);
	} else if (!strcmp(kind, "grade")) {
		if (len < 2 || input[0] != '{' || input[len - 1] != '}') {
			fprintf(stderr, "a grade example is written with its braces: %s\n", input);
			exit(2);
		}
		struct span sp;
		rc = claim_span(scope.units, &expr_scope, approx, &a, input + 1, len - 2, loc, &sp);
		if (rc == 0)
			show_grade(out, &sp.grade);
	} else if (!strcmp(kind, "check")) {
		rc = claim_check(scope.units, &expr_scope, approx, &a, input, len, loc);
		if (rc == 0)
			buf_adds(out, "holds\n");
	} else {
		fprintf(stderr, "unknown example kind '%s'\n", kind);
		exit(2);
	}
	char *diags = NULL;
	size_t dlen = 0;
	FILE *m = open_memstream(&diags, &dlen);
	diag_flush(m);
	fclose(m);
	buf_add(out, diags, dlen);
	free(diags);
	if (rc < 0 && dlen == 0)
		buf_adds(out, "(failed without a diagnostic)\n");
	arena_free(&a);
}

/* ---- the files ---- */

static char *trim_lines(const char *s)
{
	/* drop trailing spaces of each line and trailing blank lines */
	struct buf b = BUF_INIT;
	const char *p = s;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		size_t k = n;
		while (k && (p[k - 1] == ' ' || p[k - 1] == '\t'))
			k--;
		buf_add(&b, p, k);
		buf_addch(&b, '\n');
		p += n + (nl != NULL);
	}
	while (b.len >= 2 && b.data[b.len - 1] == '\n' && b.data[b.len - 2] == '\n')
		buf_truncate(&b, b.len - 1);
	return buf_detach(&b, NULL);
}

static int run_file(const char *path, int *count, int update)
{
	char *text;
	size_t len;
	if (files_read_bytes(path, &text, &len) < 0) {
		fprintf(stderr, "cannot read %s\n", path);
		return 1;
	}
	text = xrealloc(text, len + 1);
	text[len] = 0;
	int failed = 0;
	struct buf rewritten = BUF_INIT;
	char *p = text;
	int lineno = 1;
	while (*p) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *line = xstrndup(p, n);
		buf_add(&rewritten, p, n + (nl != NULL));
		p += n + (nl != NULL);
		int start = lineno++;
		if (strncmp(line, FENCE, strlen(FENCE))) {
			free(line);
			continue;
		}
		char *info = line + strlen(FENCE);
		int is_scope = !strcmp(info, " scope") || !strcmp(info, "scope");
		int is_specs = !strcmp(info, " specs") || !strcmp(info, "specs");
		struct buf specs = BUF_INIT;
		while (*info == ' ')
			info++;
		/* collect until the closing fence */
		struct buf input = BUF_INIT, expected = BUF_INIT;
		int in_output = 0;
		while (*p) {
			nl = strchr(p, '\n');
			n = nl ? (size_t)(nl - p) : strlen(p);
			char *l = xstrndup(p, n);
			p += n + (nl != NULL);
			lineno++;
			if (!strcmp(l, FENCE)) {
				free(l);
				break;
			}
			if (is_scope || is_specs) {
				if (is_scope && *l && *l != '#')
					scope_add(l, path, lineno - 1);
				if (is_specs) {
					buf_adds(&specs, l);
					buf_addch(&specs, '\n');
				}
				buf_adds(&rewritten, l);
				buf_addch(&rewritten, '\n');
			} else if (!in_output && !strcmp(l, ".")) {
				in_output = 1;
			} else if (!in_output) {
				if (input.len)
					buf_addch(&input, '\n');
				buf_adds(&input, l);
			} else {
				buf_adds(&expected, l);
				buf_addch(&expected, '\n');
			}
			free(l);
		}
		if (is_specs)
			specs_set(specs.data, path, start);
		buf_release(&specs);
		if (is_scope || is_specs) {
			buf_adds(&rewritten, FENCE "\n");
			buf_release(&input);
			buf_release(&expected);
			free(line);
			continue;
		}
		if (strncmp(info, "example", 7)) {
			buf_release(&input);
			buf_release(&expected);
			free(line);
			continue;
		}
		char kind[32] = "";
		sscanf(info + 7, " %31s", kind);
		const char *opts = strstr(info + 7, kind) + strlen(kind);
		struct buf actual = BUF_INIT;
		run(kind, opts, input.data, &actual);
		char *want = trim_lines(expected.data), *got = trim_lines(actual.data);
		(*count)++;
		/* the description is the input's first line, cut to fit a terminal */
		int shown = (int)strcspn(input.data, "\n");
		const char *more = shown > 72 ? "…" : "";
		if (shown > 72) {
			shown = 72;
			while (shown > 0 && (input.data[shown] & 0xc0) == 0x80)
				shown--;    /* not inside a UTF-8 sequence */
		}
		if (!strcmp(want, got)) {
			printf("ok %d - %s:%d %.*s%s\n", *count, path, start, shown, input.data,
				more);
		} else {
			failed = 1;
			printf("not ok %d - %s:%d %.*s%s\n", *count, path, start, shown, input.data,
			       more);
			printf("# expected:\n");
			for (char *q = want; *q;) {
				char *e = strchr(q, '\n');
				printf("#   %.*s\n", (int)(e ? e - q : (long)strlen(q)), q);
				q = e ? e + 1 : q + strlen(q);
			}
			printf("# actual:\n");
			for (char *q = got; *q;) {
				char *e = strchr(q, '\n');
				printf("#   %.*s\n", (int)(e ? e - q : (long)strlen(q)), q);
				q = e ? e + 1 : q + strlen(q);
			}
		}
		buf_adds(&rewritten, input.data);
		buf_adds(&rewritten, "\n.\n");
		buf_adds(&rewritten, got);
		buf_adds(&rewritten, FENCE "\n");
		free(want);
		free(got);
		buf_release(&actual);
		buf_release(&input);
		buf_release(&expected);
		free(line);
	}
	if (update && files_write(path, rewritten.data, rewritten.len) < 0)
		fprintf(stderr, "cannot write %s\n", path);
	buf_release(&rewritten);
	free(text);
	return failed;
}

int main(int argc, char **argv)
{
	int update = 0, first = 1;
	dom_init();
	if (argc > 1 && !strcmp(argv[1], "-u")) {
		update = 1;
		first = 2;
	}
	const char *units_path = getenv("SPECBOOK_UNITS");
	if (!units_path)
		units_path = "specs/units.yaml";
	scope.units = units_load(&scope.arena, units_path, "specs/units.yaml");
	if (!scope.units) {
		diag_flush(stderr);
		fprintf(stderr, "cannot load %s\n", units_path);
		return 2;
	}
	char **files;
	size_t nfiles;
	if (argc > first) {
		files = argv + first;
		nfiles = (size_t)(argc - first);
	} else {
		files = files_list(&scope.arena, "tests/examples", ".md", &nfiles);
		for (size_t i = 0; i < nfiles; i++)
			files[i] = arena_printf(&scope.arena, "tests/examples/%s", files[i]);
	}
	int count = 0, failed = 0;
	for (size_t i = 0; i < nfiles; i++) {
		scope.n = 0;
		failed |= run_file(files[i], &count, update);
	}
	printf("1..%d\n", count);
	specs_cleanup();
	dom_cleanup();
	free(scope.items);
	arena_free(&scope.arena);
	return failed;
}
