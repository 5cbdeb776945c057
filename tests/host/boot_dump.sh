#!/usr/bin/env bash
# ftrace_dump_on_oops and its forms, each a crash read on the console:
#  - =orig_cpu dumps the oopsing CPU's records only, with upstream's
#    header and rules; with tp_printk and tp_printk_stop_on_boot, the
#    boot's events went to the console until the end of the initcalls;
#  - ",foo=orig_cpu" (the global buffer, and instance foo on the oopsing
#    CPU) reads back "1,foo=orig_cpu" and dumps both;
#  - the sysctl set to an instance alone dumps that instance only.
# Each boot writes marks on CPUs 0 and 1 and crashes on CPU 1.
# BOOT_KERNEL (a flavour or a bzImage) picks the kernel; test by default.
. "$(dirname "$0")/lib.bash"
kernel=${BOOT_KERNEL:-test}
marks='mkdir -p instances/foo
	for c in 0 1; do
		taskset -c $c sh -c "echo top-cpu$c > trace_marker
			echo foo-cpu$c > instances/foo/trace_marker"
	done'
crash() { # append commands: crash a guest, print its console log (no \r)
	local log
	log=$(mktemp)
	HARNESS_APPEND="$1" "$TOP/harness/vm" -k "$kernel" -q -t 300 -L "$log" \
		"$2; $marks; taskset -c 1 sh -c 'echo c > /proc/sysrq-trigger'" \
		> "$log.out" 2>&1
	sed 's/^\[[ 0-9.]*\] //' "$log"
	sed 's/^/out /' "$log.out"
	rm -f "$log" "$log.out"
}
# dumped LOG: the dumps' header and marks, in order
dumped() {
	grep -e '^Dumping ftrace' -e 'tracing_mark_write: [a-z]*-cpu' <<< "$1" |
		sed 's/.*tracing_mark_write: //'
}

log=$(crash 'ftrace_dump_on_oops=orig_cpu tp_printk tp_printk_stop_on_boot trace_event=initcall:initcall_finish' \
	'echo "tp $(cat /proc/sys/kernel/tracepoint_printk)"')
check "=orig_cpu: the top buffer, CPU 1 only" test "$(dumped "$log" | tr '\n' ' ')" = \
	"Dumping ftrace buffer: top-cpu1 "
check "between upstream's rules" test "$(grep -A1 '^Dumping ftrace buffer:' <<< "$log" |
	tail -1)$(grep -A1 'tracing_mark_write: top-cpu1' <<< "$log" | tail -1)" = \
	"------------------------------------------------------------------"
check "tp_printk printed the initcalls to the console" \
	test "$(grep -c '^initcall_finish: func=con_init+0x0/0x[0-9a-f]* ret=0$' <<< "$log")" = 1
check "up to the late ones" grep -q '^initcall_finish: func=tcp_congestion_default+' \
	<<< "$(sed '/Freeing unused kernel/,$d' <<< "$log")"
check "tp_printk_stop_on_boot stopped it there" test "$(sed -n \
	'/Freeing unused kernel/,$p' <<< "$log" | grep -c '^initcall_finish: ')" = 0
check "and kernel.tracepoint_printk reads 0" grep -qx 'out tp 0' <<< "$log"

log=$(crash 'ftrace_dump_on_oops,foo=orig_cpu' \
	'echo "sysctl $(cat /proc/sys/kernel/ftrace_dump_on_oops)"')
check "',foo=orig_cpu' reads back with the global mode" \
	grep -qx 'out sysctl 1,foo=orig_cpu' <<< "$log"
check "and dumps the top buffer, then foo's CPU 1" test "$(dumped "$log" | tr '\n' ' ')" = \
	"Dumping ftrace buffer: top-cpu0 top-cpu1 Dumping ftrace instance foo buffer: foo-cpu1 "

log=$(crash '' 'echo foo > /proc/sys/kernel/ftrace_dump_on_oops')
check "an instance alone: only it, every CPU" test "$(dumped "$log" | tr '\n' ' ')" = \
	"Dumping ftrace instance foo buffer: foo-cpu0 foo-cpu1 "
