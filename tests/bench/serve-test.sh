#!/bin/sh
# serve-test.sh — `specbook serve` end to end, on loopback, in bounded time.
#
#   tests/bench/serve-test.sh            (BUILD=build: uses $BUILD/specbook)
#
# Copies tests/fixtures/basic to a temporary directory, starts
# `specbook serve` on a free port of 127.0.0.1 (under `timeout`, so it dies
# even if this script does), then checks with curl: pages and their
# Content-Type, the live-reload script injected in the served HTML but not
# in the files, 404 → 404.html, HEAD, path traversal refused, a rebuild
# after a chapter is touched, a failed build's errors in the status, a good
# build after the fix, and a clean stop on SIGINT.  Prints one
# "ok - …" / "not ok - …" line per check and exits 1 if any failed.
# shellcheck disable=SC2034  # some variables are read inside the strings check() evals
set -u
cd "$(dirname "$0")/../.." || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=$BUILD/specbook ;; *) BIN=$PWD/$BUILD/specbook ;; esac
pass=0 fail=0
ok()     { pass=$((pass + 1)); echo "ok - serve: $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - serve: $1"; }
check()  { if eval "$2"; then ok "$1"; else not_ok "$1"; fi; }

if ! command -v curl >/dev/null 2>&1; then
	echo "ok - serve: # SKIP curl is not installed"
	exit 0
fi
if [ ! -x "$BIN" ]; then
	not_ok "no $BIN (run make first)"
	exit 1
fi

tmp=$(mktemp -d)
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
book=$tmp/book
. tests/lib.sh
fixture_copy tests/fixtures/basic "$book"

