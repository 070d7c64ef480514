#!/bin/bash
# tmpdir.sh — building into a shared sticky folder where another user
# plants the names a build would use (TAP; needs root for the two users).
#
# The victim builds into a world-writable sticky folder (a mktemp -d made
# 1777); the attacker plants, under the victim's PID (known here by
# stopping the victim before it runs specbook), a temporary folder with a
# link to a file of the victim's, or a file in its place, and leftovers of
# "dead" builds.  The build must succeed (or fail cleanly), never write
# through the link, never remove another user's folder, and say nothing of
# them under -q.
set -u
cd "$(dirname "$0")/../.."
BIN=$PWD/${BUILD:-build}/specbook
if [ "$(id -u)" -ne 0 ]; then
	echo "ok - planted temporary names # skip needs root to run a second user"
	exit 0
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
chmod 755 "$TMP"
. tests/lib.sh
. tests/hostile/lib.sh
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

cp "$BIN" "$TMP/specbook"   # where nobody can run it
book=$TMP/book
fixture_copy tests/fixtures/basic "$book"
shared=$TMP/shared
mkdir -p "$shared" "$TMP/victim"
chmod 1777 "$shared"
chown -R nobody:nogroup "$book" "$TMP/victim"
echo "the victim's own notes" >"$TMP/victim/notes.txt"
chown nobody:nogroup "$TMP/victim/notes.txt"
dead=4000000
while [ -e "/proc/$dead" ]; do dead=$((dead + 1)); done

# stopped_build ARGS...: starts nobody's build stopped, before specbook
# runs, and sets $pid (the PID specbook will have)
stopped_build() {
	# setpriv itself, not a function (that would be a subshell of its own PID)
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		bash -c 'kill -STOP $$; exec "$@"' _ "$TMP/specbook" "$@" >"$TMP/log" 2>&1 &
	pid=$!
	local i
	for ((i = 0; i < 1000; i++)); do
		[ "$(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null)" = T ] && return
		sleep 0.01
	done
	echo "Bail out! the build did not stop"
	exit 1
}

echo "# the temporary folder planted with a link to the victim's file"
stopped_build build -C "$book" -o "$shared/site" -q
mkdir "$shared/.site.tmp-$pid"
chmod 1777 "$shared/.site.tmp-$pid"
ln -s "$TMP/victim/notes.txt" "$shared/.site.tmp-$pid/index.html"
ln -s "$TMP/victim/notes.txt" "$shared/.site.tmp-$pid/.specbook-site"
kill -CONT "$pid"
wait "$pid"
rc=$?
check "the build succeeds" '[ $rc -eq 0 ]' "$(cat "$TMP/log")"
check "the victim's file is intact" \
	'[ "$(cat "$TMP/victim/notes.txt")" = "the victim'"'"'s own notes" ]'
check "the site is the victim's, not the planted folder" \
	'[ "$(stat -c %U "$shared/site" 2>/dev/null)" = nobody ] && [ -f "$shared/site/index.html" ] && [ ! -L "$shared/site/index.html" ]'
check "the site is readable by others (not mkdtemp's 0700)" \
	'[ "$(stat -c %a "$shared/site" 2>/dev/null)" = "$(printf %o $((0777 & ~0$(umask))))" ]'

echo "# a file where the temporary folder would go"
rm -rf "${shared:?}"/.site.* "$shared/site"
stopped_build build -C "$book" -o "$shared/site" -q
echo "in the way" >"$shared/.site.tmp-$pid"
kill -CONT "$pid"
wait "$pid"
rc=$?
check "the build succeeds" '[ $rc -eq 0 ] && [ -f "$shared/site/index.html" ]' "$(cat "$TMP/log")"
check "the planted file is the attacker's still" '[ "$(cat "$shared/.site.tmp-$pid")" = "in the way" ]'

echo "# another user's leftovers of dead builds"
rm -rf "${shared:?}"/.site.* "$shared/site"
for n in "$dead" "$((dead + 1))-Ab12Cd" "$((dead + 2))"; do
	mkdir "$shared/.site.tmp-$n"
	echo x >"$shared/.site.tmp-$n/index.html"
done
as_nobody "$TMP/specbook" build -C "$book" -o "$shared/site" -q >"$TMP/log" 2>&1
rc=$?
check "a -q build beside another user's leftovers succeeds" '[ $rc -eq 0 ]' "$(cat "$TMP/log")"
check "and prints nothing about them" '[ ! -s "$TMP/log" ]' "$(head -5 "$TMP/log")"
rm -rf "${shared:?}"/.site.*
# the other way round: the build is root's, the leftovers nobody's
as_nobody mkdir "$shared/.site.tmp-$dead"
as_nobody ln -s "$TMP/victim" "$shared/.site.tmp-$((dead + 1))"
"$TMP/specbook" build -C "$book" -o "$shared/site" -q 2>"$TMP/log"
check "a build leaves another user's folder of a dead PID alone" '[ -d "$shared/.site.tmp-$dead" ]'
check "and a link named like a leftover, and what it points to" \
	'[ -L "$shared/.site.tmp-$((dead + 1))" ] && [ -f "$TMP/victim/notes.txt" ]'
mkdir "$shared/.site.tmp-$((dead + 2))-Zz9yX8"
"$TMP/specbook" build -C "$book" -o "$shared/site" 2>"$TMP/log"
check "its own leftover of a dead PID it removes, and says so" \
	'[ ! -e "$shared/.site.tmp-$((dead + 2))-Zz9yX8" ] && grep -q "removed .*tmp-$((dead + 2))-Zz9yX8" "$TMP/log"' \
	"$(cat "$TMP/log")"
