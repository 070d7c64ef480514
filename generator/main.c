/*
 * main.c — the specbook command: the table of its commands and options,
 * and one function per command (cmd_build, cmd_serve, …, as git's cmd_*).
 *
 * cli.c reads argv against the table and makes the help, the man page and
 * the completions from it; main() only dispatches.  build loads, checks,
 * renders, links and writes; check does all but the writing; serve builds,
 * serves the site locally and rebuilds on change.  Diagnostics go to
 * stderr (json and sarif: stdout); the exit status is 1 on any error (or
 * warning under --werror), 2 on a usage error.
 */
#include "audit/command.h"
#include "audit/inbook.h"
#include "book/book.h"
#include "incr/cache.h"
#include "incr/incr.h"
#include "core/builtin.h"
#include "core/diag.h"
#include "core/work.h"
#include "core/files.h"
#include "render/dom.h"
#include "cli.h"
#include "lift.h"
#include "new.h"
#include "serve.h"
#include "site/build.h"
#include "site/write.h"

#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Made by the Makefile (build/gen/version.c): the commit built, as
 * `git describe` names it, or "unknown" outside a git checkout. */
extern const char specbook_commit[];

/* The most folders looked through upward for a book (a bound on a loop
 * over "../" that a deep tree would otherwise make long). */
#define BOOK_SEARCH_DEPTH 64

static int cmd_build(const struct cli_args *a);
static int cmd_check(const struct cli_args *a);
static int cmd_serve(const struct cli_args *a);
static int cmd_new(const struct cli_args *a);
static int cmd_lift(const struct cli_args *a);
static int cmd_defaults(const struct cli_args *a);
static int cmd_help(const struct cli_args *a);
static int cmd_completion(const struct cli_args *a);
static int cmd_man(const struct cli_args *a);
static int cmd_audit(const struct cli_args *a);

/* The commands, in the order the help lists them; an option's mask names
 * them by these bits. */
enum {
	BUILD = 1 << 0, CHECK = 1 << 1, SERVE = 1 << 2, AUDIT = 1 << 3, NEW = 1 << 4,
	LIFT = 1 << 5, DEFAULTS = 1 << 6, HELP = 1 << 7, COMPLETION = 1 << 8, MAN = 1 << 9,
};
#define BOOK_COMMANDS (BUILD | CHECK | SERVE | AUDIT)

static const struct cli_command commands[] = {
	{ "build", "[DIR]", 0, 1, "dir", "check the book and write its site",
	  "Checks the book in DIR (else in the nearest folder, from the current one upward, that "
	  "holds content/book.yaml) and writes its site into DIR/site, or -o OUT. Every derived "
	  "value and every claim with units is computed again; a number that does not hold fails "
	  "the build with file:line:col, and the previous site is left as it was.\n\n"
	  "What a build made is kept in DIR/.specbook-cache for the next one, which renders only "
	  "what changed (--no-cache: everything).", cmd_build },
	{ "check", "[DIR]", 0, 1, "dir", "check the book, write nothing",
	  "Does all that build does but write: for CI (--format=github or sarif) and for editors.",
	  cmd_check },
	{ "serve", "[DIR]", 0, 1, "dir", "build, serve the site and rebuild on change",
	  "Builds the book (with the build options given), serves the site on "
	  "http://127.0.0.1:8000/ (--bind, --port), watches content/, specs/ and templates/ and "
	  "rebuilds when they change; open pages reload, and a failed build's diagnostics show "
	  "in the page. Linux only (it watches with inotify). Ctrl-C stops it.\n\n"
	  "With --bind 0.0.0.0 (or an address of this machine) a phone on the same network can "
	  "read the book at http://ADDRESS:PORT/; requests that name the server by a host name "
	  "other than localhost are refused, against DNS rebinding.", cmd_serve },
	{ "audit", "[DIR]", 0, 1, "dir", "check the numbers of any folder of Markdown, no YAML needed",
	  "Checks the numbers of any folder of Markdown (DIR, default: the current folder) with no "
	  "YAML written: pipe tables read as data (row ratios, derived columns), the same figure in "
	  "two tables or in prose, comparisons stated in prose (2.4x, 3 倍, 50% faster), and known "
	  "parts (H100, MI300X...) against the reference data built into specbook. Writes nothing "
	  "but the --html report; exit status 1 when an error is found.", cmd_audit },
	{ "new", "DIR", 1, 1, "dir", "write a small bilingual book to start from into DIR",
	  "DIR must not exist, be empty or hold only dot files (a fresh git repository): nothing "
	  "of the author's is ever overwritten. The book uses the built-in units table and "
	  "templates until it has its own (see specbook defaults).", cmd_new },
	{ "lift", "FILE:LINE", 1, 1, "file", "print the pipe table at FILE:LINE as a spec table",
	  "Prints the pipe table at that line of a chapter as a spec table (specs/<id>.yaml) and "
	  "the compare block that shows it; --write puts the table in DIR/specs/<id>.yaml (never "
	  "over a file) and prints only the block. FILE is read from DIR when -C DIR is given.",
	  cmd_lift },
	{ "defaults", "[units|template|assets]", 0, 1, "units template assets",
	  "print or write the built-in units table, template and assets",
	  "Without an operand lists the files the binary carries and uses when a book has none of "
	  "its own. 'units' prints the units table (specs/units.yaml), 'template' the page "
	  "template (templates/page.html), 'assets' lists the assets (templates/assets/). With "
	  "--write they are written into the book (-C DIR, else the current folder) instead, "
	  "never over a file, to be edited there.", cmd_defaults },
	{ "help", "[COMMAND]", 0, 1, "build check serve new lift defaults help completion man",
	  "show the help of specbook or of a command", NULL, cmd_help },
	{ "completion", "bash|zsh|fish", 1, 1, "bash zsh fish",
	  "print the completion script for a shell",
	  "make install puts them where each shell looks; by hand: "
	  "specbook completion bash > ~/.local/share/bash-completion/completions/specbook", cmd_completion },
	{ "man", "", 0, 0, NULL, "print the manual page (roff)",
	  "The page that make install puts in PREFIX/share/man/man1/specbook.1: man specbook.",
	  cmd_man },
};
#define NCOMMANDS (int)(sizeof commands / sizeof *commands)

