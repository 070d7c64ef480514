/*
 * serve.c — `specbook serve`: build, serve on loopback, rebuild on change.
 *
 * One thread, one poll() loop over four kinds of descriptor: the listening
 * socket, the HTTP clients, an inotify descriptor watching content/, specs/
 * and templates/ (subdirectories too), and the pipe that carries the
 * output of a running build.  Builds run in a child process, this same
 * executable started as `specbook build -C dir -o out`, so a crash or an
 * exit() in the pipeline cannot take the server down.  A request never
 * sees a half-written page: a full build swaps the whole site at once, an
 * incremental one renames each changed file into place (write.c), so for
 * the moment of its update a new page may link to an old one.
 *
 * Changes are debounced: a build starts SERVE_DEBOUNCE_MS after the last
 * event.  A change during a build supersedes it: the build is stopped
 * (SIGTERM, which the write stage holds off until its swap is over, so the
 * site is the old one or the new one, never half of each), its temporary
 * folder removed, and the new build starts at once; a stopped build is
 * not counted.  Every finished build, good or bad, bumps a counter.
 * HTML pages are served with one extra <script src="/__specbook/live.js">
 * (added in memory, never on disk) that polls /__specbook/status each
 * second: it reloads the page when a build succeeded since the page was
 * loaded, and shows the failed build's diagnostics over the page until a
 * good one arrives.
 *
 * The HTTP side is deliberately small: GET and HEAD, HTTP/1.0 and 1.1, one
 * request per connection (Connection: close), files under out only, for
 * a Host of this machine only (host_refused()), each request with a total
 * deadline (SERVE_REQUEST_TIMEOUT_MS).  The request path is
 * percent-decoded and split into segments; "..", hidden segments and
 * control bytes are refused before the file system is touched, and the
 * resolved real path must still lie under out.
 */
#define _GNU_SOURCE
#include "serve.h"
#include "core/alloc.h"
#include "core/arena.h"
#include "core/buffer.h"
#include "core/files.h"
#include "core/url.h"
#include "site/write.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/inotify.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Quiet time after the last change before a rebuild: editors save a file
 * in several steps (write a temporary, rename, touch), one build covers them. */
#define SERVE_DEBOUNCE_MS 200
/* Open connections at once; a browser opens about six per page. */
#define SERVE_MAX_CLIENTS 64
/* A GET with its headers fits easily; anything larger is not a browser. */
#define SERVE_MAX_REQUEST 16384
/* Time from connecting to the end of the request's headers, in all: a
 * browser takes milliseconds; a client that trickles bytes (slow loris)
 * is dropped when it is up, however often it sends, so that a few dozen
 * of them cannot hold every slot. */
#define SERVE_REQUEST_TIMEOUT_MS 10000
/* Time to send the whole response, in all: loopback moves megabytes in
 * milliseconds, so only a client that stops reading needs it. */
#define SERVE_RESPONSE_TIMEOUT_MS 30000
/* Diagnostics kept for the status page; the terminal gets all of them. */
#define SERVE_MAX_ERROR_TEXT (64 * 1024)
/* Directories watched under templates/ (assets and their subfolders). */
#define SERVE_MAX_WATCHES 1024

/* The most a file response sends in one call: a file is sent from the
 * disk (sendfile), never held in memory, so 16 readers of a 200 MB video
 * cost the server nothing like 3 GB. */
#define SERVE_FILE_CHUNK (256 * 1024)
/* After a response, what the client still sends is read and dropped for
 * at most this long before the socket is closed: closing with unread
 * bytes resets the connection, and the client may then lose the response
 * (a 431 for a 20 KB header, sent before the header was all read). */
#define SERVE_LINGER_MS 2000

struct client {
	int fd;
	struct buf in;        /* the request so far */
	struct buf out;       /* the response, or its headers when a file follows */
	size_t sent;
	int file_fd;          /* the file whose bytes file_at..file_end follow out, or -1 */
	char origin[80];      /* "http://127.0.0.1:8000" as the request named it, or "" */
	off_t file_at, file_end;
	long long deadline;   /* ms on the monotonic clock; never moved by traffic */
	int writing;
	int draining;         /* response sent and SHUT_WR done: reading to EOF */
};

struct watch {
	int wd;
	char *rel;            /* "content", "templates/assets" */
};

struct server {
	const char *dir, *out;
	int port;
	const char *bind;
	int open;             /* open a browser when the first build is done */
	const char *const *build_args;
	int listen_fd, inotify_fd;
	struct client clients[SERVE_MAX_CLIENTS];
	size_t nclients;
	struct watch *watches;
	size_t nwatches, capwatches;

	pid_t build_pid;      /* 0: no build running */
	int build_fd;         /* read end of the build's stdout+stderr */
	struct buf build_log; /* output of the running build */
	long long build_started;
	int build_stopped;    /* the running build was sent SIGTERM: a newer one is due */
	long long rebuild_at; /* 0: none pending */
	char *changed;        /* first file changed since the last build started */

	unsigned long builds; /* finished builds */
	int last_ok;
	char *last_errors;    /* malloc'd; "" when the last build was good */
};

static void watch_all(struct server *s);

static volatile sig_atomic_t stop_signal;
static int wake_pipe[2] = { -1, -1 };

