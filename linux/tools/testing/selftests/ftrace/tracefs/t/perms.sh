# SPDX-License-Identifier: GPL-2.0
# tracefs is root's by default: a user reads no trace data and changes no
# setting. Mounted with gid=, the group reads what upstream lets it read
# (files 0440 and 0640) and writes trace_marker (0220), and still changes
# no setting. The README gives the mount option.
grep -qF '[gid=<gid>]' README || fail "the README lacks [gid=<gid>]"
grep -q '^tracer:' /etc/passwd && grep -q '^tracing:.*:tracer$' /etc/group ||
	skip "no user tracer in group tracing in this image"
gid=$(sed -n 's/^tracing:x:\([0-9]*\):.*/\1/p' /etc/group)
opts=$(sed -n 's|^[^ ]* /sys/kernel/tracing tracefs \([^ ]*\) .*|\1|p' /proc/mounts)
cleanup() {
	rc=$?
	set +e
	mount -o "remount,$opts,gid=0,mode=700" /sys/kernel/tracing
	exit $rc
}
trap cleanup EXIT
# as USER CMD: run CMD (a shell line) as USER, in the tracing directory.
as() {
	su "$1" -s /bin/sh -c "cd /sys/kernel/tracing && $2" 2>/dev/null
}
# Modes as upstream's: settings 0640, read-only files 0440, markers 0220.
for f in tracing_on buffer_size_kb current_tracer set_event trace \
	 events/sched/sched_switch/enable events/sched/sched_switch/filter; do
	[ "$(stat -c %a $f)" = 640 ] || fail "$f: mode $(stat -c %a $f), not 640"
done
for f in README trace_pipe available_tracers events/sched/sched_switch/format \
	 events/sched/sched_switch/id per_cpu/cpu0/trace_pipe_raw; do
	[ "$(stat -c %a $f)" = 440 ] || fail "$f: mode $(stat -c %a $f), not 440"
done
[ "$(stat -c %a trace_marker)" = 220 ] || fail "trace_marker: mode $(stat -c %a trace_marker)"

echo 1 > tracing_on
echo root-mark > trace_marker
# Without the group: even with the directories open to all (mode=755),
# the files' modes let a user do nothing.
mount -o "remount,$opts,gid=0,mode=755" /sys/kernel/tracing
for f in trace trace_pipe README available_tracers; do
	! as tracer "cat $f > /dev/null" || fail "a user read $f"
done
! as tracer "echo 0 > tracing_on" || fail "a user wrote tracing_on"
! as tracer "echo user-mark > trace_marker" || fail "a user wrote trace_marker"
[ "$(cat tracing_on)" = 1 ] || fail "tracing_on changed"

# gid=: the group reads and marks, and changes no setting.
mount -o "remount,$opts,gid=$gid,mode=750" /sys/kernel/tracing
[ "$(stat -c %g trace)" = "$gid" ] || fail "trace's group $(stat -c %g trace), not $gid"
[ "$(stat -c %g events/sched/sched_switch/enable)" = "$gid" ] ||
	fail "an event file's group is not $gid"
as tracer "grep -q root-mark trace" || fail "the group cannot read trace"
as tracer "cat events/sched/sched_switch/format > /dev/null" ||
	fail "the group cannot read a format"
as tracer "echo group-mark > trace_marker" || fail "the group cannot write trace_marker"
grep -q group-mark trace || fail "the group's marker is not in the trace"
for f in tracing_on buffer_size_kb current_tracer events/sched/sched_switch/enable; do
	before=$(cat $f)
	! as tracer "echo 0 > $f" || fail "the group wrote $f"
	[ "$(cat $f)" = "$before" ] || fail "$f changed"
done
! as tracer "mkdir instances/perm" || fail "the group made an instance"
[ ! -d instances/perm ] || fail "instances/perm exists"
