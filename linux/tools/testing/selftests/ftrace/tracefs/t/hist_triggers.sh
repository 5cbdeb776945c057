# SPDX-License-Identifier: GPL-2.0
# Hist triggers: the listing in its normal form (defaults written out, the
# size rounded up, modifiers kept), the hist file's tables as upstream
# prints them (header, one line an entry, totals), every key modifier,
# percent and graph values, sorting, several triggers on one event, named
# tables shared across events and instances, pause, cont and clear, the
# enable_hist and disable_hist triggers, O_TRUNC dropping the hist
# triggers alone, what is refused (errno, error_log, nothing changed),
# and an instance removed with its triggers on.
# limit: 180
E=events/sched/sched_process_fork
X=events/sched/sched_process_exit
[ -f $E/hist ] || skip "no hist files (CONFIG_HIST_TRIGGERS)"
: > $E/trigger
: > $X/trigger
echo > error_log
[ -z "$(cat $E/hist)" ] || fail "a hist file without a hist trigger: $(cat $E/hist)"
grep -q ' enable_hist disable_hist hist$' $E/trigger ||
	fail "available triggers: $(cat $E/trigger)"
forks() {
	for _i in $(seq "$1"); do sh -c true; done
}
# totals FILE: the Hits, Entries and Dropped of its first table.
totals() {
	sed -n 's/^    \(Hits\|Entries\|Dropped\): //p' "$1" | head -n 3 | tr '\n' ' '
}

# One trigger: its listing, and its table.
echo 'hist:keys=common_pid.execname:vals=child_pid' > $E/trigger
want='hist:keys=common_pid.execname:vals=hitcount,child_pid:sort=hitcount:size=2048 [active]'
[ "$(cat $E/trigger)" = "$want" ] || fail "listing: $(cat $E/trigger)"
forks 3
head -n 5 $E/hist > /tmp/hist.head
printf '# event histogram\n#\n# trigger info: %s\n#\n\n' "$want" | cmp -s - /tmp/hist.head ||
	fail "header: $(cat /tmp/hist.head)"
grep -Eq "^\{ common_pid: sh {14}\[ +$$\] \} hitcount: +[0-9]+  child_pid: +[0-9]+$" $E/hist ||
	fail "no entry of the shell ($$): $(cat $E/hist)"
tail -n 5 $E/hist | head -n 2 | grep -qx 'Totals:' ||
	fail "no blank line and Totals: $(tail -n 5 $E/hist)"
tail -n 3 $E/hist | grep -Eq '^    Hits: [0-9]+$' || fail "no Hits: $(tail -n 3 $E/hist)"
tail -n 1 $E/hist | grep -qx '    Dropped: 0' || fail "no Dropped: $(tail -n 1 $E/hist)"

# Listings in their normal form: each command, then its listing.
while read -r cmd && read -r want; do
	echo "$cmd" >> $E/trigger || fail "refused: $cmd"
	grep -qxF "$want" $E/trigger || fail "no '$want' in: $(cat $E/trigger)"
done <<'EOF'
hist:keys=parent_comm:vals=child_pid.hex:sort=child_pid.descending:size=100
hist:keys=parent_comm:vals=hitcount,child_pid.hex:sort=child_pid.hex.descending:size=128 [active]
hist:keys=parent_pid.hex,parent_comm:nohitcount:vals=child_pid
hist:keys=parent_pid.hex,parent_comm:vals=child_pid:sort=hitcount:size=2048:nohitcount [active]
hist:key=common_pid:val=child_pid.percent,hitcount.graph:size=256
hist:keys=common_pid:vals=hitcount,child_pid.percent,hitcount.graph:sort=hitcount:size=256 [active]
hist:keys=child_pid.log2,common_cpu:sort=common_cpu:pause
hist:keys=child_pid.log2,common_cpu:vals=hitcount:sort=common_cpu:size=2048 [paused]
hist:keys=common_timestamp.usecs:size=128
hist:keys=common_timestamp.usecs:vals=hitcount:sort=hitcount:size=128:clock=global [active]
hist:keys=child_pid.buckets=100:size=128
hist:keys=child_pid.buckets=100:vals=hitcount:sort=hitcount:size=128 [active]
hist:keys=child_pid:sort=child_pid.ascending if child_pid > 1
hist:keys=child_pid:vals=hitcount:sort=child_pid:size=2048 if child_pid > 1 [active]
EOF
[ "$(grep -c '^hist:' $E/trigger)" = 8 ] || fail "8 triggers: $(cat $E/trigger)"
forks 4
# A table for each trigger, in the listing's order, two blank lines apart.
[ "$(grep -c '^# event histogram$' $E/hist)" = 8 ] || fail "8 tables: $(cat $E/hist)"
sed -n 's/^# trigger info: //p' $E/hist > /tmp/hist.info
cmp -s /tmp/hist.info $E/trigger || fail "tables not in the listing's order"
grep -B3 '^# event histogram$' $E/hist | grep -q 'Dropped' ||
	fail "tables not two blank lines apart"
