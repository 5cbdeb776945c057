# SPDX-License-Identifier: GPL-2.0
# Kprobe events: the seed's recipes (enqueue_task_fair, dequeue_task_fair,
# dev_hard_start_xmit, with options/stacktrace and with function_graph on
# the same function), the listing, the format file and the record of each
# kind of fetch argument, return probes, kprobe_profile, dynamic_events,
# events of several probes, filters, and what is refused: with its errno,
# its error_log position, and the list left as it was.
# limit: 300
[ -f kprobe_events ] || skip "no kprobe_events"
t=$(printf '\t')

# Seed 001: runqueue enqueue and dequeue, with stack traces.
echo 0 > tracing_on
echo 'p:enqueue_task_fair enqueue_task_fair' > kprobe_events
echo 1 > events/kprobes/enqueue_task_fair/enable
echo 1 > options/stacktrace
echo 'p:dequeue_task_fair dequeue_task_fair' >> kprobe_events
echo 1 > events/kprobes/dequeue_task_fair/enable
echo > trace
echo 1 > tracing_on
for i in 1 2 3 4 5; do sleep 0.01; done
echo 0 > tracing_on
grep -q ' enqueue_task_fair: (enqueue_task_fair+0x0/0x[0-9a-f]*)$' trace ||
	fail "no enqueue record: $(grep -v '^#' trace | head -n 5)"
grep -q ' dequeue_task_fair: (dequeue_task_fair+0x0/0x[0-9a-f]*)$' trace ||
	fail "no dequeue record: $(grep -v '^#' trace | head -n 5)"
grep -A3 ' enqueue_task_fair: ' trace | grep -q '=> ' ||
	fail "no stack trace after a record: $(grep -v '^#' trace | head -n 8)"
echo 0 > options/stacktrace
# Both enabled: O_TRUNC cannot clear them, and nothing goes.
if (: > kprobe_events) 2>/dev/null; then fail "cleared enabled events"; fi
[ "$(grep -c . kprobe_events)" = 2 ] || fail "list changed: $(cat kprobe_events)"
expect_reject kprobe_events '-:enqueue_task_fair' 'Device or resource busy'
echo 0 > events/kprobes/enable
echo '-:enqueue_task_fair' >> kprobe_events
[ ! -d events/kprobes/enqueue_task_fair ] || fail "event left after removal"
echo > kprobe_events
[ ! -d events/kprobes ] || fail "events/kprobes left empty"
echo 1 > tracing_on

# Seed 001: dev_hard_start_xmit under function_graph, over loopback.
if grep -q '^dev_hard_start_xmit$' available_filter_functions; then
	echo 'p:dev_hard_start_xmit dev_hard_start_xmit' > kprobe_events
	echo 1 > events/kprobes/dev_hard_start_xmit/enable
	echo dev_hard_start_xmit > set_graph_function
	echo function_graph > current_tracer
	echo > trace
	ping -c 2 -W 1 127.0.0.1 > /dev/null 2>&1 || true
	echo nop > current_tracer
	grep -q 'dev_hard_start_xmit: (dev_hard_start_xmit+0x0/' trace ||
		fail "no xmit record: $(grep -v '^#' trace | head -n 5)"
	grep -q 'dev_hard_start_xmit() {' trace ||
		fail "no graph of dev_hard_start_xmit: $(grep -v '^#' trace | head -n 5)"
	echo 0 > events/kprobes/dev_hard_start_xmit/enable
	: > set_graph_function
	echo > kprobe_events
fi

