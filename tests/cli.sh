#!/usr/bin/env bash
# cli.sh — the command line as mdBook, Hugo and Zola users expect it (TAP;
# issue 38): commands and their operands, mistakes (one line, where to
# read more, exit 2), help, man page and completions made from one table,
# the book looked for upward, settings checked, the built-in defaults,
# the diagnostics for CI (github, sarif, the step summary, one diagnostic
# for a mistake made in both languages), colour, the version.
set -u
cd "$(dirname "$0")/.."
BIN=$PWD/${BUILD:-build}/specbook
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. tests/hostile/lib.sh

"$BIN" new "$T/b" >/dev/null

# --- commands and operands
rm -rf "$T/b/site"
(cd "$T" && "$BIN" build b --quiet) 2>"$T/err"
check "build DIR builds DIR (as mdBook and Zola do)" '[ -f "$T/b/site/index.html" ]' "$(cat "$T/err")"
(cd "$T/b/content" && "$BIN" check --quiet) 2>"$T/err"
check "check finds the book from a folder inside it, upward" '[ $? -eq 0 ] && [ ! -s "$T/err" ]' "$(cat "$T/err")"
mkdir "$T/nothing"
(cd "$T/nothing" && "$BIN" check) >"$T/out" 2>&1; rc=$?
check "no book here or above: exit 1, and how to make one" \
	'[ $rc -eq 1 ] && grep -q "^specbook check: no book here" "$T/out" && grep -q "specbook new DIR" "$T/out"' "$(cat "$T/out")"

# mistakes: one line, then where to read more; exit 2
usage_error() {   # name, expected first line (grep -E), command...
	local name=$1 want=$2; shift 2
	timeout 20 "$@" >"$T/out" 2>&1; local rc=$?
	check "$name: exit 2, one line and 'try specbook help'" \
		'[ $rc -eq 2 ] && [ "$(wc -l <"$T/out")" -eq 2 ] && head -1 "$T/out" | grep -qE "$want" &&
		 tail -1 "$T/out" | grep -qE "^try '\''specbook help( [a-z]+)?'\''$"' "rc $rc: $(cat "$T/out")"
}
usage_error "a misspelt command gets a did-you-mean" "^specbook: unknown command 'buidl'; did you mean 'build'\?$" \
	"$BIN" buidl
usage_error "an extra operand" "^specbook check: one \[DIR\] is enough: 'extra' is one too many$" \
	"$BIN" check "$T/b" extra
usage_error "--jobs 4x is no number" "^specbook build: --jobs wants a number from 1 to 256, not '4x'$" \
	"$BIN" build "$T/b" --jobs 4x
usage_error "--port is not an option of build" "^specbook build: --port is not an option of build" \
	"$BIN" build "$T/b" --port 8001
usage_error "a misspelt option gets a did-you-mean" "did you mean '--werror'\?$" "$BIN" check --wrror
usage_error "--port 80x is no number" "^specbook serve: --port wants a number" "$BIN" serve "$T/b" --port 80x
usage_error "new without DIR" "^specbook new: give DIR" "$BIN" new
# argv[0] as typed is not the name in messages
(cd "$(dirname "$BIN")" && ./specbook --bogus) >"$T/out" 2>&1
check "a mistake is two lines naming the program specbook, not argv[0] as typed, nor the usage" \
	'[ "$(wc -l <"$T/out")" -eq 2 ] && grep -q "^specbook: unknown option '\''--bogus'\''" "$T/out"' "$(cat "$T/out")"

# help
"$BIN" help build >"$T/help-build"
"$BIN" build --help >"$T/build-help"
"$BIN" help serve >"$T/help-serve"
"$BIN" help >"$T/help"
check "help build and build --help are the same, the command's own text" \
	'cmp -s "$T/help-build" "$T/build-help" && grep -q "^usage: specbook build \[DIR\]" "$T/help-build" &&
	 ! grep -q -- "--port" "$T/help-build"'
check "help serve lists serve's options (--port, --bind, --open, the build options)" \
	'grep -q -- "--bind ADDR" "$T/help-serve" && grep -q -- "--open" "$T/help-serve" &&
	 grep -q -- "--werror" "$T/help-serve" && ! cmp -s "$T/help-serve" "$T/help-build"'