enum {
	OPT_DIRECTORY, OPT_OUTPUT, OPT_JOBS, OPT_FORMAT, OPT_WERROR, OPT_QUIET, OPT_TIMINGS,
	OPT_NO_CACHE, OPT_UNCHECKED, OPT_PORT, OPT_BIND, OPT_OPEN, OPT_WRITE, OPT_COLOR,
	OPT_NO_REFERENCE, OPT_HTML, OPT_MAX_DIAGNOSTICS, OPT_HELP, OPT_VERSION,
};

static const struct cli_option options[] = {
	[OPT_DIRECTORY] = { "directory", 'C', "DIR", "dir", CLI_ALL,
			    "run in DIR: the book's folder; where new writes and lift reads FILE" },
	[OPT_OUTPUT] = { "output", 'o', "OUT", "dir", BUILD | SERVE,
			 "where to write the site (default: DIR/site)" },
	[OPT_JOBS] = { "jobs", 'j', "N", NULL, BUILD | CHECK | SERVE,
		       "worker threads for every stage, beside the main thread and the one that "
		       "writes (default: the cores)" },
	[OPT_FORMAT] = { "format", 0, "FMT", "gnu json github sarif", BUILD | CHECK | SERVE | AUDIT | LIFT,
			 "diagnostics as gnu (default), json, github or sarif (json, sarif: stdout)" },
	[OPT_WERROR] = { "werror", 0, NULL, NULL, BUILD | CHECK | SERVE,
			 "treat warnings as errors" },
	[OPT_QUIET] = { "quiet", 'q', NULL, NULL, BUILD | CHECK | SERVE | AUDIT, "no summary, no notes" },
	[OPT_TIMINGS] = { "timings", 0, NULL, NULL, BUILD | CHECK, "where the build's time went, by stage" },
	[OPT_NO_CACHE] = { "no-cache", 0, NULL, NULL, BUILD | CHECK | SERVE,
			   "build everything; do not read or write DIR/.specbook-cache (check never does)" },
	[OPT_UNCHECKED] = { "unchecked", 0, NULL, NULL, BUILD | CHECK,
			    "list the plain quantities no spec row vouches for (stdout)" },
	[OPT_PORT] = { "port", 0, "N", NULL, SERVE, "the port to serve on (default: 8000)" },
	[OPT_BIND] = { "bind", 0, "ADDR", NULL, SERVE,
		       "the IPv4 address to serve on (default: 127.0.0.1; 0.0.0.0: every one)" },
	[OPT_OPEN] = { "open", 0, NULL, NULL, SERVE, "open the site in the browser (xdg-open)" },
	[OPT_WRITE] = { "write", 0, NULL, NULL, LIFT | DEFAULTS, "write the files into the book" },
	[OPT_COLOR] = { "color", 0, "WHEN", "auto always never", CLI_ALL,
			"colour the diagnostics: auto (on a terminal, without NO_COLOR), always, never" },
	[OPT_NO_REFERENCE] = { "no-reference", 0, NULL, NULL, AUDIT,
			       "do not hold known parts against the built-in reference "
			       "(book.yaml: audit: {reference: false})" },
	[OPT_HTML] = { "html", 0, "OUT", "file", AUDIT,
		       "also write a one-page HTML report of the findings to OUT" },
	[OPT_MAX_DIAGNOSTICS] = { "max-diagnostics", 0, "N", NULL, BUILD | CHECK | AUDIT,
				  "print at most N errors and warnings, N per file (default: 100, "
				  "20 per file); 0 prints every one" },
	[OPT_HELP] = { "help", 'h', NULL, NULL, CLI_ALL, "this help" },
	[OPT_VERSION] = { "version", 'V', NULL, NULL, CLI_ALL, "the version and the commit built" },
};

