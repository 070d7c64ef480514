/*
 * new.h — `specbook new DIR`: writes the starter book the binary carries
 * (core/builtin.h, "new/…", made from tools/new-book/) into DIR.
 */
#ifndef SPECBOOK_NEW_H
#define SPECBOOK_NEW_H

/* Writes the starter book into dir, which must not exist, be empty or hold
 * only dot files (it is made, with its parents, when missing).  Returns the exit status: 0,
 * or 1 after saying on stderr why nothing (or, on a write error, not all)
 * was written. */
int new_book(const char *dir);

#endif
