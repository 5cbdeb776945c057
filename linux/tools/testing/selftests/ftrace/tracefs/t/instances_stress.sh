# SPDX-License-Identifier: GPL-2.0
# Instances made and removed in loops while their events are enabled and
# triggers set (some naming a module's events),
# their trace_pipe read, their function tracer and filters switched, the
# top tracer switched, a module with events
# loaded and unloaded, and the whole tree listed: no oops, WARN or
# lockdep report (the harness checks the console), and nothing left.
# limit: 300
use_test_mod
stop=/tmp/inst_stress.stop
rm -f $stop
slam() {	# NAME: make, use and remove instance NAME until told to stop
	while [ ! -e $stop ]; do
		mkdir instances/$1 2>/dev/null || continue
		echo 1 > instances/$1/events/sched/sched_switch/enable 2>/dev/null
		echo 'sched:sched_wakeup fentry_test:*' > instances/$1/set_event 2>/dev/null
		echo x > instances/$1/trace_marker 2>/dev/null
		echo 'enable_event:sched:sched_wakeup' > \
			instances/$1/events/fentry_test/fentry_test_call/trigger 2>/dev/null
		echo 'disable_event:fentry_test:fentry_test_call if pid > 1' > \
			instances/$1/events/sched/sched_switch/trigger 2>/dev/null
		echo 'traceoff:5' > instances/$1/events/sched/sched_waking/trigger 2>/dev/null
		echo 'vfs_* fentry_test*' > instances/$1/set_ftrace_filter 2>/dev/null
		echo 'vfs_read:enable_event:fentry_test:fentry_test_call' \
			>> instances/$1/set_ftrace_filter 2>/dev/null
		echo 'schedule:traceoff:3' >> instances/$1/set_ftrace_filter 2>/dev/null
		echo function > instances/$1/current_tracer 2>/dev/null
		timeout 1 cat instances/$1/trace_pipe > /dev/null 2>&1 &
		echo 0 > instances/$1/events/enable 2>/dev/null
		wait
		rmdir instances/$1 2>/dev/null
	done
}
for n in a b c; do
	slam $n &
done
(while [ ! -e $stop ]; do
	echo 1 > instances/a/events/enable 2>/dev/null
	echo function > instances/b/current_tracer 2>/dev/null
	echo nop > instances/c/current_tracer 2>/dev/null
	cat instances/b/trace > /dev/null 2>&1
	ls -lR instances > /dev/null 2>&1
done) &
(while [ ! -e $stop ]; do
	insmod $ko 2>/dev/null
	echo 3 > $poke 2>/dev/null
	rmmod $mod 2>/dev/null
done) &
(while [ ! -e $stop ]; do
	for t in function nop function_graph nop; do
		echo $t > current_tracer 2>/dev/null
	done
done) &
sleep 20
touch $stop
wait
rm -f $stop
echo nop > current_tracer
! lsmod | grep -q "^$mod " || rmmod $mod
for n in a b c; do
	[ ! -d instances/$n ] || rmdir instances/$n || fail "rmdir instances/$n"
done
[ -z "$(ls instances)" ] || fail "left behind: $(ls instances)"
# Still working: a new instance records its events.
mkdir instances/after
echo 1 > instances/after/events/sched/sched_switch/enable
sleep 0.1
echo 0 > instances/after/events/sched/sched_switch/enable
grep -q sched_switch instances/after/trace || fail "no records after the stress"
rmdir instances/after
# A module event's files in an instance, held open while the module goes,
# change nothing: ENODEV, and no probe is left on the gone tracepoint.
mkdir instances/mod
insmod $ko
e=instances/mod/events/fentry_test/fentry_test_call
exec 3> $e/trigger 4> $e/enable
rmmod $mod
(echo traceoff >&3) 2>/dev/null && fail "a gone event's trigger took a write"
(echo 1 >&4) 2>/dev/null && fail "a gone event's enable took a write"
exec 3>&- 4>&-
rmdir instances/mod || fail "rmdir instances/mod"
