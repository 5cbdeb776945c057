# SPDX-License-Identifier: GPL-2.0
# Trace events: events/<system>/<event>/{enable,format,id,filter},
# events/<system>/enable and events/enable (0, 1, X), available_events,
# set_event (terms, '!', '>>', EINVAL), the seed's recipes, and an event
# of a module that comes and goes.
[ -f set_event ] || skip "no trace events"
sw=events/sched/sched_switch

# available_events lists every event directory, as system:event.
grep -qx sched:sched_switch available_events || fail "no sched:sched_switch"
[ "$(wc -l < available_events)" = "$(ls -d events/*/*/ | grep -vc '^events/ftrace/')" ] ||
	fail "available_events and the event directories differ"

# format: name, ID (= id), the common fields, a blank line, the fields, a
# blank line, the print fmt; arrays as C declares them.
f=$(cat $sw/format)
[ "$(echo "$f" | sed -n 1p)" = "name: sched_switch" ] || fail "format name: $f"
[ "$(echo "$f" | sed -n 2p)" = "ID: $(cat $sw/id)" ] || fail "format ID"
want=$(printf '\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;')
[ "$(echo "$f" | sed -n 4p)" = "$want" ] || fail "common_type line"
[ -z "$(echo "$f" | sed -n 8p)" ] || fail "no blank line after the common fields"
want=$(printf '\tfield:char prev_comm\\[16\\];\toffset:8;\tsize:16;\tsigned:0;')
echo "$f" | grep -qx "$want" || fail "prev_comm field: $f"
echo "$f" | grep -qx "$(printf '\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;')" ||
	fail "next_pid field"
want='^print fmt: "prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==> next_comm=%s'
echo "$f" | tail -n 1 | grep -q "$want" || fail "print fmt: $(echo "$f" | tail -n 1)"
[ -z "$(echo "$f" | tail -n 2 | head -n 1)" ] || fail "no blank line before print fmt"

# Enum constants a print fmt names show as their values.
f=$(tail -n 1 events/irq/softirq_entry/format)
echo "$f" | grep -q '{ 0, "HI" }, { 1, "TIMER" }' || fail "softirq_entry print fmt: $f"
! echo "$f" | grep -q HI_SOFTIRQ || fail "HI_SOFTIRQ left in: $f"

# One event on: its records, and no other event's.
[ "$(cat $sw/enable)" = 0 ] && [ "$(cat events/enable)" = 0 ] || fail "events on at start"
[ "$(cat $sw/filter)" = none ] || fail "filter: $(cat $sw/filter)"
echo 1 > $sw/enable
[ "$(cat $sw/enable)" = 1 ] || fail "enable reads $(cat $sw/enable)"
[ "$(cat events/sched/enable)" = X ] || fail "events/sched/enable: $(cat events/sched/enable)"
[ "$(cat events/enable)" = X ] || fail "events/enable: $(cat events/enable)"
[ "$(cat set_event)" = sched:sched_switch ] || fail "set_event: $(cat set_event)"
sleep 1
echo 0 > $sw/enable
want=' sched_switch: prev_comm=.* prev_pid=[0-9]+ prev_prio=[0-9]+ prev_state=[A-Z+|]+'
want="$want ==> next_comm=.* next_pid=[0-9]+ next_prio=[0-9]+\$"
grep -Eq "$want" trace ||
	fail "no sched_switch line: $(grep -v '^#' trace | head -n 3)"
n=$(grep -v '^#' trace | grep -vc ' sched_switch: ' || true)
[ "$n" = 0 ] || fail "$n other lines: $(grep -v -e "^#" -e sched_switch trace | head -n 2)"

# Bad writes change nothing.
expect_reject $sw/enable 2 "Invalid argument"
expect_reject events/sched/enable x "Invalid argument"
expect_reject events/enable 01 "Invalid argument"
expect_reject set_event no_such_event "Invalid argument"
expect_reject set_event "sched:sched_switch nosuch:*" "Invalid argument"
[ "$(cat $sw/enable)" = 0 ] || fail "a rejected set_event enabled sched_switch"

# set_event: '>' replaces, '>>' adds, '!' removes; a system name, or
# system:*, is the whole system; *:event any system's event of that name.
echo sched:sched_wakeup > set_event
echo 'irq:softirq_entry irq:softirq_exit' >> set_event
want="irq:softirq_entry irq:softirq_exit sched:sched_wakeup "
[ "$(sort set_event | tr '\n' ' ')" = "$want" ] ||
	fail "set_event after >>: $(cat set_event)"
