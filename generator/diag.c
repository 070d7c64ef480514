/*
 * diag.c — collect, sort and print diagnostics (see diag.h).
 *
 * Records are kept in one growing array under a mutex; diag_flush() sorts
 * them by (file, line, col, arrival) and prints them in the chosen format.
 */
#include "diag.h"
#include "files.h"
#include "alloc.h"
#include "buffer.h"
#include "utf8.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct record {
	enum diag_level level;
	char *file;
	int line, col, width;
	char *message;
	char *detail;
	size_t seq;
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
	struct record *records;
	size_t nrecords, caprecords, seq;
	struct source *sources;
	size_t nsources, capsources;
	int counts[3];
	int total_errors, total_warnings;  /* survive flushes, for the exit status */
} diag = { .lock = PTHREAD_MUTEX_INITIALIZER };

void diag_setup(enum diag_format format, int werror)
{
	diag.format = format;
	diag.werror = werror;
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

void diag_report(enum diag_level level, struct srcloc loc, int width,
		 const char *detail, const char *fmt, ...)
{
	struct buf msg = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(&msg, fmt, ap);
	va_end(ap);

	pthread_mutex_lock(&diag.lock);
	struct record *r = ARRAY_PUSH(diag.records, diag.nrecords, diag.caprecords);
	r->level = level;
	r->file = xstrdup(loc.file ? loc.file : "specbook");
	r->line = loc.line;
	r->col = loc.col;
	r->width = width;
	r->message = buf_detach(&msg, NULL);
	r->detail = detail ? xstrdup(detail) : NULL;
	r->seq = diag.seq++;
	diag.counts[level]++;
	if (level == DIAG_ERROR)
		diag.total_errors++;
	else
		diag.total_warnings++;
	pthread_mutex_unlock(&diag.lock);
}

static void vreport(enum diag_level level, struct srcloc loc, const char *fmt, va_list ap)
{
	struct buf msg = BUF_INIT;
	buf_vaddf(&msg, fmt, ap);
	diag_report(level, loc, 0, NULL, "%s", msg.data);
	buf_release(&msg);
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

int diag_count(enum diag_level level)
{
	return level == DIAG_ERROR ? diag.total_errors : diag.total_warnings;
}

int diag_count_file(const char *file)
{
	int n = 0;
	pthread_mutex_lock(&diag.lock);
	for (size_t i = 0; i < diag.nrecords; i++)
		n += diag.records[i].file && !strcmp(diag.records[i].file, file);
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
	 * decoding each was 1.5% of a build, for every link's location */
	int col = 1;
	for (size_t i = 0; i < off; i++)
		col += ((unsigned char)line[i] & 0xC0) != 0x80;
	return col;
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

/* Finds line number `line` of a registered source; returns its start or NULL. */
static const char *source_line(const char *file, int line, size_t *len)
{
	for (size_t i = diag.nsources; i-- > 0;) {
		struct source *s = &diag.sources[i];
		if (strcmp(s->file, file))
			continue;
		if (!s->text && s->disk_path) {
			size_t n;
			if (files_read_bytes(s->disk_path, &s->owned, &n))
				return NULL;
			s->text = s->owned;
			s->len = n;
		}
		if (!s->text)
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
	return NULL;
}

static const char *level_name(enum diag_level level)
{
	return level == DIAG_ERROR ? "error" : "warning";
}

static void print_gnu(FILE *out, const struct record *r)
{
	fprintf(out, "%s", r->file);
	if (r->line > 0) {
		fprintf(out, ":%d", r->line);
		if (r->col > 0)
			fprintf(out, ":%d", r->col);
	}
	fprintf(out, ": %s: %s\n", level_name(r->level), r->message);

	size_t len;
	const char *text = r->line > 0 ? source_line(r->file, r->line, &len) : NULL;
	if (text && r->col > 0 && utf8_validate(text, len) == len) {
		fprintf(out, " %5d | %.*s\n       | ", r->line, (int)len, text);
		/* caret under the column: mirror tabs, wide characters take two */
		size_t i = 0;
		int col = 1;
		while (i < len && col < r->col) {
			uint32_t cp;
			int n = utf8_decode(text + i, len - i, &cp);
			fputs(cp == '\t' ? "\t" : utf8_width(cp) == 2 ? "  " : " ", out);
			i += (size_t)(n > 0 ? n : 1);
			col++;
		}
		int width = 0, cols = r->width > 1 ? r->width : 1;
		for (int k = 0; k < cols && i < len; k++) {
			uint32_t cp;
			int n = utf8_decode(text + i, len - i, &cp);
			width += utf8_width(cp);
			i += (size_t)(n > 0 ? n : 1);
		}
		if (width == 0)
			width = 1;
		fputc('^', out);
		for (int k = 1; k < width; k++)
			fputc('~', out);
		fputc('\n', out);
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

void diag_flush(FILE *out)
{
	pthread_mutex_lock(&diag.lock);
	if (diag.nrecords > 1)
		qsort(diag.records, diag.nrecords, sizeof *diag.records, record_cmp);
	if (diag.format == DIAG_FORMAT_JSON)
		fputs("[", out);
	for (size_t i = 0; i < diag.nrecords; i++) {
		struct record *r = &diag.records[i];
		switch (diag.format) {
		case DIAG_FORMAT_GNU:
			print_gnu(out, r);
			break;
		case DIAG_FORMAT_JSON:
			fputs(i ? ",\n {" : "\n {", out);
			fputs("\"file\": ", out);
			json_string(out, r->file);
			fprintf(out, ", \"line\": %d, \"col\": %d, \"level\": \"%s\", \"message\": ",
				r->line, r->col, level_name(r->level));
			json_string(out, r->message);
			if (r->detail) {
				fputs(", \"detail\": ", out);
				json_string(out, r->detail);
			}
			fputs("}", out);
			break;
		case DIAG_FORMAT_GITHUB:
			fprintf(out, "::%s file=", level_name(r->level));
			github_escape(out, r->file, 1);
			if (r->line > 0)
				fprintf(out, ",line=%d", r->line);
			if (r->col > 0)
				fprintf(out, ",col=%d", r->col);
			fputs("::", out);
			github_escape(out, r->message, 0);
			if (r->detail) {
				fputs("%0A", out);
				github_escape(out, r->detail, 0);
			}
			fputc('\n', out);
			break;
		}
		free(r->file);
		free(r->message);
		free(r->detail);
	}
	if (diag.format == DIAG_FORMAT_JSON)
		fputs(diag.nrecords ? "\n]\n" : "]\n", out);
	diag.nrecords = 0;
	pthread_mutex_unlock(&diag.lock);
	fflush(out);
}

void diag_reset(void)
{
	pthread_mutex_lock(&diag.lock);
	for (size_t i = 0; i < diag.nrecords; i++) {
		free(diag.records[i].file);
		free(diag.records[i].message);
		free(diag.records[i].detail);
	}
	free(diag.records);
	for (size_t i = 0; i < diag.nsources; i++) {
		free(diag.sources[i].owned);
		free((char *)diag.sources[i].disk_path);
	}
	free(diag.sources);
	diag.records = NULL;
	diag.sources = NULL;
	diag.nrecords = diag.caprecords = diag.nsources = diag.capsources = 0;
	diag.total_errors = diag.total_warnings = 0;
	memset(diag.counts, 0, sizeof diag.counts);
	pthread_mutex_unlock(&diag.lock);
}
