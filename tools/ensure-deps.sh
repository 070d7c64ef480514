#!/bin/sh
# ensure-deps.sh — make sure the Debian packages a target needs are installed.
#
#   tools/ensure-deps.sh build    libraries to build specbook (via pkg-config), and
#                                 KaTeX and highlight.js for the site's pages
#   tools/ensure-deps.sh test     + cmocka, for the unit tests; curl, valgrind and nodejs
#   tools/ensure-deps.sh fuzz     + clang and its libFuzzer runtime
#   tools/ensure-deps.sh tsan     + ThreadSanitizer's runtime for cc
#
# Installs what is missing when it can (root, or passwordless sudo);
# otherwise prints the one apt-get line to run and fails.
set -eu

need=""
check_pc() {   # pkg-config module, Debian package
	pkg-config --exists "$1" 2>/dev/null || need="$need $2"
}
check_cmd() {  # command, Debian package
	command -v "$1" >/dev/null 2>&1 || need="$need $2"
}

command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
check_pc libcmark-gfm libcmark-gfm-dev   # Markdown as GitHub reads it (core/markdown.c)
# its extensions (tables, strikethrough, ...) ship no .pc of their own
check_file() {  # file, Debian package
	[ -e "$1" ] || need="$need $2"
}
check_file /usr/include/cmark-gfm-core-extensions.h libcmark-gfm-extensions-dev
check_pc yaml-0.1 libyaml-dev
check_pc libxml-2.0 libxml2-dev
check_pc libdeflate libdeflate-dev   # the search index is written deflated (search/search.c)
# the browser libraries a site copies when they are there (generator/site/vendor.h):
# KaTeX for formulas (its fonts come with it, fonts-katex), highlight.js for code
check_file /usr/share/javascript/katex/katex.min.js libjs-katex
check_file /usr/share/javascript/highlight.js/highlight.min.js libjs-highlight.js
case "${1:-build}" in
test)
	check_pc cmocka libcmocka-dev
	check_cmd curl curl          # the serve test talks to the preview server
	check_cmd valgrind valgrind  # tests/determinism.sh builds under memcheck
	check_cmd node nodejs        # the JSON diagnostics and the search golden are read by node
	check_cmd npm npm            # the browser tests and the HTML checker are npm packages
	check_cmd perl perl-base     # tests/mentions.sh (perl-base is essential: a check, not an install)
	;;
valgrind)
	check_cmd valgrind valgrind
	;;
tsan)
	# libtsan2 comes with gcc-12 (through libgcc-12-dev); cc finds the
	# library by its full path when it is there
	case $(${CC:-cc} -print-file-name=libtsan.so 2>/dev/null) in
	/*) ;;
	*) need="$need libtsan2" ;;
	esac
	;;
fuzz)
	check_cmd clang clang
	[ -n "$(find /usr/lib -name 'libclang_rt.fuzzer-x86_64.a' 2>/dev/null | head -1)" ] ||
		need="$need libclang-rt-14-dev"
	;;
esac

[ -z "$need" ] && exit 0

if [ "$(id -u)" = 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo="sudo -n"
else
	echo "specbook: missing packages:$need" >&2
	echo "specbook: run:  sudo apt-get install -y$need" >&2
	exit 1
fi
echo "specbook: installing$need" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2 || true
$sudo apt-get install -y -qq --no-install-recommends $need >&2
