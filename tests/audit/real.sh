#!/bin/sh
# real.sh BIN [FLOOR] — the known real inconsistencies of public books
# (tests/audit/real/cases.txt: each read by hand, the book's lines copied as
# they are into tests/audit/real/BOOK/) found by `specbook audit`, each book
# audited alone. A case is found when an error or a warning at one of its
# lines quotes its figure. Prints one line a case, then
# "real inconsistencies found: N of M", and exits 1 when N is under FLOOR
# (or a case's line is not in its file).
set -u
bin=$1
floor=${2:-0}
dir=$(dirname "$0")/real
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
for book in "$dir"/*/; do
	b=$(basename "$book")
	"$bin" audit --quiet --max-diagnostics=0 "$book" 2>&1 |
		sed -n "s#^\([^ ][^:]*\):\([0-9]*\):[0-9]*: \(error\|warning\): #$b/\1:\2\t#p" >>"$tmp/found.txt"
done
bad=0
tab=$(printf '\t')
grep -v '^#' "$dir/cases.txt" | while IFS="$tab" read -r id file fig text note; do
	[ -n "$id" ] || continue
	line=$(grep -n -F -- "$text" "$dir/$file" | head -1 | cut -d: -f1)
	if [ -z "$line" ]; then
		echo "MISSING $id: '$text' is not in $file" >&2
		echo "$id BAD" >>"$tmp/res.txt"
		continue
	fi
	# the figure, commas dropped, not inside a longer number
	# ('-': any finding at the line, for a row's finding on its name)
	f=$(printf '%s' "$fig" | tr -d ',' | sed 's/\./\\./g')
	[ "$fig" = - ] && f=''
	if grep -F -- "$file:$line$tab" "$tmp/found.txt" | cut -f2 | tr -d ',' |
		grep -Eq "(^|[^0-9.])$f([^0-9]|\.[^0-9]|\$)" ||
		{ [ -z "$f" ] && grep -qF -- "$file:$line$tab" "$tmp/found.txt"; }; then
		echo "$id found $file:$line" >>"$tmp/res.txt"
	else
		echo "$id missed $file:$line" >>"$tmp/res.txt"
	fi
done
ids=$(cut -d' ' -f1 "$tmp/res.txt" | sort -u)
n=0 m=0
for id in $ids; do
	m=$((m + 1))
	if grep -q "^$id BAD" "$tmp/res.txt"; then
		bad=1
	fi
	if grep -q "^$id found" "$tmp/res.txt"; then
		n=$((n + 1)); echo "  found  $id $(grep "^$id found" "$tmp/res.txt" | head -1 | cut -d' ' -f3)"
	else
		echo "  missed $id $(grep "^$id " "$tmp/res.txt" | head -1 | cut -d' ' -f3)"
	fi
done
echo "real inconsistencies found: $n of $m"
[ $bad -eq 0 ] && [ $n -ge "$floor" ]
