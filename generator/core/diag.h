/*
 * diag.h — diagnostics: the one way user errors reach the user.
 *
 * Every function that can fail on its input reports through diag_report()
 * with a source location and returns -1 ("already reported").  Messages are
 * collected during the run (from any thread) and printed by diag_flush()
 * sorted by file, line and column, so output is the same from run to run,
 * in one of three formats:
 *
 *   gnu     content/01-intro.md:142:17: error: claim does not hold
 *             (then the source line, a caret under the span, detail lines)
 *   json    one JSON array of objects {file,line,col,level,message,detail},
 *           and "also": [{line,col}] for a merged diagnostic (below)
 *   github  ::error file=…,line=…,col=…,endColumn=…,title=…::message
 *           (workflow annotations)
 *   sarif   one SARIF 2.1.0 log (GitHub code scanning): a run of the tool
 *           "specbook", a result per diagnostic, its rule the message's
 *           words before any quoted part ("claim-does-not-hold")
 *
 * The same diagnostic (level, message and detail) at several places of
 * one file — a figure wrong in the Chinese and in its English translation
 * — is printed once, naming every place ("also at line 12:5").
 *
 * Lines and columns are 1-based; columns count Unicode code points, as
 * editors do.  Line 0 means "the file as a whole".
 *
 * Output is bounded whatever the input: a file keeps its first few errors
 * and warnings (the rest are counted), a flush prints a bounded number, and
 * each cut is followed by a note of level "note" (GNU "file: note: …", a
 * JSON object, a GitHub ::notice) saying how many were left out.
 */
#ifndef SPECBOOK_DIAG_H
#define SPECBOOK_DIAG_H

#include <stdio.h>
#include <stddef.h>

/* A note tells of something the author may want to know and need not fix
 * (a Chinese block without its translation): listed like the others when
 * the run has no error (what must be fixed comes first, alone), it never
 * changes the exit status, not even under werror. */
enum diag_level { DIAG_NOTE = 0, DIAG_WARNING = 1, DIAG_ERROR = 2 };
enum diag_format { DIAG_FORMAT_GNU, DIAG_FORMAT_JSON, DIAG_FORMAT_GITHUB, DIAG_FORMAT_SARIF };

struct srcloc {
	const char *file;   /* path as shown to the user, relative to the book */
	int line;           /* 1-based; 0: no particular line */
	int col;            /* 1-based, in code points; 0: no particular column */
};

/* Sets the output format; werror turns warnings into errors for the exit status. */
void diag_setup(enum diag_format format, int werror);

/* Colours the GNU format (error, warning, note, the caret) when on. */
void diag_color(int on);

/* Sets the file (GitHub's $GITHUB_STEP_SUMMARY; NULL or "": none) that
 * each diag_flush() appends a Markdown table of what it printed to. */
void diag_step_summary(const char *path);

/* Hides the notes (--quiet: no summary, and no notes), or shows them again. */
void diag_hide_notes(int hide);

/* Prints at most n errors and warnings per run and keeps at most n of each
 * per file (--max-diagnostics; the defaults are 100 and 20); 0 keeps and
 * prints every one.  Notes are kept as before. */
void diag_limit(int n);

/* Registers the text of a source file so that messages can quote its lines.
 * The text is not copied: it must outlive diag_flush(). */
void diag_source(const char *file, const char *text, size_t len);

/* The same for a file that is not kept in memory: it is read from
 * disk_path when one of its lines is quoted. */
void diag_source_file(const char *file, const char *disk_path);

/*
 * Records a diagnostic.  width is how many code points the caret underlines
 * (0 or 1: a single caret).  detail, when not NULL, is printed below the
 * caret, one indented line per line of it.  Thread-safe.
 */
void diag_report(enum diag_level level, struct srcloc loc, int width,
		 const char *detail, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Shorthands for a one-caret message without detail. */
void diag_error(struct srcloc loc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void diag_note(struct srcloc loc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void diag_warning(struct srcloc loc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* How many diagnostics this thread has reported so far, of every level,
 * muted ones included: what a caller compares before and after a piece of
 * work to know whether it said anything (spans.c keeps a span's result
 * only when its evaluation reported nothing). */
unsigned long diag_reports_here(void);

/* Mutes (delta 1) or unmutes (delta -1) this thread's diagnostics: for a
 * trial parse whose failure only means "not what was looked for" (a
 * number in prose that is no quantity).  Calls nest. */
void diag_mute(int delta);

/* Reports this thread's errors as warnings (delta 1) or stops (delta
 * -1; calls nest): for checks whose errors must not fail a build that
 * did not ask for them (the audit of a Markdown book as it is, with no
 * spec tables of its own).  diag_errors_lowered() counts them. */
void diag_lower_errors(int delta);
unsigned long diag_errors_lowered(void);

/* How many errors this thread has reported so far, muted ones not: what
 * a stage compares before and after its work to return its status
 * (render_chapter()). */
unsigned long diag_errors_here(void);

/* Returns 1 if an error (or, under werror, a warning) was recorded since
 * the run began (or the last diag_reset()), else 0: what the build asks to
 * know whether anything failed, instead of keeping a flag of its own
 * beside the count.  A warning under werror fails the build as an error
 * does, so no site is written (the summary says so), as with diag_exit_status(). */
int diag_failed(void);

/* A diagnostic as it is reported (diag_tap()): its strings live until the
 * tap returns. */
struct diag_event {
	enum diag_level level;
	struct srcloc loc;
	int width;
	const char *message, *detail;
};
typedef void diag_tap_fn(const struct diag_event *e, void *ctx);

/* Hands every diagnostic reported from now on (but muted ones) to fn as it
 * is reported, whatever the caps of what is printed, one at a time: for a
 * report written beside them (`specbook audit --html`).  fn NULL: none. */
void diag_tap(diag_tap_fn *fn, void *ctx);

/* Returns the text registered for file (diag_source(), diag_source_file():
 * read then), *len its length, or NULL; valid until diag_reset(). */
const char *diag_source_text(const char *file, size_t *len);

/* Returns how many diagnostics of exactly that level were recorded. */
int diag_count(enum diag_level level);

/* Returns how many errors and warnings (notes not) are recorded for file. */
int diag_count_file(const char *file);

/* Prints what was recorded so far to out, sorted and capped (see above),
 * as one block other threads cannot interleave, flushes out, and forgets it. */
void diag_flush(FILE *out);

/* Returns the exit status the run deserves: 1 if there were errors (or
 * warnings under werror), else 0. */
int diag_exit_status(void);

/* Forgets all diagnostics and sources (for tests). */
void diag_reset(void);

/* Returns the 1-based code-point column of byte offset off within line;
 * line[0..off) must be valid UTF-8 (what comes after it need not be). */
int diag_column(const char *line, size_t off);

#endif
