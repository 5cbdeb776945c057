# SPDX-License-Identifier: GPL-2.0
# perf sched record and perf sched latency (Debian's linux-perf): the sched
# events recorded system-wide, and the latency table perf builds from
# them, with the recorded task in it.
# limit: 240
command -v perf >/dev/null || skip "no perf in the guest"
out=/tmp/perf-sched.out
d=/mnt/scratch/perf-sched.data
[ -d /mnt/scratch ] || d=/tmp/perf-sched.data
perf sched record -o $d -- sh -c 'for i in 1 2 3 4 5; do sleep 0.05; done' > $out 2>&1 ||
	fail "perf sched record: $(tail -n 5 $out)"
perf sched latency -i $d > $out 2>&1 || fail "perf sched latency: $(tail -n 5 $out)"
grep -q 'Task *| *Runtime ms *| *Switches' $out ||
	fail "no latency table: $(head -n 5 $out)"
# Each sleep switched out at least once.
n=$(awk -F'|' '$1 ~ /^ *sleep:/ { gsub(" ", "", $3); s += $3 } END { print s + 0 }' $out)
[ "$n" -ge 5 ] || fail "sleep switched $n times, not 5: $(cat $out)"
grep -Eq 'TOTAL: *\| *[0-9.]+ ms *\| *[1-9][0-9]* *\|' $out ||
	fail "no total: $(tail -n 5 $out)"