# Arguments: each source and type, as listed, in the format, as printed.
fn=vfs_read
want="p:kp/args $fn fd=%di cnt=%dx:u32 sp=\$stack s0=\$stack0 a1=\$arg1:x32"
want="$want comm=\$comm im=\\42:s16 str=\\\"hi\" ban=@init_uts_ns:u8[4]"
want="$want bs=@init_uts_ns:string bf=@init_uts_ns:b4@4/8 ch=@init_uts_ns:char"
want="$want dr=+0(\$stack):x64 sym=+0(\$stack):symbol"
echo "$want" > kprobe_events
[ "$(cat kprobe_events)" = "$want" ] || fail "listing: $(cat kprobe_events)"
[ "$(cat dynamic_events)" = "$want" ] || fail "dynamic_events: $(cat dynamic_events)"
fmt=events/kp/args/format
has() { grep -qxF "$t$1" $fmt || fail "format lacks '$1': $(cat $fmt)"; }
has "field:unsigned long __probe_ip;${t}offset:8;${t}size:8;${t}signed:0;"
has "field:u64 fd;${t}offset:16;${t}size:8;${t}signed:0;"
has "field:u32 cnt;${t}offset:24;${t}size:4;${t}signed:0;"
has "field:u64 sp;${t}offset:28;${t}size:8;${t}signed:0;"
has "field:u32 a1;${t}offset:44;${t}size:4;${t}signed:0;"
has "field:__data_loc char[] comm;${t}offset:48;${t}size:4;${t}signed:0;"
has "field:s16 im;${t}offset:52;${t}size:2;${t}signed:1;"
has "field:u8 ban[4];${t}offset:58;${t}size:4;${t}signed:0;"
pf=$(grep '^print fmt: ' $fmt)
want='"(%lx) fd=0x%llx cnt=%u sp=0x%llx s0=0x%llx a1=0x%x comm=\"%s\" im=%d'
want="$want"' str=\"%s\" ban={%u,%u,%u,%u} bs=\"%s\"'
case "$pf" in "print fmt: $want"*) ;; *) fail "print fmt: $pf" ;; esac
want=', __get_str(comm), REC->im, __get_str(str), REC->ban[0], REC->ban[1],'
want="$want REC->ban[2], REC->ban[3], __get_str(bs),"
case "$pf" in *", REC->__probe_ip, REC->fd, REC->cnt,"*"$want"*) ;;
*) fail "print args: $pf" ;; esac
echo 1 > events/kp/args/enable
cat /proc/version > /dev/null
echo 0 > events/kp/args/enable
line=$(grep ' args: ' trace | head -n 1)
[ -n "$line" ] || fail "no record of kp/args"
b=$(head -c 4 /proc/version | od -An -tu1 | tr -s ' ' ',' | sed 's/^,//;s/,$//')
v=$(head -c 1 /proc/version | od -An -tu1 | tr -d ' ')
x='0x[0-9a-f]+'
re=" args: \($fn\+0x0/$x\) fd=$x cnt=[0-9]+ sp=$x s0=$x a1=$x comm=\"[^\"]+\""
re="$re im=42 str=\"hi\" ban=\{$b\} bs=\"Linux\" bf=$(( (v >> 4) & 15 )) ch='L'"
re="$re dr=$x sym=[a-z_0-9.]+\+$x/$x\$"
echo "$line" | grep -qE "$re" || fail "record: $line"
echo > kprobe_events

# A return probe: the caller and the function, and the return value.
echo "r:myret $fn ret=\$retval:s64" > kprobe_events
grep -qxF "r:kprobes/myret $fn ret=\$retval:s64" kprobe_events ||
	fail "listing: $(cat kprobe_events)"
grep -qF 'print fmt: "(%lx <- %lx) ret=%lld", REC->__probe_func, REC->__probe_ret_ip, REC->ret' \
	events/kprobes/myret/format || fail "ret format: $(cat events/kprobes/myret/format)"
echo 1 > events/kprobes/myret/enable
dd if=/proc/version of=/dev/null bs=5 count=1 2>/dev/null
echo 0 > events/kprobes/myret/enable
grep -qE " myret: \([a-z_0-9.]+\+0x[0-9a-f]+/0x[0-9a-f]+ <- $fn\) ret=5$" trace ||
	fail "return record: $(grep myret trace | head -n 3)"

# kprobe_profile: hits while enabled, none after.
grep -qE '^ +myret +[1-9][0-9]* +0$' kprobe_profile || fail "profile: $(cat kprobe_profile)"
h=$(awk '$1 == "myret" { print $2 }' kprobe_profile)
cat /proc/version > /dev/null
[ "$(awk '$1 == "myret" { print $2 }' kprobe_profile)" = "$h" ] ||
	fail "hits while disabled: $(cat kprobe_profile)"

