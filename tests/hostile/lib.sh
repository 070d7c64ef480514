# lib.sh — the TAP helpers the hostile-input scripts share (sourced, not
# run; not a test itself: tests/run.sh runs *.sh but this one).
#
#   ok NAME; not_ok NAME [WHY]; check NAME 'COMMAND' [WHY]
ok()     { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; [ $# -gt 1 ] && echo "# $2"; }
check()  { if eval "$2"; then ok "$1"; else not_ok "$1" "${3:-}"; fi; }

# base_book DIR — a book to build on: tests/bad/_base (book.yaml, a
# chapter), the real units.yaml and the templates
base_book() {
	mkdir -p "$1/specs"
	cp -r tests/bad/_base/. "$1/"
	cp specs/units.yaml "$1/specs/"
	cp -r templates "$1/"
}
