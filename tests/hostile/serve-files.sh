#!/usr/bin/env bash
# serve-files.sh — `specbook serve` sends a large file from the disk, a
# range of it on request, and refuses oversized headers (TAP; issue 34,
# part 7 and one of its small cases).
#
# serve read every file it sent into memory, once per client: 8 slow
# readers of a 100 MB file held 800 MB, 16 of a 200 MB file 3.2 GB.  It
# ignored Range (a <video> seek fetched the whole file), and a request
# whose headers passed 16 KB was served when they came in one read.  Now
# a file goes out with sendfile() a piece at a time, one range is
# honoured (206, or 416 past the end), and the 16 KB limit holds.  The
# policy of every response lets scripts run only from /assets/ and the
# live-reload script (issue 34, part 1: "narrow script-src").
set -u
cd "$(dirname "$0")/../.." || exit 1
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
. tests/hostile/lib.sh
if ! command -v curl >/dev/null 2>&1; then
	echo "ok - serve-files # SKIP curl is not installed"
	exit 0
fi
TMP=$(mktemp -d)
pid= readers=
cleanup() {
	[ -n "$readers" ] && kill $readers 2>/dev/null
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT
book=$TMP/book
base_book "$book"
head -c 100000000 /dev/urandom >"$book/content/film.mp4"

started=0
for try in 1 2 3 4 5; do
	port=$((20000 + (RANDOM * 32768 + RANDOM + $$) % 30000))
	"$BIN" serve -C "$book" -o "$book/site" --port "$port" >"$TMP/log" 2>&1 &
	pid=$!
	for _ in $(seq 300); do
		curl -s --max-time 2 "http://127.0.0.1:$port/__specbook/status" | grep -q '"build":1,' && { started=1; break; }
		sleep 0.1
	done
	[ $started = 1 ] && break
	kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; pid=
	grep -q 'cannot listen' "$TMP/log" || break
done
if [ $started = 0 ]; then
	echo "Bail out! serve did not start and build: $(head -3 "$TMP/log" | tr '\n' ' ')"
	exit 1
fi
url=http://127.0.0.1:$port

echo "# 8 slow readers of a 100 MB file"
for _ in 1 2 3 4 5 6 7 8; do
	curl -s --limit-rate 200k --max-time 8 -o /dev/null "$url/film.mp4" &
	readers="$readers $!"
done
sleep 6
peak=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status")
kill $readers 2>/dev/null
wait $readers 2>/dev/null
readers=
check "the server's peak memory stays under 64 MB (${peak} kB)" '[ "$peak" -lt 65536 ]'
check "the whole file is sent as it is" \
	'curl -s --max-time 60 "$url/film.mp4" | cmp -s - "$book/content/film.mp4"'

echo "# ranges"
curl -s --max-time 10 -r 1000-1999 -D "$TMP/h" -o "$TMP/part" "$url/film.mp4"
check "one range is a 206 with its bytes" \
	'grep -q "^HTTP/1.1 206" "$TMP/h" && grep -qi "^Content-Range: bytes 1000-1999/100000000" "$TMP/h" &&
	 tail -c +1001 "$book/content/film.mp4" | head -c 1000 | cmp -s - "$TMP/part"'
check "the last 5 bytes" \
	'curl -s --max-time 10 -r -5 "$url/film.mp4" | cmp -s - <(tail -c 5 "$book/content/film.mp4")'
curl -s --max-time 10 -r 200000000- -D "$TMP/h" -o /dev/null "$url/film.mp4"
check "a range past the end is a 416 saying the size" \
	'grep -q "^HTTP/1.1 416" "$TMP/h" && grep -qi "^Content-Range: bytes \*/100000000" "$TMP/h"'
curl -s --max-time 10 -r 0-1,5-6 -D "$TMP/h" -o /dev/null "$url/film.mp4"
check "several ranges: the whole file" 'grep -q "^HTTP/1.1 200" "$TMP/h" && grep -qi "^Content-Length: 100000000" "$TMP/h"'

echo "# headers over 16 KB in one write"
long=$(head -c 20000 /dev/zero | tr '\0' a)
status=$( { exec 3<>"/dev/tcp/127.0.0.1/$port" &&
	printf 'GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nX-Long: %s\r\n\r\n' "$port" "$long" >&3 &&
	timeout 10 head -1 <&3; } 2>/dev/null | tr -d '\r')
check "are refused with 431 ($status)" '[ "$status" = "HTTP/1.1 431 Request Header Fields Too Large" ]'

echo "# the scripts a page may run"
curl -s --max-time 10 -D "$TMP/h" -o /dev/null "$url/01-base.html"
check "script-src names the site's own scripts, not every file of the origin" \
	'grep -qi "^Content-Security-Policy: .*script-src $url/assets/ $url/__specbook/live.js;" "$TMP/h" &&
	 ! grep -qi "script-src '"'"'self'"'"'" "$TMP/h"'
