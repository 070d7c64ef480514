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

# cpu_seconds COMMAND... — the user and system CPU seconds COMMAND took
# (bash's time: no /usr/bin/time on a bare Debian); its output is dropped
cpu_seconds() {
	local TIMEFORMAT='%3U %3S'
	{ time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }'
}

# linear NAME T1 T4 — ok when the input 4 times as large took less than 6
# times as long (a quadratic cost takes 16): a ratio, not a time, so a
# slow or busy machine does not fail it; under 0.1 s counts as 0.1 s
linear() {
	if awk -v a="$2" -v b="$3" 'BEGIN { if (a < 0.1) a = 0.1; exit !(b / a < 6) }'; then
		ok "$1 (${2}s at 1x, ${3}s at 4x)"
	else
		not_ok "$1" "${2}s at 1x, ${3}s at 4x: not linear"
	fi
}
