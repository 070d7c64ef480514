/*
 * command.c — `specbook audit` (command.h): reads DIR's Markdown (any
 * folder: no book.yaml needed), runs the audit, prints the findings in the
 * format asked for and a summary, writes nothing.  A book.yaml (DIR's or
 * DIR/content's) may say `audit: {reference: false}` to leave the
 * built-in reference data out; --no-reference does the same.
 */
#include "audit/command.h"
#include "audit/audit.h"
#include "audit/read.h"
#include "audit/reference.h"
#include "audit/report.h"
#include "core/builtin.h"
#include "core/files.h"
#include "core/pack.h"
#include "core/yamltree.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void usage(FILE *out)
{
	fprintf(out,
		"usage: specbook audit [DIR] [--format=gnu|json|github|sarif] [--html=OUT] [--no-reference]\n"
		"                      [--max-diagnostics=N] [--quiet]\n"
		"\n"
		"Checks the numbers of any folder of Markdown (DIR, default .) with no YAML\n"
		"written: pipe tables read as data (row ratios, derived columns), the same\n"
		"figure in two tables or in prose, comparisons stated in prose (2.4x, 3 倍,\n"
		"50%% faster), and known parts (H100, MI300X...) against the reference data\n"
		"built into specbook.  Writes nothing; exit status 1 when an error is found.\n"
		"\n"
		"  --format=FMT     gnu (default), json or sarif (stdout), github annotations\n"
		"  --html=OUT       also write a one-page report to OUT: every finding, its lines\n"
		"                   beside its evidence's, linked to the lines (on GitHub in Actions)\n"
		"  --no-reference   do not hold known parts against the built-in reference\n"
		"                   (book.yaml: audit: {reference: false})\n"
		"  --max-diagnostics=N  print at most N errors and warnings, N per file\n"
		"                   (default: 100, 20 per file); 0 prints every one\n"
		"  --quiet          no summary, no notes\n");
}

/* The version of the reference data built into this binary: the first 8
 * hex digits of a hash of its files (names and bytes), so that the same
 * data has the same version in every build, and other data another. */
static const char *reference_version(struct arena *a)
{
	size_t n;
	const struct builtin_file *f = builtin_under("reference/", &n);
	uint64_t h = PACK_HASH_INIT;
	for (size_t i = 0; f && i < n; i++) {
		h = pack_hash_str(h, f[i].path);
		h = pack_hash(h, f[i].data, f[i].len);
	}
	return arena_printf(a, "%08llx", (unsigned long long)(h >> 32));
}

/* Reads `audit: {reference: …}` of DIR's book.yaml (or DIR/content's):
 * false (off, no) leaves the reference out; a version pins it (this
 * binary's data is used only if it is that version; otherwise a warning,
 * and the reference is left out, so that a new specbook's data cannot
 * fail a book's CI that pinned the old).  Returns 1 to use the reference. */
static int reference_wanted(struct arena *a, const char *dir, const char *version, int quiet)
{
	const char *paths[] = { "book.yaml", "content/book.yaml" };
	for (size_t i = 0; i < 2; i++) {
		const char *path = arena_printf(a, "%s/%s", dir, paths[i]);
		if (!files_exists(path))
			continue;
		char *text;
		size_t len;
		/* (quiet: in a book, whose load reports what is wrong in it) */
		diag_mute(quiet);
		int rc = files_read_text(a, path, paths[i], &text, &len);
		struct ynode *root = rc == 0 ? ytree_parse(a, paths[i], text, len, 1) : NULL;
		diag_mute(-quiet);
		struct ynode *au = root && root->kind == YNODE_MAP ? ytree_get(root, "audit") : NULL;
		struct ynode *ref = au && au->kind == YNODE_MAP ? ytree_get(au, "reference") : NULL;
		if (!ref || ref->kind != YNODE_SCALAR)
			return 1;
		if (!strcmp(ref->text, "false") || !strcmp(ref->text, "off") || !strcmp(ref->text, "no"))
			return 0;
		if (!strcmp(ref->text, "true") || !strcmp(ref->text, "on") || !strcmp(ref->text, "yes") ||
		    !strcmp(ref->text, version))
			return 1;
		diag_report(DIAG_WARNING, ref->loc, (int)strlen(ref->text),
			    arena_printf(a, "hint: read what `specbook audit` finds against version %s, then "
					 "pin that (reference: \"%s\"), or write reference: false", version, version),
			    "the book pins reference data '%s'; this specbook carries version %s: "
			    "nothing is held against reference data", ref->text, version);
		return 0;
	}
	return 1;
}

int audit_reference_off(struct arena *a, const char *dir)
{
	return !reference_wanted(a, dir, reference_version(a), 1);
}

