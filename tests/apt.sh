# apt.sh — sourced by the test scripts that install Debian packages.
#
# apt_install WHAT PACKAGE… installs the packages as root or with
# passwordless sudo; otherwise it prints a failing test line for WHAT with
# the command to run, and exits.

apt_install() {
	what=$1
	shift
	if [ "$(id -u)" = 0 ]; then
		sudo=""
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo="sudo -n"
	else
		echo "not ok - $what: missing $*; run: sudo apt-get install -y $*"
		echo "0 passed, 1 failed"
		exit 1
	fi
	echo "# installing $*" >&2
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq >&2 || true
	$sudo apt-get install -y -qq --no-install-recommends "$@" >&2
}