# Several probes in one event; removing one; appending a different one.
echo "p:kprobes/multi vfs_read" >> kprobe_events
echo "p:kprobes/multi vfs_write" >> kprobe_events
[ "$(grep -c ':kprobes/multi ' kprobe_events)" = 2 ] || fail "multi: $(cat kprobe_events)"
expect_reject kprobe_events "p:kprobes/multi vfs_write" 'File exists'
expect_reject kprobe_events "r:kprobes/multi ksys_read" 'File exists'
expect_reject kprobe_events "p:kprobes/multi ksys_read x=%ax" 'File exists'
echo 1 > events/kprobes/multi/enable
cat /proc/version > /dev/null
echo x > /dev/null
echo 0 > events/kprobes/multi/enable
grep -q ' multi: (vfs_read+0x0/' trace || fail "no vfs_read hit"
grep -q ' multi: (vfs_write+0x0/' trace || fail "no vfs_write hit"
echo "-:kprobes/multi vfs_read" >> kprobe_events
grep -qxF "p:kprobes/multi vfs_write" kprobe_events || fail "after -: one: $(cat kprobe_events)"
! grep -q 'multi vfs_read' kprobe_events || fail "vfs_read probe left"

# A filter on an argument.
echo "p:kprobes/flt vfs_read cnt=%dx:u64" >> kprobe_events
echo 'cnt == 3' > events/kprobes/flt/filter
echo > trace
echo 1 > events/kprobes/flt/enable
dd if=/proc/version of=/dev/null bs=3 count=1 2>/dev/null
dd if=/proc/version of=/dev/null bs=7 count=1 2>/dev/null
echo 0 > events/kprobes/flt/enable
grep -q ' flt: .* cnt=3$' trace || fail "filtered record missing: $(grep flt: trace | head -n 3)"
! grep ' flt: ' trace | grep -qv ' cnt=3$' ||
	fail "filter let through: $(grep flt: trace | head -n 3)"
echo 0 > events/kprobes/flt/filter

# dynamic_events: the same events; '!' removes; '-:' of any group.
grep -qxF "p:kprobes/multi vfs_write" dynamic_events || fail "dynamic_events: $(cat dynamic_events)"
echo "p:grp2/dyn vfs_read" >> dynamic_events
grep -qxF "p:grp2/dyn vfs_read" kprobe_events || fail "dynamic_events add: $(cat kprobe_events)"
echo "!p:grp2/dyn vfs_read" >> dynamic_events
! grep -q 'grp2/dyn' kprobe_events || fail "'!' did not remove"
echo "p vfs_read" >> dynamic_events
grep -qxF "p:kprobes/p_vfs_read_0 vfs_read" kprobe_events || fail "auto name: $(cat kprobe_events)"
echo "-:p_vfs_read_0" >> dynamic_events
: > dynamic_events
[ -z "$(cat kprobe_events)" ] || fail "dynamic_events O_TRUNC left: $(cat kprobe_events)"

# Refused definitions: errno, error_log position, nothing changed.
echo "p:kprobes/keep vfs_read" > kprobe_events
check_err() { # command-with-^ errno
	cmd=$(printf '%s' "$1" | tr -d '^')
	pos=$(printf '%s' "${1%%^*}" | wc -c)
	echo > error_log
	expect_reject kprobe_events "$cmd" "$2"
	grep -q 'trace_kprobe: error:' error_log || fail "no error_log entry for '$cmd'"
	n=$(tail -n 1 error_log | wc -c)
	[ "$n" -eq $((pos + 13)) ] ||
		fail "'$cmd': caret at $((n - 13)), want $pos: $(cat error_log)"
}
check_err 'p ^no_such_function_xyz' 'No such file or directory'
check_err 'p ^vfs_read-1' 'Invalid argument'
check_err 'r ^vfs_read+4' 'Invalid argument'
check_err 'p^5 vfs_read' 'Invalid argument'
check_err 'r^5000 vfs_read' 'Invalid argument'
check_err 'p:^/e vfs_read' 'Invalid argument'
check_err 'p:g/^e.1 vfs_read' 'Invalid argument'
check_err 'p vfs_read ^$retval' 'Invalid argument'
check_err 'p vfs_read ^%zz' 'Invalid argument'
check_err 'p vfs_read ^@no_such_symbol_xyz' 'Invalid argument'
check_err 'p vfs_read +0(+0(@0^)' 'Invalid argument'
check_err 'p vfs_read ^+0x(%di)' 'Invalid argument'
check_err 'p vfs_read %di:^u7' 'Invalid argument'
check_err 'p vfs_read %di:^string' 'Invalid argument'
check_err 'p vfs_read +0(%di):u8[^65]' 'Invalid argument'
check_err 'p vfs_read a=%di ^a=%si' 'Invalid argument'
check_err 'p vfs_read arg1=\"ab^' 'Invalid argument'
check_err 'p vfs_read ^$arg*' 'Invalid argument'
check_err 'p vfs_read^%hoge' 'Invalid argument'
check_err '^p:sched/sched_switch vfs_read' 'File exists'
[ "$(cat kprobe_events)" = "p:kprobes/keep vfs_read" ] || fail "list changed: $(cat kprobe_events)"
expect_reject kprobe_events "x:foo vfs_read" 'Invalid argument'
expect_reject kprobe_events "-:no_such_event" 'No such file or directory'
# A function kprobes refuse (their own code).
expect_reject kprobe_events "p exc_int3" 'Invalid argument'
echo > kprobe_events

