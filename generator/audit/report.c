/*
 * report.c — `specbook audit --html OUT` (report.h): the audit's findings
 * on one page, each with the lines it stands on beside the lines of its
 * evidence.
 *
 * The findings are taken as they are reported (diag_tap()), all of them,
 * whatever the caps of the terminal.  A finding's detail names its
 * evidence by place ("03-x.md:12:5: the table gives …", or a row of the
 * built-in reference data, "(specbook)/specs/accelerators.yaml:270:3: …"): those
 * places are quoted from the texts the audit read (registered with diag)
 * or from the reference files built into the binary.  Every place links to
 * its line the way GitHub anchors a file's lines (path#L12): to the
 * commit's file on GitHub inside a GitHub Actions run, else to the file
 * beside the report.  The page has no script; every byte of the book on
 * it is escaped (a book is untrusted).
 */
#include "audit/report.h"
#include "audit/reference.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/builtin.h"
#include "core/files.h"
#include "core/utf8.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Lines quoted before and after the line of a place. */
#define CONTEXT_LINES 2
/* A quoted line is cut beyond this many bytes (a minified table row). */
#define LINE_MAX_BYTES 400

struct finding {
	enum diag_level level;
	const char *file, *message, *detail;
	int line, col, width;
	size_t seq;
};

struct audit_report {
	struct arena *a;
	struct finding *list;
	size_t n, cap;
};

static void take(const struct diag_event *e, void *ctx)
{
	struct audit_report *r = ctx;
	struct finding *f = ARRAY_PUSH(r->list, r->n, r->cap);
	*f = (struct finding){ e->level, arena_strdup(r->a, e->loc.file ? e->loc.file : "specbook"),
			       arena_strdup(r->a, e->message ? e->message : ""),
			       e->detail ? arena_strdup(r->a, e->detail) : NULL,
			       e->loc.line, e->loc.col, e->width, r->n - 1 };
}

struct audit_report *audit_report_start(struct arena *a)
{
	struct audit_report *r = arena_alloc(a, sizeof *r);
	*r = (struct audit_report){ a, NULL, 0, 0 };
	diag_tap(take, r);
	return r;
}

/* ---- the texts quoted ---- */

/* A text with its lines found once: quoting is linear in the text. */
struct text {
	const char *file, *data;
	size_t len;
	size_t *starts, nlines;
	int builtin;                 /* a reference file built into the binary */
};

struct texts {
	struct arena *a;
	struct text *list;
	size_t n, cap;
};

static const struct text *text_of(struct texts *t, const char *file)
{
	for (size_t i = 0; i < t->n; i++)   /* a finding names one file or two */
		if (!strcmp(t->list[i].file, file))
			return t->list[i].data ? &t->list[i] : NULL;
	struct text *x = ARRAY_PUSH(t->list, t->n, t->cap);
	*x = (struct text){ arena_strdup(t->a, file), NULL, 0, NULL, 0, 0 };
	/* the reference built in ("(specbook)/specs/…"), else a text read */
	size_t pl = strlen(AUDIT_REFERENCE_PLACE);
	if (strncmp(file, AUDIT_REFERENCE_PLACE, pl))
		x->data = diag_source_text(file, &x->len);
	else {
		const struct builtin_file *b = builtin_find(arena_printf(t->a, "reference/%s", file + pl));
		if (b) {
			x->data = b->data;
			x->len = b->len;
			x->builtin = 1;
		}
	}
	if (!x->data)
		return NULL;
	size_t n = 1;
	for (size_t i = 0; i < x->len; i++)
		n += x->data[i] == '\n';
	x->starts = arena_array(t->a, n + 1, sizeof *x->starts);
	x->starts[0] = 0;
	for (size_t i = 0; i < x->len; i++)
		if (x->data[i] == '\n')
			x->starts[++x->nlines] = i + 1;
	if (x->starts[x->nlines] < x->len)   /* a last line without its newline */
		x->nlines++;
	x->starts[x->nlines] = x->len;
	return x;
}

/* Line n (1-based) of t: its bytes, without the newline. */
static const char *line_of(const struct text *t, int n, size_t *len)
{
	if (n < 1 || (size_t)n > t->nlines)
		return NULL;
	size_t from = t->starts[n - 1], to = t->starts[n];
	if (to > from && t->data[to - 1] == '\n')
		to--;
	if (to > from && t->data[to - 1] == '\r')
		to--;
	*len = to - from;
	return t->data + from;
}

/* ---- HTML ---- */

