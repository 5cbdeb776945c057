#!/usr/bin/env bash
# The trace buffer reaches the console when the kernel crashes, if
# kernel.ftrace_dump_on_oops asks for it, and not otherwise. Only the host
# can read the console of a guest that crashed, so this is a host test.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
n=0
crash_log() { # sysctl-value: crash a guest, print its console log path
	"$TOP/harness/vm" -q -t 120 "echo $1 > /proc/sys/kernel/ftrace_dump_on_oops
		echo mark-before-crash > trace_marker
		echo c > /proc/sysrq-trigger" 2>&1 | sed -n 's/.*console log: //p'
}
check() { # name condition...
	n=$((n + 1))
	if "${@:2}"; then echo "ok $n $1"; else echo "not ok $n $1"; fi
}
on=$(crash_log 1)
off=$(crash_log 0)
dumped() { tr -d '\r' < "$1" | grep -q 'tracing_mark_write: mark-before-crash'; }
check "ftrace_dump_on_oops=1 dumps the buffer on a crash" dumped "$on"
check "ftrace_dump_on_oops=0 does not" eval '! dumped "$off"'
