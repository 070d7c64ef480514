#!/bin/sh
# run.sh — run the browser tests (tests/browser/run.js) against site/.
#
#   tests/browser/run.sh [SITE_DIR] [--only SUBSTRING] [--no-axe]      (default: site/)
#
# Installs what the tests need when it is missing: Debian's chromium (with
# apt-get, as root or with passwordless sudo) and the pinned npm packages
# (npm ci, from package-lock.json; install scripts are not run, so nothing
# downloads a browser or a Java runtime).  Prints "ok - …" / "not ok - …"
# lines and ends with "N passed, M failed"; when the tests cannot start at
# all (no npm packages, a Node.js older than playwright-core needs, a
# browser that does not start) that is one "not ok" line saying why.
#
# playwright-core is pinned to the newest release that runs on Node.js 18
# (Debian 12's nodejs) as well as 20 and later; it drives Debian's chromium
# over CDP, not a browser of its own.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

. "$here/../apt.sh"

command -v node >/dev/null 2>&1 || apt_install "browser tests" nodejs npm
command -v npm >/dev/null 2>&1 || apt_install "browser tests" npm
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || apt_install "browser tests" chromium

# npm ci when a package is missing or not the version package-lock.json
# pins (npm ls fails then; it reads only node_modules, no network).
if [ ! -d "$here/node_modules/playwright-core" ] || [ ! -d "$here/node_modules/axe-core" ] ||
	! (cd "$here" && npm ls --depth=0 >/dev/null 2>&1); then
	echo "# installing npm packages in tests/browser" >&2
	if ! log=$(cd "$here" && npm ci --ignore-scripts --no-audit --no-fund 2>&1); then
		printf '%s\n' "$log" >&2
		why=$(printf '%s\n' "$log" | grep -E '^npm (ERR!|error) ' | sed -E 's/^npm (ERR!|error) +//' |
			grep -vE '^(code|errno|syscall) |complete log|_logs/|^$' | head -1)
		echo "not ok - browser tests can start: npm ci failed in tests/browser (npm $(npm --version 2>/dev/null), Node.js $(node --version 2>/dev/null)): ${why:-see its output}"
		echo "0 passed, 1 failed"
		exit 1
	fi
	printf '%s\n' "$log" >&2
fi

# Without a Chinese font the screenshots (test artifacts) show boxes.
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=zh 2>/dev/null | head -1)" ]; then
	apt_install "browser tests" fonts-noto-cjk || echo "# note: no Chinese font; screenshots will show boxes" >&2
fi

exec node "$here/run.js" "$@"