check "help lists the commands" 'grep -qE "^  build \[DIR\] +check the book" "$T/help" && grep -qE "^  completion " "$T/help"'
"$BIN" help nosuch >"$T/out" 2>&1; rc=$?
check "help of no such command: exit 2" '[ $rc -eq 2 ] && grep -q "no command '\''nosuch'\''" "$T/out"'

# the man page and completions, from the same table
"$BIN" man >"$T/specbook.1"
check "the man page has each command and option" \
	'head -1 "$T/specbook.1" | grep -q "^\.TH SPECBOOK 1" && grep -q "^\.SS \"serve \[DIR\]\"" "$T/specbook.1" &&
	 grep -q "bind" "$T/specbook.1" && grep -q "^\.SH \"EXIT STATUS\"" "$T/specbook.1"'
if command -v groff >/dev/null 2>&1; then
	check "groff reads the man page without a warning" \
		'[ -s "$T/specbook.1" ] && [ -z "$(groff -man -Tutf8 -ww -z "$T/specbook.1" 2>&1)" ]'
fi
"$BIN" completion bash >"$T/bash"
complete_words() {   # words... -> what bash completion offers for the last
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _specbook; printf "%s\n" "${COMPREPLY[@]}"' \
		_ "$T/bash" "$@"
}
check "bash completion: 'specbook bu' -> build" '[ "$(complete_words specbook bu)" = build ]'
check "bash completion: 'specbook serve --bi' -> --bind" '[ "$(complete_words specbook serve --bi)" = --bind ]'
check "bash completion: 'specbook build --fo' -> --format, its values" \
	'[ "$(complete_words specbook build --fo)" = --format ] &&
	 [ "$(complete_words specbook build --format s | tr "\n" " ")" = "sarif " ]'
check "bash completion: build offers no --port" '[ -s "$T/bash" ] && ! complete_words specbook build --p | grep -q -- --port'
for sh in zsh fish; do
	"$BIN" completion $sh >"$T/$sh" 2>/dev/null
	if command -v $sh >/dev/null 2>&1; then
		check "$sh completion parses" '$sh -n "$T/$sh"'
	else
		check "$sh completion is written (# $sh not installed: not parsed)" '[ -s "$T/$sh" ]'
	fi
done
"$BIN" completion tcsh >"$T/out" 2>&1; rc=$?
check "completion for an unknown shell: exit 2" '[ $rc -eq 2 ] && grep -q "knows bash, zsh and fish" "$T/out"'

# version: the release and the commit
check "--version names the release and the commit" \
	'"$BIN" --version | grep -qE "^specbook [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{7,}|v[^ ]+|unknown)(-dirty)?\)$"'

# --- settings
cp -r "$T/b" "$T/typo"
printf 'aprox: 3%%\nx-deploy: {host: example}\n' >>"$T/typo/content/book.yaml"
"$BIN" check "$T/typo" >"$T/out" 2>&1; rc=$?
check "aprox: in book.yaml is an error with a did-you-mean; x- keys are left alone" \
	'[ $rc -eq 1 ] && grep -q "book.yaml:[0-9]*:1: error: unknown setting '\''aprox'\''" "$T/out" &&
	 grep -q "did you mean '\''approx'\''" "$T/out" && ! grep -q "x-deploy" "$T/out"' "$(cat "$T/out")"
mkdir -p "$T/repo/.git"
check "specbook new . in a fresh git repository (only dot files)" \
	'(cd "$T/repo" && "$BIN" new . >/dev/null 2>&1) && [ -f "$T/repo/content/book.yaml" ]'
check "-C DIR new NAME writes DIR/NAME" '"$BIN" -C "$T" new c2 >/dev/null 2>&1 && [ -f "$T/c2/content/book.yaml" ]'
# lift -C DIR FILE reads FILE in DIR
mkdir -p "$T/lift/content"
cp "$T/b/content/book.yaml" "$T/lift/content/"
printf '# Cards\n\n| card | memory |\n| --- | --- |\n| a | 80 GB |\n| b | 96 GB |\n' >"$T/lift/content/01-t.md"
(cd "$T" && "$BIN" lift -C lift content/01-t.md:3) >"$T/out" 2>&1
check "lift -C DIR FILE:LINE reads FILE in DIR" 'grep -q "^    memory: 80$" "$T/out"' "$(cat "$T/out")"

# the built-in defaults
check "defaults units prints the built-in units table (specs/units.yaml)" \
	'"$BIN" defaults units | cmp -s - specs/units.yaml'