# Many probes at once, enabled together and removed.
grep ' [tT] ' /proc/kallsyms | awk '{ print $3 }' | grep -v '\.' | grep '^vfs_' |
	head -n 20 | while read f; do echo "p $f" >> kprobe_events 2>/dev/null || true; done
[ "$(grep -c . kprobe_events)" -ge 10 ] || fail "few probes: $(cat kprobe_events)"
echo 1 > events/kprobes/enable
ls / > /dev/null
echo 0 > events/kprobes/enable
echo > kprobe_events
[ -z "$(cat kprobe_events)" ] || fail "left: $(cat kprobe_events)"

# perf counts and records a kprobe event by its tracepoint id, and
# libtraceevent formats its records from the format file.
if command -v perf > /dev/null; then
	echo "p:myp vfs_read cnt=%dx:u64" > kprobe_events
	n=$(perf stat -x, -e kprobes:myp -- dd if=/proc/version of=/dev/null bs=9 count=1 2>&1 |
		awk -F, '/kprobes:myp/ { print $1 }')
	[ "${n:-0}" -ge 1 ] || fail "perf stat counted '${n}'"
	perf record -q -e kprobes:myp -o /tmp/kp.data -- \
		dd if=/proc/version of=/dev/null bs=9 count=1 > /dev/null 2>&1 ||
		fail "perf record"
	perf script -i /tmp/kp.data 2>&1 | grep -q 'kprobes:myp: (ffffffff[0-9a-f]*) cnt=9$' ||
		fail "perf script: $(perf script -i /tmp/kp.data 2>&1 | head -n 3)"
	rm -f /tmp/kp.data
	echo > kprobe_events
fi

# perf probe: definitions at _text+OFFS (kallsyms, no debug info), a
# return probe, an argument, the listing and the removal.
if command -v perf > /dev/null; then
	export PAGER=cat
	perf probe -q -a vfs_read || fail "perf probe -a vfs_read"
	perf probe -q -a 'vfs_write%return' || fail "perf probe -a vfs_write%return"
	perf probe -q -a 'ksys_read fd=%di' || fail "perf probe -a ksys_read fd=%di"
	grep -q '^r:probe/vfs_write__return _text+[0-9]*$' kprobe_events ||
		fail "perf's return probe: $(cat kprobe_events)"
	l=$(perf --no-pager probe -l 2>&1)
	echo "$l" | grep -q 'probe:ksys_read .*(on ksys_read with fd)' || fail "perf probe -l: $l"
	n=$(perf stat -x, -e probe:ksys_read -- cat /proc/version 2>&1 |
		awk -F, '/probe:ksys_read/ { print $1 }')
	[ "${n:-0}" -ge 1 ] || fail "perf stat on perf probe's event counted '${n}'"
	perf probe -q -d 'probe:*' || fail "perf probe -d"
	[ -z "$(cat kprobe_events)" ] || fail "left after perf probe -d: $(cat kprobe_events)"
fi
