/*
 * lift.h — `specbook lift FILE:LINE`: a chapter's pipe table as a spec
 * table (specs/<id>.yaml) and the compare block that shows it.
 */
#ifndef SPECBOOK_LIFT_H
#define SPECBOOK_LIFT_H

/* Lifts the pipe table at where ("FILE:LINE", FILE a path as given on the
 * command line; LINE any line of the table) of a chapter of the book in
 * dir (its specs/units.yaml, else the built-in one, says which units are
 * known).  Prints the YAML and the compare block to stdout; when write is
 * set, writes dir/specs/<id>.yaml instead (never over an existing file)
 * and prints only the compare block.  Returns the exit status: 0, 1 after
 * a diagnostic (no table there, no such file), 2 when where is not
 * FILE:LINE. */
int lift_table(const char *dir, const char *where, int write);

#endif
