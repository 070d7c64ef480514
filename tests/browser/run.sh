#!/bin/sh
# run.sh — run the browser tests (tests/browser/run.js) against site/.
#
#   tests/browser/run.sh [SITE_DIR] [--only SUBSTRING] [--no-axe]      (default: site/)
#
# Installs what the tests need when it is missing: Debian's chromium (with
# apt-get, as root or with passwordless sudo) and the pinned npm packages
# (npm ci, from package-lock.json; install scripts are not run, so nothing
# downloads a browser or a Java runtime).  Prints "ok - …" / "not ok - …"
# lines and ends with "N passed, M failed".
set -eu
here=$(cd "$(dirname "$0")" && pwd)

. "$here/../apt.sh"

command -v node >/dev/null 2>&1 || apt_install "browser tests" nodejs npm
command -v npm >/dev/null 2>&1 || apt_install "browser tests" npm
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || apt_install "browser tests" chromium

if [ ! -d "$here/node_modules/playwright-core" ] || [ ! -d "$here/node_modules/axe-core" ]; then
	echo "# installing npm packages in tests/browser" >&2
	(cd "$here" && npm ci --ignore-scripts --no-audit --no-fund >&2)
fi

# Without a Chinese font the screenshots (test artifacts) show boxes.
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=zh 2>/dev/null | head -1)" ]; then
	apt_install "browser tests" fonts-noto-cjk || echo "# note: no Chinese font; screenshots will show boxes" >&2
fi

exec node "$here/run.js" "$@"