static void esc(struct buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '&': buf_adds(b, "&amp;"); break;
		case '<': buf_adds(b, "&lt;"); break;
		case '>': buf_adds(b, "&gt;"); break;
		case '"': buf_adds(b, "&quot;"); break;
		case '\'': buf_adds(b, "&#39;"); break;
		default:
			/* control characters but tab would make the page invalid */
			if ((unsigned char)s[i] < 0x20 && s[i] != '\t')
				buf_adds(b, "\xef\xbf\xbd");
			else
				buf_addch(b, s[i]);
		}
	}
}

static void escs(struct buf *b, const char *s)
{
	esc(b, s, strlen(s));
}

/* Where a place links to (see the top): GitHub's blob view of the commit
 * in an Actions run, else the file as a path from the report's folder. */
struct links {
	const char *github;          /* "https://github.com/o/r/blob/SHA/" or NULL */
	const char *prefix;          /* DIR as seen from the repository's root or
					from the report's folder, with a '/' */
};

static void href(struct buf *b, const struct links *l, const struct text *t, const char *file, int line)
{
	if (t && t->builtin)
		return;   /* no file to link to: the reference is quoted */
	buf_adds(b, " href=\"");
	if (l->github)
		escs(b, l->github);
	/* a path of the book, segment by segment (a '#' or '?' in a name
	 * would end the path) */
	struct buf p = BUF_INIT;
	buf_addf(&p, "%s%s", l->prefix, file);
	for (const char *s = p.data; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '#' || c == '?' || c == '%' || c == '"' || c <= ' ' || c == '<' || c == '>')
			buf_addf(b, "%%%02X", c);
		else if (c == '&')
			buf_adds(b, "&amp;");
		else
			buf_addch(b, (char)c);
	}
	buf_release(&p);
	if (line > 0)
		buf_addf(b, "#L%d", line);
	buf_adds(b, "\"");
}

/* The columns of the figure written at s[from..n): its number, then its
 * unit (one word; a table cell's or a clause's end ends it).  For a place
 * of evidence, whose width the detail does not give. */
static int figure_width(const char *s, size_t n, size_t from)
{
	size_t i = from;
	while (i < n && s[i] && strchr("0123456789.,~+-", s[i]))
		i++;
	if (i == from)
		return 0;
	if (i + 1 < n && s[i] == ' ' && s[i + 1] != '|' && s[i + 1] != ' ')
		i++;
	while (i < n && s[i] != ' ' && s[i] != '|' && s[i] != ',' && s[i] != ';' && s[i] != ')' &&
	       (unsigned char)s[i] < 0x80)
		i++;
	while (i > from && (s[i - 1] == '.' || s[i - 1] == ','))
		i--;
	int cols = 0;
	for (size_t k = from; k < i; k++)
		cols += ((unsigned char)s[k] & 0xC0) != 0x80;
	return cols;
}

/* The columns a quote skips on each of its lines so that the figure at
 * col shows without scrolling: none when it is near the start. */
#define QUOTE_LEAD 24   /* columns shown before the figure */
#define QUOTE_FROM 48   /* a figure further right than this is windowed */

/* Quotes the lines around line of t, the line itself marked from col for
 * width columns (0: the figure there, figure_width()).  A figure far to
 * the right of a long line is shown in a window that starts QUOTE_LEAD
 * columns before it, the same columns on every line (a table stays
 * aligned), each cut marked with an ellipsis. */
static void quote(struct buf *b, const struct text *t, int line, int col, int width)
{
	int skip = col > QUOTE_FROM ? col - QUOTE_LEAD : 0;
	buf_adds(b, "<pre class=\"src\">");
	for (int n = line - CONTEXT_LINES; n <= line + CONTEXT_LINES; n++) {
		size_t len;
		const char *s = line_of(t, n, &len);
		if (!s)
			continue;
		size_t start = skip ? utf8_column_offset(s, len, skip + 1) : 0;
		s += start;
		len -= start;
		int cut = len > LINE_MAX_BYTES;
		if (cut) {
			len = LINE_MAX_BYTES;
			while (len && ((unsigned char)s[len] & 0xC0) == 0x80)
				len--;   /* not inside a character */
		}
		buf_addf(b, "<span class=\"ln%s\">%5d </span>", n == line ? " at" : "", n);
		if (start)
			buf_adds(b, "… ");
		int at = col - skip;   /* the figure's column in what is shown */
		size_t from = n == line && at > 0 ? utf8_column_offset(s, len, at) : 0;
		int w = n != line || at <= 0 ? 0 : width > 0 ? width : figure_width(s, len, from);
		if (w > 0) {
			size_t to = from + utf8_column_offset(s + from, len - from, w + 1);
			esc(b, s, from);
			buf_adds(b, "<mark>");
			esc(b, s + from, to - from);
			buf_adds(b, "</mark>");
			esc(b, s + to, len - to);
		} else {
			esc(b, s, len);
		}
		if (cut)
			buf_adds(b, " …");
		buf_addch(b, '\n');
	}
	buf_adds(b, "</pre>\n");
}

