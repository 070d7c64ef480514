/*
 * diag.c — collect, sort and print diagnostics (see diag.h).
 *
 * Records are kept in one growing array under a mutex; diag_flush() sorts
 * them by (file, line, col, arrival) and prints them in the chosen format.
 *
 * Output is bounded, whatever the input: a file keeps its first
 * DIAG_MAX_PER_FILE errors (and as many warnings), the rest are counted;
 * a run keeps its first DIAG_MAX_TOTAL notes in file order (note_slot())
 * and prints at most DIAG_MAX_TOTAL records; each cut ends with a note saying
 * how many were left out, and the last note of a run that left some out
 * counts them by kind (a message's format: "unknown name '…'"), so that a
 * book of a thousand errors shows the size of the job in every format.
 * A long source line is quoted as a window around
 * the column.  (A line of 8,000 stray braces printed 8,000 errors of 8 kB
 * each, 97 MB in 45 s.)
 */
#include "core/diag.h"
#include "core/alloc.h"
#include "core/buffer.h"
#include "core/utf8.h"

#include <pthread.h>
#include <search.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct record {
	enum diag_level level;
	char *file;
	int line, col, width;
	char *message;
	char *detail;
	size_t seq;
	/* the same diagnostic at other places of the file (merge_same()) */
	struct place { int line, col, width; } *also;
	size_t nalso, capalso;
	int merged;           /* told of by an earlier record: not printed */
};

/* Errors (and, apart, warnings and notes) kept per file: more are rarely more
 * information, and the first ones often cause the rest. */
#define DIAG_MAX_PER_FILE 20
/* Diagnostics printed per run, over all files. */
#define DIAG_MAX_TOTAL 100
/* A quoted line wider than this many columns is cut to a window of about
 * this width around the column, DIAG_CONTEXT_BEFORE of them before it. */
#define DIAG_LINE_MAX 100
#define DIAG_CONTEXT_BEFORE 40

/* What one file has recorded and left out, by level (found with tsearch). */
struct file_count {
	char *file;
	int kept[3], dropped[3];
};

struct source {
	const char *file;
	const char *text;
	size_t len;
	const char *disk_path;  /* read when a line is quoted (diag_source_file()) */
	char *owned;            /* what was read from it */
};

static struct {
	pthread_mutex_t lock;
	enum diag_format format;
	int werror;
	int color;
	char *summary_path;
	int hide_notes;
	int max_per_file, max_total;       /* diag_limit(): 0 is the default */
	struct record *records;
	size_t nrecords, caprecords, seq;
	struct source *sources;
	size_t nsources, capsources;
	int counts[3];
	int total_errors, total_warnings;  /* survive flushes, for the exit status */
	size_t notes[DIAG_MAX_TOTAL];      /* the notes kept: indexes into records */
	size_t nnotes;
	int notes_seen;                    /* since the last flush, kept or not */
	void *file_tree;                   /* struct file_count by file, till the flush */
	struct file_count **files;
	size_t nfiles, capfiles;
	/* errors and warnings by kind, till the flush */
	struct kind_count { char *kind; enum diag_level level; int n; } *kinds;
	size_t nkinds, capkinds;
} diag = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* Kinds kept apart; past them, the rest are counted together. */
#define DIAG_KINDS_MAX 256
/* Kinds told of in the note that ends a run that left some out. */
#define DIAG_KINDS_SHOWN 12

/* The kind of a message: its format with each conversion written '…', or
 * for a message made elsewhere ("%s") the message with each quoted part
 * written '…'.  malloc'd. */
static char *kind_of(const char *fmt, const char *msg)
{
	struct buf b = BUF_INIT;
	if (!strcmp(fmt, "%s")) {
		for (const char *m = msg; *m && b.len < 120; m++) {
			buf_addch(&b, *m);
			const char *close = *m == '\'' ? strchr(m + 1, '\'') : NULL;
			if (close) {
				buf_adds(&b, "\xe2\x80\xa6'");
				m = close;
			}
		}
		return buf_detach(&b, NULL);
	}
	for (const char *f = fmt; *f && b.len < 120; f++) {
		if (*f != '%') {
			buf_addch(&b, *f);
			continue;
		}
		if (f[1] == '%') {
			buf_addch(&b, '%');
			f++;
			continue;
		}
		f++;
		while (*f && strchr("-+ #0123456789.*lhzjt", *f))
			f++;
		buf_adds(&b, "\xe2\x80\xa6");   /* … */
		if (!*f)
			break;
	}
	return buf_detach(&b, NULL);
}

/* Counts one diagnostic at level of the kind of (fmt, msg).  Under the lock. */
static void count_kind(const char *fmt, const char *msg, enum diag_level level)
{
	if (level == DIAG_NOTE)
		return;
	char *kind = kind_of(fmt, msg);
	if (diag.nkinds == DIAG_KINDS_MAX) {
		free(kind);
		kind = xstrdup("(other kinds)");
	}
	for (size_t i = 0; i < diag.nkinds; i++)
		if (diag.kinds[i].level == level && !strcmp(diag.kinds[i].kind, kind)) {
			diag.kinds[i].n++;
			free(kind);
			return;
		}
	*ARRAY_PUSH(diag.kinds, diag.nkinds, diag.capkinds) = (struct kind_count){ kind, level, 1 };
}

static void kinds_clear(void)
{
	for (size_t i = 0; i < diag.nkinds; i++)
		free(diag.kinds[i].kind);
	diag.nkinds = 0;
}

