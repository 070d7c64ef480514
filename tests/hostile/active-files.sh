#!/bin/bash
# active-files.sh — pages, scripts and scripted SVG beside the chapters
# (TAP; issue 34, part 1).
#
# Every file of content/ but the chapters and the book's YAML is copied
# into the site, so a pull request that touches only content/ could
# publish notes.html with notes.js, or an "image" diagram.svg with a
# <script>: opened on its own, it runs as the site (the study progress,
# and on a shared origin every other project's storage), past the raw
# HTML allowlist.  A file a browser would run is refused at its name with
# a hint; an SVG is published only when nothing in it is active, and the
# bytes checked are the bytes written.  A plain SVG still builds.
set -u
cd "$(dirname "$0")/../.."
BIN=$PWD/${BUILD:-build}/specbook
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. tests/hostile/lib.sh

book=$TMP/book
base_book "$book"

# fresh — the book with content/ holding only its own files again
fresh() { rm -rf "$book/content/img" "$TMP/out"; find "$book/content" -maxdepth 1 -type f \
	! -name '*.md' ! -name '*.yaml' -delete; mkdir -p "$book/content/img"; }

# refused NAME FILE CONTENT — FILE (below content/), an SVG, is not
# published: a warning at its line with a hint, as for a page or a script,
# and the rest of the book still builds
refused() {
	fresh
	printf '%s' "$3" >"$book/content/$2"
	timeout 30 "$BIN" build -C "$book" -o "$TMP/out" >"$TMP/log" 2>&1
	local rc=$?
	if [ $rc -eq 0 ] && grep -q "^content/$2\(:[0-9]*\)\{0,2\}: warning: .*not published" "$TMP/log" &&
		grep -q "hint: " "$TMP/log" && [ -f "$TMP/out/index.html" ] && [ ! -e "$TMP/out/$2" ]; then
		ok "$1 is refused"
	else
		not_ok "$1 is refused" "exit $rc, $([ -e "$TMP/out/$2" ] && echo published || echo 'not published'): $(head -3 "$TMP/log" | tr '\n' ' ')"
	fi
}

# cleaned NAME FILE CONTENT GONE — FILE (below content/), an SVG with
# references outside itself, is published without them (a note says so):
# GONE (a fixed string) is in the source and not in what is published
cleaned() {
	fresh
	printf '%s' "$3" >"$book/content/$2"
	timeout 30 "$BIN" build -C "$book" -o "$TMP/out" >"$TMP/log" 2>&1
	local rc=$?
	if [ $rc -eq 0 ] && grep -q "^content/$2\(:[0-9]*\)\{0,2\}: note: .*outside the image taken out" "$TMP/log" &&
		[ -f "$TMP/out/$2" ] && ! grep -qF "$4" "$TMP/out/$2" && grep -q "<svg" "$TMP/out/$2"; then
		ok "$1 is published without it"
	else
		not_ok "$1 is published without it" "exit $rc: $(head -3 "$TMP/log" | tr '\n' ' ') $(head -c 300 "$TMP/out/$2" 2>/dev/null)"
	fi
}

# withheld NAME FILE CONTENT — FILE (below content/) is not published: a
# warning at its name with a hint, and the rest of the book still builds
# (a book as it is may carry another tool's index.html)
withheld() {
	fresh
	printf '%s' "$3" >"$book/content/$2"
	timeout 30 "$BIN" build -C "$book" -o "$TMP/out" >"$TMP/log" 2>&1
	local rc=$?
	if [ $rc -eq 0 ] && grep -q "^content/$2: warning: .*not published" "$TMP/log" &&
		grep -q "hint: " "$TMP/log" && [ -f "$TMP/out/index.html" ] &&
		[ -z "$(find "$TMP/out" -iname "$(basename "$2")")" ]; then
		ok "$1 is not published"
	else
		not_ok "$1 is not published" "exit $rc, $(find "$TMP/out" -iname "$(basename "$2")" | head -1): $(head -3 "$TMP/log" | tr '\n' ' ')"
	fi
}

