#!/usr/bin/env bash
# xss.sh — link targets that a browser reads as script must not build.
#
# A browser strips leading and trailing C0 controls and spaces from a URL
# and drops every tab, CR and LF before it reads the scheme, and cmark
# decodes entities in a target before specbook sees it: so
# [x](java&#9;script:alert(1)) is a javascript: link once built.  Each
# vector below is written into a small book from nothing; the build must
# fail with the "refused link" diagnostic, write no site, and no page may
# hold an href or src that a browser reads as anything but http, https,
# mailto or relative.  Then the links a book does need must still build.
set -u
cd "$(dirname "$0")/../.."
BIN=$(cd "${BUILD:-build}" && pwd)/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

# book DIR MARKDOWN — a minimal valid book whose chapter body is MARKDOWN
book() {
	rm -rf "$1"
	base_book "$1"
	printf -- '---\nid: base\ntitle: {zh: 基础, en: Base}\n---\n\n## 基础 (Base) {#base}\n\n%s\n' "$2" \
		>"$1/content/01-base.md"
}

# unsafe_attrs DIR — prints every href/src/action in DIR's pages that a
# browser reads as a scheme other than http, https or mailto (entities
# decoded, ends stripped of C0 controls and spaces, tab/CR/LF dropped)
unsafe_attrs() {
	[ -d "$1" ] || return 0
	find "$1" -name '*.html' -print0 | xargs -0 -r perl -0777 -ne '
		while (/\s(?:href|src|action)\s*=\s*(?:"([^"]*)"|'"'"'([^'"'"']*)'"'"')/gi) {
			my $v = defined $1 ? $1 : $2;
			$v =~ s/&#[xX]([0-9a-fA-F]+);?/chr(hex $1)/ge;
			$v =~ s/&#([0-9]+);?/chr($1)/ge;
			$v =~ s/&(?:Tab|NewLine);/\t/g;
			$v =~ s/&amp;/&/g;
			$v =~ s/^[\x00-\x20]+|[\x00-\x20]+$//g;
			$v =~ s/[\t\r\n]//g;
			next unless $v =~ /^([A-Za-z][A-Za-z0-9+.-]*):/;
			next if $v eq "data:,";   # the template'"'"'s empty favicon: no content
			print "$ARGV: $v\n" unless lc($1) =~ /^(https?|mailto)$/;
		}'
}

n=0
vector() {   # NAME MARKDOWN
	n=$((n + 1))
	local dir="$TMP/v$n"
	book "$dir" "$2"
	(cd "$dir" && timeout 30 "$BIN" build -o out --quiet >/dev/null 2>err)
	local status=$? bad
	bad=$(unsafe_attrs "$dir/out")
	if [ $status -eq 1 ] && grep -q 'error: refused link' "$dir/err" && [ ! -e "$dir/out" ] && [ -z "$bad" ]; then
		echo "ok - xss: $1 is refused"
	else
		echo "not ok - xss: $1: exit $status, site $([ -e "$dir/out" ] && echo written || echo 'not written')," \
			"$(grep -c 'refused link' "$dir/err") refused-link errors${bad:+, unsafe: $(echo "$bad" | head -1 | tr '\t\r\n\1' '    ')}"
	fi
}

vector 'a tab inside javascript:'         '[x](java&#9;script:alert(1))'
vector 'CR inside JaVaScRiPt:'            '[x](JaVa&#13;ScRiPt:alert(1))'
vector 'LF inside javascript:'            '[x](<java&#10;script:alert(1)>)'
vector 'a leading space'                  '[x](&#32;javascript:alert(1))'
vector 'a leading U+0001'                 '[x](&#1;javascript:alert(1))'
vector 'a trailing control, http:'        '[x](https://a.invalid/&#127;)'
vector 'vbscript:'                        '[x](vbscript:msgbox(1))'
vector 'data:text/html'                   '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'
vector 'an image src with a tab'          '![x](java&#9;script:alert(1))'
vector 'an image src with a leading space' '![x](&#32;javascript:alert(1))'
vector 'an image src data:text/html'      '![x](data:text/html,x)'
vector 'a reference-style link'           "$(printf '[x][r]\n\n[r]: java&#9;script:alert(1)')"
vector 'a reference with a leading space' "$(printf '[x][r]\n\n[r]: <&#32;JAVASCRIPT:alert(1)>')"
vector 'an autolink'                      '<javascript:alert(1)>'
vector 'an upper-case autolink'           '<JavaScript:alert(1)>'
vector 'an English translation'           "$(printf '链接。\n\n> [x](java&#9;script:alert(1))')"

# the links a book needs still build, and come out as written
n=$((n + 1))
dir="$TMP/v$n"
book "$dir" '[a](https://a.invalid/x?y=1) [b](http://a.invalid/) [c](mailto:someone@a.invalid) [d](#base) [e](01-base.md#base) [f](/index.html) <https://a.invalid/auto>'
(cd "$dir" && timeout 30 "$BIN" build -o out --quiet >/dev/null 2>err)
status=$?
page="$dir/out/01-base.html"
missing=
for href in 'https://a.invalid/x?y=1' 'http://a.invalid/' 'mailto:someone@a.invalid' '#base' \
	    'https://a.invalid/auto'; do
	grep -qF "href=\"$href\"" "$page" 2>/dev/null || missing="$missing $href"
done
if [ $status -eq 0 ] && [ -z "$missing" ] && [ -z "$(unsafe_attrs "$dir/out")" ]; then
	echo "ok - xss: http, https, mailto, #fragment and relative links still build"
else
	echo "not ok - xss: safe links: exit $status, missing:${missing:- none}; $(head -3 "$dir/err" | tr '\n' ' ')"
fi

# book.yaml's base_url starts every link of 404.html
n=$((n + 1))
dir="$TMP/v$n"
book "$dir" 'text'
printf 'base_url: "java\\tscript:alert(1)//"\n' >>"$dir/content/book.yaml"
(cd "$dir" && timeout 30 "$BIN" build -o out --quiet >/dev/null 2>err)
status=$?
bad=$(unsafe_attrs "$dir/out")
if [ $status -eq 1 ] && grep -q 'refused base_url' "$dir/err" && [ ! -e "$dir/out" ] && [ -z "$bad" ]; then
	echo "ok - xss: a javascript: base_url is refused"
else
	echo "not ok - xss: base_url: exit $status${bad:+, unsafe: $(echo "$bad" | head -1 | tr '\t' ' ')}"
fi
