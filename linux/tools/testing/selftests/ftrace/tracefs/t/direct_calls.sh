# SPDX-License-Identifier: GPL-2.0
# Direct calls (register_ftrace_direct()) with upstream's samples
# (samples/ftrace, built against this kernel): each module's trampoline
# runs from its functions' entries and writes with trace_printk(); alone
# on a function the site calls it straight (enabled_functions says D),
# and with the function tracer on the same function both run. The
# modify samples switch their target every second under load.
# limit: 240
# in_trace PATTERN: a line of the trace matches.
in_trace() {
	grep -q "$1" trace
}

use_sample ftrace-direct
echo > trace
insmod "$ko" || fail "insmod ftrace-direct.ko"
line=$(grep '^wake_up_process ' enabled_functions) ||
	fail "wake_up_process not in enabled_functions"
case "$line" in
"wake_up_process (1) D"*"direct-->my_tramp"*) ;;
*) fail "enabled_functions: $line" ;;
esac
sleep 0.3
wait_for 10 in_trace 'waking up ' || fail "no 'waking up' line: $(tail -3 trace)"
# Shared with the function tracer: through the register-saving trampoline.
echo wake_up_process > set_ftrace_filter
echo function > current_tracer
line=$(grep '^wake_up_process ' enabled_functions)
case "$line" in
"wake_up_process (2) R D"*) ;;
*) fail "shared, enabled_functions: $line" ;;
esac
echo > trace
sleep 0.3
wait_for 10 in_trace ' wake_up_process <-' || fail "the tracer missed wake_up_process"
wait_for 10 in_trace 'waking up ' || fail "the direct call stopped beside the tracer"
echo nop > current_tracer
: > set_ftrace_filter
# Alone again: straight from the site.
grep -q '^wake_up_process (1) D' enabled_functions ||
	fail "not direct again: $(grep '^wake_up_process ' enabled_functions)"
rmmod ftrace_direct || fail "rmmod ftrace_direct"
grep -q '^wake_up_process ' enabled_functions && fail "still enabled after rmmod"

use_sample ftrace-direct-too
echo > trace
insmod "$ko" || fail "insmod ftrace-direct-too.ko"
ls / > /dev/null
wait_for 10 in_trace 'handle mm fault vma=' || fail "no 'handle mm fault' line"
rmmod ftrace_direct_too || fail "rmmod ftrace_direct_too"

use_sample ftrace-direct-multi
echo > trace
insmod "$ko" || fail "insmod ftrace-direct-multi.ko"
sleep 0.3
# One trampoline, two functions (wake_up_process and schedule).
wait_for 10 in_trace ' ip ' || fail "no 'ip' line: $(tail -3 trace)"
[ "$(grep -c ' D' enabled_functions)" -ge 2 ] ||
	fail "not two direct functions: $(cat enabled_functions)"
rmmod ftrace_direct_multi || fail "rmmod ftrace_direct_multi"

# The modify samples: their kthread switches the target every second.
for s in ftrace-direct-modify ftrace-direct-multi-modify; do
	use_sample $s
	echo > trace
	insmod "$ko" || fail "insmod $s.ko"
	wait_for 20 in_trace 'my direct func1' || fail "$s: no func1 line"
	wait_for 20 in_trace 'my direct func2' || fail "$s: no func2 line"
	# Under the function tracer the switch goes on through the
	# register-saving trampoline.
	echo "schedule wake_up_process" > set_ftrace_filter
	echo function > current_tracer
	echo > trace
	wait_for 20 in_trace 'my direct func1' || fail "$s traced: no func1 line"
	wait_for 20 in_trace 'my direct func2' || fail "$s traced: no func2 line"
	echo nop > current_tracer
	rmmod $(echo $s | tr - _) || fail "rmmod $s"
done
grep -q ' D' enabled_functions && fail "direct functions left: $(grep ' D' enabled_functions)"
:
