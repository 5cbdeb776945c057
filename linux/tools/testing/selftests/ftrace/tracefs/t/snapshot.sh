# SPDX-License-Identifier: GPL-2.0
# The snapshot: the file's 0/1/2 commands and their errors, per-CPU
# copies, the latency tracers owning the buffer, the snapshot trigger and
# function command with counts, and readers that outlive a swap and free.
[ -f snapshot ] || skip "no snapshot"
snap_marks() { sed -n 's/^.*tracing_mark_write: //p' "${1:-snapshot}"; }
# A failure must not leave the snapshot armed for the tests after this one.
trig=events/sched/sched_process_fork/trigger
cleanup() {
	rc=$?
	set +e
	[ ! -f $trig ] || echo '!snapshot' > $trig 2>/dev/null
	[ ! -f $trig ] || echo 0 > ${trig%/*}/enable
	[ ! -f set_ftrace_filter ] ||
		echo '!kernel_clone:snapshot' >> set_ftrace_filter 2>/dev/null
	echo 1 > options/overwrite
	echo 0 > snapshot
	exit $rc
}
trap cleanup EXIT

# Freed: the file says so and holds no record.
grep -q '^# \* Snapshot is freed \*$' snapshot || fail "not freed: $(cat snapshot)"
[ -z "$(grep -v '^#' snapshot)" ] || fail "records in a freed snapshot"
expect_reject snapshot abc "Invalid argument"
expect_reject snapshot -1 "Invalid argument"
expect_reject per_cpu/cpu0/snapshot 1 "Invalid argument"
expect_reject per_cpu/cpu0/snapshot 0 "Invalid argument"
grep -q 'Snapshot is freed' snapshot || fail "a rejected write allocated it"

# 1 swaps: what was in the trace is in the snapshot, and the trace goes on
# in the other buffer.
echo first > trace_marker
echo 1 > snapshot
grep -q '^# \* Snapshot is allocated \*$' snapshot || fail "not allocated"
[ "$(snap_marks)" = first ] || fail "snapshot: $(cat snapshot)"
[ -z "$(snap_marks trace)" ] || fail "trace kept the snapshot's records"
grep -q '^# entries-in-buffer/entries-written: 1/1 ' snapshot ||
	fail "snapshot counts: $(head -n 8 snapshot)"
echo second > trace_marker
[ "$(snap_marks trace)" = second ] || fail "trace after the swap: $(cat trace)"
[ "$(snap_marks)" = first ] || fail "the snapshot moved with tracing"
echo 1 > snapshot
[ "$(snap_marks)" = second ] || fail "second snapshot: $(cat snapshot)"
# Tracing stays as it was, on or off.
echo 0 > tracing_on
echo 1 > snapshot
[ "$(cat tracing_on)" = 0 ] || fail "a snapshot turned tracing on"
echo 1 > tracing_on

# The per-CPU files show one CPU each: together, the whole snapshot.
echo 0 > snapshot
echo > trace
for i in 1 2 3 4; do echo "m$i" > trace_marker; done
echo 1 > snapshot
n=0
for f in per_cpu/cpu*/snapshot; do
	n=$((n + $(snap_marks "$f" | wc -l)))
	grep -q 'Snapshot is allocated' "$f" || fail "$f: $(cat "$f")"
done
[ "$n" = 4 ] || fail "per-CPU snapshots hold $n records, not 4"
# 2 clears, per CPU or all, and keeps the buffer.
for f in per_cpu/cpu*/snapshot; do echo 2 > "$f"; done
[ -z "$(snap_marks)" ] || fail "per-CPU clears left: $(snap_marks)"
echo more > trace_marker
echo 1 > snapshot
echo 5 > snapshot
grep -q 'Snapshot is allocated' snapshot || fail "2 freed the buffer"
[ -z "$(snap_marks)" ] || fail "5 did not clear: $(snap_marks)"

# A resize carries the snapshot buffer along; it still swaps.
old_kb=$(cat buffer_size_kb)
echo 64 > buffer_size_kb
echo resized > trace_marker
echo 1 > snapshot
[ "$(snap_marks)" = resized ] || fail "after a resize: $(snap_marks)"
echo "$old_kb" > buffer_size_kb

# nooverwrite holds for the buffer a swap brings in: a full buffer keeps
# its oldest records.
echo 0 > snapshot
echo 1 > snapshot
echo 0 > options/overwrite
echo 1 > snapshot
echo 8 > buffer_size_kb
echo > trace
i=0
# Once full, a marker write fails (EBADF, as upstream's).
while [ $i -lt 600 ]; do
	echo "fill-$i" 2>/dev/null > trace_marker || break
	i=$((i + 1))
done
[ $i -lt 600 ] || fail "600 markers fitted in 8 KB a CPU"
snap_marks trace | grep -qx fill-0 || fail "nooverwrite lost the oldest after a swap"
echo 1 > options/overwrite
echo "$old_kb" > buffer_size_kb
echo > trace

# tracing_cpumask 0 while swapping: both buffers record again after.
mask=$(cat tracing_cpumask)
echo 0 > tracing_cpumask
echo 1 > snapshot
echo "$mask" > tracing_cpumask
echo after-mask > trace_marker
grep -q after-mask trace || fail "no record after the cpumask round trip"

# A reader of trace keeps the buffer it reads through a swap and a free.
echo > trace
echo held > trace_marker
exec 3< trace
echo 1 > snapshot
echo 0 > snapshot
grep -q 'tracing_mark_write: held' <&3 || fail "the held reader lost its records"
exec 3<&-
grep -q 'Snapshot is freed' snapshot || fail "not freed once the reader went"

# A latency tracer owns the buffer: writes are refused.
if grep -qw irqsoff available_tracers; then
	echo 1 > snapshot
	echo irqsoff > current_tracer
	# (What it shows changes with each new latency.)
	for v in 0 1 2; do
		got=$(write_errno snapshot $v)
		[ "$got" = "Device or resource busy" ] ||
			fail "writing $v under irqsoff: $got"
	done
	echo nop > current_tracer
	grep -q 'Snapshot is allocated' snapshot ||
		fail "the latency tracer took the snapshot buffer with it"
	echo 0 > snapshot
	echo irqsoff > current_tracer
	echo nop > current_tracer
	grep -q 'Snapshot is freed' snapshot || fail "left allocated by irqsoff"
fi

# The trigger: armed, it allocates the buffer and keeps it from going.
if [ -f "$trig" ]; then
	grep -q '^#.* snapshot ' "$trig" ||
		fail "snapshot not listed: $(cat "$trig")"
	echo 1 > events/sched/sched_process_fork/enable
	sh -c :
	echo 'snapshot:1' > "$trig"
	grep -q 'Snapshot is allocated' snapshot || fail "the trigger did not allocate"
	# (Each fork may take the snapshot: no check that it stays the same.)
	got=$(write_errno snapshot 0)
	[ "$got" = "Device or resource busy" ] || fail "freeing while armed: $got"
	sh -c :
	grep -q sched_process_fork snapshot || fail "trigger: $(cat snapshot)"
	grep -qx 'snapshot:count=0' "$trig" || fail "count: $(cat "$trig")"
	# Spent: another fork takes no snapshot.
	kept=$(grep -v '^#' snapshot)
	sh -c :
	[ "$(grep -v '^#' snapshot)" = "$kept" ] || fail "a spent trigger swapped"
	expect_reject "$trig" 'snapshot+1' "Invalid argument"
	expect_reject "$trig" 'snapshot' "File exists"
	expect_reject "$trig" 'snapshot:0' "Invalid argument"
	echo '!snapshot' > "$trig"
	echo 'snapshot if parent_pid == 1' > "$trig"
	grep -qx 'snapshot:unlimited if parent_pid == 1' "$trig" ||
		fail "filtered: $(cat "$trig")"
	echo '!snapshot' > "$trig"
	echo 0 > events/sched/sched_process_fork/enable
	echo 0 > snapshot
	grep -q 'Snapshot is freed' snapshot || fail "not freed after the trigger"
fi

# The function command, with a count that falls at each snapshot.
if [ -f set_ftrace_filter ]; then
	echo 'kernel_clone:snapshot:2' > set_ftrace_filter
	grep -q 'Snapshot is allocated' snapshot || fail "the command did not allocate"
	echo > trace
	echo before-clone > trace_marker
	sh -c :
	[ "$(snap_marks)" = before-clone ] || fail "command: $(cat snapshot)"
	sh -c :
	grep -qx 'kernel_clone:snapshot:count=0' set_ftrace_filter ||
		fail "count: $(grep snapshot set_ftrace_filter)"
	echo not-kept > trace_marker
	sh -c :
	! snap_marks | grep -q not-kept || fail "an exhausted command took a snapshot"
	expect_reject snapshot 0 "Device or resource busy"
	echo '!kernel_clone:snapshot' >> set_ftrace_filter
	echo 0 > snapshot
fi
grep -q 'Snapshot is freed' snapshot || fail "left allocated"

# per_cpu/cpuN/snapshot_raw: the snapshot's pages, taken out as read; the
# end of file once empty. trace-cmd extract -s reads them.
[ -f per_cpu/cpu0/snapshot_raw ] || fail "no per_cpu/cpu0/snapshot_raw"
echo > trace
echo raw-snap > trace_marker
echo 1 > snapshot
cat per_cpu/cpu*/snapshot_raw > /tmp/snap.raw
grep -aq raw-snap /tmp/snap.raw || fail "no marker in snapshot_raw"
[ "$(cat per_cpu/cpu*/snapshot_raw | wc -c)" = 0 ] || fail "read twice"
grep -q raw-snap trace && fail "the swap left the marker in trace"
echo 0 > snapshot
# trace-cmd extract -s swaps the trace into the snapshot itself, reads
# the snapshot_raw files, and frees the snapshot.
if command -v trace-cmd > /dev/null; then
	echo > trace
	echo extract-me > trace_marker
	trace-cmd extract -s -o /tmp/snap.dat > /tmp/snap.log 2>&1 ||
		fail "trace-cmd extract -s: $(tail -3 /tmp/snap.log)"
	trace-cmd report -i /tmp/snap.dat 2>/dev/null | grep -q extract-me ||
		fail "trace-cmd report: $(trace-cmd report -i /tmp/snap.dat 2>&1 | tail -3)"
	grep -q 'Snapshot is freed' snapshot || echo 0 > snapshot
fi
