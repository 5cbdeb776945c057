#!/usr/bin/env bash
# The trace buffer reaches the console when the kernel crashes, if
# kernel.ftrace_dump_on_oops asks for it, and not otherwise. Only the host
# can read the console of a guest that crashed, so this is a host test.
. "$(dirname "$0")/lib.bash"
crash_log() { # sysctl-value: crash a guest, print its console log path
	"$TOP/harness/vm" -q -t 120 "echo $1 > /proc/sys/kernel/ftrace_dump_on_oops
		echo mark-before-crash > trace_marker
		echo c > /proc/sysrq-trigger" 2>&1 | sed -n 's/.*console log: //p'
}
on=$(crash_log 1)
off=$(crash_log 0)
dumped() { tr -d '\r' < "$1" | grep -q 'tracing_mark_write: mark-before-crash'; }
check "ftrace_dump_on_oops=1 dumps the buffer on a crash" dumped "$on"
check "ftrace_dump_on_oops=0 does not" eval '! dumped "$off"'
