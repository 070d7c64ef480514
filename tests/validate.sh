#!/bin/sh
# validate.sh — check every page of the built site with the W3C Nu HTML
# checker (vnu.jar from npm's vnu-jar, run by Debian's Java).
#
#   tests/validate.sh [SITE_DIR]        default: site/
#
# Prints "ok - page" or "not ok - page" followed by its errors ("#   line:col:
# message"), warnings as "# warning" lines (they do not fail), and ends with
# "N passed, M failed"; exits 1 when a page has errors.  Installs what is
# missing: Java (default-jre-headless, with apt-get as root or passwordless
# sudo) and the pinned npm packages of tests/browser (npm ci, install
# scripts off, so no Java is downloaded).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
site=${1:-$repo/site}
browser=$here/browser
jar=$browser/node_modules/vnu-jar/build/dist/vnu.jar

. "$here/apt.sh"

if [ ! -f "$site/index.html" ]; then
	echo "not ok - html validation: $site/index.html not found (run make first)"
	echo "0 passed, 1 failed"
	exit 1
fi
command -v java >/dev/null 2>&1 || apt_install "html validation" default-jre-headless
command -v node >/dev/null 2>&1 || apt_install "html validation" nodejs npm
command -v npm >/dev/null 2>&1 || apt_install "html validation" npm
if [ ! -f "$jar" ]; then
	echo "# installing npm packages in tests/browser" >&2
	(cd "$browser" && npm ci --ignore-scripts --no-audit --no-fund >&2)
fi

out=$(mktemp)
trap 'rm -f "$out"' EXIT
# One JVM for every page (starting Java per page is slow); the JSON report
# is grouped by page below.  vnu exits 1 when it finds errors: not fatal.
find "$site" -name '*.html' -type f | LC_ALL=C sort > "$out.list"
trap 'rm -f "$out" "$out.list"' EXIT
tr '\n' '\0' < "$out.list" |
	xargs -0 java -Xss8m -jar "$jar" --format json --exit-zero-always 2> "$out" >&2 || true

exec node - "$site" "$out" "$out.list" <<'JS'
const fs = require("fs");
const path = require("path");
const [site, report, list] = process.argv.slice(2);
let messages = [];
try {
	messages = JSON.parse(fs.readFileSync(report, "utf8")).messages || [];
} catch (e) {
	console.log(`not ok - html validation: the checker gave no report: ${fs.readFileSync(report, "utf8").slice(0, 300)}`);
	console.log("0 passed, 1 failed");
	process.exit(1);
}
const byFile = new Map();
for (const m of messages) {
	let f = m.url ? decodeURIComponent(m.url.replace(/^file:/, "")) : "";
	f = path.relative(site, f);
	if (!byFile.has(f))
		byFile.set(f, []);
	byFile.get(f).push(m);
}
let passed = 0, failed = 0;
for (const file of fs.readFileSync(list, "utf8").split("\n").filter(Boolean)) {
	const rel = path.relative(site, file);
	const ms = byFile.get(rel) || [];
	byFile.delete(rel);
	const errors = ms.filter((m) => m.type === "error" || m.type === "non-document-error" || m.subType === "fatal");
	const warnings = ms.filter((m) => !errors.includes(m) && m.subType === "warning");
	if (errors.length) {
		failed++;
		console.log(`not ok - ${rel}`);
	} else {
		passed++;
		console.log(`ok - ${rel}`);
	}
	for (const m of errors)
		console.log(`#   ${m.lastLine || m.firstLine || 0}:${m.firstColumn || m.lastColumn || 0}: ${m.message}`);
	for (const m of warnings)
		console.log(`# warning ${rel}:${m.lastLine || 0}:${m.firstColumn || 0}: ${m.message}`);
}
for (const [rel, ms] of byFile) {
	failed++;
	console.log(`not ok - ${rel || "(no page)"}: ${ms.map((m) => m.message).join("; ")}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
JS