static const struct cli specbook_cli = {
	.program = "specbook",
	.summary = "check the numbers of a bilingual book and write its static site",
	.description =
		"specbook reads Chinese/English Markdown chapters (content/) and YAML spec tables "
		"(specs/), recomputes every derived value and every numeric claim with units, and "
		"writes a cross-linked static site. A number that does not hold fails the build with "
		"a message that points at file:line:col and says what it should be.\n\n"
		"A book is a folder holding content/book.yaml and chapters: the commands that read "
		"one take it as DIR, or -C DIR, else look for it from the current folder upward.",
	.epilogue =
		".SH \"EXIT STATUS\"\n"
		"0: done; 1: an error in the book (or a warning, with \\-\\-werror); "
		"2: a mistake on the command line.\n"
		".SH ENVIRONMENT\n"
		".TP\n.B NO_COLOR\nwhen set and not empty, no colour (as \\-\\-color=never).\n"
		".TP\n.B GITHUB_STEP_SUMMARY\nwhen set (GitHub Actions sets it), build and check append "
		"a Markdown table of every diagnostic to that file, for the run's summary page.\n"
		".TP\n.B SPECBOOK_JS_DIR\nwhere KaTeX and highlight.js are looked for "
		"(default: /usr/share/javascript).\n"
		".SH FILES\n"
		".TP\n.I content/book.yaml\nthe book's settings; an unknown key is an error, "
		"but keys starting with x\\- are left to other tools.\n"
		".TP\n.I .specbook\\-cache/\nwhat a build keeps for the next one.\n"
		".SH \"SEE ALSO\"\n"
		"The authoring guide (docs/ in specbook's sources, built by make docs).\n",
	.commands = commands,
	.ncommands = NCOMMANDS,
	.options = options,
	.noptions = (int)(sizeof options / sizeof *options),
};

/* What a command runs with: the options read and checked. */
struct run {
	const char *dir;        /* the book's folder */
	const char *out;        /* NULL: DIR/site */
	long jobs, port;
	const char *bind;
	enum diag_format format;
	int werror, quiet, timings, use_cache, list_unchecked;
	long max_diagnostics;  /* --max-diagnostics: 0 every one, -1 the default */
};

static const char *value(const struct cli_args *a, int option)
{
	return a->value[option];
}

/* The paths under() made, freed when main() returns. */
static char *joined[4];
static int njoined;

/* Returns path, or dir/path when dir is given and path is relative (kept
 * in joined[] until main() returns; a run joins one or two). */
static const char *under(const char *dir, const char *path)
{
	if (!dir || path[0] == '/' || njoined == (int)(sizeof joined / sizeof *joined))
		return path;
	size_t n = strlen(dir) + strlen(path) + 2;
	char *p = malloc(n);
	if (!p)
		abort();
	snprintf(p, n, "%s/%s", dir, path);
	return joined[njoined++] = p;
}

/* Returns the book's folder: DIR (under -C DIR), -C DIR, or the nearest
 * folder from the current one upward that holds content/book.yaml (as a
 * relative path: ".", "..", "../.."), or NULL after saying how to make
 * one.  A folder with a content/ but no book.yaml is taken where it is. */
