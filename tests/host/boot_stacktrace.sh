#!/usr/bin/env bash
# "stacktrace" on the kernel command line starts the stack tracer at boot,
# and "stacktrace_filter=" fills stack_trace_filter (terms separated by
# commas): only those functions measure.
. "$(dirname "$0")/lib.bash"
out=$(HARNESS_APPEND="stacktrace stacktrace_filter=*spin_lock*,schedule" \
	"$TOP/harness/vm" -q -t 120 'echo "on $(cat /proc/sys/kernel/stack_tracer_enabled)"
		echo "max $(cat stack_max_size)"
		sed "s/^/filter /" stack_trace_filter
		grep " 0) " stack_trace' 2>&1)
check "stacktrace turns it on" grep -qx 'on 1' <<< "$out"
check "it measured at boot" grep -qx 'max [1-9][0-9]*' <<< "$out"
check "the filter has schedule" grep -qx 'filter schedule' <<< "$out"
check "and spin_lock functions" grep -q '^filter _raw_spin_lock$' <<< "$out"
check "and nothing else" test "$(grep '^filter ' <<< "$out" |
	grep -vc -e spin_lock -e '^filter schedule$')" = 0
# frame0: frame 0 is a function of the filter (else say what it is).
# It is the deepest stack seen from any function the filter lists, so
# which one varies from boot to boot (_raw_spin_lock_nested and
# queued_spin_lock_slowpath are in it too).
frame0() {
	local f
	f=$(sed -n 's/^ *0) .* \([^ +]*\)+0x5\/.*/\1/p' <<< "$out")
	[ -n "$f" ] && grep -qx "filter $f" <<< "$out" && return
	echo "# frame 0: $(grep ' 0) ' <<< "$out")"
	false
}
check "frame 0 is one of them" frame0