static int kind_cmp(const void *x, const void *y)
{
	const struct kind_count *a = x, *b = y;
	if (a->level != b->level)
		return a->level > b->level ? -1 : 1;   /* errors first */
	if (a->n != b->n)
		return a->n > b->n ? -1 : 1;
	return strcmp(a->kind, b->kind);
}

/* Appends "; by kind: 812 errors \"unknown name '…'\", …" to b. */
static void add_kinds(struct buf *b)
{
	if (!diag.nkinds)
		return;
	qsort(diag.kinds, diag.nkinds, sizeof *diag.kinds, kind_cmp);
	buf_adds(b, "; by kind:");
	for (size_t i = 0; i < diag.nkinds && i < DIAG_KINDS_SHOWN; i++) {
		const struct kind_count *k = &diag.kinds[i];
		buf_addf(b, "%s %d %s%s \"%s\"", i ? "," : "", k->n,
			 k->level == DIAG_ERROR ? "error" : "warning", k->n == 1 ? "" : "s", k->kind);
	}
	if (diag.nkinds > DIAG_KINDS_SHOWN)
		buf_addf(b, " and %zu other kinds", diag.nkinds - DIAG_KINDS_SHOWN);
}

static int file_count_cmp(const void *a, const void *b)
{
	return strcmp(((const struct file_count *)a)->file, ((const struct file_count *)b)->file);
}

/* Returns the counts of file, made on first use.  Under the lock. */
static struct file_count *file_count(const char *file)
{
	struct file_count key = { .file = (char *)file };
	struct file_count **found = tfind(&key, &diag.file_tree, file_count_cmp);
	if (found)
		return *found;
	struct file_count *fc = xcalloc(1, sizeof *fc);
	fc->file = xstrdup(file);
	*ARRAY_PUSH(diag.files, diag.nfiles, diag.capfiles) = fc;
	if (!tsearch(fc, &diag.file_tree, file_count_cmp)) {
		fprintf(stderr, "specbook: fatal: out of memory\n");
		exit(2);
	}
	return fc;
}

/* Forgets the counts of every file.  Under the lock. */
static void file_counts_clear(void)
{
	for (size_t i = 0; i < diag.nfiles; i++) {
		tdelete(diag.files[i], &diag.file_tree, file_count_cmp);
		free(diag.files[i]->file);
		free(diag.files[i]);
	}
	diag.nfiles = 0;
}

void diag_setup(enum diag_format format, int werror)
{
	diag.format = format;
	diag.werror = werror;
}

void diag_color(int on)
{
	diag.color = on;
}

void diag_step_summary(const char *path)
{
	free(diag.summary_path);
	diag.summary_path = path && *path ? xstrdup(path) : NULL;
}

void diag_hide_notes(int hide)
{
	diag.hide_notes = hide;
}

void diag_limit(int n)
{
	diag.max_per_file = n > 0 ? n : INT_MAX;
	diag.max_total = n > 0 ? n : INT_MAX;
}

/* The errors (and, apart, warnings) kept per file, and the records printed
 * per run: the defaults, or what diag_limit() set. */
static int max_per_file(void)
{
	return diag.max_per_file ? diag.max_per_file : DIAG_MAX_PER_FILE;
}

static int max_total(void)
{
	return diag.max_total ? diag.max_total : DIAG_MAX_TOTAL;
}

void diag_source(const char *file, const char *text, size_t len)
{
	pthread_mutex_lock(&diag.lock);
	struct source *s = ARRAY_PUSH(diag.sources, diag.nsources, diag.capsources);
	memset(s, 0, sizeof *s);
	s->file = file;
	s->text = text;
	s->len = len;
	pthread_mutex_unlock(&diag.lock);
}

void diag_source_file(const char *file, const char *disk_path)
{
	pthread_mutex_lock(&diag.lock);
	struct source *s = ARRAY_PUSH(diag.sources, diag.nsources, diag.capsources);
	memset(s, 0, sizeof *s);
	s->file = file;
	s->disk_path = xstrdup(disk_path);
	pthread_mutex_unlock(&diag.lock);
}

static int record_cmp(const void *pa, const void *pb);

/*
 * Notes are many where they are at all (a book in Chinese alone has one
 * at each block), and no more than DIAG_MAX_TOTAL are ever printed: the
 * run keeps those, the first in file order, whatever order the rendering
 * threads report them in.  Returns the record a note (as key) takes, its
 * strings freed when it replaces one after it, or NULL when it comes after
 * every note kept.  Under the lock.
 */
static struct record *note_slot(const struct record *key)
{
	diag.notes_seen++;
	if (diag.nnotes < DIAG_MAX_TOTAL) {
		diag.notes[diag.nnotes++] = diag.nrecords;
		return ARRAY_PUSH(diag.records, diag.nrecords, diag.caprecords);
	}
	size_t last = 0;
	for (size_t i = 1; i < diag.nnotes; i++)
		if (record_cmp(&diag.records[diag.notes[i]], &diag.records[diag.notes[last]]) > 0)
			last = i;
	struct record *r = &diag.records[diag.notes[last]];
	if (record_cmp(key, r) > 0)
		return NULL;
	free(r->file);
	free(r->message);
	free(r->detail);
	return r;
}

/* diag_mute(): per thread, so that one rendering thread's trial parse
 * silences no other thread's real message */
static _Thread_local int diag_muted;

/* diag_reports_here(): per thread, muted reports too */
static _Thread_local unsigned long diag_here;

unsigned long diag_reports_here(void)
{
	return diag_here;
}

/* diag_errors_here(): per thread, recorded errors only */
static _Thread_local unsigned long diag_errors_seen;

