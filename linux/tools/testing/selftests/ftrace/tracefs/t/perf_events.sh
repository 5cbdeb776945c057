# SPDX-License-Identifier: GPL-2.0
# perf stat -e and perf record -e on tracepoints. Until event tracing has
# its perf hook, the kernel refuses to open them with EOPNOTSUPP; the test
# checks that and skips. Once they open, it counts and records for real.
# limit: 180
command -v perf >/dev/null || skip "no perf in the guest"
out=/tmp/perf-events.out
perf stat -e sched:sched_process_exec -- /usr/bin/cat /dev/null > $out 2>&1 ||
	fail "perf stat: $(tail -n 5 $out)"
# perf prints "<not supported>" for a counter the kernel refused to open.
if grep -q '<not supported> *sched:sched_process_exec' $out; then
	skip "tracepoint perf events are not supported yet (EOPNOTSUPP)"
fi
grep -Eq '^ +1 +sched:sched_process_exec' $out ||
	fail "perf stat counted no exec: $(cat $out)"
d=/mnt/scratch/perf.data
[ -d /mnt/scratch ] || d=/tmp/perf.data
perf record -o $d -e sched:sched_process_exec -- /usr/bin/cat /dev/null > $out 2>&1 ||
	fail "perf record: $(tail -n 5 $out)"
perf script -i $d > $out 2>&1 || fail "perf script: $(tail -n 5 $out)"
grep -q 'sched:sched_process_exec: filename=/usr/bin/cat' $out ||
	fail "no exec sample: $(head -n 5 $out)"