static const char *find_book(const struct cli_args *a)
{
	const char *c = value(a, OPT_DIRECTORY);
	if (a->noperands)
		return under(c, a->operands[0]);
	if (c)
		return c;
	static char rel[3 * BOOK_SEARCH_DEPTH + 2];
	strcpy(rel, ".");
	struct stat root, here;
	if (stat("/", &root))
		return ".";
	for (int depth = 0; depth < BOOK_SEARCH_DEPTH; depth++) {
		char probe[sizeof rel + 32];
		snprintf(probe, sizeof probe, "%s/content/book.yaml", rel);
		if (files_exists(probe))
			return rel;
		snprintf(probe, sizeof probe, "%s", rel);
		if (stat(probe, &here) || (here.st_dev == root.st_dev && here.st_ino == root.st_ino))
			break;
		if (depth == 0)
			strcpy(rel, "..");
		else
			strcat(rel, "/..");
	}
	if (files_is_dir("content"))
		return ".";
	char cwd[PATH_MAX];
	fprintf(stderr, "specbook %s: no book here: no content/book.yaml in %s or a folder above it\n"
		"hint: make one with 'specbook new DIR', or name the book's folder: specbook %s DIR\n",
		commands[a->command].name, getcwd(cwd, sizeof cwd) ? cwd : ".", commands[a->command].name);
	return NULL;
}

/* Reads the options a book command takes into r; returns 0, or 2 (told). */
static int read_run(const struct cli_args *a, struct run *r)
{
	memset(r, 0, sizeof *r);
	const struct cli *cli = &specbook_cli;
	int cmd = a->command;
	r->jobs = sysconf(_SC_NPROCESSORS_ONLN);
	if (r->jobs < 1)
		r->jobs = 1;
	r->port = 8000;
	r->bind = "127.0.0.1";
	r->use_cache = !value(a, OPT_NO_CACHE);
	r->werror = value(a, OPT_WERROR) != NULL;
	r->quiet = value(a, OPT_QUIET) != NULL;
	r->timings = value(a, OPT_TIMINGS) != NULL;
	r->list_unchecked = value(a, OPT_UNCHECKED) != NULL;
	if (r->list_unchecked)
		r->use_cache = 0;
	if (value(a, OPT_JOBS) && cli_number(cli, cmd, "--jobs", value(a, OPT_JOBS), 1, 256, &r->jobs))
		return 2;
	r->max_diagnostics = -1;
	if (value(a, OPT_MAX_DIAGNOSTICS) && cli_number(cli, cmd, "--max-diagnostics",
							value(a, OPT_MAX_DIAGNOSTICS), 0, 1000000,
							&r->max_diagnostics))
		return 2;
	if (value(a, OPT_PORT) && cli_number(cli, cmd, "--port", value(a, OPT_PORT), 1, 65535, &r->port))
		return 2;
	if (value(a, OPT_BIND)) {
		struct in_addr addr;
		r->bind = value(a, OPT_BIND);
		if (inet_pton(AF_INET, r->bind, &addr) != 1)
			return cli_usage_error(cli, cmd, "--bind wants an IPv4 address (0.0.0.0 for every "
					       "one, or this machine's, as 192.168.1.20), not '%s'", r->bind);
	}
	const char *f = value(a, OPT_FORMAT);
	if (!f || !strcmp(f, "gnu"))
		r->format = DIAG_FORMAT_GNU;
	else if (!strcmp(f, "json"))
		r->format = DIAG_FORMAT_JSON;
	else if (!strcmp(f, "github"))
		r->format = DIAG_FORMAT_GITHUB;
	else if (!strcmp(f, "sarif"))
		r->format = DIAG_FORMAT_SARIF;
	else
		return cli_usage_error(cli, cmd, "--format is gnu, json, github or sarif, not '%s'", f);
	r->out = value(a, OPT_OUTPUT);
	if (r->out && !*r->out)
		return cli_usage_error(cli, cmd, "-o wants the output directory, not an empty name "
				       "(leave -o out for DIR/site)");
	return 0;
}

/* Returns 1 if out lies in (or is) one of the book's source directories,
 * where writing the site would overwrite or feed back into the sources,
 * 2 if out is the book itself or a directory above it. */
static int output_inside_book(const char *dir, const char *out)
{
	char book[PATH_MAX], target[PATH_MAX], parent[PATH_MAX];
	if (!realpath(dir, book))
		return 0;
	/* out may not exist yet: resolve the longest existing prefix */
	snprintf(parent, sizeof parent, "%s", out);
	char *rest = NULL;
	while (!realpath(parent, target)) {
		char *slash = strrchr(parent, '/');
		if (!slash) {
			if (!getcwd(target, sizeof target))
				return 0;
			rest = (char *)out;
			break;
		}
		*slash = '\0';
		rest = (char *)out + (slash - parent) + 1;
	}
	char full[PATH_MAX * 2];
	snprintf(full, sizeof full, "%s%s%s", target, rest ? "/" : "", rest ? rest : "");
	static const char *sources[] = { "content", "specs", "templates" };
	for (size_t i = 0; i < sizeof sources / sizeof *sources; i++) {
		char src[PATH_MAX + 16];
		snprintf(src, sizeof src, "%s/%s", book, sources[i]);
		size_t n = strlen(src);
		if (!strncmp(full, src, n) && (full[n] == '/' || full[n] == '\0'))
			return 1;
	}
	size_t n = strlen(full);
	if (!strcmp(full, "/") || !strcmp(full, book) || (!strncmp(book, full, n) && book[n] == '/'))
		return 2;
	return 0;
}

