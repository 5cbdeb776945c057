#!/usr/bin/env bash
# The tracing parameters of the kernel command line, three boots:
#  - trace_event=initcall:* sees the initcalls from the console ones on,
#    trace_trigger= sets a trigger with its filter, kprobe_event= defines
#    and starts kprobe events in time for populate_rootfs (a rootfs
#    initcall), ftrace_boot_snapshot keeps all that in the snapshot with
#    its note, trace_clock= picks the clock; sysrq-z dumps the buffer with
#    upstream's lines around it;
#  - alloc_snapshot allocates the snapshot; ftrace=function_graph graphs
#    do_one_initcall; a malformed trace_clock=, trace_trigger= term and
#    kprobe_event= definition are each reported once and ignored while
#    the rest stands; traceoff_on_warning sets its sysctl;
#    kernel.ftrace_dump_on_oops takes its string forms;
#  - ftrace=function traces from start_kernel() on, with ftrace_filter=
#    and trace_options=nooverwrite in place first.
# BOOT_KERNEL (a flavour or a bzImage) picks the kernel; test by default.
. "$(dirname "$0")/lib.bash"
kernel=${BOOT_KERNEL:-test}
boot() { # name append command; BOOT_SAVE=DIR keeps the output there
	local o
	o=$(HARNESS_APPEND="$2" "$TOP/harness/vm" -k "$kernel" -q -t 300 "$3" 2>&1)
	[ -z "${BOOT_SAVE:-}" ] || echo "$o" > "$BOOT_SAVE/$1"
	echo "$o"
}

