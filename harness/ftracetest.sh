#!/usr/bin/env bash
# Run upstream's ftracetest (from the base tree, never copied into the
# repository) in the guest, and write one line per test case:
#     <dir>/<file>.tc[ (instance)]<TAB><RESULT>
# to build/ftracetest/<flavour>/results, plus the raw output and a summary.
#
# Usage: harness/ftracetest.sh [flavour] [ftracetest args...]
. "$(dirname "$0")/lib.sh"

flavour=${1:-test}
shift || true
"$TOP/harness/compose.sh" base
suite=$BUILD/base/src/tools/testing/selftests/ftrace
# FTRACETEST_OUT: another place for the results (check.sh's rerun).
out=${FTRACETEST_OUT:-$BUILD/ftracetest/$flavour}
mkdir -p "$out"

# The test and sample modules the suite loads with modprobe
# (preemptirq_delay_test, trace-printk, trace-events-sample, ftrace-direct
# and ftrace-direct-too) that the kernel built, installed where modprobe
# looks, with their modules.dep made in the guest.
kdir=$BUILD/kernels/$flavour
mods=() prep=
rel=$(cat "$kdir/include/config/kernel.release" 2>/dev/null || true)
for m in kernel/trace/tests/preemptirq_delay_test.ko \
	 kernel/trace/preemptirq_delay_test.ko \
	 samples/trace_printk/trace-printk.ko \
	 samples/trace_events/trace-events-sample.ko \
	 samples/ftrace/ftrace-direct.ko samples/ftrace/ftrace-direct-too.ko; do
	[ -n "$rel" ] && [ -f "$kdir/$m" ] || continue
	mods+=(-a "$kdir/$m:/lib/modules/$rel/extra/${m##*/}")
	prep="depmod -a && "
done

# Cases that bring this flavour's kernel down (tests/ftracetest.skip):
# without arguments, run every other case, and record them as SKIPPED.
# FTRACETEST_EXCLUDE: cases (under test.d/, one per line) the caller runs
# in a guest of their own (check.sh's timing cases): left out, unrecorded.
skipped=$(awk -F'\t' -v f="$flavour" '$1 == f { print $2 }' "$TOP/tests/ftracetest.skip")
if [ $# -eq 0 ] && [ -n "$skipped${FTRACETEST_EXCLUDE:-}" ]; then
	# In the suite's own order: find | sort.
	set -- $( (cd "$suite/test.d" && find . -name '*.tc' | sed 's|^\./||' |
		LC_ALL=C sort) |
		grep -vxF -f <(printf '%s\n' "$skipped" "${FTRACETEST_EXCLUDE:-}" | sed '/^$/d') |
		sed 's|^|test.d/|')
fi

start=$(date +%s)
set +e
"$TOP/harness/vm" -k "$flavour" -t "${FTRACETEST_TIMEOUT:-3000}" \
	-a "$suite:/opt/ftracetest" "${mods[@]}" \
	"${prep}cd /opt/ftracetest && set -o pipefail &&
	 ./ftracetest -l /tmp/ftracetest-logs $* 2>&1 |
	 while IFS= read -r l; do echo \"\$(date +%s) \$l\"; done;
	 rc=\$?; echo '@@@ logs'; tail -n +1 /tmp/ftracetest-logs/*-log.* 2>/dev/null;
	 exit \$rc" > "$out/raw" 2> "$out/vm.stderr"
vmrc=$?
set -e
secs=$(( $(date +%s) - start ))
# The suite keeps the log of every case that did not pass: after the
# marker, into logs, so that a failure seen once can be read afterwards.
# Each line of the suite's output comes with the guest's time: each
# case's seconds go into times, longest first, so that a slow run shows
# where its time went.
sed '/^@@@ logs/,$d' "$out/raw" | tr -d '\r' > "$out/stamped"
sed -E 's/^[0-9]+ //' "$out/stamped" > "$out/output"
sed '1,/^@@@ logs/d' "$out/raw" > "$out/logs"
awk '/^[0-9]+ / { s = $1; if (t != "" && $2 ~ /^\[[0-9]+\]$/) { $1 = s - t; print }
		  t = s }' "$out/stamped" | sort -rn > "$out/times"
rm -f "$out/stamped"
rm -f "$out/raw"

# description -> test file, from the suite itself. The suite prints each
# description with printf, so "%%" shows as "%".
(cd "$suite/test.d" && grep -m1 -H '^#[ \t]*description:' */*.tc */*/*.tc 2>/dev/null) |
	sed -E 's/^([^:]*):#[ \t]*description:[ \t]*(.*)$/\2\t\1/; s/%%/%/g' > "$out/map"

# Two files may share a description (6.12: fgraph-filter.tc and
# fgraph-multi.tc); the suite runs its files in sorted order, so the n-th
# result with a description is the n-th file that has it.
declare -A seen=()
tr -d '\r' < "$out/output" |
	sed -nE 's/^\[[0-9]+\] (\(instance\) )? *(.*[^ \t])[ \t]*\[([A-Z]+)\]$/\2|\1|\3/p' |
	while IFS='|' read -r desc inst result; do
		n=$(( ${seen["$inst$desc"]:-0} + 1 ))
		seen["$inst$desc"]=$n
		file=$(awk -F'\t' -v d="$desc" -v n="$n" '$1 == d && !--n { print $2; exit }' "$out/map")
		[ -n "$file" ] || file="?$desc"
		printf '%s%s\t%s\n' "$file" "${inst:+ (instance)}" "$result"
	done > "$out/results"
for t in $skipped; do printf '%s\tSKIPPED\n' "$t" >> "$out/results"; done

summary=$(tr -d '\r' < "$out/output" | grep -E '^# of ' | tr '\n' ' ')
{
	echo "flavour: $flavour"
	echo "seconds: $secs"
	echo "vm exit: $vmrc"
	for r in PASS FAIL UNRESOLVED UNTESTED UNSUPPORTED XFAIL UNDEFINED SKIPPED; do
		printf '%s: %s\n' "$r" "$(cut -f2 "$out/results" | grep -cx "$r")"
	done
	echo "total: $(wc -l < "$out/results")"
} > "$out/summary"
cat "$out/summary"
[ -n "$summary" ] || { msg "ftracetest did not finish:"; cat "$out/vm.stderr" >&2; }
# 125 is the harness's own failure (timeout or a kernel problem on the console).
[ $vmrc -ne 125 ] || { cat "$out/vm.stderr" >&2; exit 125; }
exit 0