/* Prints where the build's time went, stage by stage (--timings). */
static void print_timings(const struct site_stats *stats)
{
	static const char *const names[PHASE_COUNT] = {
		[PHASE_LOAD] = "load and check specs",
		[PHASE_CHAPTERS] = "render and write chapters",
		[PHASE_BOOK_PAGES] = "book pages and search",
		[PHASE_LINKS] = "check links",
		[PHASE_WRITE] = "write the rest, swap",
	};
	/* and the cores each kept busy: on two, a stage at 1.0 runs on one */
	for (int i = 0; i < PHASE_COUNT; i++)
		fprintf(stderr, "specbook: %-28s %8.3f s %8.3f s CPU (%.2f cores)\n", names[i],
			stats->seconds[i], stats->cpu_seconds[i],
			stats->seconds[i] > 0 ? stats->cpu_seconds[i] / stats->seconds[i] : 0.0);
}

/* Prints the plain quantities no spec row vouches for (--unchecked), one
 * line each, as a compiler's note: file:line:col: text — why. */
static void print_unchecked(const struct site_stats *stats)
{
	for (int i = 0; i < stats->chapters; i++)
		for (size_t k = 0; k < stats->per_chapter[i].nunchecked_list; k++) {
			const struct unchecked_record *u = &stats->per_chapter[i].unchecked_list[k];
			printf("%s:%d:%d: unchecked: %s \xe2\x80\x94 %s\n", u->loc.file, u->loc.line,
			       u->loc.col, u->text, u->why);
		}
	fflush(stdout);
}

/* Prints the summary of a build or check on stderr: the coverage of the
 * numbers, then, when it passed, the translation coverage per chapter and
 * the totals, else the count of errors. */
static void print_summary(const struct book *book, const struct site_stats *stats, int write,
			  int status, const char *out, double seconds)
{
	int errors = diag_count(DIAG_ERROR), warnings = diag_count(DIAG_WARNING);
	double pct = stats->zh_blocks ? 100.0 * stats->pairs / stats->zh_blocks : 100.0;
	/* the coverage of the numbers, also when the build failed: how
	 * many of the figures with units were checked, and how */
	if (stats->chapters)
		fprintf(stderr, "specbook: %d quantities with units: %d in spans, %d matched, "
			"%d unchecked (%d of them examples)\n",
			stats->spans + stats->quantities, stats->spans, stats->matched, stats->unchecked,
			stats->examples);
	if (status) {
		fprintf(stderr, "specbook: %d error%s, %d warning%s; %s\n", errors,
			errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s",
			write ? "site not written (the previous one is untouched)" : "check failed");
		return;
	}
	/* translation coverage per chapter, as a small table */
	int one = book && book->language;   /* nothing to pair */
	for (int i = 0; i < stats->chapters && stats->chapters <= 50; i++) {
		const struct chapter_stats *c = &stats->per_chapter[i];
		if (one)
			fprintf(stderr, "  %-32s %6d numbers\n", c->source, c->spans);
		else
			fprintf(stderr, "  %-32s %4d/%-4d pairs (%5.1f%%) %6d numbers\n", c->source,
				c->pairs, c->zh_blocks,
				c->zh_blocks ? 100.0 * c->pairs / c->zh_blocks : 100.0, c->spans);
	}
	if (stats->reused)
		fprintf(stderr, "specbook: %d of %d chapters unchanged since the last build, "
			"%d rendered, %d read again for their search part\n", stats->reused,
			stats->chapters, stats->chapters - stats->reused, stats->reindexed);
	char paired[96] = "";
	if (!one)
		snprintf(paired, sizeof paired, "%d/%d Chinese blocks paired (%.1f%%), ",
			 stats->pairs, stats->zh_blocks, pct);
	fprintf(stderr, "specbook: %s %d chapters, %d pages: %s"
		"%d numbers checked (%d claims, %d disputed), %d warning%s, %.2f s%s%s\n",
		write ? "built" : "checked", stats->chapters, stats->pages, paired,
		stats->spans, stats->claims, stats->disputed, warnings,
		warnings == 1 ? "" : "s", seconds, write ? " -> " : "", write ? out : "");
}

