/*
 * serve.h — `specbook serve`: a local preview that rebuilds on change.
 */
#ifndef SPECBOOK_SERVE_H
#define SPECBOOK_SERVE_H

/*
 * Builds the book in dir into out, serves out on http://127.0.0.1:port/,
 * watches content/, specs/ and templates/ and rebuilds (debounced) when
 * they change, making open pages reload; build errors are printed on the
 * terminal and shown in the page.  Runs until interrupted; returns the exit
 * status (non-zero if the server could not start).
 */
int serve_run(const char *dir, const char *out, int port);

#endif