check "defaults template prints the built-in page.html" '"$BIN" defaults template | cmp -s - templates/page.html'
check "defaults lists the built-in files" '"$BIN" defaults | grep -q "^templates/assets/site.css "'
cp -r "$T/b" "$T/own"
"$BIN" defaults units --write -C "$T/own" >/dev/null
check "defaults units --write puts specs/units.yaml in the book" 'cmp -s "$T/own/specs/units.yaml" specs/units.yaml'
"$BIN" defaults units --write -C "$T/own" >/dev/null 2>"$T/err"; rc=$?
check "and never over a file" '[ $rc -eq 1 ] && grep -q "exists: left as it is" "$T/err"'

# --- diagnostics for CI
mkdir -p "$T/w/content"
cp "$T/b/content/book.yaml" "$T/w/content/"
printf -- '---\ntitle: {zh: 卡, en: Cards}\n---\n\n# 卡 (Cards)\n\n八张卡共有 {13.5 TB = 72 × 192 GB}。\n\n> Eight cards hold {13.5 TB = 72 × 192 GB}.\n' \
	>"$T/w/content/01-w.md"
"$BIN" check "$T/w" --format=github >"$T/gh" 2>&1
check "a claim wrong in both languages is one annotation naming both lines" \
	'[ "$(grep -c "^::error " "$T/gh")" -eq 1 ] && grep -q "line=7,.*the same in the other language, line 9" "$T/gh"' \
	"$(cat "$T/gh")"
check "--format=github: title= and endColumn=" \
	'grep -q "^::error file=content/01-w.md,line=7,col=[0-9]*,endColumn=[0-9]*,title=claim does not hold::" "$T/gh"'
"$BIN" check "$T/w" >"$T/gnu" 2>&1
check "gnu: one error, quoting both lines" \
	'[ "$(grep -c ": error: " "$T/gnu")" -eq 1 ] && grep -q "^     9 | > Eight cards" "$T/gnu"' "$(cat "$T/gnu")"
"$BIN" check "$T/w" --format=sarif >"$T/sarif" 2>/dev/null; rc=$?
check "--format=sarif: SARIF 2.1.0 on stdout, exit 1" \
	'[ $rc -eq 1 ] && grep -q "\"version\": \"2.1.0\"" "$T/sarif" && grep -q "\"ruleId\": \"claim-does-not-hold\"" "$T/sarif" &&
	 grep -q "\"startLine\": 7" "$T/sarif"'
if command -v node >/dev/null 2>&1; then
	check "--format=sarif is JSON: a run of specbook, one result at line 7 and 9" \
		'node -e "const s = JSON.parse(require(\"fs\").readFileSync(process.argv[1], \"utf8\"));
			const r = s.runs[0].results; if (s.version !== \"2.1.0\" || s.runs[0].tool.driver.name !== \"specbook\" ||
			r.length !== 1 || r[0].locations[0].physicalLocation.region.startLine !== 7 ||
			r[0].locations[1].physicalLocation.region.startLine !== 9) process.exit(1)" "$T/sarif"'
fi
GITHUB_STEP_SUMMARY="$T/summary" "$BIN" check "$T/w" --format=github >/dev/null 2>&1
check "\$GITHUB_STEP_SUMMARY gets a Markdown table of every diagnostic" \
	'grep -q "^### specbook: 1 error" "$T/summary" && grep -q "^| error | \`content/01-w.md:7:[0-9]*, 9\` | \*\*claim does not hold\*\*" "$T/summary"' \
	"$(cat "$T/summary" 2>/dev/null)"

# colour: on a terminal, never with NO_COLOR or --color=never
esc=$(printf '\033')
"$BIN" check "$T/w" --color=always >"$T/c" 2>&1
check "--color=always colours error and caret" 'grep -q "${esc}\[1;31merror:" "$T/c" && grep -q "${esc}\[1;32m^" "$T/c"'
"$BIN" check "$T/w" >"$T/c" 2>&1
check "no colour into a file" '! grep -q "$esc" "$T/c"'
if command -v script >/dev/null 2>&1; then
	TERM=xterm script -qec "'$BIN' check '$T/w'" /dev/null >"$T/tty" 2>&1   # TERM=dumb (a CI runner's) means no colour
	check "colour on a terminal" 'grep -q "${esc}\[1;31merror:" "$T/tty"'
	NO_COLOR=1 TERM=xterm script -qec "'$BIN' check '$T/w'" /dev/null >"$T/tty" 2>&1
	check "no colour on a terminal with NO_COLOR" '! grep -q "${esc}\[1;31m" "$T/tty"'
	TERM=xterm script -qec "'$BIN' check '$T/w' --color=never" /dev/null >"$T/tty" 2>&1
	check "no colour on a terminal with --color=never" 'grep -q "error: claim does not hold" "$T/tty" && ! grep -q "${esc}\[1;31m" "$T/tty"'