unsigned long diag_errors_here(void)
{
	return diag_errors_seen;
}

void diag_mute(int delta)
{
	diag_muted += delta;
}

static diag_tap_fn *tap;
static void *tap_ctx;

void diag_tap(diag_tap_fn *fn, void *ctx)
{
	pthread_mutex_lock(&diag.lock);
	tap = fn;
	tap_ctx = ctx;
	pthread_mutex_unlock(&diag.lock);
}

/* Hands what is reported to the tap, if any (diag_tap()). */
static void tap_report(enum diag_level level, struct srcloc loc, int width, const char *detail,
		       const char *fmt, va_list ap)
{
	pthread_mutex_lock(&diag.lock);
	if (tap) {
		struct buf msg = BUF_INIT;
		va_list aq;
		va_copy(aq, ap);
		buf_vaddf(&msg, fmt, aq);
		va_end(aq);
		struct diag_event e = { level, loc, width, msg.data, detail };
		tap(&e, tap_ctx);
		buf_release(&msg);
	}
	pthread_mutex_unlock(&diag.lock);
}

/* diag_lower_errors(): per thread, as diag_mute() */
static _Thread_local int diag_lowering;
static _Thread_local unsigned long diag_lowered;

void diag_lower_errors(int delta)
{
	diag_lowering += delta;
}

unsigned long diag_errors_lowered(void)
{
	return diag_lowered;
}

static void report(enum diag_level level, struct srcloc loc, int width, const char *detail,
		   const char *fmt, va_list ap)
{
	diag_here++;
	if (diag_muted)
		return;
	if (diag_lowering && level == DIAG_ERROR) {
		level = DIAG_WARNING;
		diag_lowered++;
	}
	diag_errors_seen += level == DIAG_ERROR;
	if (tap)
		tap_report(level, loc, width, detail, fmt, ap);
	if (level == DIAG_NOTE && diag.hide_notes) {   /* counted, never shown */
		pthread_mutex_lock(&diag.lock);
		diag.counts[DIAG_NOTE]++;
		pthread_mutex_unlock(&diag.lock);
		return;
	}
	struct buf msg = BUF_INIT;
	buf_vaddf(&msg, fmt, ap);

	pthread_mutex_lock(&diag.lock);
	diag.counts[level]++;
	count_kind(fmt, msg.data ? msg.data : "", level);
	if (level == DIAG_ERROR)
		diag.total_errors++;
	else if (level == DIAG_WARNING)
		diag.total_warnings++;
	struct record *r;
	if (level == DIAG_NOTE) {
		struct record key = { .file = (char *)(loc.file ? loc.file : "specbook"),
				      .line = loc.line, .col = loc.col, .seq = diag.seq };
		r = note_slot(&key);
	} else {
		struct file_count *fc = file_count(loc.file ? loc.file : "specbook");
		r = fc->kept[level] < max_per_file() ? ARRAY_PUSH(diag.records, diag.nrecords,
								     diag.caprecords) : NULL;
		fc->kept[level] += r != NULL;
		fc->dropped[level] += r == NULL;
	}
	if (!r) {
		pthread_mutex_unlock(&diag.lock);
		buf_release(&msg);
		return;
	}
	r->level = level;
	r->also = NULL;
	r->nalso = r->capalso = 0;
	r->merged = 0;
	r->file = xstrdup(loc.file ? loc.file : "specbook");
	r->line = loc.line;
	r->col = loc.col;
	r->width = width;
	r->message = buf_detach(&msg, NULL);
	r->detail = detail ? xstrdup(detail) : NULL;
	r->seq = diag.seq++;
	pthread_mutex_unlock(&diag.lock);
}

void diag_report(enum diag_level level, struct srcloc loc, int width,
		 const char *detail, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(level, loc, width, detail, fmt, ap);
	va_end(ap);
}

static void vreport(enum diag_level level, struct srcloc loc, const char *fmt, va_list ap)
{
	report(level, loc, 0, NULL, fmt, ap);
}

void diag_error(struct srcloc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(DIAG_ERROR, loc, fmt, ap);
	va_end(ap);
}

void diag_warning(struct srcloc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(DIAG_WARNING, loc, fmt, ap);
	va_end(ap);
}

void diag_note(struct srcloc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(DIAG_NOTE, loc, fmt, ap);
	va_end(ap);
}

int diag_count(enum diag_level level)
{
	return level == DIAG_ERROR ? diag.total_errors : level == DIAG_WARNING ?
		diag.total_warnings : diag.counts[DIAG_NOTE];
}

int diag_failed(void)
{
	pthread_mutex_lock(&diag.lock);
	int failed = diag.total_errors > 0 || (diag.werror && diag.total_warnings > 0);
	pthread_mutex_unlock(&diag.lock);
	return failed;
}

int diag_count_file(const char *file)
{
	int n = 0;
	pthread_mutex_lock(&diag.lock);
	for (size_t i = 0; i < diag.nrecords; i++)
		n += diag.records[i].level != DIAG_NOTE && diag.records[i].file &&
		     !strcmp(diag.records[i].file, file);
	pthread_mutex_unlock(&diag.lock);
	return n;
}

int diag_exit_status(void)
{
	if (diag.total_errors || (diag.werror && diag.total_warnings))
		return 1;
	return 0;
}

