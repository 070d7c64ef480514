#!/usr/bin/env bash
# action.sh — action.yml's steps, run as GitHub runs them, on a book made
# with `specbook new` (TAP; issue 38).
#
# The runner's part is played here: specbook's files are copied (not
# linked) to a folder outside this checkout, with no .git, as the action's
# checkout at the ref asked for; the book is made in a workspace of its
# own; each step's run: script is taken from action.yml as it is and run
# by sh with the variables GitHub sets (GITHUB_ACTION_PATH, RUNNER_TEMP,
# GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, the step's env:).  The cache step
# (actions/cache) is GitHub's own: here the binary stays in RUNNER_TEMP,
# as a cache hit restores it, and the build step must then build nothing.
# The build compiles specbook in the copy (about a minute on two cores).
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. tests/hostile/lib.sh

# specbook's files at this commit (and this working tree), copied
mkdir "$T/action"
git ls-files --cached --others --exclude-standard -z 2>/dev/null |
	xargs -0 sh -c 'for f; do [ -f "$f" ] && [ ! -L "$f" ] && printf "%s\0" "$f"; done' _ |
	xargs -0 cp --parents -t "$T/action" 2>/dev/null
check "the action's files are a copy without .git, outside this checkout" \
	'[ -f "$T/action/action.yml" ] && [ -x "$T/action/tools/action.sh" ] && [ ! -e "$T/action/.git" ]'

# action.yml's run: scripts, one file a step, in order (a one-line run: in
# single quotes, or a block run: |)
awk -v dir="$T/steps" '
	BEGIN { n = 0 }
	/^      run: \|/ { n++; file = sprintf("%s/%02d.sh", dir, n); block = 1; next }
	/^      run: / { n++; file = sprintf("%s/%02d.sh", dir, n); line = $0
		sub(/^      run: /, "", line); if (line ~ /^'\''.*'\''$/) line = substr(line, 2, length(line) - 2)
		print line > file; close(file); block = 0; next }
	block && /^        / { line = $0; sub(/^        /, "", line); print line > file; next }
	block { close(file); block = 0 }
' <(mkdir -p "$T/steps"; cat action.yml)
ls "$T/steps" >"$T/list"
check "action.yml has its four run: steps (deps, key, build, check)" '[ "$(wc -l <"$T/list")" -eq 4 ] &&
	grep -q "action.sh\" deps" "$T/steps/01.sh" && grep -q "action.sh\" key" "$T/steps/02.sh" &&
	grep -q "action.sh\" build" "$T/steps/03.sh" && grep -q "action.sh\" check" "$T/steps/04.sh"' "$(cat "$T/list")"

# the user's repository: a book made with specbook new, at its root
"$BIN" new "$T/ws" >/dev/null
mkdir -p "$T/runner"
step() {   # n, then env assignments: runs step n in the workspace as GitHub would
	local n=$1; shift
	: >"$T/output"
	(cd "$T/ws" && env GITHUB_ACTION_PATH="$T/action" RUNNER_TEMP="$T/runner" GITHUB_OUTPUT="$T/output" \
		GITHUB_STEP_SUMMARY="$T/summary" "$@" \
		sh -e <(sed 's/\${{ runner.os }}/Linux/g' "$T/steps/$n.sh")) >"$T/log" 2>&1
}
step 01; rc=$?
check "step deps: the packages are there (installed when missing)" '[ $rc -eq 0 ]' "$(tail -5 "$T/log")"
step 02; rc=$?
key=$(sed -n 's/^key=//p' "$T/output")
check "step key: a cache key from the sources' hash" '[ $rc -eq 0 ] && echo "$key" | grep -qE "^specbook-Linux-[0-9a-f]{24}$"' "$key"
step 03; rc=$?
version=$(sed -n 's/^version=//p' "$T/output")
check "step build: specbook built in the copy, outside any git checkout" \
	'[ $rc -eq 0 ] && [ -x "$T/runner/specbook-bin/specbook" ] && [ "$version" = "specbook 0.2.0 (commit unknown)" ]' \
	"rc $rc, version '$version': $(tail -5 "$T/log")"
step 04 BOOK=. ARGS= FORMAT=github; rc=$?
check "step check: the new book passes, with the binary's built-in units and templates" \
	'[ $rc -eq 0 ] && ! grep -q "^::error" "$T/log" && grep -q "^### specbook: 0 errors" "$T/summary"' "$(cat "$T/log")"

# a wrong claim fails the job with an annotation on its line
sed -i '0,/{[0-9][^}]* = [^}]*}/s/{\([0-9][0-9.]*\) /{1\1 /' "$T/ws/content/01-start.md"
step 04 BOOK=. ARGS= FORMAT=github; rc=$?
check "step check: a wrong claim fails the step with a ::error annotation at its line" \
	'[ $rc -eq 1 ] && grep -qE "^::error file=content/01-start.md,line=[0-9]+,col=[0-9]+,endColumn=[0-9]+,title=" "$T/log" &&
	 grep -q "^| error | \`content/01-start.md:" "$T/summary"' "$(cat "$T/log")"
step 04 BOOK=. ARGS=--quiet FORMAT=sarif; rc=$?
check "step check, format sarif: specbook.sarif in the book's folder" \
	'[ $rc -eq 1 ] && grep -q "\"version\": \"2.1.0\"" "$T/ws/specbook.sarif"'

# the cache: a binary restored into RUNNER_TEMP is not built again
step 03; rc=$?
check "step build with the binary restored from the cache: nothing is built" \
	'[ $rc -eq 0 ] && grep -q "^specbook: cached: specbook 0.2.0" "$T/log" && ! grep -q "cc " "$T/log"' "$(cat "$T/log")"
