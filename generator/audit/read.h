/*
 * read.h — a folder of Markdown handed to an audit (read.c): every `.md`
 * file under it, in sorted order, parsed as GitHub reads it
 * (core/markdown.h); its pipe tables (cmark-gfm's table nodes, cells as
 * plain text with their places) and its prose (paragraphs and headings as
 * their source lines, link targets blanked) go to audit_add_table() and
 * audit_add_prose().
 */
#ifndef SPECBOOK_AUDIT_READ_H
#define SPECBOOK_AUDIT_READ_H

#include <stddef.h>

#include "audit/audit.h"
#include "core/arena.h"

/* Folders deeper than this are not entered (bounds the walk; no book nests
 * its chapters 32 deep). */
#define AUDIT_READ_MAX_DEPTH 32

struct audit_read_stats {
	int files;      /* Markdown files read */
	long lines;     /* their lines */
	long bytes;
};

/*
 * Reads every Markdown file under dir (shown with paths relative to it)
 * into au: symbolic links are not followed, dot folders and node_modules
 * are passed over.  Files that cannot be read are reported and skipped.
 * The texts live in arena a and are registered with diag for quoting.
 * Returns 0, or -1 when dir is no folder (reported).
 */
int audit_read_dir(struct audit *au, struct arena *a, const char *dir,
		   struct audit_read_stats *stats);

/* Reads one Markdown text (len bytes, shown as file) into au. */
void audit_read_text(struct audit *au, struct arena *a, const char *file, const char *text,
		     size_t len);

/* The same for a chapter of a specbook book: its pipe tables that no spec
 * table covers (no span in a cell), and no prose (the build checks it).
 * text is not kept (nothing points into it after the call): the book has
 * registered the file with diag_source_file(), so a finding quotes it. */
void audit_read_tables(struct audit *au, struct arena *a, const char *file, const char *text,
		       size_t len);

#endif