/* Reads "file:line:col: rest" (file without spaces); returns rest or NULL. */
static const char *place_of(const char *s, size_t n, char *file, size_t cap, int *line, int *col)
{
	size_t i = 0;
	while (i < n && s[i] != ':' && s[i] != ' ')
		i++;
	if (i == 0 || i >= n || s[i] != ':' || i >= cap)
		return NULL;
	memcpy(file, s, i);
	file[i] = 0;
	char *end;
	long l = strtol(s + i + 1, &end, 10);
	if (end == s + i + 1 || *end != ':' || l < 1 || l > INT_MAX)
		return NULL;
	long c = 0;
	if (end[1] >= '0' && end[1] <= '9') {
		c = strtol(end + 1, &end, 10);
		if (*end != ':' || c > INT_MAX)
			return NULL;
	}
	if ((size_t)(end + 1 - s) > n)
		return NULL;
	*line = (int)l;
	*col = (int)c;
	return end + 1;
}

/* A URL in angle brackets ("<https://…>") at s: its length, or 0. */
static size_t url_at(const char *s, size_t n)
{
	if (n < 10 || s[0] != '<' || (strncmp(s + 1, "https://", 8) && strncmp(s + 1, "http://", 7)))
		return 0;
	for (size_t i = 1; i < n; i++) {
		if (s[i] == '>')
			return i + 1;
		if ((unsigned char)s[i] <= ' ' || s[i] == '"' || s[i] == '<')
			return 0;
	}
	return 0;
}

/* A line of the detail that is not a place: its URLs made links. */
static void detail_line(struct buf *b, const char *s, size_t n)
{
	buf_adds(b, "<p>");
	size_t from = 0;
	for (size_t i = 0; i < n; i++) {
		size_t u = s[i] == '<' ? url_at(s + i, n - i) : 0;
		if (!u)
			continue;
		esc(b, s + from, i - from);
		buf_adds(b, "<a href=\"");
		esc(b, s + i + 1, u - 2);
		buf_adds(b, "\">");
		esc(b, s + i + 1, u - 2);
		buf_adds(b, "</a>");
		from = i + u;
		i += u - 1;
	}
	esc(b, s + from, n - from);
	buf_adds(b, "</p>\n");
}

static const char *level_name(enum diag_level l)
{
	return l == DIAG_ERROR ? "error" : l == DIAG_WARNING ? "warning" : "note";
}

static void place_link(struct buf *b, const struct links *l, const struct text *t, const char *file,
		       int line, int col)
{
	buf_adds(b, "<a class=\"place\"");
	href(b, l, t, file, line);
	buf_adds(b, ">");
	escs(b, file);
	if (line > 0)
		buf_addf(b, ":%d", line);
	if (col > 0)
		buf_addf(b, ":%d", col);
	buf_adds(b, "</a>");
}

/* One finding: its place and lines, beside its evidence. */
static void finding_html(struct buf *b, struct texts *tx, const struct links *l, const struct finding *f,
			 size_t k)
{
	buf_addf(b, "<section class=\"finding %s\" id=\"f%zu\">\n<h2><a class=\"self\" href=\"#f%zu\">%zu</a> "
		 "<span class=\"level\">%s</span> ", level_name(f->level), k, k, k, level_name(f->level));
	escs(b, f->message);
	buf_adds(b, "</h2>\n<div class=\"pair\">\n<div class=\"here\">\n<h3>");
	const struct text *t = text_of(tx, f->file);
	place_link(b, l, t, f->file, f->line, f->col);
	buf_adds(b, "</h3>\n");
	if (t && f->line > 0)
		quote(b, t, f->line, f->col, f->width);
	buf_adds(b, "</div>\n<div class=\"evidence\">\n<h3>Evidence, and what to write</h3>\n");
	for (const char *s = f->detail; s && *s;) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		char file[PATH_MAX];
		int line, col;
		const char *rest = place_of(s, n, file, sizeof file, &line, &col);
		const struct text *et = rest ? text_of(tx, file) : NULL;
		if (et) {
			while (rest < s + n && *rest == ' ')
				rest++;
			buf_adds(b, "<h4>");
			place_link(b, l, et, file, line, col);
			buf_adds(b, " ");
			esc(b, rest, n - (size_t)(rest - s));
			buf_adds(b, "</h4>\n");
			quote(b, et, line, col, 0);
		} else {
			detail_line(b, s, n);
		}
		s += n + (nl != NULL);
	}
	buf_adds(b, "</div>\n</div>\n</section>\n");
}