# String keys take 50 columns, hex keys none; hex values 10.
n='+[0-9]+'
grep -Eq "^\{ parent_comm: sh {48} \} hitcount: $n  child_pid: +[0-9a-f]+$" $E/hist ||
	fail "string key or hex value: $(grep parent_comm: $E/hist)"
grep -Eq "^\{ parent_pid: [0-9a-f]+, parent_comm: sh {48} \}  child_pid: $n$" $E/hist ||
	fail "nohitcount or hex key: $(grep 'parent_pid:' $E/hist | head -n 2)"
pct="child_pid \(%\): $n\.[0-9][0-9]"
grep -Eq "^\{ common_pid: $n \} hitcount: $n  $pct  hitcount: [# ]{20}$" $E/hist ||
	fail "percent or graph: $(grep 'common_pid: ' $E/hist | head -n 2)"
grep -q 'hitcount: ####################$' $E/hist || fail "no full bar: $(grep '#' $E/hist)"
grep -Eq "^\{ common_timestamp: $n \} hitcount: $n$" $E/hist ||
	fail "timestamp: $(grep 'common_timestamp: ' $E/hist | head -n 2)"
grep -Eq "^\{ child_pid: ~ [0-9]+-[0-9]+99 \} hitcount: $n$" $E/hist ||
	fail "buckets: $(grep 'child_pid: ~' $E/hist | head -n 2)"
# The paused one counted nothing.
t=$(grep -A100 'trigger info: hist:keys=child_pid.log2' $E/hist | totals /dev/stdin)
[ "$t" = '0 0 0 ' ] || fail "paused, yet counted: $t"
# Sorted ascending by child_pid.
grep -A1000 'trigger info: hist:keys=child_pid:' $E/hist |
	sed -n 's/^{ child_pid: *\([0-9]*\) }.*/\1/p' > /tmp/hist.pids
sort -n /tmp/hist.pids | cmp -s - /tmp/hist.pids || fail "not sorted: $(cat /tmp/hist.pids)"
[ -s /tmp/hist.pids ] || fail "no entry with child_pid > 1"

# pause, cont and clear act on the one they name, filter or not.
echo 'hist:keys=common_pid.execname:vals=child_pid:pause' >> $E/trigger
want='hist:keys=common_pid.execname:vals=hitcount,child_pid:sort=hitcount:size=2048 [paused]'
grep -qxF "$want" $E/trigger ||
	fail "pause: $(cat $E/trigger)"
t=$(totals $E/hist)
forks 2
[ "$(totals $E/hist)" = "$t" ] || fail "paused, yet counting: $t, then $(totals $E/hist)"
echo 'hist:keys=common_pid.execname:vals=child_pid:clear' >> $E/trigger
[ "$(totals $E/hist)" = '0 0 0 ' ] || fail "cleared: $(totals $E/hist)"
echo 'hist:keys=common_pid.execname:vals=child_pid:cont' >> $E/trigger
forks 2
[ "$(totals $E/hist)" != '0 0 0 ' ] || fail "continued, yet not counting"
expect_reject $E/trigger 'hist:keys=child_comm:cont' 'No such file or directory'
loc='hist:sched:sched_process_fork: error:'
grep -q "$loc Can't clear or continue a nonexistent hist trigger" error_log ||
	fail "error_log: $(cat error_log)"

# Refused: errno, error_log where upstream logs, nothing changed.
expect_reject $E/trigger 'hist:keys=common_pid.execname:vals=child_pid' 'File exists'
expect_reject $E/trigger 'hist:key=common_pid.execname:vals=hitcount,child_pid:size=4096' \
	'File exists'