# status: prints the JSON of /__specbook/status ("" when not answering)
status() { curl -s --max-time 2 "http://127.0.0.1:$port/__specbook/status"; }
build_number() { status | sed -n 's/.*"build":\([0-9]*\).*/\1/p'; }
# built_after N: a build later than N has finished
built_after() { n=$(build_number); [ -n "$n" ] && [ "$n" -gt "$1" ]; }
status_has() { status | grep -q "$1"; }
# wait_for SECONDS COMMAND [ARG...]: polls the command every 0.1 s
wait_for() {
	tenths=$(($1 * 10)) i=0
	shift
	while [ "$i" -lt "$tenths" ]; do
		"$@" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# a free port: try a few in the dynamic range, keep the first that serves
started=0
for try in 1 2 3 4 5; do
	port=$((20000 + ($$ * 7 + try * 1009) % 30000))
	timeout 120 "$BIN" serve -C "$book" -o "$book/site" --port "$port" >"$tmp/log" 2>&1 &
	pid=$!
	if wait_for 20 built_after 0; then
		started=1
		break
	fi
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	pid=
	grep -q 'cannot listen' "$tmp/log" || break
done
if [ "$started" = 0 ]; then
	not_ok "server did not start and build; its output:"
	sed 's/^/# /' "$tmp/log"
	exit 1
fi
base=http://127.0.0.1:$port
ok "started on 127.0.0.1:$port and built once"

check "first build succeeded" 'status_has "\"build\":1,\"ok\":true"'

# get PATH: status code, content type and body (in $tmp/body) of a GET
get() { curl -s --max-time 5 --path-as-is -o "$tmp/body" -w '%{http_code} %{content_type}' "$base$1"; }

check "GET / is 200 text/html" '[ "$(get /)" = "200 text/html; charset=utf-8" ]'
check "served HTML carries the live-reload script" 'grep -q "/__specbook/live.js" "$tmp/body"'
check "the file on disk does not" '! grep -q "__specbook" "$book/site/index.html"'
check "GET a chapter is 200 text/html" '[ "$(get /01-basics.html)" = "200 text/html; charset=utf-8" ]'
css=$(cd "$book/site" && find . -name '*.css' | head -1 | sed 's/^\.//')
check "GET $css is text/css" '[ "$(get "$css")" = "200 text/css; charset=utf-8" ]'
js=$(cd "$book/site" && find . -name '*.js' | head -1 | sed 's/^\.//')
check "GET $js is text/javascript" '[ "$(get "$js")" = "200 text/javascript; charset=utf-8" ]'
check "the JS is served unchanged" 'cmp -s "$tmp/body" "$book/site$js"'
check "GET /__specbook/live.js is text/javascript" \
	'[ "$(get /__specbook/live.js)" = "200 text/javascript; charset=utf-8" ]'
check "a missing page is 404 with 404.html" \
	'[ "$(get /no-such-page.html | cut -d" " -f1)" = 404 ] && grep -q "/__specbook/live.js" "$tmp/body"'
check "a directory redirects to its slash form" \
	'[ "$(curl -s --max-time 5 -o /dev/null -w "%{http_code} %{redirect_url}" "$base/specs")" = "301 $base/specs/" ]'
check "HEAD has headers and no body" \
	'[ "$(curl -s --max-time 5 -I "$base/" | head -1 | tr -d "\r")" = "HTTP/1.1 200 OK" ] &&
	 [ -z "$(curl -s --max-time 5 -X HEAD "$base/" 2>/dev/null | head -c 1)" ]'
# the header allows the site's own scripts (assets/ and live.js, not all
# of 'self': issue 34, part 1) and no inline one
check "pages come with a Content-Security-Policy that forbids inline script" \
	'csp=$(curl -s --max-time 5 -I "$base/" | tr -d "\r" | grep -i "^content-security-policy:");
	 printf "%s" "$csp" | grep -qF "script-src $base/assets/ $base/__specbook/live.js;" &&
	 ! printf "%s" "$csp" | grep -q "unsafe-inline"'
check "a missing favicon.ico is 204, not a console error" '[ "$(get /favicon.ico | cut -d" " -f1)" = 204 ]'
check "POST is refused with 405" '[ "$(curl -s --max-time 5 -o /dev/null -w "%{http_code}" -d x "$base/")" = 405 ]'
check "../ cannot leave the site" '[ "$(get /../../../../etc/passwd | cut -d" " -f1)" = 400 ]'
check "%2e%2e cannot leave the site" '[ "$(get /%2e%2e/%2e%2e/%2e%2e/etc/passwd | cut -d" " -f1)" = 400 ]'
check "dot files are not served" '[ "$(get /.hidden | cut -d" " -f1)" = 400 ]'
# several clients at once (wait for these curls only: the server is a job too)
curls=
for i in 1 2 3 4 5 6 7 8; do
	curl -s --max-time 5 -o /dev/null -w "%{http_code}\n" "$base/02-more.html" >"$tmp/code.$i" &
	curls="$curls $!"
done
for c in $curls; do wait "$c"; done
check "eight clients at once all get 200" '[ "$(cat "$tmp"/code.* | grep -c "^200$")" = 8 ]'

# a change rebuilds (debounced) and bumps the counter
before=$(build_number)
touch "$book/content/01-basics.md"
check "touching a chapter rebuilds" 'wait_for 15 built_after "$before"'
check "the rebuild succeeded" 'status_has "\"ok\":true"'

# a broken book: the status carries the errors, the last good site stays
cp "$book/content/02-more.md" "$tmp/02-more.md"
printf '\nA [broken link](spec:no_such_row_serve_test).\n' >>"$book/content/02-more.md"
check "a broken chapter gives a failed build" 'wait_for 15 status_has "\"ok\":false"'
check "the status shows the diagnostic" 'status | grep -q "no_such_row_serve_test"'
check "the last good site is still served" '[ "$(get /02-more.html | cut -d" " -f1)" = 200 ]'
check "the terminal shows the failure" 'grep -q "FAILED" "$tmp/log"'
failed_at=$(build_number)
cp "$tmp/02-more.md" "$book/content/02-more.md"
check "fixing it rebuilds and succeeds" 'wait_for 15 built_after "$failed_at" && status_has "\"ok\":true"'

# Ctrl-C stops it cleanly
kill -INT "$pid"
i=0
while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if kill -0 "$pid" 2>/dev/null; then
	not_ok "SIGINT stops the server within 5 s"
else
	wait "$pid"
	rc=$?
	pid=
	check "SIGINT stops the server with status 0" '[ "$rc" = 0 ]'
	check "the port is closed afterwards" '! curl -s --max-time 2 -o /dev/null "$base/"'
fi

# a book that is broken from the start: a 404 page that still carries the
# errors and reloads, then the site once it is fixed
printf '\nA [broken link](spec:no_such_row_serve_test).\n' >>"$book/content/02-more.md"
rm -rf "$book/site"
port=$((port + 1))
base=http://127.0.0.1:$port
timeout 60 "$BIN" serve -C "$book" -o "$book/site" --port "$port" >"$tmp/log2" 2>&1 &
pid=$!
if wait_for 20 built_after 0; then
	check "broken from the start: the status has the errors" 'status_has "no_such_row_serve_test"'
	check "broken from the start: / is a 404 page with the live script" \
		'[ "$(get / | cut -d" " -f1)" = 404 ] && grep -q "/__specbook/live.js" "$tmp/body"'
	cp "$tmp/02-more.md" "$book/content/02-more.md"
	check "broken from the start: fixed, the site appears" 'wait_for 15 built_after 1 && [ "$(get / | cut -d" " -f1)" = 200 ]'
else
	not_ok "broken from the start: the server did not answer (port $port taken?)"
fi
kill -INT "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
pid=

if [ "$fail" -gt 0 ]; then
	echo "# serve log:"
	sed 's/^/# /' "$tmp/log"
	exit 1
fi
exit 0
