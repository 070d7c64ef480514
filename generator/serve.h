/*
 * serve.h — `specbook serve`: a local preview that rebuilds on change.
 */
#ifndef SPECBOOK_SERVE_H
#define SPECBOOK_SERVE_H

/*
 * Builds the book in dir into out, serves out on http://bind:port/,
 * watches content/, specs/ and templates/ and rebuilds (debounced) when
 * they change, making open pages reload; build errors are printed on the
 * terminal and shown in the page.  Runs until interrupted; returns the exit
 * status (non-zero if the server could not start).
 *
 * Each build is this executable run again as `specbook build -C dir -o out`
 * (through /proc/self/exe) with build_args, so the server never holds a
 * book in memory and
 * survives any build.  Besides the files of out it answers
 * /__specbook/status (JSON: {"build": finished builds, "ok", "building",
 * "errors": the failed build's diagnostics}) and /__specbook/live.js, the
 * script it adds to every HTML page it serves (never to the files).
 * It answers only requests whose Host is localhost, 127.0.0.1 or [::1]
 * with port, or, bound to another address than 127.0.0.1, any IP address
 * with port (421 otherwise: a host name may be rebound to this machine
 * by DNS, an address may not), and a change during a build stops that build
 * for a new one.  SIGINT and SIGTERM stop it with status 0.
 */
struct serve_options {
	const char *dir, *out;
	int port;
	const char *bind;               /* IPv4 address to listen on: "127.0.0.1" */
	int open;                       /* open the site with xdg-open after the first build */
	const char *const *build_args;  /* more options of each build (NULL-ended): --werror, … */
};

int serve_run(const struct serve_options *o);

#endif