echo '!irq:*' >> set_event
[ "$(cat set_event)" = sched:sched_wakeup ] || fail "set_event after !: $(cat set_event)"
echo sched > set_event
[ "$(cat events/sched/enable)" = 1 ] || fail "set_event sched"
[ "$(grep -c '^sched:' set_event)" = "$(ls -d events/sched/*/ | wc -l)" ] || fail "not all of sched"
echo '*:sched_switch' > set_event
[ "$(cat set_event)" = sched:sched_switch ] || fail "*:event: $(cat set_event)"
echo > set_event
[ -z "$(cat set_event)" ] || fail "set_event not cleared"

# events/<system>/enable and events/enable.
echo 1 > events/irq/enable
[ "$(cat events/irq/enable)" = 1 ] || fail "events/irq/enable"
for e in events/irq/*/enable; do
	[ "$(cat "$e")" = 1 ] || fail "$e off"
done
echo 0 > events/irq/enable

# set_event_pid: only these tasks; event-fork adds their children;
# set_event_notrace_pid: never these.
pids() {
	grep -v '^#' trace | sed 's/^ *[^ ].*-\([0-9][0-9]*\) *\[.*/\1/' | sort -u | tr '\n' ' '
}
[ "$(cat set_event_pid)" = "no pid" ] || fail "set_event_pid: $(cat set_event_pid)"
expect_reject set_event_pid "12 abc" "Invalid argument"
echo > trace
echo $$ > set_event_pid
[ "$(cat set_event_pid)" = "$$" ] || fail "set_event_pid reads $(cat set_event_pid)"
echo 1 > $sw/enable
sleep 0.1; sleep 0.1
echo 0 > $sw/enable
[ "$(pids)" = "$$ " ] || fail "set_event_pid: records of $(pids)"
echo > trace
echo 1 > options/event-fork
echo 1 > $sw/enable
sh -c 'sleep 0.1; sleep 0.1'
echo 0 > $sw/enable
echo 0 > options/event-fork
[ "$(pids | wc -w)" -ge 2 ] || fail "event-fork: records of $(pids) only"
echo > set_event_pid
[ "$(cat set_event_pid)" = "no pid" ] || fail "set_event_pid not emptied"
echo > trace
echo $$ > set_event_notrace_pid
echo 1 > $sw/enable
sleep 0.1; sleep 0.1
echo 0 > $sw/enable
echo > set_event_notrace_pid
[ -n "$(pids)" ] || fail "set_event_notrace_pid: no records"
! echo " $(pids)" | grep -q " $$ " || fail "set_event_notrace_pid: records of $$"

# options/stacktrace: a stack after each event.
echo > trace
echo 1 > options/stacktrace
echo 1 > $sw/enable
sleep 0.2
echo 0 > $sw/enable
echo 0 > options/stacktrace
grep -A1 ' sched_switch: ' trace | grep -q '<stack trace>' || fail "no stack after an event"
grep -q '^ => .*schedule' trace || fail "no schedule in the stack: $(grep -m3 '=>' trace)"

# The seed's recipes: softirqs, page allocations, switches.
echo > trace
echo 1 > events/irq/softirq_entry/enable
echo 1 > events/irq/softirq_exit/enable
echo 1 > events/kmem/mm_page_alloc/enable
sh -c 'sleep 0.2; ls / > /dev/null'
echo 0 > events/enable
grep -Eq ' softirq_entry: vec=[0-9]+ \[action=[A-Z_]+\]$' trace || fail "no softirq_entry"
grep -Eq ' softirq_exit: vec=[0-9]+ \[action=[A-Z_]+\]$' trace || fail "no softirq_exit"
want=' mm_page_alloc: page=.* pfn=0x[0-9a-f]+ order=[0-9]+ migratetype=[0-9]+ gfp_flags='
grep -Eq "$want" trace ||
	fail "no mm_page_alloc: $(grep mm_page_alloc trace | head -n 2)"

