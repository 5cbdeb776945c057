# SPDX-License-Identifier: GPL-2.0
# Live patching through our ftrace (an ftrace_ops with IPMODIFY and
# PERMANENT), with upstream's sample (samples/livepatch/livepatch-sample.c,
# built against this kernel): /proc/cmdline shows the replacement's text
# while the patch is enabled and the original once it is disabled. While
# it is on, a second user that moves the ip (a kprobe with a post handler)
# is refused on the same function, ftrace_enabled cannot be turned off,
# and the function tracer still sees the function.
#
# The test kernel's ORC unwinder gives the reliable stack traces the
# transition needs. On a kernel without them a sleeping task cannot be
# shown outside the patched function, so a transition that has not ended
# after a few seconds is forced, as an administrator would (the patch's
# force file); the patch's effect is what is checked.
# limit: 180
use_sample livepatch-sample
lp=/sys/kernel/livepatch/livepatch_sample
forced=0
# transition_end: wait for the transition, forcing it after 5 seconds.
transition_end() {
	wait_for 5 sh -c "[ ! -d $lp ] || [ \$(cat $lp/transition) = 0 ]" && return 0
	[ -d $lp ] || return 0
	echo 1 > $lp/force || return 1
	forced=1
	wait_for 20 sh -c "[ ! -d $lp ] || [ \$(cat $lp/transition) = 0 ]"
}
orig=$(cat /proc/cmdline)
[ "$orig" != "this has been live patched" ] || fail "patched before"

dmesg -c > /dev/null
insmod "$ko" || fail "insmod livepatch-sample.ko: $(dmesg | tail -3)"
[ -d $lp ] || fail "no $lp"
transition_end || fail "the transition did not end: $(dmesg | tail -5)"
[ "$(cat $lp/enabled)" = 1 ] || fail "not enabled"
[ "$(cat /proc/cmdline)" = "this has been live patched" ] ||
	fail "/proc/cmdline unpatched: $(cat /proc/cmdline)"
line=$(grep '^cmdline_proc_show ' enabled_functions) ||
	fail "cmdline_proc_show not in enabled_functions"
case "$line" in
*" I"*) ;;
*) fail "enabled_functions: $line" ;;
esac

# PERMANENT: ftrace_enabled stays 1.
echo 0 > /proc/sys/kernel/ftrace_enabled 2>/dev/null &&
	fail "ftrace_enabled turned off under a live patch"
[ "$(cat /proc/sys/kernel/ftrace_enabled)" = 1 ] || fail "ftrace_enabled changed"

# IPMODIFY: one user per function.
if [ -f "$here/ko/kprobe_example.ko" ]; then
	insmod "$here/ko/kprobe_example.ko" symbol=cmdline_proc_show 2>/dev/null &&
		{ rmmod kprobe_example; fail "a second IPMODIFY user was allowed"; }
	[ "$(cat /proc/cmdline)" = "this has been live patched" ] ||
		fail "the refused kprobe changed the patch"
fi

# The function tracer on the patched function: it sees the call, and
# the patch stays in force.
echo cmdline_proc_show > set_ftrace_filter
echo function > current_tracer
[ "$(cat /proc/cmdline)" = "this has been live patched" ] ||
	fail "unpatched with the function tracer on"
echo 0 > tracing_on
grep -q ' cmdline_proc_show <-' trace || fail "the tracer missed cmdline_proc_show"
echo nop > current_tracer

echo 0 > $lp/enabled
transition_end || fail "the unpatching transition did not end"
[ "$(cat /proc/cmdline)" = "$orig" ] ||
	fail "/proc/cmdline still patched: $(cat /proc/cmdline)"
grep -q '^cmdline_proc_show ' enabled_functions && fail "still enabled"
# A forced patch's module stays loaded for good (livepatch's rule): only
# an unforced one is removed.
if [ $forced = 0 ]; then
	wait_for 10 rmmod livepatch_sample 2>/dev/null || fail "rmmod livepatch_sample"
fi
echo 0 > /proc/sys/kernel/ftrace_enabled || fail "ftrace_enabled refused after"
echo 1 > /proc/sys/kernel/ftrace_enabled
