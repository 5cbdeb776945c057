# SPDX-License-Identifier: GPL-2.0
# Who may open perf events on trace events, as upstream decides: a user
# (tracer, reading tracefs through the mount's gid=) counts per task once
# kernel.perf_event_paranoid allows kernel events (1), records the raw
# records only of the events any user may sample per task (the syscall
# events), and records the others only with paranoid -1. Root may always.
# limit: 240
command -v perf >/dev/null || skip "no perf in the guest"
grep -q '^tracer:' /etc/passwd && grep -q '^tracing:.*:tracer$' /etc/group ||
	skip "no user tracer in group tracing in this image"
gid=$(sed -n 's/^tracing:x:\([0-9]*\):.*/\1/p' /etc/group)
opts=$(sed -n 's|^[^ ]* /sys/kernel/tracing tracefs \([^ ]*\) .*|\1|p' /proc/mounts)
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
dir=$(mktemp -d)
chmod 777 "$dir"
cleanup() {
	rc=$?
	set +e
	echo "$paranoid" > /proc/sys/kernel/perf_event_paranoid
	mount -o "remount,$opts,gid=0,mode=700" /sys/kernel/tracing
	rm -rf "$dir"
	exit $rc
}
trap cleanup EXIT
mount -o "remount,$opts,gid=$gid,mode=750" /sys/kernel/tracing
out=$dir/out
# as_user CMD: run the shell line CMD as tracer, in $dir; output in $out.
as_user() {
	su tracer -s /bin/sh -c "cd $dir && $1" > $out 2>&1
}
task="dd if=/dev/zero of=$dir/f bs=1 count=1"

# 2: no kernel events for users at all (perf falls back to user-only
# counting, the :u modifier, which a tracepoint never hits).
echo 2 > /proc/sys/kernel/perf_event_paranoid
as_user "perf stat -e sched:sched_switch -- sleep 0.01" || true
! grep -Eq '^ +[0-9,]+ +sched:sched_switch( |$)' $out ||
	fail "paranoid 2: a user counted sched_switch: $(cat $out)"
! grep -Eq '^ +[1-9][0-9,]* +sched:sched_switch' $out ||
	fail "paranoid 2: a user counted sched_switch: $(cat $out)"

# 1: counting per task, raw records of the syscall events only.
echo 1 > /proc/sys/kernel/perf_event_paranoid
as_user "perf stat -e sched:sched_switch -e syscalls:sys_enter_openat -- \
	sh -c '$task; sleep 0.01'" ||
	fail "paranoid 1: perf stat as a user: $(tail -n 5 $out)"
grep -Eq '^ +[1-9][0-9,]* +syscalls:sys_enter_openat *$' $out ||
	fail "paranoid 1: a user's count of openat: $(cat $out)"
grep -Eq '^ +[1-9][0-9,]* +sched:sched_switch *$' $out ||
	fail "paranoid 1: a user could not count sched_switch: $(cat $out)"
as_user "perf record -o $dir/d -e syscalls:sys_enter_openat -- $task && perf script -i $dir/d" ||
	fail "paranoid 1: a user's record of openat: $(tail -n 5 $out)"
grep -q 'syscalls:sys_enter_openat:' $out || fail "no openat sample: $(head -n 5 $out)"
as_user "perf record -o $dir/d -e raw_syscalls:sys_enter -- $task && perf script -i $dir/d" ||
	fail "paranoid 1: a user's record of raw_syscalls: $(tail -n 5 $out)"
grep -q 'raw_syscalls:sys_enter:' $out || fail "no sys_enter sample: $(head -n 5 $out)"
if as_user "perf record -o $dir/d -e sched:sched_switch -- sleep 0.01"; then
	fail "paranoid 1: a user recorded sched_switch's raw records"
fi
# ftrace:function is for root, even to count.
if as_user "perf stat -e ftrace:function --filter 'ip == vfs_read' -- $task"; then
	fail "paranoid 1: a user opened ftrace:function: $(cat $out)"
fi
# System-wide is for root.
if as_user "perf stat -a -e sched:sched_switch -- true"; then
	grep -Eq '^ +[0-9,]+ +sched:sched_switch' $out &&
		fail "paranoid 1: a user counted system-wide: $(cat $out)"
fi

# -1: everything.
echo -1 > /proc/sys/kernel/perf_event_paranoid
as_user "perf record -o $dir/d -e sched:sched_switch -- sleep 0.01 && perf script -i $dir/d" ||
	fail "paranoid -1: a user's record of sched_switch: $(tail -n 5 $out)"
grep -q 'sched:sched_switch:' $out || fail "no sched_switch sample: $(head -n 5 $out)"

# Root records sched_switch whatever the setting.
echo 2 > /proc/sys/kernel/perf_event_paranoid
perf record -o $dir/d -e sched:sched_switch -- sleep 0.01 > $out 2>&1 &&
	perf script -i $dir/d > $out 2>&1 || fail "root's record: $(tail -n 5 $out)"
grep -q 'sched:sched_switch:' $out || fail "root has no sched_switch sample: $(head -n 5 $out)"