static void on_stop(int sig)
{
	int saved = errno;
	stop_signal = sig;
	if (wake_pipe[1] >= 0) {
		ssize_t r = write(wake_pipe[1], "x", 1);
		(void)r;
	}
	errno = saved;
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void set_flags(int fd)
{
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

/* ---- the live-reload script ---- */

/* The errors are shown as the terminal shows them: white-space:pre, the box
 * scrolling sideways, because a wrapped source line would leave the caret
 * line under other text than the column it points at. */
static const char live_js[] =
	"/* specbook serve: reload after a rebuild, show a failed build's errors. */\n"
	"(function () {\n"
	"  var seen = null;\n"
	"  function overlay(text) {\n"
	"    var box = document.getElementById('specbook-serve-errors');\n"
	"    if (!text) { if (box) box.parentNode.removeChild(box); return; }\n"
	"    if (!box) {\n"
	"      box = document.createElement('pre');\n"
	"      box.id = 'specbook-serve-errors';\n"
	"      box.setAttribute('role', 'alert');\n"
	"      box.style.cssText = 'position:fixed;left:0;right:0;top:0;max-height:80vh;overflow:auto;"
	"margin:0;padding:1em 1.5em;z-index:2147483647;background:#2b0b0b;color:#ffd7d7;"
	"font:13px/1.45 ui-monospace,monospace;white-space:pre;border-bottom:3px solid #e55';\n"
	"      document.body.appendChild(box);\n"
	"    }\n"
	"    box.textContent = 'specbook: the last build failed; the page shows the last good site.\\n\\n' + text;\n"
	"  }\n"
	"  function poll() {\n"
	"    fetch('/__specbook/status', { cache: 'no-store' })\n"
	"      .then(function (r) { return r.json(); })\n"
	"      .then(function (s) {\n"
	"        if (seen !== null && s.build !== seen && s.ok) { location.reload(); return; }\n"
	"        seen = s.build;\n"
	"        overlay(s.ok ? '' : s.errors);\n"
	"        setTimeout(poll, 1000);\n"
	"      }, function () { setTimeout(poll, 1000); });\n"
	"  }\n"
	"  poll();\n"
	"})();\n";

static const char live_tag[] = "<script src=\"/__specbook/live.js\"></script>";

/* ---- building ---- */

/* Starts `specbook build` in a child; its output collects in build_log. */
static void build_start(struct server *s)
{
	int fds[2];
	if (pipe(fds)) {
		fprintf(stderr, "specbook serve: cannot start a build: %s\n", strerror(errno));
		return;
	}
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "specbook serve: cannot start a build: %s\n", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return;
	}
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		signal(SIGPIPE, SIG_DFL);
		/* specbook build -C dir -o out, then the build options */
		const char *argv[24] = { "specbook", "build", "-C", s->dir, "-o", s->out };
		size_t n = 6;
		for (size_t i = 0; s->build_args && s->build_args[i] && n + 1 < sizeof argv / sizeof *argv; i++)
			argv[n++] = s->build_args[i];
		argv[n] = NULL;
		execv("/proc/self/exe", (char *const *)argv);
		fprintf(stderr, "specbook serve: cannot run /proc/self/exe: %s\n", strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	set_flags(fds[0]);
	s->build_pid = pid;
	s->build_fd = fds[0];
	s->build_started = now_ms();
	buf_reset(&s->build_log);
	if (s->changed)
		fprintf(stderr, "specbook serve: %s changed, rebuilding\n", s->changed);
	free(s->changed);
	s->changed = NULL;
}

/* Stops the running build, which a newer change supersedes: whatever it
 * would say is stale.  build_read() reaps it when its output ends. */
static void build_stop(struct server *s)
{
	kill(s->build_pid, SIGTERM);
	kill(s->build_pid, SIGCONT);   /* a stopped build (job control, a debugger) ends too */
	s->build_stopped = 1;
	fprintf(stderr, "specbook serve: %s changed, stopping the build under way\n",
		s->changed ? s->changed : "the book");
}

/* Opens the site in the desktop's browser (xdg-open), or says where it is. */
static void open_browser(struct server *s)
{
	char url[96];
	snprintf(url, sizeof url, "http://%s:%d/",
		 strcmp(s->bind, "0.0.0.0") ? s->bind : "127.0.0.1", s->port);
	fflush(stderr);
	/* forked twice, so that no zombie of it waits for the server's end */
	pid_t pid = fork();
	if (pid == 0 && fork() != 0)
		_exit(0);
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		if (null >= 0) {
			dup2(null, STDIN_FILENO);
			dup2(null, STDOUT_FILENO);
		}
		execlp("xdg-open", "xdg-open", url, (char *)NULL);
		fprintf(stderr, "specbook serve: cannot open a browser (xdg-open: %s): open %s\n",
			strerror(errno), url);
		_exit(127);
	}
	if (pid < 0)
		fprintf(stderr, "specbook serve: cannot open a browser (%s): open %s\n", strerror(errno), url);
	else
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
}

/* Reaps the build once its output has ended; records and reports the
 * outcome, unless it was stopped: then it only clears up after it. */
static void build_finish(struct server *s)
{
	int status = 0;
	while (waitpid(s->build_pid, &status, 0) < 0 && errno == EINTR)
		;
	close(s->build_fd);
	s->build_fd = -1;
	s->build_pid = 0;
	if (s->build_stopped) {
		s->build_stopped = 0;
		write_remove_leftovers(s->out);
		buf_release(&s->build_log);
		watch_all(s);
		return;
	}
	s->builds++;
	double secs = (now_ms() - s->build_started) / 1000.0;
	s->last_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	fwrite(s->build_log.data, 1, s->build_log.len, stderr);
	free(s->last_errors);
	if (s->last_ok) {
		s->last_errors = xstrdup("");
		fprintf(stderr, "specbook serve: build %lu done in %.2f s; open pages reload\n",
			s->builds, secs);
	} else {
		struct buf e = BUF_INIT;
		buf_add(&e, s->build_log.data, s->build_log.len < SERVE_MAX_ERROR_TEXT
			? s->build_log.len : SERVE_MAX_ERROR_TEXT);
		if (s->build_log.len > SERVE_MAX_ERROR_TEXT)
			buf_adds(&e, "\n… (more on the terminal)\n");
		if (WIFSIGNALED(status))
			buf_addf(&e, "\nthe build was killed by signal %d\n", WTERMSIG(status));
		s->last_errors = buf_detach(&e, NULL);
		fprintf(stderr, "specbook serve: build %lu FAILED after %.2f s (exit %d); %s, "
			"the errors show in the page\n",
			s->builds, secs, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
			files_is_dir(s->out) ? "the last good site is still served" : "no site yet");
	}
	buf_release(&s->build_log);
	watch_all(s);
	if (s->open) {
		s->open = 0;
		open_browser(s);
	}
}

/* Reads what the build wrote; finishes the build at end of file. */
static void build_read(struct server *s)
{
	char chunk[8192];
	for (;;) {
		ssize_t n = read(s->build_fd, chunk, sizeof chunk);
		if (n > 0) {
			buf_add(&s->build_log, chunk, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		build_finish(s);
		return;
	}
}

/* ---- watching ---- */

#define WATCH_MASK (IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | \
		    IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

/* Watches dir/rel and, recursively, its subdirectories. */
static void watch_tree(struct server *s, const char *rel)
{
	if (s->nwatches >= SERVE_MAX_WATCHES) {
		fprintf(stderr, "specbook serve: more than %d directories to watch; not watching %s\n",
			SERVE_MAX_WATCHES, rel);
		return;
	}
	struct arena a = ARENA_INIT;
	char *path = arena_printf(&a, "%s/%s", s->dir, rel);
	int wd = inotify_add_watch(s->inotify_fd, path, WATCH_MASK);
	if (wd < 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			fprintf(stderr, "specbook serve: cannot watch %s: %s\n", path, strerror(errno));
		arena_free(&a);
		return;
	}
	int known = 0;
	for (size_t i = 0; i < s->nwatches; i++)
		if (s->watches[i].wd == wd) {
			free(s->watches[i].rel);
			s->watches[i].rel = xstrdup(rel);
			known = 1;
		}
	if (!known) {
		struct watch *w = ARRAY_PUSH(s->watches, s->nwatches, s->capwatches);
		w->wd = wd;
		w->rel = xstrdup(rel);
	}
	size_t n;
	char **names = files_list(&a, path, "", &n);
	for (size_t i = 0; i < n; i++) {
		char *sub = arena_printf(&a, "%s/%s", path, names[i]);
		if (files_is_dir(sub))
			watch_tree(s, arena_printf(&a, "%s/%s", rel, names[i]));
	}
	arena_free(&a);
}

/* Watches the three source trees; again after every build, so that a
 * directory replaced as a whole (a git checkout, a restore) is watched anew. */
static void watch_all(struct server *s)
{
	if (s->inotify_fd < 0)
		return;
	watch_tree(s, "content");
	watch_tree(s, "specs");
	watch_tree(s, "templates");
}

/* Editors' temporaries and backups are not part of the book. */
static int ignored_name(const char *name)
{
	size_t n = strlen(name);
	return name[0] == '.' || name[0] == '#' || (n && name[n - 1] == '~') ||
	       (n > 4 && (!strcmp(name + n - 4, ".swp") || !strcmp(name + n - 4, ".swx")));
}

/* Drains inotify; schedules a rebuild when something of the book changed. */
static void watch_read(struct server *s)
{
	_Alignas(struct inotify_event) char chunk[16384];
	for (;;) {
		ssize_t n = read(s->inotify_fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		for (char *p = chunk; p < chunk + n;) {
			const struct inotify_event *ev = (const struct inotify_event *)(void *)p;
			p += sizeof *ev + ev->len;
			const char *rel = NULL;
			for (size_t i = 0; i < s->nwatches; i++)
				if (s->watches[i].wd == ev->wd)
					rel = s->watches[i].rel;
			if (ev->mask & IN_Q_OVERFLOW) {
				s->rebuild_at = now_ms() + SERVE_DEBOUNCE_MS;
				continue;
			}
			if (!rel || (ev->mask & IN_IGNORED))
				continue;
			const char *name = ev->len ? ev->name : "";
			if (*name && ignored_name(name))
				continue;
			if ((ev->mask & IN_ISDIR) && (ev->mask & (IN_CREATE | IN_MOVED_TO))) {
				struct buf sub = BUF_INIT;
				buf_addf(&sub, "%s/%s", rel, name);
				watch_tree(s, sub.data);
				buf_release(&sub);
			}
			if (!s->changed) {
				struct buf what = BUF_INIT;
				buf_addf(&what, "%s%s%s", rel, *name ? "/" : "", name);
				s->changed = buf_detach(&what, NULL);
			}
			s->rebuild_at = now_ms() + SERVE_DEBOUNCE_MS;
		}
	}
}

/* ---- HTTP ---- */

static const char *content_type(const char *path)
{
	static const struct { const char *ext, *type; } types[] = {
		{ ".html", "text/html; charset=utf-8" },
		{ ".htm", "text/html; charset=utf-8" },
		{ ".css", "text/css; charset=utf-8" },
		{ ".js", "text/javascript; charset=utf-8" },
		{ ".mjs", "text/javascript; charset=utf-8" },
		{ ".json", "application/json" },
		{ ".svg", "image/svg+xml" },
		{ ".png", "image/png" },
		{ ".jpg", "image/jpeg" },
		{ ".jpeg", "image/jpeg" },
		{ ".gif", "image/gif" },
		{ ".webp", "image/webp" },
		{ ".ico", "image/x-icon" },
		{ ".txt", "text/plain; charset=utf-8" },
		{ ".xml", "application/xml" },
		{ ".pdf", "application/pdf" },
		{ ".woff2", "font/woff2" },
		{ ".woff", "font/woff" },
	};
	const char *dot = strrchr(path, '.');
	const char *slash = strrchr(path, '/');
	if (dot && (!slash || dot > slash))
		for (size_t i = 0; i < sizeof types / sizeof *types; i++)
			if (!strcasecmp(dot, types[i].ext))
				return types[i].type;
	return "application/octet-stream";
}

static const char *status_text(int code)
{
	switch (code) {
	case 200: return "OK";
	case 204: return "No Content";
	case 206: return "Partial Content";
	case 301: return "Moved Permanently";
	case 400: return "Bad Request";
	case 403: return "Forbidden";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 416: return "Range Not Satisfiable";
	case 421: return "Misdirected Request";
	case 431: return "Request Header Fields Too Large";
	case 500: return "Internal Server Error";
	case 505: return "HTTP Version Not Supported";
	default: return "Error";
	}
}

/* The policy of templates/page.html's <meta http-equiv>, sent with every
 * response so that a page made from another template is covered too: no
 * inline script, so a link or image that slipped past the build's checks
 * runs nothing. */
static const char content_security_policy[] =
	"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: http: https:; "
	"object-src 'none'; base-uri 'none'; form-action 'self'";
/* 404.html, served at any depth, has <base href="/"> (its <meta> allows it) */
static const char content_security_policy_404[] =
	"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: http: https:; "
	"object-src 'none'; base-uri 'self'; form-action 'self'";

/* Puts a complete response in c->out; body may be NULL for HEAD.  Once
 * the request's origin is known, script-src names the site's own scripts
 * (everything under /assets/, and the live-reload script) instead of
 * 'self': no other file of the site runs, even one that slipped into it
 * (content/ refuses scripts, book/load.c; this holds if one got in). */
static void respond_csp(struct client *c, int code, const char *type, const char *extra_headers,
			const char *body, size_t len, int head, const char *policy)
{
	char narrowed[sizeof content_security_policy_404 + 2 * sizeof c->origin + 64];
	const char *self = strstr(policy, "script-src 'self'");
	if (c->origin[0] && self) {
		snprintf(narrowed, sizeof narrowed, "%.*sscript-src %s/assets/ %s/__specbook/live.js%s",
			 (int)(self - policy), policy, c->origin, c->origin,
			 self + strlen("script-src 'self'"));
		policy = narrowed;
	}
	buf_reset(&c->out);
	buf_addf(&c->out, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\n", code, status_text(code), type);
	if (code != 204)   /* RFC 9110: a 204 has no Content-Length */
		buf_addf(&c->out, "Content-Length: %zu\r\n", len);
	buf_addf(&c->out, "Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n"
		 "Content-Security-Policy: %s\r\n"
		 "Connection: close\r\n%s\r\n", policy, extra_headers ? extra_headers : "");
	if (!head && body)
		buf_add(&c->out, body, len);
	c->writing = 1;
	c->sent = 0;
}

static void respond(struct client *c, int code, const char *type, const char *extra_headers,
		    const char *body, size_t len, int head)
{
	respond_csp(c, code, type, extra_headers, body, len, head, content_security_policy);
}

static void respond_text(struct client *c, int code, const char *text, int head)
{
	respond(c, code, "text/plain; charset=utf-8", code == 405 ? "Allow: GET, HEAD\r\n" : NULL,
		text, strlen(text), head);
}

/* Adds the live-reload tag before the last </body> (or at the end). */
static void inject_live(struct buf *html)
{
	const char *at = NULL;
	for (const char *p = html->data; (p = strstr(p, "</")); p += 2)
		if (!strncasecmp(p, "</body", 6))
			at = p;
	if (!at) {
		buf_adds(html, live_tag);
		return;
	}
	size_t pos = (size_t)(at - html->data), tail = html->len - pos;
	size_t n = strlen(live_tag);
	buf_grow(html, n);
	memmove(html->data + pos + n, html->data + pos, tail + 1);
	memcpy(html->data + pos, live_tag, n);
	html->len += n;
}

static void json_string(struct buf *b, const char *s)
{
	buf_addch(b, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_addf(b, "\\%c", *p);
		else if (*p == '\n')
			buf_adds(b, "\\n");
		else if (*p == '\t')
			buf_adds(b, "\\t");
		else if (*p < 0x20 || *p == 0x7f)
			buf_addf(b, "\\u%04x", *p);
		else
			buf_addch(b, (char)*p);
	}
	buf_addch(b, '"');
}

static void respond_status(struct server *s, struct client *c, int head)
{
	struct buf j = BUF_INIT;
	buf_addf(&j, "{\"build\":%lu,\"ok\":%s,\"building\":%s,\"errors\":", s->builds,
		 s->last_ok ? "true" : "false", s->build_pid ? "true" : "false");
	json_string(&j, s->last_errors ? s->last_errors : "");
	buf_adds(&j, "}\n");
	respond(c, 200, "application/json", "Cache-Control: no-store\r\n", j.data, j.len, head);
	buf_release(&j);
}

/*
 * Turns the request target into a path relative to out ("" for the root,
 * "specs/index.html").  Returns 0, or -1 when the target is malformed or
 * tries to leave out (.., hidden segments, control bytes, backslashes).
 * *trailing_slash tells whether the decoded path ended in '/'.
 */
static int clean_path(const char *target, size_t len, struct buf *rel, int *trailing_slash)
{
	struct buf dec = BUF_INIT;
	if (!len || target[0] != '/')
		return -1;
	for (size_t i = 0; i < len && target[i] != '?' && target[i] != '#'; i++) {
		int ch = (unsigned char)target[i];
		if (ch == '%') {
			int hi = i + 2 < len ? url_hex_value((unsigned char)target[i + 1]) : -1;
			int lo = i + 2 < len ? url_hex_value((unsigned char)target[i + 2]) : -1;
			if (hi < 0 || lo < 0) {
				buf_release(&dec);
				return -1;
			}
			ch = hi * 16 + lo;
			i += 2;
		}
		if (ch < 0x20 || ch == 0x7f || ch == '\\') {
			buf_release(&dec);
			return -1;
		}
		buf_addch(&dec, (char)ch);
	}
	*trailing_slash = dec.len > 0 && dec.data[dec.len - 1] == '/';
	buf_reset(rel);
	for (const char *p = dec.data; *p;) {
		while (*p == '/')
			p++;
		const char *end = strchr(p, '/');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (n == 0)
			break;
		if (p[0] == '.' && !(n == 1)) {   /* "..", ".hidden": refused */
			buf_release(&dec);
			return -1;
		}
		if (!(n == 1 && p[0] == '.')) {
			if (rel->len)
				buf_addch(rel, '/');
			buf_add(rel, p, n);
		}
		p += n;
	}
	buf_release(&dec);
	return 0;
}

/* Reads the file at path into body; injects the live tag into HTML. */
static int load_file(const char *path, struct buf *body)
{
	char *data;
	size_t len;
	if (files_read_bytes(path, &data, &len))
		return -1;
	buf_reset(body);
	buf_add(body, data, len);
	free(data);
	if (!strcmp(content_type(path), "text/html; charset=utf-8"))
		inject_live(body);
	return 0;
}

enum range { RANGE_NONE, RANGE_ONE, RANGE_UNSATISFIABLE };

/* Reads a decimal number of at most 18 digits at *p (moved past it);
 * returns -1 when there is none. */
static long long range_number(const char **p)
{
	long long v = 0;
	int digits = 0;
	while (**p >= '0' && **p <= '9' && digits < 18) {
		v = v * 10 + (**p - '0');
		(*p)++;
		digits++;
	}
	return digits && !(**p >= '0' && **p <= '9') ? v : -1;
}

/*
 * The Range header of a request for a file of size bytes (RFC 9110,
 * 14.2): RANGE_ONE with [*from, *to) for one range of bytes (a video's
 * seek), RANGE_UNSATISFIABLE for one that starts past the end, else
 * RANGE_NONE, the whole file: no Range, an If-Range (the file may have
 * changed: the whole is always right), several ranges, or one this does
 * not read.  headers are the lines after the request line.
 */
static enum range parse_range(const char *headers, long long size, off_t *from, off_t *to)
{
	const char *value = NULL;
	for (const char *p = headers; *p && *p != '\r' && *p != '\n';) {
		const char *end = p + strcspn(p, "\r\n");
		if (end - p >= 9 && !strncasecmp(p, "if-range:", 9))
			return RANGE_NONE;
		if (end - p >= 6 && !strncasecmp(p, "range:", 6)) {
			if (value)
				return RANGE_NONE;
			value = p + 6;
		}
		p = end + (*end == '\r');
		p += *p == '\n';
	}
	if (!value)
		return RANGE_NONE;
	value += strspn(value, " \t");
	if (strncasecmp(value, "bytes=", 6))
		return RANGE_NONE;
	const char *p = value + 6;
	long long first = -1, last = -1;
	if (*p == '-') {   /* the last n bytes */
		p++;
		long long n = range_number(&p);
		if (n < 0)
			return RANGE_NONE;
		if (n == 0 || size == 0)
			return RANGE_UNSATISFIABLE;
		first = n < size ? size - n : 0;
		last = size - 1;
	} else {
		first = range_number(&p);
		if (first < 0 || *p++ != '-')
			return RANGE_NONE;
		int open_end = !(*p >= '0' && *p <= '9');
		last = open_end ? size - 1 : range_number(&p);
		if (!open_end && last < first)
			return RANGE_NONE;
		if (first >= size)
			return RANGE_UNSATISFIABLE;
		if (last >= size)
			last = size - 1;
	}
	p += strspn(p, " \t");
	if (*p != '\r' && *p != '\n' && *p)
		return RANGE_NONE;   /* "0-1, 5-6" and the like: the whole file */
	*from = (off_t)first;
	*to = (off_t)last + 1;
	return RANGE_ONE;
}

/*
 * Answers with the file at path (not a page: no live tag goes in), or
 * the range of it the request asks for: the headers now, the bytes from
 * the disk as the client takes them (client_write()).  Returns 0, or -1
 * (errno set) when the file cannot be opened.
 */
static int respond_file(struct client *c, const char *path, const char *headers, int head)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EACCES;
		return -1;
	}
	long long size = (long long)st.st_size;
	off_t from = 0, to = (off_t)size;
	char extra[160];
	switch (parse_range(headers, size, &from, &to)) {
	case RANGE_UNSATISFIABLE:
		close(fd);
		snprintf(extra, sizeof extra, "Content-Range: bytes */%lld\r\n", size);
		respond(c, 416, "text/plain; charset=utf-8", extra, "range not satisfiable\n", 22, head);
		return 0;
	case RANGE_ONE:
		snprintf(extra, sizeof extra, "Accept-Ranges: bytes\r\nContent-Range: bytes %lld-%lld/%lld\r\n",
			 (long long)from, (long long)to - 1, size);
		respond(c, 206, content_type(path), extra, NULL, (size_t)(to - from), head);
		break;
	case RANGE_NONE:
		respond(c, 200, content_type(path), "Accept-Ranges: bytes\r\n", NULL, (size_t)size, head);
		break;
	}
	if (head || from == to) {
		close(fd);
		return 0;
	}
	c->file_fd = fd;
	c->file_at = from;
	c->file_end = to;
	return 0;
}

/* Returns 1 if path (which exists) resolves to a place under root. */
static int inside(const char *root, const char *path)
{
	char real_root[PATH_MAX], real_path[PATH_MAX];
	if (!realpath(root, real_root) || !realpath(path, real_path))
		return 0;
	size_t n = strlen(real_root);
	return !strncmp(real_root, real_path, n) && (real_path[n] == '/' || real_path[n] == 0);
}

static void respond_not_found(struct server *s, struct client *c, int head)
{
	struct buf body = BUF_INIT;
	struct buf path = BUF_INIT;
	buf_addf(&path, "%s/404.html", s->out);
	if (!files_exists(path.data) || load_file(path.data, &body)) {
		/* no site yet (the first build failed): a page that still shows
		 * the errors and reloads once a build succeeds */
		buf_reset(&body);
		buf_adds(&body, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>404 — specbook serve</title>"
			 "</head>\n<body><h1>404</h1><p>No such page in the site (or no site built yet).</p></body></html>\n");
		inject_live(&body);
	}
	respond_csp(c, 404, "text/html; charset=utf-8", NULL, body.data, body.len, head,
		    content_security_policy_404);
	buf_release(&body);
	buf_release(&path);
}

/*
 * Returns 0 if the request is meant for this server: it has one Host
 * header, localhost, 127.0.0.1 or [::1] with the port served (bare for
 * port 80, as a browser writes it), or it is an HTTP/1.0 request without
 * one.  Else returns the status to refuse it with: 421 for another host,
 * 400 for no Host in HTTP/1.1 (RFC 9112 requires one) or more than one.
 *
 * Why: with DNS rebinding, a page on some other name that was made to
 * resolve to 127.0.0.1 reads this server as its own origin, the book and
 * the errors shown in the page included; its requests carry that other
 * name as Host.  A request with no Host at all never comes from a browser
 * (every one sends it), so letting HTTP/1.0 tools in without it opens
 * nothing.  headers are the lines after the request line.
 */
/* Returns 1 if the Host value (len bytes) is an IPv4 address with port,
 * as a phone on the network names a server bound to --bind 0.0.0.0. */
static int ip_host(const char *value, size_t len, int port)
{
	char host[64], want[80];
	if (len >= sizeof host)
		return 0;
	memcpy(host, value, len);
	host[len] = '\0';
	char *colon = strrchr(host, ':');
	if (!colon)
		return 0;
	*colon = '\0';
	struct in_addr addr;
	snprintf(want, sizeof want, "%d", port);
	return inet_pton(AF_INET, host, &addr) == 1 && !strcmp(colon + 1, want);
}

static int host_refused(const struct server *s, const char *headers, int http10, struct client *c)
{
	const char *value = NULL;
	size_t len = 0;
	int found = 0;
	for (const char *p = headers; *p && *p != '\r' && *p != '\n';) {
		const char *end = p + strcspn(p, "\r\n");
		if (end - p >= 5 && !strncasecmp(p, "host:", 5)) {
			const char *v = p + 5, *e = end;
			while (v < e && (*v == ' ' || *v == '\t'))
				v++;
			while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
				e--;
			value = v;
			len = (size_t)(e - v);
			found++;
		}
		p = end + (*end == '\r');
		p += *p == '\n';
	}
	if (found > 1 || (!found && !http10))
		return 400;
	if (!found)
		return 0;
	static const char *const names[] = { "localhost", "127.0.0.1", "[::1]" };
	int ok = strcmp(s->bind, "127.0.0.1") && ip_host(value, len, s->port);
	for (size_t i = 0; i < sizeof names / sizeof *names && !ok; i++) {
		char want[64];
		int n = snprintf(want, sizeof want, "%s:%d", names[i], s->port);
		ok = ((size_t)n == len && !strncasecmp(value, want, len)) ||
		     (s->port == 80 && strlen(names[i]) == len && !strncasecmp(value, names[i], len));
	}
	if (!ok)
		return 421;
	/* checked above to be one of a few names or an address, and short */
	snprintf(c->origin, sizeof c->origin, "http://%.*s", (int)len, value);
	return 0;
}

static void serve_request(struct server *s, struct client *c)
{
	char *req = c->in.data;
	char *line_end = strstr(req, "\r\n");
	if (!line_end)
		line_end = strchr(req, '\n');
	if (!line_end) {
		respond_text(c, 400, "bad request\n", 0);
		return;
	}
	const char *headers = line_end + (*line_end == '\r' ? 2 : 1);
	*line_end = 0;
	char *sp1 = strchr(req, ' ');
	char *sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
	if (!sp1 || !sp2 || strchr(sp2 + 1, ' ')) {
		respond_text(c, 400, "bad request\n", 0);
		return;
	}
	*sp1 = *sp2 = 0;
	const char *method = req, *target = sp1 + 1, *version = sp2 + 1;
	if (strncmp(version, "HTTP/1.", 7)) {
		respond_text(c, 505, "only HTTP/1.0 and HTTP/1.1\n", 0);
		return;
	}
	int refused = host_refused(s, headers, !strcmp(version, "HTTP/1.0"), c);
	if (refused == 400) {
		respond_text(c, 400, "bad request: give one Host header\n", 0);
		return;
	}
	if (refused) {
		struct buf msg = BUF_INIT;
		buf_addf(&msg, "specbook serve answers only for this machine: open http://localhost:%d/ "
			 "or http://127.0.0.1:%d/ (this request named another host)\n", s->port, s->port);
		respond_text(c, refused, msg.data, 0);
		buf_release(&msg);
		return;
	}
	int head = !strcmp(method, "HEAD");
	if (!head && strcmp(method, "GET")) {
		respond_text(c, 405, "only GET and HEAD\n", 0);
		return;
	}
	struct buf rel = BUF_INIT, path = BUF_INIT, body = BUF_INIT;
	int trailing_slash = 0;
	if (clean_path(target, strlen(target), &rel, &trailing_slash)) {
		respond_text(c, 400, "bad path\n", head);
		goto done;
	}
	if (!strcmp(rel.data, "__specbook/status")) {
		respond_status(s, c, head);
		goto done;
	}
	if (!strcmp(rel.data, "__specbook/live.js")) {
		respond(c, 200, "text/javascript; charset=utf-8", NULL, live_js, strlen(live_js), head);
		goto done;
	}
	buf_addf(&path, "%s%s%s", s->out, rel.len ? "/" : "", rel.data);
	if (files_is_dir(path.data)) {
		if (rel.len && !trailing_slash) {
			/* /specs must become /specs/ so that relative links resolve */
			struct buf loc = BUF_INIT;
			buf_addf(&loc, "Location: /%s/\r\n", rel.data);
			respond(c, 301, "text/plain; charset=utf-8", loc.data, "moved\n", 6, head);
			buf_release(&loc);
			goto done;
		}
		buf_adds(&path, "/index.html");
	}
	if (!files_exists(path.data) && !strcmp(rel.data, "favicon.ico")) {
		/* browsers ask for it unprompted; a 404 would be a console error */
		respond(c, 204, "image/x-icon", NULL, NULL, 0, head);
		goto done;
	}
	if (!files_exists(path.data) || files_is_dir(path.data) || !inside(s->out, path.data)) {
		respond_not_found(s, c, head);
		goto done;
	}
	if (strcmp(content_type(path.data), "text/html; charset=utf-8")) {
		if (respond_file(c, path.data, headers, head))
			respond_text(c, errno == EACCES ? 403 : 500, "cannot read the file\n", head);
		goto done;
	}
	if (load_file(path.data, &body)) {
		respond_text(c, errno == EACCES ? 403 : 500, "cannot read the file\n", head);
		goto done;
	}
	respond(c, 200, content_type(path.data), NULL, body.data, body.len, head);
done:
	buf_release(&rel);
	buf_release(&path);
	buf_release(&body);
}

static void client_close(struct server *s, size_t i)
{
	close(s->clients[i].fd);
	if (s->clients[i].file_fd >= 0)
		close(s->clients[i].file_fd);
	buf_release(&s->clients[i].in);
	buf_release(&s->clients[i].out);
	s->clients[i] = s->clients[--s->nclients];
}

/* Reads from client i; answers once the headers are complete, giving the
 * response its own deadline.  Returns -1 to close. */
static int client_read(struct server *s, struct client *c)
{
	char chunk[4096];
	while (c->draining) {   /* the lingering close: drop, until EOF */
		ssize_t n = recv(c->fd, chunk, sizeof chunk, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n <= 0)
			return -1;
	}
	while (!c->writing) {
		ssize_t n = recv(c->fd, chunk, sizeof chunk, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n <= 0)
			return -1;
		buf_add(&c->in, chunk, (size_t)n);
		/* the size first: headers over the limit are refused however
		 * many reads brought them (one read of 20 KB was served) */
		if (c->in.len > SERVE_MAX_REQUEST || memchr(c->in.data, 0, c->in.len))
			respond_text(c, c->in.len > SERVE_MAX_REQUEST ? 431 : 400, "bad request\n", 0);
		else if (strstr(c->in.data, "\r\n\r\n") || strstr(c->in.data, "\n\n"))
			serve_request(s, c);
	}
	c->deadline = now_ms() + SERVE_RESPONSE_TIMEOUT_MS;
	return 0;
}

/* Sends what is left of the response.  Returns 1 when done, -1 on error. */
static int client_write(struct client *c)
{
	while (c->sent < c->out.len) {
		ssize_t n = send(c->fd, c->out.data + c->sent, c->out.len - c->sent, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n < 0)
			return -1;
		c->sent += (size_t)n;
	}
	while (c->file_fd >= 0 && c->file_at < c->file_end) {
		off_t left = c->file_end - c->file_at;
		ssize_t n = sendfile(c->fd, c->file_fd, &c->file_at,
				     left < SERVE_FILE_CHUNK ? (size_t)left : SERVE_FILE_CHUNK);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n <= 0)
			return -1;   /* an error, or the file shrank under us */
		/* a reader that keeps taking the file keeps its slot: the
		 * deadline is for a response that stalls */
		c->deadline = now_ms() + SERVE_RESPONSE_TIMEOUT_MS;
	}
	shutdown(c->fd, SHUT_WR);
	return 1;
}

static void accept_clients(struct server *s)
{
	while (s->nclients < SERVE_MAX_CLIENTS) {
		int fd = accept(s->listen_fd, NULL, NULL);
		if (fd < 0)
			return;
		set_flags(fd);
		struct client *c = &s->clients[s->nclients++];
		memset(c, 0, sizeof *c);
		c->fd = fd;
		c->file_fd = -1;
		buf_init(&c->in);
		buf_init(&c->out);
		c->deadline = now_ms() + SERVE_REQUEST_TIMEOUT_MS;
	}
}

static int listen_on(const char *bind_addr, int port)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		return -1;
	int one = 1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	struct sockaddr_in addr;
	memset(&addr, 0, sizeof addr);
	addr.sin_family = AF_INET;
	addr.sin_port = htons((unsigned short)port);
	if (inet_pton(AF_INET, bind_addr, &addr.sin_addr) != 1) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	if (bind(fd, (struct sockaddr *)&addr, sizeof addr) || listen(fd, 32)) {
		int saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	set_flags(fd);
	return fd;
}

/* ---- the loop ---- */

int serve_run(const struct serve_options *o)
{
	struct server s;
	const char *dir = o->dir, *out = o->out;
	int port = o->port;
	memset(&s, 0, sizeof s);
	s.dir = dir;
	s.out = out;
	s.port = port;
	s.bind = o->bind ? o->bind : "127.0.0.1";
	s.open = o->open;
	s.build_args = o->build_args;
	s.build_fd = -1;
	buf_init(&s.build_log);
	s.last_ok = 1;

	if (!files_is_dir(dir)) {
		fprintf(stderr, "specbook serve: '%s' is not a directory: give the book's directory with -C\n", dir);
		return 1;
	}
	s.listen_fd = listen_on(s.bind, port);
	if (s.listen_fd < 0) {
		fprintf(stderr, "specbook serve: cannot listen on %s:%d: %s%s\n", s.bind, port, strerror(errno),
			errno == EADDRINUSE ? " (choose another with --port)" :
			errno == EADDRNOTAVAIL ? " (--bind takes an address of this machine, or 0.0.0.0)" : "");
		return 1;
	}
	s.inotify_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (s.inotify_fd < 0)
		fprintf(stderr, "specbook serve: cannot watch files (%s): no rebuild on change\n", strerror(errno));
	watch_all(&s);
	if (pipe(wake_pipe) == 0) {
		set_flags(wake_pipe[0]);
		set_flags(wake_pipe[1]);
	}
	struct sigaction sa, old_int, old_term, old_pipe;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, &old_pipe);
	stop_signal = 0;

	fprintf(stderr, "specbook serve: serving %s on http://%s:%d/ (watching %s/content, specs, "
		"templates; Ctrl-C stops)\n", out, s.bind, port, dir);
	build_start(&s);

	struct pollfd fds[4 + SERVE_MAX_CLIENTS];
	while (!stop_signal) {
		long long now = now_ms();
		if (s.rebuild_at && now >= s.rebuild_at && !s.build_pid) {
			s.rebuild_at = 0;
			build_start(&s);
		}
		if (s.rebuild_at && now >= s.rebuild_at && s.build_pid && !s.build_stopped)
			build_stop(&s);
		int timeout = -1;
		if (s.rebuild_at && !s.build_stopped)
			timeout = (int)(s.rebuild_at > now ? s.rebuild_at - now : 0);
		for (size_t i = 0; i < s.nclients; i++) {
			long long left = s.clients[i].deadline > now ? s.clients[i].deadline - now : 0;
			if (timeout < 0 || left < timeout)
				timeout = (int)left;
		}
		nfds_t n = 0;
		fds[n++] = (struct pollfd){ .fd = wake_pipe[0], .events = POLLIN };
		fds[n++] = (struct pollfd){ .fd = s.nclients < SERVE_MAX_CLIENTS ? s.listen_fd : -1, .events = POLLIN };
		fds[n++] = (struct pollfd){ .fd = s.inotify_fd, .events = POLLIN };
		fds[n++] = (struct pollfd){ .fd = s.build_fd, .events = POLLIN };
		for (size_t i = 0; i < s.nclients; i++)
			fds[n++] = (struct pollfd){ .fd = s.clients[i].fd,
						    .events = s.clients[i].writing ? POLLOUT : POLLIN };
		if (poll(fds, n, timeout) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "specbook serve: poll: %s\n", strerror(errno));
			break;
		}
		if (fds[0].revents) {
			char drain[64];
			while (read(wake_pipe[0], drain, sizeof drain) > 0)
				;
		}
		if (fds[2].revents)
			watch_read(&s);
		if (fds[3].revents && s.build_pid)
			build_read(&s);
		/* clients: walk backwards so that closing one does not skip another */
		size_t nc = s.nclients;
		now = now_ms();
		for (size_t i = nc; i-- > 0;) {
			struct client *c = &s.clients[i];
			short ev = fds[4 + i].revents;
			int rc = 0;
			if (ev & (POLLERR | POLLNVAL))
				rc = -1;
			else if (!c->writing && (ev & (POLLIN | POLLHUP)))
				rc = client_read(&s, c);
			if (rc == 0 && c->writing) {
				rc = client_write(c);
				if (rc > 0) {   /* sent: linger until the client closes */
					c->writing = 0;
					c->draining = 1;
					c->deadline = now + SERVE_LINGER_MS;
					rc = 0;
				}
			}
			if (rc == 0 && now > c->deadline)
				rc = -1;
			if (rc < 0)
				client_close(&s, i);
		}
		if (fds[1].revents)
			accept_clients(&s);
	}

	if (stop_signal)
		fprintf(stderr, "\nspecbook serve: stopping\n");
	if (s.build_pid) {
		kill(s.build_pid, SIGTERM);
		while (waitpid(s.build_pid, NULL, 0) < 0 && errno == EINTR)
			;
		close(s.build_fd);
		write_remove_leftovers(s.out);
	}
	while (s.nclients)
		client_close(&s, s.nclients - 1);
	close(s.listen_fd);
	if (s.inotify_fd >= 0)
		close(s.inotify_fd);
	for (size_t i = 0; i < s.nwatches; i++)
		free(s.watches[i].rel);
	free(s.watches);
	free(s.changed);
	free(s.last_errors);
	buf_release(&s.build_log);
	close(wake_pipe[0]);
	close(wake_pipe[1]);
	wake_pipe[0] = wake_pipe[1] = -1;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGPIPE, &old_pipe, NULL);
	return 0;
}
