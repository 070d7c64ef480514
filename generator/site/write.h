/*
 * write.h — the output: pages and files into a folder beside it, which takes its
 * place only when everything succeeded.
 */
#ifndef SPECBOOK_WRITE_H
#define SPECBOOK_WRITE_H

#include "core/arena.h"
#include "site/site.h"

struct out_scan;

/* Pages and files go into a temporary directory beside out, which
 * takes out's place only when everything succeeded.  write_begin() makes
 * the directory, after checking that out is missing, empty or a site this
 * tool wrote (not a link: nothing at or below out is followed), and takes
 * scan, the output's walk begun before the build (or NULL), for
 * write_output_linked();
 * write_file() writes a generated file at once (taking data) and records
 * its path for the link check (write_file_done() only records a file put
 * there otherwise);
 * write_finish() copies the assets and swaps (or updates in place);
 * write_abort() removes the temporary directory, leaving out as it was.  Each returns 0 or -1 after
 * reporting. */
int write_begin(struct site *s, const char *out, struct out_scan *scan);
/* Writes a page's bytes (strings in ar; safe on a rendering thread while
 * the main thread writes others).  Returns 0 or -1 after reporting. */
int write_html(const struct site *s, struct arena *ar, const char *path, const char *html,
	       size_t len);
void write_file(struct site *s, const char *path, char *data, size_t len);
void write_file_done(struct site *s, const char *path);
/* Links the last build's file at path (in the output) into the new site
 * at the same place; nothing to do when the output is updated in place
 * (s->in_place), where it stays.  Returns 0, or -1 (errno set; not
 * reported: the caller says what it was taking). */
int write_take_last(struct site *s, const char *path);
/* Fills *st with the file at path as this build leaves it: written into
 * the temporary directory, or left in the output (in place) because its
 * bytes did not change.  Returns 0, or -1 when there is none. */
int write_stat_made(struct site *s, const char *path, struct file_stat *st);
int write_finish(struct site *s);
void write_abort(struct site *s);
/* Returns 1 if the output holds a symbolic link: such a site is not
 * updated in place (nor are files taken from it), but replaced whole, as
 * a full build does, which drops the link and leaves what it points to. */
int write_output_linked(struct site *s);
/* The walk of write_output_linked() begun at once, on a thread of its
 * own, for a build of out that starts later (build_options.out_scan; a
 * build takes what it found once); write_output_scan_free() waits for it
 * and frees what the build did not take.  The walk of a site of 1000
 * chapters (6 400 entries) was a tenth of a one-chapter rebuild's time on
 * the main thread; while the book loads, a core is mostly idle. */
struct out_scan *write_output_scan_start(struct work_pool *pool, const char *out);
void write_output_scan_free(struct out_scan *sc);
/* Removes what builds of out that were killed left beside it, as
 * write_begin() does; for a caller that killed one (serve.c), so that a
 * build that never begins writing does not leave them in place. */
void write_remove_leftovers(const char *out);

#endif