int diag_column(const char *line, size_t off)
{
	/* valid UTF-8 has one byte per code point that does not continue one;
	 * decoding each was 1.5% of a build, for every link's location.  The
	 * continuing bytes (10xxxxxx) are counted eight at a time: bit 7 set
	 * and bit 6 clear, summed by one multiplication. */
	size_t i = 0, cont = 0;
#if defined(__SSE2__) && defined(__GNUC__)
	/* sixteen at a time where SSE2 is there (every x86-64): as signed
	 * bytes the continuing ones are those below -64 (0xC0); each lane
	 * counts up to 255 of them before the lanes are summed */
	const __m128i below = _mm_set1_epi8((char)0xC0);
	while (i + 16 <= off) {
		size_t stop = off - i >= 16 * 255 ? i + 16 * 255 : off;
		__m128i acc = _mm_setzero_si128();
		for (; i + 16 <= stop; i += 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(line + i));
			acc = _mm_sub_epi8(acc, _mm_cmplt_epi8(v, below));
		}
		__m128i sum = _mm_sad_epu8(acc, _mm_setzero_si128());
		cont += (size_t)_mm_cvtsi128_si32(sum) + (size_t)_mm_extract_epi16(sum, 4);
	}
#endif
	for (; i + 8 <= off; i += 8) {
		uint64_t w;
		memcpy(&w, line + i, sizeof w);
		uint64_t c = (w & ~(w << 1) & 0x8080808080808080ULL) >> 7;
		cont += (size_t)((c * 0x0101010101010101ULL) >> 56);
	}
	for (; i < off; i++)
		cont += ((unsigned char)line[i] & 0xC0) == 0x80;
	return (int)(1 + off - cont);
}

