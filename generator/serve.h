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
 *
 * Each build is this executable run again as `specbook build -C dir -o out`
 * (through /proc/self/exe), so the server never holds a book in memory and
 * survives any build.  Besides the files of out it answers
 * /__specbook/status (JSON: {"build": finished builds, "ok", "building",
 * "errors": the failed build's diagnostics}) and /__specbook/live.js, the
 * script it adds to every HTML page it serves (never to the files).
 * It answers only requests whose Host is localhost, 127.0.0.1 or [::1]
 * with port (421 otherwise), and a change during a build stops that build
 * for a new one.  SIGINT and SIGTERM stop it with status 0.
 */
int serve_run(const char *dir, const char *out, int port);

#endif