echo "# pages and scripts"
withheld "a page" notes.html '<script src="notes.js"></script>'
withheld "a page in a folder, in capitals" img/NOTES.HTM '<script>alert(1)</script>'
withheld "an XHTML page" img/a.xhtml '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'
withheld "a script" notes.js 'alert(document.cookie)'
withheld "a module" img/m.mjs 'export default 1'
withheld "an XML document" img/feed.xml '<?xml-stylesheet href="x.xsl" type="text/xsl"?><a/>'
# a chapter that links to a withheld page fails at its link
fresh
printf '<script>alert(1)</script>' >"$book/content/notes.html"
cp "$book/content/01-base.md" "$TMP/chapter.md"
printf '\nSee [the notes](notes.html).\n' >>"$book/content/01-base.md"
timeout 30 "$BIN" build -C "$book" -o "$TMP/out" >"$TMP/log" 2>&1; rc=$?
if [ $rc -ne 0 ] && grep -q "^content/01-base.md:[0-9]*:[0-9]*: error: .*'notes.html' is in content/ but not published" "$TMP/log" &&
	grep -q "hint: see the warning at content/notes.html" "$TMP/log" && [ ! -e "$TMP/out" ]; then
	ok "a link to a withheld page is an error at the link"
else
	not_ok "a link to a withheld page is an error at the link" "exit $rc: $(head -3 "$TMP/log" | tr '\n' ' ')"
fi
cp "$TMP/chapter.md" "$book/content/01-base.md"

echo "# SVG images"
svg() { printf '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">%s</svg>\n' "$1"; }
refused "an SVG with a script" img/diagram.svg "$(svg '<script>alert(1)</script>')"
refused "an SVG with a script in CDATA, in a group" img/d.svg "$(svg '<g><g><script><![CDATA[alert(1)]]></script></g></g>')"
refused "an SVG with an HTML script" img/d.svg "$(svg '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>')"
refused "an SVG with an event handler" img/d.svg "$(svg '<rect width="9" height="9" onload="alert(1)"/>')"
refused "an SVG with a handler on its root" img/d.svg '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'
refused "an SVG with foreignObject" img/d.svg "$(svg '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>')"
refused "an SVG with a javascript: link" img/d.svg "$(svg '<a xlink:href="javascript:alert(1)"><text>x</text></a>')"
refused "an SVG with an entity-encoded javascript: link" img/d.svg "$(svg '<a href="&#106;avascript:alert(1)"><text>x</text></a>')"
refused "an SVG with an animation that sets a link" img/d.svg "$(svg '<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>')"
cleaned "an SVG with an external image" img/d.svg "$(svg '<image href="https://tracker.example/p.png"/>')" tracker.example
cleaned "an SVG with an external url() in a style" img/d.svg "$(svg '<style>@import url(https://x.example/a.css); text { fill: red }</style><text>x</text>')" x.example
cleaned "an SVG with an external url() in a fill" img/d.svg "$(svg '<rect fill="url(https://x.example/a.svg#p)"/>')" x.example
cleaned "an SVG with a font loaded by url() in an XHTML label's style" img/d.svg "$(svg '<foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml" style="background:url(//x.example/b.png)"><span>label</span><br/></div></foreignObject>')" x.example
refused "an SVG whose XHTML label holds an iframe" img/d.svg "$(svg '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://x.example/"/></div></foreignObject>')"
refused "an SVG with a data: link to a document" img/d.svg "$(svg '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><text>x</text></a>')"
refused "an SVG with a java&#9;script: link" img/d.svg "$(svg '<a href="java&#9;script:alert(1)"><text>x</text></a>')"
refused "an SVG with an entity that hides a script" img/d.svg '<!DOCTYPE svg [<!ENTITY s "<script>alert(1)</script>">]><svg xmlns="http://www.w3.org/2000/svg">&s;</svg>'
refused "an SVG with an xml-stylesheet" img/d.svg "<?xml-stylesheet href=\"x.xsl\" type=\"text/xsl\"?>$(svg '')"
refused "an SVG that is not well-formed" img/d.svg '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</svg>'
refused "an XHTML page named .svg" img/d.svg '<html xmlns="http://www.w3.org/1999/xhtml"><body onload="alert(1)"/></html>'

echo "# a plain SVG, with its own gradients and a raster image in it, is published"
fresh
svg '<defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect fill="url(#g)" width="9" height="9"/><use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/><a href="#g"><text>ok</text></a>' >"$book/content/img/plain.svg"
printf '\n![A plain diagram](img/plain.svg)\n' >>"$book/content/01-base.md"
timeout 30 "$BIN" build -C "$book" -o "$TMP/out" >"$TMP/log" 2>&1
rc=$?
check "it builds" '[ $rc -eq 0 ]' "$(head -3 "$TMP/log")"
check "it is published as it was written" 'cmp -s "$book/content/img/plain.svg" "$TMP/out/img/plain.svg"'
check "a PDF or a picture is still published" 'echo "%PDF-1.4" >"$book/content/img/a.pdf" &&
	timeout 30 "$BIN" build -C "$book" -o "$TMP/out" -q && cmp -s "$book/content/img/a.pdf" "$TMP/out/img/a.pdf"'
