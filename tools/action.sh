#!/bin/sh
# action.sh — the steps of action.yml (a book's CI without vendoring
# specbook), one subcommand each, so that tests/action.sh runs exactly what
# the action runs.
#
#   tools/action.sh deps              Debian packages to build and run specbook
#   tools/action.sh key               the cache key: a hash of the sources built
#   tools/action.sh build BIN_DIR     build specbook into BIN_DIR/specbook
#                                     (nothing when a cached one is there)
#   tools/action.sh check BIN_DIR BOOK_DIR [ARGS…]
#                                     specbook check BOOK_DIR ARGS…
#
# Run from anywhere: the sources are those beside this script (the
# action's checkout at the ref the workflow asked for).  Plain sh: a bare
# Debian has no more.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)

# Runs apt-get as root, or through sudo (GitHub's runners), or says what to run.
apt_install() {
	if [ "$(id -u)" = 0 ]; then
		sudo=""
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo="sudo -n"
	else
		echo "specbook: missing packages:$*; run: sudo apt-get install -y$*" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq >&2 || true
	$sudo apt-get install -y -qq --no-install-recommends "$@" >&2
}

case "${1:-}" in
deps)
	# what the Makefile needs before it can look for the rest
	need=""
	command -v make >/dev/null 2>&1 || need="$need make"
	command -v cc >/dev/null 2>&1 || need="$need gcc libc6-dev"
	command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
	[ -z "$need" ] || apt_install $need
	"$src/tools/ensure-deps.sh" build
	;;
key)
	# the sources that make the binary: the same commit gives the same key
	(cd "$src" && find Makefile generator tools specs/units.yaml templates -type f | LC_ALL=C sort |
		xargs cat | sha256sum | cut -c1-24)
	;;
build)
	bin=${2:?build BIN_DIR}
	if [ -x "$bin/specbook" ] && "$bin/specbook" --version >/dev/null 2>&1; then
		echo "specbook: cached: $("$bin/specbook" --version)"
		exit 0
	fi
	mkdir -p "$bin"
	make -C "$src" --no-print-directory BUILD="$bin/build" "$bin/build/specbook"
	cp "$bin/build/specbook" "$bin/specbook"
	rm -rf "$bin/build"
	"$bin/specbook" --version
	;;
check)
	bin=${2:?check BIN_DIR BOOK_DIR}
	bin=$(cd "$bin" && pwd)
	book=${3:?check BIN_DIR BOOK_DIR}
	shift 3
	# paths in the annotations are relative to the book: run there
	cd "$book"
	exec "$bin/specbook" check "$@"
	;;
*)
	echo "usage: tools/action.sh deps | key | build BIN_DIR | check BIN_DIR BOOK_DIR [ARGS...]" >&2
	exit 2
	;;
esac
