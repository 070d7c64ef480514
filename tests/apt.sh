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
	# apt's progress only when it fails: a test's output is for its results
	apt_log=$(mktemp)
	$sudo apt-get update -qq >"$apt_log" 2>&1 || true
	if ! $sudo apt-get install -y -qq --no-install-recommends "$@" >>"$apt_log" 2>&1; then
		cat "$apt_log" >&2
		rm -f "$apt_log"
		return 1
	fi
	rm -f "$apt_log"
}
