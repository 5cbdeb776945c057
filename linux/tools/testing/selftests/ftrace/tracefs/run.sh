#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run the tracefs behaviour tests of this directory (t/*.sh) and report
# them in KTAP: "ok N name", "not ok N name" or "ok N name # SKIP why",
# each after a diagnostic line with its time ("# name: N s").
#
# Each test runs in its own shell in the tracing directory, with lib.sh
# sourced, under "set -e" and a time limit (LIMIT seconds, or what a
# "# limit: N" line of the test says). It passes by exiting 0, skips
# by calling skip, and fails otherwise. The tracing state is reset before
# every test.
#
# Usage: run.sh [test.sh ...]     exit status 1 when any test failed
# Without arguments: the tests TRACEFS_TESTS names (e.g. "tracing_on
# trace_marker"), or else every test. As a kselftest (Makefile), tfs is
# built beside this script.
here=$(cd "$(dirname "$0")" && pwd)
PATH=$PATH:$here
TRACING=${TRACING:-/sys/kernel/tracing}
LIMIT=${LIMIT:-120}
# An absolute path: busybox's timeout would run its own ash for plain "sh".
SH=$(command -v sh)
export TRACING here

[ -f "$TRACING/trace" ] || mount -t tracefs nodev "$TRACING" 2>/dev/null
[ -f "$TRACING/trace" ] || { echo "1..0 # SKIP no tracefs"; exit 4; }

if [ $# -eq 0 ] && [ -n "${TRACEFS_TESTS:-}" ]; then
	for t in $TRACEFS_TESTS; do set -- "$@" "$here/t/${t%.sh}.sh"; done
fi
[ $# -gt 0 ] || set -- "$here"/t/*.sh
echo "KTAP version 1"
echo "1..$#"
n=0 failed=0
for t in "$@"; do
	n=$((n + 1))
	name=$(basename "$t" .sh)
	log=/tmp/tracefs-test.$name.log
	limit=$(sed -n 's/^# limit: \([0-9]*\)$/\1/p' "$t")
	t0=$(date +%s)
	timeout "${limit:-$LIMIT}" "$SH" -c 'cd "$TRACING" && . "$here/lib.sh" && reset_tracing &&
		set -e && . "$1"' sh "$t" > "$log" 2>&1
	rc=$?
	echo "# $name: $(($(date +%s) - t0)) s"
	case $rc in
	0)	echo "ok $n $name" ;;
	4)	echo "ok $n $name # SKIP $(tail -n 1 "$log")" ;;
	*)	failed=$((failed + 1))
		[ $rc -eq 124 ] || [ $rc -eq 143 ] &&
			echo "time limit of ${limit:-$LIMIT}s reached" >> "$log"
		sed 's/^/# /' "$log"
		echo "not ok $n $name" ;;
	esac
done
echo "# $((n - failed)) passed, $failed failed"
[ $failed -eq 0 ]
