# lib.sh — helpers shared by run.sh and regen.sh (sourced, not run).

# run_bad_case CASE_DIR TMP BIN — builds the case's book on top of
# tests/bad/_base in TMP, runs `specbook check` on it and writes what it
# printed, after a first line "# exit N", to TMP/got-all.
run_bad_case() {
	local case=$1 tmp=$2 bin=$3
	local dir="$tmp/book"
	rm -rf "$dir"
	mkdir -p "$dir/specs"
	cp -r tests/bad/_base/. "$dir/"
	cp specs/units.yaml "$dir/specs/"
	cp -r templates "$dir/"
	cp -r "$case". "$dir/"
	rm -f "$dir/expected"
	# setup.sh makes what is too big or too odd to commit (huge files, links)
	if [ -f "$dir/setup.sh" ]; then
		(cd "$dir" && bash ./setup.sh) && rm -f "$dir/setup.sh"
	fi
	# args: the command line, when it is not "check"
	local args="check"
	[ -f "$dir/args" ] && args=$(cat "$dir/args") && rm -f "$dir/args"
	local status
	# bounded time and memory: a case that hangs or balloons fails
	# (not under ASan, which reserves terabytes of address space for its shadow)
	# (nor under valgrind, $WRAP, which needs its own room and time)
	(cd "$dir" && case $bin in *asan*) ;; *) [ -n "${WRAP:-}" ] || ulimit -v 4000000 ;; esac &&
		timeout "${CASE_TIMEOUT:-30}" ${WRAP:-} "$bin" $args --quiet >/dev/null 2>"$tmp/got")
	status=$?
	{ echo "# exit $status"; cat "$tmp/got"; } >"$tmp/got-all"
}

# fixture_copy BOOK DEST — copies a fixture book to DEST, adding the real
# specs/units.yaml (units are data every book shares) and the fixtures'
# template (tests/fixtures/_templates) when it has none.
fixture_copy() {
	rm -rf "$2"
	cp -r "$1" "$2"
	rm -rf "$2/expected"
	mkdir -p "$2/specs"
	[ -e "$2/specs/units.yaml" ] || cp specs/units.yaml "$2/specs/"
	# fixtures share one small template, so their goldens do not move with the real one
	[ -e "$2/templates" ] || cp -r tests/fixtures/_templates "$2/templates"
}
