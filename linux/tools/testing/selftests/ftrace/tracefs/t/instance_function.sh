# SPDX-License-Identifier: GPL-2.0
# The function tracer in an instance: its own set_ftrace_filter and
# set_ftrace_notrace, records in its own buffer only, side by side with
# the top array's function tracer; rmdir stops it; module functions leave
# its filter when the module goes.
# limit: 300
[ -f set_ftrace_filter ] || skip "no function filters"
grep -qw function available_tracers || skip "no function tracer"
i=instances/fn
[ ! -d $i ] || rmdir $i
mkdir $i || fail "mkdir $i"
for f in set_ftrace_filter set_ftrace_notrace; do
	[ -f $i/$f ] || fail "no $i/$f"
done
grep -qw function $i/available_tracers ||
	fail "available_tracers: $(cat $i/available_tracers)"
[ "$(cat $i/set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	fail "empty filter reads: $(cat $i/set_ftrace_filter)"

# The filters are the instance's own.
echo vfs_read > $i/set_ftrace_filter || fail "filter rejected"
[ "$(cat $i/set_ftrace_filter)" = vfs_read ] ||
	fail "filter: $(cat $i/set_ftrace_filter)"
[ "$(head -n 1 set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	fail "the top filter followed: $(head -n 2 set_ftrace_filter)"
echo 'vfs_*' > $i/set_ftrace_filter
echo vfs_write > $i/set_ftrace_notrace
grep -qx vfs_write $i/set_ftrace_filter || fail "vfs_* lacks vfs_write"
[ -z "$(cat set_ftrace_notrace)" ] || fail "top notrace followed"
# A bad term changes nothing.
[ "$(write_errno $i/set_ftrace_filter no_such_fn_xyz)" = "Invalid argument" ] ||
	fail "an unknown function accepted"
grep -qx vfs_read $i/set_ftrace_filter || fail "a rejected write changed it"

# Commands are each array's own, and act on its buffer.
echo 'vfs_read:traceoff:1' >> $i/set_ftrace_filter || fail "traceoff rejected"
# (reading the file is a vfs_read: the count may be gone already)
grep -Eqx 'vfs_read:traceoff:count=[01]' $i/set_ftrace_filter ||
	fail "instance commands: $(grep : $i/set_ftrace_filter)"
grep -q traceoff set_ftrace_filter && fail "the top lists the instance's command"
cat /proc/version > /dev/null
[ "$(cat $i/tracing_on)" = 0 ] || fail "traceoff did not stop the instance"
[ "$(cat tracing_on)" = 1 ] || fail "traceoff stopped the top"
echo 1 > $i/tracing_on
echo '!vfs_read:traceoff' >> $i/set_ftrace_filter
echo 'vfs_read:stacktrace:1' >> $i/set_ftrace_filter
echo > $i/trace
echo > trace
cat /proc/version > /dev/null
grep -q '<stack trace>' $i/trace || fail "no stack in $i/trace"
grep -q '<stack trace>' trace && fail "the instance's stack reached the top"
echo '!vfs_read:stacktrace' >> $i/set_ftrace_filter
if [ -f $i/snapshot ]; then
	echo 'vfs_read:snapshot:1' >> $i/set_ftrace_filter ||
		fail "snapshot command rejected"
	echo snap-cmd > $i/trace_marker
	cat /proc/version > /dev/null
	grep -q snap-cmd $i/snapshot || fail "the command took no snapshot"
	[ "$(write_errno $i/snapshot 0)" = "Device or resource busy" ] ||
		fail "snapshot freed while a command is armed"
	echo '!vfs_read:snapshot' >> $i/set_ftrace_filter
	echo 0 > $i/snapshot
fi
# enable_event names the instance's event.
ev=$i/events/sched/sched_switch
echo 'vfs_read:enable_event:sched:sched_switch:1' >> $i/set_ftrace_filter ||
	fail "enable_event rejected"
grep -Eqx 'vfs_read:enable_event:sched:sched_switch:count=[01]' \
	$i/set_ftrace_filter || fail "listing: $(grep : $i/set_ftrace_filter)"
cat /proc/version > /dev/null
[ "$(cat $ev/enable)" = "1*" ] || fail "not unmuted: $(cat $ev/enable)"
[ "$(cat events/sched/sched_switch/enable)" = 0 ] || fail "the top's followed"
echo '!vfs_read:enable_event:sched:sched_switch' >> $i/set_ftrace_filter
[ "$(cat $ev/enable)" = 1 ] || fail "left: $(cat $ev/enable)"
echo 0 > $ev/enable
[ -z "$(grep : $i/set_ftrace_filter)" ] ||
	fail "commands left: $(grep : $i/set_ftrace_filter)"

# Function records go to the instance only, filtered by its sets.
echo > trace
echo function > $i/current_tracer || fail "function rejected"
[ "$(cat $i/current_tracer)" = function ] || fail "current_tracer"
[ "$(cat current_tracer)" = nop ] || fail "top tracer changed"
cat /proc/version > /dev/null
echo hi > /tmp/fn.$$ && cat /tmp/fn.$$ > /dev/null
echo 0 > $i/tracing_on
grep -q '^# tracer: function' $i/trace || fail "header: $(head -n 1 $i/trace)"
grep -q ' vfs_read <-' $i/trace || fail "no vfs_read: $(tail -3 $i/trace)"
grep -q ' vfs_write <-' $i/trace && fail "notrace vfs_write was traced"
bad=$(grep -v '^#' $i/trace | grep -v ' vfs_' | head -n 1)
[ -z "$bad" ] || fail "outside the filter: $bad"
grep -q ' vfs_read <-' trace && fail "function records at the top"
echo 1 > $i/tracing_on

# Both arrays trace, each with its own filter.
echo schedule > set_ftrace_filter
echo function > current_tracer
echo > $i/trace
sleep 0.2
cat /proc/version > /dev/null
echo 0 > tracing_on
echo 0 > $i/tracing_on
grep -q ' schedule <-' trace || fail "top: no schedule"
grep -q ' vfs_read <-' trace && fail "top got the instance's functions"
grep -q ' vfs_read <-' $i/trace || fail "instance: no vfs_read"
grep -q ' schedule <-' $i/trace && fail "instance got schedule"
echo nop > current_tracer
echo 1 > tracing_on
: > set_ftrace_filter
echo 1 > $i/tracing_on
# The instance still traces with the top off.
echo > $i/trace
cat /proc/version > /dev/null
grep -q ' vfs_read <-' $i/trace || fail "instance stopped with the top"

# func_stack_trace and set_ftrace_pid are the instance's own.
echo 1 > $i/options/func_stack_trace
[ "$(cat options/func_stack_trace)" = 0 ] || fail "the top's func_stack_trace followed"
echo > $i/trace
cat /proc/version > /dev/null
grep -q '<stack trace>' $i/trace || fail "no stack after a function"
echo 0 > $i/options/func_stack_trace
read -r mypid rest < /proc/self/stat
echo $mypid > $i/set_ftrace_pid
[ "$(cat set_ftrace_pid)" = "no pid" ] || fail "the top's set_ftrace_pid followed"
echo > $i/trace
cat /proc/version > /dev/null
(read -r x < /proc/version)
grep -q ' vfs_read <-' $i/trace && fail "set_ftrace_pid let another task through"
: > $i/set_ftrace_pid
echo > $i/trace
cat /proc/version > /dev/null
grep -q ' vfs_read <-' $i/trace || fail "no vfs_read without a pid list"

# Changing the filter while tracing takes effect.
echo vfs_write > $i/set_ftrace_filter
: > $i/set_ftrace_notrace
echo > $i/trace
echo x > /tmp/fn.$$
grep -q ' vfs_write <-' $i/trace || fail "new filter: no vfs_write"

# nop stops it; rmdir with the tracer on stops it too.
echo nop > $i/current_tracer
echo > $i/trace
echo x > /tmp/fn.$$
grep -q ' vfs_write <-' $i/trace && fail "records after nop"
echo function > $i/current_tracer
echo 'schedule:traceoff' >> $i/set_ftrace_filter
rmdir $i || fail "rmdir with function on"
grep -q '(1)' enabled_functions && fail "sites left on: $(head -3 enabled_functions)"
rm -f /tmp/fn.$$

# A module's functions leave an instance's filter when it goes.
mod=/opt/tracefs/fentry_test_mod.ko
if [ -f $mod ]; then
	mkdir $i
	insmod $mod || fail "insmod"
	echo ':mod:fentry_test_mod' > $i/set_ftrace_filter ||
		fail ":mod: rejected"
	grep -q "\[fentry_test_mod\]" $i/set_ftrace_filter ||
		fail "no module functions: $(head -2 $i/set_ftrace_filter)"
	rmmod fentry_test_mod
	[ -z "$(cat $i/set_ftrace_filter)" ] ||
		fail "module functions left: $(head -2 $i/set_ftrace_filter)"
	rmdir $i
fi

# function_graph in an instance: its own filter and buffer, beside the
# top's, and rmdir while it runs.
if grep -qw function_graph available_tracers; then
	mkdir $i
	grep -qw function_graph $i/available_tracers ||
		fail "function_graph not offered: $(cat $i/available_tracers)"
	echo vfs_read > $i/set_ftrace_filter
	echo function_graph > $i/current_tracer || fail "function_graph rejected"
	echo schedule > set_ftrace_filter
	echo function_graph > current_tracer
	cat /proc/version > /dev/null
	sleep 0.1
	echo 0 > $i/tracing_on
	echo 0 > tracing_on
	grep -q '^# tracer: function_graph' $i/trace || fail "graph header"
	grep -Eq 'vfs_read\(\);|vfs_read\(\) \{' $i/trace ||
		fail "no vfs_read in the graph: $(tail -3 $i/trace)"
	bad=$(grep -E '\(\);|\(\) \{' $i/trace | grep -v vfs_read | head -n 1)
	[ -z "$bad" ] || fail "outside the instance's filter: $bad"
	grep -q vfs_read trace && fail "the instance's graph reached the top"
	grep -Eq 'schedule\(\)' trace || fail "the top's graph: $(tail -3 trace)"
	echo nop > current_tracer
	: > set_ftrace_filter
	echo 1 > tracing_on
	echo 1 > $i/tracing_on
	rmdir $i || fail "rmdir with function_graph on"
	! grep -q '(1)' enabled_functions || fail "sites left on"
fi