fi
usage_error "--color wants auto, always or never" "^specbook check: --color is auto, always or never" \
	"$BIN" check "$T/w" --color=sometimes

# --- make install / uninstall, and the installed binary run from elsewhere
case ${BUILD:-build} in /*) build_abs=${BUILD:-build} ;; *) build_abs=$PWD/${BUILD:-build} ;; esac
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory install BUILD="$build_abs" \
	PREFIX=/usr/local DESTDIR="$T/inst" >"$T/log" 2>&1; rc=$?
i=$T/inst/usr/local
check "make install DESTDIR PREFIX: binary, man page, bash, zsh and fish completions" \
	'[ $rc -eq 0 ] && [ -x "$i/bin/specbook" ] && [ -s "$i/share/man/man1/specbook.1" ] &&
	 [ -s "$i/share/bash-completion/completions/specbook" ] && [ -s "$i/share/zsh/site-functions/_specbook" ] &&
	 [ -s "$i/share/fish/vendor_completions.d/specbook.fish" ]' "$(tail -5 "$T/log")"
mkdir "$T/elsewhere"
check "the installed binary, run from another folder, makes and builds a book with its built-in defaults" \
	'(cd "$T/elsewhere" && "$i/bin/specbook" new b >/dev/null && cd b && "$i/bin/specbook" build --quiet &&
	  "$i/bin/specbook" check --format=sarif >"$T/s.sarif") && [ -f "$T/elsewhere/b/site/index.html" ] &&
	 grep -q "\"results\": \[" "$T/s.sarif"'
if command -v man >/dev/null 2>&1; then
	check "man specbook reads the installed page" \
		'MANPATH="$i/share/man" MANPAGER=cat MANWIDTH=80 man specbook 2>/dev/null | grep -q "specbook build"'
fi
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory uninstall BUILD="$build_abs" \
	PREFIX=/usr/local DESTDIR="$T/inst" >"$T/log" 2>&1
check "make uninstall removes every file it installed" '[ -z "$(find "$T/inst" -type f)" ]' "$(find "$T/inst" -type f)"

# --- serve: the build options reach its builds; --bind for a phone
if command -v curl >/dev/null 2>&1; then
	cp -r "$T/b" "$T/sv"
	printf -- '---\ntitle: {zh: 三, en: Three}\nsumary: 1\n---\n\n# 三 (Three)\n\n文字。\n\n> Text.\n' >"$T/sv/content/03-w.md"
	port=$((20000 + $$ % 20000))
	# --open runs xdg-open with the address: here one that writes it down
	mkdir "$T/fakebin"
	printf '#!/bin/sh\necho "$1" >"%s/opened"\n' "$T" >"$T/fakebin/xdg-open"
	chmod +x "$T/fakebin/xdg-open"
	PATH="$T/fakebin:$PATH" "$BIN" serve "$T/sv" --port $port --bind 127.0.0.2 --werror --quiet --open \
		>"$T/serve.log" 2>&1 &
	pid=$!
	status=""
	for _ in $(seq 100); do
		status=$(curl -s --max-time 2 "http://127.0.0.2:$port/__specbook/status")
		case $status in *'"build":1'*|*'"build": 1'*) break ;; esac
		sleep 0.1
	done
	for _ in $(seq 20); do [ -s "$T/opened" ] && break; sleep 0.1; done
	kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
	check "serve --werror: a warning fails its build (the build options reach each build)" \
		'echo "$status" | grep -qE "\"ok\": ?false"' "$status $(cat "$T/serve.log")"
	check "serve --bind 127.0.0.2: it listens there and answers a request naming that address" \
		'echo "$status" | grep -q "\"build\""' "$(cat "$T/serve.log")"
	check "serve --open: the browser is opened at the address served, after the first build" \
		'[ "$(cat "$T/opened" 2>/dev/null)" = "http://127.0.0.2:$port/" ]' "$(cat "$T/serve.log")"
fi
