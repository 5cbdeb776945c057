# SPDX-License-Identifier: GPL-2.0
# kprobes on function entries go through the ftrace site (KPROBES_ON_FTRACE:
# no int3, no single-stepping), with upstream's kprobe samples
# (samples/kprobes, built against this kernel): kprobe_example.ko on
# kernel_clone, whose handlers see regs->ip where a breakpoint would have
# left it, and kretprobe_example.ko, whose return hook goes through rethook.
# The function tracer shares the site with them, and unloading leaves the
# site as it was.
# limit: 120
use_sample kprobe_example
list=/sys/kernel/debug/kprobes/list
[ -f $list ] || mount -t debugfs nodev /sys/kernel/debug 2>/dev/null || true
[ -f $list ] || skip "no $list"
grep -q 'kernel_clone$' available_filter_functions ||
	skip "kernel_clone is not traceable here"
grep -q '^kernel_clone ' enabled_functions && fail "kernel_clone enabled before"

dmesg -c > /dev/null
insmod "$ko" || fail "insmod kprobe_example.ko"
grep -q 'kernel_clone+0x0 *\[FTRACE\]' $list ||
	fail "not an ftrace-based probe: $(cat $list)"
# The sample has a post handler: the probe may move the ip (I), and gets
# every register (R).
line=$(grep '^kernel_clone ' enabled_functions) ||
	fail "kernel_clone not in enabled_functions"
case "$line" in
"kernel_clone (1) R I"*) ;;
*) fail "enabled_functions: $line" ;;
esac
sh -c true
wait_for 5 sh -c 'dmesg | grep -q "<kernel_clone> p->addr = .*, ip = "' ||
	fail "the pre handler did not run: $(dmesg | tail -5)"
dmesg | grep -q '<kernel_clone> p->addr = .*, flags = ' ||
	fail "the post handler did not run"
# The pre handler sees the ip a breakpoint at the entry leaves (entry + 1).
entry=$(grep ' kernel_clone$' /proc/kallsyms | head -1 | cut -d' ' -f1)
ip=$(dmesg | sed -n 's/.*<kernel_clone> p->addr = .*, ip = \([0-9a-f]*\),.*/\1/p' | head -1)
[ -n "$ip" ] || fail "no ip in the pre handler's line"
[ "$(printf '%x' $((0x$entry + 1)))" = "$ip" ] ||
	fail "pre handler's ip $ip, entry $entry"

# The function tracer on the same function: both run.
echo kernel_clone > set_ftrace_filter
echo function > current_tracer
grep -q '^kernel_clone (2) R I' enabled_functions ||
	fail "shared: $(grep '^kernel_clone ' enabled_functions)"
dmesg -c > /dev/null
sh -c true
echo 0 > tracing_on
grep -q ' kernel_clone <-' trace || fail "the function tracer missed kernel_clone"
dmesg | grep -q '<kernel_clone> p->addr' || fail "the kprobe stopped with the tracer"
echo nop > current_tracer
rmmod kprobe_example || fail "rmmod kprobe_example"
grep -q 'kernel_clone' $list && fail "probe still listed"
grep -q '^kernel_clone ' enabled_functions && fail "kernel_clone still enabled"

# kretprobe_example: entry probe on the ftrace site, return through rethook.
use_sample kretprobe_example
dmesg -c > /dev/null
insmod "$ko" || fail "insmod kretprobe_example.ko"
grep -q 'r  *kernel_clone+0x0 *\[FTRACE\]' $list ||
	fail "not an ftrace-based return probe: $(cat $list)"
sh -c true
wait_for 5 sh -c 'dmesg | grep -q "kernel_clone returned [0-9]* and took"' ||
	fail "the return handler did not run: $(dmesg | tail -5)"
# The value it saw is the pid the fork returned: a task of that pid existed.
rmmod kretprobe_example || fail "rmmod kretprobe_example"
grep -q '^kernel_clone ' enabled_functions && fail "kernel_clone still enabled"
:
