# SPDX-License-Identifier: GPL-2.0
# The in-kernel instance API, through upstream's own sample module
# (samples/ftrace/sample-trace-array.c, built against this kernel): it
# makes and holds an instance, writes into it with trace_array_printk()
# and its own event enabled by trace_array_set_clr_event(), and removes
# it on unload.
# limit: 120
ko=$here/sample-trace-array.ko
[ -f "$ko" ] || skip "no $ko (make check copies it in)"
i=instances/sample-instance
[ ! -d $i ] || fail "$i exists before the module"
echo > trace
insmod "$ko" || fail "insmod sample-trace-array.ko"
[ -d $i ] || fail "the module made no $i"
n=0
while [ $n -lt 30 ] && ! grep -q 'sample_event' $i/trace; do
	sleep 0.2
	n=$((n + 1))
done
grep -q 'trace_array_printk: count=' $i/trace ||
	fail "no trace_array_printk() line: $(tail -3 $i/trace)"
grep -q 'sample_event: count value=' $i/trace ||
	fail "no sample_event record: $(tail -3 $i/trace)"
grep -q 'sample-instance\|count=' trace && fail "the top trace has them"
[ "$(cat $i/events/sample-subsystem/sample_event/enable)" = 1 ] ||
	fail "the event is not enabled in $i"
[ "$(cat events/sample-subsystem/sample_event/enable)" = 0 ] ||
	fail "the event is enabled at the top"
# Held by the module: rmdir is refused.
rmdir $i 2>/dev/null && fail "rmdir of a held instance succeeded"
rmmod sample_trace_array || fail "rmmod"
[ ! -d $i ] || fail "$i still there after rmmod"
[ ! -d events/sample-subsystem ] || fail "the module's events stayed"
