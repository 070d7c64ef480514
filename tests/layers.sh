#!/bin/sh
# layers.sh — generator/ keeps its layers: calls and includes flow one way.
#
#   tests/layers.sh [SRC_DIR]      (default: generator)
#   OBJ=DIR   the objects of SRC_DIR's .c files (default: $BUILD/obj, and
#             BUILD defaults to build): make $BUILD/specbook first
#
# Five checks, each an "ok - …" or "not ok - …" line (TAP):
#   1. no module include cycles: module X is X.c with X.h, in any folder,
#      and X uses Y when X.c or X.h includes "…/Y.h"; coreutils' tsort
#      finds the loops (no Python on a fresh Debian);
#   2. no include upward: a file includes headers of its own layer or of a
#      lower one, in the order core < numbers < book < render (and search, beside
#      it) < site (and audit, beside it) <
#      incr < the top (main.c, serve.c).  README, "Layout", says what each
#      holds;
#   3. a header whose opening comment says it is "private to FOLDER/"
#      (render/chapter.h), or that includes such a header of its folder, is
#      included only by files of that folder;
#   4. no module call cycles: X calls Y when X.o needs a symbol Y.o
#      defines (nm -u joined with nm --defined-only), which sees what the
#      includes cannot: a prototype declared where it does not belong;
#   5. every extern function is declared in the header of the file that
#      defines it (X.c's in X.h), and in no other header.
set -u
root=${1:-generator}
obj=${OBJ:-${BUILD:-build}/obj}
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rank() {   # folder (relative to root) -> its layer's rank
	case $1 in
	core) echo 0 ;; numbers) echo 1 ;; book) echo 2 ;; render | search) echo 3 ;; site | audit) echo 4 ;;
	incr) echo 5 ;; .) echo 6 ;; *) echo 99 ;;
	esac
}

# every module with its folder: "name folder"
mods=$(cd "$root" && find . -name '*.[ch]' | sed 's|^\./||' |
	awk -F/ '{ f = NF > 1 ? $1 : "."; n = $NF; sub(/\.[ch]$/, "", n); print n, f }' | sort -u)
folder_of() { printf '%s\n' "$mods" | awk -v m="$1" '$1 == m { print $2; exit }'; }

# the headers private to their folder, "folder/name.h": those whose opening
# comment says "private to FOLDER/", and a header that includes one
private=$(cd "$root" && for h in $(find . -name '*.h' | sed 's|^\./||' | sort); do
	sed -n '1,/\*\//p' "$h" | tr '\n' ' ' | sed 's|[[:space:]]*\*[[:space:]]| |g; s|[[:space:]][[:space:]]*| |g' |
		grep -q "private to ${h%%/*}/" && echo "$h"
done)
while :; do
	more=$(cd "$root" && for h in $(find . -name '*.h' | sed 's|^\./||' | sort); do
		case " $(echo $private) " in *" $h "*) continue ;; esac
		for p in $private; do
			[ "${p%%/*}" = "${h%%/*}" ] && grep -q "^[[:space:]]*#[[:space:]]*include[[:space:]]*\"$p\"" "$h" && { echo "$h"; break; }
		done
	done)
	[ -n "$more" ] || break
	private="$private
$more"
done