static int finding_cmp(const void *pa, const void *pb)
{
	const struct finding *a = pa, *b = pb;
	if (a->level != b->level)   /* errors first */
		return a->level > b->level ? -1 : 1;
	int c = strcmp(a->file, b->file);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static const char STYLE[] =
	"body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:84rem;padding:1rem 1.5rem;"
	"color:#1d1d1f;background:#fff}\n"
	"h1{font-size:1.5rem}h2{font-size:1.05rem;margin:0 0 .5rem}h3,h4{font-size:.9rem;margin:.3rem 0;"
	"font-weight:600}\n"
	"table.sum{border-collapse:collapse;margin:.5rem 0 1.5rem}table.sum td,table.sum th{padding:.15rem .8rem;"
	"border-bottom:1px solid #ddd;text-align:left}table.sum td.n{text-align:right;font-variant-numeric:"
	"tabular-nums}\n"
	".finding{border:1px solid #ccc;border-left:.35rem solid #888;border-radius:.3rem;padding:.7rem 1rem;"
	"margin:1rem 0}\n"
	".finding.error{border-left-color:#c62828}.finding.warning{border-left-color:#b26a00}"
	".finding.note{border-left-color:#1565c0}\n"
	".level{text-transform:uppercase;font-size:.75rem;letter-spacing:.05em;padding:.05rem .4rem;"
	"border-radius:.2rem;background:#eee}\n"
	".error .level{background:#fde0e0}.warning .level{background:#fff0d0}.note .level{background:#e0ecff}\n"
	"a.self{color:inherit;text-decoration:none;margin-right:.3rem}\n"
	".pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}.pair>div{min-width:0}\n"
	"@media (max-width:60em){.pair{grid-template-columns:1fr}}\n"
	"pre.src{background:#f6f8fa;padding:.4rem .6rem;overflow-x:auto;font-size:.8rem;margin:.2rem 0 .6rem}\n"
	".ln{color:#888}.ln.at{color:#1d1d1f;font-weight:600}mark{background:#ffe08a}\n"
	".evidence p{margin:.2rem 0}\n"
	"@media (prefers-color-scheme:dark){body{background:#111;color:#ddd}pre.src{background:#1c1f24}"
	".ln.at{color:#eee}mark{background:#6b5300;color:#fff}.level{background:#333}"
	".finding{border-color:#444}a{color:#8ab4f8}}\n";

/* The path that leads from folder base to folder to (both real paths:
 * absolute, no link, no dot), ending in '/' unless empty. */
static const char *relative(struct arena *a, const char *base, const char *to)
{
	if (!strcmp(base, "/"))
		return to[1] ? arena_printf(a, "%s/", to + 1) : "";
	size_t common = 0;
	for (size_t i = 0;; i++) {   /* the last '/' both share, or their end */
		if ((base[i] == '/' || !base[i]) && (to[i] == '/' || !to[i]))
			common = i;
		if (!base[i] || !to[i] || base[i] != to[i])
			break;
	}
	struct buf b = BUF_INIT;
	for (const char *s = base + common; *s; s++)
		if (*s == '/')
			buf_adds(&b, "../");
	if (to[common])
		buf_addf(&b, "%s/", to + common + 1);
	const char *rel = arena_strdup(a, b.data);
	buf_release(&b);
	return rel;
}

/* Where the report's places link to (struct links): GitHub when the run
 * is an Actions run of a repository that holds dir, else dir's files as
 * seen from the report's folder. */
static struct links links_for(struct arena *a, const char *out, const char *dir)
{
	struct links l = { NULL, "" };
	char real_dir[PATH_MAX], real_out[PATH_MAX], real_ws[PATH_MAX];
	if (!realpath(dir, real_dir))
		return l;
	const char *server = getenv("GITHUB_SERVER_URL"), *repo = getenv("GITHUB_REPOSITORY"),
		   *sha = getenv("GITHUB_SHA"), *ws = getenv("GITHUB_WORKSPACE");
	if (server && repo && sha && ws && *server && *repo && *sha && realpath(ws, real_ws)) {
		const char *rel = relative(a, real_ws, real_dir);
		if (strncmp(rel, "../", 3)) {   /* the book is in the repository */
			l.github = arena_printf(a, "%s/%s/blob/%s/", server, repo, sha);
			l.prefix = rel;
			return l;
		}
	}
	char *folder = arena_strdup(a, out);
	char *slash = strrchr(folder, '/');
	if (slash)
		*(slash == folder ? slash + 1 : slash) = 0;
	if (realpath(slash ? folder : ".", real_out))
		l.prefix = relative(a, real_out, real_dir);
	return l;
}

int audit_report_write(struct audit_report *r, const char *out, const char *dir,
		       const struct audit_report_counts *counts)
{
	diag_tap(NULL, NULL);
	struct links l = links_for(r->a, out, dir);
	int dot = !strcmp(dir, ".") || !strcmp(dir, "./");
	if (r->n > 1)
		qsort(r->list, r->n, sizeof *r->list, finding_cmp);
	size_t by[3] = { 0 };
	for (size_t i = 0; i < r->n; i++)
		by[r->list[i].level]++;

	struct buf b = BUF_INIT;
	buf_adds(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>specbook audit: ");
	escs(&b, dot ? "." : dir);
	buf_addf(&b, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n<h1>specbook audit: ", STYLE);
	escs(&b, dot ? "." : dir);
	buf_addf(&b, "</h1>\n<p>%zu errors, %zu warnings, %zu notes in %d Markdown files (%ld lines).</p>\n",
		 by[DIAG_ERROR], by[DIAG_WARNING], by[DIAG_NOTE], counts->files, counts->lines);
	const struct audit_summary *s = &counts->sum;
	buf_addf(&b, "<table class=\"sum\">\n<thead><tr><th scope=\"col\">what was read</th>"
		 "<th scope=\"col\">count</th></tr></thead>\n<tbody>\n"
		 "<tr><td>tables read</td><td class=\"n\">%d</td></tr>\n"
		 "<tr><td>tables read as data (rows)</td><td class=\"n\">%d (%d)</td></tr>\n"
		 "<tr><td>rows matched to reference data%s</td><td class=\"n\">%d</td></tr>\n"
		 "<tr><td>prose figures tied to a row</td><td class=\"n\">%d of %d</td></tr>\n"
		 "<tr><td>comparisons judged</td><td class=\"n\">%d</td></tr>\n"
		 "<tr><td>findings: table outliers</td><td class=\"n\">%d</td></tr>\n"
		 "<tr><td>findings: two tables disagree</td><td class=\"n\">%d</td></tr>\n"
		 "<tr><td>findings: prose against a table</td><td class=\"n\">%d</td></tr>\n"
		 "<tr><td>findings: comparisons that do not hold</td><td class=\"n\">%d</td></tr>\n"
		 "<tr><td>findings: against reference data</td><td class=\"n\">%d</td></tr>\n"
		 "</tbody>\n</table>\n",
		 s->tables, s->data_tables, s->rows, counts->reference ? "" : " (reference data off)",
		 s->rows_referenced, s->prose_tied, s->prose_figures, s->comparisons, s->findings_table,
		 s->findings_cross, s->findings_prose, s->findings_comparison, s->findings_reference);
	if (!r->n)
		buf_adds(&b, "<p>No finding: every number the audit could tie to another holds.</p>\n");
	struct texts tx = { r->a, NULL, 0, 0 };
	for (size_t i = 0; i < r->n; i++)
		finding_html(&b, &tx, &l, &r->list[i], i + 1);
	buf_adds(&b, "</main>\n</body>\n</html>\n");
	free(tx.list);

	/* written beside OUT, then renamed over it: never half a report, and
	 * never through a link in OUT's place */
	const char *tmp = arena_printf(r->a, "%s.tmp-%ld", out, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	int rc = -1;
	if (fd >= 0) {
		rc = files_write_fd(fd, b.data, b.len) == 0 && rename(tmp, out) == 0 ? 0 : -1;
		if (rc) {
			int err = errno;
			unlink(tmp);
			errno = err;   /* what failed, for the message below */
		}
	}
	if (rc)
		fprintf(stderr, "specbook audit: cannot write the report '%s': %s\n", out, strerror(errno));
	buf_release(&b);
	free(r->list);
	r->list = NULL;
	r->n = r->cap = 0;
	return rc;
}