int audit_command(int argc, char **argv)
{
	enum diag_format format = DIAG_FORMAT_GNU;
	int use_reference = 1, quiet = 0, max_diagnostics = -1;
	const char *html = NULL;
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "no-reference", no_argument, NULL, 'R' },
		{ "html", required_argument, NULL, 'H' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "max-diagnostics", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	optind = 1;
	int opt;
	while ((opt = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			if (!strcmp(optarg, "gnu"))
				format = DIAG_FORMAT_GNU;
			else if (!strcmp(optarg, "json"))
				format = DIAG_FORMAT_JSON;
			else if (!strcmp(optarg, "github"))
				format = DIAG_FORMAT_GITHUB;
			else if (!strcmp(optarg, "sarif"))
				format = DIAG_FORMAT_SARIF;
			else {
				fprintf(stderr, "specbook audit: --format is gnu, json, github or sarif, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 'R': use_reference = 0; break;
		case 'H': html = optarg; break;
		case 'q': quiet = 1; break;
		case 'M': {
			char *end;
			errno = 0;
			long n = strtol(optarg, &end, 10);
			if (!*optarg || *end || errno || n < 0 || n > 1000000 || *optarg == '-') {
				fprintf(stderr, "specbook audit: --max-diagnostics wants a number from 0 "
					"(every one) to 1000000, not '%s'\n", optarg);
				return 2;
			}
			max_diagnostics = (int)n;
			break;
		}
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "specbook audit: one folder at most, not %d\n", argc - optind);
		return 2;
	}
	const char *dir = optind < argc ? argv[optind] : ".";
	diag_setup(format, 0);
	diag_hide_notes(quiet);
	if (max_diagnostics >= 0)
		diag_limit(max_diagnostics);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct arena a = { 0 };
	const struct builtin_file *uf = builtin_find("default/specs/units.yaml");
	const struct units *u = uf ? units_load_text(&a, uf->data, uf->len, "(built-in) specs/units.yaml") : NULL;
	FILE *dout = format == DIAG_FORMAT_JSON || format == DIAG_FORMAT_SARIF ? stdout : stderr;
	if (!u) {
		diag_flush(dout);
		fprintf(stderr, "specbook audit: this binary carries no units table\n");
		arena_free(&a);
		return 1;
	}
	const char *version = reference_version(&a);
	if (use_reference && files_is_dir(dir) && !reference_wanted(&a, dir, version, 0))
		use_reference = 0;
	const struct audit_reference *ref = use_reference ? audit_reference_builtin(&a, u) : NULL;
	struct audit_report *report = html ? audit_report_start(&a) : NULL;
	struct audit *au = audit_new(&a, u, ref, 0.02);
	struct audit_read_stats rs;
	struct audit_summary sum;
	memset(&sum, 0, sizeof sum);
	int read = audit_read_dir(au, &a, dir, &rs);
	if (read == 0 && rs.files == 0) {
		struct srcloc loc = { dir, 0, 0 };
		diag_report(DIAG_WARNING, loc, 0,
			    "hint: give the folder that holds the book's .md files (a repository root or its content/)",
			    "no Markdown file here: nothing to audit");
	}
	if (read == 0)
		audit_run(au, &sum);
	int written = 0;
	if (report) {
		struct audit_report_counts c = { rs.files, rs.lines, ref != NULL, sum };
		written = read == 0 ? audit_report_write(report, html, dir, &c) : -1;
		if (read)
			diag_tap(NULL, NULL);
	}
	diag_flush(dout);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (read == 0 && !quiet && format == DIAG_FORMAT_GNU) {
		double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		fprintf(stderr,
			"specbook audit: %d files, %ld lines in %.2f s\n"
			"  tables read %d (%d as data: %d rows, %d figures, %d relations found)\n"
			"  rows matched to reference data %d (%d cells compared)%s\n"
			"  reference data version %s (pin it in book.yaml: audit: {reference: \"%s\"})\n"
			"  prose figures %d, tied to a table's row %d; comparisons judged %d\n"
			"  findings: %d table outliers, %d between tables, %d prose against tables, "
			"%d comparisons, %d against reference data\n",
			rs.files, rs.lines, s, sum.tables, sum.data_tables, sum.rows, sum.figures, sum.relations,
			sum.rows_referenced, sum.cells_referenced, ref ? "" : " (reference data off)", version, version,
			sum.prose_figures, sum.prose_tied, sum.comparisons, sum.findings_table, sum.findings_cross,
			sum.findings_prose, sum.findings_comparison, sum.findings_reference);
	}
	if (report && written == 0 && !quiet && format == DIAG_FORMAT_GNU)
		fprintf(stderr, "  report: %s\n", html);
	int status = diag_exit_status();
	arena_free(&a);
	return status ? status : written ? 1 : 0;
}