# An event of a module: it comes with the module, prints every helper,
# and goes with it, taking its records from the buffer.
ko=$here/fentry_test_mod.ko
[ -f "$ko" ] || skip "no $ko"
mod=fentry_test_mod
lsmod | grep -q "^$mod " && rmmod $mod
[ ! -d events/fentry_test ] || fail "module event before loading"
insmod "$ko"
ev=events/fentry_test/fentry_test_call
[ -f $ev/format ] || fail "no $ev"
grep -qx fentry_test:fentry_test_call available_events || fail "not in available_events"
f=$(cat $ev/format)
for want in 'field:unsigned int n;\toffset:8;\tsize:4;\tsigned:0;' \
	    'field:char tag\[8\];\toffset:12;\tsize:8;\tsigned:0;' \
	    'field:__data_loc char\[\] who;\toffset:20;\tsize:4;\tsigned:0;' \
	    'field:__data_loc u32\[\] vals;\toffset:24;\tsize:4;\tsigned:0;' \
	    'field:unsigned long flags;\toffset:32;\tsize:8;\tsigned:0;'; do
	echo "$f" | grep -q "$(printf "$want")" || fail "module format lacks $want: $f"
done
echo "$f" | grep -q '{ 0, "zero" }, { 1, "one" }, { 2, "two" }' ||
	fail "module enum values: $(echo "$f" | tail -n 1)"
echo > trace
echo 1 > $ev/enable
echo 4 > /sys/kernel/debug/$mod
echo 0 > $ev/enable
t=$(grep ' fentry_test_call: ' trace | sed 's/.*fentry_test_call: //')
[ "$t" = "n=0 tag=fentry who=writer vals={} flags= kind=zero
n=1 tag=fentry who=writer vals={0x0} flags=ONE kind=one
n=2 tag=fentry who=writer vals={0x0,0xa} flags=TWO kind=two
n=3 tag=fentry who=writer vals={0x0,0xa,0x14} flags=ONE|TWO kind=zero" ] ||
	fail "module event lines: $t"
# options/stacktrace and the stacktrace trigger start each stack at the
# tracepoint's caller, on the fast path (no filter) and the slow one.
stack_top() { grep -m1 -A1 '<stack trace>' trace | sed -n '2s/^ => //p'; }
stack_of_writer() {
	echo > trace
	echo 1 > options/stacktrace
	echo 1 > $ev/enable
	echo 4 > /sys/kernel/debug/$mod
	echo 0 > $ev/enable
	echo 0 > options/stacktrace
	case "$(stack_top)" in
	fentry_test_mod_write*) ;;
	*) fail "$1: the stack starts at '$(stack_top)'" ;;
	esac
}
stack_of_writer "options/stacktrace"
# A filter passes exactly the records it names; a bad one is refused,
# explained in error_log, and the old one stays.
echo > trace
echo 'n >= 2 && who == writer || tag ~ "nomatch*"' > $ev/filter
echo 1 > $ev/enable
echo 4 > /sys/kernel/debug/$mod
echo 0 > $ev/enable
t=$(sed -n 's/.* fentry_test_call: n=\([0-9]*\) .*/\1/p' trace | tr '\n' ' ')
[ "$t" = "2 3 " ] || fail "filtered records: $t"
stack_of_writer "options/stacktrace, filtered"
echo > error_log
expect_reject $ev/filter 'n >= 2 && nosuch == 1' "Invalid argument"
grep -q 'event filter parse error: error: Field not found' error_log ||
	fail "error_log: $(cat error_log)"
[ "$(tail -n 1 error_log)" = "$(printf '%*s^' 28 '')" ] || fail "caret: $(tail -n 1 error_log)"
for bad in 'n >= 2 &&' 'n >= 2 || !' '(n == 1' 'n = 1' 'who < 3' 'n == x'; do
	expect_reject $ev/filter "$bad" "Invalid argument"
done
echo 0 > $ev/filter
[ "$(cat $ev/filter)" = none ] || fail "filter not cleared"
# A system's filter goes to the events whose fields it names.
echo 'n == 1' > events/fentry_test/filter
[ "$(cat $ev/filter)" = "n == 1" ] || fail "system filter: $(cat $ev/filter)"
expect_reject events/sched/filter 'n == 1' "Invalid argument"
echo 0 > events/fentry_test/filter
# Triggers: counted, filtered, listed, removed with '!'; enable_event
# and disable_event put their target in soft mode ("0*", "1*").
fork=events/sched/sched_process_fork/trigger
grep -q '^# Available triggers:' $ev/trigger || fail "trigger: $(cat $ev/trigger)"
echo > trace
echo 'stacktrace:2 if n >= 1' > $ev/trigger
[ "$(cat $ev/trigger)" = "stacktrace:count=2 if n >= 1" ] || fail "trigger: $(cat $ev/trigger)"
expect_reject $ev/trigger 'stacktrace' "File exists"
for bad in 'stacktrace:x' 'traceoff+0' 'nosuch' 'traceon if nosuch == 1' \
	   'enable_event:nosys:noevent' 'traceon:0'; do
	expect_reject $ev/trigger "$bad" "Invalid argument"