/* Loads, checks and (write) writes the book: build and check. */
static int run_book(const struct cli_args *a, int write)
{
	struct run r;
	if (read_run(a, &r))
		return 2;
	if (!(r.dir = find_book(a)))
		return 1;
	double t0 = site_clock(), cpu0 = site_cpu_clock();
	diag_setup(r.format, r.werror);
	diag_hide_notes(r.quiet);
	if (r.max_diagnostics >= 0)
		diag_limit((int)r.max_diagnostics);
	char *default_out = NULL;
	if (!r.out) {
		size_t n = strlen(r.dir) + 6;
		default_out = malloc(n);
		snprintf(default_out, n, "%s/site", r.dir);
		r.out = default_out;
	}
	int inside = write ? output_inside_book(r.dir, r.out) : 0;
	if (inside) {
		fprintf(stderr, inside == 1
			? "specbook: the output '%s' is inside the book's content/, specs/ or templates/: "
			  "choose another -o\n"
			: "specbook: the output '%s' would replace the book or a directory that holds it: choose another -o\n", r.out);
		free(default_out);
		return 2;
	}
	dom_init();
	struct arena arena = ARENA_INIT;
	struct site_stats stats = { 0 };
	/* the one pool every stage is given: r.jobs workers */
	struct work_pool *pool = work_pool_new((int)r.jobs);
	struct out_scan *scan;
	struct cache *cache;
	struct book *book;
	double loaded, loaded_cpu;
	int built;
	int forgot = 0;
	for (;; forgot = 1) {
		/* an update in place walks the output first (for links, and
		 * for what to prune): begun now, it runs while the book loads */
		scan = write && r.use_cache ? write_output_scan_start(pool, r.out) : NULL;
		/* build keeps what it made in the book's cache for the next
		 * build (incr.h); check always reads everything */
		cache = write && r.use_cache
			? cache_open(&arena, arena_printf(&arena, "%s/.specbook-cache", r.dir)) : NULL;
		if (forgot)
			cache_forget(cache);
		book = book_load_cached(&arena, r.dir, pool, cache ? cache_vouch : NULL, cache);
		loaded = site_clock();
		loaded_cpu = site_cpu_clock();
		built = -1;
		if (book && book->numbers) {
			/* the pipe tables no spec table covers, checked as the audit
			 * checks any book's (issue 37) */
			audit_book_tables(book, &arena, NULL);
			int warned = r.werror && diag_count(DIAG_WARNING);
			struct build_options so = { .out = r.out, .write = write && !warned,
						   .verbose = !r.quiet,
						   .reuse = cache ? &incr_reuse : NULL, .reuse_ctx = cache,
						   .out_scan = scan, .pool = pool };
			built = build_site(book, &arena, &so, &stats);
		}
		if (built != BUILD_CACHE_STALE || forgot)
			break;
		/* the cache's records are at odds with the book (a link kept
		 * there that does not resolve: stale, or forged, as a cache
		 * that came with the book may be): the build is made again
		 * from the book alone, with what it said forgotten */
		write_output_scan_free(scan);
		cache_close(cache);
		arena_free(&arena);
		arena = (struct arena)ARENA_INIT;
		stats = (struct site_stats){ 0 };
		diag_reset();
	}
	if (built == BUILD_CACHE_STALE)   /* (with the cache forgotten: never) */
		built = -1;
	if (forgot)
		diag_note((struct srcloc){ arena_printf(&arena, "%s/.specbook-cache", r.dir), 0, 0 },
			  "the cache's records did not match the book (a link kept there no longer "
			  "resolves): the site was built again without them, and the cache made anew");
	write_output_scan_free(scan);
	stats.seconds[PHASE_LOAD] = loaded - t0;
	stats.cpu_seconds[PHASE_LOAD] = loaded_cpu - cpu0;
	if (r.timings)
		print_timings(&stats);
	FILE *dout = r.format == DIAG_FORMAT_JSON || r.format == DIAG_FORMAT_SARIF ? stdout : stderr;
	diag_flush(dout);
	int status = diag_exit_status();
	if (built && !status)
		status = 1;
	if (r.list_unchecked)
		print_unchecked(&stats);
	if (!r.quiet && r.format != DIAG_FORMAT_JSON && r.format != DIAG_FORMAT_SARIF)
		print_summary(book, &stats, write, status, r.out, site_clock() - t0);
	cache_close(cache);
	work_pool_free(pool);
	arena_free(&arena);
	free(default_out);
	dom_cleanup();
	return status;
}