app='trace_event=initcall:*,sched:sched_switch trace_clock=global'
app="$app trace_trigger=\"sched_switch.stacktrace if prev_state == 2\""
app="$app kprobe_event=p:kinit,populate_rootfs;r:kinitr,do_one_initcall,\$retval"
app="$app ftrace_boot_snapshot trace_buf_size=1M"
out=$(boot events "$app" '
	echo "clock $(cat trace_clock)"
	sed -n "s/^/trigger /p" events/sched/sched_switch/trigger
	sed "s/^/kprobe /" kprobe_events
	echo "kenable $(cat events/kprobes/kinit/enable) $(cat events/kprobes/kinitr/enable)"
	grep -v "^#" snapshot | sed "s/^/snap /"
	grep -v "^#" trace | sed "s/^/live /"
	echo > set_event
	echo 0 > tracing_on
	echo > trace
	echo sysrq-mark > trace_marker
	echo 1 > tracing_on
	echo sysrq-mark > trace_marker
	echo z > /proc/sysrq-trigger
	echo "on after z $(cat tracing_on)"
	echo z > /proc/sysrq-trigger
	dmesg | sed -n "/sysrq: Dump ftrace buffer/,\$s/^\[[ 0-9.]*\] /dmesg /p"')
snap() { grep -c "^snap .*$1" <<< "$out"; }
check "trace_clock=global picks it" grep -q '^clock .*\[global\]' <<< "$out"
check "trace_trigger= sets the trigger" \
	grep -qx 'trigger stacktrace:unlimited if prev_state == 2' <<< "$out"
check "kprobe_event= defines both events" test "$(grep -c \
	-e '^kprobe p:kprobes/kinit populate_rootfs' \
	-e '^kprobe r[0-9]*:kprobes/kinitr do_one_initcall arg1=$retval' \
	<<< "$out")" = 2
check "and starts them" grep -qx 'kenable 1 1' <<< "$out"
check "the snapshot has the initcalls from the console level on" \
	test "$(snap 'initcall_level: level=console')$(snap 'level=early')$(snap \
	'level=core')$(snap 'level=late')" = 1111
check "and their start and end" test "$(snap 'initcall_finish: func=con_init+')" = 1
check "the kprobe saw populate_rootfs" test "$(snap ' kinit: (populate_rootfs+0x')" = 1
check "the kretprobe saw the initcalls return" test "$(snap ' kinitr: (')" -gt 100
check "the trigger's stacks follow switches out of state D" \
	grep -A1 '^snap .* sched_switch: .*prev_state=D ' <<< "$out" |
	grep -q '<stack trace>'
# About as many stacks as such switches (upstream has one more): not one
# after each of the thousands of switches.
near() { local d=$(($1 - $2)); [ "$2" -gt 0 ] && [ "${d#-}" -le 2 ]; }
check "one for each such switch, none for others" \
	near "$(snap '<stack trace>')" "$(snap 'prev_state=D ')"
check "the live buffer has its note" test "$(grep -c \
	'^live .*ftrace_boot_snapshot: \*\* Boot snapshot taken \*\*' <<< "$out")" = 1
check "the snapshot has not" test "$(grep -c '^snap .*Boot snapshot' <<< "$out")" = 0
check "the live buffer has no initcall" test "$(grep -c '^live .*initcall_' <<< "$out")" = 0
dump=$(grep '^dmesg ' <<< "$out" | sed -n '2,5p' | sed 's/^dmesg //;s/^ .*\(us : \)/ ...\1/')
check "sysrq-z: upstream's header and rules around the records" test "$dump" = \
"Dumping ftrace buffer:
---------------------------------
 ...us : tracing_mark_write: sysrq-mark
---------------------------------"
check "in the latency format" grep -q \
	'^dmesg  *[^ ]*-[0-9]* *[0-9]\.\.\.\.\. *[0-9]*us : tracing_mark_write: sysrq-mark' <<< "$out"
check "only the mark written while tracing was on" test "$(grep -c \
	'tracing_mark_write: sysrq-mark' <<< "$out")" = 1
check "it stops tracing" grep -qx 'on after z 0' <<< "$out"
check "a second dump finds it empty" grep -qx 'dmesg    (ftrace buffer empty)' <<< "$out"

app='alloc_snapshot trace_clock=no_such_clock ftrace=function_graph'
app="$app ftrace_graph_filter=do_one_initcall ftrace_graph_max_depth=1"
app="$app trace_trigger=no_such_event.traceoff,sched_switch.no_such_trigger,sched_wakeup.traceon"
app="$app kprobe_event=p:kbad,no_such_function_xyz;p:kgood,kernel_clone trace_buf_size=1M"
app="$app traceoff_on_warning"
out=$(boot bad "$app" '
	grep "Snapshot is" snapshot
	echo "clock $(cat trace_clock)"
	sed -n "s/^/trigger /p" events/sched/sched_switch/trigger events/sched/sched_wakeup/trigger
	sed "s/^/kprobe /" kprobe_events
	echo "kgood $(cat events/kprobes/kgood/enable)"
	echo "graphed $(grep -c "do_one_initcall()" trace)"
	echo "traceoff_on_warning $(cat /proc/sys/kernel/traceoff_on_warning)"
	for v in 1 orig_cpu foo "1,foo,bar=2" "foo=orig_cpu"; do
		echo "$v" > /proc/sys/kernel/ftrace_dump_on_oops
		echo "sysctl $(cat /proc/sys/kernel/ftrace_dump_on_oops)"
	done
	dmesg | grep -vi "command line" | sed -n "s/^\[[ 0-9.]*\] /dmesg /p"')
check "alloc_snapshot allocates it" grep -q 'Snapshot is allocated' <<< "$out"
check "a bad trace_clock= leaves the local clock" grep -q '^clock \[local\]' <<< "$out"
check "and is reported once" test "$(grep -c '^dmesg .*no_such_clock' <<< "$out")" = 1
check "function_graph graphs do_one_initcall from boot" \
	test "$(sed -n 's/^graphed //p' <<< "$out")" -gt 100
check "two bad trace_trigger= terms set nothing" \
	test "$(grep -c '^trigger .*no_such' <<< "$out")" = 0
# Upstream says nothing of the event it does not know: one line.
bad_terms=2
[ "$kernel" = upstream ] && bad_terms=1
check "and are reported once each" test "$(grep -c \
	-e '^dmesg .*no_such_event' -e '^dmesg .*no_such_trigger.*sched_switch' \
	-e '^dmesg .*sched_switch.*no_such_trigger' <<< "$out")" = $bad_terms
check "the good one stands" grep -qx 'trigger traceon:unlimited' <<< "$out"
check "a bad kprobe_event= definition is reported once" \
	test "$(grep -c '^dmesg .*kbad.*no_such_function_xyz' <<< "$out")" = 1
check "and skipped" test "$(grep -c '^kprobe .*kbad' <<< "$out")" = 0
check "the good one stands, started" grep -qx 'kgood 1' <<< "$out"
check "traceoff_on_warning sets its sysctl" \
	grep -qx 'traceoff_on_warning 1' <<< "$out"
check "kernel.ftrace_dump_on_oops takes its string forms" test "$(grep '^sysctl ' \
	<<< "$out" | tr '\n' ' ')" = \
	"sysctl 1 sysctl orig_cpu sysctl foo sysctl 1,foo,bar=2 sysctl foo=orig_cpu "

# ftrace=function from start_kernel() on, as upstream's: with
# ftrace_filter= and trace_options=nooverwrite in place first,
# rest_init(), which start_kernel() calls last, after early_trace_init()
# and before any initcall runs, is traced (its parent, past the end of a
# noreturn call, may name the next symbol). Upstream traces __init
# functions too, until their text is freed: ours does not record their
# sites.
app='ftrace=function ftrace_filter=rest_init,do_one_initcall'
app="$app trace_options=nooverwrite trace_buf_size=1M"
out=$(boot function "$app" '
	echo 0 > tracing_on
	echo "overwrite $(cat options/overwrite)"
	grep -v "^#" trace | head -n 2 | sed "s/^/first /"')
check "ftrace=function: trace_options=nooverwrite holds" \
	grep -qx 'overwrite 0' <<< "$out"
check "rest_init() is traced, before the initcalls" \
	grep -q '^first .* rest_init <-' <<< "$out"
