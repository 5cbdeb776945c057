#!/usr/bin/env bash
# trace_event= on the kernel command line starts those events at boot:
# set_event lists them and their records are in the buffer; a term that
# names no event is reported on the console and skipped.
. "$(dirname "$0")/lib.bash"
out=$(HARNESS_APPEND="trace_event=sched:sched_switch,nosuch:event,irq:softirq_entry" \
	"$TOP/harness/vm" -q -t 120 'cat set_event; sleep 0.2; grep -c " sched_switch: " trace
		dmesg | grep "trace_event="' 2>&1)
check "trace_event= starts sched_switch" grep -qx 'sched:sched_switch' <<< "$out"
check "trace_event= starts irq:softirq_entry" grep -qx 'irq:softirq_entry' <<< "$out"
check "only those" test "$(grep -c '^[a-z_]*:[a-z_]*$' <<< "$out")" = 2
check "their records are there" grep -qx '[1-9][0-9]*' <<< "$out"
check "an unknown term is reported" grep -q 'trace_event=: no event nosuch:event' <<< "$out"