static int cmd_build(const struct cli_args *a)
{
	return run_book(a, 1);
}

static int cmd_check(const struct cli_args *a)
{
	return run_book(a, 0);
}

static int cmd_serve(const struct cli_args *a)
{
	struct run r;
	if (read_run(a, &r))
		return 2;
	if (!(r.dir = find_book(a)))
		return 1;
	/* the build options, passed on to each build the server runs */
	const char *build_args[16];
	int n = 0;
	char jobs[32];
	if (value(a, OPT_JOBS)) {
		snprintf(jobs, sizeof jobs, "--jobs=%ld", r.jobs);
		build_args[n++] = jobs;
	}
	static const int flags[] = { OPT_WERROR, OPT_QUIET, OPT_NO_CACHE };
	for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
		if (value(a, flags[i]))
			build_args[n++] = flags[i] == OPT_WERROR ? "--werror" : flags[i] == OPT_QUIET
				? "--quiet" : "--no-cache";
	char format[32], color[32];
	if (value(a, OPT_FORMAT)) {
		snprintf(format, sizeof format, "--format=%s", value(a, OPT_FORMAT));
		build_args[n++] = format;
	}
	if (value(a, OPT_COLOR)) {
		snprintf(color, sizeof color, "--color=%s", value(a, OPT_COLOR));
		build_args[n++] = color;
	}
	build_args[n] = NULL;
	char *serve_out = NULL;
	if (!r.out) {
		size_t len = strlen(r.dir) + 6;
		serve_out = malloc(len);
		snprintf(serve_out, len, "%s/site", r.dir);
	}
	struct serve_options so = { .dir = r.dir, .out = r.out ? r.out : serve_out, .port = (int)r.port,
				    .bind = r.bind, .open = value(a, OPT_OPEN) != NULL,
				    .build_args = build_args };
	int rc = serve_run(&so);
	free(serve_out);
	return rc;
}

static int cmd_new(const struct cli_args *a)
{
	return new_book(under(value(a, OPT_DIRECTORY), a->operands[0]));
}

static int cmd_lift(const struct cli_args *a)
{
	struct run r;
	if (read_run(a, &r))
		return 2;
	const char *dir = value(a, OPT_DIRECTORY);
	diag_setup(r.format, r.werror);
	return lift_table(dir ? dir : ".", under(dir, a->operands[0]), value(a, OPT_WRITE) != NULL);
}

/* Writes the built-in file f (path "default/…") into dir at the same
 * place; returns 0, or 1 after saying why not. */
static int write_default(const char *dir, const struct builtin_file *f)
{
	const char *rel = f->path + strlen("default/");
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	if (files_exists(path)) {
		fprintf(stderr, "specbook defaults: '%s' exists: left as it is (remove it to write "
			"the built-in one)\n", path);
		return 1;
	}
	char *slash = strrchr(path, '/');
	*slash = '\0';
	int made = files_mkdirs(path);
	*slash = '/';
	if (made || files_create(path, f->data, f->len)) {
		fprintf(stderr, "specbook defaults: cannot write '%s': %s\n", path, strerror(errno));
		return 1;
	}
	printf("specbook: wrote %s\n", path);
	return 0;
}

static int cmd_defaults(const struct cli_args *a)
{
	static const char *const kinds[][2] = {
		{ "units", "default/specs/units.yaml" },
		{ "template", "default/templates/page.html" },
		{ "assets", "default/templates/assets/" },
	};
	const char *what = a->noperands ? a->operands[0] : NULL;
	const char *prefix = "default/";
	int single = 0;
	if (what) {
		size_t k = 0;
		while (k < 3 && strcmp(what, kinds[k][0]))
			k++;
		if (k == 3)
			return cli_usage_error(&specbook_cli, a->command,
					       "'%s' is not units, template or assets", what);
		prefix = kinds[k][1];
		single = k < 2;
	}
	size_t n;
	const struct builtin_file *f = builtin_under(prefix, &n);
	if (!n) {
		fprintf(stderr, "specbook defaults: this specbook carries no %s (it was built without "
			"specbook's specs/ and templates/ beside its Makefile)\n", what ? what : "defaults");
		return 1;
	}
	if (value(a, OPT_WRITE)) {
		const char *dir = value(a, OPT_DIRECTORY) ? value(a, OPT_DIRECTORY) : ".";
		int rc = 0;
		for (size_t i = 0; i < n; i++)
			rc |= write_default(dir, &f[i]);
		return rc;
	}
	if (single) {
		fwrite(f->data, 1, f->len, stdout);
		return fflush(stdout) ? 1 : 0;
	}
	for (size_t i = 0; i < n; i++)
		printf("%-40s %8zu bytes\n", f[i].path + strlen("default/"), f[i].len);
	printf("\n'specbook defaults units' (or template) prints one; --write writes them into the "
	       "book.\n");
	return 0;
}