for c in 'hist:keys=a,b,c,d' 'hist:keys=parent_pid,child_pid,parent_comm,child_comm' \
	 'hist:keys=parent_pid:vals=child_pid.sym' 'hist:keys=child_pid.execname' \
	 'hist:keys=parent_pid:size=64' 'hist:keys=parent_pid:size=300000' \
	 'hist:keys=parent_pid:size=abc' 'hist:vals=child_pid' 'hist:keys=parent_pid:junk' \
	 'hist:keys=parent_pid.junk' 'hist:keys=nosuch' 'hist:keys=parent_pid:sort=nosuch' \
	 'hist:keys=parent_pid:sort=parent_pid,child_pid,hitcount' 'hist:keys=' 'hist' \
	 'hist:keys=parent_pid:sort=parent_pid.junk' 'hist:keys=parent_pid.buckets=0' \
	 'hist:keys=parent_pid if nosuch == 1'; do
	expect_reject $E/trigger "$c" 'Invalid argument'
done
expect_reject $E/trigger 'hist:keys=common_pid:nohitcount' 'No such file or directory'
s3=parent_pid,child_pid,hitcount
for e in "Couldn't find field|hist:keys=nosuch|10" \
	 "Invalid field modifier|hist:keys=parent_pid.junk|21" \
	 "Sort field must be a key or a val|hist:keys=parent_pid:sort=nosuch|26" \
	 "Too many sort fields (Max = 2)|hist:keys=parent_pid:sort=$s3|21" \
	 "Empty assignment|hist:keys=|5" \
	 "Invalid sort modifier|hist:keys=parent_pid:sort=parent_pid.junk|37"; do
	msg=${e%%|*}
	rest=${e#*|}
	grep -A2 "$loc $msg" error_log | grep -qxF "  Command: ${rest%|*}" ||
		fail "error_log: no '$msg' for ${rest%|*}: $(cat error_log)"
	caret=$(grep -A1 -xF "  Command: ${rest%|*}" error_log | tail -n 1)
	[ "${#caret}" = $((11 + ${rest#*|} + 1)) ] ||
		fail "$msg: caret at ${#caret}: $(cat error_log)"
done
grep -q '^event filter parse error: error: Field not found$' error_log ||
	grep -q 'event filter parse error: error: Field not found' error_log ||
	fail "a trigger's bad filter is not in error_log: $(cat error_log)"

# Removal: by keys, values, sort and name, whatever the filter; nothing
# to remove is no error.
echo '!hist:keys=child_pid:sort=child_pid if child_pid > 100' >> $E/trigger
! grep -q '^hist:keys=child_pid:' $E/trigger || fail "not removed: $(cat $E/trigger)"
echo '!hist:keys=child_pid' >> $E/trigger || fail "removing nothing is refused"

# O_TRUNC takes the hist triggers, and them alone; an empty write is
# refused, as upstream's is.
expect_reject $E/trigger '' 'Invalid argument'
echo traceoff >> $E/trigger
echo 'hist:keys=child_pid' > $E/trigger
want='traceoff:unlimited
hist:keys=child_pid:vals=hitcount:sort=hitcount:size=2048 [active]'
[ "$(cat $E/trigger)" = "$want" ] || fail "after O_TRUNC: $(cat $E/trigger)"
echo '!traceoff' >> $E/trigger

# A named table, shared by two events and an instance, with their hits.
: > $E/trigger
echo 'hist:name=tfs:keys=common_pid' >> $E/trigger
echo 'hist:name=tfs:keys=common_pid' >> $X/trigger
expect_reject $X/trigger 'hist:name=tfs:keys=pid' 'Invalid argument'
grep -q "error: Named hist trigger doesn't match existing named trigger" error_log ||
	fail "error_log: $(cat error_log)"
mkdir instances/hist_t
echo 'hist:name=tfs:keys=common_pid' >> instances/hist_t/$E/trigger
echo 'hist:keys=common_pid' >> instances/hist_t/$X/trigger
forks 3
diff $E/hist $X/hist > /dev/null || fail "named tables differ: $(diff $E/hist $X/hist)"
cmp -s $E/hist instances/hist_t/$E/hist || fail "named table differs in the instance"
grep -q '^{ common_pid: ' instances/hist_t/$X/hist || fail "instance table empty"
rmdir instances/hist_t || fail "rmdir of an instance with hist triggers"
diff $E/hist $X/hist > /dev/null || fail "named tables differ after rmdir"

# enable_hist and disable_hist pause and continue another event's.
: > $X/trigger
: > $E/trigger
echo 'hist:keys=common_pid:pause' >> $E/trigger
echo 'enable_hist:sched:sched_process_fork' >> $X/trigger
expect_reject $X/trigger 'disable_hist:sched:sched_process_fork' 'File exists'
grep -qxF 'enable_hist:sched:sched_process_fork:unlimited' $X/trigger ||
	fail "listing: $(cat $X/trigger)"
forks 1
grep -q '\[active\]$' $E/trigger || fail "enable_hist: $(cat $E/trigger)"
echo '!enable_hist:sched:sched_process_fork' >> $X/trigger
echo 'disable_hist:sched:sched_process_fork:1' >> $X/trigger
forks 1
grep -q '\[paused\]$' $E/trigger || fail "disable_hist: $(cat $E/trigger)"
grep -qxF 'disable_hist:sched:sched_process_fork:count=0' $X/trigger ||
	fail "count: $(cat $X/trigger)"
: > $X/trigger
echo '!disable_hist:sched:sched_process_fork' >> $X/trigger

# Stack keys: the frames, one a line, then the brace.
echo 'hist:keys=common_stacktrace' > $E/trigger
forks 2
grep -q '^{ common_stacktrace:$' $E/hist || fail "stack key: $(head -n 20 $E/hist)"
grep -Eq '^         [a-z_].*\+0x[0-9a-f]+/0x[0-9a-f]+$' $E/hist ||
	fail "frames: $(head -n 20 $E/hist)"
grep -Eq '^\} hitcount: +[0-9]+$' $E/hist || fail "stack entry end: $(head -n 20 $E/hist)"
! grep -q 'trace_hist\|trace_ev_' $E/hist ||
	fail "tracing frames in the stack: $(head -n 20 $E/hist)"
: > $E/trigger

# An event's own field named cpu hides the alias of common_cpu; a named
# table refuses a key of its name laid out otherwise (string, number).
if [ -f kprobe_events ]; then
	KC=events/hist_t/kcpu
	KS=events/hist_t/kstr
	echo 'p:hist_t/kcpu do_sys_openat2 cpu=\1234:u32' > kprobe_events
	echo 'p:hist_t/kstr do_sys_openat2 cpu=+0(%si):ustring' >> kprobe_events
	echo 'hist:name=tfk:keys=cpu' > $KC/trigger
	cat /dev/null
	grep -Eq '^\{ cpu: +1234 \} hitcount: +[0-9]+$' $KC/hist ||
		fail "the field cpu: $(cat $KC/hist)"
	expect_reject $KS/trigger 'hist:name=tfk:keys=cpu' 'Invalid argument'
	[ -z "$(cat $KS/trigger | grep hist:)" ] || fail "kstr: $(cat $KS/trigger)"
	: > $KC/trigger
	echo > kprobe_events || fail "kprobe events left: $(cat kprobe_events)"
fi

# Symbols, syscalls, log2, where the events are there.
K=events/kmem/kmalloc
if [ -f $K/hist ]; then
	echo 'hist:keys=call_site.sym:vals=bytes_req' > $K/trigger
	echo 'hist:keys=call_site.sym-offset,bytes_req.log2' >> $K/trigger
	forks 2
	grep -Eq '^\{ call_site: \[[0-9a-f]+\] [A-Za-z_][A-Za-z0-9_.]* *\} hitcount' $K/hist ||
		fail "sym: $(grep call_site $K/hist | head -n 3)"
	sym='\[[0-9a-f]+\] [A-Za-z_][A-Za-z0-9_.]*\+0x[0-9a-f]+/0x[0-9a-f]+'
	grep -Eq "^\{ call_site: $sym *, bytes_req: ~ 2\^[0-9]" $K/hist ||
		fail "sym-offset or log2: $(grep call_site $K/hist | head -n 3)"
	: > $K/trigger
fi
S=events/raw_syscalls/sys_exit
if [ -f $S/hist ]; then
	echo 'hist:keys=id.syscall:sort=id' > $S/trigger
	forks 1
	grep -Eq '^\{ id: (sys_[a-z0-9_]+|unknown_syscall) +\[ *[0-9]+\] \} hitcount' $S/hist ||
		fail "syscall: $(grep '{ id' $S/hist | head -n 3)"
	: > $S/trigger
fi
[ -z "$(cat $E/hist $X/hist)" ] || fail "hist files left: $(cat $E/hist $X/hist)"