edges=""
upward=""
leaks=""
for f in $(cd "$root" && find . -name '*.[ch]' | sed 's|^\./||' | sort); do
	m=$(basename "$f" | sed 's|\.[ch]$||')
	case $f in */*) from=${f%%/*} ;; *) from=. ;; esac
	edges="$edges
$m $m"
	for inc in $(sed -n 's|^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)\.h".*|\1|p' "$root/$f"); do
		for p in $private; do
			[ "$inc.h" = "$p" ] && [ "${p%%/*}" != "$from" ] && leaks="$leaks
# $f includes $inc.h, private to ${p%%/*}/"
		done
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
	echo "ok - $root: no module include cycles"
else
	printf '%s\n' "$loops" | sed 's/^/# /'
	echo "not ok - $root: no module include cycles (find the third thing both need: a type in its own header, a callback, an orchestrator)"
	fail=1
fi
if [ -z "$upward" ]; then
	echo "ok - $root: no file includes a header of a higher layer"
else
	printf '%s\n' "$upward" | sed '/^$/d'
	echo "not ok - $root: no file includes a header of a higher layer (core < numbers < book < render, search < site, audit < incr < main.c, serve.c)"
	fail=1
fi

if [ -z "$leaks" ]; then
	echo "ok - $root: headers private to a folder are included only there ($(echo $private))"
else
	printf '%s\n' "$leaks" | sed '/^$/d'
	echo "not ok - $root: headers private to a folder are included only there (use the folder's public header)"
	fail=1
fi

# ---- calls, from the objects ----
# $tmp/defs: "symbol module" for what each object defines (T: a function)
# $tmp/uses: "module symbol" for what each needs
missing=""
for src in $(cd "$root" && find . -name '*.c' | sed 's|^\./||' | sort); do
	o=$obj/${src%.c}.o
	m=$(basename "$src" .c)
	if [ ! -f "$o" ] || [ "$root/$src" -nt "$o" ]; then
		missing="$missing $o"
		continue
	fi
	nm --defined-only -g "$o" | awk -v m="$m" 'NF == 3 { print $3, m, $2 }' >>"$tmp/defs"
	nm -u "$o" | awk -v m="$m" '{ print m, $NF }' >>"$tmp/uses"
done
if [ -n "$missing" ]; then
	echo "#$missing: missing or older than its source"
	echo "not ok - $root: no module call cycles (build the objects first: make ${BUILD:-build}/specbook)"
	echo "not ok - $root: every extern function is declared in its own header only"
	exit 1
fi

# "caller callee symbol" for each call between two modules
awk 'NR == FNR { def[$1] = $2; next }
	($2 in def) && def[$2] != $1 { print $1, def[$2], $2 }' "$tmp/defs" "$tmp/uses" | sort -u >"$tmp/calls"
# the modules in a cycle: the strongly connected components of more than one
# (Tarjan's, in awk), each with the calls that bind it
cycles=$(awk '
	{ if (!(($1, $2) in seen)) { seen[$1, $2] = 1; out[$1, ++nout[$1]] = $2 }
	  why[$1, $2] = why[$1, $2] " " $3; node[$1] = 1; node[$2] = 1 }
	function visit(v,    i, w) {
		index_[v] = low[v] = ++counter; stack[++sp] = v; on[v] = 1
		for (i = 1; i <= nout[v]; i++) {
			w = out[v, i]
			if (!(w in index_)) { visit(w); if (low[w] < low[v]) low[v] = low[w] }
			else if (on[w] && index_[w] < low[v]) low[v] = index_[w]
		}
		if (low[v] == index_[v]) {
			n = 0
			do { w = stack[sp--]; on[w] = 0; comp[++n] = w } while (w != v)
			if (n > 1) {
				ncycles++
				line = ""
				for (i = 1; i <= n; i++) { line = line " " comp[i]; inc[comp[i]] = ncycles }
				printf "# a cycle of %d modules:%s\n", n, line
				for (i = 1; i <= n; i++)
					for (j = 1; j <= nout[comp[i]]; j++)
						if (inc[out[comp[i], j]] == ncycles)
							printf "#   %s -> %s:%s\n", comp[i], out[comp[i], j], why[comp[i], out[comp[i], j]]
			}
		}
	}
	END { for (v in node) if (!(v in index_)) visit(v) }' "$tmp/calls")
if [ -z "$cycles" ]; then
	echo "ok - $root: no module call cycles"
else
	printf '%s\n' "$cycles"
	echo "not ok - $root: no module call cycles (move the code both need down, into a module of its own; never just its prototype)"
	fail=1
fi

# "name module" for each function a header declares at file scope
find "$root" -name '*.h' | sort | xargs awk '
	FNR == 1 { m = FILENAME; sub(/.*\//, "", m); sub(/\.h$/, "", m); depth = 0; incomment = 0; cont = 0 }
	{
		line = $0
		if (cont) { cont = line ~ /\\$/; next }
		if (incomment) { if (line ~ /\*\//) { incomment = 0; sub(/.*\*\//, "", line) } else next }
		while (line ~ /\/\*/) {
			if (line ~ /\/\*.*\*\//) sub(/\/\*([^*]|\*+[^*\/])*\*+\//, "", line)
			else { sub(/\/\*.*/, "", line); incomment = 1 }
		}
		if (line ~ /^[ \t]*#/) { cont = line ~ /\\$/; next }
		gsub(/"([^"\\]|\\.)*"/, "\"\"", line); gsub(/'\''([^'\''\\]|\\.)*'\''/, "", line)
		if (depth == 0 && line ~ /^[A-Za-z_]/ && line !~ /^(static|typedef)[^A-Za-z0-9_]/) {
			rest = line
			while (match(rest, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
				name = substr(rest, RSTART, RLENGTH); sub(/[ \t]*\($/, "", name)
				if (name !~ /^__/) { print name, m; break }
				rest = substr(rest, RSTART + RLENGTH)
			}
		}
		depth += gsub(/\{/, "{", line) - gsub(/\}/, "}", line)
	}' >"$tmp/decls"
headers=$(cd "$root" && find . -name '*.h' | sed 's|.*/||; s|\.h$||' | sort -u)
stray=$(awk -v headers="$headers" '
	BEGIN { n = split(headers, h, "\n"); for (i = 1; i <= n; i++) has[h[i]] = 1 }
	NR == FNR { if ($3 == "T") def[$1] = $2; next }
	{ if (($1 in def) && def[$1] != $2) print "# " $1 "() is declared in " $2 ".h, but defined in " def[$1] ".c"
	  if ($1 in def && def[$1] == $2) own[$1] = 1 }
	END { for (f in def) if (has[def[f]] && !(f in own)) print "# " f "() (" def[f] ".c) is not declared in " def[f] ".h" }' \
	"$tmp/defs" "$tmp/decls" | sort)
if [ -z "$stray" ]; then
	echo "ok - $root: every extern function is declared in its own header only"
else
	printf '%s\n' "$stray"
	echo "not ok - $root: every extern function is declared in its own header only (X.c's in X.h; move the function to the file whose header may declare it)"
	fail=1
fi

exit $fail
