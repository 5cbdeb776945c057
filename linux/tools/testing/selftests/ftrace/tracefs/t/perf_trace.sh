# SPDX-License-Identifier: GPL-2.0
# perf trace -s (Debian's linux-perf): the syscalls of a command, from the
# raw_syscalls events, summed per syscall.
# limit: 240
command -v perf >/dev/null || skip "no perf in the guest"
out=/tmp/perf-trace.out
perf trace -s -- dd if=/dev/zero of=/dev/null bs=512 count=7 > $out 2>&1 ||
	fail "perf trace -s: $(tail -n 5 $out)"
grep -q 'Summary of events' $out || fail "no summary: $(head -n 5 $out)"
grep -Eq '^ *dd \([0-9]+\), [0-9]+ events' $out || fail "no dd in the summary: $(head -n 8 $out)"
# dd read and wrote 7 blocks: at least 7 calls of each (plus its start-up).
r=$(awk '$1 == "read" { print $2 }' $out)
w=$(awk '$1 == "write" { print $2 }' $out)
[ "${r:-0}" -ge 7 ] || fail "read calls: ${r:-none}: $(cat $out)"
[ "${w:-0}" -ge 7 ] || fail "write calls: ${w:-none}: $(cat $out)"