static int cmd_help(const struct cli_args *a)
{
	int c = -1;
	if (a->noperands && (c = cli_command_index(&specbook_cli, a->operands[0])) < 0)
		return cli_usage_error(&specbook_cli, a->command, "no command '%s'", a->operands[0]);
	cli_help(&specbook_cli, c, stdout);
	return 0;
}

static int cmd_completion(const struct cli_args *a)
{
	if (cli_completion(&specbook_cli, a->operands[0], stdout))
		return cli_usage_error(&specbook_cli, a->command, "knows bash, zsh and fish, not '%s'",
				       a->operands[0]);
	return 0;
}

static int cmd_man(const struct cli_args *a)
{
	(void)a;
	cli_man(&specbook_cli, SPECBOOK_VERSION, stdout);
	return 0;
}

/* The audit has its own reader of options (audit/command.c): it gets
 * those the table let through, and the folder. */
static int cmd_audit(const struct cli_args *a)
{
	char format[32];
	char *argv[8] = { "audit" };
	int argc = 1;
	if (value(a, OPT_FORMAT)) {
		snprintf(format, sizeof format, "--format=%s", value(a, OPT_FORMAT));
		argv[argc++] = format;
	}
	if (value(a, OPT_NO_REFERENCE))
		argv[argc++] = "--no-reference";
	char html[PATH_MAX + 8];
	if (value(a, OPT_HTML)) {
		snprintf(html, sizeof html, "--html=%s", value(a, OPT_HTML));
		argv[argc++] = html;
	}
	if (value(a, OPT_QUIET))
		argv[argc++] = "--quiet";
	char max[48];
	if (value(a, OPT_MAX_DIAGNOSTICS)) {
		snprintf(max, sizeof max, "--max-diagnostics=%.24s", value(a, OPT_MAX_DIAGNOSTICS));
		argv[argc++] = max;
	}
	const char *c = value(a, OPT_DIRECTORY);
	const char *dir = a->noperands ? under(c, a->operands[0]) : c;
	if (dir) {
		argv[argc++] = "--";
		argv[argc++] = (char *)dir;
	}
	argv[argc] = NULL;
	return audit_command(argc, argv);
}

/* Turns the colour of diagnostics on or off (--color, NO_COLOR, a tty). */
static int setup_color(const struct cli_args *a)
{
	const char *when = value(a, OPT_COLOR);
	int on;
	if (!when || !strcmp(when, "auto")) {
		const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
		on = isatty(STDERR_FILENO) && !(no && *no) && !(term && !strcmp(term, "dumb"));
	} else if (!strcmp(when, "always"))
		on = 1;
	else if (!strcmp(when, "never"))
		on = 0;
	else
		return cli_usage_error(&specbook_cli, a->command,
				       "--color is auto, always or never, not '%s'", when);
	diag_color(on);
	return 0;
}

int main(int argc, char **argv)
{
	/* stderr is unbuffered: a caret line went out one byte per write(2).
	 * Line-buffered, a line is one write, and a line printed by one call
	 * is never split by another thread's; what does not end in a newline
	 * (progress) is flushed where it is printed. */
	setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
	struct cli_args a;
	int rc = cli_parse(&specbook_cli, argc, argv, &a);
	if (!rc && value(&a, OPT_VERSION))
		printf("specbook %s (commit %s)\n", SPECBOOK_VERSION, specbook_commit);
	else if (!rc && value(&a, OPT_HELP))
		cli_help(&specbook_cli, a.command, stdout);
	else if (!rc && a.command < 0) {
		cli_help(&specbook_cli, -1, stderr);
		rc = 2;
	} else if (!rc && !(rc = setup_color(&a))) {
		/* under GitHub Actions, every diagnostic also in the run's summary */
		diag_step_summary(getenv("GITHUB_STEP_SUMMARY"));
		rc = commands[a.command].run(&a);
		diag_step_summary(NULL);
	}
	free(a.operands);
	while (njoined)
		free(joined[--njoined]);
	return rc;
}
