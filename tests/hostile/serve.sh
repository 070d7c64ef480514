#!/usr/bin/env bash
# serve.sh — `specbook serve` against a hostile page, hostile clients and a
# runaway build.
#
# DNS rebinding: a page of any other site whose name is made to resolve to
# 127.0.0.1 reads the preview (and the errors shown in it) as its own; its
# requests name that site in Host, so the server must answer only
# localhost, 127.0.0.1 and [::1] with the port it serves.  Slow loris: 70
# clients that each send one byte every 2 s must not lock a browser out of
# the 64 slots.  A runaway build (one that never ends: stopped) must not keep
# a fix saved meanwhile from showing, and the site must stay whole while it
# runs.  The book is a copy of tests/fixtures/basic; all bounded by timeout.
set -u
cd "$(dirname "$0")/../.." || exit 1
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
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
pid= slow=
cleanup() {
	[ -n "$slow" ] && kill $slow 2>/dev/null
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
book=$tmp/book
. tests/lib.sh
fixture_copy tests/fixtures/basic "$book"

# wait_for SECONDS COMMAND [ARG...]: polls the command every 0.1 s
wait_for() {
	local tenths=$(($1 * 10)) i=0
	shift
	while [ "$i" -lt "$tenths" ]; do
		"$@" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
status() { curl -s --max-time 2 "http://127.0.0.1:$port/__specbook/status"; }
status_has() { status | grep -q "$1"; }

# a free port: a random one of the dynamic range, again while it is taken
started=0
for try in 1 2 3 4 5; do
	port=$((20000 + (RANDOM * 32768 + RANDOM + $$) % 30000))
	timeout 300 "$BIN" serve -C "$book" -o "$book/site" --port "$port" >"$tmp/log" 2>&1 &
	pid=$!
	if wait_for 20 status_has '"build":1,'; then
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
url=http://127.0.0.1:$port

# --- Host: only this machine, with this port ---

# code HOST [PATH]: the status code of a GET of PATH sent with Host: HOST
code() { curl -s --max-time 5 -o "$tmp/body" -w '%{http_code}' -H "Host: $1" "$url${2:-/}"; }
check "Host: evil.example is refused with 421" '[ "$(code evil.example)" = 421 ]'
check "the refusal says which host to use" 'grep -q "http://localhost:$port/" "$tmp/body"'
check "Host: evil.example:PORT is refused" '[ "$(code "evil.example:$port")" = 421 ]'
check "the status (the errors overlay) is refused to another host" \
	'[ "$(code evil.example /__specbook/status)" = 421 ] && ! grep -q "\"build\"" "$tmp/body"'
check "Host: localhost:PORT is 200" '[ "$(code "localhost:$port")" = 200 ]'
check "Host: 127.0.0.1:PORT is 200" '[ "$(code "127.0.0.1:$port")" = 200 ]'
check "Host: [::1]:PORT is 200" '[ "$(code "[::1]:$port")" = 200 ]'
check "Host: localhost with another port is refused" '[ "$(code "localhost:$((port + 1))")" = 421 ]'
check "Host: localhost without the port is refused (port is not 80)" '[ "$(code localhost)" = 421 ]'

# raw REQUEST: the status line the server answers a request written by hand
raw() {
	timeout 5 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
		printf "%b" "$2" >&3; head -1 <&3 | tr -d "\r"' _ "$port" "$1"
}
check "HTTP/1.1 without Host is 400" '[ "$(raw "GET / HTTP/1.1\r\n\r\n")" = "HTTP/1.1 400 Bad Request" ]'
check "two Host headers are 400" \
	'[ "$(raw "GET / HTTP/1.1\r\nHost: localhost:$port\r\nHost: evil.example\r\n\r\n")" = "HTTP/1.1 400 Bad Request" ]'
check "HTTP/1.0 without Host (no browser sends that) is 200" \
	'[ "$(raw "GET / HTTP/1.0\r\n\r\n")" = "HTTP/1.1 200 OK" ]'

# --- slow loris: 70 clients, one byte every 2 s, reconnecting when dropped ---

for i in $(seq 70); do
	bash -c 'trap "" PIPE
		while :; do
			exec 3<>"/dev/tcp/127.0.0.1/$1" || { sleep 1; continue; }
			while printf x >&3; do sleep 2; done
			exec 3>&-
		done' _ "$port" 2>/dev/null &
	slow="$slow $!"
done
# connections to the port in state ESTABLISHED on the server's side
# (accepted or waiting in the backlog)
established() {
	awk -v p="$(printf ':%04X' "$port")" '$2 ~ p "$" && $4 == "01"' /proc/net/tcp | wc -l
}
check "70 slow clients connect" 'wait_for 30 eval "[ \"\$(established)\" -ge 70 ]"'
check "a normal request still gets an answer (within 40 s)" \
	'[ "$(curl -s --max-time 40 -o /dev/null -w "%{http_code}" "$url/02-more.html")" = 200 ]'
kill $slow 2>/dev/null
wait $slow 2>/dev/null
slow=

# --- a runaway build, superseded by a fix ---

# A build that takes forever is modelled by one that is stopped: the book
# grows to 2,000 chapters (so that a build takes a while: long enough to
# catch its process), a spec table changes, and the build it starts is
# sent SIGSTOP.  Since diagnostics are capped no input makes a build slow
# on purpose; a stopped build stands for any that is, without a race.
site_files() { (cd "$book/site" && find . -type f -exec cksum {} + | sort -k3); }
awk -v dir="$book/content" 'BEGIN {
	for (i = 10; i < 2010; i++) {
		f = sprintf("%s/%04d-gen.md", dir, i)
		printf "---\nid: gen%d\ntitle: {zh: 章 %d, en: Chapter %d}\n---\n\n", i, i, i > f
		for (j = 0; j < 20; j++)
			printf "## 节 %d (Section %d)\n\n第 %d 段文字。\n\nParagraph %d of text.\n\n", j, j, j, j > f
		close(f)
	}
}'
check "the 2,000-chapter book builds" 'wait_for 120 grep -qs "Chapter 2009" "$book/site/2009-gen.html"'
wait_for 120 status_has '"building":false'
site_files >"$tmp/site-before"
# the children of a process; the server is timeout's child, the build the
# server's while one runs
children() { cat /proc/"$1"/task/*/children 2>/dev/null | tr ' ' '\n' | grep -m1 .; }
server=$(children "$pid")
build_child() { children "$server"; }
echo "# a comment that changes every page's key" >>"$book/specs/gpus.yaml"
child=
for i in $(seq 600); do child=$(build_child) && [ -n "$child" ] && break; sleep 0.02; done
[ -n "$child" ] && kill -STOP "$child"
check "the spec change starts a build (stopped, to stand for one that never ends)" '[ -n "$child" ]'
sleep 2
check "the runaway build is still going after 2 s" 'status_has "\"building\":true"'
check "the site stays whole while it runs" 'site_files | cmp -s - "$tmp/site-before"'
printf -- '---\nid: run\ntitle: {zh: 失控, en: Runaway}\n---\n\n## 失控 (Runaway)\n\nfixed-by-serve-test\n' \
	>"$book/content/03-run.md"
# the runaway never ends: the fix shows only if the server stops it
check "the fix saved meanwhile shows within 60 s" \
	'wait_for 60 grep -qs fixed-by-serve-test "$book/site/03-run.html"'
# an incremental build renames each page into place before it ends: wait
# for its end before looking at what it left
wait_for 60 eval '! status_has "\"building\":true"'
check "the build that shows it succeeded" 'status_has "\"ok\":true"'
check "no temporary folder is left beside the site" \
	'[ -z "$(cd "$tmp/book" && find . -maxdepth 1 -name ".site.*")" ]'
check "the terminal says the old build was stopped" 'grep -q "stopping the build under way" "$tmp/log"'

kill -INT "$pid"
check "SIGINT stops the server" 'wait_for 10 eval "! kill -0 $pid 2>/dev/null"'
wait "$pid" 2>/dev/null
pid=

echo "# serve: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
