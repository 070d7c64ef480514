/*
 * main.c — the specbook command: options, the pipeline, the summary.
 *
 *   specbook build|check|serve [-C DIR] [-o OUT] [--jobs N] [--port N]
 *                        [--format=gnu|json|github] [--werror] [--quiet] [--timings]
 *                        [--no-cache] [--unchecked]
 *   specbook new DIR
 *   specbook lift [-C DIR] [--write] FILE:LINE
 *
 * build loads, checks, renders, links and writes; check does all but the
 * writing; serve builds, serves the site locally and rebuilds on change.  Diagnostics go to stderr (json: stdout); the exit status is 1
 * on any error (or warning under --werror), 2 on a usage error.
 */
#include "audit/command.h"
#include "book/book.h"
#include "incr/cache.h"
#include "incr/incr.h"
#include "core/diag.h"
#include "render/dom.h"
#include "lift.h"
#include "new.h"
#include "serve.h"
#include "site/build.h"
#include "site/write.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *out)
{
	fputs("usage: specbook build|check|serve [options]\n"
	      "       specbook new DIR\n"
	      "       specbook lift [-C DIR] [--write] FILE:LINE\n"
	      "\n"
	      "  new DIR          write a small bilingual book to start from into DIR\n"
	      "  audit [DIR]      check the numbers of any folder of Markdown, no YAML needed\n"
		"                   (specbook audit --help)\n"
	      "  lift FILE:LINE   print the pipe table at that line as a spec table and a\n"
	      "                   compare block; --write puts it in DIR/specs/<id>.yaml\n"
	      "  build            check the book and write the site\n"
	      "  check            check the book, write nothing\n"
	      "  serve            build, serve on 127.0.0.1 and rebuild on change\n"
	      "\n"
	      "  -C DIR           the book's directory (default: .)\n"
	      "  -o OUT           output directory (default: DIR/site)\n"
	      "  -j, --jobs N     rendering threads, beside the one that writes (default: cores)\n"
	      "  --port N         serve: the port (default: 8000)\n"
	      "  --format=FMT     diagnostics as gnu (default), json or github\n"
	      "  --werror         treat warnings as errors\n"
	      "  -q, --quiet      no summary, no notes\n"
	      "  --timings        where the build's time went, by stage\n"
	      "  --no-cache       build everything; do not read or write DIR/.specbook-cache\n"
	      "  --unchecked      list the plain quantities no spec row vouches for (stdout)\n"
	      "  -h, --help       this help\n"
	      "  -V, --version    the version\n", out);
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

int main(int argc, char **argv)
{
	const char *dir = ".", *out = NULL;
	int list_unchecked = 0, lift_write = 0;
	int jobs = (int)sysconf(_SC_NPROCESSORS_ONLN), werror = 0, quiet = 0, timings = 0, use_cache = 1, port = 8000;
	enum diag_format format = DIAG_FORMAT_GNU;
	/* stderr is unbuffered: a caret line went out one byte per write(2).
	 * Line-buffered, a line is one write, and a line printed by one call
	 * is never split by another thread's; what does not end in a newline
	 * (progress) is flushed where it is printed. */
	setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
	if (argc >= 2 && !strcmp(argv[1], "audit"))   /* its own options: audit/command.c */
		return audit_command(argc - 1, argv + 1);
	static const struct option longopts[] = {
		{ "jobs", required_argument, NULL, 'j' },
		{ "format", required_argument, NULL, 'f' },
		{ "werror", no_argument, NULL, 'W' },
		{ "port", required_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "timings", no_argument, NULL, 'T' },
		{ "no-cache", no_argument, NULL, 'N' },
		{ "unchecked", no_argument, NULL, 'U' },
		{ "write", no_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;
	while ((opt = getopt_long(argc, argv, "C:o:j:qhV", longopts, NULL)) != -1) {
		switch (opt) {
		case 'C': dir = optarg; break;
		case 'o': out = optarg; break;
		case 'j':
			jobs = atoi(optarg);
			if (jobs < 1 || jobs > 256) {
				fprintf(stderr, "specbook: --jobs wants a number from 1 to 256, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 'f':
			if (!strcmp(optarg, "gnu"))
				format = DIAG_FORMAT_GNU;
			else if (!strcmp(optarg, "json"))
				format = DIAG_FORMAT_JSON;
			else if (!strcmp(optarg, "github"))
				format = DIAG_FORMAT_GITHUB;
			else {
				fprintf(stderr, "specbook: --format is gnu, json or github, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 'W': werror = 1; break;
		case 'p':
			port = atoi(optarg);
			if (port < 1 || port > 65535) {
				fprintf(stderr, "specbook: --port wants a number from 1 to 65535, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 'q': quiet = 1; break;
		case 'T': timings = 1; break;
		case 'N': use_cache = 0; break;
		case 'U': list_unchecked = 1; use_cache = 0; break;
		case 'w': lift_write = 1; break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("specbook %s\n", SPECBOOK_VERSION); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	if (out && !*out) {
		fprintf(stderr, "specbook: -o wants the output directory, not an empty name "
			"(leave -o out for DIR/site)\n");
		return 2;
	}
	const char *cmd = argv[optind];
	if (!strcmp(cmd, "new")) {
		if (argc - optind != 2) {
			fprintf(stderr, "specbook new: give the directory to write the book into: "
				"specbook new DIR\n");
			return 2;
		}
		return new_book(argv[optind + 1]);
	}
	if (!strcmp(cmd, "lift")) {
		if (argc - optind != 2) {
			fprintf(stderr, "specbook lift: give the chapter and a line of its table: "
				"specbook lift FILE:LINE\n");
			return 2;
		}
		diag_setup(format, werror);
		return lift_table(dir, argv[optind + 1], lift_write);
	}
	if (lift_write) {
		fprintf(stderr, "specbook: --write is an option of specbook lift\n");
		return 2;
	}
	int write = 0;
	if (!strcmp(cmd, "build"))
		write = 1;
	else if (!strcmp(cmd, "serve")) {
		char *serve_out = NULL;
		if (!out) {
			size_t n = strlen(dir) + 6;
			serve_out = malloc(n);
			snprintf(serve_out, n, "%s/site", dir);
		}
		int rc = serve_run(dir, out ? out : serve_out, port);
		free(serve_out);
		return rc;
	} else if (strcmp(cmd, "check")) {
		fprintf(stderr, "specbook: unknown command '%s' (build, check, serve, new or lift)\n", cmd);
		return 2;
	}
	if (jobs < 1)
		jobs = 1;

	double t0 = site_clock(), cpu0 = site_cpu_clock();
	diag_setup(format, werror);
	diag_hide_notes(quiet);
	dom_init();
	struct arena arena = ARENA_INIT;
	char *default_out = NULL;
	if (!out) {
		size_t n = strlen(dir) + 6;
		default_out = malloc(n);
		snprintf(default_out, n, "%s/site", dir);
		out = default_out;
	}

	int inside = write ? output_inside_book(dir, out) : 0;
	if (inside) {
		fprintf(stderr, inside == 1
			? "specbook: the output '%s' is inside the book's content/, specs/ or templates/: "
			  "choose another -o\n"
			: "specbook: the output '%s' would replace the book or a directory that holds it: choose another -o\n", out);
		free(default_out);
		return 2;
	}

	struct site_stats stats = { 0 };
	/* an update in place walks the output first (for links, and for what
	 * to prune): begun now, it runs while the book loads */
	struct out_scan *scan = write && use_cache ? write_output_scan_start(out) : NULL;
	/* build keeps what it made in the book's cache for the next build
	 * (incr.h); check always reads everything */
	struct cache *cache = write && use_cache
		? cache_open(&arena, arena_printf(&arena, "%s/.specbook-cache", dir)) : NULL;
	struct book *book = book_load_cached(&arena, dir, cache ? cache_vouch : NULL, cache);
	double loaded = site_clock(), loaded_cpu = site_cpu_clock();
	int built = -1;
	if (book && book->numbers) {
		struct build_options so = { .out = out, .write = write && !(werror && diag_count(DIAG_WARNING)),
					   .jobs = jobs, .verbose = !quiet,
					   .reuse = cache ? &incr_reuse : NULL, .reuse_ctx = cache,
					   .out_scan = scan };
		if (werror && diag_count(DIAG_WARNING))
			so.write = 0;
		built = build_site(book, &arena, &so, &stats);
	}
	write_output_scan_free(scan);
	stats.seconds[PHASE_LOAD] = loaded - t0;
	stats.cpu_seconds[PHASE_LOAD] = loaded_cpu - cpu0;
	if (timings) {
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
				stats.seconds[i], stats.cpu_seconds[i],
				stats.seconds[i] > 0 ? stats.cpu_seconds[i] / stats.seconds[i] : 0.0);
	}
	FILE *dout = format == DIAG_FORMAT_JSON ? stdout : stderr;
	diag_flush(dout);
	int status = diag_exit_status();
	if (built && !status)
		status = 1;
	if (list_unchecked) {
		/* one line each, as a compiler's note: file:line:col: text — why */
		for (int i = 0; i < stats.chapters; i++)
			for (size_t k = 0; k < stats.per_chapter[i].nunchecked_list; k++) {
				const struct unchecked_record *u = &stats.per_chapter[i].unchecked_list[k];
				printf("%s:%d:%d: unchecked: %s \xe2\x80\x94 %s\n", u->loc.file, u->loc.line,
				       u->loc.col, u->text, u->why);
			}
		fflush(stdout);
	}
	if (!quiet && format != DIAG_FORMAT_JSON) {
		int errors = diag_count(DIAG_ERROR), warnings = diag_count(DIAG_WARNING);
		double pct = stats.zh_blocks ? 100.0 * stats.pairs / stats.zh_blocks : 100.0;
		/* the coverage of the numbers, also when the build failed: how
		 * many of the figures with units were checked, and how */
		if (stats.chapters)
			fprintf(stderr, "specbook: %d quantities with units: %d in spans, %d matched, "
				"%d unchecked (%d of them examples)\n",
				stats.spans + stats.quantities, stats.spans, stats.matched, stats.unchecked,
				stats.examples);
		if (status == 0) {
			/* translation coverage per chapter, as a small table */
			int one = book && book->language;   /* nothing to pair */
			for (int i = 0; i < stats.chapters && stats.chapters <= 50; i++) {
				const struct chapter_stats *c = &stats.per_chapter[i];
				if (one)
					fprintf(stderr, "  %-32s %6d numbers\n", c->source, c->spans);
				else
					fprintf(stderr, "  %-32s %4d/%-4d pairs (%5.1f%%) %6d numbers\n", c->source,
						c->pairs, c->zh_blocks,
						c->zh_blocks ? 100.0 * c->pairs / c->zh_blocks : 100.0, c->spans);
			}
			if (stats.reused)
				fprintf(stderr, "specbook: %d of %d chapters unchanged since the last build, "
					"%d rendered, %d read again for their search part\n", stats.reused,
					stats.chapters, stats.chapters - stats.reused, stats.reindexed);
			char paired[96] = "";
			if (!one)
				snprintf(paired, sizeof paired, "%d/%d Chinese blocks paired (%.1f%%), ",
					 stats.pairs, stats.zh_blocks, pct);
			fprintf(stderr, "specbook: %s %d chapters, %d pages: %s"
				"%d numbers checked (%d claims, %d disputed), %d warning%s, %.2f s%s%s\n",
				write ? "built" : "checked", stats.chapters, stats.pages, paired,
				stats.spans, stats.claims, stats.disputed, warnings,
				warnings == 1 ? "" : "s", site_clock() - t0, write ? " -> " : "", write ? out : "");
		} else {
			fprintf(stderr, "specbook: %d error%s, %d warning%s; %s\n", errors,
				errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s",
				write ? "site not written (the previous one is untouched)" : "check failed");
		}
	}
	cache_close(cache);
	arena_free(&arena);
	free(default_out);
	dom_cleanup();
	return status;
}
