#!/usr/bin/env bash
# Our tracefs selftests as a kselftest collection: installed from the
# composed tree with kselftest's own make (TARGETS=ftrace/tracefs; built
# under O=, so that the composed tree stays what the series makes), run in
# the guest by run_kselftest.sh, reporting KTAP; two tests are enough to
# show the plumbing (the whole suite runs in make check's selftests boot).
. "$(dirname "$0")/lib.bash"
src=$TOP/build/ours/src/tools/testing/selftests
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
install_it() {
	make -s -C "$src" O="$tmp/out" TARGETS=ftrace/tracefs INSTALL_PATH="$tmp/ks" install \
		> "$tmp/install.log" 2>&1 || { sed 's/^/# /' "$tmp/install.log"; return 1; }
}
check "kselftest install of ftrace/tracefs" install_it
static_tfs() { file "$tmp/ks/ftrace/tracefs/tfs" | grep -q 'statically linked'; }
check "tfs built static beside run.sh" static_tfs
out=$("$TOP/harness/vm" -q -t 300 -a "$tmp/ks:/opt/ks" \
	'cd /opt/ks && TRACEFS_TESTS="tracing_on trace_marker" ./run_kselftest.sh' 2>&1)
echo "$out" | sed 's/^/# /'
check "run_kselftest.sh lists the collection" \
	grep -q '^# selftests: ftrace/tracefs: run.sh' <<< "$out"
check "run.sh's own KTAP inside it" grep -q '^# ok 2 trace_marker' <<< "$out"
check "the collection passes" grep -q '^ok 1 selftests: ftrace/tracefs: run.sh' <<< "$out"
