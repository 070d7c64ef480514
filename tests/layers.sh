#!/bin/sh
# layers.sh — generator/ keeps its layers: calls and includes flow one way.
#
#   tests/layers.sh [SRC_DIR]      (default: generator)
#
# Two checks, each an "ok - …" or "not ok - …" line (TAP):
#   1. no module cycles: module X is X.c with X.h, in any folder, and X uses
#      Y when X.c or X.h includes "…/Y.h"; coreutils' tsort finds the loops
#      (no Python on a fresh Debian);
#   2. no include upward: a file includes headers of its own layer or of a
#      lower one, in the order core < numbers < book < render < site <
#      incr < the top (main.c, serve.c).  README, "Layout", says what each holds.
set -u
root=${1:-generator}
fail=0

rank() {   # folder (relative to root) -> its layer's rank
	case $1 in
	core) echo 0 ;; numbers) echo 1 ;; book) echo 2 ;; render) echo 3 ;; site) echo 4 ;;
	incr) echo 5 ;; .) echo 6 ;; *) echo 99 ;;
	esac
}

# every module with its folder: "name folder"
mods=$(cd "$root" && find . -name '*.[ch]' | sed 's|^\./||' |
	awk -F/ '{ f = NF > 1 ? $1 : "."; n = $NF; sub(/\.[ch]$/, "", n); print n, f }' | sort -u)
folder_of() { printf '%s\n' "$mods" | awk -v m="$1" '$1 == m { print $2; exit }'; }

edges=""
upward=""
for f in $(cd "$root" && find . -name '*.[ch]' | sed 's|^\./||' | sort); do
	m=$(basename "$f" | sed 's|\.[ch]$||')
	case $f in */*) from=${f%%/*} ;; *) from=. ;; esac
	edges="$edges
$m $m"
	for inc in $(sed -n 's|^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)\.h".*|\1|p' "$root/$f"); do
		d=${inc##*/}
		[ "$d" = "$m" ] && continue
		to=$(folder_of "$d")
		[ -n "$to" ] || continue
		edges="$edges
$m $d"
		if [ "$(rank "$to")" -gt "$(rank "$from")" ]; then
			upward="$upward
# $f includes $inc.h: $to is above $from"
		fi
	done
done

loops=$(printf '%s\n' "$edges" | sed '/^$/d' | tsort 2>&1 >/dev/null)
if [ -z "$loops" ]; then
	echo "ok - $root: no module cycles"
else
	printf '%s\n' "$loops" | sed 's/^/# /'
	echo "not ok - $root: no module cycles (find the third thing both need: a type in its own header, a callback, an orchestrator)"
	fail=1
fi
if [ -z "$upward" ]; then
	echo "ok - $root: no file includes a header of a higher layer"
else
	printf '%s\n' "$upward" | sed '/^$/d'
	echo "not ok - $root: no file includes a header of a higher layer (core < numbers < book < render < site < incr < main.c, serve.c)"
	fail=1
fi
exit $fail