static int record_cmp(const void *pa, const void *pb)
{
	const struct record *a = pa, *b = pb;
	int c = strcmp(a->file, b->file);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Returns the text of registered source file (read now if it was
 * registered by its path), or NULL. */
static const struct source *source_of(const char *file)
{
	for (size_t i = diag.nsources; i-- > 0;) {
		struct source *s = &diag.sources[i];
		if (strcmp(s->file, file))
			continue;
		if (!s->text && s->disk_path) {
			struct buf b = BUF_INIT;
			if (buf_read_file(&b, s->disk_path))
				return NULL;
			s->text = s->owned = buf_detach(&b, &s->len);
		}
		return s->text ? s : NULL;
	}
	return NULL;
}

const char *diag_source_text(const char *file, size_t *len)
{
	pthread_mutex_lock(&diag.lock);
	const struct source *s = source_of(file);
	*len = s ? s->len : 0;
	pthread_mutex_unlock(&diag.lock);
	return s ? s->text : NULL;
}

/* Finds line number `line` of a registered source; returns its start or NULL. */
static const char *source_line(const char *file, int line, size_t *len)
{
	const struct source *s = source_of(file);
	if (!s)
		return NULL;
	const char *p = s->text, *end = s->text + s->len;
	for (int n = 1; n < line && p < end; n++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	if (p >= end)
		return NULL;
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	*len = (size_t)((nl ? nl : end) - p);
	if (*len && p[*len - 1] == '\r')
		(*len)--;
	return p;
}

/* The colours of the GNU format, as gcc's (GCC_COLORS' defaults). */
#define COLOR_BOLD "\033[1m"
#define COLOR_ERROR "\033[1;31m"
#define COLOR_WARNING "\033[1;35m"
#define COLOR_NOTE "\033[1;36m"
#define COLOR_CARET "\033[1;32m"
#define COLOR_RESET "\033[m"

static const char *level_name(enum diag_level level)
{
	return level == DIAG_ERROR ? "error" : level == DIAG_WARNING ? "warning" : "note";
}

/* Returns the columns a terminal gives text[from..to), counting no further
 * than limit. */
static int text_width(const char *text, size_t from, size_t to, int limit)
{
	int w = 0;
	for (size_t i = from; i < to && w <= limit;) {
		uint32_t cp;
		int n = utf8_decode(text + i, to - i, &cp);
		w += utf8_width(cp);
		i += (size_t)(n > 0 ? n : 1);
	}
	return w;
}

/* Chooses the part [*from, *to) of a line to quote around byte offset at:
 * all of it when it fits in DIAG_LINE_MAX columns, else a window with
 * DIAG_CONTEXT_BEFORE columns before at. */
static void line_window(const char *text, size_t len, size_t at, size_t *from, size_t *to)
{
	*from = 0;
	*to = len;
	if (text_width(text, 0, len, DIAG_LINE_MAX) <= DIAG_LINE_MAX)
		return;
	int w = 0;
	size_t i = at;
	while (i > 0 && w < DIAG_CONTEXT_BEFORE) {
		size_t j = i - 1;
		while (j > 0 && ((unsigned char)text[j] & 0xC0) == 0x80)
			j--;
		uint32_t cp;
		utf8_decode(text + j, i - j, &cp);
		w += utf8_width(cp);
		i = j;
	}
	*from = i;
	for (i = at; i < len && w < DIAG_LINE_MAX;) {
		uint32_t cp;
		int n = utf8_decode(text + i, len - i, &cp);
		w += utf8_width(cp);
		i += (size_t)(n > 0 ? n : 1);
	}
	*to = i;
}

/* Prints the source line of r, or a window of it, and a caret line under
 * its column: tabs mirrored, wide characters under two carets. */
static void print_quote(FILE *out, const struct record *r, const char *text, size_t len)
{
	static const char cut[] = "...";
	size_t at = utf8_column_offset(text, len, r->col), from, to;
	line_window(text, len, at, &from, &to);
	/* the gutter is five digits wide, wider for a line past 99,999 */
	int digits = snprintf(NULL, 0, "%d", r->line), gutter = digits > 5 ? digits : 5;
	fprintf(out, " %*d | %s%.*s%s\n %*s | %s", gutter, r->line, from ? cut : "",
		(int)(to - from), text + from, to < len ? cut : "", gutter, "", from ? "   " : "");
	for (size_t i = from; i < at;) {
		uint32_t cp;
		int n = utf8_decode(text + i, at - i, &cp);
		fputs(cp == '\t' ? "\t" : utf8_width(cp) == 2 ? "  " : " ", out);
		i += (size_t)(n > 0 ? n : 1);
	}
	int width = 0, cols = r->width > 1 ? r->width : 1;
	for (size_t i = at; cols-- > 0 && i < to;) {
		uint32_t cp;
		int n = utf8_decode(text + i, to - i, &cp);
		width += utf8_width(cp);
		i += (size_t)(n > 0 ? n : 1);
	}
	fputs(diag.color ? COLOR_CARET "^" : "^", out);
	for (int k = 1; k < width; k++)
		fputc('~', out);
	fputs(diag.color ? COLOR_RESET "\n" : "\n", out);
}

static void print_gnu(FILE *out, const struct record *r)
{
	static const char *const colors[3] = { COLOR_NOTE, COLOR_WARNING, COLOR_ERROR };
	fprintf(out, "%s%s", diag.color ? COLOR_BOLD : "", r->file);
	if (r->line > 0) {
		fprintf(out, ":%d", r->line);
		if (r->col > 0)
			fprintf(out, ":%d", r->col);
	}
	if (diag.color)
		fprintf(out, ":" COLOR_RESET " %s%s:" COLOR_RESET " %s\n", colors[r->level],
			level_name(r->level), r->message);
	else
		fprintf(out, ": %s: %s\n", level_name(r->level), r->message);

	size_t len;
	const char *text = r->line > 0 ? source_line(r->file, r->line, &len) : NULL;
	if (text && r->col > 0 && utf8_validate(text, len) == len)
		print_quote(out, r, text, len);
	/* the same at other places: each named, and quoted */
	for (size_t k = 0; k < r->nalso; k++) {
		struct record at = *r;
		at.line = r->also[k].line;
		at.col = r->also[k].col;
		at.width = r->also[k].width;
		fprintf(out, "  the same in the other language, line %d", at.line);
		if (at.col > 0)
			fprintf(out, ":%d", at.col);
		fputs(":\n", out);
		text = at.line > 0 ? source_line(r->file, at.line, &len) : NULL;
		if (text && at.col > 0 && utf8_validate(text, len) == len)
			print_quote(out, &at, text, len);
	}
	if (r->detail) {
		const char *p = r->detail;
		while (*p) {
			const char *nl = strchr(p, '\n');
			size_t n = nl ? (size_t)(nl - p) : strlen(p);
			fprintf(out, "  %.*s\n", (int)n, p);
			p += n + (nl != NULL);
		}
	}
}

static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

static void github_escape(FILE *out, const char *s, int property)
{
	for (; *s; s++) {
		if (*s == '%')
			fputs("%25", out);
		else if (*s == '\r')
			fputs("%0D", out);
		else if (*s == '\n')
			fputs("%0A", out);
		else if (property && *s == ':')
			fputs("%3A", out);
		else if (property && *s == ',')
			fputs("%2C", out);
		else
			fputc(*s, out);
	}
}

/* Writes into id the rule of a message: its words before any quoted part,
 * number or colon, lowercase, joined by '-' ("claim-does-not-hold"). */
static void rule_id(const char *message, char *id, size_t size)
{
	size_t n = 0;
	for (const char *p = message; *p && n + 1 < size; p++) {
		char c = *p;
		if (c == '\'' || c == '"' || c == ':' || c == '(' || c == '{' || c == '<' ||
		    (c >= '0' && c <= '9') || (unsigned char)c >= 0x80)
			break;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c >= 'a' && c <= 'z')
			id[n++] = c;
		else if (n && id[n - 1] != '-')
			id[n++] = '-';
	}
	while (n && id[n - 1] == '-')
		n--;
	if (!n)
		n = (size_t)snprintf(id, size, "specbook");
	id[n] = '\0';
}

/* Prints a SARIF physicalLocation of file at line:col, width code points. */
static void sarif_location(FILE *out, const char *file, int line, int col, int width)
{
	fputs("{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
	json_string(out, file);
	fputs(", \"uriBaseId\": \"%SRCROOT%\"}", out);
	if (line > 0) {
		fprintf(out, ", \"region\": {\"startLine\": %d", line);
		if (col > 0)
			fprintf(out, ", \"startColumn\": %d, \"endColumn\": %d", col, col + (width > 1 ? width : 1));
		fputs("}", out);
	}
	fputs("}}", out);
}

/* Prints one SARIF result; also: the record's other places, or NULL. */
static void sarif_result(FILE *out, const struct record *r, const char *file, const char *message, int first)
{
	char id[64];
	rule_id(message, id, sizeof id);
	fprintf(out, "%s{\"ruleId\": \"%s\", \"level\": \"%s\", \"message\": {\"text\": ",
		first ? "\n        " : ",\n        ", id, r ? level_name(r->level) : "note");
	struct buf text = BUF_INIT;
	buf_adds(&text, message);
	if (r && r->detail)
		buf_addf(&text, "\n%s", r->detail);
	for (size_t k = 0; r && k < r->nalso; k++)
		buf_addf(&text, "\nthe same in the other language, line %d", r->also[k].line);
	json_string(out, text.data);
	buf_release(&text);
	fputs("}, \"locations\": [", out);
	if (r) {
		sarif_location(out, file, r->line, r->col, r->width);
		for (size_t k = 0; k < r->nalso; k++) {
			fputs(", ", out);
			sarif_location(out, file, r->also[k].line, r->also[k].col, r->also[k].width);
		}
	} else
		sarif_location(out, file, 0, 0, 0);
	fputs("]}", out);
}

/* Prints one record in the chosen format; first: nothing printed before it. */
static void print_record(FILE *out, const struct record *r, int first)
{
	switch (diag.format) {
	case DIAG_FORMAT_SARIF:
		sarif_result(out, r, r->file, r->message, first);
		break;
	case DIAG_FORMAT_GNU:
		print_gnu(out, r);
		break;
	case DIAG_FORMAT_JSON:
		fputs(first ? "\n {" : ",\n {", out);
		fputs("\"file\": ", out);
		json_string(out, r->file);
		fprintf(out, ", \"line\": %d, \"col\": %d, \"level\": \"%s\", \"message\": ",
			r->line, r->col, level_name(r->level));
		json_string(out, r->message);
		if (r->detail) {
			fputs(", \"detail\": ", out);
			json_string(out, r->detail);
		}
		if (r->nalso) {
			fputs(", \"also\": [", out);
			for (size_t k = 0; k < r->nalso; k++)
				fprintf(out, "%s{\"line\": %d, \"col\": %d}", k ? ", " : "", r->also[k].line,
					r->also[k].col);
			fputs("]", out);
		}
		fputs("}", out);
		break;
	case DIAG_FORMAT_GITHUB:
		fprintf(out, "::%s file=", r->level == DIAG_NOTE ? "notice" : level_name(r->level));
		github_escape(out, r->file, 1);
		if (r->line > 0)
			fprintf(out, ",line=%d", r->line);
		if (r->line > 0 && r->col > 0)
			fprintf(out, ",col=%d,endColumn=%d", r->col, r->col + (r->width > 1 ? r->width : 1) - 1);
		fputs(",title=", out);
		github_escape(out, r->message, 1);
		fputs("::", out);
		github_escape(out, r->message, 0);
		if (r->detail) {
			fputs("%0A", out);
			github_escape(out, r->detail, 0);
		}
		for (size_t k = 0; k < r->nalso; k++)
			fprintf(out, "%%0Athe same in the other language, line %d", r->also[k].line);
		fputc('\n', out);
		break;
	}
}

/* Prints a note that diagnostics were left out, about file (NULL: the run):
 * GNU "file: note: …", a JSON object of level "note", a GitHub notice.
 * Always after a record: a file's records or what a run dropped is never
 * all there is, so the JSON comma is always due. */
static void print_note(FILE *out, const char *file, const char *message)
{
	switch (diag.format) {
	case DIAG_FORMAT_SARIF:
		sarif_result(out, NULL, file ? file : "specbook", message, 0);
		break;
	case DIAG_FORMAT_GNU:
		fprintf(out, "%s: note: %s\n", file ? file : "specbook", message);
		break;
	case DIAG_FORMAT_JSON:
		fputs(",\n {\"file\": ", out);
		json_string(out, file ? file : "specbook");
		fputs(", \"line\": 0, \"col\": 0, \"level\": \"note\", \"message\": ", out);
		json_string(out, message);
		fputs("}", out);
		break;
	case DIAG_FORMAT_GITHUB:
		fputs("::notice", out);
		if (file) {
			fputs(" file=", out);
			github_escape(out, file, 1);
		}
		fputs("::", out);
		github_escape(out, message, 0);
		fputc('\n', out);
		break;
	}
}

/* Appends "too many errors<where>: N more" to b, or "too many
 * diagnostics<where>: N more errors and M warnings" when more than one
 * level was left out (n[level]: how many of each). */
static void add_counts(struct buf *b, const char *where, const int n[3])
{
	static const char *const names[3] = { "note", "warning", "error" };
	int levels = (n[0] > 0) + (n[1] > 0) + (n[2] > 0);
	if (levels == 1) {
		for (int l = 2; l >= 0; l--)
			if (n[l])
				buf_addf(b, "too many %ss%s: %d more", names[l], where, n[l]);
		return;
	}
	buf_addf(b, "too many diagnostics%s:", where);
	for (int l = 2, said = 0; l >= 0; l--) {
		if (!n[l])
			continue;
		said++;
		buf_addf(b, "%s %d%s %s%s", said == 1 ? "" : said == levels ? " and" : ",", n[l],
			 said == 1 ? " more" : "", names[l], n[l] == 1 ? "" : "s");
	}
}

/* Prints the note after a file's records when some of them were left out;
 * adds what it told of to told[level]. */
static void print_file_note(FILE *out, const char *file, int told[3])
{
	struct file_count key = { .file = (char *)file };
	struct file_count **found = tfind(&key, &diag.file_tree, file_count_cmp);
	const struct file_count *fc = found ? *found : NULL;
	if (!fc || !(fc->dropped[DIAG_ERROR] + fc->dropped[DIAG_WARNING]))
		return;
	int dropped[3] = { 0, fc->dropped[DIAG_WARNING], fc->dropped[DIAG_ERROR] };
	struct buf b = BUF_INIT;
	add_counts(&b, " in this file", dropped);
	buf_addf(&b, " not shown; the first %d often share one cause: fix them and build again",
		 max_per_file());
	print_note(out, file, b.data);
	buf_release(&b);
	for (int l = 0; l < 3; l++)
		told[l] += dropped[l];
}

static int same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Returns 1 if the line quoted at line of file holds a Han character or
 * CJK punctuation (a Chinese line), 0 if not, -1 if it cannot be read. */
static int chinese_line(const char *file, int line)
{
	size_t len;
	const char *text = source_line(file, line, &len);
	if (!text)
		return -1;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		int n = utf8_decode(text + i, len - i, &cp);
		if (n > 0 && ((cp >= 0x2E80 && cp < 0xA000) || (cp >= 0xFF00 && cp < 0xFFF0)))
			return 1;
		i += (size_t)(n > 0 ? n : 1);
	}
	return 0;
}

/* Returns 1 if a and b underline the same text (width code points from
 * their columns), so that two messages alike are about the same figure. */
static int same_spanned(const struct record *a, const struct record *b)
{
	if (a->width != b->width || a->col <= 0 || b->col <= 0)
		return a->col <= 0 && b->col <= 0;
	size_t la, lb;
	const char *ta = source_line(a->file, a->line, &la);
	const char *sa = ta, *ea;
	if (!ta)
		return 0;
	size_t oa = utf8_column_offset(ta, la, a->col), na = utf8_column_offset(ta + oa, la - oa, (a->width > 1 ? a->width : 1) + 1);
	sa = ta + oa;
	ea = sa + na;
	/* source_line() returns the newest source's text: a stays valid */
	const char *tb = source_line(b->file, b->line, &lb);
	if (!tb)
		return 0;
	size_t ob = utf8_column_offset(tb, lb, b->col), nb = utf8_column_offset(tb + ob, lb - ob, (b->width > 1 ? b->width : 1) + 1);
	return (size_t)(ea - sa) == nb && !memcmp(sa, tb + ob, nb);
}

/*
 * Marks as merged each record that repeats an earlier one of its file in
 * the other language (level, message and detail the same, one line
 * Chinese and the other not, the same text underlined) and names its place under that one: a
 * figure wrong in a Chinese paragraph and in its English translation is
 * one mistake, and GitHub shows only the first ten error annotations of a
 * step.  A record takes one such partner, the first after it.  The
 * records are sorted; each file's records are compared among themselves
 * only (at most DIAG_MAX_PER_FILE of each level; notes are never merged).
 */
static void merge_same(void)
{
	for (size_t start = 0, end; start < diag.nrecords; start = end) {
		for (end = start + 1; end < diag.nrecords && !strcmp(diag.records[end].file,
								   diag.records[start].file); end++)
			;
		for (size_t i = start; i < end; i++) {
			struct record *r = &diag.records[i];
			if (r->merged || r->level == DIAG_NOTE || r->line <= 0)
				continue;
			for (size_t j = i + 1; j < end; j++) {
				struct record *q = &diag.records[j];
				if (q->merged || q->nalso || q->level != r->level || q->line <= r->line ||
				    !same_text(q->message, r->message) || !same_text(q->detail, r->detail))
					continue;
				int a = chinese_line(r->file, r->line), b = chinese_line(q->file, q->line);
				if (a < 0 || b < 0 || a == b || !same_spanned(r, q))
					continue;
				q->merged = 1;
				*ARRAY_PUSH(r->also, r->nalso, r->capalso) =
					(struct place){ q->line, q->col, q->width };
				break;
			}
		}
	}
}

/* Returns how many records of the level are merged into others. */
static int merged_count(enum diag_level level)
{
	int n = 0;
	for (size_t i = 0; i < diag.nrecords; i++)
		n += diag.records[i].merged && diag.records[i].level == level;
	return n;
}

/* Writes text into a Markdown table's cell: | and HTML escaped, line
 * breaks as <br>. */
static void markdown_cell(FILE *f, const char *text)
{
	for (const char *p = text; *p; p++) {
		if (*p == '|')
			fputs("\\|", f);
		else if (*p == '<')
			fputs("&lt;", f);
		else if (*p == '>')
			fputs("&gt;", f);
		else if (*p == '&')
			fputs("&amp;", f);
		else if (*p == '\n')
			fputs("<br>", f);
		else if (*p == '`')
			fputs("&#96;", f);
		else
			fputc(*p, f);
	}
}

/* Appends to the step summary (diag_step_summary()) a Markdown table of
 * the records printed (shown[i]) and of what was left out. */
static void write_step_summary(const unsigned char *shown, const char *left_out)
{
	FILE *f = fopen(diag.summary_path, "a");
	if (!f) {
		fprintf(stderr, "specbook: cannot append to $GITHUB_STEP_SUMMARY '%s': %s\n",
			diag.summary_path, strerror(errno));
		return;
	}
	int n[3] = { 0 };
	for (size_t i = 0; i < diag.nrecords; i++)
		n[diag.records[i].level] += shown[i];
	fprintf(f, "### specbook: %d error%s, %d warning%s, %d note%s\n\n", n[DIAG_ERROR],
		n[DIAG_ERROR] == 1 ? "" : "s", n[DIAG_WARNING], n[DIAG_WARNING] == 1 ? "" : "s",
		n[DIAG_NOTE], n[DIAG_NOTE] == 1 ? "" : "s");
	if (n[0] + n[1] + n[2])
		fputs("| level | where | message |\n| --- | --- | --- |\n", f);
	for (size_t i = 0; i < diag.nrecords; i++) {
		const struct record *r = &diag.records[i];
		if (!shown[i])
			continue;
		fprintf(f, "| %s | `", level_name(r->level));
		markdown_cell(f, r->file);
		if (r->line > 0)
			fprintf(f, ":%d", r->line);
		if (r->line > 0 && r->col > 0)
			fprintf(f, ":%d", r->col);
		for (size_t k = 0; k < r->nalso; k++)
			fprintf(f, ", %d", r->also[k].line);
		fputs("` | **", f);
		markdown_cell(f, r->message);
		fputs("**", f);
		if (r->detail) {
			fputs("<br>", f);
			markdown_cell(f, r->detail);
		}
		fputs(" |\n", f);
	}
	if (left_out) {
		fputs("\n", f);
		markdown_cell(f, left_out);
		fputs("\n", f);
	}
	fputs("\n", f);
	if (fclose(f))
		fprintf(stderr, "specbook: cannot append to $GITHUB_STEP_SUMMARY '%s': %s\n",
			diag.summary_path, strerror(errno));
}

void diag_flush(FILE *out)
{
	pthread_mutex_lock(&diag.lock);
	flockfile(out);   /* one block of lines, whatever other threads print */
	if (diag.nrecords > 1)
		qsort(diag.records, diag.nrecords, sizeof *diag.records, record_cmp);
	merge_same();
	unsigned char *shown = diag.summary_path ? xcalloc(diag.nrecords + 1, 1) : NULL;
	char *left_out = NULL;
	if (diag.format == DIAG_FORMAT_JSON)
		fputs("[", out);
	if (diag.format == DIAG_FORMAT_SARIF)
		fputs("{\n  \"version\": \"2.1.0\",\n  \"$schema\": "
		      "\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json\",\n"
		      "  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \"specbook\"}},\n    \"columnKind\": \"unicodeCodePoints\",\n"
		      "    \"results\": [", out);
	/* left[level]: recorded or dropped and not yet printed or told of */
	int left[3] = { 0 }, told[3] = { 0 };
	for (size_t i = 0; i < diag.nfiles; i++)
		for (int l = DIAG_WARNING; l <= DIAG_ERROR; l++)
			left[l] += diag.files[i]->kept[l] + diag.files[i]->dropped[l];
	left[DIAG_NOTE] = diag.notes_seen;   /* notes are kept per run, not per file */
	/* notes wait for a run without errors: what must be fixed comes
	 * first, alone */
	int quiet_notes = diag.total_errors > 0 || diag.hide_notes;
	if (quiet_notes)
		left[DIAG_NOTE] = 0;
	/* what is merged into another record is told of by it */
	for (int l = DIAG_WARNING; l <= DIAG_ERROR; l++)
		left[l] -= merged_count((enum diag_level)l);
	size_t i, printed = 0;
	for (i = 0; i < diag.nrecords && printed < (size_t)max_total(); i++) {
		const struct record *r = &diag.records[i];
		if (!(r->level == DIAG_NOTE && quiet_notes) && !r->merged) {
			print_record(out, r, printed++ == 0);
			told[r->level]++;
			if (shown)
				shown[i] = 1;
		}
		if (printed && (i + 1 == diag.nrecords || strcmp(r->file, diag.records[i + 1].file)))
			print_file_note(out, r->file, told);
	}
	for (int l = 0; l < 3; l++)
		left[l] -= told[l];
	if (left[DIAG_ERROR] + left[DIAG_WARNING] + left[DIAG_NOTE] > 0) {
		struct buf b = BUF_INIT;
		add_counts(&b, "", left);
		if (left[DIAG_ERROR] + left[DIAG_WARNING])
			buf_addf(&b, " not shown; fix the first %d and build again "
				 "(--max-diagnostics=0 shows every one)", max_total());
		else
			buf_adds(&b, " not shown");
		if (left[DIAG_ERROR] + left[DIAG_WARNING])
			add_kinds(&b);
		print_note(out, NULL, b.data);
		left_out = buf_detach(&b, NULL);
	}
	if (diag.format == DIAG_FORMAT_JSON)
		fputs(diag.nrecords ? "\n]\n" : "]\n", out);
	if (diag.format == DIAG_FORMAT_SARIF)
		fputs("\n    ]\n  }]\n}\n", out);
	if (shown)
		write_step_summary(shown, left_out);
	free(shown);
	free(left_out);
	for (i = 0; i < diag.nrecords; i++) {
		free(diag.records[i].file);
		free(diag.records[i].message);
		free(diag.records[i].detail);
		free(diag.records[i].also);
	}
	diag.nrecords = 0;
	kinds_clear();
	diag.nnotes = 0;
	diag.notes_seen = 0;
	file_counts_clear();
	fflush(out);
	funlockfile(out);
	pthread_mutex_unlock(&diag.lock);
}

void diag_reset(void)
{
	pthread_mutex_lock(&diag.lock);
	for (size_t i = 0; i < diag.nrecords; i++) {
		free(diag.records[i].file);
		free(diag.records[i].message);
		free(diag.records[i].detail);
		free(diag.records[i].also);
	}
	free(diag.records);
	kinds_clear();
	free(diag.kinds);
	diag.kinds = NULL;
	diag.capkinds = 0;
	for (size_t i = 0; i < diag.nsources; i++) {
		free(diag.sources[i].owned);
		free((char *)diag.sources[i].disk_path);
	}
	free(diag.sources);
	diag.records = NULL;
	diag.sources = NULL;
	diag.nrecords = diag.caprecords = diag.nsources = diag.capsources = 0;
	diag.total_errors = diag.total_warnings = 0;
	diag.nnotes = 0;
	diag.notes_seen = 0;
	memset(diag.counts, 0, sizeof diag.counts);
	file_counts_clear();
	pthread_mutex_unlock(&diag.lock);
}