done
echo 1 > $ev/enable
echo 4 > /sys/kernel/debug/$mod
n=$(grep -c '<stack trace>' trace || true)
[ "$n" = 2 ] || fail "stacktrace:2 gave $n stacks"
case "$(stack_top)" in
fentry_test_mod_write*) ;;
*) fail "stacktrace trigger: the stack starts at '$(stack_top)'" ;;
esac
[ "$(cat $ev/trigger)" = "stacktrace:count=0 if n >= 1" ] || fail "count: $(cat $ev/trigger)"
echo '!stacktrace:count=0 if n >= 1' > $ev/trigger
grep -q '^# Available' $ev/trigger || fail "not removed: $(cat $ev/trigger)"
echo > trace
echo "disable_event:fentry_test:fentry_test_call:1 if n == 2" > $ev/trigger
echo 4 > /sys/kernel/debug/$mod
t=$(sed -n 's/.* fentry_test_call: n=\([0-9]*\) .*/\1/p' trace | tr '\n' ' ')
[ "$t" = "0 1 2 " ] || fail "disable_event: records $t"
[ "$(cat $ev/enable)" = "0*" ] || fail "soft mode: enable reads $(cat $ev/enable)"
echo '!disable_event:fentry_test:fentry_test_call' > $ev/trigger
[ "$(cat $ev/enable)" = 0 ] || fail "after soft mode: $(cat $ev/enable)"
echo 1 > tracing_on
echo 'traceoff:1' > $ev/trigger
echo 2 > /sys/kernel/debug/$mod
[ "$(cat tracing_on)" = 0 ] || fail "traceoff trigger"
echo 1 > tracing_on
echo 2 > /sys/kernel/debug/$mod
[ "$(cat tracing_on)" = 1 ] || fail "traceoff:1 fired twice"
echo '!traceoff' > $ev/trigger
# A trigger that names the module's event goes with it.
echo 'enable_event:fentry_test:fentry_test_call' > $fork
[ "$(cat $ev/enable)" = "1*" ] || [ "$(cat $ev/enable)" = "0*" ] ||
	fail "enable_event target: $(cat $ev/enable)"
if [ -f set_ftrace_filter ]; then
	echo 'schedule:enable_event:fentry_test:fentry_test_call' >> set_ftrace_filter
	grep -q ':enable_event:fentry_test:fentry_test_call:' set_ftrace_filter ||
		fail "function command: $(grep -v '^#' set_ftrace_filter)"
fi
exec 3> $ev/enable
rmmod $mod
grep -q '^# Available' $fork || fail "a trigger outlived its target: $(cat $fork)"
! grep -q fentry_test set_ftrace_filter 2>/dev/null ||
	fail "a function command outlived its event: $(grep fentry_test set_ftrace_filter)"
[ ! -d events/fentry_test ] || fail "module event left after rmmod"
! grep -q fentry_test available_events || fail "module event still listed"
! grep -q fentry_test_call trace || fail "the module's records outlived it"
! echo 1 >&3 2>/dev/null || fail "an open enable file of a gone event took a write"
exec 3>&-
insmod "$ko"
[ "$(cat $ev/enable)" = 0 ] || fail "reloaded event enabled"
rmmod $mod

# ftrace's own events: each listed format's ID is its id file, and the
# type upstream gives it.
for e in function:1 context_switch:2 wakeup:3 kernel_stack:4 print:5 \
	 bprint:6 funcgraph_exit:10 funcgraph_entry:11 user_stack:12 \
	 bputs:14 hwlat:15 raw_data:18 mmiotrace_rw:7 mmiotrace_map:8; do
	d=events/ftrace/${e%:*}
	case ${e%:*} in
	function) [ -f set_ftrace_filter ] || continue ;;
	funcgraph_*) grep -qw function_graph available_tracers || continue ;;
	wakeup|context_switch) grep -qw wakeup available_tracers || continue ;;
	hwlat) grep -qw hwlat available_tracers || continue ;;
	mmiotrace_*) grep -qw mmiotrace available_tracers || continue ;;
	esac
	[ "$(cat $d/id)" = "${e#*:}" ] || fail "$d/id: $(cat $d/id)"
	grep -qx "ID: ${e#*:}" $d/format || fail "$d/format: $(head -n 3 $d/format)"
	grep -q '^print fmt: "' $d/format || fail "$d/format has no print fmt"
done
